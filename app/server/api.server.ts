/**
 * The JSON API's side of the request policy (decision 026): bearer tokens only, JSON errors.
 * Routes under /api call `requireApiUser` (or `requireApiAdmin`) first; the Worker has already
 * removed any cookie from the request, so a browser session can never authenticate a call.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mustEnrolSecondFactor } from "./auth/guards.server";
import { readApiSession, type SessionUser } from "./auth/session.server";

/** The API's error body: `{ message, fieldErrors? }`, never cached. */
export function apiError(status: number, message: string, fieldErrors?: Record<string, string>, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.set("Cache-Control", "no-store");
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, { status, headers: h });
}

export const API_UNAUTHORISED = "Sign in again: the access token is missing, expired or revoked.";

export async function requireApiUser(context: Pick<AppLoadContext, "db" | "waitUntil">, request: Request): Promise<SessionUser> {
  const session = await readApiSession(context.db, request, context.waitUntil);
  if (!session) throw apiError(401, API_UNAUTHORISED, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
  return session.user;
}

export async function requireApiAdmin(context: Pick<AppLoadContext, "db" | "waitUntil" | "env">, request: Request): Promise<SessionUser> {
  const user = await requireApiUser(context, request);
  if (user.role !== "admin") throw apiError(403, "This call is for administrators.");
  if (mustEnrolSecondFactor(user, context.env)) throw apiError(403, "Administrators must turn on two-factor sign-in first (Profile, Two-factor sign-in).");
  return user;
}
