/**
 * Fixed-window rate limits kept in D1, so they hold across isolates and locations. One
 * statement counts and reads (an upsert with RETURNING): no race between check and count.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import type { HousekeepingTask } from "../housekeeping.server";

export type Limit = { max: number; windowSeconds: number };

export const LIMITS = {
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 50, windowSeconds: 15 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  recoveryPerAccount: { max: 5, windowSeconds: 60 * 60 },
  recoveryPerAddress: { max: 20, windowSeconds: 60 * 60 },
  secondFactorPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords and codes given inside a signed-in session (re-authentication before a change). */
  reauthPerAccount: { max: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** The start of the fixed window `nowSeconds` falls in. */
const windowStartOf = (nowSeconds: number, limit: Limit) => nowSeconds - (nowSeconds % limit.windowSeconds);

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
}

/**
 * Counts one attempt against every key; throws RateLimitedError if any is over its limit.
 * All keys are counted in one D1 batch.
 */
export async function hitRateLimits(db: Database, checks: Array<[key: string, limit: Limit]>, now = Date.now()) {
  if (checks.length === 0) return;
  const nowSeconds = Math.floor(now / 1000);
  const statements = checks.map(([key, limit]) => {
    const windowStart = windowStartOf(nowSeconds, limit);
    return db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
          windowStart: sql`excluded.window_start`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  });
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  let retryAfter = 0;
  results.forEach((rows, i) => {
    const [, limit] = checks[i]!;
    const row = rows[0];
    if (row && row.count > limit.max) retryAfter = Math.max(retryAfter, row.windowStart + limit.windowSeconds - nowSeconds);
  });
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

/**
 * A check of a secret inside a signed-in session (the current password before a change, a code
 * from the app), limited like sign-in: refused without checking once `limit` wrong answers were
 * given in the window; a wrong answer counts, a right one does not. Throws RateLimitedError.
 */
export async function limitedCheck(db: Database, key: string, limit: Limit, check: () => Promise<boolean>, now = Date.now()) {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = windowStartOf(nowSeconds, limit);
  const row = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, limit.max - 1)))
    .get();
  if (row) throw new RateLimitedError(windowStart + limit.windowSeconds - nowSeconds);
  if (await check()) return true;
  // Counting can only pass the limit when wrong answers arrive at once: then this one is refused too.
  await hitRateLimits(db, [[key, limit]], now);
  return false;
}

/** The 429 answer: the body the form shows, and Retry-After for clients that read it. */
export function tooManyRequests(error: RateLimitedError, body: unknown) {
  return Response.json(body, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
}

/** Windows are at most a day long: anything older is over. */
export const rateLimitHousekeeping: HousekeepingTask = {
  name: "rate limits: drop old windows",
  run: ({ db }, now) => db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor((now - 24 * 3600_000) / 1000))),
};
