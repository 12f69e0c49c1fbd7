import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { asAuthor, DECIDED, deletePaper, NOT_YOURS, paperForDeletion } from "~/features/papers/papers.server";
import { SUBMISSION_MESSAGES } from "~/features/submissions/submission-form";
import { requireIds } from "~/lib/params";
import { requireUser } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";

const NOT_FOUND = "Submission not found.";

/** The confirmation (a dialog over My Submissions; a section of the page without JavaScript). */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], NOT_FOUND);
  const paper = await paperForDeletion(context, asAuthor(user), id);
  if (!paper) throw new Response(NOT_FOUND, { status: 404 });
  const refusal = !paper.isSubmitter ? NOT_YOURS : paper.status !== "under_review" ? DECIDED : null;
  return { title: paper.title, refusal, csrf: context.csrf.token() };
});

/** Only the submitter, only under review: the model enforces both (403, 409), whatever the page showed. */
export const action = acts(SUBMISSION_MESSAGES.deleteFailed, async ({ request, params, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], NOT_FOUND);
  await deletePaper(context, asAuthor(user), id);
  return redirect("/dashboard?tab=submissions&done=deleted");
});

export default function DeleteSubmission() {
  const { title, refusal } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete submission" closeTo="/dashboard?tab=submissions" button="Delete" disabled={refusal !== null}>
      {refusal ? (
        <p>{refusal}</p>
      ) : (
        <p>
          Delete <strong>{title}</strong> and its manuscript? {SUBMISSION_MESSAGES.deleteConfirm}.
        </p>
      )}
    </ConfirmDelete>
  );
}
