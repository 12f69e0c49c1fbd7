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
