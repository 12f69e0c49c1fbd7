/**
 * The notices consumer: delivers outbox rows named by queue messages (decisions 015 and 051).
 *
 * - Exactly one delivery sends a row: a delivery first claims it (a conditional UPDATE from
 *   `pending` or `failed` to `sending`, stamped with the claim's instant, RETURNING the row); a
 *   delivery that claims nothing (the row is sent, dead, or being sent by another delivery that
 *   runs at the same time) acknowledges its message without sending. The claim counts the attempt.
 * - Success and failure are written only over the delivery's own claim. A claim whose delivery
 *   never finished (the Worker was stopped mid-send) is released by the housekeeping after
 *   `CLAIM_TIMEOUT_MS` (`releaseStaleClaims` in outbox.server.ts) and the row queued again.
 * - A failure is recorded on the row (attempts, last error) and retried with exponential backoff
 *   through the queue; after the last retry the queue moves the message to the dead-letter
 *   queue, whose consumer marks the row `dead` so the office sees it in the outbox.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
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

/** Rows a delivery may claim: never sent, or failed and waiting for their retry. */
const CLAIMABLE = ["pending", "failed"] as const;

/** `config` is the notices Worker's raw configuration, checked here against `SmtpConfigSchema`. */
export async function deliverNotices(batch: MessageBatch<unknown>, { db }: Pick<Services, "db">, config: Record<string, unknown>, send: Send = sendMail) {
  if (batch.queue.endsWith("-dlq")) {
    for (const message of batch.messages) {
      const notice = readMessage(NoticeMessageSchema, message.body, "mail");
      if (notice) {
        await db
          .update(outbox)
          .set({ status: "dead", claimedAt: null })
          .where(and(eq(outbox.id, notice.outboxId), inArray(outbox.status, CLAIMABLE)))
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
    const claimedAt = new Date();
    const row = await db
      .update(outbox)
      .set({ status: "sending", claimedAt, attempts: sql`${outbox.attempts} + 1` })
      .where(and(eq(outbox.id, notice.outboxId), inArray(outbox.status, CLAIMABLE)))
      .returning()
      .get();
    if (!row) {
      message.ack();
      continue;
    }
    const ours = and(eq(outbox.id, row.id), eq(outbox.status, "sending"), eq(outbox.claimedAt, claimedAt));
    let sent = false;
    try {
      if (!smtp.success) throw new Error(`Mail is not configured: ${smtp.error.issues.map((i) => i.path.join(".")).join(", ")}`);
      const rendered = renderMail(row.template, row.payload, { siteName: smtp.data.SITE_NAME, siteUrl: smtp.data.SITE_URL });
      await send(smtp.data, { to: row.toAddress, ...rendered });
      sent = true;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({ status: "failed", lastError: text.slice(0, 1000), claimedAt: null })
        .where(ours)
        .run();
      message.retry({ delaySeconds: backoffSeconds(row.attempts) });
    }
    if (!sent) continue;
    // Handed to the SMTP server: the message is not retried. Only if D1 refuses the mark three
    // times does the claim go stale and the housekeeping queue the mail again (decision 051).
    await markSent(db, ours).catch((error: unknown) => console.error(`notices: outbox ${row.id} was sent but could not be marked sent`, error));
    message.ack();
  }
}

/** Marks a delivered row sent, trying three times: a mail handed to the SMTP server is never retried. */
async function markSent(db: Pick<Services, "db">["db"], ours: SQL | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null, claimedAt: null }).where(ours).run();
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
