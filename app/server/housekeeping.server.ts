import { and, eq, lt } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { authTokens, extractionJobs, rateLimits, sessions } from "~/db/schema";
import { STALLED_EXTRACTION_MESSAGE } from "~/models/extraction-jobs.server";
import { requeueStalled } from "~/server/mail/outbox.server";

/**
 * Every ten minutes (wrangler.toml's cron): drop what has expired, so the tables stay the size
 * of what is live, queue again any mail the queue never received, and end as failed any
 * extraction still running after 15 minutes (its Worker was stopped, or its messages ran out).
 */
export async function runHousekeeping(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const dayAgo = Math.floor((now - 24 * 3600_000) / 1000);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 7 * 24 * 3600_000))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)),
    db
      .update(extractionJobs)
      .set({ status: "failed", message: STALLED_EXTRACTION_MESSAGE, updatedAt: new Date(now) })
      .where(and(eq(extractionJobs.status, "extracting"), lt(extractionJobs.updatedAt, new Date(now - 15 * 60_000)))),
  ]);
  await requeueStalled(db, env.NOTICES, now);
}
