/**
 * The last look before Submit as the browser and the server both name it: its address, the
 * field its Submit posts, and what it shows. Safe for the browser.
 */
import type { BlindCopyView } from "./blind-copy";

/** The summary's address: step 5, at its end. */
export const SUMMARY_PATH = "/dashboard?tab=submit&step=5&review=1";
/** The field the summary's Submit posts, so the action submits the kept authors. */
export const FROM_SUMMARY_FIELD = "fromSummary";

export type SubmissionSummary = {
  conference: string;
  manuscriptType: string;
  file: { name: string; size: number } | null;
  blindCopy: BlindCopyView;
  title: string;
  abstract: string;
  keywords: string[];
  jelCodes: string[];
  researchAreas: string[];
  authors: Array<{ name: string; email: string; affiliation: string; rank: string; country: string; corresponding: boolean }>;
};
