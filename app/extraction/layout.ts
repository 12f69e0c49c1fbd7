/**
 * What a printed line is, by its layout: a raised marker at its start, a section's heading, the
 * leading of the running text around it; where a value was read (its source). The field readers
 * (title.ts, authors.ts, abstract.ts and the rest) share these.
 */
import type { Field, Line, Source } from "./model";
import { HEADING, SYMBOL } from "./patterns";

/** The middle of a line across the page: where lines set centred on one axis agree. */
export const middleOf = (l: Pick<Line, "x" | "width">) => l.x + l.width / 2;

/** Whether a line's first printed text is raised (a marker set as a superscript). */
export function startsRaised(l: Line) {
  return Boolean(l.spans.find((s) => s.text.trim())?.sup);
}

export function startsWithMarker(l: Line) {
  return startsRaised(l) || SYMBOL.test(l.text[0] ?? "");
}

/**
 * The usual distance between lines of running text near `from` (double spacing doubles it); with `size`, between lines
 * in that size from `from` on only (a double-spaced abstract's, not the single-spaced notes under it nor the author
 * block's leading above it).
 */
export function lineSpacing(lines: Line[], from: number, size?: number) {
  const gaps: number[] = [];
  for (let i = Math.max(1, size === undefined ? from - 12 : from + 1); i < Math.min(lines.length, from + 18); i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (size !== undefined && Math.abs(a.size - size) >= 0.5) continue;
    if (a.page === b.page && Math.abs(a.size - b.size) < 0.5 && b.y > a.y && b.y - a.y < a.size * 4) gaps.push(b.y - a.y);
  }
  gaps.sort((p, q) => p - q);
  return gaps[Math.floor(gaps.length / 2)] ?? 14;
}

/**
 * The value of a label set alone in a form's left column, printed in the column right of it as a series' title page
 * sets its codes, keywords and addresses ("Keywords:" at the height of the middle row of "monetary policy; …" /
 * "central banks; …" / "spillovers"): the run of rows there that holds the label's row, up to a row another label
 * of the form stands beside. None where the label heads a list under it in its own column.
 */
export function besideLabel(lines: Line[], index: number): Line[] {
  const label = lines[index]!;
  // (A form's label ends with its colon: a heading alone, "Keywords", heads its list under it.)
  if (!/:\s*$/.test(label.text)) return [];
  const end = label.x + label.width;
  const onPage = lines.filter((l) => l.page === label.page && l !== label);
  const below = (a: Line, b: Line) => b.y > a.y && b.y - a.y <= a.size * 1.6;
  // (A list under the label, as far down as a heading's space before its list: that list is its value.)
  if (onPage.some((l) => l.y > label.y && l.y - label.y <= label.size * 2.5 && l.x < end && l.x + l.width > label.x)) return [];
  const right = onPage.filter((l) => l.x > end + 10);
  const seed = right.filter((l) => Math.abs(l.y - label.y) <= label.size * 0.8).sort((a, b) => Math.abs(a.y - label.y) - Math.abs(b.y - label.y))[0];
  if (!seed) return [];
  const column = right.filter((l) => Math.abs(l.x - seed.x) < 3).sort((a, b) => a.y - b.y);
  const besideAnother = (row: Line) => onPage.some((l) => l.x + l.width < seed.x - 10 && Math.abs(l.y - row.y) <= row.size * 0.5);
  let [from, to] = [column.indexOf(seed), column.indexOf(seed)];
  while (from > 0 && below(column[from - 1]!, column[from]!) && !besideAnother(column[from - 1]!)) from--;
  while (to < column.length - 1 && below(column[to]!, column[to + 1]!) && !besideAnother(column[to + 1]!)) to++;
  return to - from < 5 ? column.slice(from, to + 1) : [];
}

/** A first section's heading: never a raised number's line ("³² Data Science Initiative, Harvard…"). */
export function isHeading(l: Line) {
  return HEADING.test(l.text) && !startsRaised(l);
}

/** Where on the page a value was read: the line's page and position. */
export const sourceOf = (line: Line | undefined): Source | null => (line ? { page: line.page, x: Math.round(line.x), y: Math.round(line.y) } : null);
/** A field's value with its confidence and the line it was read from. */
export const field = <T>(value: T, confidence: number, line?: Line): Field<T> => ({ value, confidence, source: sourceOf(line) });
