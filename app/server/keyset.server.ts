/**
 * Keyset paging for every console list (decision 028): `?after=` / `?before=` name the row a
 * page starts after or ends before, as `<sort key>.<id>`, so a page reads its own rows and never
 * the ones it skips; `?start=` is only the number shown ("Showing 26–50"). Newest first: the sort
 * column descending, then the id.
 */
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";

export type Cursor<K> = { key: K; id: number };
export type Page<K> = { after: Cursor<K> | null; before: Cursor<K> | null; start: number };
/** Where a page starts: the first page, after a cursor, or before one. */
export type Seek = "first" | "after" | "before";
export const seekOf = ({ after, before }: Pick<Page<unknown>, "after" | "before">): Seek => (after ? "after" : before ? "before" : "first");

export function defineKeyset<K extends string | number, Row>(spec: {
  /** The column the list is sorted by (newest first) and the id that breaks ties. */
  sort: AnyColumn;
  id: AnyColumn;
  /** The sort key's text in a cursor, anchored: anything else is no cursor. */
  pattern: RegExp;
  /** The sort key from its text, as the column compares it. */
  decode: (text: string) => K;
  /** A row's sort key as its cursor text. */
  encode: (row: Row) => string;
  /** The largest `start` a page may claim. */
  maxStart?: number;
}) {
  const cursorPattern = new RegExp(`^(${spec.pattern.source})\\.(\\d{1,12})$`);
  const read = (value: string | null): Cursor<K> | null => {
    const m = cursorPattern.exec(value ?? "");
    return m ? { key: spec.decode(m[1]!), id: Number(m[m.length - 1]) } : null;
  };
  const cursorOf = (row: Row & { id: number }) => `${spec.encode(row)}.${row.id}`;
  const compare = (seek: Seek, key: unknown, id: unknown) =>
    seek === "after" ? sql`(${spec.sort}, ${spec.id}) < (${key}, ${id})` : seek === "before" ? sql`(${spec.sort}, ${spec.id}) > (${key}, ${id})` : undefined;

  return {
    cursorOf,
    /** The page asked for by the address; a cursor that does not parse is the first page. */
    parse(url: URL): Page<K> {
      const after = read(url.searchParams.get("after"));
      const before = after ? null : read(url.searchParams.get("before"));
      const start = after || before ? Math.max(1, Math.min(spec.maxStart ?? 10_000_000, Number.parseInt(url.searchParams.get("start") ?? "1", 10) || 1)) : 1;
      return { after, before, start };
    },
    /** The condition that starts the page at its cursor (undefined on the first page). */
    where(page: Page<K>): SQL | undefined {
      const cursor = page.after ?? page.before;
      return compare(seekOf(page), cursor?.key, cursor?.id);
    },
    /** The same condition for a prepared query of one shape: the cursor's values are the placeholders `key` and `id`. */
    preparedWhere(seek: Seek): SQL | undefined {
      return compare(seek, sql.placeholder("key"), sql.placeholder("id"));
    },
    /** Newest first, or oldest first when reading backwards from `before` (then `slice` turns it round). */
    orderBy(page: Page<K> | Seek): SQL[] {
      return (typeof page === "string" ? page : seekOf(page)) === "before" ? [asc(spec.sort), asc(spec.id)] : [desc(spec.sort), desc(spec.id)];
    },
    /**
     * A page from the rows read with `limit(size + 1)`: the one extra row tells whether another
     * page follows; the cursors of the pages before and after, or null where there is none.
     */
    slice<T extends Row & { id: number }>(found: T[], page: Page<K>, size: number) {
      const more = found.length > size;
      const rows = found.slice(0, size);
      if (page.before) rows.reverse();
      const hasNext = page.before ? true : more;
      const hasPrevious = page.before ? more : Boolean(page.after);
      return {
        rows,
        previous: hasPrevious && rows[0] ? cursorOf(rows[0]) : null,
        next: hasNext && rows.length ? cursorOf(rows[rows.length - 1]!) : null,
      };
    },
  };
}
