import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, conferences, files, outbox, paperAuthors, papers, wizardDrafts } from "~/db/schema";
import { asAdmin, getPaper } from "~/features/papers/papers.server";
import { savePaper } from "~/features/papers/paper-editor.server";
import { authorFields, clearBucket, createConference, createPaper, createUser, db, Jar, postForm, postMultipart, resetDatabase, services, sessionJar, storeFile, textOf, visit } from "./fixtures";

beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const AREAS = [
  { category: "I. Corporate Finance", topic: "Capital Structure" },
  { category: "I. Corporate Finance", topic: "Agency Theory" },
  { category: "II. Financial Accounting", topic: "Accounting Conservatism" },
];

async function setting() {
  const conference = await createConference({ title: "Lisbon 2027", status: "active", startDate: "2027-06-01", endDate: "2027-06-03" });
  const other = await createConference({ title: "Porto 2028", status: "open", startDate: "2028-06-01", endDate: "2028-06-03" });
  const office = await createUser({ email: "office@example.org", role: "admin" });
  const author = await createUser({ email: "ada@example.org", firstName: "Ada", lastName: "Byron" });
  const paper = await createPaper({
    conferenceId: conference.id,
    submitterId: author.id,
    authors: [
      { userId: author.id, email: author.email, firstName: "Ada", lastName: "Byron", rank: "Professor", country: "GB", isCorresponding: false },
      { email: "bo@example.org", firstName: "Bo", lastName: "Chen", rank: "Lecturer", country: "CN", isCorresponding: false },
    ],
    paper: { title: "Liquidity in Bond Markets", abstract: "We study liquidity.", researchAreas: AREAS },
  });
  const manuscript = await storeFile({ kind: "manuscript", bytes: "%PDF-1.7\nold", originalName: "old.pdf", contentType: "application/pdf", paperId: paper.id });
  return { conference, other, office, author, paper, manuscript, jar: await sessionJar(office) };
}

const editPath = (id: number, step?: number) => `/admin/papers/${id}/edit${step ? `?step=${step}` : ""}`;

/** The hidden fields the dialog's form carries from the opening on. */
async function opening(jar: Jar, paperId: number) {
  const html = await (await visit(jar, editPath(paperId))).text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  return { editId: hidden("editId"), seen: hidden("seen"), html };
}

function step1(fields: Record<string, string> = {}) {
  return {
    step: "1",
    intent: "next",
    manuscriptType: "regular",
    conferenceId: "",
    manuscriptTitle: "Liquidity in Bond Markets",
    manuscriptAbstract: "We study liquidity.",
    status: "under_review",
    ...Object.fromEntries(AREAS.flatMap((a, i) => [[`researchArea${i + 1}Category`, a.category], [`researchArea${i + 1}`, a.topic]])),
    ...fields,
  };
}

const authorRow = (r: Record<string, string>) => ({ salutation: "", firstName: "Ada", middleName: "", lastName: "Byron", email: "ada@example.org", institution: "Test University", department: "", rankTitle: "Professor", rankOther: "", country: "GB", state: "", address1: "", address2: "", city: "", postalCode: "", ...r });

const unchanged = async (paperId: number, before: typeof papers.$inferSelect) => expect(await db().select().from(papers).where(eq(papers.id, paperId)).get()).toEqual(before);

describe("the paper editor: who may use it", () => {
  it("is refused to anyone but an administrator, and a paper that does not exist is a 404", async () => {
    const { paper, author } = await setting();
    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const anonymous = await visit(new Jar(), editPath(paper.id));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const authorJar = await sessionJar(author);
    expect((await visit(authorJar, editPath(paper.id))).status).toBe(403);
    const posted = await postForm(authorJar, editPath(paper.id, 1), { ...step1({ manuscriptTitle: "Taken over" }), intent: "save" });
    expect(posted.status).toBe(403);
    await unchanged(paper.id, before);

    const office = await sessionJar(await createUser({ email: "chief@example.org", role: "admin" }));
    expect((await visit(office, editPath(paper.id + 100))).status).toBe(404);
    expect((await postForm(office, editPath(paper.id + 100, 1), step1())).status).toBe(404);
  });
});

describe("the paper editor's steps", () => {
  it("opens with the paper's values; the first author is corresponding when none is flagged", async () => {
    const { paper, jar, conference } = await setting();
    const { html, seen } = await opening(jar, paper.id);
    const text = textOf(html);
    expect(text).toContain("Edit Paper MS27~101");
    expect(text).toContain("Step 1 of 3");
    expect(text).toContain("Maximum 300 words.");
    expect(text).toContain("3 words, 19 characters");
    expect(seen).toBe(String(paper.updatedAt.getTime()));
    expect(html).toMatch(new RegExp(`<option value="${conference.id}" selected="">`));
    // Status options in the order of the statuses, revision required included.
    const statuses = [...html.matchAll(/<option value="(under_review|accepted|rejected|incomplete|revision_required)"/g)].map((m) => m[1]);
    expect(statuses).toEqual(["under_review", "accepted", "rejected", "incomplete", "revision_required"]);
    const authors = await (await visit(jar, editPath(paper.id, 2))).text();
    expect(authors).toMatch(/name="authors\[0\]\[isCorresponding\]" checked=""/);
    expect(authors).not.toMatch(/name="authors\[1\]\[isCorresponding\]" checked=""/);
  });

  it("answers an invalid Next with 400 and the spec's message for each step, and saves nothing", async () => {
    const { paper, jar, conference } = await setting();
    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const { editId, seen } = await opening(jar, paper.id);
    const first = await postForm(jar, editPath(paper.id, 1), step1({ editId, seen, conferenceId: String(conference.id), manuscriptTitle: " ", researchArea3Category: "", researchArea3: "" }));
    expect(first.status).toBe(400);
    const firstText = textOf(await first.text());
    expect(firstText).toContain("Please fill in all required fields correctly.");
    expect(firstText).toContain("Title is required.");
    expect(firstText).toContain("Choose the category of the tertiary research area.");
    expect(firstText).toContain("Step 1 of 3");

    const second = await postForm(jar, editPath(paper.id, 2), {
      step: "2",
      intent: "next",
      editId,
      seen,
      ...authorFields([authorRow({ country: "", isCorresponding: "on" }), authorRow({ firstName: "Bo", lastName: "Chen", email: "bo@example.org", rankTitle: "Other", rankOther: "" })]),
    });
    expect(second.status).toBe(400);
    const secondText = textOf(await second.text());
    expect(secondText).toContain("Please fill in all required fields correctly.");
    expect(secondText).toContain("Country is required.");
    expect(secondText).toContain("The rank is required when rank is Other.");
    expect(secondText).toContain("Step 2 of 3");
    const none = await postForm(jar, editPath(paper.id, 2), { step: "2", intent: "next", editId, seen, ...authorFields([authorRow({}), authorRow({ firstName: "Bo", lastName: "Chen", email: "bo@example.org" })]) });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("Choose the corresponding author.");
    await unchanged(paper.id, before);
  });

  it("refuses Save with an incomplete step: 'Please complete all required fields in section N.', the dialog at that step, nothing saved", async () => {
    const { paper, jar, conference } = await setting();
    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const { editId, seen } = await opening(jar, paper.id);
    // Step 2 kept with an author lacking an e-mail (Previous keeps what is typed, unchecked).
    const back = await postForm(jar, editPath(paper.id, 2), { step: "2", intent: "previous", editId, seen, ...authorFields([authorRow({ email: "", isCorresponding: "on" })]) });
    expect(back.headers.get("Location")).toBe(editPath(paper.id, 1));
    const saved = await postForm(jar, editPath(paper.id, 1), step1({ editId, seen, conferenceId: String(conference.id), intent: "save", manuscriptTitle: "A new title" }));
    expect(saved.status).toBe(400);
    // The page without JavaScript: the message, and the dialog at step 2 with the author's error.
    const text = textOf(await saved.text());
    expect(text).toContain("Please complete all required fields in section 2.");
    expect(text).toContain("Step 2 of 3");
    expect(text).toContain("E-mail is required.");
    await unchanged(paper.id, before);
    // What was typed in step 1 is kept for the next visit.
    expect(textOf(await (await visit(jar, editPath(paper.id, 1))).text())).toContain("A new title");
  });
});

describe("saving", () => {
  it("saves every step without JavaScript: the paper moved and renumbered, its authors, a replaced manuscript, the status change as a decision", async () => {
    const { paper, jar, other, office, manuscript } = await setting();
    await createPaper({ conferenceId: other.id, submitterId: null, authors: [{}] });
    const { editId, seen } = await opening(jar, paper.id);
    const next1 = await postForm(jar, editPath(paper.id, 1), step1({ editId, seen, conferenceId: String(other.id), manuscriptType: "invited", manuscriptTitle: "Liquidity, Revisited", status: "accepted" }));
    expect(next1.status).toBe(302);
    expect(next1.headers.get("Location")).toBe(editPath(paper.id, 2));
    const step2 = textOf(await (await visit(jar, editPath(paper.id, 2))).text());
    expect(step2).toContain("Step 2 of 3");
    expect(step2).toContain("Bo Chen");

    // Without JavaScript, Add author is a post: the step comes back with a new card.
    const rows = [
      authorRow({ firstName: "Bo", lastName: "Chen", email: "bo@example.org", rankTitle: "Other", rankOther: "Visiting Scholar", country: "US", state: "CA", address1: "1 Main St", city: "Berkeley", postalCode: "94720", isCorresponding: "on" }),
      authorRow({ salutation: "Dr.", middleName: "K.", department: "Economics" }),
    ];
    const added = await postForm(jar, editPath(paper.id, 2), { step: "2", intent: "author:add", editId, seen, ...authorFields(rows) });
    expect(added.headers.get("Location")).toBe(`${editPath(paper.id, 2)}&added=1#author-3`);
    const removed = await postForm(jar, editPath(paper.id, 2), { step: "2", intent: "author:remove:2", editId, seen, ...authorFields([...rows, authorRow({ firstName: "", lastName: "", email: "" })]) });
    expect(removed.headers.get("Location")).toBe(`${editPath(paper.id, 2)}#author-2`);
    const next2 = await postForm(jar, editPath(paper.id, 2), { step: "2", intent: "next", editId, seen, ...authorFields(rows) });
    expect(next2.headers.get("Location")).toBe(editPath(paper.id, 3));
    const step3 = textOf(await (await visit(jar, editPath(paper.id, 3))).text());
    expect(step3).toContain("Current file: old.pdf");

    const form = new FormData();
    for (const [k, v] of Object.entries({ step: "3", intent: "save", editId, seen })) form.set(k, v);
    form.set("manuscript", new File(["%PDF-1.7\nnew manuscript"], "Revised Paper.pdf", { type: "application/pdf" }));
    form.set("blind_copy", new File(["%PDF-1.7\nanonymised"], "Blind.pdf", { type: "application/pdf" }));
    const saved = await postMultipart(jar, editPath(paper.id, 3), form);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/papers?conference=${other.id}&done=updated`);

    const after = (await getPaper({ db: db() }, asAdmin(office), paper.id))!;
    expect(after).toMatchObject({ title: "Liquidity, Revisited", manuscriptType: "invited", status: "accepted", conferenceId: other.id, paperNumber: 1, number: "MS28~102" });
    expect((await db().select().from(conferences).where(eq(conferences.id, other.id)).get())!.paperCounter).toBe(2);
    expect(after.authors.map((a) => [a.authorOrder, a.firstName, a.isCorresponding, a.rank, a.rankOther])).toEqual([
      [1, "Bo", true, "Other", "Visiting Scholar"],
      [2, "Ada", false, "Professor", null],
    ]);
    expect(after.authors[0]!.address).toEqual({ address1: "1 Main St", city: "Berkeley", postalCode: "94720", country: "US", state: "CA" });
    expect(after.authors[1]).toMatchObject({ salutation: "Dr.", middleName: "K.", department: "Economics", address: null });
    // Ada's row links to her account again; Bo has none.
    expect(after.authors.map((a) => a.userId)).toEqual([null, paper.submitterId]);
    expect(after.files.map((f) => [f.kind, f.originalName])).toEqual([
      ["blind_copy", "Blind.pdf"],
      ["manuscript", "Revised Paper.pdf"],
    ]);
    const keys = (await env.FILES.list()).objects.map((o) => o.key);
    expect(keys).not.toContain(manuscript.r2Key);
    expect(keys.sort()).toEqual(after.files.map((f) => `${f.kind.replace("_", "/")}/${f.filename}`).sort());
    const audit = await db().select().from(auditLog).all();
    expect(audit.map((a) => a.action).sort()).toEqual(["paper.edit", "paper.status"]);
    expect(audit.find((a) => a.action === "paper.status")!.details).toEqual({ from: "under_review", to: "accepted" });
    // The decision's letters: to the authors as saved, about the paper as saved.
    const letters = await db().select().from(outbox).all();
    expect(letters.map((l) => [l.template, l.toAddress])).toEqual([
      ["paper_decision", "bo@example.org"],
      ["paper_decision", "ada@example.org"],
    ]);
    expect(letters[0]!.payload).toMatchObject({ title: "Liquidity, Revisited", conference: "Porto 2028", paperNumber: "MS28~102", status: "accepted", corresponding: "Bo Chen" });
    expect(letters[1]!.payload).toMatchObject({ name: "Dr. Ada K. Byron".replace(" K.", "") });
    expect(await db().select().from(wizardDrafts).all()).toEqual([]);

    // A later save with both inputs empty keeps both files.
    const again = await opening(jar, paper.id);
    const keep = new FormData();
    for (const [k, v] of Object.entries({ ...step1({ editId: again.editId, seen: again.seen, conferenceId: String(other.id), manuscriptTitle: "Liquidity, Revisited Again" }), intent: "save" })) keep.set(k, v);
    keep.set("manuscript", new File([], ""));
    expect((await postMultipart(jar, editPath(paper.id, 1), keep)).status).toBe(302);
    expect((await getPaper({ db: db() }, asAdmin(office), paper.id))!.files.map((f) => f.originalName).sort()).toEqual(["Blind.pdf", "Revised Paper.pdf"]);
    expect((await env.FILES.list()).objects).toHaveLength(2);
  });

  it("checks a replacement by its content: a .pdf that is not a PDF is refused and the stored manuscript kept", async () => {
    const { paper, jar, manuscript, conference } = await setting();
    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const { editId, seen } = await opening(jar, paper.id);
    await postForm(jar, editPath(paper.id, 1), step1({ editId, seen, conferenceId: String(conference.id), manuscriptTitle: "Should not be saved" }));
    const form = new FormData();
    for (const [k, v] of Object.entries({ step: "3", intent: "save", editId, seen })) form.set(k, v);
    form.set("manuscript", new File(["<html>not a pdf</html>"], "paper.pdf", { type: "application/pdf" }));
    const refused = await postMultipart(jar, editPath(paper.id, 3), form);
    expect(refused.status).toBe(422);
    expect(textOf(await refused.text())).toMatch(/Please select a PDF or DOCX file\. "paper\.pdf" is not really a \.pdf file/);
    await unchanged(paper.id, before);
    expect((await env.FILES.list()).objects.map((o) => o.key)).toEqual([manuscript.r2Key]);
    expect((await db().select().from(files).where(eq(files.paperId, paper.id)).all()).map((f) => f.id)).toEqual([manuscript.id]);

    form.set("manuscript", new File(["%PDF-1.7\n"], "paper.txt"));
    const wrongType = await postMultipart(jar, editPath(paper.id, 3), form);
    expect(wrongType.status).toBe(422);
    expect(textOf(await wrongType.text())).toContain("Please select a PDF or DOCX file.");
  });

  it("refuses a save when the paper changed meanwhile: 409, nothing written, the uploaded file not kept", async () => {
    const { paper, jar, conference, office } = await setting();
    const { editId, seen } = await opening(jar, paper.id);
    // Another administrator decides on the paper while this one edits it.
    await db().update(papers).set({ status: "rejected", updatedAt: new Date(Number(seen) + 5000) }).where(eq(papers.id, paper.id));
    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...step1({ editId, seen, conferenceId: String(conference.id), manuscriptTitle: "Overwritten?", status: "accepted" }), intent: "save" })) form.set(k, v);
    form.set("manuscript", new File(["%PDF-1.7\nnew"], "new.pdf"));
    const refused = await postMultipart(jar, editPath(paper.id, 1), form);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toMatch(/changed by someone else while you were editing it, so nothing was saved/);
    await unchanged(paper.id, before);
    expect((await env.FILES.list()).objects).toHaveLength(1);

    // The same race inside the batch: the check before it passed, the paper changed just before it ran.
    const stale = (await getPaper({ db: db() }, asAdmin(office), paper.id))!;
    await db().update(papers).set({ title: "Changed in between", updatedAt: new Date(stale.updatedAt.getTime() + 1000) }).where(eq(papers.id, paper.id));
    const authors = stale.authors.map((a, i) => ({ ...authorRow({ firstName: a.firstName, lastName: a.lastName, email: a.email }), isCorresponding: i === 0 }));
    const description = step1({ conferenceId: String(conference.id), manuscriptTitle: "Lost update", status: "accepted" });
    await expect(savePaper(services(), asAdmin(office), stale, { description, authors, uploads: { fullManuscript: null, blindCopyManuscript: null }, seen: stale.updatedAt.getTime() })).rejects.toMatchObject({ status: 409 });
    const now = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    expect(now).toMatchObject({ title: "Changed in between", status: "rejected" });
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, paper.id)).all()).map((a) => a.lastName)).toEqual(["Byron", "Chen"]);
    expect(await db().select().from(auditLog).all()).toEqual([]);
  });
});
