/**
 * New versions of a submitted paper's files (decision 064). While `submissionRights` lets its
 * submitter upload a version, each posted file (the manuscript, the blind copy) is checked as the
 * wizard checks it and stored as a new `files` row and R2 object of its kind; nothing earlier is
 * overwritten, and the newest of a kind is the one its download links serve. A paper in
 * 'revision required' takes the revised manuscript: in the same batch as its file it returns to
 * under review, with the audit entry the status history shows as the revision received, the
 * submitter's receipt, and unless the office hears of nothing, the office's mail.
 */
import { and, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { conferences, files, papers, paperStatusDrafts } from "~/db/schema";
import { asAuthor, getPaper } from "~/features/papers/papers.server";
import { commitWithMail, outboxEntry } from "~/mail/outbox.server";
import { auditEntry } from "~/models/audit.server";
import { paperFileHref, paperFileVersionHref } from "~/models/file.server";
import { readOfficeNotices } from "~/models/office-notices.server";
import { formatKb } from "~/lib/format";
import type { SessionUser } from "~/server/auth/session.server";
import { AppError, conflict, forbidden, notFound, unprocessable } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { manuscriptRule, storeManuscriptFile } from "./manuscript-file.server";
import { type FileVersions, MAX_REVISION_NOTE, VERSION_FIELDS, VERSION_MESSAGES } from "./paper-versions";
import { completesPaper } from "./paper-completeness";
import { submissionRights } from "./submission-rights";

type Ctx = Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">;
type Paper = NonNullable<Awaited<ReturnType<typeof getPaper>>>;

export const SUBMISSION_NOT_FOUND = "Submission not found.";

const LABELS = { manuscript: "Manuscript", blind_copy: "Blind copy" } as const;

/** Every version of the paper's manuscript and blind copy, newest first, the newest marked current and linked by its kind's own address. */
export function fileVersions(paper: Pick<Paper, "id" | "files">): FileVersions[] {
  return (["manuscript", "blind_copy"] as const).flatMap((kind) => {
    const mine = paper.files.filter((f) => f.kind === kind).sort((a, b) => b.id - a.id);
    if (!mine.length) return [];
    return [
      {
        kind,
        label: LABELS[kind],
        versions: mine.map((f, i) => ({ id: f.id, name: f.originalName, size: formatKb(f.size), uploadedAt: f.createdAt.getTime(), href: i === 0 ? paperFileHref(paper.id, kind) : paperFileVersionHref(paper.id, kind, f.id), current: i === 0, uploader: f.uploader })),
      },
    ];
  });
}

/**
 * The paper, if the asker is one of its authors, with whether they may upload now: the submission
 * rule's answer, and when it says no, the refusal to answer with (403 for a co-author, 409 for a
 * status or a conference that no longer allows it). Anyone else: the 404 of a paper that does not exist.
 */
export async function paperForVersions(ctx: Pick<Services, "db">, user: Pick<SessionUser, "id">, paperId: number) {
  const paper = await getPaper(ctx, asAuthor(user), paperId);
  if (!paper) throw notFound(SUBMISSION_NOT_FOUND);
  const rights = submissionRights(paper, paper.conference, user.id);
  let refusal: AppError | null = null;
  if (!rights.uploadVersion) {
    if (paper.submitterId !== user.id) refusal = forbidden(VERSION_MESSAGES.notSubmitter);
    else if (rights.closedBecause) refusal = conflict(rights.closedBecause);
    else if (paper.status === "revision_required") refusal = conflict(VERSION_MESSAGES.conferenceEnded);
    else refusal = conflict(VERSION_MESSAGES.status);
  }
  return { paper, revision: paper.status === "revision_required", refusal };
}

export type VersionPost = { manuscript: File | null; blindCopy: File | null; note: string };

/**
 * Stores the posted files as new versions. Refusals (4xx) store nothing; a failed batch removes
 * what reached R2. The batch re-checks in SQL what the rule checked (the paper still the
 * submitter's, its status, the conference still taking papers or not ended): its first statement
 * touches the paper only then, and each file row is written only if it did (`changes()`), so a
 * paper decided, or a deadline passed, while the files uploaded leaves nothing half-saved.
 */
export async function uploadPaperVersions(ctx: Ctx, user: SessionUser, paperId: number, post: VersionPost) {
  const { paper, revision, refusal } = await paperForVersions(ctx, user, paperId);
  if (refusal) throw refusal;
  const note = revision ? post.note.replace(/\r\n?/g, "\n").trim() : "";
  if (note.length > MAX_REVISION_NOTE) throw unprocessable(VERSION_MESSAGES.noteTooLong, { [VERSION_FIELDS.note]: VERSION_MESSAGES.noteTooLong });
  if (!post.manuscript && (revision || !post.blindCopy)) {
    const message = revision ? VERSION_MESSAGES.noRevision : VERSION_MESSAGES.noFile;
    throw unprocessable(message, { [VERSION_FIELDS.manuscript]: message });
  }

  const stored: Array<Awaited<ReturnType<typeof storeManuscriptFile>>> = [];
  const discard = () => Promise.all(stored.map((s) => s.discard()));
  try {
    if (post.manuscript) stored.push(await storeManuscriptFile(ctx, user, post.manuscript, manuscriptRule("manuscript"), { field: VERSION_FIELDS.manuscript, label: post.blindCopy ? "Manuscript: " : "" }));
    if (post.blindCopy) stored.push(await storeManuscriptFile(ctx, user, post.blindCopy, manuscriptRule("blind_copy"), { field: VERSION_FIELDS.blindCopy, label: "Blind copy: " }));
  } catch (error) {
    await discard();
    throw error;
  }

  // A manuscript that was all an incomplete paper visibly lacked completes it: back under review, the office told (decision 063's rule).
  const completes = !revision && completesPaper(paper.status, paper, { ...paper, files: [...paper.files, ...stored.map(({ row }) => ({ ...row, kind: row.kind }))] as typeof paper.files });
  const now = Date.now();
  const theirs = and(eq(papers.id, paper.id), eq(papers.submitterId, user.id));
  const conference = ctx.db.select({ one: sql`1` }).from(conferences).where(and(eq(conferences.id, paper.conferenceId), revision ? ne(conferences.status, "ended") : and(eq(conferences.status, "open"), or(isNull(conferences.submissionDeadline), gt(conferences.submissionDeadline, new Date(now))))));
  const guard = ctx.db
    .update(papers)
    .set(revision || completes ? { status: "under_review", updatedAt: new Date(now) } : { updatedAt: new Date(now) })
    .where(and(theirs, revision ? eq(papers.status, "revision_required") : inArray(papers.status, ["under_review", "incomplete"]), sql`exists ${conference}`));
  // NULL, which the column refuses (and the batch with it), unless the statement before changed a row.
  const fileRows = stored.map(({ row }) => ctx.db.insert(files).values({ ...row, paperId: paper.id, kind: sql`(select ${row.kind} where changes() > 0)` as unknown as typeof row.kind }));
  const received = stored.map(({ row }) => ({ kind: row.kind, name: row.originalName }));
  const names = received.map((f) => `${LABELS[f.kind as keyof typeof LABELS]}: ${f.name}`);
  const submitterName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const mails = [];
  if (revision) {
    const paperLink = new URL(`/dashboard/submissions/${paper.id}`, ctx.env.SITE_URL).toString();
    mails.push(outboxEntry(ctx, "revision_receipt", user.email, { name: submitterName, title: paper.title, conference: paper.conference.title, paperNumber: paper.number, files: names, link: paperLink, supportEmail: ctx.env.CONTACT_EMAIL }));
    const office = await readOfficeNotices(ctx);
    if (office.mode !== "off") {
      const link = new URL(`/admin/papers/${paper.id}?conference=${paper.conferenceId}`, ctx.env.SITE_URL).toString();
      mails.push(outboxEntry(ctx, "revision_office", office.address, { title: paper.title, conference: paper.conference.title, paperNumber: paper.number, files: names, submitter: submitterName, submitterEmail: user.email, note, link }));
    }
  }
  if (completes) {
    const office = await readOfficeNotices(ctx);
    mails.push(
      outboxEntry(ctx, "submission_completed", office.address, {
        title: paper.title,
        conference: paper.conference.title,
        paperNumber: paper.number,
        authors: paper.authors.map((a) => `${a.firstName} ${a.lastName}${a.institution ? `, ${a.institution}` : ""}${a.isCorresponding ? " (corresponding author)" : ""}`),
        submitter: submitterName,
        submitterEmail: user.email,
        link: new URL(`/admin/papers?conference=${paper.conferenceId}`, ctx.env.SITE_URL).toString(),
      }),
    );
  }
  try {
    await commitWithMail(
      ctx,
      [
        guard,
        ...fileRows,
        revision
          ? auditEntry(ctx, { actorId: user.id, action: "paper.revision", entityType: "paper", entityId: paper.id, details: { from: "revision_required", to: "under_review", files: received, ...(note ? { note } : {}) } })
          : auditEntry(ctx, { actorId: user.id, action: "paper.file", entityType: "paper", entityId: paper.id, details: { files: received, ...(completes ? { status: { from: "incomplete", to: "under_review" } } : {}) } }),
        // A decision the office staged on the paper as it was (revision required) no longer applies: it decides the revised paper anew.
        ...(revision ? [ctx.db.delete(paperStatusDrafts).where(and(eq(paperStatusDrafts.paperId, paper.id), eq(paperStatusDrafts.fromStatus, "revision_required")))] : []),
      ],
      mails,
    );
  } catch (error) {
    await discard();
    // Refused by the guard: say why, as the rule sees the paper now.
    const now = await paperForVersions(ctx, user, paperId).catch(() => null);
    if (!now || now.refusal || now.revision !== revision) throw now?.refusal ?? conflict(VERSION_MESSAGES.changed);
    throw error;
  }
  return { revision, completes };
}
