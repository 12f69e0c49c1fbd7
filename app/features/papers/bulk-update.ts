/** What the bulk update's dialog and its server share: the statuses a file may set, and the answers' shapes. */
import type { PaperStatus } from "~/db/enums";

export const BULK_STATUSES = ["under_review", "accepted", "rejected", "incomplete"] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
export const isBulkStatus = (value: string): value is BulkStatus => (BULK_STATUSES as readonly string[]).includes(value);
/** A status outside the ones a file (or the API's status call) may set (spec section 5). */
export const invalidStatus = (value: string) => `Invalid status: ${value}. Valid options: ${BULK_STATUSES.join(", ")}`;

export type PlannedRow = {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  paperId: string;
  status: string;
  outcome: "change" | "unchanged" | "skipped" | "failed";
  reason?: string;
  from?: PaperStatus;
  title?: string;
};

export type BulkPlan = { id: string; fileName: string; rows: PlannedRow[]; counts: Record<PlannedRow["outcome"], number> };

export type BulkResults = {
  successful: Array<{ paperId: number; title: string; status: string }>;
  failed: Array<{ paperId: string; reason: string }>;
  skipped: number;
  total: number;
};
