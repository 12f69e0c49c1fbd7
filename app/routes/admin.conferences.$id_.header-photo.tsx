import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AttachmentReply } from "~/features/conferences/conference-attachments";
import { parseId } from "~/lib/params";
import { setHeaderPhoto } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { attempt } from "~/server/errors.server";
import { validateForm } from "~/server/forms.server";
import { headerPhotoSchema } from "~/features/conferences/conference-form";
import { withZod } from "@remix-validated-form/with-zod";

const validator = withZod(headerPhotoSchema);

/** Nothing to show here: the header photo is chosen in the conference's Files & Photos tab. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("Conference not found.", { status: 404 });
  return redirect(`/admin/conferences/${id}`);
}

/** Sets (`fileId`) or clears (empty `fileId`) the header photo; JSON for the background post, a redirect otherwise. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("Conference not found.", { status: 404 });
  const checked = await validateForm(request, validator);
  const json = checked.form.get("reply") === "json";
  const answer = (ok: boolean, status: number, detail?: string) =>
    json
      ? Response.json({ ok, message: ok ? "Header photo set successfully" : `Failed to set header photo${detail ? `: ${detail}` : ""}` } satisfies AttachmentReply, { status })
      : redirect(`/admin/conferences/${id}?done=${ok ? "header" : "header-failed"}`);
  if (!checked.ok) return answer(false, 400, "choose one of the conference's photos.");
  const fileId = checked.data.fileId === "" ? null : checked.data.fileId;
  const refused = await attempt("admin conferences: setting the header photo", "", () => setHeaderPhoto(context, admin.id, id, fileId));
  return refused ? answer(false, refused.status, refused.expected ? refused.message : undefined) : answer(true, 200);
}
