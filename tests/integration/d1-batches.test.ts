import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chunksOf, D1_MAX_BOUND_PARAMETERS, statementsFor } from "~/db/batch.server";
import { paperAuthors, rateLimits } from "~/db/schema";
import { createConference, createPaper, createUser, db, resetDatabase } from "./fixtures";

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
    expect(() => statementsFor([wide], () => ({ toSQL: () => ({ params: new Array(101).fill(0) }) }))).toThrow(RangeError);
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
  });
});
