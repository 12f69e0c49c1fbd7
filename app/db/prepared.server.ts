import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import type { Database } from "./client.server";

/**
 * Queries whose SQL drizzle builds once per isolate, not on every request (decision 024).
 *
 * Building a query (walking its columns and conditions, quoting names, numbering parameters) was
 * 8–11% of the CPU of a public page: the board's four queries and the conference page's two cost
 * more to build than React spent on some sections. The pages' queries never change shape, only
 * their values, so each is written once with `sql.placeholder(...)` for the values, built by
 * drizzle the first time it is used, and kept: its SQL, its parameter list and drizzle's own row
 * mapping. Each request then only fills the placeholders, prepares the statement on its own D1
 * binding (so the round-trip counter and the request's context see it as before) and lets drizzle
 * map the rows, so results are exactly what the query builder would have returned.
 */

type AnyPrepared = SQLitePreparedQuery<{ type: "async"; run: unknown; all: unknown; get: unknown; values: unknown; execute: unknown }>;
type Preparable = { prepare(): { execute(placeholders?: Record<string, unknown>): Promise<unknown> } };

/** Builds the SQL without ever running it: the statement is made again on each request's binding. */
const builder = drizzle({ prepare: () => null } as unknown as D1Database);

export type PreparedQuery<Row, Values extends Record<string, unknown>> = {
  (values: Values): PreparedCall<Row>;
};
export type PreparedCall<Row> = { query: AnyPrepared; values: Record<string, unknown>; row?: Row };

/** Names the values a query's placeholders take: `preparedQuery(build, placeholders<{ id: number }>())`. */
export const placeholders = <Values extends Record<string, unknown>>() => undefined as unknown as Values;

/** Declares a query; `build` runs once, on first use. */
export function preparedQuery<T extends Preparable, Values extends Record<string, unknown> = Record<string, never>>(
  build: (db: Database) => T,
  _placeholders?: Values,
): PreparedQuery<Awaited<ReturnType<ReturnType<T["prepare"]>["execute"]>>, Values> {
  let query: AnyPrepared | null = null;
  return (values) => {
    query ??= build(builder).prepare() as unknown as AnyPrepared;
    return { query, values };
  };
}

/** What `batchPrepared` answers for `Calls`: each call's rows. */
export type PreparedResults<Calls extends readonly PreparedCall<unknown>[]> = { [K in keyof Calls]: Calls[K] extends PreparedCall<infer Row> ? Row : never };

/** Runs prepared queries in one D1 round trip, in order; each result as drizzle would map it. */
export async function batchPrepared<const Calls extends readonly PreparedCall<unknown>[]>(db: Database, calls: Calls): Promise<PreparedResults<Calls>> {
  const d1 = db.$client;
  const statements = calls.map(({ query, values }) => {
    const { sql, params } = query.getQuery();
    return d1.prepare(sql).bind(...fillPlaceholders(params, values));
  });
  const results = await d1.batch(statements);
  return results.map((result, i) => calls[i]!.query.mapResult(result, true)) as PreparedResults<Calls>;
}
