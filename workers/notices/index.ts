/**
 * The notices Worker: consumes the `notices` queue (and its dead-letter queue) and sends the
 * e-mails the web Worker recorded in the outbox. It only wires bindings to app/mail.
 */
import { deliverNotices } from "../../app/mail/deliver.server";
import { createConsumerServices } from "../../app/server/services.server";

/** D1 and the mail configuration (SMTP_*, MAIL_FROM, SITE_NAME, SITE_URL; SMTP_PASSWORD a secret). */
type NoticesEnv = { DB: D1Database } & Record<string, unknown>;

export default {
  async queue(batch: MessageBatch<unknown>, env: NoticesEnv, ctx: Pick<ExecutionContext, "waitUntil">) {
    await deliverNotices(batch, createConsumerServices(env, ctx), env);
  },
};
