/**
 * Fixed-window rate limits kept in D1, so they hold across isolates and locations. One
 * statement counts and reads (an upsert with RETURNING): no race between check and count.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { rateLimited, waitMessage } from "../errors.server";
import type { HousekeepingTask } from "../housekeeping-task.server";

export type Limit = { max: number; windowSeconds: number };

export const LIMITS = {
  /** Wrong passwords for one account from one client address: refused beyond this. */
  loginPerAccountAndAddress: { max: 5, windowSeconds: 15 * 60 },
  /** Wrong passwords from one client address, whatever the accounts: refused beyond this. */
  loginPerAddress: { max: 50, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from anywhere: slowed (never refused) beyond this. */
  loginPerAccount: { max: 20, windowSeconds: 15 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Registrations of one e-mail address from anywhere: each mails that inbox. */
  registerPerAccount: { max: 5, windowSeconds: 60 * 60 },
  recoveryPerAccount: { max: 5, windowSeconds: 60 * 60 },
  recoveryPerAddress: { max: 20, windowSeconds: 60 * 60 },
  secondFactorPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords and codes given inside a signed-in session (re-authentication before a change). */
  reauthPerAccount: { max: 5, windowSeconds: 15 * 60 },
  /** Manuscripts uploaded by one account (each stored, and read by an extraction job): a burst, and an hour. */
  uploadsPerAccountBurst: { max: 5, windowSeconds: 60 },
  uploadsPerAccount: { max: 30, windowSeconds: 60 * 60 },
  /** Papers submitted by one account in a day. */
  submissionsPerAccount: { max: 10, windowSeconds: 24 * 60 * 60 },
  /** Notices to co-authors an account's submissions send in a day (each listed address is mailed). */
  coauthorMailsPerAccount: { max: 60, windowSeconds: 24 * 60 * 60 },
  /** Anonymous wizard drafts (registration) started from one client address. */
  anonymousDraftsPerAddress: { max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** The start of the fixed window `nowSeconds` falls in. */
const windowStartOf = (nowSeconds: number, limit: Limit) => nowSeconds - (nowSeconds % limit.windowSeconds);

type Counted = { key: string; count: number; windowStart: number; retryAfter: number };

/** A key, its limit, and how much one request counts against it (1 unless said: a submission's notices count each). */
export type LimitCheck = [key: string, limit: Limit, weight?: number];

/** Counts one attempt against every key in one D1 batch; returns each key's count in its window. */
async function countAttempt(db: Database, checks: LimitCheck[], now: number): Promise<Counted[]> {
  const nowSeconds = Math.floor(now / 1000);
  const statements = checks.map(([key, limit, weight = 1]) => {
    const windowStart = windowStartOf(nowSeconds, limit);
    return db
      .insert(rateLimits)
      .values({ key, windowStart, count: weight })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + excluded.count else excluded.count end`,
          windowStart: sql`excluded.window_start`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  });
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return results.map((rows, i) => {
    const [key, limit] = checks[i]!;
    const { count, windowStart } = rows[0]!;
    return { key, count, windowStart, retryAfter: count > limit.max ? windowStart + limit.windowSeconds - nowSeconds : 0 };
  });
}

/**
 * Counts one attempt against every key, all in one D1 batch; over any limit, throws an AppError
 * 429 carrying Retry-After and the message `explain` makes from the wait (the limit's own words
 * by default). For requests that are limited whatever their outcome (mails asked for,
 * registrations, uploads).
 */
export async function hitRateLimits(db: Database, checks: LimitCheck[], explain: (retryAfterSeconds: number) => string = waitMessage, now = Date.now()) {
  if (checks.length === 0) return;
  const retryAfter = Math.max(...(await countAttempt(db, checks, now)).map((c) => c.retryAfter));
  if (retryAfter > 0) throw rateLimited(retryAfter, explain(retryAfter));
}

/** How long an attempt waits once a slowed key is `over` its limit: 200 ms more per attempt, at most 3 s. */
export const slowDownMs = (over: number) => Math.min(3000, Math.max(0, over) * 200);

export type GuessLimits = {
  /** Keys whose limit refuses the attempt unchecked (429) once passed. */
  refuse: Array<[key: string, limit: Limit]>;
  /** A key whose limit only slows attempts down once passed (see `slowDownMs`). */
  slow?: [key: string, limit: Limit];
};

/**
 * An attempt at a secret someone may be guessing (a password at sign-in, a code at the second
 * step). It is counted against every key before the secret is checked, in one batch, so a burst
 * of concurrent guesses cannot slip past a limit; over a `refuse` limit it is refused unchecked
 * (a 429 AppError); over the `slow` limit it is answered late; and a right answer is taken off
 * every count again, so only wrong answers ever count (decision 030: a stranger's wrong guesses
 * cannot lock the owner out, who comes from another address). `attempt` says whether it was right.
 */
export async function guessAttempt<T extends { ok: boolean }>(db: Database, limits: GuessLimits, attempt: () => Promise<T>, now = Date.now()): Promise<T> {
  const checks = limits.slow ? [...limits.refuse, limits.slow] : limits.refuse;
  const counted = await countAttempt(db, checks, now);
  const refused = Math.max(0, ...counted.slice(0, limits.refuse.length).map((c) => c.retryAfter));
  if (refused > 0) throw rateLimited(refused);
  if (limits.slow) {
    const slow = counted[counted.length - 1]!;
    const wait = slowDownMs(slow.count - limits.slow[1].max);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const result = await attempt();
  if (result.ok) {
    await db.batch(
      counted.map((c) =>
        db
          .update(rateLimits)
          .set({ count: sql`${rateLimits.count} - 1` })
          .where(and(eq(rateLimits.key, c.key), eq(rateLimits.windowStart, c.windowStart), gt(rateLimits.count, 0))),
      ) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
    );
  }
  return result;
}

/**
 * A check of a secret inside a signed-in session (the current password before a change, a code
 * from the app), limited like sign-in: refused unchecked once `limit` wrong answers were given in
 * the window; a right answer does not count. Throws a 429 AppError.
 */
export async function limitedCheck(db: Database, key: string, limit: Limit, check: () => Promise<boolean>, now = Date.now()) {
  const { ok } = await guessAttempt(db, { refuse: [[key, limit]] }, async () => ({ ok: await check() }), now);
  return ok;
}

/** Windows are at most a day long: anything older is over. */
export const rateLimitHousekeeping: HousekeepingTask = {
  name: "rate limits: drop old windows",
  run: ({ db }, now) => db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor((now - 24 * 3600_000) / 1000))),
};
