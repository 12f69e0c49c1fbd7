import { drizzle } from "drizzle-orm/d1";

/**
 * Made per request from the binding. Without `schema`: the relational query API is not used,
 * and building its config from the schema cost about 1% of a page's CPU on every request.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
export type Database = ReturnType<typeof createDb>;
