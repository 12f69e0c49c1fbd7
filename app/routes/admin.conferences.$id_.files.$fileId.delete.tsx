import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { AttachmentReply } from "~/features/conferences/conference-attachments";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { requireIds } from "~/lib/params";
import { deleteConferenceFile, getConferenceFile } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { attempt } from "~/server/errors.server";
import { readForm } from "~/server/forms.server";

function ids(params: { id?: string; fileId?: string }) {
  const { id: conferenceId, fileId } = requireIds(params, ["id", "fileId"], "File not found.");
  return { conferenceId, fileId };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const { conferenceId, fileId } = ids(params);
  const file = await getConferenceFile(context, conferenceId, fileId);
  if (!file) throw new Response("File not found.", { status: 404 });
  return { conferenceId, name: file.originalName, photo: file.kind === "conference_photo", csrf: context.csrf.token() };
}

/** Deletes a file or photo; answers the dialog's background post with JSON, a plain post with a redirect. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const { conferenceId, fileId } = ids(params);
  const json = (await readForm(request)).get("reply") === "json";
  let photo = false;
  const refused = await attempt("admin conferences: deleting a file", "Failed to delete file", async () => {
    ({ photo } = await deleteConferenceFile(context, admin.id, conferenceId, fileId));
  });
  if (!refused) {
    if (json) return Response.json({ ok: true, message: photo ? "Photo deleted successfully" : "File deleted successfully" } satisfies AttachmentReply);
    return redirect(`/admin/conferences/${conferenceId}?done=${photo ? "photo-deleted" : "file-deleted"}`);
  }
  // Only a fault needs the file's kind again, for its message.
  const kind = refused.expected ? null : (await getConferenceFile(context, conferenceId, fileId).catch(() => null))?.kind;
  const failed = kind === "conference_photo" ? "Failed to delete photo" : "Failed to delete file";
  const message = refused.expected ? `${failed}: ${refused.message}` : failed;
  return Response.json(json ? ({ ok: false, message } satisfies AttachmentReply) : { error: message }, { status: refused.status });
}

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
