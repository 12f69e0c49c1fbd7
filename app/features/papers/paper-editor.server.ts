/**
 * The office's paper editor (decision 050): three steps kept in a server draft between their
 * posts, so each step has its own address and the dialog works the same without JavaScript; Save
 * writes the paper, its authors, its replaced files and a status change (a decision, with its
 * letters) in one D1 batch that acts only on the paper as the editor saw it.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { redirect } from "@remix-run/cloudflare";
import type { Validator } from "remix-validated-form";
import { withZod } from "@remix-validated-form/with-zod";
import { runBatches, statementsFor } from "~/db/batch.server";
import { conferences, files, paperAuthors, papers, type PaperStatus, paperStatusDrafts } from "~/db/schema";
import type { FileKind } from "~/db/enums";
import { auditEntry } from "~/models/audit.server";
import { activeAccountAt } from "~/models/authorship.server";
import { MANUSCRIPT_RULE } from "~/models/extraction-jobs.server";
import { storeUploads, UploadRejected, type UploadRule } from "~/models/uploads.server";
import { cleanFileName } from "~/lib/file-names";
import { randomToken } from "~/server/auth/crypto.server";
import { AppError, conflict, forbidden, notFound } from "~/server/errors.server";
import { fieldValues, postedFiles } from "~/server/forms.server";
import type { Services } from "~/server/services.server";
import { extensionOf } from "~/server/files/sniff.server";
import { discardDraft, loadDraft, saveDraft, userDraftOwner } from "~/server/wizard/drafts.server";
import { fileTooLarge, MAX_MANUSCRIPT_BYTES, rearrangeAuthors, SUBMISSION_MESSAGES, toAuthorRow } from "~/features/submissions/submission-form";
import { joinItems, parseJelCodes, parseKeywords } from "~/features/submissions/keywords";
import { CONFERENCE_FOR_LETTERS, decisionOf, decisionStatements } from "./decisions.server";
import { type OutboxEntry, queueOutboxRows } from "~/mail/outbox.server";
import { getPaper, type PaperAsker } from "./papers.server";
import {
  EDITOR_FILE_FIELDS,
  EDITOR_MESSAGES,
  EDITOR_STEP_SCHEMAS,
  EDITOR_STEPS,
  type EditorAuthor,
  type EditorAuthorRow,
  type EditorFileField,
  editorDonePath,
  editorFormId,
  editorPath,
  readEditorAuthorRows,
  STEP1_FIELDS,
  toEditorAuthorRow,
} from "./paper-editor-form";

type Ctx = Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">;

const WIZARD = "paper-editor";
const validators = EDITOR_STEP_SCHEMAS.map((s) => withZod(s as never) as Validator<Record<string, unknown>>);


/** One administrator's edit of one paper. */
const ownerOf = (asker: PaperAsker, paperId: number) => userDraftOwner(asker.userId, `${WIZARD}:${paperId}`);

export const parseStep = (raw: string | null | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= EDITOR_STEPS ? n : 1;
};

/**
 * What the editor keeps between steps: every step's values, the instant the paper was last
 * changed when the editor opened it (`seen`), and the edit it belongs to (`editId`, new at every
 * opening, so an abandoned edit is never resumed by a later one).
 */
export type EditorValues = Record<string, unknown> & { authors: EditorAuthorRow[]; seen: number; editId: string };

type Paper = NonNullable<Awaited<ReturnType<typeof getPaper>>>;

async function requirePaper(ctx: Pick<Services, "db">, asker: PaperAsker, paperId: number) {
  const paper = await getPaper(ctx, asker, paperId);
  if (!paper) throw notFound(EDITOR_MESSAGES.notFound);
  return paper;
}

/**
 * A stored paper's research areas and authors as the wizard's fields hold them, the first author
 * corresponding when none is flagged: where the office's editor and the submitter's edit page start.
 */
export function paperFormValues(paper: Paper) {
  const areas: Record<string, string> = {};
  paper.researchAreas.slice(0, 5).forEach((a, i) => {
    areas[`researchArea${i + 1}Category`] = a.category;
    areas[`researchArea${i + 1}`] = a.topic;
  });
  const flagged = paper.authors.findIndex((a) => a.isCorresponding);
  const authors = paper.authors.map((a, i) =>
    toAuthorRow({
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      institution: a.institution,
      department: a.department ?? "",
      rankTitle: a.rank ?? "",
      rankOther: a.rankOther ?? "",
      country: a.country ?? "",
      isCorresponding: flagged >= 0 ? i === flagged : i === 0,
      source: "added",
    }),
  );
  return { areas, authors };
}

/** The paper as the editor's fields hold it, with the details only the office's editor shows. */
function valuesOfPaper(paper: Paper): EditorValues {
  const { areas, authors: rows } = paperFormValues(paper);
  const authors = paper.authors.map((a, i) =>
    toEditorAuthorRow({
      ...rows[i]!,
      salutation: a.salutation ?? "",
      middleName: a.middleName ?? "",
      address1: a.address?.address1 ?? "",
      address2: a.address?.address2 ?? "",
      city: a.address?.city ?? "",
      postalCode: a.address?.postalCode ?? "",
      state: a.address?.state ?? "",
    }),
  );
  return {
    manuscriptType: paper.manuscriptType,
    conferenceId: String(paper.conferenceId),
    manuscriptTitle: paper.title,
    manuscriptAbstract: paper.abstract,
    keywords: joinItems(paper.keywords),
    jelCodes: joinItems(paper.jelCodes),
    status: paper.status,
    ...areas,
    authors,
    seen: paper.updatedAt.getTime(),
    editId: randomToken(12),
  };
}

/** Every conference, latest first: the paper may be moved to any of them. */
function allConferences({ db }: Pick<Services, "db">) {
  return db
    .select({ id: conferences.id, title: conferences.title, startDate: conferences.startDate, status: conferences.status })
    .from(conferences)
    .orderBy(sql`${conferences.startDate} desc`, sql`${conferences.id} desc`)
    .all();
}

/**
 * The step a GET shows and the values it shows: the paper as stored when the editor opens (no
 * `?step`), else the draft this administrator's edit of this paper keeps (or the paper when there
 * is none).
 */
export async function loadEditor(ctx: Pick<Services, "db">, asker: PaperAsker, paperId: number, url: URL) {
  const paper = await requirePaper(ctx, asker, paperId);
  const asked = url.searchParams.get("step");
  const step = parseStep(asked);
  let values = valuesOfPaper(paper);
  if (asked !== null) {
    const draft = await loadDraft(ctx, ownerOf(asker, paperId));
    if (draft.stored && typeof draft.data.editId === "string") values = draft.data as EditorValues;
  }
  const stored = (kind: FileKind) => paper.files.find((f) => f.kind === kind) ?? null;
  return {
    paper: { id: paper.id, number: paper.number, title: paper.title, conferenceId: paper.conferenceId },
    step,
    values,
    conferences: await allConferences(ctx),
    files: {
      fullManuscript: stored("manuscript") && { originalName: stored("manuscript")!.originalName, size: stored("manuscript")!.size },
      blindCopyManuscript: stored("blind_copy") && { originalName: stored("blind_copy")!.originalName, size: stored("blind_copy")!.size },
    },
  };
}

/** The post's own fields besides its step's: which step, which button, which edit. */
export type EditorControls = { step: string; intent: string; editId: string; seen: string };

/** What a step's post holds. */
function stepValues(step: number, form: FormData): Record<string, unknown> {
  if (step === 1) return fieldValues(form, STEP1_FIELDS, 10_000);
  if (step === 2) return { authors: readEditorAuthorRows(form) };
  return {};
}

/** A step refused by its checks: `message` is the page's sentence, or the section Save sent the editor back to. */
const refusal = (message: string, step: number, fieldErrors: Record<string, string>, values: Record<string, unknown>, checks = false) =>
  new AppError("invalid", message, { fieldErrors, values, formId: editorFormId(step), checks });

/**
 * A post of the editor: Previous (kept, never checked), an author card's button without
 * JavaScript (kept, the step shown again), Next (the step checked on the server, then kept and
 * the next step shown) and Save (every step checked; the first incomplete one is shown with the
 * spec's message; otherwise the paper is saved and the draft forgotten).
 */
export async function postEditor(ctx: Ctx, asker: PaperAsker, paperId: number, form: FormData, controls: EditorControls, search: string) {
  const pathOf = (step: number) => editorPath(paperId, step, search);
  const paper = await requirePaper(ctx, asker, paperId);
  const owner = ownerOf(asker, paperId);
  const step = parseStep(controls.step);
  const draft = await loadDraft(ctx, owner);
  const seen = Number(controls.seen);
  // The first post of an opening starts from the paper as the editor showed it.
  const base: EditorValues =
    draft.stored && draft.data.editId === controls.editId
      ? (draft.data as EditorValues)
      : { ...valuesOfPaper(paper), editId: controls.editId || randomToken(12), seen: Number.isFinite(seen) ? seen : paper.updatedAt.getTime() };
  const data: EditorValues = { ...base, ...stepValues(step, form) };
  const keep = (at: number, values: EditorValues = data) => saveDraft(ctx, owner, `${WIZARD}:${paperId}`, { step: at, data: values });
  const { intent } = controls;

  if (intent === "previous") {
    await keep(Math.max(1, step - 1));
    return redirect(pathOf(Math.max(1, step - 1)));
  }
  const rowChange = /^author:(add)$|^author:(remove|up|down|corresponding):(\d{1,2})$/.exec(intent);
  if (step === 2 && rowChange) return changeAuthorRows(pathOf(2), data, rowChange, keep);

  if (intent !== "save") {
    const checked = await validators[step - 1]!.validate(form);
    const next = checked.error ? step : Math.min(EDITOR_STEPS, step + 1);
    // What was typed is kept either way; the draft resumes at the step shown next.
    await keep(next);
    if (checked.error) throw refusal(EDITOR_MESSAGES.stepInvalid, step, checked.error.fieldErrors, checked.submittedData, true);
    return redirect(pathOf(next));
  }

  await keep(step);
  const { description, authors } = await checkEverySection(
    (n) => (n === step ? form : (data as Record<string, unknown>)),
    (n, submitted) => (n === step ? submitted : data),
  );
  const uploads = Object.fromEntries(
    (Object.keys(EDITOR_FILE_FIELDS) as EditorFileField[]).map((field) => [field, postedFiles(form, EDITOR_FILE_FIELDS[field])[0] ?? null]),
  ) as Record<EditorFileField, File | null>;
  await savePaper(ctx, asker, paper, { description, authors, uploads, seen: data.seen });
  await discardDraft(ctx, owner);
  return redirect(editorDonePath(Number(description.conferenceId), search));
}

/**
 * Every step checked by its schema, as Save checks them: the first incomplete one is refused with
 * the spec's 'section N' sentence, naming the step and showing its values (`shown`).
 */
async function checkEverySection(valuesOf: (step: number) => FormData | Record<string, unknown>, shown: (step: number, submitted: Record<string, unknown>) => Record<string, unknown> = (_, submitted) => submitted) {
  const parts: Record<string, unknown>[] = [];
  for (let n = 1; n <= EDITOR_STEPS; n++) {
    const checked = await validators[n - 1]!.validate(valuesOf(n));
    if (checked.error) throw refusal(EDITOR_MESSAGES.sectionIncomplete(n), n, checked.error.fieldErrors, shown(n, checked.submittedData));
    parts.push(checked.data);
  }
  const [description, { authors }] = parts as [Record<string, string>, { authors: EditorAuthor[] }];
  return { description, authors };
}

/**
 * The office's edit in one request (the JSON API's PUT): the editor's Save without its steps.
 * `values` are the editor's fields (step 1's, and `authors` as its rows); a field not given keeps
 * the paper's stored value, as the editor opens with it. Checked by the editor's schemas and
 * saved by `savePaper` (a status change is a decision with its letters; a replaced file is
 * checked by its content), against the paper as read here.
 */
export async function updatePaper(ctx: Ctx, asker: PaperAsker, paperId: number, values: Record<string, unknown>, uploads: Record<EditorFileField, File | null>) {
  if (asker.as !== "admin") throw forbidden("Only administrators may do this.");
  const paper = await requirePaper(ctx, asker, paperId);
  const data: Record<string, unknown> = { ...valuesOfPaper(paper), ...values };
  const { description, authors } = await checkEverySection(() => data);
  await savePaper(ctx, asker, paper, { description, authors, uploads, seen: paper.updatedAt.getTime() });
}

/** Add, remove, move or make corresponding an author card without JavaScript: kept, and the step shown again at the card. */
async function changeAuthorRows(stepPath: string, data: EditorValues, m: RegExpExecArray, keep: (at: number, values: EditorValues) => Promise<unknown>) {
  const rows = [...data.authors];
  const verb = m[1] ?? m[2]!;
  const at = Number(m[3] ?? -1);
  const focus = rearrangeAuthors(rows, verb, at, () => toEditorAuthorRow({ source: "added" }));
  if (focus === null) {
    await keep(2, { ...data, authors: rows });
    throw new AppError("invalid", "That author is not there to change.", { formId: editorFormId(2) });
  }
  await keep(2, { ...data, authors: rows });
  return redirect(`${stepPath}${verb === "add" ? "&added=1" : ""}#author-${focus + 1}`);
}

/* ---------------------------------------------------------------- saving */

const FILE_RULES: Record<EditorFileField, UploadRule> = {
  fullManuscript: { ...MANUSCRIPT_RULE, kind: "manuscript" },
  blindCopyManuscript: { ...MANUSCRIPT_RULE, kind: "blind_copy", label: "blind copy" },
};

/** A manuscript checked as the wizard checks it (type by name, size, then content) and stored in R2; null for none. */
async function storeReplacement(ctx: Pick<Services, "files">, field: EditorFileField, file: File | null, uploadedBy: number) {
  if (!file) return null;
  const at = EDITOR_FILE_FIELDS[field];
  const name = cleanFileName(file.name);
  const ext = extensionOf(name);
  if (!(ext in FILE_RULES[field].types)) throw new UploadRejected(SUBMISSION_MESSAGES.notPdfOrDocx, "type", at);
  if (file.size > MAX_MANUSCRIPT_BYTES) throw new UploadRejected(fileTooLarge(file.size), "size", at);
  return storeUploads(ctx, [file], FILE_RULES[field], uploadedBy).catch((error: unknown) => {
    if (error instanceof UploadRejected && error.broke === "content") {
      throw new UploadRejected(`${SUBMISSION_MESSAGES.notPdfOrDocx} "${cleanFileName(name, 100)}" is not really a .${ext} file: its content does not match its name.`, "content", at);
    }
    if (error instanceof UploadRejected) throw new UploadRejected(error.message, error.broke, at);
    throw error;
  });
}

type Save = {
  description: Record<string, string>;
  authors: EditorAuthor[];
  uploads: Record<EditorFileField, File | null>;
  seen: number;
  /** Mails the change sends besides a decision's letters (the author's edit: the co-authors' notices), written in its batch. */
  notices?: OutboxEntry[];
  /** What the audit entry says besides the title, the moves and the replaced files (the author's edit: who was added or removed). */
  auditDetails?: Record<string, unknown>;
};

/**
 * Writes the edit in one D1 batch, all or nothing: the paper (renumbered in its new conference
 * when it moves), its authors replaced, its replaced files, a status change as a decision (with
 * its letters) and the audit entry. The office's editor and the submitter's edit page (decision
 * 063) both save here: the submitter's description carries the paper's own type and conference,
 * and a status it changes (an incomplete paper completed) is no decision: no letters, the audit
 * entry records it. The batch's first statement refuses it unless the paper is
 * still as the editor saw it (`seen`): a paper changed meanwhile is answered 409 and nothing is
 * written. Replaced objects leave R2 after the commit; new ones are removed if the batch fails.
 */
export async function savePaper(ctx: Ctx, asker: PaperAsker, paper: Paper, save: Save, now = Date.now()) {
  if (paper.updatedAt.getTime() !== save.seen) throw conflict(EDITOR_MESSAGES.changedMeanwhile);
  const { description: d } = save;
  const conferenceId = Number(d.conferenceId);
  const target = await ctx.db
    .select({
      id: conferences.id,
      ...CONFERENCE_FOR_LETTERS,
      counter: conferences.paperCounter,
      next: sql<number>`(select coalesce(max(p.paper_number), -1) + 1 from papers p where p.conference_id = ${conferenceId})`,
    })
    .from(conferences)
    .where(eq(conferences.id, conferenceId))
    .get();
  if (!target) throw new AppError("invalid", EDITOR_MESSAGES.sectionIncomplete(1), { fieldErrors: { conferenceId: "Choose a conference." }, values: d, formId: editorFormId(1) });

  const stored: Array<NonNullable<Awaited<ReturnType<typeof storeReplacement>>>> = [];
  const discardAll = () => Promise.all(stored.map((s) => s.discard()));
  const replaced: Array<{ kind: FileKind; ids: number[] }> = [];
  for (const field of Object.keys(FILE_RULES) as EditorFileField[]) {
    const upload = await storeReplacement(ctx, field, save.uploads[field], asker.userId).catch(async (error: unknown) => {
      await discardAll();
      throw error;
    });
    if (!upload) continue;
    stored.push(upload);
    const kind = FILE_RULES[field].kind;
    const old = paper.files.filter((f) => f.kind === kind);
    replaced.push({ kind, ids: old.map((f) => f.id) });
  }
  const oldKeys = replaced.some((r) => r.ids.length)
    ? await ctx.db
        .select({ id: files.id, r2Key: files.r2Key })
        .from(files)
        .where(inArray(files.id, replaced.flatMap((r) => r.ids)))
        .all()
    : [];

  const stamp = new Date(Math.max(now, save.seen + 1));
  const moves = conferenceId !== paper.conferenceId;
  // Moved, the paper takes the next number there: after every paper the conference has and every number its counter gave.
  const paperNumber = moves ? Math.max(target.counter, target.next) : paper.paperNumber;
  const status = d.status as PaperStatus;
  const byOffice = asker.as === "admin";
  // The author's scope: the paper keeps its conference and type, and its status moves only from incomplete back to review.
  if (!byOffice && (moves || d.manuscriptType !== paper.manuscriptType || (status !== paper.status && !(paper.status === "incomplete" && status === "under_review")))) {
    throw forbidden("Only the society's office changes a paper's conference, type or status.");
  }
  // The office's status change is a decision: its letters go to the authors this save leaves, about the paper as saved.
  const decision =
    status === paper.status || !byOffice
      ? null
      : decisionOf(
          ctx.env,
          { paperId: paper.id, from: paper.status, to: status },
          { ...target, id: paper.id, title: d.manuscriptTitle!, paperNumber },
          save.authors.map((a) => ({ salutation: a.salutation || null, firstName: a.firstName, lastName: a.lastName, email: a.email, institution: a.institution, isCorresponding: a.isCorresponding })),
        );
  const areas = [1, 2, 3, 4, 5].map((n) => ({ category: d[`researchArea${n}Category`] ?? "", topic: d[`researchArea${n}`] ?? "" })).filter((a) => a.category && a.topic);
  const { db } = ctx;
  const decided = decisionStatements(db, asker.userId, decision ? [decision] : [], { now: stamp.getTime() });
  const statements = [
    // Refuses the batch (a NOT NULL title) when the paper is no longer as the editor saw it.
    db
      .update(papers)
      .set({ title: sql`null` as unknown as string })
      .where(and(eq(papers.id, paper.id), ne(papers.updatedAt, new Date(save.seen)))),
    ...(moves ? [db.update(conferences).set({ paperCounter: sql`max(${conferences.paperCounter}, ${paperNumber + 1})` }).where(eq(conferences.id, conferenceId))] : []),
    // A decision staged in the conference the paper leaves is no longer the office's to save there.
    ...(moves ? [db.delete(paperStatusDrafts).where(eq(paperStatusDrafts.paperId, paper.id))] : []),
    db
      .update(papers)
      .set({
        conferenceId,
        ...(moves ? { paperNumber } : {}),
        manuscriptType: d.manuscriptType as Paper["manuscriptType"],
        title: d.manuscriptTitle!,
        abstract: d.manuscriptAbstract!,
        researchAreas: areas,
        keywords: parseKeywords(d.keywords ?? ""),
        jelCodes: parseJelCodes(d.jelCodes ?? ""),
        ...(!byOffice && status !== paper.status ? { status } : {}),
        updatedAt: stamp,
      })
      .where(eq(papers.id, paper.id)),
    db.delete(paperAuthors).where(eq(paperAuthors.paperId, paper.id)),
    ...statementsFor(
      save.authors.map((a, i) => ({
        paperId: paper.id,
        userId: activeAccountAt(a.email) as unknown as number,
        authorOrder: i + 1,
        salutation: a.salutation || null,
        firstName: a.firstName,
        middleName: a.middleName || null,
        lastName: a.lastName,
        email: a.email.toLowerCase(),
        institution: a.institution,
        department: a.department || null,
        rank: a.rankTitle,
        rankOther: a.rankTitle === "Other" ? a.rankOther : null,
        country: a.country,
        address:
          a.address1 || a.address2 || a.city || a.postalCode || a.state
            ? { address1: a.address1, ...(a.address2 ? { address2: a.address2 } : {}), city: a.city, postalCode: a.postalCode, country: a.country, ...(a.state ? { state: a.state } : {}) }
            : null,
        isCorresponding: a.isCorresponding,
      })),
      (rows) => db.insert(paperAuthors).values(rows),
    ),
    ...replaced.flatMap((r) => (r.ids.length ? [db.delete(files).where(and(eq(files.paperId, paper.id), inArray(files.id, r.ids)))] : [])),
    ...stored.flatMap((s) => s.rows.map((row) => db.insert(files).values({ ...row, paperId: paper.id }))),
    ...decided.statements,
    auditEntry(ctx, {
      actorId: asker.userId,
      action: "paper.edit",
      entityType: "paper",
      entityId: paper.id,
      details: {
        title: d.manuscriptTitle!.slice(0, 200),
        ...(moves ? { conference: { from: paper.conferenceId, to: conferenceId } } : {}),
        ...(status !== paper.status ? { status: { from: paper.status, to: status } } : {}),
        replaced: replaced.map((r) => r.kind),
        ...(byOffice ? {} : { by: "submitter" }),
        ...save.auditDetails,
      },
    }),
  ];
  const notices = save.notices ?? [];
  statements.push(...(notices as never[]));
  const results = await runBatches(db, statements as never[]).catch(async (error: unknown) => {
    await discardAll();
    const now = await db.select({ updatedAt: papers.updatedAt }).from(papers).where(eq(papers.id, paper.id)).get();
    if (!now) throw notFound(EDITOR_MESSAGES.notFound);
    if (now.updatedAt.getTime() !== save.seen) throw conflict(EDITOR_MESSAGES.changedMeanwhile);
    throw error;
  });
  const first = statements.indexOf(decided.statements[0] as never);
  if (first >= 0) queueOutboxRows(ctx, decided.read(results.slice(first, first + decided.statements.length)).outboxIds);
  if (notices.length) queueOutboxRows(ctx, (results.slice(-notices.length) as Array<Array<{ id: number }>>).flat().map((r) => r.id));
  const gone = oldKeys.map((f) => f.r2Key);
  if (gone.length) await ctx.files.delete(gone).catch((e: unknown) => console.error("paper editor: replaced files not deleted from R2", gone, e));
}
