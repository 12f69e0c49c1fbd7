import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { fileTooLarge, MAX_MANUSCRIPT_BYTES } from "~/features/submissions/submission-form";
import { uploadManuscript } from "~/features/submissions/submission.server";
import { UploadRejected } from "~/models/uploads.server";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/forms.server";

/**
 * The wizard's upload with JavaScript (a request that reports the bytes sent): the same upload
 * as step 2's form post, answered in JSON, `{ ok }` or `{ uploadError }` with its status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_MANUSCRIPT_BYTES + 1_048_576) return Response.json({ uploadError: fileTooLarge(length) }, { status: 413 });
  const form = await readForm(request);
  const file = form.get("manuscript");
  try {
    const done = await uploadManuscript(context, user, typeof file === "object" && file !== null ? (file as File) : null);
    return Response.json({ ok: true, ...done });
  } catch (error) {
    if (error instanceof UploadRejected) return Response.json({ uploadError: error.message }, { status: 422 });
    console.error("submission: upload failed", error);
    return Response.json({ uploadError: "The file could not be stored. Please try again." }, { status: 503 });
  }
}

export const loader = () => new Response("Not found.", { status: 404 });
