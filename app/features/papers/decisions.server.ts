/**
 * Decisions on papers: a status change the office makes, written with the letters it sends to
 * every author of the paper, in one D1 batch (one transaction). Every way the office changes a
 * status (Save Changes on the Papers tab, the bulk update, the paper editor) goes through here.
 *
 * - A paper takes its new status only if it still has the status the administrator saw: a paper
 *   changed meanwhile by someone else is not overwritten, and is reported.
 * - Its audit entry and its letters are written by statements that select the papers this batch
 *   changed (new status, this batch's instant), so a letter exists exactly when its paper changed.
 *   A save posted twice finds nothing left to change and writes nothing; the notices Worker sends
 *   each outbox row once.
 * - A staged decision (Papers tab) is applied only while it is still staged as confirmed, and the
 *   staged rows of every paper decided are cleared in the same batch.
 * - Lists travel as one JSON parameter (`json_each`), so 2,000 decisions are a few statements,
 *   not one per hundred parameters; letters are cut in chunks that stay under D1's 2 MB value.
 */
import { formatMoney } from "~/lib/format";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatches } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { auditLog, conferences, paperAuthors, papers, paperStatusDrafts, type PaperStatus } from "~/db/schema";
import { paperDisplayNumber } from "~/lib/status";
import { outboxRowsSelected, queueOutboxRows } from "~/mail/outbox.server";
import { MAIL_TEMPLATES, renderMail, type MailPayload, type RenderedMail } from "~/mail/templates";
import { forbidden } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import type { StatusChange } from "./papers-forms";
import { CONFERENCE_REGISTRATION_TERMS, type PaperAsker } from "./papers.server";

export type DecisionLetter = { paperId: number; to: string; payload: MailPayload<"paper_decision"> };
/** A decision with the letters it sends, as the confirmation shows them and the batch writes them. */
export type Decision = StatusChange & { title: string; number: string; letters: DecisionLetter[] };

const ids = (list: readonly number[]) => JSON.stringify(list);
/** The ids of a JSON list parameter, as a subquery. */
const inList = (json: string) => sql`(select value from json_each(${json}))`;


/** What a decision letter says of the paper's conference: its name, year, fees and deadline (columns to select). */
export const CONFERENCE_FOR_LETTERS = {
  conferenceTitle: sql<string>`${conferences.title}`.as("conference_title"),
  startDate: conferences.startDate,
  ...CONFERENCE_REGISTRATION_TERMS,
  deadline: conferences.registrationDeadline,
};

/**
 * The decisions with their letters: one letter to each author of each paper (one per address),
 * naming the corresponding author (the first author when none is flagged). Papers that no longer
 * exist are left out. Reads the papers, their authors and their conferences in one round trip.
 */
export async function prepareDecisions(ctx: Pick<Services, "db" | "env">, changes: readonly StatusChange[]): Promise<Decision[]> {
  const wanted = changes.filter((c) => c.from !== c.to);
  if (!wanted.length) return [];
  const list = ids(wanted.map((c) => c.paperId));
  const [found, authors] = await ctx.db.batch([
    ctx.db
      .select({
        id: papers.id,
        title: papers.title,
        paperNumber: papers.paperNumber,
        ...CONFERENCE_FOR_LETTERS,
      })
      .from(papers)
      .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
      .where(sql`${papers.id} in ${inList(list)}`),
    ctx.db
      .select({
        paperId: paperAuthors.paperId,
        salutation: paperAuthors.salutation,
        firstName: paperAuthors.firstName,
        lastName: paperAuthors.lastName,
        email: paperAuthors.email,
        institution: paperAuthors.institution,
        isCorresponding: paperAuthors.isCorresponding,
      })
      .from(paperAuthors)
      .where(sql`${paperAuthors.paperId} in ${inList(list)}`)
      .orderBy(paperAuthors.paperId, paperAuthors.authorOrder),
  ]);
  const byPaper = new Map<number, typeof authors>();
  for (const a of authors) byPaper.set(a.paperId, [...(byPaper.get(a.paperId) ?? []), a]);
  const papersById = new Map(found.map((p) => [p.id, p]));
  return wanted.flatMap((change) => {
    const paper = papersById.get(change.paperId);
    return paper ? [decisionOf(ctx.env, change, paper, byPaper.get(paper.id) ?? [])] : [];
  });
}

/** What a decision's letters say of its paper and conference. */
export type PaperForLetters = {
  id: number;
  title: string;
  paperNumber: number;
  conferenceTitle: string;
  startDate: string;
  registrationEnabled: boolean;
  feeStandard: number | null;
  feeStudent: number | null;
  feeAccompaniedPerson: number | null;
  currency: string;
  deadline: string | null;
};
export type AuthorForLetters = { salutation: string | null; firstName: string; lastName: string; email: string; institution: string; isCorresponding: boolean };

/**
 * One decision with its letters, from the paper and its authors as they will stand: one letter to
 * each author (one per address), naming the corresponding author (the first when none is flagged).
 * The paper editor gives the paper as edited, so a save that changes the authors and the status
 * writes to the authors it saves.
 */
export function decisionOf(env: Pick<Services["env"], "SITE_URL" | "SUPPORT_EMAIL">, change: StatusChange, paper: PaperForLetters, listed: readonly AuthorForLetters[]): Decision {
  const link = new URL("/dashboard?tab=submissions", env.SITE_URL).href;
  const fullName = (a: AuthorForLetters) => `${a.firstName} ${a.lastName}`.trim();
  const corresponding = listed.find((a) => a.isCorresponding) ?? listed[0];
  const fees = (
    [
      ["Standard", paper.feeStandard],
      ["Student", paper.feeStudent],
      ["Accompanying person", paper.feeAccompaniedPerson],
    ] as const
  ).flatMap(([label, fee]) => (fee === null ? [] : [`${label}: ${formatMoney(fee, paper.currency)}`]));
  const number = paperDisplayNumber(paper.startDate, paper.paperNumber);
  const shared = {
    title: paper.title.slice(0, 600),
    conference: paper.conferenceTitle.slice(0, 300),
    paperNumber: number,
    authors: listed.slice(0, 40).map((a) => `${fullName(a)}, ${a.institution}`.slice(0, 600)),
    status: change.to,
    corresponding: corresponding ? fullName(corresponding).slice(0, 300) : "",
    link,
    supportEmail: env.SUPPORT_EMAIL,
    registration: change.to === "accepted" && paper.registrationEnabled ? { fees, deadline: paper.deadline, link } : null,
  };
  const seen = new Set<string>();
  const letters = listed.flatMap((a) => {
    const to = a.email.toLowerCase();
    if (seen.has(to)) return [];
    seen.add(to);
    const name = [a.salutation, fullName(a)].filter(Boolean).join(" ").slice(0, 300);
    return [{ paperId: paper.id, to, payload: MAIL_TEMPLATES.paper_decision.parse({ ...shared, name }) }];
  });
  return { ...change, title: paper.title, number, letters };
}

/** A letter as its reader will see it (the confirmation's preview). */
export const renderLetter = (env: { SITE_NAME: string; SITE_URL: string }, letter: DecisionLetter): RenderedMail =>
  renderMail("paper_decision", letter.payload, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL });

/** D1 refuses a value over 2 MB: letters travel in parameters of at most this many bytes. */
const LETTERS_PER_PARAMETER_BYTES = 1_500_000;

function chunkByBytes<T>(items: readonly T[], size: (item: T) => number, max: number): T[][] {
  const out: T[][] = [];
  let chunk: T[] = [];
  let bytes = 2;
  for (const item of items) {
    const n = size(item) + 1;
    if (chunk.length && bytes + n > max) {
      out.push(chunk);
      chunk = [];
      bytes = 2;
    }
    chunk.push(item);
    bytes += n;
  }
  if (chunk.length) out.push(chunk);
  return out;
}

/**
 * The statements of a set of decisions, for one batch, and how to read their results back:
 * `read(results)` takes the results of exactly these statements, in order. With `staged`, a
 * paper changes only while its staged decision is still the one confirmed.
 */
export function decisionStatements(db: Database, actorId: number, decisions: readonly Decision[], { now = Date.now(), staged = false } = {}) {
  const stamp = new Date(now);
  const batch = crypto.randomUUID();
  const groups = new Map<string, { from: PaperStatus; to: PaperStatus; decisions: Decision[] }>();
  const once = new Set<number>();
  for (const d of decisions) {
    // A paper is decided once per batch: a change posted twice is one change.
    if (d.from === d.to || once.has(d.paperId)) continue;
    once.add(d.paperId);
    const key = `${d.from}>${d.to}`;
    const group = groups.get(key) ?? { from: d.from, to: d.to, decisions: [] };
    group.decisions.push(d);
    groups.set(key, group);
  }
  const updates: number[] = [];
  const mails: number[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  for (const { from, to, decisions: group } of groups.values()) {
    const list = ids(group.map((d) => d.paperId));
    const stillStaged = staged
      ? sql`exists (select 1 from paper_status_drafts d where d.paper_id = ${papers.id} and d.from_status = ${from} and d.to_status = ${to})`
      : undefined;
    updates.push(statements.length);
    statements.push(
      db
        .update(papers)
        .set({ status: to, updatedAt: stamp, decidedIn: batch })
        .where(and(sql`${papers.id} in ${inList(list)}`, eq(papers.status, from), stillStaged))
        .returning({ id: papers.id }),
    );
    // The papers this batch changed: marked with this batch's id.
    const changedHere = and(sql`${papers.id} in ${inList(list)}`, eq(papers.decidedIn, batch));
    statements.push(
      db.insert(auditLog).select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            actorId: sql<number>`${actorId}`.as("actor_id"),
            action: sql<string>`'paper.status'`.as("action"),
            entityType: sql<string>`'paper'`.as("entity_type"),
            entityId: sql<string>`cast(${papers.id} as text)`.as("entity_id"),
            details: sql<Record<string, unknown>>`json_object('from', ${from}, 'to', ${to})`.as("details"),
            createdAt: sql<Date>`${now}`.as("created_at"),
          })
          .from(papers)
          .where(changedHere),
      ),
    );
    const letters = group.flatMap((d) => d.letters.map((l) => JSON.stringify({ paperId: l.paperId, to: l.to, payload: l.payload })));
    for (const chunk of chunkByBytes(letters, (l) => new TextEncoder().encode(l).byteLength, LETTERS_PER_PARAMETER_BYTES)) {
      mails.push(statements.length);
      const json = `[${chunk.join(",")}]`;
      statements.push(
        outboxRowsSelected(db, {
          template: "paper_decision",
          // Each letter finds its paper by key (CROSS JOIN keeps this order in SQLite's planner).
          from: sql`json_each(${json}) as letter cross join "papers"`,
          where: sql`"papers"."id" = json_extract(letter.value, '$.paperId') and "papers"."decided_in" = ${batch}`,
          to: sql`json_extract(letter.value, '$.to')`,
          payload: sql`json_extract(letter.value, '$.payload')`,
          now,
        }),
      );
    }
    // A saved staged decision is done, and one that failed reverts: only the decision confirmed,
    // never one a colleague staged meanwhile. Otherwise, a paper decided here drops what was staged on it.
    statements.push(
      db
        .delete(paperStatusDrafts)
        .where(
          staged
            ? and(sql`${paperStatusDrafts.paperId} in ${inList(list)}`, eq(paperStatusDrafts.fromStatus, from), eq(paperStatusDrafts.toStatus, to))
            : sql`${paperStatusDrafts.paperId} in (select p.id from papers p where p.id in ${inList(list)} and p.decided_in = ${batch})`,
        ),
    );
  }
  return {
    statements,
    read(results: readonly unknown[]) {
      const rowsAt = (i: number) => (results[i] as Array<{ id: number }>) ?? [];
      const changed = new Set(updates.flatMap((i) => rowsAt(i).map((r) => r.id)));
      return { changed, outboxIds: mails.flatMap((i) => rowsAt(i).map((r) => r.id)) };
    },
  };
}

export type DecisionOutcome = {
  /** Papers that took their new status; their authors were written to. */
  changed: number[];
  /** Papers already showing the new status (a save posted twice, or another administrator's save). */
  already: number[];
  /** Papers changed meanwhile, deleted, or no longer staged: left as they are. */
  failed: number[];
};

/** Applies decisions as the office, in one batch, then queues the letters it wrote. */
export async function decidePapers(
  ctx: Pick<Services, "db" | "env" | "queues" | "waitUntil">,
  asker: PaperAsker,
  changes: readonly StatusChange[],
  { now = Date.now(), staged = false } = {},
): Promise<DecisionOutcome> {
  if (asker.as !== "admin") throw forbidden("Only administrators may change a paper's status.");
  // A paper is decided once: a change posted twice is one change.
  const asked = [...new Map(changes.filter((c) => c.from !== c.to).map((c) => [c.paperId, c] as const)).values()];
  const decisions = await prepareDecisions(ctx, asked);
  const { statements, read } = decisionStatements(ctx.db, asker.userId, decisions, { now, staged });
  const { changed, outboxIds } = read(await runBatches(ctx.db, statements));
  queueOutboxRows(ctx, outboxIds);
  const rest = asked.filter((c) => !changed.has(c.paperId));
  const after = rest.length
    ? await ctx.db.select({ id: papers.id, status: papers.status }).from(papers).where(sql`${papers.id} in ${inList(ids(rest.map((c) => c.paperId)))}`).all()
    : [];
  const current = new Map(after.map((p) => [p.id, p.status]));
  return {
    changed: asked.filter((c) => changed.has(c.paperId)).map((c) => c.paperId),
    already: rest.filter((c) => current.get(c.paperId) === c.to).map((c) => c.paperId),
    failed: rest.filter((c) => current.get(c.paperId) !== c.to).map((c) => c.paperId),
  };
}
