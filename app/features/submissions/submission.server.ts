/**
 * The submission wizard's server side: the open conferences of step 1, the upload of
 * step 2 (kept under a draft key in R2 and read by the extraction Worker at once), the extraction's
 * result poured into the draft (title, abstract, keywords, JEL codes, authors), and the submission itself, one D1 batch
 * that creates the paper, its authors, its file and its mails and numbers the paper in its
 * conference. Drafts are the wizard module's (decision 028); what the server sets in them (the
 * upload, the job, where each pre-filled value came from) is never read from a post.
 */
import { and, asc, eq, gt, isNull, or, sql, type Placeholder } from "drizzle-orm";
import { placeholders, preparedQuery } from "~/db/prepared.server";
import { statementsFor } from "~/db/batch.server";
import { conferences, extractionJobs, files, paperAuthors, papers, users } from "~/db/schema";
import { auditEntry } from "~/models/audit.server";
import { activeAccountAt } from "~/models/authorship.server";
import { readOfficeNotices } from "~/models/office-notices.server";
import { extractionJobStatement, getExtractionJob, jobsOfFile, queueExtraction, failExtractionJob, type ExtractedInfo } from "~/models/extraction-jobs.server";
import { generateFilename, r2KeyFor } from "~/models/file.server";
import { researchAreaLabel } from "~/lib/format";
import { deadlinePassed, submissionsClosed } from "~/lib/deadline";
import { paperDisplayNumber } from "~/lib/status";
import { AppError } from "~/server/errors.server";
import { hitRateLimits, type LimitCheck, LIMITS } from "~/server/auth/rate-limit.server";
import { randomToken } from "~/server/auth/crypto.server";
import type { SessionUser } from "~/server/auth/session.server";
import { extensionOf } from "~/server/files/sniff.server";
import { blindCopyForPaper } from "./blind-copy.server";
import { manuscriptRule, storeManuscriptFile } from "./manuscript-file.server";
import { commitWithMail, selectedMail } from "~/mail/outbox.server";
import type { Services } from "~/server/services.server";
import { DRAFT_FILE_PREFIX, type DraftOwner, discardDraftStatement, loadDraft, saveDraftStatement, userDraftOwner, type WizardDraft } from "~/server/wizard/drafts.server";
import {
  type AuthorRow,
  fileTooLarge,
  MANUSCRIPT_TYPE_LABELS,
  type ManuscriptType,
  MAX_AUTHORS,
  pinSubmitter,
  researchAreasOf,
  submitterIndex,
  MAX_MANUSCRIPT_BYTES,
  SUBMISSION_MESSAGES,
  SUBMISSION_WIZARD,
  toAuthorRow,
  type ExtractionView,
  type Person,
  type Provenance,
  type ProvenanceField,
  type AuthorsRead,
  type ExtractedAuthor,
  type AuthorTextField,
} from "./submission-form";
import { isJelCode, joinItems, keywordsProblem, MAX_JEL_CODES, MAX_KEYWORDS, parseJelCodes, parseKeywords } from "./keywords";

type Ctx = Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">;

export const submissionOwner = (userId: number) => userDraftOwner(userId, SUBMISSION_WIZARD.name);

/** Where an upload waits while its wizard is a draft; the submission moves it under the paper's key. */
export const DRAFT_MANUSCRIPT_PREFIX = `${DRAFT_FILE_PREFIX}manuscript`;
const DRAFT_RULE = manuscriptRule("manuscript", DRAFT_MANUSCRIPT_PREFIX);
/** The old Word format is accepted and kept, but the engine reads PDF and DOCX only. */
const EXTRACTED = new Set(["pdf", "docx"]);


/** What the server keeps in a submission draft besides the fields of the steps. */
export type DraftExtras = {
  uploadedFileName?: string;
  uploadedFileSize?: number;
  fileSha256?: string;
  extractionJobId?: string | null;
  /** The job's end has been poured into the fields (or there was nothing to pour). */
  extractionApplied?: boolean;
  provenance?: Partial<Record<ProvenanceField, Provenance>> | null;
  /** How many people the manuscript named, where, and who did not fit (the authors step says so). */
  authorsRead?: AuthorsRead | null;
  /** Each author as read, where and how sure: the cards name theirs by `ref`. */
  extractedAuthors?: ExtractedAuthor[] | null;
  /** The cards as they were poured in: a list that differs from them holds the author's corrections. */
  authorsAsRead?: AuthorRow[] | null;
  /** One per draft: the paper it becomes carries it, so a resent submit finds it taken. */
  submissionKey?: string;
  /** Submit was pressed once: the step shows 'SUBMISSION BLOCKED' while the author is not listed. */
  submitTried?: boolean;
};

export const extrasOf = (draft: WizardDraft) => draft.data as DraftExtras & Record<string, unknown>;

/** Open for submissions: status Open and its deadline, if any, still ahead (decision 061). */
const takesSubmissions = (now: Date | Placeholder) => and(eq(conferences.status, "open"), or(isNull(conferences.submissionDeadline), gt(conferences.submissionDeadline, now)));

/** The conferences open for submissions at `now` (ms), soonest first, with their deadlines: step 1's list, read once per page with the draft. */
const openConferencesAt = preparedQuery(
  (db) =>
    db
      .select({ id: conferences.id, title: conferences.title, startDate: conferences.startDate, location: conferences.location, submissionDeadline: conferences.submissionDeadline })
      .from(conferences)
      .where(takesSubmissions(sql.placeholder("now")))
      .orderBy(asc(conferences.startDate), asc(conferences.id)),
  placeholders<{ now: number }>(),
);

/** Step 1's list as a read to batch with others (`wizardStepLoad`'s `alongside`). */
export const openConferencesCall = (now = Date.now()) => openConferencesAt({ now });

export type OpenConference = { id: number; title: string; startDate: string; location: string; submissionDeadline: number | null };
export const openConferenceViews = (rows: Array<Omit<OpenConference, "submissionDeadline"> & { submissionDeadline: Date | null }>): OpenConference[] =>
  rows.map((c) => ({ ...c, submissionDeadline: c.submissionDeadline?.getTime() ?? null }));

export async function isOpenConference({ db }: Pick<Services, "db">, id: number) {
  const row = await db.select({ id: conferences.id }).from(conferences).where(and(eq(conferences.id, id), takesSubmissions(new Date()))).get();
  return Boolean(row);
}

/** The signed-in author as a card of the authors step: the profile's name, e-mail and primary affiliation. */
export async function profileAuthor({ db }: Pick<Services, "db">, userId: number): Promise<AuthorRow & Person> {
  const u = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, affiliation: users.primaryAffiliation })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const a = u?.affiliation;
  return toAuthorRow({
    firstName: u?.firstName ?? "",
    lastName: u?.lastName ?? "",
    email: u?.email ?? "",
    institution: a?.institution ?? "",
    department: a?.department ?? "",
    rankTitle: a?.rank ?? "",
    rankOther: a?.rankOther ?? "",
    country: a?.address?.country ?? "",
    isCorresponding: false,
    source: "profile",
  });
}

/**
 * Step 2's upload: the spec's messages for no file, another type or too large; then the content
 * checked (`storeUploads`), the file kept under the draft's key, its row, the extraction job and
 * the draft written in one batch, and the job queued. A new file replaces the earlier one and its
 * result. Nothing is left in R2 when anything fails.
 */
export async function uploadManuscript(ctx: Ctx, user: Pick<SessionUser, "id">, file: File | null, field: string = MANUSCRIPT_FIELD) {
  const stored = await storeManuscriptFile(ctx, user, file, DRAFT_RULE, { field });
  const { row, ext } = stored;
  const owner = submissionOwner(user.id);
  const draft = await loadDraft(ctx, owner);
  const extras = extrasOf(draft);
  const jobId = EXTRACTED.has(ext) ? randomToken(18) : null;
  const data: DraftExtras & Record<string, unknown> = {
    ...draft.data,
    uploadedFileName: row.originalName,
    uploadedFileSize: row.size,
    fileSha256: row.sha256 ?? undefined,
    extractionJobId: jobId,
    extractionApplied: jobId === null,
    submissionKey: extras.submissionKey ?? randomToken(18),
  };
  try {
    await ctx.db.batch([
      ctx.db.insert(files).values(row),
      ...(jobId ? [extractionJobStatement(ctx, jobId, user.id, row.r2Key)] : []),
      saveDraftStatement(ctx, owner, SUBMISSION_WIZARD.name, { step: 2, data, fileKey: row.r2Key }),
      ...(draft.fileKey ? [jobsOfFile(ctx, draft.fileKey), ctx.db.delete(files).where(eq(files.r2Key, draft.fileKey))] : []),
    ]);
  } catch (error) {
    await stored.discard();
    throw error;
  }
  if (draft.fileKey) await ctx.files.delete(draft.fileKey).catch((e: unknown) => console.error("submission: earlier upload not deleted", e));
  if (jobId) {
    await queueExtraction(ctx, jobId).catch(async (e: unknown) => {
      console.error("submission: extraction not queued", e);
      await failExtractionJob(ctx, jobId, "The manuscript could not be handed to the extraction service.");
    });
  }
  return { fileName: row.originalName, extracting: jobId !== null, fileKey: row.r2Key, size: row.size, contentType: row.contentType };
}

/** The form field a manuscript is posted under; its refusals are that field's errors. */
export const MANUSCRIPT_FIELD = "manuscript";

/** A body past the manuscript limit is refused from its Content-Length, before it is read. */
export function refuseOversizeBody(request: Request) {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_MANUSCRIPT_BYTES + 1_048_576) throw new AppError("too-large", fileTooLarge(length), { fieldErrors: { [MANUSCRIPT_FIELD]: fileTooLarge(length) } });
}

/** Step 2's Remove: the file goes, and with it the title, abstract and authors it filled in. */
export async function removeManuscript(ctx: Ctx, user: Pick<SessionUser, "id">) {
  const owner = submissionOwner(user.id);
  const draft = await loadDraft(ctx, owner);
  const data = { ...draft.data, uploadedFileName: "", uploadedFileSize: 0, fileSha256: "", extractionJobId: null, extractionApplied: false, provenance: null, authorsRead: null, extractedAuthors: null, authorsAsRead: null, manuscriptTitle: "", manuscriptAbstract: "", keywords: "", jelCodes: "", authors: [] };
  await ctx.db.batch([
    saveDraftStatement(ctx, owner, SUBMISSION_WIZARD.name, { step: 2, data, fileKey: null }),
    ...(draft.fileKey ? [jobsOfFile(ctx, draft.fileKey), ctx.db.delete(files).where(eq(files.r2Key, draft.fileKey))] : []),
  ]);
  if (draft.fileKey) await ctx.files.delete(draft.fileKey);
}

/** The state step 2 shows: no file, a file the engine does not read (.doc), or the job's. */
export async function extractionView({ db }: Pick<Services, "db">, userId: number, draft: WizardDraft): Promise<ExtractionView> {
  const extras = extrasOf(draft);
  if (!extras.uploadedFileName) return { status: "none" };
  if (!extras.extractionJobId) return { status: "unread" };
  const job = await getExtractionJob({ db }, userId, extras.extractionJobId);
  if (!job) return { status: "failed", message: SUBMISSION_MESSAGES.extractionFailed };
  if (job.status === "failed") return { status: "failed", message: job.message ? `${job.message} ${SUBMISSION_MESSAGES.manualEntry}` : SUBMISSION_MESSAGES.extractionFailed };
  if (job.status !== "complete") return { status: job.status };
  const info = job.result as ExtractedInfo | null;
  return { status: "complete", found: { title: Boolean(info?.title), abstract: Boolean(info?.abstract), authors: info?.authors?.length ?? 0 } };
}

const pageOf = (source: unknown) => (source && typeof source === "object" && "page" in source && typeof source.page === "number" ? source.page : null);

const EXTRACTED_TEXT_FIELDS = ["firstName", "lastName", "email", "institution", "department", "country"] as const satisfies readonly AuthorTextField[];

/**
 * The authors step's cards from the manuscript: its authors in order (affiliation as institution
 * and department, the country as its code), the signed-in author matched by e-mail or name and
 * completed from the profile, or added from it when the manuscript does not name them. One
 * corresponding author at most; the signed-in author when the manuscript marks none. At most
 * MAX_AUTHORS cards: the people read past them are named in `read.leftOut`, never dropped unsaid.
 */
export function authorsFromExtraction(extracted: ExtractedInfo["authors"], me: AuthorRow & Person): { rows: AuthorRow[]; read: AuthorsRead; asRead: ExtractedAuthor[] } {
  const all = extracted.map((a, i) =>
    toAuthorRow({
      firstName: a.Name ?? "",
      lastName: a.Surname ?? "",
      email: (a.email ?? "").toLowerCase(),
      institution: a.Affiliation ?? "",
      department: a.Department ?? "",
      country: a.CountryCode ?? "",
      isCorresponding: a.isCorresponding,
      source: "extraction",
      ref: String(i),
    }),
  );
  const asRead: ExtractedAuthor[] = extracted.map((a, i) => ({
    page: pageOf(a.source),
    confidence: typeof a.confidence === "number" ? a.confidence : 0,
    values: Object.fromEntries(EXTRACTED_TEXT_FIELDS.map((f) => [f, all[i]![f]])),
  }));
  // The signed-in author keeps their place when the manuscript names them among the first MAX_AUTHORS; otherwise their card takes the last.
  const found = submitterIndex(all, me);
  const rows = all.slice(0, found >= 0 && found < MAX_AUTHORS ? MAX_AUTHORS : MAX_AUTHORS - 1);
  let mine = submitterIndex(rows, me);
  if (mine < 0) {
    rows.push({ ...me, source: "profile" });
    mine = rows.length - 1;
  } else {
    const row = rows[mine]!;
    row.email = me.email;
    for (const key of ["institution", "department", "rankTitle", "rankOther", "country"] as const) if (!row[key]) row[key] = me[key];
  }
  const first = rows.findIndex((r) => r.isCorresponding);
  rows.forEach((r, i) => (r.isCorresponding = first >= 0 ? i === first : i === mine));
  const shownRefs = new Set(rows.map((r) => r.ref));
  const leftOut = all.filter((r) => !shownRefs.has(r.ref)).map((r) => `${r.firstName} ${r.lastName}`.trim() || "(a name not read)");
  const pages = [...new Set(asRead.map((a) => a.page).filter((p): p is number => p !== null))].sort((a, b) => a - b);
  return { rows, read: { count: extracted.length, pages, shown: rows.filter((r) => r.source === "extraction").length, leftOut }, asRead };
}

/** The title, abstract and authors the draft holds that the author typed or changed since the manuscript was read. */
export type CorrectedField = "manuscriptTitle" | "manuscriptAbstract" | "authors";

const sameRows = (a: unknown[], b: unknown[]) => JSON.stringify(a.map((r) => toAuthorRow(r as Partial<AuthorRow>))) === JSON.stringify(b.map((r) => toAuthorRow(r as Partial<AuthorRow>)));

export function correctedFields(data: DraftExtras & Record<string, unknown>): CorrectedField[] {
  const corrected: CorrectedField[] = [];
  for (const field of ["manuscriptTitle", "manuscriptAbstract"] as const) {
    const value = typeof data[field] === "string" ? (data[field] as string).trim() : "";
    if (value && value !== (data.provenance?.[field]?.value ?? "").trim()) corrected.push(field);
  }
  const authors = Array.isArray(data.authors) ? data.authors : [];
  if (authors.length > 0 && !sameRows(authors, data.authorsAsRead ?? [])) corrected.push("authors");
  return corrected;
}

/** What a replaced manuscript asks before its values are poured in: keep the author's corrections, or take the new file's. */
export type ReplaceChoice = "keep" | "take";

/**
 * Pours a finished job into the draft, once: title and abstract with where they were found, the
 * authors rebuilt. A failed job or an unread file leaves the fields to the author (the signed-in
 * author's card is there to start from). When the draft holds values the author corrected (a
 * manuscript replaced after its fields were edited), nothing is poured until the author chose:
 * `ask` lists the corrected fields. "keep" keeps each corrected field as the author left it and
 * takes the new file's values for the others; "take" takes the new file's values for all.
 * Returns the draft as it now is, or as it was while the job still runs or the question waits.
 */
export async function applyExtraction(ctx: Ctx, user: Pick<SessionUser, "id">, draft: WizardDraft, choice?: ReplaceChoice): Promise<{ draft: WizardDraft; running: boolean; ask: CorrectedField[] | null }> {
  const extras = extrasOf(draft);
  if (extras.extractionApplied || !extras.uploadedFileName) return { draft, running: false, ask: null };
  const job = extras.extractionJobId ? await getExtractionJob(ctx, user.id, extras.extractionJobId) : null;
  if (job && (job.status === "uploading" || job.status === "extracting")) return { draft, running: true, ask: null };
  const info = job?.status === "complete" ? (job.result as ExtractedInfo | null) : null;
  const corrected = info ? correctedFields(extras) : [];
  if (corrected.length > 0 && !choice) return { draft, running: false, ask: corrected };
  const keep = new Set(choice === "keep" ? corrected : []);
  const me = await profileAuthor(ctx, user.id);
  const data: DraftExtras & Record<string, unknown> = { ...draft.data, extractionApplied: true };
  if (info) {
    const provenance = { ...(extras.provenance ?? {}) };
    if (!keep.has("manuscriptTitle")) {
      // A value the new file does not give stays, without a hint of where it came from.
      if (info.title) {
        data.manuscriptTitle = info.title;
        provenance.manuscriptTitle = { page: pageOf(info.sources?.title), confidence: info.confidence?.title ?? 0, value: info.title };
      } else delete provenance.manuscriptTitle;
    }
    if (!keep.has("manuscriptAbstract")) {
      // A value the new file does not give stays, without a hint of where it came from.
      if (info.abstract) {
        data.manuscriptAbstract = info.abstract;
        provenance.manuscriptAbstract = { page: pageOf(info.sources?.abstract), confidence: info.confidence?.abstract ?? 0, value: info.abstract };
      } else delete provenance.manuscriptAbstract;
    }
    // Keywords and JEL codes are not in the question: the new file's are taken when it gives any.
    const found = keywordsFromExtraction(info);
    Object.assign(data, found.values);
    Object.assign(provenance, found.provenance);
    data.provenance = provenance;
    if (!keep.has("authors")) {
      const { rows, read, asRead } = authorsFromExtraction(info.authors ?? [], me);
      Object.assign(data, { authors: rows, authorsRead: read, extractedAuthors: asRead, authorsAsRead: rows });
    }
  } else if (!Array.isArray(data.authors) || data.authors.length === 0) {
    const rows = [{ ...me, isCorresponding: true }];
    Object.assign(data, { authors: rows, authorsRead: null, extractedAuthors: null, authorsAsRead: rows });
  }
  const next = { ...draft, data };
  await saveDraftStatement(ctx, submissionOwner(user.id), SUBMISSION_WIZARD.name, next);
  return { draft: next, running: false, ask: null };
}

/**
 * The keywords and JEL codes the manuscript prints, as step 3's fields hold them, with where they
 * were found: the ones the fields would refuse left out (a keyword too long to be one, a code the
 * JEL classification has not), at most as many as the fields take.
 */
export function keywordsFromExtraction(info: Pick<ExtractedInfo, "keywords" | "jel" | "sources" | "confidence">) {
  const keywords = parseKeywords((info.keywords ?? []).join(",")).filter((k) => !keywordsProblem([k])).slice(0, MAX_KEYWORDS);
  const jel = parseJelCodes((info.jel ?? []).join(",")).filter(isJelCode).slice(0, MAX_JEL_CODES);
  const values: Record<string, string> = {};
  const provenance: Partial<Record<ProvenanceField, Provenance>> = {};
  if (keywords.length) {
    values.keywords = joinItems(keywords);
    provenance.keywords = { page: pageOf(info.sources?.keywords), confidence: info.confidence?.keywords ?? 0, value: values.keywords };
  }
  if (jel.length) {
    values.jelCodes = joinItems(jel);
    provenance.jelCodes = { page: pageOf(info.sources?.jel), confidence: info.confidence?.jel ?? 0, value: values.jelCodes };
  }
  return { values, provenance };
}

/** An earlier paper of this author to this conference with the very same file, if any. */
export async function sameFileSubmitted({ db }: Pick<Services, "db">, userId: number, conferenceId: number, sha256: string | undefined) {
  if (!sha256 || !Number.isInteger(conferenceId)) return null;
  const row = await db
    .select({ paperNumber: papers.paperNumber, startDate: conferences.startDate, submittedAt: papers.submittedAt })
    .from(papers)
    .innerJoin(files, and(eq(files.paperId, papers.id), eq(files.kind, "manuscript")))
    .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
    .where(and(eq(papers.submitterId, userId), eq(papers.conferenceId, conferenceId), eq(files.sha256, sha256)))
    .get();
  return row ? { number: paperDisplayNumber(row.startDate, row.paperNumber), submittedAt: row.submittedAt.getTime() } : null;
}

/** The kept step values a submission is made of (steps 1 to 4, checked) and the authors (step 5). */
type Submission = { values: Record<string, unknown>; authors: AuthorRow[] };

/** The refusal of a submission over the day's limits: when to come back. */
function tooManySubmissions(retryAfterSeconds: number) {
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
  return `You have submitted as many papers, or listed as many co-authors to be notified, as one account may in a day. Please try again in ${hours} hour${hours === 1 ? "" : "s"}, or write to the society's office if you need to submit more today.`;
}

/** An author as the submission's mails list them: name, affiliation, and whether corresponding. */
export const authorLine = (a: AuthorRow) => `${a.firstName} ${a.lastName}${a.institution ? `, ${a.institution}` : ""}${a.isCorresponding ? " (corresponding author)" : ""}`;

/**
 * The conference a paper is going to, refused while it takes none: no longer open, or its
 * submission deadline passed (decision 061). The last look before Submit and Submit ask alike.
 */
export async function conferenceTakingPapers(ctx: Pick<Services, "db">, conferenceId: number) {
  const conference = Number.isInteger(conferenceId)
    ? await ctx.db
        .select({ id: conferences.id, title: conferences.title, startDate: conferences.startDate, status: conferences.status, submissionDeadline: conferences.submissionDeadline })
        .from(conferences)
        .where(eq(conferences.id, conferenceId))
        .get()
    : undefined;
  if (!conference || conference.status !== "open") throw new AppError("conflict", "This conference is no longer open for submissions. Choose another one in step 1.");
  if (deadlinePassed(conference.submissionDeadline)) throw new AppError("conflict", submissionsClosed(conference.title, conference.submissionDeadline!));
  return conference;
}

/**
 * The submission: checks the conference is still open, the author is listed and the file is
 * still there; copies the file (and the blind copy, if any) to the paper's keys; then one D1
 * batch numbers the paper in its conference (the counter and the paper in one transaction: no
 * duplicate, no gap), writes the paper, its authors (linked to the accounts of their addresses),
 * its files, the audit entry, the receipt and the co-authors' notices, and forgets the draft. A
 * second submit of the same draft finds its key taken and answers with the paper the first one made.
 */
export async function submitPaper(ctx: Ctx, user: SessionUser, owner: DraftOwner, draft: WizardDraft, submission: Submission) {
  const { values } = submission;
  const authors = pinSubmitter(submission.authors, user);
  const extras = extrasOf(draft);
  const conferenceId = Number(values.conferenceId);
  const conference = await conferenceTakingPapers(ctx, conferenceId);
  if (submitterIndex(authors, user) < 0) throw new AppError("unprocessable", `${SUBMISSION_MESSAGES.blocked}: ${SUBMISSION_MESSAGES.currentUserMissing}`);
  const key = extras.submissionKey;
  const stored = draft.fileKey ? await ctx.db.select().from(files).where(eq(files.r2Key, draft.fileKey)).get() : null;
  const object = stored ? await ctx.files.get(stored.r2Key) : null;
  if (!key || !stored || !object) throw new AppError("conflict", "The manuscript is no longer stored: upload it again in step 2.");
  const others = authors.filter((a) => a.email.toLowerCase() !== user.email.toLowerCase());
  // Every listed address is mailed: submissions and their notices are limited per account and day,
  // counted once everything the submission needs is there (a refusal above costs nothing).
  await hitRateLimits(
    ctx.db,
    [
      [`submit:acct:${user.id}`, LIMITS.submissionsPerAccount],
      ...(others.length ? [[`coauthor-mail:acct:${user.id}`, LIMITS.coauthorMailsPerAccount, others.length] satisfies LimitCheck] : []),
    ],
    tooManySubmissions,
  );

  const filename = generateFilename(extensionOf(stored.filename) || "pdf");
  const paperKey = r2KeyFor("manuscript", filename);
  await ctx.files.put(paperKey, await object.arrayBuffer(), { httpMetadata: { contentType: stored.contentType } });

  const paperId = sql`(select id from papers where submission_key = ${key})`;
  const blindCopy = await blindCopyForPaper(ctx, user.id, draft, paperId).catch(async (error: unknown) => {
    await ctx.files.delete(paperKey).catch(() => undefined);
    throw error;
  });
  const shownNumber = sql`'MS' || ${conference.startDate.slice(2, 4)} || '~' || (${papers.paperNumber} + 101)`;
  const theirPaper = eq(papers.submissionKey, key);
  const link = new URL("/dashboard?tab=submissions", ctx.env.SITE_URL).toString();
  // paperNumber: a stand-in that passes the template's check; the batch writes the real one (`computed`).
  const researchAreas = researchAreasOf(values);
  const mailed = {
    title: String(values.manuscriptTitle),
    conference: conference.title,
    paperNumber: "MS00~101",
    authors: authors.map(authorLine),
    manuscriptType: MANUSCRIPT_TYPE_LABELS[values.manuscriptType as ManuscriptType] ?? String(values.manuscriptType),
    researchAreas: researchAreas.map(researchAreaLabel),
  };
  // The address the site shows for contact: the one an author can find again.
  const contactEmail = ctx.env.CONTACT_EMAIL;
  const isCorresponding = (email: string) => authors.some((a) => a.isCorresponding && a.email.toLowerCase() === email.toLowerCase());
  const submitterName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const office = await readOfficeNotices(ctx);
  try {
    await commitWithMail(
      ctx,
      [
        ctx.db
          .update(conferences)
          .set({ paperCounter: sql`${conferences.paperCounter} + 1` })
          .where(and(eq(conferences.id, conferenceId), takesSubmissions(new Date()))),
        ctx.db.insert(papers).values({
          conferenceId,
          // NULL (and the batch refused) if the conference closed, or its deadline passed, in between.
          paperNumber: sql`(select paper_counter - 1 from conferences where id = ${conferenceId} and status = 'open' and (submission_deadline is null or submission_deadline > ${Date.now()}))` as unknown as number,
          submitterId: user.id,
          manuscriptType: values.manuscriptType as (typeof papers.$inferInsert)["manuscriptType"],
          title: String(values.manuscriptTitle),
          abstract: String(values.manuscriptAbstract),
          researchAreas,
          keywords: parseKeywords(String(values.keywords ?? "")),
          jelCodes: parseJelCodes(String(values.jelCodes ?? "")),
          submissionKey: key,
        }),
        ...statementsFor(
          authors.map((a, i) => ({
            paperId: paperId as unknown as number,
            userId: activeAccountAt(a.email) as unknown as number,
            authorOrder: i + 1,
            firstName: a.firstName,
            lastName: a.lastName,
            email: a.email.toLowerCase(),
            institution: a.institution,
            department: a.department || null,
            rank: a.rankTitle,
            rankOther: a.rankTitle === "Other" ? a.rankOther : null,
            country: a.country,
            isCorresponding: a.isCorresponding,
          })),
          (rows) => ctx.db.insert(paperAuthors).values(rows),
        ),
        ctx.db
          .update(files)
          .set({ paperId: paperId as unknown as number, r2Key: paperKey, filename })
          .where(eq(files.id, stored.id)),
        ctx.db.delete(extractionJobs).where(and(eq(extractionJobs.userId, user.id), eq(extractionJobs.fileId, stored.id))),
        ...(blindCopy?.statements ?? []),
        discardDraftStatement(ctx, owner),
        auditEntry(ctx, { actorId: user.id, action: "paper.submit", entityType: "paper", entityId: null, details: { conferenceId, submissionKey: key, title: String(values.manuscriptTitle).slice(0, 200) } }),
      ],
      [
        selectedMail(ctx, "submission_receipt", {
          from: papers,
          where: theirPaper,
          to: sql`${user.email}`,
          payload: { ...mailed, fileName: stored.originalName, name: submitterName, link, supportEmail: contactEmail, corresponding: isCorresponding(user.email) },
          computed: { paperNumber: shownNumber },
        }),
        ...others.map((a) =>
          selectedMail(ctx, "submission_listed", {
            from: papers,
            where: theirPaper,
            to: sql`${a.email.toLowerCase()}`,
            payload: { ...mailed, name: `${a.firstName} ${a.lastName}`.trim(), submitter: submitterName, link, supportEmail: contactEmail, corresponding: a.isCorresponding },
            computed: { paperNumber: shownNumber },
          }),
        ),
        // The office hears of the paper now, unless it takes a daily digest or nothing (decision 061).
        ...(office.mode === "each"
          ? [
              selectedMail(ctx, "submission_office", {
                from: papers,
                where: theirPaper,
                to: sql`${office.address}`,
                payload: { ...mailed, fileName: stored.originalName, submitter: submitterName, submitterEmail: user.email, link: new URL(`/admin/papers?conference=${conferenceId}`, ctx.env.SITE_URL).toString() },
                computed: { paperNumber: shownNumber },
              }),
            ]
          : []),
      ],
    );
  } catch (error) {
    await ctx.files.delete(blindCopy ? [paperKey, blindCopy.paperKey] : paperKey).catch(() => undefined);
    const existing = await ctx.db.select({ id: papers.id }).from(papers).where(and(theirPaper, eq(papers.submitterId, user.id))).get();
    if (existing) return { paperId: existing.id, again: true };
    // The deadline passed between the check above and the batch: the batch refused the paper.
    const closing = await ctx.db.select({ deadline: conferences.submissionDeadline }).from(conferences).where(eq(conferences.id, conferenceId)).get();
    if (deadlinePassed(closing?.deadline)) throw new AppError("conflict", submissionsClosed(conference.title, closing!.deadline!));
    throw error;
  }
  await ctx.files.delete(blindCopy ? [stored.r2Key, blindCopy.draftKey] : stored.r2Key).catch((e: unknown) => console.error("submission: draft copy not deleted", e));
  const made = await ctx.db.select({ id: papers.id }).from(papers).where(theirPaper).get();
  return { paperId: made?.id ?? null, again: false };
}

/** A submit whose draft is gone: the paper its key made, if this author made one. */
export async function paperOfSubmissionKey({ db }: Pick<Services, "db">, userId: number, key: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) return null;
  return (await db.select({ id: papers.id }).from(papers).where(and(eq(papers.submissionKey, key), eq(papers.submitterId, userId))).get()) ?? null;
}
