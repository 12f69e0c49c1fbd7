import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, conferences, files, outbox, papers, siteState, wizardDrafts } from "~/db/schema";
import { deadlineHousekeeping } from "~/features/conferences/conference.server";
import { asAdmin, deletePaper, getPaper } from "~/features/papers/papers.server";
import { submissionOwner } from "~/features/submissions/submission.server";
import { formatDeadline } from "~/lib/deadline";
import { renderMail } from "~/mail/templates";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { digestSlot, sendOfficeDigest } from "~/models/office-notices.server";
import { getContentVersion } from "~/server/page-cache.server";
import { authorFields, bytesOf, createConference, createPaper, createUser, db, getHtml, Jar, postForm, postMultipart, services, sessionJar, textOf, visit, withTableMissing } from "./fixtures";
import { freshSubmissionState, manuscripts, stepPath, areas, author } from "./wizard-fixtures";
import { expectConsoleError } from "./console-errors";


/**
 * A submission after the wizard (decision 061): its own page and who may see it, the conference's
 * submission deadline and what it closes, the office's mail of new papers (each, or a daily
 * digest), and the co-authors' mail when the submitter deletes the paper.
 */
freshSubmissionState();
const docs = manuscripts;

const me = { firstName: "Nadia", lastName: "Okafor", institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" };
const coAuthor = { firstName: "Tomás", lastName: "Ruiz", email: "tomas@ucd.example", institution: "University College Dublin", country: "IE", rankTitle: "Lecturer" };
const HOUR = 3_600_000;


async function adminJar() {
  const admin = await createUser({ email: `office.${crypto.randomUUID().slice(0, 6)}@example.org`, role: "admin" });
  return { admin, jar: await sessionJar(admin) };
}

/** Steps 1 to 4 with a real manuscript (its extraction run as the Worker would), ready to submit at step 5. */
async function throughStep4(jar: Jar, userId: number, conferenceId: number) {
  expect((await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conferenceId), manuscriptType: "regular" })).headers.get("Location")).toBe(stepPath(2));
  const form = new FormData();
  form.set("step", "2");
  form.set("intent", "upload");
  form.set("manuscript", new File([bytesOf(docs().pdf) as Uint8Array<ArrayBuffer>], "paper.pdf"));
  expect((await postMultipart(jar, stepPath(2), form)).status).toBe(302);
  const draft = await db().select().from(wizardDrafts).where(eq(wizardDrafts.id, submissionOwner(userId).id)).get();
  await runExtractionJob({ db: db(), files: env.FILES }, draft!.data.extractionJobId as string);
  expect((await postForm(jar, stepPath(2), { step: "2", intent: "next" })).headers.get("Location")).toBe(stepPath(3));
  await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Deadlines and Liquidity", manuscriptAbstract: "A short abstract." });
  await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
}

const submit = (jar: Jar, email: string) => postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([{ ...me, email }, coAuthor]) });
const mails = async () => (await db().select().from(outbox).all()).map((m) => ({ template: m.template, to: m.toAddress, payload: m.payload }));

describe("a submission's own page", () => {
  it("shows the submitter everything submitted, the files, the authors with their roles and the status's history", async () => {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", title: "33rd Annual Conference", submissionDeadline: new Date(Date.UTC(2027, 2, 15, 23, 59)) });
    const { user, jar } = await author();
    const co = await author();
    const paper = await createPaper({
      conferenceId: conference.id,
      submitterId: user.id,
      authors: [
        { userId: user.id, email: user.email, firstName: "Nadia", lastName: "Okafor", country: "GB", rank: "Professor" },
        { userId: co.user.id, email: co.user.email, firstName: "Tomás", lastName: "Ruiz", isCorresponding: true, department: "Banking" },
      ],
      paper: { title: "Liquidity and Bonds", abstract: "We study bonds.", keywords: ["bond liquidity", "market makers"], jelCodes: ["G12", "G14"] },
    });
    await env.FILES.put("manuscript/liq.pdf", bytesOf(docs().pdf));
    await db().insert(files).values({ kind: "manuscript", filename: "liq.pdf", r2Key: "manuscript/liq.pdf", originalName: "liquidity-final.pdf", contentType: "application/pdf", size: 2048, paperId: paper.id });
    // Decisions as the console records them: the status change in the audit log.
    await db().update(papers).set({ status: "incomplete" }).where(eq(papers.id, paper.id));
    await db().insert(auditLog).values({ actorId: null, action: "paper.status", entityType: "paper", entityId: String(paper.id), details: { from: "under_review", to: "incomplete" }, createdAt: new Date(Date.UTC(2026, 11, 1, 9, 30)) });

    // My Submissions links to it.
    expect(await (await visit(jar, "/dashboard?tab=submissions")).text()).toContain(`href="/dashboard/submissions/${paper.id}"`);
    const response = await visit(jar, `/dashboard/submissions/${paper.id}`);
    expect(response.status).toBe(200);
    // The session with the paper, its authors, files and history: one batch.
    expect(Number(/d1-render;desc=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1])).toBe(1);
    const page = textOf(await response.text());
    for (const text of [
      "Liquidity and Bonds",
      "MS27~101",
      "33rd Annual Conference",
      "We study bonds.",
      "Keywords bond liquidity, market makers",
      "JEL codes G12, G14",
      "Regular Paper",
      "Submission deadline 15 March 2027, 23:59 UTC",
      "Submitter",
      "Nadia Okafor (you)",
      // Countries by name, not their codes.
      "United Kingdom",
      "Tomás Ruiz Corresponding author",
      "Banking, Test University",
      co.user.email,
      "Manuscript liquidity-final.pdf Current 2.0 KB",
      "1 Dec 2026, 09:30 UTC : incomplete",
      // What an incomplete paper lacks, from what it holds, and how to complete it.
      "Research areas: three are needed, the paper has 1.",
      "Tomás Ruiz: country, academic rank.",
      // The submitter may still edit it (the deadline is to come): the edit page, not the office.
      "To complete it: Edit the submission and fill in what is missing.",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/submitted, under review/);
    expect(await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text()).toContain(`href="/api/papers/${paper.id}/download/fullManuscript"`);
    // Not under review: no Delete.
    expect(page).not.toContain("Delete submission");

    // A listed co-author sees the paper, with names but not the addresses the submitter typed.
    const theirs = textOf(await (await visit(co.jar, `/dashboard/submissions/${paper.id}`)).text());
    expect(theirs).toContain("Liquidity and Bonds");
    expect(theirs).toContain("Corresponding author");
    expect(theirs).not.toContain(user.email);
    expect(theirs).not.toContain("Delete submission");
  });

  it("is the same 404 for anyone else, an administrator included, and for a paper that does not exist", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    const stranger = await author();
    const { jar: office } = await adminJar();
    const paper = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }], paper: { title: "Private Paper" } });
    const theirs = await visit(stranger.jar, `/dashboard/submissions/${paper.id}`);
    const none = await visit(stranger.jar, `/dashboard/submissions/${paper.id + 1000}`);
    expect(theirs.status).toBe(404);
    expect(none.status).toBe(404);
    expect(textOf(await theirs.text())).not.toContain("Private Paper");
    expect((await visit(office, `/dashboard/submissions/${paper.id}`)).status).toBe(404);
    expect((await visit(jar, "/dashboard/submissions/abc")).status).toBe(404);
    // Signed out: to sign in, and back.
    const anonymous = await visit(new Jar(), `/dashboard/submissions/${paper.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    // The submitter sees it, and Delete while it is under review.
    expect(textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text())).toContain("Delete submission");
  });
});

describe("the submission deadline", () => {
  it("is set in the console in UTC, shown on the conference page and in step 1, and closes both as it passes", async () => {
    const { jar: office } = await adminJar();
    const c = await createConference({ status: "open", title: "Deadline Conference" });
    const form = new FormData();
    const fields: Record<string, string> = {
      intent: "save", title: "Deadline Conference", location: "Lisbon, Portugal", startDate: "2029-06-27", endDate: "2029-06-30", status: "open",
      description: "<p>The society's conference.</p>", feeStandard: "", feeStudent: "", feeAccompaniedPerson: "", currency: "EUR", feeDescription: "",
      registrationEnabled: "on", registrationDeadline: "", submissionDeadline: "2029-03-15T23:59",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const refused = new FormData();
    for (const [k, v] of Object.entries({ ...fields, submissionDeadline: "15/03/2029" })) refused.set(k, v);
    const bad = await postMultipart(office, `/admin/conferences/${c.id}`, refused);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Enter the date and time in UTC");
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.submissionDeadline).toBeNull();
    expect((await postMultipart(office, `/admin/conferences/${c.id}`, form)).headers.get("Location")).toBe("/admin/conferences?done=updated");
    const deadline = Date.UTC(2029, 2, 15, 23, 59);
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.submissionDeadline?.getTime()).toBe(deadline);
    expect(await (await visit(office, `/admin/conferences/${c.id}`)).text()).toContain('value="2029-03-15T23:59"');

    const open = textOf((await getHtml(`/conferences/${c.id}`)).html);
    expect(open).toContain("Submission deadline: 15 March 2029, 23:59 UTC.");
    expect(open).toContain("Submit Manuscript");
    const { jar } = await author();
    expect(textOf(await (await visit(jar, stepPath(1))).text())).toContain("Deadline Conference (27 June 2029, Lisbon, Portugal): submissions close 15 March 2029, 23:59 UTC");

    // Past it: the housekeeping renews the cached page, which says submissions closed; step 1 no longer offers it.
    const passed = Date.now() - HOUR;
    await db().update(conferences).set({ submissionDeadline: new Date(passed) }).where(eq(conferences.id, c.id));
    const before = await getContentVersion(env.DB, db, 0);
    await deadlineHousekeeping.run(services(), Date.now());
    expect(await getContentVersion(env.DB, db, 0)).not.toBe(before);
    const closed = textOf((await getHtml(`/conferences/${c.id}`)).html);
    expect(closed).toContain(`Submissions closed on ${formatDeadline(passed)}.`);
    expect(closed).not.toContain("Submit Manuscript");
    expect(textOf(await (await visit(jar, stepPath(1))).text())).not.toContain("Deadline Conference");
    const chosen = await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(c.id), manuscriptType: "regular" });
    expect(chosen.status).toBe(400);
    expect(textOf(await chosen.text())).toContain("This conference is not open for submissions.");
  });

  it("refuses the last look and the submit after the deadline with a clear message and nothing made, the draft kept", async () => {
    const conference = await createConference({ status: "open", title: "Closing Conference", submissionDeadline: new Date(Date.now() + HOUR) });
    const { user, jar } = await author();
    await throughStep4(jar, user.id, conference.id);
    const deadline = new Date(Date.now() - 60_000);
    await db().update(conferences).set({ submissionDeadline: deadline }).where(eq(conferences.id, conference.id));
    // The last look says so first, and Submit itself refuses too.
    const closedMessage = `Submissions to Closing Conference closed on ${formatDeadline(deadline)}. Papers can no longer be submitted to it`;
    const review = await postForm(jar, stepPath(5), { step: "5", intent: "review", ...authorFields([{ ...me, email: user.email }, coAuthor]) });
    expect(review.status).toBe(409);
    expect(textOf(await review.text())).toContain(closedMessage);
    const r = await submit(jar, user.email);
    expect(r.status).toBe(409);
    expect(textOf(await r.text())).toContain(closedMessage);
    expect(await db().select().from(papers).all()).toEqual([]);
    expect(await db().select().from(outbox).all()).toEqual([]);
    expect((await db().select().from(conferences).where(eq(conferences.id, conference.id)).get())!.paperCounter).toBe(0);
    expect((await env.FILES.list({ prefix: "manuscript/" })).objects).toEqual([]);
    expect(await db().select().from(wizardDrafts).where(eq(wizardDrafts.id, submissionOwner(user.id).id)).get()).toBeDefined();
  });
});

describe("the office hears of new papers", () => {
  it("gets a mail per paper, at the contact address until the console says otherwise, in the submission's batch", async () => {
    const conference = await createConference({ status: "open", title: "33rd Annual Conference", startDate: "2027-06-01", submissionDeadline: new Date(Date.now() + 24 * HOUR) });
    const { user, jar } = await author();
    await throughStep4(jar, user.id, conference.id);
    expect((await submit(jar, user.email)).headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
    const office = (await mails()).filter((m) => m.template === "submission_office");
    expect(office).toHaveLength(1);
    expect(office[0]).toMatchObject({ to: "info@example.org", payload: { paperNumber: "MS27~101", title: "Deadlines and Liquidity", submitterEmail: user.email, fileName: "paper.pdf" } });
    const mail = renderMail("submission_office", office[0]!.payload, { siteName: "Society", siteUrl: "https://society.test" });
    expect(mail.subject).toBe("Society: New paper MS27~101 for 33rd Annual Conference");
    expect(mail.text).toContain(`Submitted by: Nadia Okafor <${user.email}>`);
    expect(mail.text).toContain(`/admin/papers?conference=${conference.id}`);
  });

  it("is set in the console, by administrators only, checked, and with its audit entry or not at all", async () => {
    const { admin, jar: office } = await adminJar();
    const { jar: someone } = await author();
    expect(textOf(await (await visit(office, "/admin/settings")).text())).toContain("An e-mail for each new paper");
    expect((await postForm(someone, "/admin/settings", { mode: "off", address: "x@example.org" })).status).toBe(403);
    expect((await postForm(office, "/admin/settings", { mode: "off", address: "x@example.org" }, { csrf: null })).status).toBe(403);
    const bad = await postForm(office, "/admin/settings", { mode: "weekly", address: "not an address" });
    expect(bad.status).toBe(400);
    const text = textOf(await bad.text());
    expect(text).toContain("Choose how the office hears of new papers.");
    expect(text).toContain("Enter the office's e-mail address");
    expect(await db().select().from(siteState).where(eq(siteState.key, "office_notices")).get()).toBeUndefined();

    expectConsoleError(/audit_log/);
    await withTableMissing("audit_log", async () => {
      expect((await postForm(office, "/admin/settings", { mode: "digest", address: "papers@example.org" })).status).toBe(503);
    });
    expect(await db().select().from(siteState).where(eq(siteState.key, "office_notices")).get()).toBeUndefined();

    expect((await postForm(office, "/admin/settings", { mode: "digest", address: "papers@example.org" })).headers.get("Location")).toBe("/admin/settings?done=saved");
    expect(JSON.parse((await db().select().from(siteState).where(eq(siteState.key, "office_notices")).get())!.value)).toEqual({ mode: "digest", address: "papers@example.org" });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "settings.office_notices"), eq(auditLog.actorId, admin.id))).all()).toHaveLength(1);
    expect(textOf(await (await visit(office, "/admin/settings?done=saved")).text())).toContain("Settings saved.");
  });

  it("with a daily digest, gets one mail a day after 07:00 UTC listing the day's papers, once however often it runs, and nothing for a day without papers", async () => {
    const conference = await createConference({ status: "open", title: "33rd Annual Conference", startDate: "2027-06-01" });
    const { user, jar } = await author();
    await db().insert(siteState).values({ key: "office_notices", value: JSON.stringify({ mode: "digest", address: "papers@example.org" }) });
    // A submission in digest mode writes no mail of its own to the office.
    await throughStep4(jar, user.id, conference.id);
    await submit(jar, user.email);
    expect((await mails()).filter((m) => m.to === "papers@example.org")).toEqual([]);

    const submitted = (await db().select().from(papers).get())!.submittedAt.getTime();
    const slot = digestSlot(submitted) + 24 * HOUR;
    await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }], paper: { title: "Yesterday's Paper", submittedAt: new Date(slot - 30 * HOUR) } });
    // A minute before 07:00 the digest due is the one of the day before: it lists the day before's paper.
    expect(await sendOfficeDigest(services(), slot - 60_000)).toBe(1);
    // At 07:05 today's is due, once however many runs overlap, then not again that day.
    const runs = await Promise.all([sendOfficeDigest(services(), slot + 5 * 60_000), sendOfficeDigest(services(), slot + 5 * 60_000)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendOfficeDigest(services(), slot + 2 * HOUR)).toBe(0);
    const digests = (await mails()).filter((m) => m.template === "submission_digest");
    expect(digests).toHaveLength(2);
    expect(digests.map((d) => d.to)).toEqual(["papers@example.org", "papers@example.org"]);
    const titles = digests.map((d) => (d.payload as { papers: Array<{ title: string }> }).papers.map((p) => p.title));
    expect(titles).toEqual([["Yesterday's Paper"], ["Deadlines and Liquidity"]]);
    const mail = renderMail("submission_digest", digests[1]!.payload, { siteName: "Society", siteUrl: "https://society.test" });
    expect(mail.subject).toMatch(/^Society: 1 new paper since \d{1,2} \w+ \d{4}, 07:00 UTC$/);
    expect(mail.text).toContain("MS27~101, 33rd Annual Conference: “Deadlines and Liquidity”, submitted by Nadia Okafor");
    // The next day has no papers: no mail, and the day is covered.
    expect(await sendOfficeDigest(services(), slot + 24 * HOUR + 60_000)).toBe(0);
    expect((await mails()).filter((m) => m.template === "submission_digest")).toHaveLength(2);
    expect((await db().select().from(siteState).where(eq(siteState.key, "office_digest_covered_to")).get())!.value).toBe(String(slot + 24 * HOUR));
  });

  it("leaves the digest due when its batch fails", async () => {
    const conference = await createConference({ status: "open" });
    const { user } = await author();
    await db().insert(siteState).values({ key: "office_notices", value: JSON.stringify({ mode: "digest", address: "papers@example.org" }) });
    const slot = digestSlot(Date.now());
    await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }], paper: { submittedAt: new Date(slot - HOUR) } });
    await withTableMissing("outbox", async () => {
      await expect(sendOfficeDigest(services(), slot + 60_000)).rejects.toThrow();
    });
    expect(await db().select().from(siteState).where(eq(siteState.key, "office_digest_covered_to")).get()).toBeUndefined();
    expect(await sendOfficeDigest(services(), slot + 60_000)).toBe(1);
  });
});

describe("deleting tells the co-authors", () => {
  async function listedPaper(status: "under_review" | "accepted" = "under_review") {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", title: "33rd Annual Conference" });
    const { user, jar } = await author();
    const co = await author();
    const paper = await createPaper({
      conferenceId: conference.id,
      submitterId: user.id,
      authors: [
        { userId: user.id, email: user.email },
        { userId: co.user.id, email: co.user.email, firstName: "Tomás", lastName: "Ruiz" },
        { email: "noaccount@example.org", firstName: "Li", lastName: "Wei" },
      ],
      paper: { title: "Withdrawn Paper", status },
    });
    return { user, jar, co, paper };
  }

  it("mails each co-author the submission listed, not the submitter, in the deletion's batch", async () => {
    const { user, jar, co, paper } = await listedPaper();
    expect((await postForm(jar, `/dashboard/submissions/${paper.id}/delete`, {})).headers.get("Location")).toBe("/dashboard?tab=submissions&done=deleted");
    const sent = (await mails()).filter((m) => m.template === "submission_withdrawn");
    expect(sent.map((m) => m.to).sort()).toEqual([co.user.email, "noaccount@example.org"].sort());
    expect(sent.map((m) => m.to)).not.toContain(user.email);
    const mail = renderMail("submission_withdrawn", sent.find((m) => m.to === "noaccount@example.org")!.payload, { siteName: "Society", siteUrl: "https://society.test" });
    expect(mail.subject).toBe("Society: Paper MS27~101 was withdrawn");
    expect(mail.text).toContain("Dear Li Wei,");
    expect(mail.text).toContain("The author who submitted it has withdrawn it");
    expect(mail.text).toContain("“Withdrawn Paper”");
    expect(mail.text).toContain("Withdrawn from the account of: Nadia Okafor");
    expect(mail.text).toContain("write to info@example.org, quoting MS27~101");
  });

  it("mails nobody when the deletion is refused or fails, and the office's deletion mails nobody", async () => {
    const decided = await listedPaper("accepted");
    expect((await postForm(decided.jar, `/dashboard/submissions/${decided.paper.id}/delete`, {})).status).toBe(409);
    expect((await postForm(decided.co.jar, `/dashboard/submissions/${decided.paper.id}/delete`, {})).status).toBe(403);
    expect(await mails()).toEqual([]);

    const { jar, paper } = await listedPaper();
    expectConsoleError(/audit_log|no such table/);
    await withTableMissing("audit_log", async () => {
      expect((await postForm(jar, `/dashboard/submissions/${paper.id}/delete`, {})).status).toBe(503);
    });
    expect(await db().select().from(papers).where(eq(papers.id, paper.id)).get()).toBeDefined();
    expect(await mails()).toEqual([]);

    const { admin } = await adminJar();
    await deletePaper(services(), asAdmin(admin), paper.id);
    expect(await getPaper(services(), asAdmin(admin), paper.id)).toBeNull();
    expect(await mails()).toEqual([]);
  });
});
