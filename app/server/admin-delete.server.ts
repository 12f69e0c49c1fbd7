import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { acts, reworded } from "./answers.server";
import { requireAdmin } from "./auth/guards.server";
import type { SessionUser } from "./auth/session.server";

/**
 * The action behind every console confirmation page ("Delete …?"): an administrator only, the
 * record named by the URL, the model's deletion with its audit entry, then back to the list.
 * A refusal answers with its status and message (after `refusalPrefix`); a fault is answered
 * 503 with `failure` (`acts`).
 */
export function confirmedDeletion<Id>(o: {
  /** The record from the URL's parameters; throws a 404 when they name none. */
  id: (params: ActionFunctionArgs["params"]) => Id;
  remove: (admin: SessionUser, id: Id, context: ActionFunctionArgs["context"]) => Promise<unknown>;
  /** Where the office lands afterwards. */
  done: (request: Request, id: Id) => string;
  failure: string;
  /** Words before a refusal's own message ("Failed to delete conference: …"). */
  refusalPrefix?: string;
}) {
  return acts(o.failure, async ({ request, params, context }: ActionFunctionArgs) => {
    const admin = await requireAdmin(context, request);
    const id = o.id(params);
    await reworded(o.remove(admin, id, context), { prefix: o.refusalPrefix });
    return redirect(o.done(request, id));
  });
}
