import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { asAdmin, deletePaper, getPaper } from "~/features/papers/papers.server";
import { listPath } from "~/lib/list-href";
import { parseId, requireIds } from "~/lib/params";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  const paper = id === null ? null : await getPaper(context, asAdmin(admin), id);
  if (!paper) throw notFound("Paper not found.");
  return { number: paper.number, title: paper.title, files: paper.files.length, csrf: context.csrf.token() };
});

export const action = confirmedDeletion({
  id: (params) => requireIds(params, ["id"], "Paper not found.").id,
  remove: (admin, id, context) => deletePaper(context, asAdmin(admin), id),
  done: (request) => listPath("/admin/papers", new URL(request.url).search, "deleted"),
  failure: "Failed to delete paper. Please try again.",
});

/** Deleting a paper is irreversible: its authors, its files in storage and its staged decision go with it. */
export default function DeletePaper() {
  const { number, title, files } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDelete title="Delete paper" closeTo={listPath("/admin/papers", search)} button="Delete paper">
      <p>
        Delete <strong>{number}</strong> “{title}”? This action cannot be undone: the paper, its authors and its {files} stored file(s) are removed. No e-mail is sent.
      </p>
    </ConfirmDelete>
  );
}
