import { createExecutionContext, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, authTokens, conferences, extractionJobs, files, outbox, paperAuthors, papers } from "~/db/schema";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { DRAFT_MANUSCRIPT_PREFIX, submissionOwner, submitPaper } from "~/features/submissions/submission.server";
import { SUBMISSION_MESSAGES, toAuthorRow } from "~/features/submissions/submission-form";
import { loadDraft, saveDraft } from "~/server/wizard/drafts.server";
import { issueToken } from "~/server/auth/tokens.server";
import { authorFields, bytesOf, createConference, createPaper, createUser, db, Jar, registrationOf, postForm, postMultipart, services, sessionJar, textOf, visit, withTableMissing } from "./fixtures";
import { freshSubmissionState, manuscripts, stepPath, areas, author, draftOf } from "./wizard-fixtures";
import { expectConsoleError } from "./console-errors";


/**
 * The submission wizard and My Submissions through the Worker, with real D1, R2 and
 * the extraction engine: what the author's posts make, and what another user, a hand-made post
 * or a second click cannot.
 */
freshSubmissionState();
const docs = manuscripts;



const r2Keys = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key);

/** Step 2's upload as the page posts it without JavaScript (`json`: as its script sends it, for JSON). */
function upload(jar: Jar, bytes: Uint8Array, name: string, { json = false } = {}) {
  const form = new FormData();
  if (!json) {
    form.set("step", "2");
    form.set("intent", "upload");
  }
  form.set("manuscript", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return postMultipart(jar, json ? "/dashboard/manuscript" : stepPath(2), form);
}
const refusal = async (r: Response) => ((await r.json()) as { message: string }).message;

/** Steps 1 and 2 with a real manuscript, its extraction run as the Worker would. */
async function throughUpload(jar: Jar, userId: number, conferenceId: number, bytes = bytesOf(docs().pdf), name = "paper.pdf") {
  expect((await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conferenceId), manuscriptType: "regular" })).headers.get("Location")).toBe(stepPath(2));
  expect((await upload(jar, bytes, name)).status).toBe(302);
  const jobId = (await draftOf(userId))!.data.extractionJobId as string;
  await runExtractionJob({ db: db(), files: env.FILES }, jobId);
  const next = await postForm(jar, stepPath(2), { step: "2", intent: "next" });
  expect(next.headers.get("Location")).toBe(stepPath(3));
}



const me = { firstName: "Nadia", lastName: "Okafor", institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" };
const coAuthor = { firstName: "Tomás", lastName: "O’Connell", email: "tomas@ucd.example", institution: "University College Dublin", country: "IE", rankTitle: "Lecturer" };

describe("the submission wizard, step by step", () => {
  it("opens step 1 on the dashboard in one D1 round trip: the session, the draft and the open conferences together", async () => {
    const open = await createConference({ status: "open", title: `Open call ${crypto.randomUUID().slice(0, 6)}` });
    const { jar } = await author();
    const page = await visit(jar, "/dashboard");
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain(open.title);
    expect(Number(/d1-render;desc=(\d+)/.exec(page.headers.get("Server-Timing") ?? "")?.[1])).toBe(1);
  });

  it("reads the draft of the account the session names, in the session's round trip, and no other account's", async () => {
    const conference = await createConference({ status: "open" });
    const mine = await author();
    const theirs = await author();
    await saveDraft(services(), submissionOwner(theirs.user.id), "submission", { step: 3, data: { conferenceId: String(conference.id), manuscriptType: "regular", manuscriptTitle: "Their own title" } });
    await saveDraft(services(), submissionOwner(mine.user.id), "submission", { step: 1, data: { conferenceId: String(conference.id), manuscriptType: "invited" } });
    const page = await visit(mine.jar, "/dashboard");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<option value="invited" selected="">/);
    expect(html).not.toContain("Their own title");
    expect(Number(/d1-render;desc=(\d+)/.exec(page.headers.get("Server-Timing") ?? "")?.[1])).toBe(1);
    // A stale or made-up session reads nothing: the visitor is sent to sign in.
    const made = new Jar();
    made.set("__Host-session", "A".repeat(43));
    const stranger = await visit(made, "/dashboard");
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("pre-fills title, abstract and authors from the manuscript and submits one paper with its file, authors and mails", async () => {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-04" });
    const { user, jar } = await author();
    const colleague = await createUser({ email: "tomas@ucd.example" });
    await throughUpload(jar, user.id, conference.id);

    const truth = JSON.parse(docs().pdfTruth) as { title: string; authors: Array<{ lastName: string }> };
    const step3 = textOf(await (await visit(jar, stepPath(3))).text());
    expect(step3).toContain(truth.title);
    expect(step3).toMatch(/Filled in from your manuscript \(page 1\)/);
    const draft = (await draftOf(user.id))!;
    const rows = (draft.data.authors as Array<Record<string, unknown>>).map((a) => toAuthorRow(a));
    // The manuscript's authors in order, then the signed-in author from the profile.
    expect(rows.map((r) => r.lastName)).toEqual([...truth.authors.map((a) => a.lastName), "Okafor"]);
    expect(rows.at(-1)).toMatchObject({ email: user.email, institution: "Pennine University", country: "GB", rankTitle: "Professor", source: "profile" });

    expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: truth.title, manuscriptAbstract: String(draft.data.manuscriptAbstract) })).headers.get("Location")).toBe(stepPath(4));
    expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).headers.get("Location")).toBe(stepPath(5));
    const submit = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email: user.email }, coAuthor]) });
    expect(submit.status).toBe(302);
    expect(submit.headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");

    const [paper] = await db().select().from(papers).all();
    expect(paper).toMatchObject({ conferenceId: conference.id, paperNumber: 0, submitterId: user.id, title: truth.title, status: "under_review", manuscriptType: "regular" });
    expect(paper!.researchAreas).toHaveLength(3);
    const authors = await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, paper!.id)).orderBy(paperAuthors.authorOrder).all();
    expect(authors.map((a) => [a.authorOrder, a.lastName, a.isCorresponding, a.userId])).toEqual([
      [1, "Okafor", true, user.id],
      [2, "O’Connell", false, colleague.id],
    ]);
    // The file moved from the draft's key to the paper's; the draft and its job are gone.
    const stored = await db().select().from(files).where(eq(files.paperId, paper!.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.r2Key).toMatch(/^manuscript\//);
    expect(await env.FILES.head(stored[0]!.r2Key)).not.toBeNull();
    expect(await r2Keys(DRAFT_MANUSCRIPT_PREFIX)).toEqual([]);
    expect(await draftOf(user.id)).toBeNull();
    expect(await db().select().from(extractionJobs).all()).toEqual([]);
    // The receipt to the submitter and the notice to the co-author, with the office's number.
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress, m.payload.paperNumber])).toEqual([
      ["submission_receipt", user.email, "MS27~101"],
      ["submission_listed", "tomas@ucd.example", "MS27~101"],
      ["submission_office", "info@example.org", "MS27~101"],
    ]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "paper.submit")).all()).toHaveLength(1);

    // The co-author with an account sees it in My Submissions, with their role.
    const theirs = textOf(await (await visit(await sessionJar(colleague), "/dashboard?tab=submissions")).text());
    expect(theirs).toContain(truth.title);
    expect(theirs).toContain("Co-author");
    expect(theirs).toContain("MS27~101");
  });

  it("creates one paper for a resent submit and for two at once", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);
    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "A title", manuscriptAbstract: "Short abstract." });
    await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
    const key = String((await draftOf(user.id))!.data.submissionKey);
    const fields = { step: "5", intent: "submit", submissionKey: key, ...authorFields([{ ...me, email: user.email }]) };
    const both = await Promise.all([postForm(jar, stepPath(5), fields), postForm(jar, stepPath(5), fields)]);
    const again = await postForm(jar, stepPath(5), fields);
    for (const r of [...both, again]) expect(r.headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
    expect(await db().select().from(papers).all()).toHaveLength(1);
    expect(await db().select().from(files).where(eq(files.kind, "manuscript")).all()).toHaveLength(1);
    expect((await env.FILES.list({ prefix: "manuscript/" })).objects).toHaveLength(1);
    // The receipt and the office's mail, once.
    expect((await db().select().from(outbox).all()).map((m) => m.template)).toEqual(["submission_receipt", "submission_office"]);
  });

  it("gives 20 submissions at once to one conference 20 consecutive numbers", async () => {
    const conference = await createConference({ status: "open" });
    const authors = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser({ email: `a${i}@example.org`, firstName: "A", lastName: `Author${i}` })));
    const ready = await Promise.all(
      authors.map(async (u, i) => {
        const owner = submissionOwner(u.id);
        const key = `${DRAFT_MANUSCRIPT_PREFIX}/concurrent${i}.pdf`;
        await env.FILES.put(key, bytesOf(docs().pdf));
        await db().insert(files).values({ kind: "manuscript", filename: `concurrent${i}.pdf`, r2Key: key, originalName: "p.pdf", contentType: "application/pdf", size: 10, uploadedBy: u.id });
        await saveDraft(services(), owner, "submission", { step: 5, data: { submissionKey: `key-of-the-draft-${i}`, uploadedFileName: "p.pdf" }, fileKey: key });
        return { u, owner, draft: await loadDraft(services(), owner) };
      }),
    );
    const values = { conferenceId: String(conference.id), manuscriptType: "regular", manuscriptTitle: "T", manuscriptAbstract: "A", researchArea1Category: "I. Corporate Finance", researchArea1: "Capital Structure" };
    await Promise.all(
      ready.map(({ u, owner, draft }) =>
        submitPaper({ ...services(createExecutionContext()) }, { id: u.id, email: u.email, username: u.email, role: "user", firstName: u.firstName, lastName: u.lastName, memberUntil: null, totpEnabled: false }, owner, draft, {
          values,
          authors: [toAuthorRow({ firstName: u.firstName, lastName: u.lastName, email: u.email, institution: "X", country: "GB", rankTitle: "Professor", isCorresponding: true })],
        }),
      ),
    );
    const numbers = (await db().select({ n: papers.paperNumber }).from(papers).where(eq(papers.conferenceId, conference.id)).all()).map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await db().select().from(conferences).where(eq(conferences.id, conference.id)).get())!.paperCounter).toBe(20);
  });
});

describe("what the wizard refuses", () => {
  it("refuses a closed conference at step 1 and at the submit, with nothing made", async () => {
    const closed = await createConference({ status: "close" });
    const { user, jar } = await author();
    const r = await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(closed.id), manuscriptType: "regular" });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("This conference is not open for submissions.");
    // Open when chosen, closed by the submit.
    const open = await createConference({ status: "open" });
    await throughUpload(jar, user.id, open.id, bytesOf(docs().docx), "paper.docx");
    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "A title", manuscriptAbstract: "Short abstract." });
    await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
    await db().update(conferences).set({ status: "close" }).where(eq(conferences.id, open.id));
    const submit = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email: user.email }]) });
    expect(submit.status).toBe(409);
    expect(await db().select().from(papers).all()).toEqual([]);
    expect((await env.FILES.list({ prefix: "manuscript/" })).objects).toEqual([]);
    // The draft and its file wait for another choice.
    expect(await r2Keys(DRAFT_MANUSCRIPT_PREFIX)).toHaveLength(1);
  });

  it("refuses a spoofed file, another type and an oversize one, with nothing left in R2", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conference.id), manuscriptType: "regular" });
    // Next before any upload: the step again, with the spec's message on it.
    const early = await postForm(jar, stepPath(2), { step: "2", intent: "next" });
    expect(early.status).toBe(400);
    expect(textOf(await early.text())).toContain(SUBMISSION_MESSAGES.noFile);
    const html = new TextEncoder().encode("<html><body>not a pdf</body></html>");
    // Without JavaScript: the step again, with the message.
    const page = await upload(jar, html, "paper.pdf");
    expect(page.status).toBe(422);
    expect(textOf(await page.text())).toContain(`${SUBMISSION_MESSAGES.notPdfOrDocx} "paper.pdf" is not really a .pdf file`);
    const spoofed = await upload(jar, html, "paper.pdf", { json: true });
    expect(spoofed.status).toBe(422);
    expect(await refusal(spoofed)).toContain(SUBMISSION_MESSAGES.notPdfOrDocx);
    expect(await refusal(await upload(jar, html, "paper.html", { json: true }))).toBe(SUBMISSION_MESSAGES.notPdfOrDocx);
    const big = new Uint8Array(26_214_400 + 10);
    big.set(bytesOf(docs().pdf).subarray(0, 1024));
    const oversize = await upload(jar, big, "big.pdf", { json: true });
    expect(oversize.status).toBe(422);
    expect(await refusal(oversize)).toBe("File size too large. Maximum allowed size is 25MB. Your file is 25.01MB. It is 26,214,410 bytes; at most 26,214,400 bytes are allowed.");
    expect(await refusal(await upload(jar, new Uint8Array(0), "", { json: true }))).toBe(SUBMISSION_MESSAGES.noFile);
    expect((await env.FILES.list()).objects).toEqual([]);
    expect(await db().select().from(files).all()).toEqual([]);
    expect((await draftOf(user.id))?.fileKey ?? null).toBeNull();
  });

  it("never shows a file one byte over 25 MB as 25.00MB, and gives both sizes in bytes", async () => {
    const conference = await createConference({ status: "open" });
    const { jar } = await author();
    await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conference.id), manuscriptType: "regular" });
    const justOver = new Uint8Array(26_214_401);
    justOver.set(bytesOf(docs().pdf).subarray(0, 1024));
    expect(await refusal(await upload(jar, justOver, "paper.pdf", { json: true }))).toBe(
      "File size too large. Maximum allowed size is 25MB. Your file is 25.01MB. It is 26,214,401 bytes; at most 26,214,400 bytes are allowed.",
    );
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it("takes a manuscript whose name is over 200 characters, keeping its extension, and strips bidirectional and invisible characters", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conference.id), manuscriptType: "regular" });
    const long = `${"A very long working paper title ".repeat(8)}v2.pdf`;
    expect(long.length).toBeGreaterThan(200);
    const taken = await upload(jar, bytesOf(docs().pdf), long, { json: true });
    expect(await taken.json()).toEqual({ ok: true });
    const kept = String((await draftOf(user.id))!.data.uploadedFileName);
    // Shortened in the middle to at most 200 characters (less the spaces either side of the cut).
    expect(Array.from(kept).length).toBeLessThanOrEqual(200);
    expect(Array.from(kept).length).toBeGreaterThan(190);
    expect(kept).toContain("…");
    expect(kept.startsWith("A very long working paper title")).toBe(true);
    expect(kept.endsWith("title v2.pdf")).toBe(true);

    // Right-to-left override: "paper\u202Efdp.docx" would read "paperxcod.pdf" wherever it is shown.
    const disguised = await upload(jar, bytesOf(docs().pdf), "pa\u200Bper\u202Efdp.\u2066pdf\u2069", { json: true });
    expect(await disguised.json()).toEqual({ ok: true });
    expect((await draftOf(user.id))!.data.uploadedFileName).toBe("paperfdp.pdf");
    const [row] = await db().select().from(files).all();
    expect(row!.originalName).toBe("paperfdp.pdf");
  });

  it("counts the abstract's words as the browser does and refuses more than 250", async () => {
    await createConference({ status: "open" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, (await createConference({ status: "open" })).id, bytesOf(docs().docx), "paper.docx");
    const long = Array.from({ length: 251 }, (_, i) => `word${i}`).join(" \n ");
    const r = await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "T", manuscriptAbstract: long });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("The abstract has 251 words; at most 250 are allowed.");
    // What was typed is kept.
    expect((await draftOf(user.id))!.data.manuscriptAbstract).toBe(long);
  });

  it("changes the author cards without JavaScript, and never removes the signed-in author", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id, bytesOf(docs().docx), "paper.docx");
    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "T", manuscriptAbstract: "A." });
    await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
    const rows = [{ ...me, email: user.email }, coAuthor];
    const add = await postForm(jar, stepPath(5), { step: "5", intent: "author:add", ...authorFields(rows) });
    expect(add.headers.get("Location")).toBe(`${stepPath(5)}&added=1#author-3`);
    expect(((await draftOf(user.id))!.data.authors as unknown[]).length).toBe(3);
    const down = await postForm(jar, stepPath(5), { step: "5", intent: "author:down:0", ...authorFields(rows) });
    expect(down.headers.get("Location")).toBe(`${stepPath(5)}#author-2`);
    expect(((await draftOf(user.id))!.data.authors as Array<{ lastName: string }>).map((a) => a.lastName)).toEqual(["O’Connell", "Okafor"]);
    await postForm(jar, stepPath(5), { step: "5", intent: "author:corresponding:1", ...authorFields(rows) });
    expect(((await draftOf(user.id))!.data.authors as Array<{ isCorresponding: boolean }>).map((a) => a.isCorresponding)).toEqual([false, true]);
    const removeMe = await postForm(jar, stepPath(5), { step: "5", intent: "author:remove:0", ...authorFields(rows) });
    expect(removeMe.status).toBe(409);
    expect(textOf(await removeMe.text())).toContain(SUBMISSION_MESSAGES.cannotRemoveCurrentUser);
    const removeOther = await postForm(jar, stepPath(5), { step: "5", intent: "author:remove:1", ...authorFields(rows) });
    expect(removeOther.status).toBe(302);
    expect(((await draftOf(user.id))!.data.authors as unknown[]).length).toBe(1);
    // A submit that leaves the signed-in author out is blocked, and says so from then on.
    const blocked = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([coAuthor]) });
    expect(blocked.status).toBe(422);
    expect(textOf(await blocked.text())).toContain(SUBMISSION_MESSAGES.blocked);
    expect(textOf(await (await visit(jar, stepPath(5))).text())).toContain(SUBMISSION_MESSAGES.blocked);
    expect(await db().select().from(papers).all()).toEqual([]);
  });

  it("keeps each author's draft to themselves, and Exit deletes it with its file", async () => {
    const conference = await createConference({ status: "open" });
    const a = await author();
    const b = await author();
    await throughUpload(a.jar, a.user.id, conference.id, bytesOf(docs().docx), "secret-paper.docx");
    const theirs = await visit(b.jar, stepPath(2));
    expect(theirs.headers.get("Location")).toBe(stepPath(1));
    expect(await (await visit(b.jar, stepPath(1))).text()).not.toContain("secret-paper");
    expect(await (await visit(a.jar, stepPath(2))).text()).toContain("secret-paper.docx");
    // The page's autosave keeps what a step holds, unchecked, and goes nowhere (a document post shows the step again).
    const saved = await postForm(a.jar, stepPath(3), { step: "3", intent: "save", manuscriptTitle: "Half typ", manuscriptAbstract: "" });
    expect(saved.status).toBe(200);
    expect((await draftOf(a.user.id))!.data).toMatchObject({ manuscriptTitle: "Half typ", manuscriptAbstract: "" });
    expect((await draftOf(a.user.id))!.step).toBe(3);
    expect(textOf(await (await visit(a.jar, stepPath(3))).text())).toContain("Half typ");
    // A save that lands after the step's Next does not take the draft back a step.
    await postForm(a.jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Half typed", manuscriptAbstract: "Short." });
    await postForm(a.jar, stepPath(3), { step: "3", intent: "save", manuscriptTitle: "Half typed", manuscriptAbstract: "Short." });
    expect((await draftOf(a.user.id))!.step).toBe(4);
    // Signed in anew (another session), the dashboard opens the draft where it was left; the other author's opens at step 1.
    const again = await sessionJar(a.user);
    expect((await visit(again, "/dashboard")).headers.get("Location")).toBe(stepPath(4));
    expect((await visit(again, "/dashboard?tab=submit")).headers.get("Location")).toBe(stepPath(4));
    expect((await visit(b.jar, "/dashboard")).status).toBe(200);
    const exit = await postForm(a.jar, stepPath(1), { step: "1", intent: "exit" });
    expect(exit.status).toBe(302);
    expect(await draftOf(a.user.id)).toBeNull();
    expect((await env.FILES.list()).objects).toEqual([]);
    expect(await db().select().from(files).all()).toEqual([]);
  });
});

/**
 * Uploads are checked for their type by their first bytes, not for active content: a PDF that
 * runs a script when opened, and a file that is a PDF and an HTML page at once, are manuscripts
 * like any other. They are kept byte for byte (the SHA-256 that finds a resubmission is of what
 * the author sent) and served so that nothing in them can run in the site's origin (decision 044).
 */
describe("active content in a manuscript", () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  const cases = {
    "a PDF that runs a script when opened": encode(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n" +
        "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ),
    "a PDF that is also an HTML page": encode("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n"),
  };

  for (const [name, bytes] of Object.entries(cases)) {
    it(`accepts ${name}, keeps it byte for byte and serves it as a sandboxed PDF, never as HTML`, async () => {
      const conference = await createConference({ status: "open" });
      const { user, jar } = await author();
      await throughUpload(jar, user.id, conference.id, bytes, "paper.pdf");
      await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "A title", manuscriptAbstract: "Short abstract." });
      await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
      const submit = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email: user.email }]) });
      expect(submit.headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
      const [paper] = await db().select().from(papers).all();
      const [stored] = await db().select().from(files).where(eq(files.paperId, paper!.id)).all();
      const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
      expect(stored).toMatchObject({ contentType: "application/pdf", size: bytes.length, sha256: digest });

      const path = `/api/papers/${paper!.id}/download/fullManuscript`;
      for (const [query, disposition] of [["", "inline"], ["?download", "attachment"]] as const) {
        const r = await visit(jar, `${path}${query}`, { headers: { Accept: "text/html" } });
        expect(r.status).toBe(200);
        expect(r.headers.get("Content-Type")).toBe("application/pdf");
        expect(r.headers.get("X-Content-Type-Options")).toBe("nosniff");
        // An opaque origin with scripts off, should anything read it as a page.
        expect(r.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
        expect(r.headers.get("Content-Disposition")).toMatch(new RegExp(`^${disposition}; filename="paper.pdf"`));
        expect(r.headers.get("Cache-Control")).toBe("private, no-store");
        expect(new Uint8Array(await r.arrayBuffer())).toEqual(bytes);
      }
    });
  }
});

describe("when the database fails", () => {
  it("says so on the step, keeps the draft and leaves nothing half-saved", async () => {
    // Each failed load and write is logged.
    expectConsoleError(/^\[request [\w-]+\] GET \/dashboard failed:/);
    expectConsoleError(/^\[request [\w-]+\] POST \/dashboard failed:/);
    expectConsoleError(/^\[request [\w-]+\] POST \/dashboard\/submissions\/\d+\/delete failed:/);
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    const stepOne = await withTableMissing("conferences", () => visit(jar, stepPath(1)));
    expect(textOf(await stepOne.text())).toContain(SUBMISSION_MESSAGES.conferencesFailed);

    await throughUpload(jar, user.id, conference.id);
    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "A title", manuscriptAbstract: "Short abstract." });
    await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
    // The submit's batch meets a missing table: refused as a whole, the draft and its file kept, no paper copy left in R2.
    const failed = await withTableMissing("audit_log", () => postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email: user.email }]) }));
    expect(failed.status).toBe(503);
    const failedText = textOf(await failed.text());
    expect(failedText).toContain(SUBMISSION_MESSAGES.submitFailed);
    // A fault of the site, unlike a refusal: the draft is kept, and the page says whom to tell.
    expect(failedText).toContain("Your draft is kept. If this happens again, write to");
    expect(await db().select().from(papers).all()).toEqual([]);
    expect(await db().select().from(paperAuthors).all()).toEqual([]);
    expect(await r2Keys("manuscript/")).toEqual([]);
    expect(await r2Keys(DRAFT_MANUSCRIPT_PREFIX)).toHaveLength(1);
    expect((await draftOf(user.id))!.step).toBe(5);
    const again = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email: user.email }]) });
    expect(again.headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");

    const list = await withTableMissing("paper_authors", () => visit(jar, "/dashboard?tab=submissions"));
    expect(textOf(await list.text())).toContain(SUBMISSION_MESSAGES.listFailed);
    const [paper] = await db().select().from(papers).all();
    const deleting = await withTableMissing("audit_log", () => postForm(jar, `/dashboard/submissions/${paper!.id}/delete`, {}));
    expect(deleting.status).toBeGreaterThanOrEqual(500);
    expect(textOf(await deleting.text())).toContain(SUBMISSION_MESSAGES.deleteFailed);
    expect(await db().select().from(papers).all()).toHaveLength(1);
  });
});

describe("My Submissions and deleting", () => {
  it("lists the papers with role and status, and lets only the submitter delete one under review", async () => {
    const conference = await createConference({ status: "open", startDate: "2026-06-01" });
    const { user, jar } = await author();
    const co = await author();
    const stranger = await author();
    const paper = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }, { userId: co.user.id, email: co.user.email }], paper: { title: "Liquidity and Bonds" } });
    const decided = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }], paper: { title: "An Accepted Paper", status: "accepted" } });
    await env.FILES.put("manuscript/liquidity.pdf", bytesOf(docs().pdf));
    await db().insert(files).values({ kind: "manuscript", filename: "liquidity.pdf", r2Key: "manuscript/liquidity.pdf", originalName: "l.pdf", contentType: "application/pdf", size: 1, paperId: paper.id });

    const list = textOf(await (await visit(jar, "/dashboard?tab=submissions")).text());
    expect(list).toContain("Liquidity and Bonds");
    expect(list).toContain("Under Review");
    expect(list).toContain("Accepted");
    expect(list).toContain("MS26~101");

    // A co-author may see it but not delete it; a stranger is told nothing of it.
    const coTry = await postForm(co.jar, `/dashboard/submissions/${paper.id}/delete`, {});
    expect(coTry.status).toBe(403);
    expect((await postForm(stranger.jar, `/dashboard/submissions/${paper.id}/delete`, {})).status).toBe(404);
    expect((await visit(stranger.jar, `/dashboard/submissions/${paper.id}/delete`)).status).toBe(404);
    expect((await postForm(jar, `/dashboard/submissions/${decided.id}/delete`, {})).status).toBe(409);
    expect(await db().select().from(papers).all()).toHaveLength(2);

    const done = await postForm(jar, `/dashboard/submissions/${paper.id}/delete`, {});
    expect(done.headers.get("Location")).toBe("/dashboard?tab=submissions&done=deleted");
    expect(await db().select().from(papers).where(eq(papers.id, paper.id)).get()).toBeUndefined();
    expect(await env.FILES.head("manuscript/liquidity.pdf")).toBeNull();
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "paper.delete"), eq(auditLog.entityId, String(paper.id)))).all()).toHaveLength(1);
  });

  it("gives a co-author listed before they had an account the paper when the account is activated, and nobody else", async () => {
    const conference = await createConference({ status: "open", startDate: "2026-06-01" });
    const { user } = await author();
    await createPaper({
      conferenceId: conference.id,
      submitterId: user.id,
      authors: [{ userId: user.id, email: user.email }, { userId: null, email: "later@example.org", firstName: "Lena", lastName: "Later" }],
      paper: { title: "Listed Before Registering" },
    });
    // Registered but not activated: the address is not proven, so the paper is not theirs yet.
    const later = await createUser({ email: "later@example.org", firstName: "Lena", lastName: "Later", status: "inactive" });
    const squatter = await createUser({ email: "someone.else@example.org", status: "inactive" });
    await postForm(new Jar(), "/activate-account", { intent: "activate", token: await issueToken(db(), squatter.id, "activation") });
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.email, "later@example.org")).get())!.userId).toBeNull();

    const token = await issueToken(db(), later.id, "activation");
    await db().update(authTokens).set({ registration: registrationOf(later) }).where(eq(authTokens.userId, later.id)).run();
    const activated = await postForm(new Jar(), "/activate-account", { intent: "activate", token });
    expect(activated.status).toBe(200);
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.email, "later@example.org")).get())!.userId).toBe(later.id);
    const list = textOf(await (await visit(await sessionJar(later), "/dashboard?tab=submissions")).text());
    expect(list).toContain("Listed Before Registering");
    expect(list).toContain("Co-author");
    expect(textOf(await (await visit(await sessionJar(squatter), "/dashboard?tab=submissions")).text())).not.toContain("Listed Before Registering");
  });

  it("sends an anonymous visitor to sign in and back", async () => {
    const anonymous = await visit(new Jar(), "/dashboard?tab=submissions");
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard?tab=submissions")}`);
  });
});
