/**
 * Who may see what, decided on the server in every loader and action (spec-decisions: routes).
 * Visitors are sent to /login?redirectTo=…; signed-in users without the role get a 403.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { AppEnv } from "../env.server";
import type { PreparedCall } from "../../db/prepared.server";
import type { CurrentSession, SessionUser } from "./session.server";

/** Only a path on this site: "/x" but never "//host" or "/\\host" (open redirects). */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  if (value.length > 1000 || /[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

export function loginUrl(request: Request) {
  const url = new URL(request.url);
  // A client navigation asks for `/path.data?_routes=…`: the way back is the page, `/path`.
  url.searchParams.delete("_routes");
  const page = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const here = page + url.search;
  return `/login?redirectTo=${encodeURIComponent(here)}`;
}

/** The signed-in session (second factor done), or a redirect to login. */
export async function requireSession(context: AppLoadContext, request: Request): Promise<CurrentSession> {
  const session = await context.session();
  if (!session || session.secondFactorPending) throw redirect(loginUrl(request));
  return session;
}

export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  return (await requireSession(context, request)).user;
}

/**
 * `requireUser` with the page's first reads in the session's round trip (decision 066): `calls`
 * name the user by the session's id (`sessionUserId`) or need none. Their rows come back only
 * for a signed-in user; a visitor is sent to sign in as by `requireUser`.
 */
export async function requireUserWith<const Calls extends readonly PreparedCall<unknown>[]>(context: AppLoadContext, request: Request, calls: (sessionId: string) => Calls) {
  const { session, rows } = await context.sessionWith(calls);
  if (!session || session.secondFactorPending || !rows) throw redirect(loginUrl(request));
  return { user: session.user, rows };
}

/** Where an administrator who must still set up a second factor is sent before the console opens. */
export const ADMIN_ENROLMENT_PATH = "/profile/two-factor?for=console";

/** Whether this account must use two-factor sign-in: an administrator, where ADMIN_TWO_FACTOR=required. */
export function secondFactorRequired(user: Pick<SessionUser, "role">, env: Pick<AppEnv, "ADMIN_TWO_FACTOR">) {
  return user.role === "admin" && env.ADMIN_TWO_FACTOR === "required";
}

/** An administrator who may not act as one until two-factor sign-in is on. */
export function mustEnrolSecondFactor(user: Pick<SessionUser, "role" | "totpEnabled">, env: Pick<AppEnv, "ADMIN_TWO_FACTOR">) {
  return secondFactorRequired(user, env) && !user.totpEnabled;
}

/** Whether this user acts as an administrator now: the role, and the second factor where the site requires it. */
export function actsAsAdmin(user: Pick<SessionUser, "role" | "totpEnabled">, env: Pick<AppEnv, "ADMIN_TWO_FACTOR">) {
  return user.role === "admin" && !mustEnrolSecondFactor(user, env);
}

export async function requireAdmin(context: AppLoadContext, request: Request): Promise<SessionUser> {
  return adminOnly(context, await requireUser(context, request));
}

/**
 * `requireAdmin` with the page's first reads in the session's round trip, as `requireUserWith`.
 * Those reads run before anyone knows who asks, and their rows are used only once the role is
 * checked here. A read of confidential records, or one whose work depends on what is asked, must
 * hold itself to an administrator's session in SQL (`sessionIsAdmin`): for anyone else it then
 * reads nothing, and its time tells nothing.
 */
export async function requireAdminWith<const Calls extends readonly PreparedCall<unknown>[]>(context: AppLoadContext, request: Request, calls: (sessionId: string) => Calls) {
  const { user, rows } = await requireUserWith(context, request, calls);
  return { user: adminOnly(context, user), rows };
}

function adminOnly(context: AppLoadContext, user: SessionUser): SessionUser {
  if (user.role !== "admin") {
    throw new Response("You do not have permission to open the administration console.", { status: 403 });
  }
  if (mustEnrolSecondFactor(user, context.env)) throw redirect(ADMIN_ENROLMENT_PATH);
  return user;
}

/** The signed-in user or null; a session still waiting for its second factor does not count. */
export async function optionalUser(context: AppLoadContext): Promise<SessionUser | null> {
  const session = await context.session();
  return session && !session.secondFactorPending ? session.user : null;
}

export function homeFor(user: Pick<SessionUser, "role">) {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
}

/** The user menu's label: first and last name, else username, else e-mail. */
export function displayName(user: Pick<SessionUser, "firstName" | "lastName" | "username" | "email">) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username || user.email;
}
