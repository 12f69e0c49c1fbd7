import { z } from "zod";
export const FIRST_BOARD_YEAR = 2003;
const PERIOD = /^(\d{4})-(\d{4})$/;

/** '2026-2027' down to '2003-2004'. */
export function boardPeriods(currentYear: number) {
  const periods: string[] = [];
  for (let y = currentYear; y >= FIRST_BOARD_YEAR; y--) periods.push(`${y}-${y + 1}`);
  return periods;
}

/** A period is two consecutive years, 'YYYY-YYYY'. */
export function isBoardPeriod(value: string) {
  const m = PERIOD.exec(value);
  return !!m && Number(m[2]) === Number(m[1]) + 1;
}

export const BOARD_SECTION_TITLES = {
  directors: "Board of Directors",
  trustees: "Board of Trustees",
  executive: "Executive Committee",
  nominating: "Nominating Committee",
  administration: "Administration",
} as const;

export const displayMemberName = (name: string) => (name.trim().toUpperCase() === "TBA" ? "To Be Announced" : name);

export type MemberColumn = "position" | "name" | "term" | "affiliation";

/** Which columns each section has, in order: the public page and the console's editor use this. */
export const BOARD_SECTION_COLUMNS = {
  directors: ["position", "name", "term", "affiliation"],
  trustees: ["name", "affiliation"],
  executive: ["position", "name", "term", "affiliation"],
  nominating: ["position", "name", "term", "affiliation"],
  administration: ["position", "name", "affiliation"],
} as const satisfies Record<keyof typeof BOARD_SECTION_TITLES, readonly MemberColumn[]>;

export const MEMBER_COLUMN_TITLES: Record<MemberColumn, string> = { position: "Position", name: "Name", term: "Term", affiliation: "Affiliation" };

export type BoardSectionKey = keyof typeof BOARD_SECTION_TITLES;
export const BOARD_SECTION_KEYS = Object.keys(BOARD_SECTION_TITLES) as BoardSectionKey[];
export type MemberRow = Partial<Record<MemberColumn, string>>;
export type BoardYearForm = {
  period: string;
  title: string;
  sponsoringInstitution: string;
  members: Record<BoardSectionKey, MemberRow[]>;
};

/**
 * The year editor's form, posted as `directors[0][name]` and so on: rows in order, each cut to
 * the columns its section has. With `keepEmpty`, rows with nothing typed stay (while editing);
 * without, they are dropped (when saving).
 */
export function parseBoardYearForm(form: FormData, keepEmpty: boolean): BoardYearForm {
  const text = (name: string, max: number) => String(form.get(name) ?? "").trim().slice(0, max);
  const members = {} as BoardYearForm["members"];
  for (const section of BOARD_SECTION_KEYS) {
    const rows = new Map<number, MemberRow>();
    for (const [key, value] of form.entries()) {
      const m = new RegExp(`^${section}\\[(\\d{1,3})\\]\\[(position|name|term|affiliation)\\]$`).exec(key);
      if (!m || typeof value !== "string") continue;
      const column = m[2] as MemberColumn;
      if (!(BOARD_SECTION_COLUMNS[section] as readonly string[]).includes(column)) continue;
      const row = rows.get(Number(m[1])) ?? {};
      row[column] = value.trim().slice(0, 300);
      rows.set(Number(m[1]), row);
    }
    members[section] = [...rows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, row]) => row)
      .filter((row) => keepEmpty || Object.values(row).some(Boolean))
      .slice(0, 100);
  }
  return { period: text("period", 9), title: text("title", 100), sponsoringInstitution: text("sponsoringInstitution", 300), members };
}

/** What is wrong with a board year before it is saved, by field; empty when nothing is. */
export function checkBoardYear(year: BoardYearForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!year.period) errors.period = "Period is required";
  else if (!isBoardPeriod(year.period)) errors.period = "Use two consecutive years, as in 2024-2025.";
  for (const section of BOARD_SECTION_KEYS) {
    year.members[section].forEach((row, i) => {
      if (!row.name) errors[`${section}[${i}][name]`] = "Name is required for each row (write TBA if not yet known).";
    });
  }
  return errors;
}

/** The Past Presidents list's Add form (decision 028). */
export const pastPresidentSchema = z.object({
  intent: z.literal("add-president"),
  years: z.string().trim().min(1, "Enter the years.").max(40, "At most 40 characters."),
  name: z.string().trim().min(1, "Enter the name.").max(200, "At most 200 characters."),
  note: z.string().trim().max(300, "At most 300 characters.").default(""),
});
