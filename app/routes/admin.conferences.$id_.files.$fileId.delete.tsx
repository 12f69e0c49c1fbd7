import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { AttachmentReply } from "~/features/conferences/conference-attachments";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { requireIds } from "~/lib/params";
import { deleteConferenceFile, getConferenceFile } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { validateInput } from "~/server/forms.server";
import { acts, loads, reworded } from "~/server/answers.server";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

const FAILED = "Failed to delete file";
/** Who reads the answer: the dialog's background post (JSON), or the page itself (a redirect). */
const replyValidator = withZod(z.object({ reply: z.enum(["json", "page"]).catch("page") }));

function ids(params: { id?: string; fileId?: string }) {
  const { id: conferenceId, fileId } = requireIds(params, ["id", "fileId"], "File not found.");
  return { conferenceId, fileId };
}

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const { conferenceId, fileId } = ids(params);
  const file = await getConferenceFile(context, conferenceId, fileId);
  if (!file) throw new Response("File not found.", { status: 404 });
  return { conferenceId, name: file.originalName, photo: file.kind === "conference_photo", csrf: context.csrf.token() };
});

/** Deletes a file or photo; answers the dialog's background post with JSON, a plain post with a redirect. */
export const action = acts(FAILED, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const { conferenceId, fileId } = ids(params);
  const { reply } = (await validateInput(request, replyValidator)).data;
  const { photo } = await reworded(deleteConferenceFile(context, admin.id, conferenceId, fileId), { prefix: `${FAILED}: ` });
  if (reply === "json") return Response.json({ ok: true, done: photo ? "Photo deleted successfully" : "File deleted successfully" } satisfies AttachmentReply);
  return redirect(`/admin/conferences/${conferenceId}?done=${photo ? "photo-deleted" : "file-deleted"}`);
});

export default function AdminDeleteConferenceFile() {
  const { conferenceId, name, photo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title={photo ? "Delete photo" : "Delete file"} closeTo={`/admin/conferences/${conferenceId}`} button={photo ? "Delete photo" : "Delete file"}>
      <p>
        Delete <strong>{name}</strong>? It is removed from the conference page at once.
      </p>
    </ConfirmDelete>
  );
}
