import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, files, outbox, papers, paperStatusDrafts, siteState } from "~/db/schema";
import { SUBMISSION_MESSAGES } from "~/features/submissions/submission-form";
import { VERSION_DONE, VERSION_MESSAGES } from "~/features/submissions/paper-versions";
import { renderMail } from "~/mail/templates";
import { clearBucket, createConference, createPaper, createUser, db, get, postMultipart, resetDatabase, sessionJar, storeFile, textOf, visit } from "./fixtures";

/** New versions of a submitted paper's files, and the revision that returns it to review (decision 064). */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const PDF = (text: string) => `%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`;
const pdfFile = (name: string, text = name) => new File([PDF(text)], name, { type: "application/pdf" });

async function paperIn(status: "under_review" | "revision_required" | "accepted" | "incomplete", conference: Partial<Parameters<typeof createConference>[0]> = {}) {
  const conf = await createConference({ title: "Test Conference 2027", startDate: "2027-06-01", endDate: "2027-06-03", status: "open", ...conference });
  const submitter = await createUser({ email: `sub.${crypto.randomUUID().slice(0, 6)}@example.org`, firstName: "Nadia", lastName: "Okafor" });
  const coauthor = await createUser({ email: `co.${crypto.randomUUID().slice(0, 6)}@example.org` });
  const stranger = await createUser({ email: `x.${crypto.randomUUID().slice(0, 6)}@example.org` });
  const admin = await createUser({ email: `office.${crypto.randomUUID().slice(0, 6)}@example.org`, role: "admin" });
  const paper = await createPaper({
    conferenceId: conf.id,
    submitterId: submitter.id,
    authors: [
      { userId: submitter.id, email: submitter.email, firstName: "Nadia", lastName: "Okafor" },
      { userId: coauthor.id, email: coauthor.email, firstName: "Bo", lastName: "Chen", isCorresponding: false },
    ],
    paper: { status, title: "Liquidity in Bond Markets" },
  });
  const first = await storeFile({ kind: "manuscript", bytes: PDF("first version"), originalName: "first.pdf", contentType: "application/pdf", paperId: paper.id });
  return { conf, submitter, coauthor, stranger, admin, paper, first };
}

const form = (entries: Record<string, File | string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

const objectCount = async () => (await env.FILES.list()).objects.length;

describe("the upload of a new version", () => {
  it("is refused to strangers (404), a co-author (403), a decided paper and a closed conference (409), storing nothing", async () => {
    const { paper, stranger, coauthor, submitter } = await paperIn("under_review");
    const before = await objectCount();
    const tries: Array<[Awaited<ReturnType<typeof sessionJar>>, number, string | null]> = [
      [await sessionJar(stranger), 404, null],
      [await sessionJar(coauthor), 403, VERSION_MESSAGES.notSubmitter],
    ];
    for (const [jar, status, message] of tries) {
      expect((await visit(jar, `/dashboard/submissions/${paper.id}/files`)).status).toBe(status);
      const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("new.pdf") }));
      expect(r.status).toBe(status);
      if (message) expect(textOf(await r.text())).toContain(message);
    }
    // The paper decided: no new version.
    await db().update(papers).set({ status: "accepted" }).where(eq(papers.id, paper.id));
    const jar = await sessionJar(submitter);
    const decided = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("new.pdf") }));
    expect(decided.status).toBe(409);
    expect(textOf(await decided.text())).toContain(VERSION_MESSAGES.status);

    // Under review again, but the conference's deadline passed: the deadline's message.
    const late = await paperIn("under_review", { submissionDeadline: new Date(Date.now() - 60_000) });
    const lateJar = await sessionJar(late.submitter);
    const r = await postMultipart(lateJar, `/dashboard/submissions/${late.paper.id}/files`, form({ manuscript: pdfFile("new.pdf") }));
    expect(r.status).toBe(409);
    expect(textOf(await r.text())).toContain("closed on");

    expect(await db().select().from(files).where(eq(files.kind, "manuscript")).all()).toHaveLength(2);
    expect(await objectCount()).toBe(before + 1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "paper.file")).all()).toHaveLength(0);
  });

  it("refuses a file whose content is not a PDF or Word document with the wizard's message, and a post without a file", async () => {
    const { paper, submitter } = await paperIn("under_review");
    const jar = await sessionJar(submitter);
    const before = await objectCount();
    const fake = new File(["just some text, not a PDF"], "paper.pdf", { type: "application/pdf" });
    const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: fake }));
    expect(r.status).toBe(422);
    const refused = textOf(await r.text());
    expect(refused).toContain(SUBMISSION_MESSAGES.notPdfOrDocx);
    expect(refused).toContain('"paper.pdf" is not really a .pdf file');
    const exe = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ blindCopy: new File(["MZ"], "tool.exe") }));
    expect(exe.status).toBe(422);
    expect(textOf(await exe.text())).toContain(`Blind copy: ${SUBMISSION_MESSAGES.notPdfOrDocx}`);
    const none = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: new File([], "") }));
    expect(none.status).toBe(422);
    expect(textOf(await none.text())).toContain(VERSION_MESSAGES.noFile);
    expect(await db().select().from(files).all()).toHaveLength(1);
    expect(await objectCount()).toBe(before);
  });

  it("keeps the earlier version: a new row and object, the newest served, each version downloadable by its authors and the office only", async () => {
    const { paper, submitter, coauthor, stranger, admin, first } = await paperIn("under_review");
    const jar = await sessionJar(submitter);
    const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("second.pdf", "second version"), blindCopy: pdfFile("blind.pdf", "blind version") }));
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=version`);
    const rows = await db().select().from(files).where(eq(files.paperId, paper.id)).orderBy(files.id).all();
    expect(rows.map((f) => [f.kind, f.originalName, f.uploadedBy])).toEqual([
      ["manuscript", "first.pdf", null],
      ["manuscript", "second.pdf", submitter.id],
      ["blind_copy", "blind.pdf", submitter.id],
    ]);
    const second = rows[1]!;
    expect(await env.FILES.head(first.r2Key)).not.toBeNull();
    expect(await env.FILES.head(second.r2Key)).not.toBeNull();
    const stored = await db().select({ fileKinds: papers.fileKinds, status: papers.status }).from(papers).where(eq(papers.id, paper.id)).get();
    expect([...stored!.fileKinds].sort()).toEqual(["blind_copy", "manuscript"]);
    expect(stored!.status).toBe("under_review");
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "paper.file"), eq(auditLog.entityId, String(paper.id)))).all()).toHaveLength(1);
    // No mail for a version before the deadline.
    expect(await db().select().from(outbox).all()).toHaveLength(0);

    // The kind's own address serves the newest; each version has its own.
    expect(await (await visit(jar, `/api/papers/${paper.id}/download/fullManuscript`)).text()).toContain("second version");
    for (const who of [submitter, coauthor, admin]) {
      const j = await sessionJar(who);
      expect(await (await visit(j, `/api/papers/${paper.id}/download/fullManuscript/${first.id}`)).text()).toContain("first version");
      expect(await (await visit(j, `/api/papers/${paper.id}/download/fullManuscript/${second.id}`)).text()).toContain("second version");
    }
    const outsider = await sessionJar(stranger);
    expect((await visit(outsider, `/api/papers/${paper.id}/download/fullManuscript/${first.id}`)).status).toBe(404);
    // A version of another kind, another paper's, or not a number: 404 for its own authors too.
    expect((await visit(jar, `/api/papers/${paper.id}/download/blindCopyManuscript/${first.id}`)).status).toBe(404);
    expect((await visit(jar, `/api/papers/${paper.id + 1}/download/fullManuscript/${first.id}`)).status).toBe(404);
    expect((await visit(jar, `/api/papers/${paper.id}/download/fullManuscript/x`)).status).toBe(404);
    // Nobody signed in: a program is asked to sign in.
    expect((await get(`/api/papers/${paper.id}/download/fullManuscript/${first.id}`)).status).toBe(401);

    // The submission page lists both versions, newest first and marked current, with the notice.
    const page = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}?done=version`)).text());
    expect(page).toContain(VERSION_DONE.version);
    expect(page.indexOf("second.pdf")).toBeLessThan(page.indexOf("first.pdf"));
    expect(page).toMatch(/second\.pdf\s*Current/);
    // The console's details list them too, with who uploaded the new one.
    const details = textOf(await (await visit(await sessionJar(admin), `/admin/papers/${paper.id}?conference=${paper.conferenceId}`)).text());
    expect(details).toContain("first.pdf");
    expect(details).toContain("second.pdf");
    expect(details).toContain("by Nadia Okafor");
  });
});

describe("a revision", () => {
  it("returns the paper to review in one batch with its file, audit entry, receipt and the office's mail", async () => {
    const { paper, submitter, first } = await paperIn("revision_required", { submissionDeadline: new Date(Date.now() - 86_400_000) });
    const jar = await sessionJar(submitter);
    const page = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text());
    expect(page).toContain("Upload the revised manuscript");
    expect(textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}/files`)).text())).toContain("A note to the office");

    // A revision needs the manuscript; a too-long note is refused; neither stores anything.
    const noFile = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ blindCopy: pdfFile("blind.pdf"), note: "hello" }));
    expect(noFile.status).toBe(422);
    expect(textOf(await noFile.text())).toContain(VERSION_MESSAGES.noRevision);
    const long = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("rev.pdf"), note: "x".repeat(1001) }));
    expect(long.status).toBe(422);
    const longPage = textOf(await long.text());
    expect(longPage).toContain(VERSION_MESSAGES.noteTooLong);
    expect(await db().select().from(files).all()).toHaveLength(1);
    expect(await objectCount()).toBe(1);

    // A decision the office staged on the paper as it was (revision required) no longer applies to the revised paper.
    await db().insert(paperStatusDrafts).values({ paperId: paper.id, conferenceId: paper.conferenceId, fromStatus: "revision_required", toStatus: "accepted", stagedAt: new Date() }).run();
    const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("revised.pdf", "revised version"), note: "Section 4 rewritten as the referee asked." }));
    expect(r.status).toBe(302);
    expect(await db().select().from(paperStatusDrafts).where(eq(paperStatusDrafts.paperId, paper.id)).all()).toEqual([]);
    expect(r.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=revision`);
    expect((await db().select().from(papers).where(eq(papers.id, paper.id)).get())!.status).toBe("under_review");
    const rows = await db().select().from(files).where(eq(files.paperId, paper.id)).orderBy(files.id).all();
    expect(rows.map((f) => f.originalName)).toEqual(["first.pdf", "revised.pdf"]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "paper.revision"), eq(auditLog.entityId, String(paper.id)))).all();
    expect(audit!.details).toMatchObject({ from: "revision_required", to: "under_review", note: "Section 4 rewritten as the referee asked." });
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([
      ["revision_receipt", submitter.email],
      ["revision_office", env.CONTACT_EMAIL],
    ]);
    expect(mails[1]!.payload).toMatchObject({ note: "Section 4 rewritten as the referee asked.", files: ["Manuscript: revised.pdf"] });
    // Both render as the notices Worker sends them.
    const site = { siteName: "Multinational Finance Society", siteUrl: "https://society.test" };
    const receipt = renderMail(mails[0]!.template, mails[0]!.payload, site);
    expect(receipt.subject).toContain("Revised manuscript received: MS27~101");
    expect(receipt.text).toContain("Manuscript: revised.pdf");
    expect(receipt.text).toContain(`/dashboard/submissions/${paper.id}`);
    const toOffice = renderMail(mails[1]!.template, mails[1]!.payload, site);
    expect(toOffice.text).toContain("“Section 4 rewritten as the referee asked.”");
    expect(toOffice.text).toContain(`/admin/papers/${paper.id}?conference=${paper.conferenceId}`);

    // The page: under review, the history says the revision came, both versions listed.
    const after = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}?done=revision`)).text());
    expect(after).toContain(VERSION_DONE.revision);
    expect(after).toContain("revision received, under review");
    expect(after).toContain("revised.pdf");
    expect(after).toContain(first.originalName);
    // Under review past the deadline: no more uploads.
    const again = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("third.pdf") }));
    expect(again.status).toBe(409);
  });

  it("tells the office nothing when its setting says no e-mail, and still mails the receipt", async () => {
    const { paper, submitter } = await paperIn("revision_required");
    await db().insert(siteState).values({ key: "office_notices", value: JSON.stringify({ mode: "off", address: "office@example.org" }) });
    const r = await postMultipart(await sessionJar(submitter), `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("revised.pdf") }));
    expect(r.status).toBe(302);
    expect((await db().select().from(outbox).all()).map((m) => m.template)).toEqual(["revision_receipt"]);
  });

  it("stores nothing when the paper was decided while its file uploaded: the batch's guard refuses the row, R2 keeps no object", async () => {
    const { paper, submitter } = await paperIn("revision_required");
    const jar = await sessionJar(submitter);
    // The office decides between the rule's check and the batch: the upload's rate count (written
    // after the check, before the file is stored) stands in for the moment.
    await env.DB.exec(`CREATE TRIGGER decided_meanwhile AFTER INSERT ON rate_limits BEGIN UPDATE papers SET status = 'accepted' WHERE id = ${paper.id}; END;`);
    try {
      const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("revised.pdf") }));
      expect(r.status).toBe(409);
      expect(textOf(await r.text())).toContain(VERSION_MESSAGES.status);
    } finally {
      await env.DB.exec("DROP TRIGGER IF EXISTS decided_meanwhile");
    }
    expect(await db().select().from(files).all()).toHaveLength(1);
    expect(await objectCount()).toBe(1);
    expect(await db().select().from(outbox).all()).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "paper.revision")).all()).toHaveLength(0);
  });
});

describe("an incomplete paper", () => {
  it("goes back under review when the manuscript was all it lacked, with the office told and the history saying so", async () => {
    const conf = await createConference({ title: "Test Conference 2027", startDate: "2027-06-01", endDate: "2027-06-03", status: "open" });
    const submitter = await createUser({ email: `sub.${crypto.randomUUID().slice(0, 6)}@example.org`, firstName: "Nadia", lastName: "Okafor" });
    const areas = [
      { category: "I. Corporate Finance", topic: "Capital Structure" },
      { category: "V. Derivatives", topic: "Swaps" },
      { category: "II. Financial Accounting", topic: "Auditing" },
    ];
    const paper = await createPaper({
      conferenceId: conf.id,
      submitterId: submitter.id,
      authors: [{ userId: submitter.id, email: submitter.email, firstName: "Nadia", lastName: "Okafor", country: "GB", rank: "Professor", isCorresponding: true }],
      paper: { status: "incomplete", title: "A Paper Without Its File", researchAreas: areas },
    });
    const jar = await sessionJar(submitter);
    expect(textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text())).toContain("The manuscript file.");

    const r = await postMultipart(jar, `/dashboard/submissions/${paper.id}/files`, form({ manuscript: pdfFile("paper.pdf") }));
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=completed`);
    expect((await db().select().from(papers).where(eq(papers.id, paper.id)).get())!.status).toBe("under_review");
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([["submission_completed", env.CONTACT_EMAIL]]);
    const page = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}?done=completed`)).text());
    expect(page).toContain("back under review");
    expect(page).toMatch(/: under review/);
  });

  it("stays incomplete after a new blind copy when it still lacks its manuscript", async () => {
    const { paper, submitter } = await paperIn("incomplete");
    await db().delete(files).where(eq(files.paperId, paper.id)).run();
    const r = await postMultipart(await sessionJar(submitter), `/dashboard/submissions/${paper.id}/files`, form({ blindCopy: pdfFile("blind.pdf") }));
    expect(r.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=version`);
    expect((await db().select().from(papers).where(eq(papers.id, paper.id)).get())!.status).toBe("incomplete");
    expect(await db().select().from(outbox).all()).toEqual([]);
  });
});
