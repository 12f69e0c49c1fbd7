import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "./auth/guards.server";
import type { SessionUser } from "./auth/session.server";
import { attempt } from "./errors.server";

/**
 * The action behind every console confirmation page ("Delete …?"): an administrator only, the
 * record named by the URL, the model's deletion with its audit entry, then back to the list.
 * A refusal answers with its status and message; a fault is logged and answered 503 with `failure`.
 */
export async function confirmedDeletion<Id>(
  { request, params, context }: ActionFunctionArgs,
  o: {
    /** The record from the URL's parameters; throws a 404 Response when they name none. */
    id: (params: ActionFunctionArgs["params"]) => Id;
    remove: (admin: SessionUser, id: Id) => Promise<unknown>;
    /** Where the office lands afterwards. */
    done: (request: Request, id: Id) => string;
    where: string;
    failure: string;
    /** Words before a refusal's own message ("Failed to delete conference: …"). */
    refusalPrefix?: string;
  },
) {
  const admin = await requireAdmin(context, request);
  const id = o.id(params);
  const refused = await attempt(o.where, o.failure, () => o.remove(admin, id));
  if (!refused) return redirect(o.done(request, id));
  const message = refused.expected && o.refusalPrefix ? `${o.refusalPrefix}${refused.message}` : refused.message;
  return Response.json({ error: message }, { status: refused.status });
}
