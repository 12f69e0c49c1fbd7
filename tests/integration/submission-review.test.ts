import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, papers } from "~/db/schema";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { textPdf } from "../fixtures/text-pdf";
import { authorFields, bytesOf, createConference, createPaper, createUser, db, type Jar, postForm, postMultipart, sessionJar, textOf, visit } from "./fixtures";
import { freshSubmissionState, manuscripts, stepPath, areas, author, draftOf } from "./wizard-fixtures";

/**
 * What the wizard asks besides the spec's fields, through the Worker with real D1, R2 and the
 * extraction engine: keywords and JEL codes (pre-filled, checked, stored, shown), the blind copy
 * (checked by content, read, its names warned of, stored with the paper, downloadable by its
 * authors and the office only), and the last look before Submit (its links back, and its Submit).
 */
freshSubmissionState();
const docs = manuscripts;

const SUMMARY = "/dashboard?tab=submit&step=5&review=1";
const me = { firstName: "Nadia", lastName: "Okafor", institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" };

const runJob = (id: unknown) => runExtractionJob({ db: db(), files: env.FILES }, String(id));

function uploadStep(jar: Jar, field: "manuscript" | "blindCopy", bytes: Uint8Array, name: string, intent = "upload") {
  const form = new FormData();
  form.set("step", "2");
  form.set("intent", intent);
  form.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name));
  return postMultipart(jar, stepPath(2), form);
}

/** Steps 1 and 2 with the project's manuscript, read as the extraction Worker would. */
async function throughUpload(jar: Jar, userId: number, conferenceId: number) {
  expect((await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conferenceId), manuscriptType: "regular" })).headers.get("Location")).toBe(stepPath(2));
  expect((await uploadStep(jar, "manuscript", bytesOf(docs().pdf), "paper.pdf")).status).toBe(302);
  await runJob((await draftOf(userId))!.data.extractionJobId);
  expect((await postForm(jar, stepPath(2), { step: "2", intent: "next" })).headers.get("Location")).toBe(stepPath(3));
}

/** Steps 3 and 4 as kept, and the authors step's "Review and submit" with the signed-in author alone. */
async function toSummary(jar: Jar, user: { email: string }, step3: Record<string, string>) {
  expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Trade credit", manuscriptAbstract: "A short abstract.", ...step3 })).headers.get("Location")).toBe(stepPath(4));
  expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).headers.get("Location")).toBe(stepPath(5));
  const review = await postForm(jar, stepPath(5), { step: "5", intent: "review", ...authorFields([{ ...me, email: user.email }]) });
  expect(review.headers.get("Location")).toBe(SUMMARY);
}

const submitFromSummary = async (jar: Jar, userId: number) =>
  postForm(jar, SUMMARY, { step: "5", intent: "submit", fromSummary: "1", submissionKey: String((await draftOf(userId))!.data.submissionKey) });

describe("keywords and JEL codes", () => {
  it("pre-fills them from the manuscript, refuses a code that is not JEL's, and stores and shows them with the paper", async () => {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-04" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);
    const truth = JSON.parse(docs().pdfTruth) as { keywords: string[]; jel: string[] };
    const kept = (await draftOf(user.id))!.data;
    expect(kept.keywords).toBe(truth.keywords.join(", "));
    expect(kept.jelCodes).toBe(truth.jel.join(", "));
    const step3 = await (await visit(jar, stepPath(3))).text();
    expect(step3).toContain(`value="${truth.jel.join(", ")}"`);
    expect(textOf(step3)).toMatch(/Keywords[\s\S]*Filled in from your manuscript/);

    // A code of no JEL category, a letter alone and too many keywords: refused on their fields, the step kept as typed.
    const wrong = await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Trade credit", manuscriptAbstract: "A short abstract.", keywords: "a, b, c, d, e, f, g, h, i, j, k", jelCodes: "G12, X99, E" });
    expect(wrong.status).toBe(400);
    const body = await wrong.text();
    expect(body).toMatch(/id="jelCodes-error">&quot;X99&quot;, &quot;E&quot; are not JEL codes: a JEL code is a letter and one or two digits, such as G12 or E44.</);
    expect(body).toContain('id="keywords-error">At most 10 keywords.<');
    expect((await draftOf(user.id))!.step).toBe(3);
    expect((await draftOf(user.id))!.data.jelCodes).toBe("G12, X99, E");

    // Lower case, spaces and a repeat are read as the codes meant.
    await toSummary(jar, user, { keywords: "Liquidity; Trade credit, liquidity", jelCodes: "g12 e44, G12" });
    expect((await submitFromSummary(jar, user.id)).headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
    const paper = (await db().select().from(papers).get())!;
    expect(paper.keywords).toEqual(["Liquidity", "Trade credit"]);
    expect(paper.jelCodes).toEqual(["G12", "E44"]);

    const mine = textOf(await (await visit(jar, "/dashboard?tab=submissions")).text());
    expect(mine).toContain("Keywords Liquidity, Trade credit");
    expect(mine).toContain("JEL codes G12, E44");
    const admin = await createUser({ role: "admin", email: "office@example.org" });
    const details = textOf(await (await visit(await sessionJar(admin), `/admin/papers/${paper.id}`)).text());
    expect(details).toContain("Keywords Liquidity, Trade credit");
    expect(details).toContain("JEL codes G12, E44");
    // Another member's list does not carry the paper.
    const stranger = await createUser({ email: "someone@example.org" });
    expect(textOf(await (await visit(await sessionJar(stranger), "/dashboard?tab=submissions")).text())).not.toContain("G12, E44");
  });
});

describe("the blind copy", () => {
  const named = (who: string) => textPdf(["Trade Credit and Liquidity", who, "Abstract", "We study trade credit across many firms and years.", "1. Introduction", "The text of the paper."]);

  it("is checked by content, read, warned of when it names an author, replaced, and stored with the paper for its authors and the office", async () => {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-04" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);

    // Another type, and a PDF that is not one: refused on the blind copy's field, nothing kept.
    for (const [bytes, name, message] of [
      [new TextEncoder().encode("notes"), "notes.txt", "Blind copy: Please select a PDF or DOCX file."],
      [new TextEncoder().encode("plain text, not a PDF"), "blind.pdf", 'Blind copy: Please select a PDF or DOCX file. "blind.pdf" is not really a .pdf file: its content does not match its name.'],
    ] as const) {
      const refused = await uploadStep(jar, "blindCopy", bytes, name);
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(textOf(html.slice(html.indexOf('id="blindCopy-error"')))).toContain(message);
    }
    expect(await db().select().from(files).where(eq(files.kind, "blind_copy")).all()).toEqual([]);
    expect((await env.FILES.list({ prefix: "draft/blind-copy" })).objects).toEqual([]);
    expect((await draftOf(user.id))!.secondFileKey).toBeNull();

    // One that names the author (as "Okafor, Nadia") and gives her address: a warning, not a refusal.
    expect((await uploadStep(jar, "blindCopy", named(`Okafor, Nadia (${user.email})`), "blind.pdf")).status).toBe(302);
    const first = (await draftOf(user.id))!;
    expect(first.secondFileKey).toMatch(/^draft\/blind-copy\//);
    expect(textOf(await (await visit(jar, stepPath(2))).text())).toContain("Checking the blind copy for the authors");
    await runJob(first.data.blindCopyJobId);
    const warned = textOf(await (await visit(jar, stepPath(2))).text());
    expect(warned).toContain(`The blind copy may reveal who wrote the paper. Its first pages name Nadia Okafor, ${user.email}`);

    // Replaced by a clean one: the first one's object, row and job go.
    expect((await uploadStep(jar, "blindCopy", named("Anonymous submission"), "clean.pdf")).status).toBe(302);
    const second = (await draftOf(user.id))!;
    await runJob(second.data.blindCopyJobId);
    expect(await env.FILES.head(first.secondFileKey!)).toBeNull();
    expect(await db().select().from(files).where(eq(files.kind, "blind_copy")).all()).toHaveLength(1);
    expect(textOf(await (await visit(jar, stepPath(2))).text())).toContain("Checked: the blind copy's first pages name none of the authors.");

    await toSummary(jar, user, {});
    const summary = textOf(await (await visit(jar, SUMMARY)).text());
    expect(summary).toContain("Blind copy clean.pdf");
    expect((await submitFromSummary(jar, user.id)).status).toBe(302);
    const paper = (await db().select().from(papers).get())!;
    const stored = (await db().select().from(files).where(and(eq(files.paperId, paper.id), eq(files.kind, "blind_copy"))).get())!;
    expect(stored.r2Key).toMatch(/^blind\/copy\//);
    expect(await env.FILES.head(stored.r2Key)).not.toBeNull();
    expect((await env.FILES.list({ prefix: "draft/" })).objects).toEqual([]);

    // Its authors and the office download it; anyone else is told it is not there.
    const download = `/api/papers/${paper.id}/download/blindCopyManuscript`;
    const own = await visit(jar, download);
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer()).slice(0, 5)).toEqual(new TextEncoder().encode("%PDF-"));
    expect(textOf(await (await visit(jar, "/dashboard?tab=submissions")).text())).toContain("Download blind copy");
    const admin = await createUser({ role: "admin", email: "office@example.org" });
    expect((await visit(await sessionJar(admin), download)).status).toBe(200);
    const stranger = await createUser({ email: "someone@example.org" });
    expect((await visit(await sessionJar(stranger), download)).status).toBe(404);
  });

  it("is removed with its file, row and job, and a refused manuscript beside it leaves it as it was", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);
    expect((await uploadStep(jar, "blindCopy", named("Anonymous"), "blind.pdf")).status).toBe(302);
    const held = (await draftOf(user.id))!;
    const removed = await postForm(jar, stepPath(2), { step: "2", intent: "remove-blind-copy" });
    expect(removed.headers.get("Location")).toBe(stepPath(2));
    const after = (await draftOf(user.id))!;
    expect(after.secondFileKey).toBeNull();
    expect(after.data.blindCopyName).toBe("");
    expect(await env.FILES.head(held.secondFileKey!)).toBeNull();
    expect(await db().select().from(files).where(eq(files.kind, "blind_copy")).all()).toEqual([]);
    // The manuscript is untouched.
    expect(after.fileKey).toBe(held.fileKey);
    expect(await env.FILES.head(held.fileKey!)).not.toBeNull();
  });
});

describe("the last look before Submit", () => {
  it("checks the authors first, then shows every step with a link back, and its Submit submits what it showed", async () => {
    const conference = await createConference({ status: "open", title: "Annual Meeting 2027", startDate: "2027-06-01", endDate: "2027-06-04" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);
    expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Trade credit", manuscriptAbstract: "A short abstract.", keywords: "Liquidity", jelCodes: "G12" })).status).toBe(302);
    expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).status).toBe(302);

    // Not yet: an author without a rank is refused on the step, nothing submitted, the summary not open.
    const incomplete = await postForm(jar, stepPath(5), { step: "5", intent: "review", ...authorFields([{ ...me, email: user.email, rankTitle: "" }]) });
    expect(incomplete.status).toBe(400);
    expect(textOf(await incomplete.text())).toContain("Academic rank is required.");
    expect((await visit(jar, SUMMARY)).headers.get("Location")).toBe(stepPath(5));
    // Without the signed-in author: blocked.
    const blocked = await postForm(jar, stepPath(5), { step: "5", intent: "review", ...authorFields([{ ...me, firstName: "Other", lastName: "Person", email: "other@example.org" }]) });
    expect(blocked.status).toBe(422);
    expect(await db().select().from(papers).all()).toEqual([]);

    const review = await postForm(jar, stepPath(5), { step: "5", intent: "review", ...authorFields([{ ...me, email: user.email }]) });
    expect(review.headers.get("Location")).toBe(SUMMARY);
    expect(await db().select().from(papers).all()).toEqual([]);
    const html = await (await visit(jar, SUMMARY)).text();
    for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`href="/dashboard?tab=submit&amp;step=${n}"`);
    const page = textOf(html);
    for (const text of ["Check your submission", "Annual Meeting 2027", "Regular Paper", "paper.pdf", "Trade credit", "A short abstract.", "Keywords Liquidity", "JEL codes G12", "Capital Structure", "Nadia Okafor", "Corresponding"]) expect(page).toContain(text);

    // A post from the summary of someone without a draft makes nothing.
    const other = await createUser({ email: "someone@example.org" });
    const otherJar = await sessionJar(other);
    const stray = await postForm(otherJar, SUMMARY, { step: "5", intent: "submit", fromSummary: "1", submissionKey: String((await draftOf(user.id))!.data.submissionKey) });
    expect(stray.headers.get("Location")).toBe(stepPath(1));
    expect(await db().select().from(papers).all()).toEqual([]);

    expect((await submitFromSummary(jar, user.id)).headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
    const paper = (await db().select().from(papers).get())!;
    expect(paper).toMatchObject({ title: "Trade credit", submitterId: user.id, keywords: ["Liquidity"], jelCodes: ["G12"] });
    expect(await draftOf(user.id)).toBeNull();
  });
});

describe("keywords and JEL codes in the office's paper editor", () => {
  const AREAS = [
    { category: "I. Corporate Finance", topic: "Capital Structure" },
    { category: "I. Corporate Finance", topic: "Agency Theory" },
    { category: "II. Financial Accounting", topic: "Accounting Conservatism" },
  ];
  const editPath = (id: number, step?: number) => `/admin/papers/${id}/edit${step ? `?step=${step}` : ""}`;

  it("opens with the paper's, refuses a code that is not JEL's with nothing saved, and saves the corrected lists; an author may not", async () => {
    const conference = await createConference({ status: "active", startDate: "2027-06-01", endDate: "2027-06-03" });
    const office = await createUser({ email: "office@example.org", role: "admin" });
    const writer = await createUser({ email: "ada@example.org" });
    const paper = await createPaper({
      conferenceId: conference.id,
      submitterId: writer.id,
      authors: [{ userId: writer.id, email: writer.email, rank: "Professor", country: "GB", isCorresponding: true }],
      paper: { title: "Liquidity in Bond Markets", abstract: "We study liquidity.", researchAreas: AREAS, keywords: ["Liquidity"], jelCodes: ["G12"] },
    });
    const jar = await sessionJar(office);
    const html = await (await visit(jar, editPath(paper.id))).text();
    expect(html).toContain('value="G12"');
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
    const step1 = (fields: Record<string, string>) => ({
      step: "1",
      intent: "save",
      editId: hidden("editId"),
      seen: hidden("seen"),
      manuscriptType: "regular",
      conferenceId: String(conference.id),
      manuscriptTitle: "Liquidity in Bond Markets",
      manuscriptAbstract: "We study liquidity.",
      status: "under_review",
      ...Object.fromEntries(AREAS.flatMap((a, i) => [[`researchArea${i + 1}Category`, a.category], [`researchArea${i + 1}`, a.topic]])),
      ...fields,
    });

    const before = (await db().select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const wrong = await postForm(jar, editPath(paper.id, 1), step1({ keywords: "Liquidity, Bonds", jelCodes: "G12, W1" }));
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain('"W1" is not a JEL code');
    expect(await db().select().from(papers).where(eq(papers.id, paper.id)).get()).toEqual(before);

    // The author of the paper is not the office.
    const theirs = await postForm(await sessionJar(writer), editPath(paper.id, 1), step1({ keywords: "Taken over", jelCodes: "A1" }));
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect(await db().select().from(papers).where(eq(papers.id, paper.id)).get()).toEqual(before);

    const saved = await postForm(jar, editPath(paper.id, 1), step1({ keywords: "Liquidity, Bonds", jelCodes: "g12, E44" }));
    expect(saved.status).toBe(302);
    expect(await db().select({ keywords: papers.keywords, jelCodes: papers.jelCodes }).from(papers).where(eq(papers.id, paper.id)).get()).toEqual({ keywords: ["Liquidity", "Bonds"], jelCodes: ["G12", "E44"] });
  });
});
