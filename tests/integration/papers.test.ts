import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { files, papers } from "~/db/schema";
import { asAdmin, asAuthor, deletePaper, getPaper, listPapers, mySubmissions, parsePaperQuery } from "~/features/papers/papers.server";
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
    // An author asking gets their own papers only, whatever the filter.
    expect((await listPapers({ db: db() }, asAuthor(ada), query(""))).total).toBe(2);
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
