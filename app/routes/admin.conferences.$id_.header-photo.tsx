import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { AttachmentReply } from "~/features/conferences/conference-attachments";
import { parseId } from "~/lib/params";
import { setHeaderPhoto } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors.server";
import { validateInput } from "~/server/forms.server";
import { acts, reworded } from "~/server/answers.server";
import { Link, useLocation } from "@remix-run/react";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { headerPhotoSchema } from "~/features/conferences/conference-form";
import { withZod } from "@remix-validated-form/with-zod";

const validator = withZod(headerPhotoSchema);

const FAILED = "Failed to set header photo";

/**
 * Sets (`fileId`) or clears (empty `fileId`) the header photo; JSON for the background post, a
 * redirect otherwise. A refusal without JavaScript is this route's page, with the way back.
 */
export const action = acts(FAILED, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw notFound("Conference not found.");
  const { data } = await validateInput(request, validator, { message: `${FAILED}: choose one of the conference's photos.` });
  await reworded(setHeaderPhoto(context, admin.id, id, data.fileId === "" ? null : data.fileId), { prefix: `${FAILED}: ` });
  if (data.reply === "json") return Response.json({ ok: true, done: "Header photo set successfully" } satisfies AttachmentReply);
  return redirect(`/admin/conferences/${id}?done=header`);
});

/**
 * The page after a refused choice without JavaScript: the reason and the way back. The header
 * photo is chosen in the conference's Files & Photos tab; opened directly, this page says so.
 */
export default function HeaderPhotoRefused() {
  const refusal = useRefusal();
  const { pathname } = useLocation();
  return (
    <section aria-label="Header photo">
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : <p>The header photo is chosen in the conference's Files &amp; Photos tab.</p>}
      <p>
        <Link to={pathname.replace(/\/header-photo$/, "")}>Back to the conference</Link>
      </p>
    </section>
  );
}
