import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { auditLog, outbox } from "~/db/schema";
import noticesWorker from "../../workers/notices/index";
import {
  createUser,
  db,
  Jar,
  postForm,
  resetDatabase,
  signIn,
  textOf,
  visit,
} from "./fixtures";

/** The console's Outbox tab: the list, its filters and pages, and the office's Resend. */
beforeEach(resetDatabase);

async function adminJar() {
  const admin = await createUser({
    email: "chief@example.org",
    role: "admin",
    firstName: "Chief",
    lastName: "Admin",
  });
  return { admin, jar: await signIn(admin.email, admin.password) };
}

const payload = {
  name: "Dr. Ada Lovelace",
  link: "https://society.test/activate-account?token=abc&email=x",
};
async function mail(
  status: "pending" | "sending" | "sent" | "failed" | "dead",
  over: Partial<typeof outbox.$inferInsert> = {}
) {
  return db()
    .insert(outbox)
    .values({
      template: "activation",
      toAddress: `reader.${crypto.randomUUID().slice(0, 8)}@example.org`,
      payload,
      status,
      ...over,
    })
    .returning()
    .get();
}

describe("the Outbox tab", () => {
  it("is for administrators only: visitors go to login, others get a 403, and their Resend is refused", async () => {
    const dead = await mail("dead", { attempts: 7 });
    const user = await createUser({ email: "plain@example.org" });
    const userJar = await signIn(user.email, user.password);
    expect(
      (await visit(new Jar(), "/admin/outbox")).headers.get("Location")
    ).toBe(`/login?redirectTo=${encodeURIComponent("/admin/outbox")}`);
    expect((await visit(userJar, "/admin/outbox")).status).toBe(403);
    expect(
      (
        await postForm(userJar, "/admin/outbox", {
          intent: "resend",
          id: String(dead.id),
        })
      ).status
    ).toBe(403);
    expect(
      (
        await postForm(new Jar(), "/admin/outbox", {
          intent: "resend",
          id: String(dead.id),
        })
      ).status
    ).toBe(302);
    expect(
      (await db().select().from(outbox).where(eq(outbox.id, dead.id)).get())!
        .status
    ).toBe("dead");
  });

  it("lists every mail newest first with its template's name, recipient, status, attempts, last error and times; filters by status and searches", async () => {
    const { jar } = await adminJar();
    const now = Date.now();
    const sent = await mail("sent", {
      attempts: 1,
      sentAt: new Date(now - 50_000),
      createdAt: new Date(now - 60_000),
    });
    const dead = await mail("dead", {
      attempts: 7,
      lastError: "The SMTP server closed the connection.",
      createdAt: new Date(now - 30_000),
    });
    const page = await visit(jar, "/admin/outbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain("Outbox");
    expect(text).toContain("Account activation");
    expect(text).toContain("The SMTP server closed the connection.");
    expect(text.indexOf(dead.toAddress)).toBeLessThan(
      text.indexOf(sent.toAddress)
    );
    expect(html.match(/name="intent" value="resend"/g)).toHaveLength(1);
    const deadOnly = textOf(
      await (await visit(jar, "/admin/outbox?status=dead")).text()
    );
    expect(deadOnly).toContain(dead.toAddress);
    expect(deadOnly).not.toContain(sent.toAddress);
    const searched = textOf(
      await (
        await visit(
          jar,
          `/admin/outbox?q=${encodeURIComponent(sent.toAddress.toUpperCase())}`
        )
      ).text()
    );
    expect(searched).toContain(sent.toAddress);
    expect(searched).not.toContain(dead.toAddress);
    expect(
      textOf(await (await visit(jar, "/admin/outbox?status=sending")).text())
    ).toContain("No e-mails match your search criteria.");
  });

  it("pages by keyset, 25 to a page, reading about a page of rows", async () => {
    const { jar } = await adminJar();
    const now = Date.now();
    // One statement (D1 takes at most 100 bound values in one).
    await env.DB.prepare(
      `with recursive seq(n) as (select 0 union all select n + 1 from seq where n < 29)
       insert into outbox (template, to_address, payload, status, attempts, created_at)
       select 'activation', 'bulk' || printf('%02d', n) || '@example.org', ?1, 'sent', 1, ?2 - n * 1000 from seq`
    )
      .bind(JSON.stringify(payload), now)
      .run();
    const first = await visit(jar, "/admin/outbox");
    const firstHtml = await first.text();
    expect(textOf(firstHtml)).toContain("Showing 1–25");
    expect(textOf(firstHtml)).toContain("bulk00@example.org");
    const rowsRead = Number(
      /d1-rows-read;desc=(\d+)/.exec(
        first.headers.get("Server-Timing") ?? ""
      )?.[1]
    );
    expect(rowsRead).toBeGreaterThan(0);
    expect(rowsRead).toBeLessThanOrEqual(26 + 6);
    const nextHref = /href="(\/admin\/outbox\?[^"]*after=[^"]+)"/
      .exec(firstHtml)?.[1]
      ?.replaceAll("&amp;", "&");
    const second = textOf(await (await visit(jar, nextHref!)).text());
    expect(second).toContain("Showing 26–30");
    expect(second).toContain("bulk29@example.org");
    expect(second).not.toContain("bulk00@example.org");
  });

  it("resends a dead mail: pending again with its attempts kept, recorded in the activity log, then delivered", async () => {
    const { admin, jar } = await adminJar();
    const dead = await mail("dead", {
      attempts: 7,
      lastError: "Connection refused",
    });
    const answer = await postForm(jar, "/admin/outbox?status=dead", {
      intent: "resend",
      id: String(dead.id),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      "/admin/outbox?status=dead&done=resent"
    );
    expect(
      await db().select().from(outbox).where(eq(outbox.id, dead.id)).get()
    ).toMatchObject({ status: "pending", attempts: 7 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "outbox.resend"),
          eq(auditLog.entityId, String(dead.id))
        )
      )
      .all();
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityType: "outbox",
      details: { template: "activation", to: dead.toAddress, was: "dead" },
    });
    expect(
      textOf(
        await (await visit(jar, "/admin/outbox?status=dead&done=resent")).text()
      )
    ).toContain("The e-mail was queued to be sent again.");

    // The notices Worker delivers the message the Resend queued.
    const batch = createMessageBatch("finance-society-notices", [
      {
        id: "r1",
        timestamp: new Date(),
        attempts: 1,
        body: { type: "mail", outboxId: dead.id },
      },
    ]);
    const ctx = createExecutionContext();
    const smtp = inject("smtp");
    await noticesWorker.queue(
      batch,
      {
        DB: env.DB,
        SITE_NAME: "Multinational Finance Society",
        SITE_URL: "https://society.test",
        MAIL_FROM: "no-reply@example.org",
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.maildevPort),
        SMTP_TLS: "none",
      } as never,
      ctx
    );
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["r1"]);
    expect(
      await db().select().from(outbox).where(eq(outbox.id, dead.id)).get()
    ).toMatchObject({ status: "sent", attempts: 8, lastError: null });
    const inbox = (await (
      await fetch(`${smtp.mailApi}/email`)
    ).json()) as Array<{ to: Array<{ address: string }> }>;
    expect(
      inbox.filter((m) => m.to.some((t) => t.address === dead.toAddress))
    ).toHaveLength(1);
  });

  it("refuses to resend a mail that is sent, pending or being sent (409), and one that does not exist (404)", async () => {
    const { jar } = await adminJar();
    for (const status of ["sent", "pending", "sending"] as const) {
      const row = await mail(status, { attempts: 1 });
      const answer = await postForm(jar, "/admin/outbox", {
        intent: "resend",
        id: String(row.id),
      });
      expect(answer.status, status).toBe(409);
      expect(textOf(await answer.text())).toContain(
        "Only an e-mail that failed or was given up on can be sent again."
      );
      expect(
        (await db().select().from(outbox).where(eq(outbox.id, row.id)).get())!
          .status
      ).toBe(status);
    }
    expect(
      (await postForm(jar, "/admin/outbox", { intent: "resend", id: "999999" }))
        .status
    ).toBe(404);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "outbox.resend"))
        .all()
    ).toEqual([]);
  });
});
