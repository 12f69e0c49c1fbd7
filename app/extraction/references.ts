/**
 * The reference list: found by its heading ("References", "Bibliography", …) reading pages from
 * the end, then cut into entries by numbering ([1], 1.), by hanging indent, or by the gaps
 * between entries; each entry one string, with its DOI and year when printed.
 */
import type { Line, Reference } from "./model";
import { joinLines, vocabularyOf } from "./text";

export const REFERENCES_HEADING = /^(?:(?:\d{1,2}|[IVX]{1,4})\.?\s+)?(?:references|bibliography|literature cited|works cited|reference list|literature)\s*$/i;
const END_HEADING = /^(?:(?:[A-Z]|\d{1,2})\.?\s+)?(?:appendix|appendices|tables?|figures?|online appendix|supplementary material)\b/i;
const NUMBERED = /^(?:\[\d{1,3}\]|\d{1,3}\.)\s+/;
const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const YEAR = /\((\d{4})[a-z]?\)|\b((?:19|20)\d{2})[a-z]?\b/;

/** Reading order of a page's lines: a second column (lines starting right of the middle) after the first. */
export function readingOrder(lines: Line[], pageWidth: number) {
  const mid = pageWidth / 2;
  const right = lines.filter((l) => l.x > mid - 10 && l.x + l.width <= pageWidth);
  const twoColumns = right.length >= 5 && lines.filter((l) => l.x < mid && l.x + l.width > mid + 20).length < lines.length * 0.2;
  if (!twoColumns) return lines;
  const left = lines.filter((l) => !(l.x > mid - 10));
  return [...left.sort((a, b) => a.y - b.y), ...right.sort((a, b) => a.y - b.y)];
}

/** The entries under the heading at `start` (an index into `lines`, in reading order). */
export function referencesFrom(lines: Line[], start: number, kind: "pdf" | "docx"): Reference[] {
  const heading = lines[start]!;
  const body: Line[] = [];
  for (const l of lines.slice(start + 1)) {
    if (END_HEADING.test(l.text) && (kind === "docx" || l.size > heading.size - 3)) break;
    if (/^\d{1,4}$/.test(l.text.trim())) continue;
    body.push(l);
  }
  if (!body.length) return [];
  const entries: Line[][] = [];
  if (kind === "docx") {
    for (const l of body) entries.push([l]);
  } else if (body.filter((l) => NUMBERED.test(l.text)).length >= Math.max(2, body.length * 0.15)) {
    for (const l of body) {
      if (NUMBERED.test(l.text) || !entries.length) entries.push([l]);
      else entries[entries.length - 1]!.push(l);
    }
  } else {
    // Hanging indent: an entry starts at its column's left edge; its other lines are indented.
    const edge = (l: Line) => Math.min(...body.filter((o) => o.page === l.page && Math.abs(o.x - l.x) < 60).map((o) => o.x));
    const hanging = body.some((l) => l.x - edge(l) >= 4);
    // Without an indent, an entry starts after a wider gap, or where a line ends a sentence and
    // the next begins with a surname and a comma.
    const gaps = body.slice(1).map((l, i) => (l.page === body[i]!.page ? l.y - body[i]!.y : 0)).filter((g) => g > 0).sort((a, b) => a - b);
    const usual = gaps[Math.floor(gaps.length / 4)] ?? 12;
    body.forEach((l, i) => {
      const prev = body[i - 1];
      const starts = hanging
        ? l.x - edge(l) < 4
        : !prev || (l.page === prev.page && l.y - prev.y > usual * 1.25) || (/[.)]$/.test(prev.text.trim()) && /^\p{Lu}[\p{L}'’ -]+,\s/u.test(l.text));
      if (starts || !entries.length) entries.push([l]);
      else entries[entries.length - 1]!.push(l);
    });
  }
  const vocabulary = vocabularyOf(body.map((l) => l.text));
  return entries
    .map((e) => joinLines(e.map((l) => l.text), vocabulary).replace(NUMBERED, ""))
    // A table or a figure after the list is not a reference: every reference has a year or a DOI.
    .filter((text) => text.length > 15 && (YEAR.test(text) || DOI.test(text) || /\b(?:forthcoming|in press|n\.d\.)/i.test(text)))
    .slice(0, 500)
    .map((text) => {
      const doi = DOI.exec(text)?.[1]?.replace(/[.,;)\]]+$/, "") ?? null;
      const y = YEAR.exec(text);
      return { text, doi, year: y ? Number(y[1] ?? y[2]) : null };
    });
}
