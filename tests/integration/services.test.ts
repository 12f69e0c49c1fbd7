import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { auditLog, outbox, sessions, users } from "~/db/schema";
import { auditEntry } from "~/models/audit.server";
import { HOUSEKEEPING, runHousekeeping } from "~/features/housekeeping.server";
import { commitWithMail, outboxEntry } from "~/mail/outbox.server";
import { ExtractionMessageSchema, type NoticeMessage, NoticeMessageSchema, readMessage } from "~/server/queues/messages";
import { deliverNotices } from "~/mail/deliver.server";
import extractionWorker from "../../workers/extraction/index";
import { createUser, db, resetDatabase, services } from "./fixtures";
import { expectConsoleError } from "./console-errors";

beforeEach(resetDatabase);

describe("a change and its mail commit together", () => {
  it("writes the change, its audit entry and its mail in one batch, then queues the mail, which the notices Worker delivers", async () => {
    const user = await createUser({ email: `member.${crypto.randomUUID().slice(0, 8)}@example.org` });
    const ctx = createExecutionContext();
    const real = services(ctx);
    // What goes onto the notices queue, read as it is sent (and still sent to the real queue).
    const sent: Array<MessageSendRequest<NoticeMessage>> = [];
    const notices = { ...real.queues.notices, sendBatch: (messages: Iterable<MessageSendRequest<NoticeMessage>>) => (sent.push(...messages), real.queues.notices.sendBatch(messages)) } as Queue<NoticeMessage>;
    const s = { ...real, queues: { ...real.queues, notices } };
    await commitWithMail(
      s,
      [s.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id)), auditEntry(s, { actorId: user.id, action: "user.update", entityType: "user", entityId: user.id })],
      [outboxEntry(s, "password_changed", user.email, { name: "Renamed Person", supportEmail: "support@example.org" })],
    );
    await waitOnExecutionContext(ctx);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.firstName).toBe("Renamed");
    expect(await db().select().from(auditLog).all()).toHaveLength(1);
    const [row] = await db().select().from(outbox).all();
    expect([row!.template, row!.toAddress, row!.status]).toEqual(["password_changed", user.email, "pending"]);
    expect(sent.map((m) => m.body)).toEqual([{ type: "mail", outboxId: row!.id }]);

    // The queued message, handed to the notices Worker's consumer, delivers that row's mail.
    const batch = createMessageBatch("finance-society-notices", sent.map((m, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: m.body })));
    const smtp = inject("smtp");
    const consumerCtx = createExecutionContext();
    await deliverNotices(batch, { db: db() }, { SITE_NAME: "Multinational Finance Society", SITE_URL: "https://society.test", MAIL_FROM: "no-reply@example.org", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.maildevPort), SMTP_TLS: "none" } as never);
    expect((await getQueueResult(batch, consumerCtx)).explicitAcks).toEqual(["m0"]);
    expect((await db().select().from(outbox).where(eq(outbox.id, row!.id)).get())!.status).toBe("sent");
    const inbox = (await (await fetch(`${smtp.mailApi}/email`)).json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
    expect(inbox.filter((m) => m.to.some((t) => t.address === user.email)).map((m) => m.subject)).toEqual(["Multinational Finance Society: Your password was changed"]);
  });

  it("leaves neither the change nor the mail when the batch fails", async () => {
    const first = await createUser({ email: "one@example.org" });
    await createUser({ email: "two@example.org" });
    const s = services();
    // The second statement breaks the unique e-mail index: the whole batch is rolled back.
    await expect(
      commitWithMail(
        s,
        [s.db.update(users).set({ firstName: "Changed" }).where(eq(users.id, first.id)), s.db.update(users).set({ email: "two@example.org" }).where(eq(users.id, first.id))],
        [outboxEntry(s, "password_changed", first.email, { name: "x", supportEmail: "support@example.org" })],
      ),
    ).rejects.toThrow();
    expect((await db().select().from(users).where(eq(users.id, first.id)).get())!.firstName).toBe("Test");
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("refuses a mail whose data does not fit its template before anything is written", async () => {
    const s = services();
    expect(() => outboxEntry(s, "password_changed", "a@example.org", { name: "x" } as never)).toThrow();
    expect(await db().select().from(outbox).all()).toEqual([]);
  });
});

describe("queue messages are checked on arrival", () => {
  it("reads the typed messages and the untyped ones queued before a deploy", () => {
    expect(readMessage(NoticeMessageSchema, { type: "mail", outboxId: 3 }, "mail")).toEqual({ type: "mail", outboxId: 3 });
    expect(readMessage(NoticeMessageSchema, { outboxId: 3 }, "mail")).toEqual({ type: "mail", outboxId: 3 });
    expect(readMessage(NoticeMessageSchema, { type: "mail", outboxId: "3" }, "mail")).toBeNull();
    expect(readMessage(NoticeMessageSchema, { type: "other", outboxId: 3 }, "mail")).toBeNull();
    expect(readMessage(ExtractionMessageSchema, { jobId: "abcdefghijkl" }, "extract")).toEqual({ type: "extract", jobId: "abcdefghijkl" });
    expect(readMessage(ExtractionMessageSchema, "garbage", "extract")).toBeNull();
  });

  it("acknowledges (never retries) a message the extraction Worker cannot read", async () => {
    // Each dropped message is logged.
    expectConsoleError(/extraction: a message that is not a job was acknowledged/);
    const batch = createMessageBatch("finance-society-extraction", [
      { id: "bad1", timestamp: new Date(), attempts: 1, body: { type: "extract", jobId: 42 } },
      { id: "bad2", timestamp: new Date(), attempts: 1, body: null },
    ]);
    const ctx = createExecutionContext();
    await extractionWorker.queue(batch, { DB: env.DB, FILES: env.FILES }, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["bad1", "bad2"]);
    expect(result.retryMessages).toEqual([]);
  });
});

describe("the housekeeping is a list of tasks, each with its own area", () => {
  it("runs every task even when one fails, and names the one that failed", async () => {
    // The failed task is logged.
    expectConsoleError(/housekeeping: broken: always fails failed/);
    const user = await createUser();
    await db().insert(sessions).values({ id: "expired", userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    const broken = { name: "broken: always fails", run: () => Promise.reject(new Error("boom")) };
    const result = await runHousekeeping(services(), Date.now(), [broken, ...HOUSEKEEPING]);
    expect(result).toEqual({ ran: HOUSEKEEPING.length + 1, failed: ["broken: always fails"] });
    expect(await db().select().from(sessions).all()).toEqual([]);
  });
});
