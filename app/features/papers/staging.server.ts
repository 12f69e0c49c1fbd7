/**
 * The Papers tab's staged decisions (spec 4, "Staged status changes"): a status chosen in the
 * list is kept in `paper_status_drafts` until the office saves (and mails) or discards it, so a
 * reload, another tab or a second administrator sees it. A choice equal to the paper's status
 * unstages it. Statuses are editable only while the conference is active (status open or active).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { conferences, PAPER_STATUSES, papers, paperStatusDrafts, stagedCounts, type PaperStatus } from "~/db/schema";
import { conferenceStatusBadge, paperDisplayNumber } from "~/lib/status";
import { conflict, forbidden, invalid, notFound } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { invalidStatus, isBulkStatus } from "./bulk-update";
import { decidePapers, prepareDecisions } from "./decisions.server";
import type { StatusChange } from "./papers-forms";
import type { PaperAsker } from "./papers.server";

/** 'Active' for paper decisions: the conference's status is open or active (spec-decisions). */
export const decisionsOpen = (status: string) => /open|active/i.test(status);
export const READ_ONLY = "Conference is inactive - paper status is read-only";

/** Every conference as the console's conference pickers list them, the latest start first (a prepared query, for a page's batch). */
export const conferenceChoices = preparedQuery((db) =>
  db
    .select({ id: conferences.id, title: conferences.title, location: conferences.location, startDate: conferences.startDate, endDate: conferences.endDate, status: conferences.status })
    .from(conferences)
    .orderBy(desc(conferences.startDate), desc(conferences.id)),
);

/** `conferenceChoices` read on its own, for a page whose other reads depend on the chosen conference. */
export async function listConferenceChoices({ db }: Pick<Services, "db">) {
  const [choices] = await batchPrepared(db, [conferenceChoices({})]);
  return choices;
}

/** A conference as the console's conference pickers name it: "(status) title, location, start - end". */
export const conferenceChoiceLabel = (c: { status: string; title: string; location: string; startDate: string; endDate: string }) => `(${conferenceStatusBadge(c.status).label}) ${c.title}, ${c.location}, ${c.startDate} - ${c.endDate}`;

/** The conference, if its papers' statuses may be decided now: 404 for none, 409 with the spec's sentence for an inactive one. */
export async function editableConference({ db }: Pick<Services, "db">, conferenceId: number) {
  const conference = await db.select({ id: conferences.id, status: conferences.status }).from(conferences).where(eq(conferences.id, conferenceId)).get();
  if (!conference) throw notFound("Conference not found.");
  if (!decisionsOpen(conference.status)) throw conflict(READ_ONLY);
  return conference;
}

/** A status chosen in the list: the paper, its status and what its select showed when the list was drawn, and the choice. */
export type StatusChoice = { paperId: number; seen: PaperStatus; shown: PaperStatus; chosen: PaperStatus };

/**
 * Stages or unstages the choices the administrator made, in one batch. A row left as it was shown
 * is not touched, so a colleague's staging since the list was drawn stays. A choice different from
 * the paper's status is staged (from that status), one equal to it unstaged, each only while the
 * paper and its staged decision are still as shown; the count of the others is returned.
 */
export async function stageChoices(ctx: Pick<Services, "db">, asker: PaperAsker, conferenceId: number, choices: readonly StatusChoice[], now = Date.now()) {
  if (asker.as !== "admin") throw forbidden("Only administrators may stage decisions.");
  await editableConference(ctx, conferenceId);
  const touched = choices.filter((c) => c.chosen !== c.shown);
  const staged = touched.filter((c) => c.chosen !== c.seen);
  const unstaged = touched.filter((c) => c.chosen === c.seen);
  const json = JSON.stringify(staged);
  const [added, removed] = await ctx.db.batch([
    ctx.db
      .insert(paperStatusDrafts)
      .select(
        ctx.db
          .select({
            paperId: sql<number>`p.id`.as("paper_id"),
            conferenceId: sql<number>`p.conference_id`.as("conference_id"),
            fromStatus: sql<PaperStatus>`p.status`.as("from_status"),
            toStatus: sql<PaperStatus>`json_extract(c.value, '$.chosen')`.as("to_status"),
            stagedBy: sql<number>`${asker.userId}`.as("staged_by"),
            stagedAt: sql<Date>`${now}`.as("staged_at"),
          })
          // Each choice finds its paper by key; only a paper of this conference still showing what was seen.
          .from(sql`json_each(${json}) as c cross join papers p`)
          .where(
            sql`p.id = json_extract(c.value, '$.paperId') and p.conference_id = ${conferenceId} and p.status = json_extract(c.value, '$.seen')
              and coalesce(p.staged_status, p.status) = json_extract(c.value, '$.shown')`,
          ),
      )
      .onConflictDoUpdate({
        target: paperStatusDrafts.paperId,
        set: { fromStatus: sql`excluded.from_status`, toStatus: sql`excluded.to_status`, stagedBy: sql`excluded.staged_by`, stagedAt: sql`excluded.staged_at` },
      })
      .returning({ paperId: paperStatusDrafts.paperId }),
    ctx.db
      .delete(paperStatusDrafts)
      .where(
        and(
          eq(paperStatusDrafts.conferenceId, conferenceId),
          sql`exists (select 1 from json_each(${JSON.stringify(unstaged)}) c where json_extract(c.value, '$.paperId') = ${paperStatusDrafts.paperId} and json_extract(c.value, '$.shown') = ${paperStatusDrafts.toStatus})`,
        ),
      )
      .returning({ paperId: paperStatusDrafts.paperId }),
  ]);
  return { staged: added.length, stale: staged.length - added.length + (unstaged.length - removed.length) };
}

/** The conference's staged decisions, by paper number, with what the confirmation shows of each paper. */
export async function stagedDecisions({ db }: Pick<Services, "db">, conferenceId: number) {
  const rows = await db
    .select({ paperId: paperStatusDrafts.paperId, from: paperStatusDrafts.fromStatus, to: paperStatusDrafts.toStatus, title: papers.title, paperNumber: papers.paperNumber, status: papers.status, startDate: conferences.startDate })
    .from(paperStatusDrafts)
    .innerJoin(papers, eq(papers.id, paperStatusDrafts.paperId))
    .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
    .where(eq(paperStatusDrafts.conferenceId, conferenceId))
    .orderBy(asc(papers.paperNumber))
    .all();
  return rows.map((r) => ({ paperId: r.paperId, from: r.from, to: r.to, title: r.title, number: paperDisplayNumber(r.startDate, r.paperNumber), stale: r.status !== r.from }));
}

/** How many decisions a conference has staged (the banner's count), from `staged_counts`: a prepared query, for a page's batch. */
export const stagedCountOf = preparedQuery((db) => db.select({ n: stagedCounts.n }).from(stagedCounts).where(eq(stagedCounts.conferenceId, sql.placeholder("conferenceId"))), placeholders<{ conferenceId: number }>());

/** How many decisions the conference has staged. */
export async function stagedCount({ db }: Pick<Services, "db">, conferenceId: number) {
  const [[row]] = await batchPrepared(db, [stagedCountOf({ conferenceId })]);
  return Number(row?.n ?? 0);
}

/** The staged decisions with the letters each sends, as the confirmation lists and previews them. */
export async function stagedWithLetters(ctx: Pick<Services, "db" | "env">, conferenceId: number) {
  const staged = await stagedDecisions(ctx, conferenceId);
  const decisions = await prepareDecisions(ctx, staged);
  const byPaper = new Map(decisions.map((d) => [d.paperId, d]));
  return staged.map((s) => ({ ...s, letters: byPaper.get(s.paperId)?.letters ?? [] }));
}

/** The most decisions one save may carry: a conference's whole review season. */
export const MAX_DECISIONS_PER_SAVE = 5000;

/**
 * Saves the decisions the administrator confirmed (each as it was listed: paper, old and new
 * status), as `decidePapers` does, each only while still staged so. Staged decisions of the
 * conference that were not confirmed stay staged.
 */
export async function saveConfirmed(ctx: Pick<Services, "db" | "env" | "queues" | "waitUntil">, asker: PaperAsker, conferenceId: number, confirmed: readonly StatusChange[]) {
  await editableConference(ctx, conferenceId);
  const theirs = await ctx.db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.conferenceId, conferenceId), sql`${papers.id} in (select value from json_each(${JSON.stringify(confirmed.map((c) => c.paperId))}))`))
    .all();
  const ofConference = new Set(theirs.map((p) => p.id));
  const outcome = await decidePapers(ctx, asker, confirmed.filter((c) => ofConference.has(c.paperId)), { staged: true });
  const elsewhere = confirmed.filter((c) => !ofConference.has(c.paperId)).map((c) => c.paperId);
  return { ...outcome, failed: [...outcome.failed, ...elsewhere] };
}

export const CHANGED_MEANWHILE = "The paper was changed meanwhile by someone else; its status was kept.";

/**
 * One paper's new status, decided at once (the JSON API's status call): Save Changes without the
 * staging. The status must be one the bulk update may set (the spec's 'Invalid status' sentence
 * otherwise) and the paper's conference active; the change is a decision through `decidePapers`,
 * as Save Changes and the bulk update make it, with its letter to every author. A paper already
 * showing the status is left as it is and nobody is written to.
 */
export async function decidePaperStatus(ctx: Pick<Services, "db" | "env" | "queues" | "waitUntil">, asker: PaperAsker, paperId: number, status: string) {
  if (asker.as !== "admin") throw forbidden("Only administrators may change a paper's status.");
  if (!isBulkStatus(status)) throw invalid(invalidStatus(status), { status: invalidStatus(status) });
  const paper = await ctx.db.select({ id: papers.id, status: papers.status, conferenceId: papers.conferenceId }).from(papers).where(eq(papers.id, paperId)).get();
  if (!paper) throw notFound("Paper not found.");
  await editableConference(ctx, paper.conferenceId);
  if (paper.status === status) return { changed: false };
  const outcome = await decidePapers(ctx, asker, [{ paperId, from: paper.status, to: status }]);
  if (outcome.failed.length) throw conflict(CHANGED_MEANWHILE);
  return { changed: outcome.changed.length > 0 };
}

/** Discards every staged decision of the conference. */
export async function discardStaged({ db }: Pick<Services, "db">, conferenceId: number) {
  const result = await db.delete(paperStatusDrafts).where(eq(paperStatusDrafts.conferenceId, conferenceId)).run();
  return result.meta.changes ?? 0;
}

export const isPaperStatus = (v: string): v is PaperStatus => (PAPER_STATUSES as readonly string[]).includes(v);
