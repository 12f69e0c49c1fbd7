import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { outbox } from "~/db/schema";
import { backoffSeconds } from "~/mail/deliver.server";
import { renderMail } from "~/mail/templates";
import { sendMail, type SmtpConfig } from "~/mail/smtp.server";
import noticesWorker from "../../workers/notices/index";
import { db, resetDatabase } from "./fixtures";
import { expectConsoleError } from "./console-errors";

/**
 * The notices Worker's consumer, run in workerd against real SMTP servers (tests/integration/
 * global-setup.ts): maildev for deliveries, and hostile servers for the failure paths.
 */
beforeEach(resetDatabase);

const smtp = () => inject("smtp");
const site = { SITE_NAME: "Multinational Finance Society", SITE_URL: "https://society.test", MAIL_FROM: "no-reply@example.org" };
const noticesEnv = (port: number, extra: Record<string, string> = {}) => ({
  DB: env.DB,
  ...site,
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(port),
  SMTP_TLS: "none",
  ...extra,
});

async function queued(to = `reader.${crypto.randomUUID().slice(0, 8)}@example.org`) {
  const row = await db()
    .insert(outbox)
    .values({ template: "activation", toAddress: to, payload: { name: "Dr. Ada Lovelace", link: "https://society.test/activate-account?token=abc&email=x" } })
    .returning()
    .get();
  return row;
}

function batchOf(ids: number[], queue = "finance-society-notices", attempts = 1) {
  return createMessageBatch(
    queue,
    ids.map((outboxId, i) => ({ id: `m${i}-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } })),
  );
}

async function run(batch: MessageBatch, e: Record<string, unknown>) {
  const ctx = createExecutionContext();
  await noticesWorker.queue(batch, e as never, ctx);
  return getQueueResult(batch, ctx);
}

async function inbox(to: string) {
  const all = (await (await fetch(`${smtp().mailApi}/email`)).json()) as Array<{ subject: string; text: string; html: string; to: Array<{ address: string }>; from: Array<{ address: string; name: string }> }>;
  return all.filter((m) => m.to.some((t) => t.address === to));
}

/**
 * The mail to `to` once at least one has arrived, and after a moment more in which a second could
 * (the SMTP server answers "queued" before its inbox lists the mail): what a person would find.
 */
async function arrived(to: string) {
  const until = Date.now() + 5_000;
  while ((await inbox(to)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300));
  return inbox(to);
}

describe("delivering the outbox", () => {
  it("renders and sends the mail over SMTP, marks the row sent and acknowledges the message", async () => {
    const row = await queued();
    const result = await run(batchOf([row.id]), noticesEnv(smtp().maildevPort));
    expect(result.explicitAcks).toEqual([`m0-${row.id}`]);
    expect(result.retryMessages).toEqual([]);
    const after = await db().select().from(outbox).where(eq(outbox.id, row.id)).get();
    expect(after).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(after!.sentAt).toBeInstanceOf(Date);
    const [mail] = await arrived(row.toAddress);
    expect(mail!.subject).toBe("Multinational Finance Society: Activate your account");
    expect(mail!.from[0]).toMatchObject({ address: "no-reply@example.org", name: "Multinational Finance Society" });
    expect(mail!.text).toContain("Dear Dr. Ada Lovelace,");
    expect(mail!.text).toContain("https://society.test/activate-account?token=abc&email=x");
    expect(mail!.html).toContain('href="https://society.test/activate-account?token=abc&amp;email=x"');
  });

  it("does not send again when the queue redelivers a message that was delivered", async () => {
    const row = await queued();
    await run(batchOf([row.id]), noticesEnv(smtp().maildevPort));
    const again = await run(batchOf([row.id], "finance-society-notices", 2), noticesEnv(smtp().maildevPort));
    expect(again.explicitAcks).toHaveLength(1);
    expect(await arrived(row.toAddress)).toHaveLength(1);
  });

  it("sends once when two deliveries of the same message run at the same time: only the claimer sends", async () => {
    const row = await queued();
    const [first, second] = await Promise.all([run(batchOf([row.id]), noticesEnv(smtp().maildevPort)), run(batchOf([row.id], "finance-society-notices", 2), noticesEnv(smtp().maildevPort))]);
    expect([...first.explicitAcks, ...second.explicitAcks]).toHaveLength(2);
    expect([...first.retryMessages, ...second.retryMessages]).toEqual([]);
    expect(await arrived(row.toAddress)).toHaveLength(1);
    expect(await db().select().from(outbox).where(eq(outbox.id, row.id)).get()).toMatchObject({ status: "sent", attempts: 1, claimedAt: null });
  });

  it("does not send a row another delivery has claimed, nor one marked dead", async () => {
    const claimed = await queued();
    await db().update(outbox).set({ status: "sending", claimedAt: new Date(), attempts: 1 }).where(eq(outbox.id, claimed.id)).run();
    const dead = await queued();
    await db().update(outbox).set({ status: "dead", attempts: 7 }).where(eq(outbox.id, dead.id)).run();
    const result = await run(batchOf([claimed.id, dead.id]), noticesEnv(smtp().maildevPort));
    expect(result.explicitAcks).toHaveLength(2);
    expect(await inbox(claimed.toAddress)).toEqual([]);
    expect(await inbox(dead.toAddress)).toEqual([]);
    expect(await db().select().from(outbox).where(eq(outbox.id, claimed.id)).get()).toMatchObject({ status: "sending", attempts: 1 });
  });

  it("fails within seconds when the server drops the connection, records the error and retries with backoff", async () => {
    const row = await queued();
    const started = Date.now();
    const result = await run(batchOf([row.id]), noticesEnv(smtp().dropPort));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`m0-${row.id}`]);
    const after = await db().select().from(outbox).where(eq(outbox.id, row.id)).get();
    expect(after).toMatchObject({ status: "failed", attempts: 1 });
    expect(after!.lastError).toContain("closed the connection");
  });

  it("records a refused connection and retries; a later delivery succeeds and clears the error", async () => {
    const row = await queued();
    const failed = await run(batchOf([row.id]), noticesEnv(smtp().refusedPort));
    expect(failed.retryMessages).toHaveLength(1);
    expect((await db().select().from(outbox).where(eq(outbox.id, row.id)).get())!.lastError).toBeTruthy();
    const ok = await run(batchOf([row.id], "finance-society-notices", 2), noticesEnv(smtp().maildevPort));
    expect(ok.explicitAcks).toHaveLength(1);
    expect(await db().select().from(outbox).where(eq(outbox.id, row.id)).get()).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("marks the row dead when its message reaches the dead-letter queue, and leaves sent rows and claimed rows alone", async () => {
    const lost = await queued();
    const sent = await queued();
    const sending = await queued();
    await db().update(outbox).set({ status: "sent" }).where(eq(outbox.id, sent.id)).run();
    await db().update(outbox).set({ status: "sending", claimedAt: new Date() }).where(eq(outbox.id, sending.id)).run();
    const result = await run(batchOf([lost.id, sent.id, sending.id], "finance-society-notices-dlq"), noticesEnv(smtp().maildevPort));
    expect(result.explicitAcks).toHaveLength(3);
    expect((await db().select().from(outbox).where(eq(outbox.id, sending.id)).get())!.status).toBe("sending");
    expect((await db().select().from(outbox).where(eq(outbox.id, lost.id)).get())!.status).toBe("dead");
    expect((await db().select().from(outbox).where(eq(outbox.id, sent.id)).get())!.status).toBe("sent");
  });

  it("acknowledges a malformed message instead of retrying it forever, and fails clearly without configuration", async () => {
    // The dropped message is logged.
    expectConsoleError(/notices: a message that is not a notice was acknowledged/);
    const garbage = createMessageBatch("finance-society-notices", [{ id: "g", timestamp: new Date(), attempts: 1, body: { nonsense: true } }]);
    expect((await run(garbage, noticesEnv(smtp().maildevPort))).explicitAcks).toEqual(["g"]);
    const row = await queued();
    const result = await run(batchOf([row.id]), { DB: env.DB });
    expect(result.retryMessages).toHaveLength(1);
    expect((await db().select().from(outbox).get())!.lastError).toMatch(/^Mail is not configured: /);
  });

  it("backs off exponentially up to fifteen minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });
});

describe("the guards on worker-mailer", () => {
  const mail = { to: "x@example.org", subject: "s", text: "t", html: "<p>t</p>" };
  const config = (over: Partial<SmtpConfig>): SmtpConfig => ({
    SMTP_HOST: "127.0.0.1", SMTP_PORT: smtp().plainPort, SMTP_USER: "user", SMTP_PASSWORD: "secret", SMTP_TLS: "starttls",
    MAIL_FROM: "no-reply@example.org", SITE_NAME: "S", SITE_URL: "https://society.test", ...over,
  });

  it("never sends credentials when STARTTLS is required and the server does not offer it", async () => {
    await expect(sendMail(config({}), mail)).rejects.toThrow(/did not offer STARTTLS/);
    const log = (await (await fetch(smtp().plainLog)).json()) as string[];
    expect(log.some((l) => l.startsWith("EHLO"))).toBe(true);
    expect(log.some((l) => /^AUTH/i.test(l))).toBe(false);
  });

  it("refuses clear-text credentials to a server that is not on this machine", async () => {
    await expect(sendMail(config({ SMTP_TLS: "none", SMTP_HOST: "smtp.example.org" }), mail)).rejects.toThrow(/only allowed for a server on this machine/);
  });
});

describe("templates", () => {
  it("renders every mail with the society's name in the subject, and refuses bad data", () => {
    const s = { siteName: "Multinational Finance Society", siteUrl: "https://society.test" };
    const reset = renderMail("password_reset", { name: "<b>Eve</b>", link: "https://society.test/reset-password?token=t" }, s);
    expect(reset.subject).toBe("Multinational Finance Society: Reset your password");
    expect(reset.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(reset.html).not.toContain("<b>Eve</b>");
    expect(() => renderMail("password_reset", { name: "x", link: "javascript:alert(1)" }, s)).toThrow();
    expect(() => renderMail("unknown", {}, s)).toThrow(/Unknown mail template/);
  });

});
