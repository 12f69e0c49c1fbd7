/**
 * Single-use e-mail tokens (activation, password reset): 256 random bits, stored only as a
 * SHA-256, used up in the same batch as the change they authorise (`tokenUse`), so two clicks
 * cannot both succeed and a change that fails leaves the link working.
 */
import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { BatchItem } from "drizzle-orm/batch";
import { authTokens, type PendingRegistration, TOKEN_PURPOSES, users } from "~/db/schema";
import type { HousekeepingTask } from "../housekeeping-task.server";
import { randomToken, sha256Hex } from "./crypto.server";

type Purpose = (typeof TOKEN_PURPOSES)[number];

export const TOKEN_LIFETIME_MS: Record<Purpose, number> = {
  activation: 48 * 3600_000,
  password_reset: 3600_000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string | null | undefined): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

/** Issues a token for one account on its own; earlier unused tokens of the same purpose stop working. */
export async function issueToken(db: Database, userId: number, purpose: Purpose, now = Date.now()) {
  const { token, statements } = await tokenStatementsFor(db, eq(users.id, userId), purpose, { now });
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return token;
}

/**
 * A token for the account `holder` selects (a condition on users), if any, as statements for a
 * batch: the new one is stored only when the account is there, and earlier unused tokens of the
 * purpose end unless `keepEarlier` (an activation link of one registration does not end the link
 * of another: each activates what was registered when it was mailed). The caller learns nothing
 * about the account: the same work either way, and the database decides (decision 030).
 */
export async function tokenStatementsFor(
  db: Database,
  holder: SQL | undefined,
  purpose: Purpose,
  { now = Date.now(), registration = null, keepEarlier = false }: { now?: number; registration?: PendingRegistration | null; keepEarlier?: boolean } = {},
) {
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const insert = db.insert(authTokens).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        userId: users.id,
        purpose: sql<Purpose>`${purpose}`.as("purpose"),
        tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
        expiresAt: sql<Date>`${now + TOKEN_LIFETIME_MS[purpose]}`.as("expires_at"),
        usedAt: sql<Date | null>`null`.as("used_at"),
        registration: sql<PendingRegistration | null>`${registration === null ? null : JSON.stringify(registration)}`.as("registration"),
        createdAt: sql<Date>`${now}`.as("created_at"),
      })
      .from(users)
      .where(holder),
  );
  const endEarlier = db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(and(inArray(authTokens.userId, db.select({ id: users.id }).from(users).where(holder)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  const statements: BatchItem<"sqlite">[] = keepEarlier ? [insert] : [endEarlier, insert];
  return { token, statements };
}

/**
 * Ends every outstanding token of an account (reset and activation links already mailed): a
 * statement to put in the same batch as a password change, so a link issued before it cannot
 * set another password after it. `when`: a condition the statement acts under (a token's use).
 */
export function endOutstandingTokens(db: Database, userId: number, now = Date.now(), when?: SQL) {
  return db
    .update(authTokens)
    .set({ usedAt: new Date(now), registration: null })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt), when));
}

export type TokenCheck = { ok: true; userId: number } | { ok: false; reason: "invalid" | "expired" | "used" };

/** The token with this hash, if it is of this purpose, unused and not expired. */
const usable = (tokenHash: string, purpose: Purpose, now: number) =>
  and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date(now)));

export type UsableToken = { ok: true; id: number; userId: number; registration: PendingRegistration | null } | { ok: false; reason: "invalid" | "expired" | "used" };

/** A token that could be consumed now, with whose it is and what it carries; consumes nothing. */
export async function usableToken(db: Database, token: string, purpose: Purpose, now = Date.now()): Promise<UsableToken> {
  if (!isWellFormedToken(token)) return { ok: false, reason: "invalid" };
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({ id: authTokens.id, userId: authTokens.userId, registration: authTokens.registration })
    .from(authTokens)
    .where(usable(tokenHash, purpose, now))
    .get();
  return row ? { ok: true, ...row } : { ok: false, reason: await whyNot(db, tokenHash, purpose, now) };
}

/** Whose a token is, if it could be consumed now; consumes nothing (to check a form before using the link up). */
export async function tokenHolder(db: Database, token: string, purpose: Purpose, now = Date.now()): Promise<number | null> {
  const found = await usableToken(db, token, purpose, now);
  return found.ok ? found.userId : null;
}

/**
 * A token's use inside the batch of the change it authorises, so that a batch that fails leaves
 * the link usable and nothing changed. Every statement of the change acts only `while` the token
 * is still usable; `use` (placed after them) spends it and returns its row; statements after
 * `use` act only if it was spent by this batch (`usedNow`). Batches run one at a time: of two
 * racing for one token, only the first acts.
 */
export function tokenUse(db: Database, tokenId: number, now = Date.now()) {
  const stamp = new Date(now);
  return {
    while: sql`exists (select 1 from auth_tokens t where t.id = ${tokenId} and t.used_at is null and t.expires_at > ${now})`,
    use: db
      .update(authTokens)
      .set({ usedAt: stamp, registration: null })
      .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, stamp)))
      .returning({ id: authTokens.id }),
    usedNow: sql`exists (select 1 from auth_tokens t where t.id = ${tokenId} and t.used_at = ${now})`,
  };
}

async function whyNot(db: Database, tokenHash: string, purpose: Purpose, now: number) {
  const row = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .get();
  if (!row) return "invalid" as const;
  if (row.usedAt) return "used" as const;
  return row.expiresAt.getTime() <= now ? ("expired" as const) : ("invalid" as const);
}

/** Tokens are kept a week past their expiry, so a late click still says "expired" rather than "invalid". */
export const tokenHousekeeping: HousekeepingTask = {
  name: "tokens: drop long expired",
  run: ({ db }, now) => db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 7 * 24 * 3600_000))),
};
