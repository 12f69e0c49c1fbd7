import { eq } from "drizzle-orm";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/web/index";
import { authTokens, extractionJobs, files, outbox, rateLimits, sessions, users, wizardDrafts } from "~/db/schema";
import { CLAIM_TIMEOUT_MS, releaseStaleClaims, requeueStalled } from "~/mail/outbox.server";
import { db, resetDatabase, services } from "./fixtures";

beforeEach(resetDatabase);

describe("the housekeeping (scheduled every ten minutes)", () => {
  it("ends extraction jobs still running after 15 minutes as failed, and leaves recent ones running", async () => {
    const now = Date.now();
    const [user] = await db().insert(users).values({ email: "b@example.org", username: "b@example.org" }).returning();
    // Each job reads a manuscript its author's draft holds, as the wizard's uploads are.
    const [file] = await db().insert(files).values({ kind: "manuscript", filename: "m.pdf", r2Key: "draft/manuscript/m.pdf", originalName: "m.pdf", contentType: "application/pdf", size: 1 }).returning();
    await db().insert(wizardDrafts).values({ id: `user:${user!.id}:submission`, wizard: "submission", userId: user!.id, data: {}, fileKey: file!.r2Key });
    await db().insert(extractionJobs).values([
      { id: "stalled", userId: user!.id, fileId: file!.id, status: "extracting", updatedAt: new Date(now - 20 * 60_000) },
      { id: "running", userId: user!.id, fileId: file!.id, status: "extracting", updatedAt: new Date(now - 60_000) },
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const jobs = await db().select().from(extractionJobs).orderBy(extractionJobs.id).all();
    expect(jobs.map((j) => [j.id, j.status, j.message])).toEqual([
      ["running", "extracting", null],
      ["stalled", "failed", "The manuscript could not be read in time."],
    ]);
  });


  it("drops expired sessions, long-expired tokens and old rate-limit windows, and keeps the rest", async () => {
    const now = Date.now();
    const [user] = await db().insert(users).values({ email: "a@example.org", username: "a@example.org" }).returning();
    await db().insert(sessions).values([
      { id: "expired", userId: user!.id, expiresAt: new Date(now - 1000) },
      { id: "live", userId: user!.id, expiresAt: new Date(now + 3600_000) },
    ]);
    await db().insert(authTokens).values([
      { userId: user!.id, purpose: "activation", tokenHash: "old", expiresAt: new Date(now - 8 * 86_400_000) },
      { userId: user!.id, purpose: "password_reset", tokenHash: "recent", expiresAt: new Date(now - 3600_000) },
    ]);
    await db().insert(rateLimits).values([
      { key: "old", windowStart: Math.floor((now - 2 * 86_400_000) / 1000), count: 3 },
      { key: "current", windowStart: Math.floor(now / 1000), count: 1 },
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await db().select({ id: sessions.id }).from(sessions)).map((s) => s.id)).toEqual(["live"]);
    expect((await db().select({ h: authTokens.tokenHash }).from(authTokens)).map((t) => t.h)).toEqual(["recent"]);
    expect((await db().select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k)).toEqual(["current"]);
  });

  it("queues again a mail that has waited in the outbox for ten minutes, and only that one", async () => {
    const now = Date.now();
    await db().insert(outbox).values([
      { template: "activation", toAddress: "a@example.org", payload: {}, createdAt: new Date(now - 11 * 60_000) },
      { template: "activation", toAddress: "b@example.org", payload: {}, createdAt: new Date(now - 60_000) },
      { template: "activation", toAddress: "c@example.org", payload: {}, status: "sent", createdAt: new Date(now - 3600_000) },
    ]);
    expect(await requeueStalled(services(), now)).toBe(1);
  });

  it("releases a delivery's claim older than the timeout (the delivery was stopped) and queues the row again; a fresh claim stays", async () => {
    const now = Date.now();
    const [stale, fresh] = await db()
      .insert(outbox)
      .values([
        { template: "activation", toAddress: "a@example.org", payload: {}, status: "sending", attempts: 1, claimedAt: new Date(now - CLAIM_TIMEOUT_MS - 1000) },
        { template: "activation", toAddress: "b@example.org", payload: {}, status: "sending", attempts: 1, claimedAt: new Date(now - 10_000) },
      ])
      .returning();
    expect(await releaseStaleClaims(services(), now)).toBe(1);
    expect(await db().select().from(outbox).where(eq(outbox.id, stale!.id)).get()).toMatchObject({ status: "failed", attempts: 1, claimedAt: null, lastError: "The delivery was interrupted before it finished; queued again." });
    expect(await db().select().from(outbox).where(eq(outbox.id, fresh!.id)).get()).toMatchObject({ status: "sending" });
  });
});
