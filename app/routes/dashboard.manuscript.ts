import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MANUSCRIPT_FIELD, refuseOversizeBody, uploadManuscript } from "~/features/submissions/submission.server";
import { acts } from "~/server/answers.server";
import { requireUser } from "~/server/auth/guards.server";
import { postedFiles, readInput } from "~/server/forms.server";

/**
 * The wizard's upload with JavaScript (a request that reports the bytes sent): the same upload
 * as step 2's form post, answered `{ ok }`, or refused `{ message, fieldErrors }` with its status.
 */
export const action = acts("The file could not be stored. Please try again.", async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  refuseOversizeBody(request);
  const { form } = await readInput(request);
  const [file] = postedFiles(form, MANUSCRIPT_FIELD);
  await uploadManuscript(context, user, file ?? null);
  return Response.json({ ok: true });
});

export const loader = () => new Response("Not found.", { status: 404 });
