/**
 * Sessions are rows in D1, referenced by an HttpOnly cookie whose random value is never stored:
 * the row's id is its SHA-256. A new id at every sign-in (no fixation); idle and absolute expiry;
 * logout deletes the row; suspending, deleting or resetting an account deletes all of its rows.
 * The cookie is `__Host-session` (Secure) over HTTPS and `session` on plain-HTTP localhost.
 */
import { and, count, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery, type PreparedCall, type PreparedResults } from "../../db/prepared.server";
import type { Database } from "../../db/client.server";
import { SESSION_KINDS, sessions, users } from "../../db/schema";
import type { HousekeepingTask } from "../housekeeping-task.server";
import { bearerToken, signApiToken, verifyApiToken } from "./api-token.server";
import { randomToken, sha256Hex } from "./crypto.server";

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** An API token unused this long ends, as an idle browser session does (its last use is written at most hourly). */
export const API_TOKEN_IDLE_MS = 30 * 24 * 3600_000;
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

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function sessionCookieValue(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const value = readCookie(request, cookieName(secure));
  return value && SECRET_SHAPE.test(value) ? value : null;
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

/** The database's clock in milliseconds, for a condition that cannot be given the request's `now` as a placeholder. */
const databaseNowMs = sql.raw("(cast(strftime('%s', 'now') as integer) * 1000)");

/**
 * The id of the user a session belongs to, as SQL, for a read that rides in the session's own
 * batch (`sessionReads`'s `readWith`) and so cannot be given the user's id: `sessionId` names the
 * session. The session's own statement in the same batch decides whether it counts, and the rows
 * read for one that does not are never used; the subquery holds to the same rule by itself (an
 * unexpired API token, or a browser session neither idle nor waiting for its second factor), so
 * that a read made for a session that no longer counts finds no user at all.
 */
export const sessionUserId = sql`(select s.user_id from sessions s where s.id = ${sql.placeholder("sessionId")} and s.expires_at > ${databaseNowMs} and (case when s.kind = 'api' then s.last_seen_at > ${databaseNowMs} - ${sql.raw(String(API_TOKEN_IDLE_MS))} else s.second_factor_pending = 0 and s.last_seen_at > ${databaseNowMs} - ${sql.raw(String(SESSION_IDLE_MS))} end))`;

/**
 * Whether the session `sessionId` names is a live administrator's (as `sessionUserId` counts it,
 * and the user active, not deleted, with the role), as SQL, for the office's reads that ride in
 * the session's batch: a read that holds itself to it finds nothing for anyone else. The console
 * still checks the role (and whether a second factor must first be set up) before it shows a row.
 */
export const sessionIsAdmin = sql`exists (select 1 from users u where u.id = ${sessionUserId} and u.role = 'admin' and u.status = 'active' and u.deleted_at is null)`;

/** The reads a page hands to the session's batch, and where their rows go. */
type Rider = { calls: readonly PreparedCall<unknown>[]; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };

export type SessionReads = {
  /** The visitor's browser session, or null; read once per request. */
  read(): Promise<CurrentSession | null>;
  /**
   * The session, and `calls` (made from the session's id) in the same D1 round trip; the calls'
   * rows only when there is a session. Once the session's batch has gone, the calls go in a
   * batch of their own after it.
   */
  readWith<const Calls extends readonly PreparedCall<unknown>[]>(calls: (sessionId: string) => Calls): Promise<{ session: CurrentSession | null; rows: PreparedResults<Calls> | null }>;
};

/**
 * The request's browser session, read once (decision 066). Read alone it is a D1 round trip of
 * its own before any of the page's reads, which need to know who asks; a page whose first reads
 * can name the user by the session instead (`sessionUserId`) or need no user at all hands them to
 * `readWith`, and they ride in the session's batch: one round trip for both. The read waits one
 * turn of the event loop before it goes, so that the loaders Remix starts together (the root's
 * and the page's) can all join it. Should the page's reads fail, the session is read again alone
 * and only they fail.
 */
export function sessionReads(db: Database, request: Request, waitUntil: (p: Promise<unknown>) => void, now = Date.now()): SessionReads {
  const value = sessionCookieValue(request);
  let id: Promise<string> | null = null;
  let session: Promise<CurrentSession | null> | null = null;
  let sent = false;
  const riders: Rider[] = [];
  const sessionCall = (sessionId: string) => browserSessionById({ id: sessionId, now, idleSince: now - SESSION_IDLE_MS });

  const readOnce = async (): Promise<CurrentSession | null> => {
    if (!value) return null;
    const sessionId = await (id ??= sha256Hex(value));
    await new Promise((resolve) => setTimeout(resolve, 0));
    sent = true;
    const calls = riders.flatMap((r) => r.calls);
    let row: SessionRow | undefined;
    try {
      const [[found], ...rest] = (await batchPrepared(db, [sessionCall(sessionId), ...calls])) as unknown as [SessionRow[], ...unknown[]];
      row = found;
      let at = 0;
      for (const r of riders) r.resolve(rest.slice(at, (at += r.calls.length)));
    } catch (error) {
      if (riders.length === 0) throw error;
      for (const r of riders) r.reject(error);
      [[row]] = await batchPrepared(db, [sessionCall(sessionId)]);
    }
    return sessionOf(db, row, sessionId, waitUntil, now);
  };
  const read = () => (session ??= readOnce());

  return {
    read,
    async readWith(make) {
      if (!value) return { session: null, rows: null };
      const sessionId = await (id ??= sha256Hex(value));
      // Rows only for a session that is signed in all the way: never for one still waiting for its
      // second factor, and the session is known before any read's failure can surface.
      const signedIn = (s: CurrentSession | null) => !!s && !s.secondFactorPending;
      if (sent) {
        const current = await read();
        return { session: current, rows: signedIn(current) ? await batchPrepared(db, make(sessionId)) : null };
      }
      const rows = new Promise<unknown[]>((resolve, reject) => riders.push({ calls: make(sessionId), resolve, reject }));
      // Rows nobody waits for (no session) must not reject unheard.
      rows.catch(() => {});
      const current = await read();
      return { session: current, rows: signedIn(current) ? ((await rows) as never) : null };
    },
  };
}

/**
 * The session an API call's bearer token names, or null: the token's signature and expiry are
 * checked first (api-token.server.ts), then its session row. Browser cookies never count here.
 */
export async function readApiSession(db: Database, request: Request, waitUntil: (p: Promise<unknown>) => void, tokenSecret: string, now = Date.now()) {
  return (await readApiSessionWith(db, request, waitUntil, tokenSecret, () => [] as const, now)).session;
}

/**
 * `readApiSession` with a call's first reads in the session's round trip, as `readWith` does for
 * pages: `calls` name the user by the session's id (`sessionUserId`); their rows come back only
 * for a live session. A token whose signature or expiry fails reads nothing at all.
 */
export async function readApiSessionWith<const Calls extends readonly PreparedCall<unknown>[]>(
  db: Database,
  request: Request,
  waitUntil: (p: Promise<unknown>) => void,
  tokenSecret: string,
  calls: (sessionId: string) => Calls,
  now = Date.now(),
): Promise<{ session: CurrentSession | null; rows: PreparedResults<Calls> | null }> {
  const token = bearerToken(request);
  const value = token ? await verifyApiToken(tokenSecret, token, now) : null;
  if (!value) return { session: null, rows: null };
  const id = await sha256Hex(value);
  const [[row], ...rows] = (await batchPrepared(db, [apiTokenById({ id, now, idleSince: now - API_TOKEN_IDLE_MS }), ...calls(id)])) as unknown as [SessionRow[], ...unknown[]];
  const session = sessionOf(db, row, id, waitUntil, now);
  return { session, rows: session ? (rows as unknown as PreparedResults<Calls>) : null };
}

/** An API token's secret lives this long at most; it is shown once and can be revoked like any session. */
export const API_TOKEN_MS = 90 * 24 * 3600_000;

/**
 * Issues a bearer token for the JSON API: a session row of kind 'api', and the signed token that
 * carries its secret (shown once, never stored).
 */
export async function createApiToken(
  db: Database,
  request: Request,
  user: Pick<SessionUser, "id" | "username" | "email" | "role">,
  label: string,
  tokenSecret: string,
  now = Date.now(),
) {
  const value = randomToken(32);
  // Whole seconds, as the token's `exp` states it.
  const expiresAt = new Date(Math.floor((now + API_TOKEN_MS) / 1000) * 1000);
  await db.insert(sessions).values({
    id: await sha256Hex(value),
    userId: user.id,
    kind: "api",
    label: label.slice(0, 100),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt,
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    ipAddress: clientAddress(request),
  });
  const claims = { sub: String(user.id), username: user.username, email: user.email, role: user.role, iat: Math.floor(now / 1000), exp: Math.floor(expiresAt.getTime() / 1000), jti: value };
  return { token: await signApiToken(tokenSecret, claims), expiresAt };
}

/**
 * A live session of `kind` with its active user (the condition every signed-in request meets).
 * Times are given in milliseconds, as the columns store them: drizzle fills a placeholder as given,
 * without the column's conversion of a Date.
 */
const liveSession = (db: Database, kind: (typeof SESSION_KINDS)[number]) =>
  db
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
        eq(sessions.id, sql.placeholder("id")),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, sql.placeholder("now")),
        // Either ends when idle: a browser session after SESSION_IDLE_MS, an API token after API_TOKEN_IDLE_MS.
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
        eq(users.status, "active"),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
const browserSessionById = preparedQuery((db) => liveSession(db, "browser"), placeholders<{ id: string; now: number; idleSince: number }>());
const apiTokenById = preparedQuery((db) => liveSession(db, "api"), placeholders<{ id: string; now: number; idleSince: number }>());
type SessionRow = PreparedResults<[ReturnType<typeof browserSessionById>]>[0][number];

/** The session a live row makes (its last use written at most hourly), or null for none. */
function sessionOf(db: Database, row: SessionRow | undefined, id: string, waitUntil: (p: Promise<unknown>) => void, now: number): CurrentSession | null {
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

/** The live sessions of an account (signed-in browsers, API tokens), most recently used first. */
export function listUserSessions(db: Database, userId: number, now = Date.now()) {
  return db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      label: sessions.label,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastSeenAt))
    .all();
}

/** How many live sessions an account has (the count of `listUserSessions`). */
export async function countUserSessions(db: Database, userId: number, now = Date.now()) {
  const row = await db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), live(now))).get();
  return row?.n ?? 0;
}

/** A session that still works: not expired, a browser's not idle too long nor waiting for its second factor. */
function live(now: number) {
  return and(
    gt(sessions.expiresAt, new Date(now)),
    or(
      and(eq(sessions.kind, "api"), gt(sessions.lastSeenAt, new Date(now - API_TOKEN_IDLE_MS))),
      and(eq(sessions.kind, "browser"), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)), eq(sessions.secondFactorPending, false)),
    ),
  );
}

/** Ends one session of the account (its owner's "sign out" beside it); false if it was not theirs or is gone. */
export async function endSessionOf(db: Database, userId: number, sessionId: string) {
  const result = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).run();
  return result.meta.changes > 0;
}

/** Ends every session of the account but `keepId` (the one asking): a statement, to run or batch. */
export function endOtherSessions(db: Database, userId: number, keepId: string) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}

/** Ends every session of an account (suspension, deletion, password reset); `when`: a condition it acts under. */
export function revokeUserSessions(db: Database, userId: number, when?: SQL) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), when));
}

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

export const sessionHousekeeping: HousekeepingTask = {
  name: "sessions: drop expired",
  run: ({ db }, now) => db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
};
