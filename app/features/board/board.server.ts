import { asc, eq, sql } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { type BoardSection, boardMembers, boardYears, pastPresidents } from "~/db/schema";
import type { Services } from "~/server/services.server";

const boardPeriods = preparedQuery((db) => db.select({ period: boardYears.period, title: boardYears.title }).from(boardYears).orderBy(asc(boardYears.period)));

/** The period asked for, else the latest. */
const selectedPeriod = sql`coalesce(${sql.placeholder("period")}, (select max(${boardYears.period}) from ${boardYears}))`;

const boardYear = preparedQuery(
  (db) =>
    db
      .select({ id: boardYears.id, period: boardYears.period, title: boardYears.title, sponsoringInstitution: boardYears.sponsoringInstitution })
      .from(boardYears)
      .where(sql`${boardYears.period} = ${selectedPeriod}`)
      .limit(1),
  placeholders<{ period: string | null }>(),
);

const boardYearMembers = preparedQuery(
  (db) =>
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
      .where(sql`${boardYears.period} = ${selectedPeriod}`)
      .orderBy(asc(boardMembers.section), asc(boardMembers.sortOrder), asc(boardMembers.id)),
  placeholders<{ period: string | null }>(),
);

const allPastPresidents = preparedQuery((db) =>
  db
    .select({ id: pastPresidents.id, years: pastPresidents.years, name: pastPresidents.name, note: pastPresidents.note })
    .from(pastPresidents)
    .orderBy(asc(pastPresidents.sortOrder), asc(pastPresidents.id)),
);

/**
 * The board page in one D1 round trip: which periods have data, the selected period (the one
 * asked for, else the latest with data) with its members, and the past presidents.
 */
export async function getBoardPage({ db }: Pick<Services, "db">, requestedPeriod: string | null) {
  const period = { period: requestedPeriod };
  const [years, selectedYear, members, presidents] = await batchPrepared(db, [boardPeriods({}), boardYear(period), boardYearMembers(period), allPastPresidents({})]);
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
    pastPresidents: presidents,
  };
}

export type BoardPage = Awaited<ReturnType<typeof getBoardPage>>;
