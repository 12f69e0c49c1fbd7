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
