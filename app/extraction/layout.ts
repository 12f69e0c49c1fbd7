/**
 * What a printed line is, by its layout: a raised marker at its start, a section's heading, the
 * leading of the running text around it; where a value was read (its source). The field readers
 * (title.ts, authors.ts, abstract.ts and the rest) share these.
 */
import type { Field, Line, Source } from "./model";
import { HEADING, SYMBOL } from "./patterns";

/** Whether a line's first printed text is raised (a marker set as a superscript). */
export function startsRaised(l: Line) {
  return Boolean(l.spans.find((s) => s.text.trim())?.sup);
}

export function startsWithMarker(l: Line) {
  return startsRaised(l) || SYMBOL.test(l.text[0] ?? "");
}

/** The usual distance between lines of running text near `from` (double spacing doubles it). */
export function lineSpacing(lines: Line[], from: number) {
  const gaps: number[] = [];
  for (let i = Math.max(1, from - 12); i < Math.min(lines.length, from + 18); i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (a.page === b.page && Math.abs(a.size - b.size) < 0.5 && b.y > a.y && b.y - a.y < a.size * 4) gaps.push(b.y - a.y);
  }
  gaps.sort((p, q) => p - q);
  return gaps[Math.floor(gaps.length / 2)] ?? 14;
}

/** A first section's heading: never a raised number's line ("³² Data Science Initiative, Harvard…"). */
export function isHeading(l: Line) {
  return HEADING.test(l.text) && !startsRaised(l);
}

/** Where on the page a value was read: the line's page and position. */
export const sourceOf = (line: Line | undefined): Source | null => (line ? { page: line.page, x: Math.round(line.x), y: Math.round(line.y) } : null);
/** A field's value with its confidence and the line it was read from. */
export const field = <T>(value: T, confidence: number, line?: Line): Field<T> => ({ value, confidence, source: sourceOf(line) });
