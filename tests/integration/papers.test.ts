import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { files, paperAuthors, papers, paperStatusDrafts, registrations } from "~/db/schema";
import { asAdmin, asAuthor, deletePaper, getPaper, listPapers, mySubmissions, parsePaperQuery, SEARCH_COUNT_CAP } from "~/features/papers/papers.server";
import { stagedCount } from "~/features/papers/staging.server";
import { createConference, createPaper, createUser, db, resetDatabase, services, sessionJar, textOf, visit } from "./fixtures";

/** The papers model: whoever asks sees only what they may, in as many round trips however many papers. */
beforeEach(resetDatabase);

async function twoAuthors() {
  const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-03" });
  const ada = await createUser({ email: "ada@example.org", firstName: "Ada", lastName: "Byron" });
  const bo = await createUser({ email: "bo@example.org", firstName: "Bo", lastName: "Chen" });
  const office = await createUser({ email: "office@example.org", role: "admin" });
  const adas = await createPaper({ conferenceId: conference.id, submitterId: ada.id, authors: [{ userId: ada.id, email: ada.email, lastName: "Byron" }], paper: { title: "Liquidity in Bond Markets" } });
  // Bo's paper lists Ada as a co-author.
  const listed = await createPaper({
    conferenceId: conference.id,
    submitterId: bo.id,
    authors: [{ userId: bo.id, email: bo.email, lastName: "Chen" }, { userId: ada.id, email: ada.email, lastName: "Byron", isCorresponding: false }],
    paper: { title: "Options and Volatility", status: "accepted" },
  });
  const bos = await createPaper({ conferenceId: conference.id, submitterId: bo.id, authors: [{ userId: bo.id, email: bo.email, lastName: "Chen" }], paper: { title: "Private Equity Returns" } });
  return { conference, ada, bo, office, adas, listed, bos };
}

const roundTrips = (r: Response) => Number(/d1-render;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1]);

describe("who sees which paper", () => {
  it("shows an author the papers they submitted or are listed on, with their role, and nobody else's", async () => {
    const { ada, office, adas, listed } = await twoAuthors();
    const mine = await mySubmissions({ db: db() }, asAuthor(ada));
    expect(mine.map((p) => [p.id, p.roles])).toEqual(
      expect.arrayContaining([
        [adas.id, ["submitter", "corresponding_author"]],
        [listed.id, ["co_author"]],
      ]),
    );
    expect(mine).toHaveLength(2);
    // An administrator's own My Submissions is theirs alone; the office sees every paper.
    expect(await mySubmissions({ db: db() }, asAuthor(office))).toEqual([]);
    expect(await mySubmissions({ db: db() }, asAdmin(office))).toHaveLength(3);
    expect(() => asAdmin(ada)).toThrow();
  });

  it("gives one paper with its authors and files to whoever may see it, and nothing to anyone else", async () => {
    const { ada, bo, office, listed, bos } = await twoAuthors();
    await db().insert(files).values({ kind: "manuscript", filename: "x1.pdf", r2Key: "manuscript/x1.pdf", originalName: "paper.pdf", contentType: "application/pdf", size: 10, paperId: listed.id }).run();
    const seen = (await getPaper({ db: db() }, asAuthor(ada), listed.id))!;
    expect(seen).toMatchObject({ id: listed.id, title: "Options and Volatility", number: "MS27~102" });
    expect(seen.authors.map((a) => a.lastName)).toEqual(["Chen", "Byron"]);
    expect(seen.files.map((f) => f.originalName)).toEqual(["paper.pdf"]);
    expect(await getPaper({ db: db() }, asAuthor(ada), bos.id)).toBeNull();
    expect((await getPaper({ db: db() }, asAdmin(office), bos.id))!.authors).toHaveLength(1);
    expect(await getPaper({ db: db() }, asAuthor(office), bos.id)).toBeNull();
    expect((await getPaper({ db: db() }, asAuthor(bo), bos.id))!.id).toBe(bos.id);
  });

  it("lists a conference's papers for the console: searched by author, filtered by status, counted, paged", async () => {
    const { conference, ada, office } = await twoAuthors();
    const query = (search: string) => parsePaperQuery(new URL(`https://society.test/admin/papers?${search}`), conference.id);
    const all = await listPapers({ db: db() }, asAdmin(office), query(""));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.paperNumber)).toEqual([2, 1, 0]);
    expect(all.rows[2]).toMatchObject({ title: "Liquidity in Bond Markets", firstAuthor: { email: "ada@example.org" }, registrations: 0, fileKinds: [] });
    const byAuthor = await listPapers({ db: db() }, asAdmin(office), query("q=BYRON"));
    expect(byAuthor.rows.map((r) => r.title).sort()).toEqual(["Liquidity in Bond Markets", "Options and Volatility"]);
    expect((await listPapers({ db: db() }, asAdmin(office), query("status=accepted"))).rows.map((r) => r.title)).toEqual(["Options and Volatility"]);
    expect((await listPapers({ db: db() }, asAdmin(office), query("q=ada%40example"))).total).toBe(2);
    // The list is the office's: an author reads their papers through My Submissions, and is refused here.
    await expect(listPapers({ db: db() }, asAuthor(ada), query(""))).rejects.toMatchObject({ status: 403 });
  });
});

describe("the console's list reads what it shows from the paper itself", () => {
  const query = (conferenceId: number, search = "") => parsePaperQuery(new URL(`https://society.test/admin/papers?${search}`), conferenceId);

  it("keeps each row's first author, file kinds, confirmed registrations and staged decision in step with those records", async () => {
    const { conference, office, adas } = await twoAuthors();
    const row = async () => (await listPapers({ db: db() }, asAdmin(office), query(conference.id))).rows.find((r) => r.id === adas.id)!;
    expect(await row()).toMatchObject({ firstAuthor: { email: "ada@example.org", lastName: "Byron" }, fileKinds: [], registrations: 0, staged: null });

    // A new first author (the editor rewrites the order), then renamed.
    await db().update(paperAuthors).set({ authorOrder: 2 }).where(eq(paperAuthors.paperId, adas.id)).run();
    await db().insert(paperAuthors).values({ paperId: adas.id, authorOrder: 1, firstName: "Cleo", lastName: "Dunn", email: "cleo@example.org", institution: "Test University" }).run();
    expect((await row()).firstAuthor).toEqual({ firstName: "Cleo", lastName: "Dunn", email: "cleo@example.org" });
    await db().update(paperAuthors).set({ lastName: "Dunn-Ross" }).where(eq(paperAuthors.email, "cleo@example.org")).run();
    expect((await row()).firstAuthor?.lastName).toBe("Dunn-Ross");
    await db().delete(paperAuthors).where(eq(paperAuthors.email, "cleo@example.org")).run();
    expect((await row()).firstAuthor?.email).toBe("ada@example.org");

    // Files: a manuscript and a blind copy, then the blind copy removed.
    const file = (kind: "manuscript" | "blind_copy") => ({ kind, filename: `${kind}-${adas.id}.pdf`, r2Key: `${kind}/${adas.id}.pdf`, originalName: "p.pdf", contentType: "application/pdf", size: 8, paperId: adas.id });
    await db().insert(files).values([file("manuscript"), file("blind_copy")]).run();
    expect((await row()).fileKinds.sort()).toEqual(["blind_copy", "manuscript"]);
    await db().delete(files).where(eq(files.kind, "blind_copy")).run();
    expect((await row()).fileKinds).toEqual(["manuscript"]);

    // Registrations count once confirmed, and no longer once cancelled.
    const registration = { conferenceId: conference.id, paperId: adas.id, participantEmail: "ada@example.org", feeType: "standard" as const, amount: 45000, currency: "EUR" as const };
    const [pending] = await db().insert(registrations).values({ ...registration, status: "pending" }).returning();
    expect((await row()).registrations).toBe(0);
    await db().update(registrations).set({ status: "confirmed" }).where(eq(registrations.id, pending!.id)).run();
    await db().insert(registrations).values({ ...registration, status: "confirmed", participantEmail: "bo@example.org" }).run();
    expect((await row()).registrations).toBe(2);
    await db().update(registrations).set({ status: "cancelled" }).where(eq(registrations.id, pending!.id)).run();
    expect((await row()).registrations).toBe(1);

    // A staged decision, changed, then unstaged; the banner's count follows.
    await db().insert(paperStatusDrafts).values({ paperId: adas.id, conferenceId: conference.id, fromStatus: "under_review", toStatus: "accepted", stagedAt: new Date() }).run();
    expect((await row()).staged).toBe("accepted");
    expect(await stagedCount({ db: db() }, conference.id)).toBe(1);
    await db().update(paperStatusDrafts).set({ toStatus: "rejected" }).where(eq(paperStatusDrafts.paperId, adas.id)).run();
    expect((await row()).staged).toBe("rejected");
    await db().delete(paperStatusDrafts).where(eq(paperStatusDrafts.paperId, adas.id)).run();
    expect(await row()).toMatchObject({ staged: null });
    expect(await stagedCount({ db: db() }, conference.id)).toBe(0);
  });

  it("counts a search's matches up to 30, shows more as 30+, and pages through them highest number first", async () => {
    const conference = await createConference({ status: "open" });
    const other = await createConference({ status: "open" });
    const office = await createUser({ email: "office@example.org", role: "admin" });
    for (let i = 0; i < 60; i++) await createPaper({ conferenceId: conference.id, submitterId: null, authors: [{}], paper: { title: i % 10 === 9 ? `Pricing ${i}` : `Liquidity ${i}` } });
    await createPaper({ conferenceId: other.id, submitterId: null, authors: [{}], paper: { title: "Liquidity elsewhere" } });
    const first = await listPapers({ db: db() }, asAdmin(office), query(conference.id, "q=liquidity"));
    // 54 match: the count stops past 30.
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, conferenceTotal: 60 });
    expect(first.rows.map((r) => r.paperNumber)).toEqual([58, 57, 56, 55, 54, 53, 52, 51, 50, 48, 47, 46, 45, 44, 43, 42, 41, 40, 38, 37, 36, 35, 34, 33, 32]);
    const second = await listPapers({ db: db() }, asAdmin(office), query(conference.id, `q=liquidity&after=${first.next}&start=26`));
    expect(second.rows.map((r) => r.paperNumber)).toEqual([31, 30, 28, 27, 26, 25, 24, 23, 22, 21, 20, 18, 17, 16, 15, 14, 13, 12, 11, 10, 8, 7, 6, 5, 4]);
    // From the 26th on, 29 match: counted exactly.
    expect(second).toMatchObject({ total: 54, totalCapped: false });
    const third = await listPapers({ db: db() }, asAdmin(office), query(conference.id, `q=liquidity&after=${second.next}&start=51`));
    expect(third.rows.map((r) => r.paperNumber)).toEqual([3, 2, 1, 0]);
    expect(third.next).toBeNull();
    const back = await listPapers({ db: db() }, asAdmin(office), query(conference.id, `q=liquidity&before=${third.previous}&start=26`));
    expect(back.rows.map((r) => r.paperNumber)).toEqual(second.rows.map((r) => r.paperNumber));
    // Two letters are looked for without the trigram index, in this conference alone.
    expect((await listPapers({ db: db() }, asAdmin(office), query(other.id, "q=el"))).rows.map((r) => r.title)).toEqual(["Liquidity elsewhere"]);
  });

  it("finds a paper moved to another conference under its new number there, and no longer in the first", async () => {
    const { conference, office, bos } = await twoAuthors();
    const other = await createConference({ status: "open" });
    await db().update(papers).set({ conferenceId: other.id, paperNumber: 7 }).where(eq(papers.id, bos.id)).run();
    expect((await listPapers({ db: db() }, asAdmin(office), query(conference.id, "q=private"))).rows).toEqual([]);
    expect((await listPapers({ db: db() }, asAdmin(office), query(other.id, "q=private"))).rows.map((r) => [r.id, r.paperNumber])).toEqual([[bos.id, 7]]);
    await db().update(papers).set({ title: "Venture Capital Returns" }).where(eq(papers.id, bos.id)).run();
    expect((await listPapers({ db: db() }, asAdmin(office), query(other.id, "q=venture"))).total).toBe(1);
    expect((await listPapers({ db: db() }, asAdmin(office), query(other.id, "q=private"))).total).toBe(0);
  });
});

describe("My Submissions", () => {
  it("reads its list in the same round trips for one paper as for twelve", async () => {
    const { ada } = await twoAuthors();
    const jar = await sessionJar(ada);
    const few = await visit(jar, "/dashboard?tab=submissions");
    expect(few.status).toBe(200);
    const conference = await createConference({ status: "open" });
    for (let i = 0; i < 10; i++) await createPaper({ conferenceId: conference.id, submitterId: ada.id, authors: [{ userId: ada.id, email: ada.email }], paper: { title: `Paper ${i}` } });
    const many = await visit(jar, "/dashboard?tab=submissions");
    expect(textOf(await many.text())).toContain("Paper 9");
    expect(roundTrips(many)).toBeGreaterThan(0);
    expect(roundTrips(many)).toBe(roundTrips(few));
  });
});

describe("deleting a paper", () => {
  it("lets the office delete a decided paper and its stored files; an author only their own under review", async () => {
    const { ada, office, listed, adas } = await twoAuthors();
    await env.FILES.put("manuscript/decided.pdf", "%PDF-1.4");
    await db().insert(files).values({ kind: "manuscript", filename: "decided.pdf", r2Key: "manuscript/decided.pdf", originalName: "p.pdf", contentType: "application/pdf", size: 8, paperId: listed.id }).run();
    await expect(deletePaper(services(), asAuthor(ada), listed.id)).rejects.toMatchObject({ status: 403 });
    await deletePaper(services(), asAdmin(office), listed.id);
    expect(await db().select().from(papers).where(eq(papers.id, listed.id)).get()).toBeUndefined();
    expect(await env.FILES.head("manuscript/decided.pdf")).toBeNull();
    await deletePaper(services(), asAuthor(ada), adas.id);
    expect(await db().select().from(papers).all()).toHaveLength(1);
  });
});
