import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { WizardAnswer } from "~/features/submissions/submission-form";
import { attemptUpload, oversizeBody } from "~/features/submissions/submission.server";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/forms.server";

/**
 * The wizard's upload with JavaScript (a request that reports the bytes sent): the same upload
 * as step 2's form post, answered in JSON, `{ ok }` or `{ uploadError }` with its status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const tooLarge = oversizeBody(request);
  if (tooLarge) return Response.json({ uploadError: tooLarge } satisfies WizardAnswer, { status: 413 });
  const refused = await attemptUpload(context, user, (await readForm(request)).get("manuscript"));
  if (refused) return Response.json({ uploadError: refused.uploadError } satisfies WizardAnswer, { status: refused.status, headers: refused.headers });
  return Response.json({ ok: true } satisfies WizardAnswer);
}

export const loader = () => new Response("Not found.", { status: 404 });
