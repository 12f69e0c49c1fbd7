/**
 * Sessions are rows in D1, referenced by an HttpOnly cookie whose random value is never stored:
 * the row's id is its SHA-256. A new id at every sign-in (no fixation); idle and absolute expiry;
 * logout deletes the row; suspending, deleting or resetting an account deletes all of its rows.
 * The cookie is `__Host-session` (Secure) over HTTPS and `session` on plain-HTTP localhost.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { sessions, users } from "../../db/schema";
import { randomToken, sha256Hex } from "./crypto.server";

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** A sign-in waiting for its authenticator code lasts this long. */
export const SECOND_FACTOR_WINDOW_MS = 10 * 60_000;
/** lastSeenAt is written at most this often, so browsing does not write on every request. */
const TOUCH_EVERY_MS = 60 * 60_000;

export type SessionUser = {
  id: number;
  email: string;
  username: string;
  role: (typeof users.$inferSelect)["role"];
  firstName: string;
  lastName: string;
  memberUntil: string | null;
  totpEnabled: boolean;
};

export type CurrentSession = { id: string; user: SessionUser; secondFactorPending: boolean };

function cookieName(secure: boolean) {
  return secure ? "__Host-session" : "session";
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function sessionCookieValue(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const value = readCookie(request, cookieName(secure));
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

function serialize(request: Request, value: string, maxAgeSeconds: number) {
  const secure = new URL(request.url).protocol === "https:";
  const parts = [`${cookieName(secure)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(request: Request) {
  return serialize(request, "", 0);
}

/** Starts a session for a user who proved who they are; returns the Set-Cookie header. */
export async function createSession(
  db: Database,
  request: Request,
  userId: number,
  opts: { secondFactorPending?: boolean; now?: number } = {},
): Promise<string> {
  const now = opts.now ?? Date.now();
  const value = randomToken(32);
  const pending = opts.secondFactorPending ?? false;
  const expiresAt = now + (pending ? SECOND_FACTOR_WINDOW_MS : SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    id: await sha256Hex(value),
    userId,
    secondFactorPending: pending,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(expiresAt),
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    ipAddress: clientAddress(request),
  });
  return serialize(request, value, Math.floor((expiresAt - now) / 1000));
}

/** Promotes a session whose second factor was just proven: a fresh id, full lifetime. */
export async function completeSecondFactor(db: Database, request: Request, session: CurrentSession): Promise<string> {
  await db.delete(sessions).where(eq(sessions.id, session.id));
  return createSession(db, request, session.user.id);
}

/** The visitor's session, or null: one D1 query joining the session and its active user. */
export async function readSession(
  db: Database,
  request: Request,
  waitUntil: (p: Promise<unknown>) => void,
  now = Date.now(),
): Promise<CurrentSession | null> {
  const value = sessionCookieValue(request);
  if (!value) return null;
  const id = await sha256Hex(value);
  const row = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      secondFactorPending: sessions.secondFactorPending,
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      memberUntil: users.memberUntil,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        eq(users.status, "active"),
        isNull(users.deletedAt),
      ),
    )
    .get();
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    waitUntil(db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id)).run());
  }
  const { lastSeenAt: _seen, secondFactorPending, totpEnabledAt, ...user } = row;
  return { id, secondFactorPending, user: { ...user, totpEnabled: totpEnabledAt !== null } };
}

export async function destroySession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (suspension, deletion, password reset). */
export function revokeUserSessions(db: Database, userId: number) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
