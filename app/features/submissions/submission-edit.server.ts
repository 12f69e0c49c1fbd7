/**
 * The submitter's edit of a paper under review or incomplete, until the conference stops taking
 * papers (decision 063): who may is `submissionRights`, the checks are the wizard's, and the save
 * is the office's paper editor's (`savePaper`), in the author's scope: the paper's type,
 * conference, status decisions and files stay the office's. A change of who is listed tells the
 * authors who joined, left or stayed, in the save's batch.
 */
import { redirect } from "@remix-run/cloudflare";
import { type EditorAuthor } from "~/features/papers/paper-editor-form";
import { paperFormValues, savePaper } from "~/features/papers/paper-editor.server";
import { asAuthor, getPaper } from "~/features/papers/papers.server";
import { researchAreaLabel } from "~/lib/format";
import { outboxEntry, type OutboxEntry } from "~/mail/outbox.server";
import { readOfficeNotices } from "~/models/office-notices.server";
import { randomToken } from "~/server/auth/crypto.server";
import { hitRateLimits, LIMITS } from "~/server/auth/rate-limit.server";
import type { SessionUser } from "~/server/auth/session.server";
import { AppError, conflict, forbidden, notFound } from "~/server/errors.server";
import { fieldValues } from "~/server/forms.server";
import type { Services } from "~/server/services.server";
import { discardDraft, loadDraft, saveDraft, userDraftOwner } from "~/server/wizard/drafts.server";
import { EDIT_FIELDS, EDIT_FORM_ID, EDIT_MESSAGES, editedPath, editPath, submissionEditValidator } from "./submission-edit-form";
import { joinItems } from "./keywords";
import {
  type AuthorRow,
  MANUSCRIPT_TYPE_LABELS,
  type ManuscriptType,
  pinSubmitter,
  readAuthorRows,
  rearrangeAuthors,
  researchAreasOf,
  SUBMISSION_MESSAGES,
  submitterIndex,
  toAuthorRow,
} from "./submission-form";
import { completesPaper } from "./paper-completeness";
import { submissionRights } from "./submission-rights";
import { authorLine } from "./submission.server";

type Ctx = Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">;
type Paper = NonNullable<Awaited<ReturnType<typeof getPaper>>>;
type User = Pick<SessionUser, "id" | "email" | "firstName" | "lastName">;

const WIZARD = "submission-edit";
const ownerOf = (user: User, paperId: number) => userDraftOwner(user.id, `${WIZARD}:${paperId}`);

/** What the form holds between its posts without JavaScript: the values, the instant the paper was last changed when the page opened, and the opening. */
export type EditValues = Record<string, unknown> & { authors: AuthorRow[]; seen: number; editId: string };

/**
 * The paper, for its submitter while `submissionRights` lets them edit it: anyone it does not list
 * gets the 404 of a paper that does not exist, a listed co-author 403, its submitter 409 with
 * why it is closed (the conference's deadline, or a decision).
 */
async function editablePaper(ctx: Pick<Services, "db">, user: User, paperId: number) {
  const paper = await getPaper(ctx, asAuthor(user), paperId);
  if (!paper) throw notFound(EDIT_MESSAGES.notFound);
  const rights = submissionRights(paper, paper.conference, user.id);
  if (rights.edit) return paper;
  if (paper.submitterId !== user.id) throw forbidden(EDIT_MESSAGES.notSubmitter);
  throw conflict(rights.closedBecause ?? EDIT_MESSAGES.status);
}

/** The paper as the form's fields hold it; the first author corresponding when none is flagged. */
function valuesOfPaper(paper: Paper): EditValues {
  const { areas, authors } = paperFormValues(paper);
  return {
    manuscriptTitle: paper.title,
    manuscriptAbstract: paper.abstract,
    keywords: joinItems(paper.keywords),
    jelCodes: joinItems(paper.jelCodes),
    ...areas,
    authors,
    seen: paper.updatedAt.getTime(),
    editId: randomToken(12),
  };
}

/** The page: the paper as stored, or after a card's button without JavaScript (`?kept=1`) the values that post kept. */
export async function loadSubmissionEdit(ctx: Pick<Services, "db">, user: User, paperId: number, url: URL) {
  const paper = await editablePaper(ctx, user, paperId);
  let values = valuesOfPaper(paper);
  if (url.searchParams.get("kept") === "1") {
    const draft = await loadDraft(ctx, ownerOf(user, paperId));
    if (draft.stored && typeof draft.data.editId === "string") values = draft.data as EditValues;
  }
  return {
    paper: { id: paper.id, number: paper.number, title: paper.title, status: paper.status, conference: paper.conference.title, submissionDeadline: paper.conference.submissionDeadline },
    values,
    me: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  };
}

export type EditControls = { intent: string; editId: string; seen: string };

const lower = (email: string) => email.trim().toLowerCase();

/**
 * A post of the edit page: an author card's button without JavaScript (kept, the page shown
 * again at the card), or Save: the wizard's checks, the submitter kept on the list, the
 * co-authors' notices counted against the account's daily limit, then one batch.
 */
export async function postSubmissionEdit(ctx: Ctx, user: User & Pick<SessionUser, "id">, paperId: number, form: FormData, controls: EditControls) {
  const paper = await editablePaper(ctx, user, paperId);
  const owner = ownerOf(user, paperId);
  const seen = Number(controls.seen);
  const posted: EditValues = {
    ...fieldValues(form, EDIT_FIELDS, 10_000),
    authors: readAuthorRows(form),
    seen: Number.isFinite(seen) && seen > 0 ? seen : paper.updatedAt.getTime(),
    editId: /^[\w-]{1,40}$/.test(controls.editId) ? controls.editId : randomToken(12),
  };
  const rowChange = /^author:(add)$|^author:(remove|up|down|corresponding):(\d{1,2})$/.exec(controls.intent);
  if (rowChange) return changeAuthorRows(ctx, owner, paperId, posted, rowChange, user);
  if (controls.intent !== "save") throw new AppError("invalid", "That button does nothing here.", { formId: EDIT_FORM_ID });

  const values = { ...posted, authors: pinSubmitter(posted.authors, user) };
  const checked = await submissionEditValidator.validate(values);
  if (checked.error) throw new AppError("invalid", EDIT_MESSAGES.invalid, { fieldErrors: checked.error.fieldErrors, values, formId: EDIT_FORM_ID, checks: true });
  if (submitterIndex(values.authors, user) < 0) throw new AppError("unprocessable", `${SUBMISSION_MESSAGES.blocked}: ${SUBMISSION_MESSAGES.currentUserMissing}`, { values, formId: EDIT_FORM_ID });
  const data = checked.data as Record<string, string> & { authors: Array<AuthorRow & { isCorresponding: boolean }> };

  // The office's own details of an author (salutation, middle name, address) stay with their address.
  const stored = new Map(paper.authors.map((a) => [lower(a.email), a]));
  const authors: EditorAuthor[] = data.authors.map((a) => {
    const was = stored.get(lower(a.email));
    return {
      firstName: a.firstName,
      lastName: a.lastName,
      email: lower(a.email),
      institution: a.institution,
      department: a.department,
      rankTitle: a.rankTitle,
      rankOther: a.rankOther,
      country: a.country,
      isCorresponding: a.isCorresponding,
      salutation: was?.salutation ?? "",
      middleName: was?.middleName ?? "",
      state: was?.address?.state ?? "",
      address1: was?.address?.address1 ?? "",
      address2: was?.address?.address2 ?? "",
      city: was?.address?.city ?? "",
      postalCode: was?.address?.postalCode ?? "",
    };
  });

  // An incomplete paper that lacked what the site can see, and lacks nothing now, is under review again.
  const areas = researchAreasOf(data);
  const completes = completesPaper(paper.status, paper, { files: paper.files, researchAreas: areas, authors: authors.map((a) => ({ ...a, rank: a.rankTitle })) as never });

  const notices = await noticesOf(ctx, user, paper, { title: data.manuscriptTitle!, authors, areas, completes });
  if (notices.coauthors > 0) {
    await hitRateLimits(ctx.db, [[`coauthor-mail:acct:${user.id}`, LIMITS.coauthorMailsPerAccount, notices.coauthors]], (seconds) => EDIT_MESSAGES.tooManyNotices(Math.max(1, Math.ceil(seconds / 3600))));
  }

  const { authors: _checked, ...fields } = data;
  const description: Record<string, string> = {
    ...(fields as Record<string, string>),
    manuscriptType: paper.manuscriptType,
    conferenceId: String(paper.conferenceId),
    status: completes ? "under_review" : paper.status,
  };
  await savePaper(ctx, asAuthor(user), paper, {
    description,
    authors,
    uploads: { fullManuscript: null, blindCopyManuscript: null },
    seen: posted.seen,
    notices: notices.entries,
    auditDetails: notices.added.length || notices.removed.length ? { added: notices.added, removed: notices.removed } : {},
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === "conflict") throw conflict(EDIT_MESSAGES.changedMeanwhile);
    throw error;
  });
  await discardDraft(ctx, owner);
  return redirect(editedPath(paper.id, completes));
}

/**
 * The mails a save sends. When who is listed changes (by address, case aside): each added address
 * gets the notice a submission sends its co-authors, each removed one a short notice that it is no
 * longer listed, and each author still listed but the submitter one notice with the new list. An
 * incomplete paper completed tells the office.
 */
async function noticesOf(ctx: Ctx, user: User, paper: Paper, edit: { title: string; authors: EditorAuthor[]; areas: Array<{ category: string; topic: string }>; completes: boolean }) {
  const before = new Set(paper.authors.map((a) => lower(a.email)));
  const after = new Set(edit.authors.map((a) => a.email));
  const me = lower(user.email);
  const added = edit.authors.filter((a) => !before.has(a.email));
  const removed = paper.authors.filter((a) => !after.has(lower(a.email)));
  const stayed = added.length || removed.length ? edit.authors.filter((a) => before.has(a.email) && a.email !== me) : [];
  const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
  const submitter = name(user) || user.email;
  const lines = edit.authors.map((a) => authorLine({ ...toAuthorRow({}), ...a }));
  const link = new URL("/dashboard?tab=submissions", ctx.env.SITE_URL).toString();
  const supportEmail = ctx.env.CONTACT_EMAIL;
  const shared = { title: edit.title, conference: paper.conference.title, paperNumber: paper.number, authors: lines };
  const entries: OutboxEntry[] = [
    ...added.map((a) =>
      outboxEntry(ctx, "submission_listed", a.email, {
        ...shared,
        name: name(a),
        submitter,
        link,
        supportEmail,
        corresponding: a.isCorresponding,
        addedLater: true,
        manuscriptType: MANUSCRIPT_TYPE_LABELS[paper.manuscriptType as ManuscriptType] ?? paper.manuscriptType,
        researchAreas: edit.areas.map(researchAreaLabel),
      }),
    ),
    ...removed.map((a) => outboxEntry(ctx, "submission_unlisted", lower(a.email), { name: name(a), title: edit.title, conference: paper.conference.title, paperNumber: paper.number, submitter, supportEmail })),
    ...stayed.map((a) => outboxEntry(ctx, "submission_authors_changed", a.email, { ...shared, name: name(a), submitter, added: added.map(name), removed: removed.map(name), link, supportEmail })),
  ];
  const coauthors = entries.length;
  if (edit.completes) {
    const office = await readOfficeNotices(ctx);
    entries.push(
      outboxEntry(ctx, "submission_completed", office.address, {
        ...shared,
        submitter,
        submitterEmail: user.email,
        link: new URL(`/admin/papers?conference=${paper.conferenceId}`, ctx.env.SITE_URL).toString(),
      }),
    );
  }
  return { entries, coauthors, added: added.map((a) => a.email), removed: removed.map((a) => lower(a.email)) };
}

/** Add, remove, move or make corresponding a card without JavaScript: kept, and the page shown again at the card; the submitter's card stays. */
async function changeAuthorRows(ctx: Pick<Services, "db">, owner: ReturnType<typeof ownerOf>, paperId: number, values: EditValues, m: RegExpExecArray, user: User) {
  const rows = [...values.authors];
  const verb = m[1] ?? m[2]!;
  const at = Number(m[3] ?? -1);
  const keep = () => saveDraft(ctx, owner, `${WIZARD}:${paperId}`, { step: 1, data: { ...values, authors: rows } });
  if (verb === "remove" && at >= 0 && at === submitterIndex(rows, user)) {
    await keep();
    throw new AppError("conflict", SUBMISSION_MESSAGES.cannotRemoveCurrentUser, { values: { ...values, authors: rows }, formId: EDIT_FORM_ID });
  }
  const focus = rearrangeAuthors(rows, verb, at, () => toAuthorRow({ source: "added" }));
  await keep();
  if (focus === null) throw new AppError("invalid", "That author is not there to change.", { values: { ...values, authors: rows }, formId: EDIT_FORM_ID });
  return redirect(`${editPath(paperId)}?kept=1${verb === "add" ? "&added=1" : ""}#author-${focus + 1}`);
}
