/**
 * The author's calls (spec: author-area-and-admin-console.md section 7): a manuscript read for
 * its details, a paper submitted, the author's papers listed and deleted. Each runs the
 * submission wizard's and My Submissions' own functions: the same upload checks, extraction,
 * step schemas, submission batch and mails, the same rules for who sees and deletes what.
 *
 * A manuscript read through the API is the one the wizard's step 2 would hold: the upload goes
 * into the author's submission draft (a new one replaces the draft's earlier file, from the
 * pages or the API alike), and `tempFileId` names it until it is submitted or replaced.
 */
import { z } from "zod";
import { MANUSCRIPT_TYPES, PAPER_STATUSES } from "~/db/enums";
import { asAuthor, deletePaper, getPaper, mySubmissionsReads, PAPER_ROLES } from "~/features/papers/papers.server";
import { SUBMISSION_MESSAGES, SUBMISSION_WIZARD, authorsSchema, toAuthorRow, type AuthorRow } from "~/features/submissions/submission-form";
import { extractionView, extrasOf, submissionOwner, submitPaper, uploadManuscript } from "~/features/submissions/submission.server";
import type { ExtractedInfo } from "~/models/extraction-jobs.server";
import { getExtractionJob } from "~/models/extraction-jobs.server";
import { check, checkJsonText, defineCall } from "~/server/api/call.server";
import { postedFiles } from "~/server/forms.server";
import { AppError } from "~/server/errors.server";
import { loadDraft, type WizardDraft } from "~/server/wizard/drafts.server";
import type { Services } from "~/server/services.server";
import { id, idParams, messageAnswer } from "./shapes";

const TAG = "Papers";

/* ------------------------------------------------------------ reading a manuscript */

/** The stored name of the draft's upload: what `tempFileId` is (unguessable, and the draft is the author's own). */
const tempFileIdOf = (fileKey: string | null | undefined) => (fileKey ? fileKey.slice(fileKey.lastIndexOf("/") + 1) : null);

const tempFileIdParam = z.string().regex(/^[A-Za-z0-9]{10,64}\.[a-z]{3,4}$/);

const extractedAuthorShape = z.object({
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  Affiliation: z.string().nullable(),
  Department: z.string().nullable(),
  Title: z.string().nullable(),
  Country: z.string().nullable(),
  CountryCode: z.string().nullable().describe("ISO 3166-1 alpha-2 code of Country, when known"),
  email: z.string().nullable(),
  isCorresponding: z.boolean(),
});

const extractionAnswer = z.object({
  extractedInfo: z
    .object({
      title: z.string().nullable(),
      abstract: z.string().nullable(),
      authors: z.array(extractedAuthorShape),
      keywords: z.array(z.string()),
      jelCodes: z.array(z.string()),
      references: z.array(z.object({ text: z.string(), doi: z.string().nullable(), year: z.number().nullable() })),
    })
    .nullable()
    .describe("What the manuscript gave, once conversionStatus is complete; null before and when nothing could be read"),
  fileInfo: z.object({ originalName: z.string(), size: z.number().int() }),
  tempFileId: z.string().describe("Names this upload: send it to POST /api/papers/submit instead of the file, and poll GET /api/papers/process-document/{tempFileId}"),
  conversionStatus: z
    .enum(["processing", "complete", "failed", "unread"])
    .describe("processing: the manuscript is being read, ask again; complete: extractedInfo holds what was found; failed: nothing was read (see message); unread: an old Word file, kept but never read"),
  message: z.string().optional().describe("Why nothing was read, for failed and unread"),
});

type ExtractionAnswer = z.input<typeof extractionAnswer>;

const nullable = (v: unknown) => (typeof v === "string" && v ? v : null);

/** The draft's upload and its extraction as the API answers them (`extractionView` decides the state, as on step 2). */
async function extractionOf(ctx: Pick<Services, "db">, userId: number, draft: WizardDraft): Promise<ExtractionAnswer> {
  const extras = extrasOf(draft);
  const tempFileId = tempFileIdOf(draft.fileKey)!;
  const fileInfo = { originalName: extras.uploadedFileName ?? "", size: extras.uploadedFileSize ?? 0 };
  const view = await extractionView(ctx, userId, draft);
  if (view.status === "uploading" || view.status === "extracting") return { extractedInfo: null, fileInfo, tempFileId, conversionStatus: "processing" };
  if (view.status === "unread") return { extractedInfo: null, fileInfo, tempFileId, conversionStatus: "unread", message: SUBMISSION_MESSAGES.manualEntry };
  if (view.status !== "complete") return { extractedInfo: null, fileInfo, tempFileId, conversionStatus: "failed", message: view.status === "failed" ? view.message : SUBMISSION_MESSAGES.extractionFailed };
  const job = await getExtractionJob(ctx, userId, extras.extractionJobId!);
  const info = job?.result as ExtractedInfo | null;
  if (!info) return { extractedInfo: null, fileInfo, tempFileId, conversionStatus: "failed", message: SUBMISSION_MESSAGES.extractionFailed };
  return {
    extractedInfo: {
      title: nullable(info.title),
      abstract: nullable(info.abstract),
      authors: (info.authors ?? []).map((a) => ({
        Name: nullable(a.Name),
        Surname: nullable(a.Surname),
        Affiliation: nullable(a.Affiliation),
        Department: nullable(a.Department),
        Title: nullable(a.Title),
        Country: nullable(a.Country),
        CountryCode: nullable(a.CountryCode),
        email: nullable(a.email),
        isCorresponding: Boolean(a.isCorresponding),
      })),
      keywords: info.keywords ?? [],
      jelCodes: info.jel ?? [],
      references: (info.references ?? []).map((r) => ({ text: r.text, doi: r.doi ?? null, year: r.year ?? null })),
    },
    fileInfo,
    tempFileId,
    conversionStatus: "complete",
  };
}

export const processDocument = defineCall(
  {
    method: "POST",
    path: "/api/papers/process-document",
    tag: TAG,
    summary: "Upload a manuscript and have it read for its title, abstract, authors and keywords",
    description:
      "The submission wizard's step 2: a PDF or DOCX (or an old .doc, kept but not read) of at most 25 MB, checked by its content, not its name. " +
      "Reading runs in the background: the answer comes at once with `conversionStatus: processing`; ask `GET /api/papers/process-document/{tempFileId}` " +
      "until it is complete or failed (a few seconds for most papers). The upload replaces the one the author's submission draft held, on the pages too.",
    access: "user",
    body: { kind: "multipart", schema: z.object({}), files: { manuscript: { description: "The manuscript: PDF, DOCX or DOC, at most 25 MB", required: true } } },
    answer: extractionAnswer,
    refusals: { 413: "The body is larger than the API takes (30 MB).", 422: "The file is not a PDF or DOCX, its content does not match its name, or it is larger than 25 MB.", 429: "Too many uploads: wait and try again (Retry-After)." },
    failure: SUBMISSION_MESSAGES.extractionFailed,
  },
  async ({ context, user, form }) => {
    const [file] = postedFiles(form, "manuscript");
    await uploadManuscript(context, user, file ?? null);
    return extractionOf(context, user.id, await loadDraft(context, submissionOwner(user.id)));
  },
);

export const processedDocument = defineCall(
  {
    method: "GET",
    path: "/api/papers/process-document/{tempFileId}",
    tag: TAG,
    summary: "Where the reading of an uploaded manuscript stands, and what it found",
    description: "Ask again while `conversionStatus` is processing. A tempFileId that is no longer the author's upload (submitted, or replaced by a newer one) is a 404.",
    access: "user",
    params: z.object({ tempFileId: tempFileIdParam }),
    answer: extractionAnswer,
    refusals: { 404: "No such upload." },
    notFound: "No such upload.",
    failure: SUBMISSION_MESSAGES.extractionFailed,
  },
  async ({ context, user, params }) => {
    const draft = await loadDraft(context, submissionOwner(user.id));
    if (tempFileIdOf(draft.fileKey) !== params.tempFileId) throw new AppError("not-found", "No such upload.");
    return extractionOf(context, user.id, draft);
  },
);

/* ------------------------------------------------------------ submitting */

/** An author as the spec's client sends one (Author, section 3); the ids and flags it computes itself are taken and ignored. */
const postedAuthor = z
  .object({
    id: z.union([z.string().max(64), z.number()]).optional(),
    authorId: z.union([z.string().max(64), z.number()]).nullable().optional(),
    firstName: z.string().max(300).optional(),
    lastName: z.string().max(300).optional(),
    email: z.string().max(300).optional(),
    institution: z.string().max(300).optional(),
    department: z.string().max(300).nullable().optional(),
    rankTitle: z.string().max(300).optional(),
    rankOther: z.string().max(300).nullable().optional(),
    country: z.string().max(300).optional(),
    isCorresponding: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
    authorOrder: z.number().int().min(1).max(1000).optional(),
    isCurrentUser: z.boolean().optional(),
  })
  .strict();

const AUTHORS_JSON = 'authors must be the JSON text of the author list: [{"firstName", "lastName", "email", "institution", "rankTitle", "country", "isCorresponding", …}].';

/** The posted author list as the wizard's cards (in `authorOrder` where every author has one), checked by step 5's schema. */
async function authorRowsOf(text: string): Promise<AuthorRow[]> {
  const posted = await checkJsonText("authors", text, z.array(postedAuthor).max(100), { message: SUBMISSION_MESSAGES.submitInvalid, unreadable: AUTHORS_JSON });
  const ordered = posted.every((a) => a.authorOrder !== undefined) ? [...posted].sort((a, b) => a.authorOrder! - b.authorOrder!) : posted;
  const rows = ordered.map((a) => toAuthorRow({ ...a, department: a.department ?? "", rankOther: a.rankOther ?? "", source: "added" }));
  const checked = await check(authorsSchema, { authors: rows }, SUBMISSION_MESSAGES.submitInvalid);
  return checked.authors.map((a) => toAuthorRow(a));
}

const researchAreaFields = Object.fromEntries([1, 2, 3, 4, 5].flatMap((n) => [[`researchArea${n}`, z.string().max(200).optional()], [`researchArea${n}Category`, z.string().max(200).optional()]]));

const submission = z.object({
  manuscriptType: z.string().max(100).describe(`One of ${MANUSCRIPT_TYPES.join(", ")}`),
  conferenceId: z.string().max(12).describe("An open conference's _id (GET /api/conferences/open)"),
  manuscriptTitle: z.string().max(2000),
  manuscriptAbstract: z.string().max(20000).describe("At most 250 words"),
  keywords: z.string().max(2000).optional().describe("Comma-separated, as the wizard's step 3 takes them"),
  jelCodes: z.string().max(500).optional().describe("Comma-separated JEL codes"),
  ...researchAreaFields,
  authors: z.string().max(200_000).describe("The JSON text of the author list: firstName, lastName, email, institution, department, rankTitle, rankOther, country, isCorresponding, authorOrder"),
  tempFileId: z.string().max(100).optional().describe("The manuscript uploaded by POST /api/papers/process-document, instead of fullManuscript"),
});

const FILE_MISSING = "Attach the manuscript as fullManuscript, or name the one uploaded to process-document with tempFileId.";
const FILE_TWICE = "Send either fullManuscript or tempFileId, not both.";
const UPLOAD_GONE = "This upload is no longer waiting to be submitted (it was submitted or replaced): upload the manuscript again.";

const submittedAnswer = z.object({
  _id: id,
  number: z.string().describe("The paper's display number, MSyy~nnn"),
  status: z.enum(PAPER_STATUSES),
  manuscriptTitle: z.string(),
  conferenceId: id,
  submissionDate: z.string().describe("ISO 8601"),
});

export const submit = defineCall(
  {
    method: "POST",
    path: "/api/papers/submit",
    tag: TAG,
    summary: "Submit a paper",
    description:
      "The submission wizard's five steps in one post, checked by the wizard's own rules: an open conference, a title, an abstract of at most 250 words, " +
      "three to five research areas, one to twenty authors with exactly one corresponding author and the submitting author among them. " +
      "The manuscript is the file `fullManuscript`, or `tempFileId` from process-document. The author and every co-author are mailed as from the pages.",
    access: "user",
    body: { kind: "multipart", schema: submission, files: { fullManuscript: { description: "The manuscript: PDF, DOCX or DOC, at most 25 MB (or send tempFileId)" } } },
    answer: submittedAnswer,
    status: 201,
    refusals: {
      409: "The conference no longer takes submissions, or the upload named by tempFileId is gone.",
      413: "The body is larger than the API takes (30 MB).",
      422: "The file is not a PDF or DOCX or is larger than 25 MB, or the submitting author is not among the authors.",
      429: "Too many submissions today (Retry-After).",
    },
    invalidMessage: SUBMISSION_MESSAGES.submitInvalid,
    failure: SUBMISSION_MESSAGES.submitFailed,
  },
  async ({ context, user, body, form }) => {
    const [file] = postedFiles(form, "fullManuscript");
    const tempFileId = body.tempFileId?.trim() || null;
    if (file && tempFileId) throw new AppError("invalid", FILE_TWICE, { fieldErrors: { tempFileId: FILE_TWICE } });
    if (!file && !tempFileId) throw new AppError("invalid", FILE_MISSING, { fieldErrors: { fullManuscript: FILE_MISSING } });
    // Steps 1, 3 and 4 by the wizard's schemas (step 2 is the file, step 5 the authors).
    const { authors: authorsText, tempFileId: _named, ...posted } = body;
    const [conference, , titles, areas] = SUBMISSION_WIZARD.steps;
    const values = {
      ...(await check(conference.schema, posted, SUBMISSION_MESSAGES.submitInvalid)),
      ...(await check(titles.schema, posted, SUBMISSION_MESSAGES.submitInvalid)),
      ...(await check(areas.schema, posted, SUBMISSION_MESSAGES.submitInvalid)),
    } as Record<string, unknown>;
    const authors = await authorRowsOf(authorsText);

    const owner = submissionOwner(user.id);
    if (file) await uploadManuscript(context, user, file, "fullManuscript");
    const draft = await loadDraft(context, owner);
    if (tempFileId && tempFileIdOf(draft.fileKey) !== tempFileId) throw new AppError("conflict", UPLOAD_GONE, { fieldErrors: { tempFileId: UPLOAD_GONE } });
    const { paperId } = await submitPaper(context, user, owner, draft, { values, authors });
    const paper = paperId ? await getPaper(context, asAuthor(user), paperId) : null;
    if (!paper) throw new AppError("unavailable", SUBMISSION_MESSAGES.submitFailed);
    return { _id: paper.id, number: paper.number, status: paper.status, manuscriptTitle: paper.title, conferenceId: paper.conferenceId, submissionDate: paper.submittedAt.toISOString() };
  },
);

/* ------------------------------------------------------------ the author's papers */

const listedPaper = z.object({
  _id: id,
  number: z.string().describe("MSyy~nnn"),
  manuscriptTitle: z.string(),
  manuscriptType: z.enum(MANUSCRIPT_TYPES),
  authors: z.array(z.object({ firstName: z.string(), lastName: z.string(), isCorresponding: z.boolean() })),
  conferenceId: z.object({
    _id: id,
    title: z.string(),
    registrationEnabled: z.boolean(),
    fees: z.object({ standard: z.number().nullable(), student: z.number().nullable(), accompaniedPerson: z.number().nullable(), currency: z.string(), description: z.string().nullable() }),
  }),
  status: z.enum(PAPER_STATUSES),
  submissionDate: z.string().describe("ISO 8601"),
  userRoles: z.array(z.enum(PAPER_ROLES)),
  canDelete: z.boolean().describe("The submitter, while the paper is under review"),
  registrationStats: z.object({
    totalPaid: z.number().int(),
    userHasRegistration: z.boolean(),
    userRegistrationCount: z.number().int(),
    anyAuthorHasRegistration: z.boolean(),
    otherAuthorsHaveRegistration: z.boolean(),
  }),
});

export const myPapers = defineCall(
  {
    method: "GET",
    path: "/api/papers/user",
    tag: TAG,
    summary: "The author's papers: submitted, or listing the author",
    description: "My Submissions as data, newest first, with the author's roles on each paper and its confirmed registrations. Read in the token's own round trip.",
    access: "user",
    query: z.object({}),
    reads: (sessionId: string) => mySubmissionsReads({ as: "session", sessionId }).calls,
    answer: z.array(listedPaper),
    failure: SUBMISSION_MESSAGES.listFailed,
  },
  async ({ user, sessionId, rows }) => {
    const [found] = rows;
    return mySubmissionsReads({ as: "session", sessionId })
      .list(found, user.id)
      .map((p) => ({
        _id: p.id,
        number: p.number,
        manuscriptTitle: p.title,
        manuscriptType: p.manuscriptType as (typeof MANUSCRIPT_TYPES)[number],
        authors: p.authors,
        conferenceId: { _id: p.conference.id, title: p.conference.title, registrationEnabled: p.conference.registrationEnabled, fees: p.conference.fees },
        status: p.status as (typeof PAPER_STATUSES)[number],
        submissionDate: new Date(p.submittedAt).toISOString(),
        userRoles: p.roles,
        canDelete: p.canDelete,
        registrationStats: p.registrationStats,
      }));
  },
);

export const deleteMyPaper = defineCall(
  {
    method: "DELETE",
    path: "/api/papers/{id}",
    tag: TAG,
    summary: "Delete a submission",
    description: "Only the author who submitted it, and only while it is under review; its other authors are told. Another author's paper is a 404.",
    access: "user",
    params: idParams,
    answer: messageAnswer,
    refusals: { 403: "A co-author may not delete the paper.", 404: "Submission not found.", 409: "A decision has been made on the paper." },
    notFound: "Submission not found.",
    failure: SUBMISSION_MESSAGES.deleteFailed,
  },
  async ({ context, user, params }) => {
    await deletePaper(context, asAuthor(user), params.id);
    return { message: "The submission was deleted." };
  },
);

export const PAPER_CALLS = [processDocument, processedDocument, submit, myPapers, deleteMyPaper] as const;
