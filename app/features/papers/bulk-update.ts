/** What the bulk update's dialog and its server share: the statuses a file may set, and the answers' shapes. */
import type { PaperStatus } from "~/db/enums";

export const BULK_STATUSES = ["under_review", "accepted", "rejected", "incomplete"] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

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
