/**
 * The notices consumer: delivers outbox rows named by queue messages (decision 015).
 *
 * - At most once per row: a row already `sent` is acknowledged without sending again, so a
 *   redelivered message does not repeat a mail.
 * - A failure is recorded on the row (attempts, last error) and retried with exponential backoff
 *   through the queue; after the last retry the queue moves the message to the dead-letter
 *   queue, whose consumer marks the row `dead` so the office sees it in the outbox.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { outbox } from "../db/schema";
import { NoticeMessageSchema, readMessage } from "../server/queues/messages";
import type { Services } from "../server/services.server";
import { sendMail, type OutgoingMail, type SmtpConfig, SmtpConfigSchema } from "./smtp.server";
import { renderMail } from "./templates";

type Send = (config: SmtpConfig, mail: OutgoingMail) => Promise<void>;

/** Delay before retry n (1-based): 30 s, 60 s, 120 s, … capped at 15 minutes. */
export function backoffSeconds(attempt: number) {
  return Math.min(15 * 60, 30 * 2 ** Math.max(0, attempt - 1));
}

/** `config` is the notices Worker's raw configuration, checked here against `SmtpConfigSchema`. */
export async function deliverNotices(batch: MessageBatch<unknown>, { db }: Pick<Services, "db">, config: Record<string, unknown>, send: Send = sendMail) {
  if (batch.queue.endsWith("-dlq")) {
    for (const message of batch.messages) {
      const notice = readMessage(NoticeMessageSchema, message.body, "mail");
      if (notice) {
        await db
          .update(outbox)
          .set({ status: "dead" })
          .where(and(eq(outbox.id, notice.outboxId), ne(outbox.status, "sent")))
          .run();
      }
      message.ack();
    }
    return;
  }

  const smtp = SmtpConfigSchema.safeParse(config);
  for (const message of batch.messages) {
    const notice = readMessage(NoticeMessageSchema, message.body, "mail");
    if (!notice) {
      console.error("notices: a message that is not a notice was acknowledged", JSON.stringify(message.body)?.slice(0, 200));
      message.ack(); // nothing to deliver; never retry garbage
      continue;
    }
    const row = await db.select().from(outbox).where(eq(outbox.id, notice.outboxId)).get();
    if (!row || row.status === "sent" || row.status === "dead") {
      message.ack();
      continue;
    }
    const attempt = row.attempts + 1;
    try {
      if (!smtp.success) throw new Error(`Mail is not configured: ${smtp.error.issues.map((i) => i.path.join(".")).join(", ")}`);
      const rendered = renderMail(row.template, row.payload, { siteName: smtp.data.SITE_NAME, siteUrl: smtp.data.SITE_URL });
      await send(smtp.data, { to: row.toAddress, ...rendered });
      await db
        .update(outbox)
        .set({ status: "sent", attempts: attempt, sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, row.id))
        .run();
      message.ack();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({ status: "failed", attempts: sql`${outbox.attempts} + 1`, lastError: text.slice(0, 1000) })
        .where(eq(outbox.id, row.id))
        .run();
      message.retry({ delaySeconds: backoffSeconds(attempt) });
    }
  }
}
