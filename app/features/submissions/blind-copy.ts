/**
 * The blind copy as the browser and the server both name it: its form field and what the wizard
 * shows of it (blind-copy.server.ts keeps and checks it). Safe for the browser.
 */

/** The form field the blind copy is posted under; its refusals are that field's errors. */
export const BLIND_COPY_FIELD = "blindCopy";

/** What the wizard shows of the blind copy: none, being read, not readable, or whose names its text carries. */
export type BlindCopyView =
  | { status: "none" }
  | { status: "reading" | "unread"; name: string; size: number }
  | { status: "checked"; name: string; size: number; found: string[] };
