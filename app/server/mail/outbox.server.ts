/**
 * The web Worker never speaks SMTP: it records the mail in the outbox (D1) and names the row on
 * the `notices` queue. If the queue cannot be reached the row stays `pending` and the scheduled
 * housekeeping queues it again, so nothing is lost.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { MAIL_TEMPLATES, type MailPayload, type MailTemplate } from "~/mail/templates";

export async function queueMail<T extends MailTemplate>(
  context: Pick<AppLoadContext, "db" | "cloudflare">,
  template: T,
  to: string,
  payload: MailPayload<T>,
) {
  const data = MAIL_TEMPLATES[template].parse(payload);
  const row = await context.db
    .insert(outbox)
    .values({ template, toAddress: to, payload: data as Record<string, unknown> })
    .returning({ id: outbox.id })
    .get();
  const queue = context.cloudflare.env.NOTICES;
  context.cloudflare.ctx.waitUntil(
    queue.send({ outboxId: row.id }).catch((error: unknown) => console.error(`outbox ${row.id}: not queued yet`, error)),
  );
  return row.id;
}

/** Rows still pending after `olderThanMs` (the queue was unreachable): queue them again. */
export async function requeueStalled(db: Database, queue: Queue, now = Date.now(), olderThanMs = 10 * 60_000) {
  const stalled = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lt(outbox.createdAt, new Date(now - olderThanMs))))
    .limit(100)
    .all();
  if (stalled.length) await queue.sendBatch(stalled.map((r) => ({ body: { outboxId: r.id } })));
  return stalled.length;
}
