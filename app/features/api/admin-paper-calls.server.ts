/**
 * The administrator's papers calls (spec: author-area-and-admin-console.md section 7), served by
 * the Papers tab's own domain functions: the list (`listPapers`, its search, status filter and
 * keyset paging), one paper (`getPaper`), the editor's save (`updatePaper`, the editor's schemas
 * and `savePaper`), a decision (`decidePaperStatus`, through `decidePapers` as Save Changes and
 * the bulk update), deletion (`deletePaper`), the conference's zip (`conferenceZip`, streamed),
 * the registrations read for the export (`allRegistrations`) and the signed download links.
 */
import { z } from "zod";
import { MANUSCRIPT_TYPES, PAPER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from "~/db/enums";
import { servePaperFile } from "~/features/files/access.server";
import { BULK_STATUSES } from "~/features/papers/bulk-update";
import { EDITOR_FILE_FIELDS, EDITOR_MESSAGES, STEP1_FIELDS, type EditorFileField } from "~/features/papers/paper-editor-form";
import { updatePaper } from "~/features/papers/paper-editor.server";
import { FILE_REFUSALS } from "~/features/papers/paper-file-links";
import { conferenceZip, downloadLinkFor } from "~/features/papers/paper-files.server";
import { asAdmin, deletePaper, getPaper, listPapers, papersInFull, parsePaperQuery } from "~/features/papers/papers.server";
import { CHANGED_MEANWHILE, conferenceChoices, decidePaperStatus, decisionsOpen, READ_ONLY } from "~/features/papers/staging.server";
import { allRegistrations } from "~/features/payments/registrations-admin.server";
import { todayIso } from "~/lib/dates";
import { paperDisplayNumber } from "~/lib/status";
import { PAPER_FILE_PARAMS, paperFileHref } from "~/models/file.server";
import { checkJsonText, defineCall } from "~/server/api/call.server";
import { actsAsAdmin } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors.server";
import { zipResponse } from "~/server/files/zip.server";
import { postedFiles } from "~/server/forms.server";
import { authorAnswer, authorJsonList, authorShape, toEditorRow } from "./author-json";
import { id, idParam, idParams, messageAnswer } from "./shapes";

const TAG = "Administration: papers";
const PAPER_MISSING = "Paper not found.";
const CONFERENCE_MISSING = "Conference not found.";
const LOAD_FAILED = "Failed to load papers for this conference";

/* ---------------------------------------------------------------- shapes */

const paperFile = z.object({
  _id: id,
  filename: z.string().describe("The stored name"),
  originalName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  url: z.string().describe("The download address (GET, bearer token or a signed link's token)"),
});

const researchArea = z.object({ category: z.string(), topic: z.string() });

/** Paper (administrator view), spec section 3. */
const adminPaper = z.object({
  _id: id,
  paperNumber: z.number().int().describe("From 0 within its conference"),
  number: z.string().describe("The display number: 'MS' + two-digit year of the conference start + '~' + (paperNumber + 101)"),
  manuscriptTitle: z.string(),
  manuscriptAbstract: z.string(),
  manuscriptType: z.enum(MANUSCRIPT_TYPES),
  conferenceId: id,
  status: z.enum(PAPER_STATUSES),
  submissionDate: z.string().describe("ISO 8601"),
  researchAreas: z.array(researchArea),
  authors: z.array(authorShape),
  files: z.object({ fullManuscript: paperFile.nullable(), blindCopyManuscript: paperFile.nullable() }),
  registrationCount: z.number().int().describe("Confirmed registrations for this paper"),
});

type StoredFile = { id: number; kind: string; filename: string; originalName: string; contentType: string; size: number };
type StoredAuthor = Parameters<typeof authorAnswer>[0];

/** The newest file of each kind (files come newest first within a kind). */
function filesOf(paperId: number, stored: readonly StoredFile[]) {
  const newest = (kind: keyof typeof PAPER_FILE_PARAMS) => {
    const f = stored.find((s) => s.kind === kind);
    return f ? { _id: f.id, filename: f.filename, originalName: f.originalName, mimetype: f.contentType, size: f.size, url: paperFileHref(paperId, kind) } : null;
  };
  return { fullManuscript: newest("manuscript"), blindCopyManuscript: newest("blind_copy") };
}

function paperAnswer(p: {
  id: number;
  paperNumber: number;
  startDate: string;
  title: string;
  abstract: string;
  manuscriptType: (typeof MANUSCRIPT_TYPES)[number];
  conferenceId: number;
  status: (typeof PAPER_STATUSES)[number];
  submittedAt: Date | number;
  researchAreas: Array<{ category: string; topic: string }>;
  authors: readonly StoredAuthor[];
  files: readonly StoredFile[];
  registrations: number;
}) {
  return {
    _id: p.id,
    paperNumber: p.paperNumber,
    number: paperDisplayNumber(p.startDate, p.paperNumber),
    manuscriptTitle: p.title,
    manuscriptAbstract: p.abstract,
    manuscriptType: p.manuscriptType,
    conferenceId: p.conferenceId,
    status: p.status,
    submissionDate: new Date(p.submittedAt).toISOString(),
    researchAreas: p.researchAreas.map((a) => ({ category: a.category, topic: a.topic })),
    authors: p.authors.map(authorAnswer),
    files: filesOf(p.id, p.files),
    registrationCount: p.registrations,
  };
}

/** One paper as the office reads it, or the 404 of a paper that does not exist. */
async function readPaper(context: Parameters<typeof getPaper>[0], admin: ReturnType<typeof asAdmin>, paperId: number) {
  const paper = await getPaper(context, admin, paperId);
  if (!paper) throw notFound(PAPER_MISSING);
  return paperAnswer({ ...paper, startDate: paper.conference.startDate, registrations: paper.confirmedRegistrations });
}

/* ---------------------------------------------------------------- the list */

const cursor = z.string().regex(/^\d{1,9}\.\d{1,12}$/, "A cursor as the answer's `next` or `previous` gives it.");

export const listConferencePapers = defineCall(
  {
    method: "GET",
    path: "/api/admin/papers/conference/{conferenceId}",
    tag: TAG,
    summary: "A conference's papers, as the Papers tab lists them",
    description:
      "Highest paper number first, 25 to a page. `q` searches title, author names and e-mails, status, type and research areas (as the tab's search box); " +
      "`status` keeps one status; `after` (the answer's `next`) or `before` (its `previous`) page through, with `start` the position of the page's first row. " +
      "A search counts its matches up to 30 (`totalCapped` says there are more).",
    access: "admin",
    params: z.object({ conferenceId: idParam }),
    query: z.object({
      q: z.string().max(100, "At most 100 characters.").optional(),
      status: z.enum(PAPER_STATUSES, { message: `status is one of ${PAPER_STATUSES.join(", ")}.` }).optional(),
      after: cursor.optional(),
      before: cursor.optional(),
      start: z.coerce.number().int().min(1).max(10_000_000).optional(),
    }),
    answer: z.object({
      papers: z.array(adminPaper),
      total: z.number().int().describe("Papers matching the search and filter"),
      totalCapped: z.boolean(),
      conferenceTotal: z.number().int().describe("Every paper of the conference"),
      decisionsOpen: z.boolean().describe("Whether statuses may be changed: the conference's status contains open or active"),
      next: z.string().nullable().describe("The `after` of the next page, null on the last"),
      previous: z.string().nullable().describe("The `before` of the page before, null on the first"),
    }),
    refusals: { 404: CONFERENCE_MISSING },
    notFound: CONFERENCE_MISSING,
    failure: LOAD_FAILED,
  },
  async ({ request, context, user, params }) => {
    const admin = asAdmin(user);
    // The conference rides in the list's batch, as on the Papers tab.
    const page = await listPapers(context, admin, parsePaperQuery(new URL(request.url), params.conferenceId), [conferenceChoices({})] as const);
    const conference = page.alongside[0].find((c) => c.id === params.conferenceId);
    if (!conference) throw notFound(CONFERENCE_MISSING);
    const full = await papersInFull(context, admin, page.rows.map((r) => r.id));
    return {
      papers: page.rows.flatMap((r) => {
        const more = full.get(r.id);
        if (!more) return [];
        return [paperAnswer({ ...r, ...more, startDate: conference.startDate, conferenceId: conference.id })];
      }),
      total: page.total,
      totalCapped: page.totalCapped,
      conferenceTotal: page.conferenceTotal,
      decisionsOpen: decisionsOpen(conference.status),
      next: page.next,
      previous: page.previous,
    };
  },
);

/* ---------------------------------------------------------------- one paper */

export const readAdminPaper = defineCall(
  {
    method: "GET",
    path: "/api/admin/papers/{id}",
    tag: TAG,
    summary: "One paper with its authors and files",
    access: "admin",
    params: idParams,
    answer: adminPaper,
    refusals: { 404: PAPER_MISSING },
    notFound: PAPER_MISSING,
    failure: "This paper could not be loaded. Please try again later.",
  },
  async ({ context, user, params }) => readPaper(context, asAdmin(user), params.id),
);

const field = z.string().max(10_000);
const step1Fields = Object.fromEntries(STEP1_FIELDS.map((name) => [name, field.optional()])) as Record<(typeof STEP1_FIELDS)[number], z.ZodOptional<typeof field>>;

/** The edit's text parts: the editor's step 1 fields and the authors' JSON text. */
const editBody = z.object({
  ...step1Fields,
  manuscriptType: z.enum(MANUSCRIPT_TYPES, { message: "Choose the manuscript type." }),
  conferenceId: z.string().regex(/^[1-9][0-9]{0,9}$/, "Choose a conference."),
  manuscriptTitle: field,
  manuscriptAbstract: field,
  status: z.enum(PAPER_STATUSES, { message: "Choose the status." }),
  keywords: field.optional().describe("Kept as stored when not sent"),
  jelCodes: field.optional().describe("Kept as stored when not sent"),
  authors: z.string().max(200_000).describe("The JSON text of the author list (Author, administrator view); `rank` holds the free text that replaces Other"),
});

export const updateAdminPaper = defineCall(
  {
    method: "PUT",
    path: "/api/admin/papers/{id}",
    tag: TAG,
    summary: "Edit a paper, as the console's paper editor saves it",
    description:
      "The editor's three steps in one request, checked by the editor's rules (research areas 1 to 3, every author's name, e-mail, affiliation, country and rank, one corresponding author). " +
      "A research area or keyword field not sent keeps its stored value (send it empty to clear it). A new status is a decision: its letter goes to every author, as Save Changes sends it. " +
      "A file part replaces the stored file of its kind (PDF or DOCX, checked by its content, 25 MB at most); none keeps it. Moving the paper to another conference gives it the next number there.",
    access: "admin",
    params: idParams,
    body: {
      kind: "multipart",
      schema: editBody,
      files: {
        fullManuscript: { description: "A new full manuscript (PDF or DOCX)" },
        blindCopyManuscript: { description: "A new blind copy (PDF or DOCX)" },
      },
    },
    answer: adminPaper,
    invalidMessage: EDITOR_MESSAGES.stepInvalid,
    refusals: { 404: PAPER_MISSING, 409: EDITOR_MESSAGES.changedMeanwhile, 422: "A file is not a PDF or DOCX, is larger than 25 MB, or its content does not match its name." },
    notFound: PAPER_MISSING,
    failure: EDITOR_MESSAGES.saveFailed,
  },
  async ({ context, user, params, body, form }) => {
    const admin = asAdmin(user);
    const authors = await checkJsonText("authors", body.authors, authorJsonList, {
      message: EDITOR_MESSAGES.sectionIncomplete(2),
      unreadable: "authors must be the JSON text of the author list.",
    });
    const { authors: _text, ...fields } = body;
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const uploads = Object.fromEntries(
      (Object.keys(EDITOR_FILE_FIELDS) as EditorFileField[]).map((name) => [name, postedFiles(form, name)[0] ?? null]),
    ) as Record<EditorFileField, File | null>;
    await updatePaper(context, admin, params.id, { ...given, authors: authors.map(toEditorRow) }, uploads);
    return readPaper(context, admin, params.id);
  },
);

export const setAdminPaperStatus = defineCall(
  {
    method: "PUT",
    path: "/api/admin/papers/{id}/status",
    tag: TAG,
    summary: "Decide a paper's status, as Save Changes does, and e-mail its authors",
    description:
      `A decision as the Papers tab's Save Changes and the bulk update make it: the paper takes the status and every author gets the decision letter (one per address). ` +
      `Only while the paper's conference is active (its status contains open or active), and only a status the bulk update may set (${BULK_STATUSES.join(", ")}). ` +
      "A paper already showing the status is answered as it is and nobody is written to.",
    access: "admin",
    params: idParams,
    body: { kind: "json", schema: z.object({ status: z.string({ message: `status is one of ${BULK_STATUSES.join(", ")}.` }).max(60) }) },
    answer: adminPaper,
    refusals: { 400: `Invalid status: {value}. Valid options: ${BULK_STATUSES.join(", ")}`, 404: PAPER_MISSING, 409: `${READ_ONLY}; or: ${CHANGED_MEANWHILE}` },
    notFound: PAPER_MISSING,
    failure: "Failed to save status changes. Please try again.",
  },
  async ({ context, user, params, body }) => {
    const admin = asAdmin(user);
    await decidePaperStatus(context, admin, params.id, body.status.trim().toLowerCase());
    return readPaper(context, admin, params.id);
  },
);

export const deleteAdminPaper = defineCall(
  {
    method: "DELETE",
    path: "/api/admin/papers/{id}",
    tag: TAG,
    summary: "Delete a paper, its authors, its files and its staged decision (irreversible; no e-mail is sent)",
    access: "admin",
    params: idParams,
    answer: messageAnswer,
    refusals: { 404: PAPER_MISSING },
    notFound: PAPER_MISSING,
    failure: "Failed to delete paper. Please try again.",
  },
  async ({ context, user, params }) => {
    await deletePaper(context, asAdmin(user), params.id);
    return { message: "Paper deleted successfully!" };
  },
);

/* ---------------------------------------------------------------- files and registrations */

export const downloadConferencePapers = defineCall(
  {
    method: "GET",
    path: "/api/admin/papers/conference/{conferenceId}/download-all",
    tag: TAG,
    summary: "Every full manuscript of the conference as one zip (Download All Manuscripts)",
    description: "Streamed as `Conference_Papers_{date}.zip`, entries named by paper number and original name.",
    access: "admin",
    params: z.object({ conferenceId: idParam }),
    answer: { contentType: "application/zip", description: "The zip, streamed with its exact length" },
    refusals: { 404: `${FILE_REFUSALS["no-conference"]} (no such conference); ${FILE_REFUSALS["no-papers"]} (no paper has a manuscript)` },
    notFound: FILE_REFUSALS["no-conference"],
    failure: FILE_REFUSALS["download-failed"],
  },
  async ({ context, params }) => {
    const zip = await conferenceZip(context, params.conferenceId, todayIso());
    if ("refused" in zip) throw notFound(FILE_REFUSALS[zip.refused]);
    return zipResponse(context.files, zip.entries, zip.name);
  },
);

export const conferenceRegistrations = defineCall(
  {
    method: "GET",
    path: "/api/registration/conference/{conferenceId}",
    tag: TAG,
    summary: "The conference's registrations, oldest first (read for the Excel export's fees)",
    access: "admin",
    params: z.object({ conferenceId: idParam }),
    answer: z.array(
      z.object({
        _id: id,
        registrationStatus: z.enum(REGISTRATION_STATUSES),
        paymentStatus: z.union([z.enum(PAYMENT_STATUSES), z.null()]).describe("The deciding payment's status (the captured one, else the latest); null before any payment"),
        conferenceParticipant: z.object({ name: z.string(), email: z.string() }),
        paperId: z.object({ _id: id, number: z.string(), manuscriptTitle: z.string() }).nullable(),
        feeType: z.string(),
        accompaniedPersons: z.number().int(),
        paymentAmount: z.number().describe("In the currency's units (180.5 is 180.50)"),
        paymentCurrency: z.string(),
        receiptNumber: z.string().nullable(),
        createdAt: z.string().describe("ISO 8601"),
        confirmedAt: z.string().nullable().describe("ISO 8601"),
      }),
    ),
    refusals: { 404: CONFERENCE_MISSING },
    notFound: CONFERENCE_MISSING,
    failure: "Failed to load registrations. Please try again later.",
  },
  async ({ context, user, params }) => {
    const all = await allRegistrations(context, user, params.conferenceId);
    if (!all) throw notFound(CONFERENCE_MISSING);
    return all.rows.map((r) => ({
      _id: r.id,
      registrationStatus: r.status,
      paymentStatus: r.paymentStatus,
      conferenceParticipant: { name: r.participant.name, email: r.participant.email },
      paperId: r.paper ? { _id: r.paper.id, number: r.paper.number, manuscriptTitle: r.paper.title } : null,
      feeType: r.feeType,
      accompaniedPersons: r.accompaniedPersons,
      paymentAmount: r.amount / 100,
      paymentCurrency: r.currency,
      receiptNumber: r.receiptNumber,
      createdAt: new Date(r.createdAt).toISOString(),
      confirmedAt: r.confirmedAt === null ? null : new Date(r.confirmedAt).toISOString(),
    }));
  },
);

const FILE_MISSING = "File not found.";
const fileParams = z.object({ id: idParam, fileKind: z.enum(["fullManuscript", "blindCopyManuscript"]) });

export const paperDownloadToken = defineCall(
  {
    method: "GET",
    path: "/api/papers/{id}/generate-download-token/{fileKind}",
    tag: "Papers: files",
    summary: "A signed link to a paper's manuscript or blind copy, readable without a session for a week",
    description:
      "For the paper's authors and administrators. A download link's own token is no ground for a new link (a link would otherwise renew itself for ever): a bearer token is needed. " +
      "Anyone else, like a paper or file that does not exist, gets the 404.",
    access: "user",
    params: fileParams,
    answer: z.object({ downloadUrl: z.string().describe("The absolute address of the file with its signed token") }),
    refusals: { 404: FILE_MISSING },
    notFound: FILE_MISSING,
    failure: "The download link could not be made. Please try again later.",
  },
  async ({ context, user, params }) => {
    const reader = { userId: user.id, admin: actsAsAdmin(user, context.env), tokenFileId: null };
    const downloadUrl = await downloadLinkFor(context, reader, new URL(context.env.SITE_URL).origin, params.id, params.fileKind);
    if (!downloadUrl) throw notFound(FILE_MISSING);
    return { downloadUrl };
  },
);

/**
 * The download itself, documented here: its route (`api.papers.$id.download.$fileKind.ts`) is of
 * the request policy's `file` class, read with a bearer token or a signed link's `token`, and
 * serves it through `servePaperFile` directly; this entry is in the OpenAPI document only.
 */
export const paperDownload = defineCall(
  {
    method: "GET",
    path: "/api/papers/{id}/download/{fileKind}",
    tag: "Papers: files",
    summary: "A paper's newest manuscript or blind copy",
    description:
      "For the paper's authors and administrators with a bearer token, or for anyone holding a signed link (`token`, from generate-download-token). " +
      "The file name is in the Content-Disposition header. Without a token of either kind: 401; a signed link that does not hold (expired, altered, for another file): 403; " +
      "anyone else, like a file that does not exist: 404.",
    access: "user",
    params: fileParams,
    query: z.object({ token: z.string().max(400).optional().describe("A signed link's token, instead of a bearer token") }),
    answer: { contentType: "application/octet-stream", description: "The file, with its own Content-Type (application/pdf, or the DOCX type)" },
    refusals: { 403: "The signed link has expired, was altered, or is for another file.", 404: FILE_MISSING },
    notFound: FILE_MISSING,
    failure: "Failed to download file. Please try again.",
  },
  async ({ context, request, params }) => servePaperFile(context, request, { id: String(params.id), fileKind: params.fileKind }),
);

export const ADMIN_PAPER_CALLS = [
  listConferencePapers,
  downloadConferencePapers,
  readAdminPaper,
  updateAdminPaper,
  setAdminPaperStatus,
  deleteAdminPaper,
  conferenceRegistrations,
  paperDownloadToken,
  paperDownload,
] as const;
