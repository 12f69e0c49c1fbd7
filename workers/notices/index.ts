/**
 * The notices Worker: consumes the `notices` queue (and its dead-letter queue) and sends the
 * e-mails the web Worker recorded in the outbox. It only wires bindings to app/mail.
 */
import { deliverNotices } from "../../app/mail/deliver.server";

export default {
  async queue(batch, env) {
    await deliverNotices(batch, env as unknown as Parameters<typeof deliverNotices>[1]);
  },
} satisfies ExportedHandler<Env>;
