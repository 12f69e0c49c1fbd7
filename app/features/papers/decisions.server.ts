/**
 * Decisions on papers: a status change the office makes, written with the letters it sends to
 * every author of the paper, in one D1 batch. Every way the office changes a status (Save
 * Changes on the Papers tab, the bulk update, the paper editor) goes through here, so a letter
 * is written exactly when, and only when, the paper took its new status in that batch.
 */
import type { Database } from "~/db/client.server";
import { runBatches } from "~/db/batch.server";
import { forbidden } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { statusChangeStatements, type PaperAsker, type StatusChange } from "./papers.server";

/** The statements of a set of decisions (status, audit entry, letters), to run in one batch with others. */
export function decisionStatements(db: Database, actorId: number, changes: readonly StatusChange[], now = Date.now()) {
  return statusChangeStatements(db, actorId, changes, now);
}

/** Applies decisions as the office: the papers that took their new status (and were mailed) and those that did not. */
export async function decidePapers(ctx: Pick<Services, "db" | "queues" | "waitUntil">, asker: PaperAsker, changes: readonly StatusChange[], now = Date.now()) {
  if (asker.as !== "admin") throw forbidden("Only administrators may change a paper's status.");
  const results = (await runBatches(ctx.db, decisionStatements(ctx.db, asker.userId, changes, now))) as unknown[];
  const changed = new Set(results.flatMap((r) => (Array.isArray(r) ? (r as Array<{ id?: number }>).flatMap((x) => (typeof x.id === "number" ? [x.id] : [])) : [])));
  const asked = changes.filter((c) => c.from !== c.to).map((c) => c.paperId);
  return { changed: asked.filter((id) => changed.has(id)), failed: asked.filter((id) => !changed.has(id)) };
}
