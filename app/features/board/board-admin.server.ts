/**
 * The console's board editor: board years with their members, and past presidents. Each save
 * replaces the year's member rows in one batch with its audit entry, and bumps the content
 * version so /society/board shows it at once (decision 003).
 */
import type { Services } from "~/server/services.server";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { boardMembers, boardYears, pastPresidents } from "~/db/schema";
import { BOARD_SECTION_KEYS, type BoardYearForm, type MemberRow } from "./board";
import { BOARD_MESSAGES } from "./board-forms";
import { bumpContentVersion } from "~/server/page-cache.server";
import { auditEntry, writeWithAudit } from "~/models/audit.server";
import { conflict, notFound } from "~/server/errors.server";

type Ctx = Pick<Services, "db" | "d1">;

export async function listBoardYears(ctx: Ctx) {
  const [years, counts, presidents] = await ctx.db.batch([
    ctx.db.select().from(boardYears).orderBy(desc(boardYears.period)),
    ctx.db.select({ yearId: boardMembers.boardYearId, section: boardMembers.section, n: count() }).from(boardMembers).groupBy(boardMembers.boardYearId, boardMembers.section),
    ctx.db.select().from(pastPresidents).orderBy(asc(pastPresidents.sortOrder), asc(pastPresidents.id)),
  ]);
  const countOf = (yearId: number, section: string) => counts.find((c) => c.yearId === yearId && c.section === section)?.n ?? 0;
  return {
    years: years.map((y) => ({
      period: y.period,
      title: y.title || y.period,
      counts: Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, countOf(y.id, s)])) as Record<(typeof BOARD_SECTION_KEYS)[number], number>,
    })),
    presidents: presidents.map((p) => ({ id: p.id, years: p.years, name: p.name, note: p.note })),
  };
}

export async function loadBoardYear(ctx: Ctx, period: string): Promise<BoardYearForm | null> {
  const [year, members] = await ctx.db.batch([
    ctx.db.select().from(boardYears).where(eq(boardYears.period, period)),
    ctx.db
      .select()
      .from(boardMembers)
      .innerJoin(boardYears, eq(boardMembers.boardYearId, boardYears.id))
      .where(eq(boardYears.period, period))
      .orderBy(asc(boardMembers.sortOrder), asc(boardMembers.id)),
  ]);
  const y = year[0];
  if (!y) return null;
  const rows = Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, [] as MemberRow[]])) as BoardYearForm["members"];
  for (const { board_members: m } of members) {
    rows[m.section].push({ position: m.position ?? "", term: m.term ?? "", name: m.name, affiliation: m.affiliation ?? "" });
  }
  return { period: y.period, title: y.title ?? "", sponsoringInstitution: y.sponsoringInstitution ?? "", members: rows };
}


/**
 * Creates a year (`existing` null) or replaces one: the year's row, then all its member rows, in
 * one transaction with the audit entry. A new period that exists already is refused.
 */
export async function saveBoardYear(ctx: Ctx, actorId: number, existing: string | null, year: BoardYearForm) {
  const { db } = ctx;
  const period = existing ?? year.period;
  const found = await db.select({ id: boardYears.id }).from(boardYears).where(eq(boardYears.period, period)).get();
  if (!existing && found) throw conflict(`A board year for ${period} exists already: edit it instead.`);
  if (existing && !found) throw notFound(BOARD_MESSAGES.yearGone);
  const fields = { title: year.title || null, sponsoringInstitution: year.sponsoringInstitution || null, updatedAt: new Date() };
  // The year's id by its period, inside the batch: creating a year and its members is one transaction.
  const yearId = sql`(select id from board_years where period = ${period})`;
  const memberRows = BOARD_SECTION_KEYS.flatMap((section) =>
    year.members[section].map((m, i) => ({
      boardYearId: yearId as unknown as number,
      section,
      position: m.position || null,
      term: m.term || null,
      name: m.name ?? "",
      affiliation: m.affiliation || null,
      sortOrder: i,
    })),
  );
  await db.batch([
    found ? db.update(boardYears).set(fields).where(eq(boardYears.id, found.id)) : db.insert(boardYears).values({ period, ...fields }),
    db.delete(boardMembers).where(eq(boardMembers.boardYearId, yearId as unknown as number)),
    ...(memberRows.length ? [db.insert(boardMembers).values(memberRows)] : []),
    auditEntry({ db }, { actorId, action: existing ? "board_year.update" : "board_year.create", entityType: "board_year", entityId: period, details: { members: memberRows.length } }),
  ]);
  await bumpContentVersion(ctx);
}

/**
 * Saves the year of `year.period`: creates it, or replaces it when it exists (the JSON API saves
 * by period, the console by the address it edits). True when it created the year.
 */
export async function saveBoardYearByPeriod(ctx: Ctx, actorId: number, year: BoardYearForm) {
  const found = await ctx.db.select({ id: boardYears.id }).from(boardYears).where(eq(boardYears.period, year.period)).get();
  await saveBoardYear(ctx, actorId, found ? year.period : null, year);
  return !found;
}

/** Deletes one record of the board pages with its audit entry; a record already gone is a 404. */
async function deleteAudited(ctx: Ctx, statement: Parameters<typeof writeWithAudit>[1], audit: Parameters<typeof writeWithAudit>[2], gone: string) {
  if (!(await writeWithAudit(ctx, statement, audit))) throw notFound(gone);
  await bumpContentVersion(ctx);
}

export async function deleteBoardYear(ctx: Ctx, actorId: number, period: string) {
  const audit = { actorId, action: "board_year.delete", entityType: "board_year", entityId: period };
  await deleteAudited(ctx, ctx.db.delete(boardYears).where(eq(boardYears.period, period)), audit, BOARD_MESSAGES.yearGone);
}

/** Adds a past president at the end of the list. */
export async function addPastPresident(ctx: Ctx, actorId: number, p: { years: string; name: string; note: string }) {
  const { db } = ctx;
  const [added] = await db.batch([
    db
      .insert(pastPresidents)
      .values({ years: p.years, name: p.name, note: p.note || null, sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from past_presidents)` })
      .returning({ id: pastPresidents.id }),
    auditEntry({ db }, { actorId, action: "past_president.create", entityType: "past_president", details: { years: p.years, name: p.name } }),
  ]);
  await bumpContentVersion(ctx);
  return added[0]!.id;
}

export async function deletePastPresident(ctx: Ctx, actorId: number, id: number) {
  const audit = { actorId, action: "past_president.delete", entityType: "past_president", entityId: id };
  await deleteAudited(ctx, ctx.db.delete(pastPresidents).where(eq(pastPresidents.id, id)), audit, BOARD_MESSAGES.presidentGone);
}

export async function getPastPresident(ctx: Ctx, id: number) {
  return ctx.db.select().from(pastPresidents).where(eq(pastPresidents.id, id)).get();
}
