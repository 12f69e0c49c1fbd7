import { lt } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { authTokens, rateLimits, sessions } from "~/db/schema";
import { requeueStalled } from "~/server/mail/outbox.server";

/**
 * Every ten minutes (wrangler.toml's cron): drop what has expired, so the tables stay the size
 * of what is live, and queue again any mail the queue never received.
 */
export async function runHousekeeping(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const dayAgo = Math.floor((now - 24 * 3600_000) / 1000);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 7 * 24 * 3600_000))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)),
  ]);
  await requeueStalled(db, env.NOTICES, now);
}
