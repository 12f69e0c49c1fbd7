import { and, count, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chunksOf, D1_MAX_BATCH_STATEMENTS, D1_MAX_BOUND_PARAMETERS, runBatches, statementsFor } from "~/db/batch.server";
import { auditLog, outbox, paperAuthors, papers, rateLimits } from "~/db/schema";
import { decidePapers, decisionStatements, prepareDecisions } from "~/features/papers/decisions.server";
import { asAdmin, asAuthor } from "~/features/papers/papers.server";
import { createConference, createPaper, createUser, db, resetDatabase, services } from "./fixtures";

beforeEach(resetDatabase);

/** D1 refuses a statement that binds more than 100 parameters: a write that grows with a list is split. */
describe("writes that grow with a list", () => {
  it("writes 5,000 rows in one batch of statements D1 accepts, all or nothing", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ key: `bulk:${i}`, windowStart: i, count: 1 }));
    const statements = statementsFor(rows, (chunk) => db().insert(rateLimits).values(chunk));
    for (const s of statements) expect(s.toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    expect(statements.length).toBe(Math.ceil(5000 / Math.floor(D1_MAX_BOUND_PARAMETERS / 3)));
    await db().batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    expect((await db().select().from(rateLimits).all()).length).toBe(5000);

    // One statement that fails takes the whole batch back.
    const again = statementsFor(
      Array.from({ length: 500 }, (_, i) => ({ key: `again:${i}`, windowStart: i, count: 1 })),
      (chunk) => db().insert(rateLimits).values(chunk),
    );
    await expect(db().batch([...again, db().insert(rateLimits).values({ key: "bulk:0", windowStart: 0, count: 1 })] as never)).rejects.toThrow();
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, "again:0")).all()).toEqual([]);
  });

  it("counts each row's parameters as built, subqueries included", async () => {
    const conference = await createConference();
    const user = await createUser();
    const paper = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }] });
    const authors = Array.from({ length: 50 }, (_, i) => ({
      paperId: paper.id,
      authorOrder: i + 2,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `a${i}@example.org`,
      institution: "University",
      country: "GB",
      rank: "Professor",
      isCorresponding: false,
    }));
    const statements = statementsFor(authors, (chunk) => db().insert(paperAuthors).values(chunk));
    expect(statements.length).toBeGreaterThan(1);
    for (const s of statements) expect(s.toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    await db().batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, paper.id)).all()).length).toBe(51);
  });

  it("refuses a row that alone binds more than D1 takes, and cuts lists into pieces", () => {
    const wide = { a: 1 };
    expect(() => statementsFor([wide], () => ({ toSQL: () => ({ sql: "", params: new Array(101).fill(0) }) }))).toThrow(RangeError);
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
  });

  it("fits statements with parameters of their own beside the rows' (an update of many ids) within 100", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const statements = statementsFor(ids, (chunk) => db().update(papers).set({ status: "accepted", updatedAt: new Date(0) }).where(and(inArray(papers.id, chunk), eq(papers.status, "under_review"))));
    for (const s of statements) expect(s.toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    // Three parameters of the statement's own, 97 ids each.
    expect(statements.map((s) => s.toSQL().params.length - 3)).toEqual([...new Array(10).fill(97), 1000 - 970]);
  });

  it("cuts a statement whose SQL would be too long, whatever its parameters", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, windowStart: i, count: 1 }));
    const long = statementsFor(rows, (chunk) => db().insert(rateLimits).values(chunk), { maxBytes: 300 });
    for (const s of long) expect(new TextEncoder().encode(s.toSQL().sql).byteLength).toBeLessThanOrEqual(300);
    expect(long.flatMap((s) => s.toSQL().params).length).toBe(120);
  });

  it("runs statements as one batch, refuses more than one batch carries, and splits only when told the write need not be atomic", async () => {
    const statements = Array.from({ length: 7 }, (_, i) => db().insert(rateLimits).values({ key: `split:${i}`, windowStart: i, count: 1 }));
    await expect(runBatches(db(), statements, { maxStatements: 3 })).rejects.toThrow(RangeError);
    expect(await db().select().from(rateLimits).all()).toEqual([]);
    expect(await runBatches(db(), statements, { maxStatements: 3, atomic: false })).toHaveLength(7);
    expect((await db().select().from(rateLimits).all()).length).toBe(7);
    expect(D1_MAX_BATCH_STATEMENTS).toBeGreaterThanOrEqual(100);
  });

  it("decides 5,000 papers in one batch, with an audit entry and a letter each, and leaves a paper changed meanwhile as it is, unlettered", async () => {
    const conference = await createConference();
    const office = await createUser({ role: "admin" });
    const author = await createUser();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      conferenceId: conference.id,
      paperNumber: i,
      submitterId: author.id,
      manuscriptType: "regular" as const,
      title: `Paper ${i}`,
      abstract: "An abstract.",
      researchAreas: [],
    }));
    // The papers are the test's setting, not its subject: they may go in over several batches.
    const inserts = statementsFor(rows, (chunk) => db().insert(papers).values(chunk));
    await runBatches(db(), inserts, { atomic: false });
    const ids = (await db().select({ id: papers.id }).from(papers).all()).map((p) => p.id);
    expect(ids).toHaveLength(5000);
    const listed = ids.map((paperId, i) => ({ paperId, authorOrder: 1, firstName: "Ada", lastName: `Author ${i}`, email: `author${i}@example.org`, institution: "Example University", isCorresponding: true }));
    await runBatches(db(), statementsFor(listed, (chunk) => db().insert(paperAuthors).values(chunk)), { atomic: false });
    // Someone else decided the first paper meanwhile.
    await db().update(papers).set({ status: "rejected" }).where(eq(papers.id, ids[0]!)).run();

    const changes = ids.map((paperId) => ({ paperId, from: "under_review" as const, to: "accepted" as const }));
    const { statements } = decisionStatements(db(), office.id, await prepareDecisions(services(), changes));
    for (const s of statements) expect((s as unknown as { toSQL(): { params: unknown[] } }).toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    expect(statements.length).toBeLessThanOrEqual(D1_MAX_BATCH_STATEMENTS);
    await expect(decidePapers(services(), asAuthor(office), changes)).rejects.toMatchObject({ status: 403 });
    expect(() => asAdmin(author)).toThrow();

    const { changed, failed } = await decidePapers(services(), asAdmin(office), changes);
    expect(failed).toEqual([ids[0]]);
    expect(changed).toHaveLength(4999);
    expect((await db().select({ n: count() }).from(papers).where(eq(papers.status, "accepted")).get())!.n).toBe(4999);
    expect((await db().select().from(papers).where(eq(papers.id, ids[0]!)).get())!.status).toBe("rejected");
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "paper.status")).all();
    expect(audits).toHaveLength(4999);
    const letters = await db().select({ to: outbox.toAddress, template: outbox.template }).from(outbox).all();
    expect(letters).toHaveLength(4999);
    expect(letters.every((l) => l.template === "paper_decision")).toBe(true);
    expect(letters.some((l) => l.to === "author0@example.org")).toBe(false);
    expect(audits[0]).toMatchObject({ actorId: office.id, entityType: "paper", details: { from: "under_review", to: "accepted" } });
  }, 30_000);
});
