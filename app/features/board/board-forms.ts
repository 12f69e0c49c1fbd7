/**
 * The console's board forms: the year editor's schema and its rows as posted, and Past
 * Presidents' Add. Apart from the board's constants (board.ts), which the public board page and
 * the site header load, so those pages do not carry zod.
 */
import { z } from "zod";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_KEYS, type BoardSectionKey, type BoardYearForm, isBoardPeriod, type MemberRow } from "./board";

/** A posted row as its section keeps it: the section's columns, trimmed and cut to 300 characters. */
function rowOf(section: BoardSectionKey, posted: unknown): MemberRow {
  const row: MemberRow = {};
  if (!posted || typeof posted !== "object") return row;
  for (const c of BOARD_SECTION_COLUMNS[section]) {
    const v = (posted as Record<string, unknown>)[c];
    if (typeof v === "string") row[c] = v.trim().slice(0, 300);
  }
  return row;
}

const hasText = (row: MemberRow) => Object.values(row).some(Boolean);
const postedRows = (section: BoardSectionKey, posted: unknown) => (Array.isArray(posted) ? Array.from(posted, (r) => rowOf(section, r)) : []).slice(0, 100);

/**
 * The year editor's form as posted (`directors[0].name` and so on, read by the form library into
 * lists of rows), taken as it is: every row in order, blank ones too, each cut to its section's
 * columns. What the form shows again after Add or Remove without JavaScript, or a refused save.
 */
export function boardYearDraft(posted: Record<string, unknown>): BoardYearForm {
  const text = (name: string, max: number) => (typeof posted[name] === "string" ? (posted[name] as string).trim().slice(0, max) : "");
  const members = Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, postedRows(s, posted[s])])) as BoardYearForm["members"];
  return { period: text("period", 9), title: text("title", 100), sponsoringInstitution: text("sponsoringInstitution", 300), members };
}

const NAME_REQUIRED = "Name is required for each row (write TBA if not yet known).";

/** A section's rows when saving: a row with anything typed needs a name; blank rows are dropped. */
const sectionRows = (section: BoardSectionKey) =>
  z
    .unknown()
    .transform((v) => postedRows(section, v))
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        if (hasText(row) && !row.name) ctx.addIssue({ code: "custom", path: [i, "name"], message: NAME_REQUIRED });
      });
    })
    .transform((rows) => rows.filter(hasText));

/** The board year editor's Save (decision 028); rows are posted as `directors[0].name`. */
export const boardYearSchema = z
  .object({
    period: z
      .string({ required_error: "Period is required" })
      .trim()
      .min(1, "Period is required")
      .refine((v) => v === "" || isBoardPeriod(v), "Use two consecutive years, as in 2024-2025."),
    title: z.string().trim().max(100, "At most 100 characters.").default(""),
    sponsoringInstitution: z.string().trim().max(300, "At most 300 characters.").default(""),
    ...(Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, sectionRows(s)])) as Record<BoardSectionKey, ReturnType<typeof sectionRows>>),
  })
  .transform(
    (v): BoardYearForm => ({
      period: v.period,
      title: v.title,
      sponsoringInstitution: v.sponsoringInstitution,
      members: Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, v[s]])) as BoardYearForm["members"],
    }),
  );

/** What the console says after a change of the board (and the JSON API with it); the failures are the spec's. */
export const BOARD_MESSAGES = {
  saved: "Board year saved.",
  deleted: "Board year deleted.",
  added: "Past president added.",
  removed: "Past president deleted.",
  saveFailed: "Failed to save year",
  deleteFailed: "Failed to delete",
  addFailed: "Failed to add",
  removeFailed: "Failed to delete past president",
  presidentInvalid: "Years and Name required",
  yearGone: "That board year no longer exists.",
  presidentGone: "That entry no longer exists.",
} as const;

/** The Past Presidents list's Add form (decision 028). */
export const pastPresidentSchema = z.object({
  intent: z.literal("add-president"),
  years: z.string().trim().min(1, "Enter the years.").max(40, "At most 40 characters."),
  name: z.string().trim().min(1, "Enter the name.").max(200, "At most 200 characters."),
  note: z.string().trim().max(300, "At most 300 characters.").default(""),
});
