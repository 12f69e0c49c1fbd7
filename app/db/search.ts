import { or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A console search: any of the columns contains the text, case aside, with the user's `%`, `_`
 * and `\` taken literally. (SQLite's LIKE ignores ASCII case already; `lower()` keeps it so for
 * the rest, where the column holds mixed case.)
 */
export function anyContains(text: string, columns: SQLWrapper[]): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`))!;
}
