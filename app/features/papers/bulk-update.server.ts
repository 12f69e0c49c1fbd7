/**
 * The bulk status update (spec sections 4 and 5, decision 049): a spreadsheet of paper ids and
 * statuses, first checked (a dry run that says what each row would do), then applied through
 * `decidePapers`, which writes each letter with its decision.
 *
 * The checked plan is kept in R2 for 30 minutes under a random key, bound to the administrator
 * and the conference, so the page without JavaScript applies it without the file being sent
 * again, and what is applied is exactly what was shown. It is used once: applying deletes it.
 */
import { eq, sql } from "drizzle-orm";
import { papers, type PaperStatus } from "~/db/schema";
import { conflict, invalid } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { editableConference } from "./staging.server";
import { decidePapers } from "./decisions.server";
import { invalidStatus, isBulkStatus, type BulkPlan, type BulkResults, type PlannedRow } from "./bulk-update";
import type { PaperAsker } from "./papers.server";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";

export const NO_FILE = "Please select an Excel file first";
export const MISSING = "Missing paper ID or status";
export const PLAN_GONE = "This check has expired or was already applied. Please choose the file again.";

const ID_HEADERS = new Set(["id", "ID", "Id", "Paper ID"]);
const STATUS_HEADERS = new Set(["Status", "status"]);
const PLAN_LIFETIME_MS = 30 * 60 * 1000;
const PLAN_PREFIX = "bulk-updates/";

/** Counts of each outcome, for the dry run's summary. */
function countOutcomes(rows: readonly PlannedRow[]) {
  const counts = { change: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const r of rows) counts[r.outcome]++;
  return counts;
}

/**
 * What each data row would do to the conference's papers. Two queries whatever the number of
 * rows: the conference's papers, and which of the other ids exist at all (one JSON parameter).
 */
export async function planBulkUpdate({ db }: Pick<Services, "db">, conferenceId: number, sheet: string[][], fileName: string): Promise<Omit<BulkPlan, "id">> {
  await editableConference({ db }, conferenceId);
  const [header = [], ...data] = sheet;
  const idColumn = header.findIndex((h) => ID_HEADERS.has(h.trim()));
  const statusColumn = header.findIndex((h) => STATUS_HEADERS.has(h.trim()));
  const cell = (row: string[], column: number) => (column >= 0 ? (row[column] ?? "").trim() : "");

  const ours = new Map<number, { status: PaperStatus; title: string }>();
  for (const p of await db.select({ id: papers.id, status: papers.status, title: papers.title }).from(papers).where(eq(papers.conferenceId, conferenceId)).all()) {
    ours.set(p.id, { status: p.status, title: p.title });
  }
  const asked = [...new Set(data.map((r) => Number(cell(r, idColumn))).filter((n) => Number.isSafeInteger(n) && n > 0 && !ours.has(n)))];
  const elsewhere = new Set(
    asked.length === 0
      ? []
      : (await db.select({ id: papers.id }).from(papers).where(sql`${papers.id} in (select value from json_each(${JSON.stringify(asked)}))`).all()).map((p) => p.id),
  );

  const firstRow = new Map<number, number>();
  const rows = data.map((raw, i): PlannedRow => {
    const row = i + 2;
    const paperId = cell(raw, idColumn);
    const status = cell(raw, statusColumn).toLowerCase();
    if (!paperId || !status) return { row, paperId, status, outcome: "skipped", reason: MISSING };
    if (!isBulkStatus(status)) return { row, paperId, status, outcome: "failed", reason: invalidStatus(status) };
    const id = /^\d{1,10}$/.test(paperId) ? Number(paperId) : NaN;
    const paper = ours.get(id);
    if (!paper) {
      const reason = elsewhere.has(id) ? `Paper ${paperId} belongs to another conference` : `Paper ${paperId} not found`;
      return { row, paperId, status, outcome: "failed", reason };
    }
    const earlier = firstRow.get(id);
    if (earlier !== undefined) return { row, paperId, status, outcome: "failed", reason: `Paper ${paperId} is already in row ${earlier}` };
    firstRow.set(id, row);
    const outcome = paper.status === status ? "unchanged" : "change";
    return { row, paperId, status, outcome, from: paper.status, title: paper.title };
  });
  return { fileName, rows, counts: countOutcomes(rows) };
}

/** Keeps a checked plan for its administrator and conference, for `PLAN_LIFETIME_MS`. */
export async function keepPlan({ files }: Pick<Services, "files">, adminId: number, conferenceId: number, plan: Omit<BulkPlan, "id">, now = Date.now()): Promise<BulkPlan> {
  const id = crypto.randomUUID();
  await files.put(`${PLAN_PREFIX}${id}`, JSON.stringify(plan), {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { adminId: String(adminId), conferenceId: String(conferenceId), expiresAt: String(now + PLAN_LIFETIME_MS) },
  });
  return { id, ...plan };
}

/**
 * Applies a kept plan once: its changes go through `decidePapers` (a paper changed meanwhile by
 * someone else keeps its status and is reported as failed). A plan of another administrator, of
 * another conference, expired or already applied is refused without writing anything.
 */
export async function applyPlan(ctx: Pick<Services, "db" | "env" | "files" | "queues" | "waitUntil">, asker: PaperAsker, conferenceId: number, planId: string, now = Date.now()): Promise<BulkResults> {
  if (!/^[0-9a-f-]{36}$/.test(planId)) throw invalid(PLAN_GONE);
  await editableConference(ctx, conferenceId);
  const key = `${PLAN_PREFIX}${planId}`;
  const stored = await ctx.files.get(key);
  const meta = stored?.customMetadata ?? {};
  if (!stored || meta.adminId !== String(asker.userId) || meta.conferenceId !== String(conferenceId) || Number(meta.expiresAt) <= now) throw conflict(PLAN_GONE);
  const plan = (await stored.json()) as Omit<BulkPlan, "id">;
  await ctx.files.delete(key);

  const changes = plan.rows.filter((r) => r.outcome === "change").map((r) => ({ paperId: Number(r.paperId), from: r.from!, to: r.status as PaperStatus }));
  const { changed } = changes.length ? await decidePapers(ctx, asker, changes, { now }) : { changed: [] as number[] };
  const took = new Set(changed);
  const successful: BulkResults["successful"] = [];
  const failed: BulkResults["failed"] = [];
  for (const r of plan.rows) {
    if (r.outcome === "failed") failed.push({ paperId: r.paperId, reason: r.reason ?? "" });
    if (r.outcome !== "change") continue;
    if (took.has(Number(r.paperId))) successful.push({ paperId: Number(r.paperId), title: (r.title ?? "").slice(0, 50), status: r.status });
    else failed.push({ paperId: r.paperId, reason: "The paper was changed meanwhile by someone else; its status was kept." });
  }
  const skipped = plan.rows.filter((r) => r.outcome === "skipped" || r.outcome === "unchanged").length;
  return { successful, failed, skipped, total: plan.rows.length };
}

/**
 * Deletes the kept plans whose 30 minutes are over (an administrator who checked a file and never
 * applied it): a page of the prefix at a time, by the upload time, since a plan's own expiry is
 * the upload time plus the same lifetime.
 */
export const bulkPlanHousekeeping: HousekeepingTask = {
  name: "bulk updates: drop expired plans",
  async run({ files }, now) {
    const expired: string[] = [];
    for (let cursor: string | undefined, page = 0; page < 20; page++) {
      const listed = await files.list({ prefix: PLAN_PREFIX, limit: 500, cursor });
      expired.push(...listed.objects.filter((o) => o.uploaded.getTime() + PLAN_LIFETIME_MS <= now).map((o) => o.key));
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
    for (let at = 0; at < expired.length; at += 1000) await files.delete(expired.slice(at, at + 1000));
    return { deleted: expired.length };
  },
};
