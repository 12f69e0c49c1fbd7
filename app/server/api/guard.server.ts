/**
 * The JSON API's side of the request policy (decisions 026, 068): who a call's bearer token names,
 * and the JSON refusal. A call's contract (`call.server.ts`) asks for the session its access
 * needs; the Worker has already removed any cookie from an api-class request, so a browser
 * session can never authenticate a call.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mustEnrolSecondFactor } from "../auth/guards.server";
import type { PreparedCall } from "~/db/prepared.server";
import { readApiSession, readApiSessionWith, type CurrentSession } from "../auth/session.server";

/** The API's error body: `{ message, fieldErrors? }`, never cached. */
export function apiError(status: number, message: string, fieldErrors?: Record<string, string>, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.set("Cache-Control", "no-store");
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, { status, headers: h });
}

export const API_UNAUTHORISED = "Sign in again: the access token is missing, expired or revoked.";

/** The live session a call's bearer token names; 401 without one. */
export async function requireApiSession(context: Pick<AppLoadContext, "db" | "waitUntil" | "env">, request: Request): Promise<CurrentSession> {
  const session = await readApiSession(context.db, request, context.waitUntil, context.env.SESSION_SECRET);
  if (!session) throw apiError(401, API_UNAUTHORISED, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
  return session;
}

/** `requireApiSession` with `calls` in the session's round trip (`readApiSessionWith`): their rows for a live session. */
export async function requireApiSessionWith<const Calls extends readonly PreparedCall<unknown>[]>(context: Pick<AppLoadContext, "db" | "waitUntil" | "env">, request: Request, calls: (sessionId: string) => Calls) {
  const { session, rows } = await readApiSessionWith(context.db, request, context.waitUntil, context.env.SESSION_SECRET, calls);
  if (!session || !rows) throw apiError(401, API_UNAUTHORISED, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
  return { session, rows };
}


export const API_ADMINS_ONLY = "This call is for administrators.";

/** An administrator's session (two-factor sign-in turned on where the site requires it); 403 for anyone else. */
export async function requireApiAdminSession(context: Pick<AppLoadContext, "db" | "waitUntil" | "env">, request: Request): Promise<CurrentSession> {
  const session = await requireApiSession(context, request);
  if (session.user.role !== "admin") throw apiError(403, API_ADMINS_ONLY);
  if (mustEnrolSecondFactor(session.user, context.env)) throw apiError(403, "Administrators must turn on two-factor sign-in first (Profile, Two-factor sign-in).");
  return session;
}

