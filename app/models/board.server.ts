import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type BoardSection, boardMembers, boardYears, pastPresidents } from "~/db/schema";

/**
 * The board page in one D1 round trip: which periods have data, the selected period (the one
 * asked for, else the latest with data) with its members, and the past presidents.
 */
export async function getBoardPage(db: Database, requestedPeriod: string | null) {
  const selected = requestedPeriod
    ? sql`${requestedPeriod}`
    : sql`(select max(${boardYears.period}) from ${boardYears})`;
  const [years, selectedYear, members, presidents] = await db.batch([
    db.select({ period: boardYears.period, title: boardYears.title }).from(boardYears).orderBy(asc(boardYears.period)),
    db
      .select({ id: boardYears.id, period: boardYears.period, title: boardYears.title, sponsoringInstitution: boardYears.sponsoringInstitution })
      .from(boardYears)
      .where(sql`${boardYears.period} = ${selected}`)
      .limit(1),
    db
      .select({
        section: boardMembers.section,
        position: boardMembers.position,
        term: boardMembers.term,
        name: boardMembers.name,
        affiliation: boardMembers.affiliation,
      })
      .from(boardMembers)
      .innerJoin(boardYears, eq(boardMembers.boardYearId, boardYears.id))
      .where(sql`${boardYears.period} = ${selected}`)
      .orderBy(asc(boardMembers.section), asc(boardMembers.sortOrder), asc(boardMembers.id)),
    db.select().from(pastPresidents).orderBy(asc(pastPresidents.sortOrder), asc(pastPresidents.id)),
  ]);
  const bySection = (section: BoardSection) => members.filter((m) => m.section === section);
  return {
    periodsWithData: Object.fromEntries(years.map((y) => [y.period, y.title])) as Record<string, string | null>,
    year: selectedYear[0]
      ? {
          ...selectedYear[0],
          directors: bySection("directors"),
          trustees: bySection("trustees"),
          executive: bySection("executive"),
          nominating: bySection("nominating"),
          administration: bySection("administration"),
        }
      : null,
    pastPresidents: presidents.map((p) => ({ id: p.id, years: p.years, name: p.name, note: p.note })),
  };
}

export type BoardPage = Awaited<ReturnType<typeof getBoardPage>>;
