import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { FormMessage } from "~/components/form/messages";
import { listPath } from "~/lib/list-href";
import { parseId, requireIds } from "~/lib/params";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { deleteConference, dependantsMessage, loadConferenceForEdit } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const c = id === null ? null : await loadConferenceForEdit(context, id);
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return {
    title: c.values.title,
    attachments: c.files.length + c.photos.length,
    refusal: dependantsMessage(c.papers, c.registrations) || null,
    csrf: context.csrf.token(),
  };
});

export const action = confirmedDeletion({
  id: (params) => requireIds(params, ["id"], "Conference not found.").id,
  remove: (admin, id, context) => deleteConference(context, admin.id, id),
  done: (request) => listPath("/admin/conferences", new URL(request.url).search, "deleted"),
  failure: "Failed to delete conference",
  refusalPrefix: "Failed to delete conference: ",
});

export default function AdminDeleteConference() {
  const { title, attachments, refusal } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = listPath("/admin/conferences", search);
  return (
    <ConfirmDelete title="Delete conference" closeTo={closeTo} button="Delete conference" disabled={Boolean(refusal)}>
      {refusal ? (
        <FormMessage tone="error">{refusal}</FormMessage>
      ) : (
        <p>
          Delete <strong>{title}</strong>
          {`${attachments ? ` with its ${attachments === 1 ? "file" : `${attachments} files and photos`}` : ""}? This cannot be undone.`}
        </p>
      )}
    </ConfirmDelete>
  );
}
