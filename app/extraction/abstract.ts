/**
 * The abstract's extent: where its paragraph runs from its first line, where the labeller carries it
 * on past a gap, where a page break cut it, and where the layout ends it (a justified block's measure,
 * JEL codes). readHeader finds where it begins (a label, or the first long paragraph after the title);
 * this module says how far it goes.
 */
import type { LineLabels } from "./labeller";
import { isHeading, lineSpacing, startsWithMarker } from "./layout";
import type { Document, Line } from "./model";
import { ABSTRACT_LABEL, EMAIL, INSTITUTION, JEL_LINE, JEL_RUN_IN, LETTER_SPACED, STRUCTURED_ABSTRACT, THANKS, keywordsAfterLabel } from "./patterns";
import { joinLines, letterKey, linesSpelling } from "./text";
import { labelColumn } from "./zones";

/** A publisher's line of rights, as printed under an abstract. */
const RIGHTS_LINE = /^(?:©|\(c\)\s|copyright\b|published by\s+(?:elsevier|wiley|springer|oxford|cambridge|taylor|sage|emerald)\b|all rights reserved\b)/i;

/**
 * Whether a line opens the next page in another size after a sentence the page finished: the introduction that opens the
 * page after an abstract, "… of the market." / "Information-based mechanisms …" set a point larger. The abstract ends there.
 * Only where the abstract so far is set in one size: a scan's lines, each sized by its own height, vary as much.
 */
const newPageInAnotherSize = (block: Line[], l: Line) => {
  const prev = block[block.length - 1];
  if (!prev || l.page === prev.page || !/[.!?)"”]\s*$/.test(prev.text.trim())) return false;
  const sizes = block.map((b) => b.size);
  return Math.max(...sizes) - Math.min(...sizes) <= 0.2 && sizes.every((size) => Math.abs(l.size - size) >= 0.6);
};

/** The lines of one paragraph (or a labelled block) from `from`, until a gap, a label or a heading. */
export function paragraphAfter(lines: Line[], from: number, doc: Document, body: number): Line[] {
  const out: Line[] = [];
  // (The spacing of the paragraph's own size: a double-spaced abstract's, not that of the notes set under it.)
  const spacing = lineSpacing(lines, from, lines[from]?.size);
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    const prev = out[out.length - 1];
    if (keywordsAfterLabel(l) !== null || (JEL_LINE.test(l.text) && /[A-Z]\d/.test(l.text)) || (isHeading(l) && !(out.length === 0 && STRUCTURED_ABSTRACT.test(l.text)))) break;
    if (/^(?:\*|∗|†|‡)/.test(l.text) && out.length) break;
    // (A publisher's line of rights under the abstract: "Published by Elsevier B.V.", "© 2019 The Authors".)
    if (out.length && RIGHTS_LINE.test(l.text.trim())) break;
    if (l.spans[0]?.sup && out.length && l.size < (prev?.size ?? body) - 0.8) break;
    // (A line in another size set wholly beside the paragraph, clear of its edges, is a side column's, read between
    // two of its lines by height: a journal's margin of editors and dates, "Edited by:", beside the abstract.)
    if (doc.kind === "pdf" && prev && out.length >= 2 && Math.abs(l.size - prev.size) > 1.2 && besideTheBlock(out, l)) continue;
    if (prev) {
      if (doc.kind === "docx") {
        if (out.length >= 3 || l.text.split(/\s+/).length < 8) break;
      } else {
        const gap = l.page === prev.page ? l.y - prev.y : spacing;
        if (gap > Math.max(spacing * 1.45, Math.max(prev.size, l.size) * 1.6) || Math.abs(l.size - prev.size) > 1.2 || newPageInAnotherSize(out, l)) break;
        // (Nor on into the wider text below a block set justified in a narrower measure, in another size and no
        // heading between: a working paper's abstract inset over its introduction. Not a line of the block's own size
        // that sticks out, a long address LaTeX could not break or a list's hanging labels.)
        if (Math.abs(l.size - prev.size) >= 0.5 && leavesTheBlock(out, l)) break;
      }
    }
    out.push(l);
    if (out.length > 60 || JEL_RUN_IN.test(l.text)) break;
  }
  return out;
}

/**
 * The headings of a structured abstract's parts, as printed (capitalised or in capitals: "methods"
 * at a line's end is a word of the text). One list for the first part after a label at a line's end
 * ("Abstract Background") and for a part's heading at the end of a line of text ("… Canada. Methods").
 * ("Introduction" heads an abstract only right after its label: at the end of a line it begins the paper.)
 */
export const PART_HEADINGS = ["Background", "Objectives?", "Aims?", "Purpose", "Context", "Methods?", "Methodology\\/Principal Findings", "Design", "Results?", "Findings", "Conclusions?(?:\\/Significance)?", "Interpretation"]
  .flatMap((h) => [h, h.toUpperCase()])
  .join("|");

/** A structured abstract's heading at the end of a line of its text, not the line itself ("… Canada. Methods"). */
const STRUCTURED_HEADING_AT_END = new RegExp(`\\S\\s+(?:${PART_HEADINGS})[.:]?$`);

/**
 * The abstract's lines from `from` on, past where the rules ended its paragraph (a wider gap: double
 * spacing, a justified line, a page break): the labeller carries it on while it is sure the lines are
 * still the abstract, and across one line it doubts, set as the abstract's and followed by one it is
 * sure of (a structured abstract's line of figures).
 */
export function abstractGoesOn(lines: Line[], from: number, labels: LineLabels, taken: Line[] = []): Line[] {
  const out: Line[] = [];
  const close = (prev: Line | undefined, l: Line | undefined) => !!prev && !!l && l.page === prev.page && Math.abs(l.size - prev.size) < 0.5 && l.y > prev.y && l.y - prev.y < prev.size * 1.8;
  const within = (i: number) => close(lines[i - 1], lines[i]) && close(lines[i], lines[i + 1]) && (labels[i + 1]?.abstract ?? 0) >= 0.8;
  // (Nor does a paragraph it began end where the labeller leans away from its last lines, unless it is sure they are not the abstract's.)
  // (In the abstract's own size: a smaller note under it is not its paragraph.)
  const size = (taken[taken.length - 1] ?? lines[from - 1] ?? lines[from])?.size ?? 0;
  const paragraphGoesOn = (i: number) => i > from && close(lines[i - 1], lines[i]) && Math.abs(lines[i]!.size - size) < 0.5 && (labels[i]?.abstract ?? 0) >= 0.1 && !startsWithMarker(lines[i]!);
  // (A line that ends with a structured abstract's heading, as PLOS sets them in a margin read across: "… Ontario, Canada. Methods", is followed by that part.)
  const headed = (i: number) => {
    const [prev, l] = [lines[i - 1], lines[i]];
    return !!prev && !!l && (taken.includes(prev) || out.includes(prev)) && STRUCTURED_HEADING_AT_END.test(prev.text) && Math.abs(l.size - prev.size) < 0.5 && (l.page === prev.page ? l.y > prev.y && l.y - prev.y < prev.size * 3 : l.page === prev.page + 1);
  };
  for (let i = from; i < Math.min(lines.length, labels.length) && ((labels[i]?.abstract ?? 0) >= 0.5 || within(i) || paragraphGoesOn(i) || headed(i)); i++) {
    const l = lines[i]!;
    if (keywordsAfterLabel(l) !== null || JEL_LINE.test(l.text) || (isHeading(l) && !STRUCTURED_ABSTRACT.test(l.text)) || taken.includes(l)) break;
    if (leavesTheBlock([...taken, ...out], l) || noteAfterAGap([...taken, ...out], lines, i) || JEL_RUN_IN.test((out[out.length - 1] ?? taken[taken.length - 1])?.text ?? "")) break;
    if (newPageInAnotherSize([...taken, ...out], l)) break;
    out.push(l);
  }
  return out;
}

/**
 * The rest of an abstract that a page break cut mid-sentence: the paragraph that opens the next page
 * in the abstract's size, beginning in lower case (the sentence going on), past a running head.
 */
export function overThePage(lines: Line[], abstract: Line[], doc: Document, body: number): Line[] {
  const last = abstract[abstract.length - 1]!;
  if (/[.!?)"”]\s*$/.test(last.text.trim()) || JEL_RUN_IN.test(last.text)) return [];
  const next = lines.findIndex((l) => l.page === last.page + 1);
  if (next < 0) return [];
  for (let i = next; i < Math.min(lines.length, next + 3) && lines[i]!.page === last.page + 1; i++) {
    const l = lines[i]!;
    if (Math.abs(l.size - last.size) < 0.6 && /^\p{Ll}/u.test(l.text.trim())) return paragraphAfter(lines, i, doc, body);
  }
  return [];
}

/**
 * Whether the line at `at` is a line of the paragraph `run` begins: the same size and measure, as
 * close as its lines, a line of prose the labeller does not read as names or an address.
 */
export function paragraphGoesUp(lines: Line[], at: number, run: Line[], labels: LineLabels) {
  const above = lines[at]!;
  if ((labels[at]?.author ?? 0) >= 0.5 || (labels[at]?.affiliation ?? 0) >= 0.5) return false;
  const [first, second] = [run[0]!, run[1]];
  if (!second || above.page !== first.page || above.y >= first.y || leavesTheBlock(run, above) || Math.abs(above.size - first.size) >= 0.6) return false;
  const spacing = second.y - first.y;
  return spacing > 0 && Math.abs(first.y - above.y - spacing) < 1.5 && above.text.split(/\s+/).length >= 6 && !/@/.test(above.text) && !isHeading(above) && !ABSTRACT_LABEL.test(above.text);
}

/**
 * Whether a line is set outside a justified block of lines above it on its page: its left edge out
 * past the block's, or its right edge past the block's right. Journals set the abstract in a narrower
 * measure than the text that follows it (AER, QJE, JF, RFS), so where the labeller reads the
 * introduction as more abstract, the layout still says where the abstract ends. A block's measure is
 * known only where three of its lines share both edges (justified): ragged lines say nothing of it.
 * A line in the next column (right of the block) is the block going on, not leaving it. (A change of
 * type size is no sign here: where the labeller carries an abstract on, the development halves read worse with it.
 * `paragraphAfter` asks for one beside this, where a paragraph's own lines end.)
 */
export function leavesTheBlock(block: Line[], l: Line) {
  const last = block[block.length - 1];
  if (!last || l.spans.length === 0) return false;
  const samePage = block.filter((b) => b.page === l.page && Math.abs(b.size - last.size) < 0.6);
  if (samePage.length < 3) return false;
  const left = Math.min(...samePage.map((b) => b.x));
  const right = Math.max(...samePage.map((b) => b.x + b.width));
  const justified = samePage.filter((b) => Math.abs(b.x - left) < 1 && Math.abs(b.x + b.width - right) < 1).length >= 3;
  // (A paragraph's first line may be indented and its last short: only a line out past an edge by
  // more than 3 points leaves the block; every journal insets its abstract by more.)
  return justified && (l.x < left - 3 || (l.x < right && l.x + l.width > right + 3));
}

/** A note's opening: a disclaimer of the views, or thanks. */
const DISCLAIMER = /\b(?:views|analysis and conclusions|opinions)\b.{0,60}\b(?:are (?:those|solely those) of the authors?|do not (?:necessarily )?(?:reflect|represent|indicate))\b/i;

/**
 * Whether `l` opens a note set below a block that ends a sentence, in its size, by a gap of more than two and a half
 * of the block's line spacing: a disclaimer or thanks ("The analysis and conclusions set forth are those of the
 * authors …"), not the abstract's next paragraph, which a paper may set as far apart.
 */
function noteAfterAGap(block: Line[], lines: Line[], i: number) {
  const [last, l] = [block[block.length - 1], lines[i]!];
  if (!last || last.page !== l.page || !/[.!?]["”’)]?$/.test(last.text.trim())) return false;
  const opening = lines.slice(i, i + 2).map((o) => o.text).join(" ");
  return l.y - last.y > lineSpacing(block, block.length - 1) * 2.5 && (DISCLAIMER.test(opening) || THANKS.test(opening));
}

/** A line wholly left or right of a block's lines on its page, clear of both its edges. */
function besideTheBlock(block: Line[], l: Line) {
  const samePage = block.filter((b) => b.page === l.page);
  if (!samePage.length) return false;
  const left = Math.min(...samePage.map((b) => b.x));
  const right = Math.max(...samePage.map((b) => b.x + b.width));
  return l.x + l.width < left - 4 || l.x > right + 4;
}

/** The lines set beside `l`, at its height on its page, apart from it (`gap` points or more), left or right. */
const linesBeside = (lines: Line[], l: Line, gap: number) =>
  lines.filter((o) => o !== l && o.page === l.page && Math.abs(o.y - l.y) < Math.max(2, l.size * 0.6) && (o.x >= l.x + l.width + gap || o.x + o.width <= l.x - gap));

/** A line with a line of prose in its size beside it (not a place): a line of one of two columns. */
const besideAnother = (lines: Line[], l: Line) => linesBeside(lines, l, 4).some((o) => Math.abs(o.size - l.size) < 1 && o.text.split(/\s+/).length >= 6 && !INSTITUTION.test(o.text));

/** Two columns read across: the abstract's label at the end of another line ("College Park, MD 20742 ABSTRACT"). */
// (With a structured abstract's first heading after it, as PLOS sets it: "* a@b.org Abstract Background".)
export const TRAILING_ABSTRACT = new RegExp(`\\s+(?:Abstract|ABSTRACT|Summary|SUMMARY)[.:]?(?:\\s+((?:Introduction|INTRODUCTION|${PART_HEADINGS})[.:]?))?$`);
/** A line the abstract's label ends, not a heading run into the end of a sentence ("… of interest. Summary"). */
function endsWithAbstractLabel(text: string) {
  const rest = text.replace(TRAILING_ABSTRACT, "");
  return rest !== text && /[^\s.!?]$/.test(rest);
}

/**
 * Where the abstract's label is: alone or before its text on a line ("Abstract", "ABSTRACT: We …",
 * letter-spaced "a b s t r a c t"), or at the end of another line where two columns were read across.
 */
export function findAbstractLabel(lines: Line[]) {
  // (A label alone on its line may be letter-spaced: "a b s t r a c t".)
  // (Not a table of contents' entry: on a page headed "Contents", with dot leaders, or its page
  // number printed on its row: "Abstract … 4".)
  const unspaced = (t: string) => (LETTER_SPACED.test(t) ? t.replace(/\s+/g, "") : t.trim());
  const contentsPages = new Set(lines.filter((l) => /^(?:table\s*of\s*)?contents$/i.test(unspaced(l.text))).map((l) => l.page));
  // (The page numbers standing alone, by page and row, found once: every label is looked up in them.)
  const numbers = new Map<string, Line[]>();
  for (const o of lines) if (/^(?:\d{1,3}|[ivxl]{1,6})$/i.test(o.text.trim())) numbers.set(`${o.page}:${Math.round(o.y)}`, [...(numbers.get(`${o.page}:${Math.round(o.y)}`) ?? []), o]);
  const numberOnRow = (l: Line) => [-1, 0, 1].some((d) => (numbers.get(`${l.page}:${Math.round(l.y) + d}`) ?? []).some((o) => Math.abs(o.y - l.y) < 2 && o.x > l.x + l.width));
  const contentsEntry = (l: Line) => contentsPages.has(l.page) || /(?:\.\s?){5,}/.test(l.text) || numberOnRow(l);
  const leadingLabel = lines.findIndex((l) => ABSTRACT_LABEL.test(l.text) && (ABSTRACT_LABEL.exec(l.text)![1]!.length > 20 || l.text.replace(/\s+/g, "").length < 12) && !contentsEntry(l));
  // Two columns read across put the label at the end of the left column's last line ("* Corresponding
  // author Abstract", "College Park, MD 20742 ABSTRACT"): the abstract begins on the next line.
  const trailingLabel = lines.slice(0, 60).findIndex((l, i) => endsWithAbstractLabel(l.text) && i + 1 < lines.length && lines[i + 1]!.page === l.page && !contentsEntry(l));
  const labelTrails = trailingLabel >= 0 && (leadingLabel < 0 || trailingLabel < leadingLabel);
  return { leadingLabel, labelIndex: labelTrails ? trailingLabel : leadingLabel, labelTrails };
}

/**
 * How many lines from `from` on print the title again, whole and alone, set larger than the text after them (0 where
 * they do not): up to four lines. (Not an abstract that opens with the title's question in its own size.)
 */
function titleAgainAt(lines: Line[], from: number, title: string | null): number {
  const want = title ? letterKey(title) : "";
  const count = want.length < 15 ? 0 : linesSpelling(lines, from, want);
  const after = lines[from + count];
  return count && after && lines.slice(from, from + count).every((l) => l.size >= after.size + 0.5) ? count : 0;
}

/** What the abstract reader needs of the page: where the label and the title are, and the labeller's reading. */
type AbstractContext = {
  labelIndex: number;
  labelTrails: boolean;
  labels: LineLabels;
  /** Whether a trained labeller speaks (without one every label is neutral). */
  model: boolean;
  indexOf: Map<Line, number>;
  /** The title's last line (-1 without one): an unlabelled abstract is looked for after it. */
  titleEnd: number;
  doc: Document;
  body: number;
  vocabulary: Set<string>;
  /** The paper's title as read: printed again under the abstract's label, it is no part of the abstract. */
  title?: string | null;
};

/**
 * Where a paragraph that opens with a drop cap begins among these lines, or -1: a capital letter set several lines high,
 * its own span at the left of a line, the paragraph's lines above that line (three at most) indented beside it. A
 * magazine or a review (the Journal of Economic Perspectives) opens an article's body so; a paper printed without an
 * abstract opens with it, and an abstract ends where it begins.
 */
function dropCapStart(lines: Line[]): number {
  for (const [k, l] of lines.entries()) {
    const first = l.spans[0];
    if (!first || first.sup || !/^\p{Lu}$/u.test(first.text.trim()) || first.size < 2.5 * l.size) continue;
    let start = k;
    while (start > 0 && k - start < 3 && lines[start - 1]!.page === l.page && lines[start - 1]!.x >= first.x + first.width * 0.8) start--;
    // (The letter is its paragraph's first: the words printed beside it go on in small letters, "T" + "he number of …".)
    const after = start < k ? lines[start]!.text : l.spans.slice(1).map((s) => s.text).join("");
    if (/^\s*\p{Ll}/u.test(after)) return start;
  }
  return -1;
}

/**
 * The abstract: after its label, or the first long paragraph after the title and authors; its
 * lines, where it starts, whether a column bounded it, its text, and the JEL codes run into its end.
 */
export function readAbstract(lines: Line[], { labelIndex, labelTrails, labels, model, indexOf, titleEnd, doc, body, vocabulary, title = null }: AbstractContext) {
  let abstractLines: Line[] = [];
  let abstractStart = -1;
  let abstractColumn = false;
  if (labelIndex >= 0) {
    const label = lines[labelIndex]!;
    // (A label at a line's end keeps the structured abstract's first heading printed after it.)
    const runIn = labelTrails ? (TRAILING_ABSTRACT.exec(label.text)?.[1] ?? "") : ABSTRACT_LABEL.exec(label.text)![1]!;
    // (A label at a line's end leaves the line's own text to the front matter: an address, an e-mail.)
    abstractStart = labelTrails ? labelIndex + 1 : labelIndex;
    // A label over one of two blocks set side by side (an Elsevier first page's "article info" and
    // "abstract") heads the lines of its own column only.
    const column = labelTrails ? null : labelColumn(lines, label);
    // (The blocks end where a line spans them both or a heading follows them: "1. Introduction".)
    const blocksEnd = column === null ? -1 : lines.findIndex((l, i) => i > labelIndex && l.page === label.page && l.x < column - 5 && (isHeading(l) || l.x + l.width > column + 5));
    // A label that opens the left one of two columns of text (IEEE's run-in "Abstract—") heads that column's lines
    // only: the other column's, set at the same heights, are the body's.
    const right = column === null && !labelTrails ? linesBeside(lines, label, 10).find((l) => l.x > label.x && l.text.split(/\s+/).length >= 4) : undefined;
    const reading =
      column !== null ? lines.filter((l, i) => i <= labelIndex || ((blocksEnd < 0 || i < blocksEnd) && (l.page !== label.page || l.x >= column - 5)))
      : right ? lines.filter((l, i) => i <= labelIndex || l.page !== label.page || l.x < right.x - 5)
      : lines;
    abstractColumn = column !== null || !!right;
    // (The paper's title printed again between a label alone on its line and the text, as an IZA discussion paper's
    // abstract page prints it: passed over.)
    const from = reading.indexOf(label) + 1;
    const repeated = runIn ? 0 : titleAgainAt(reading, from, title);
    abstractLines = [...(runIn ? [{ ...label, text: runIn }] : []), ...paragraphAfter(reading, from + repeated, doc, body)];
  } else {
    // Unlabelled: the first run of body lines with at least 60 words after the title and authors
    // (a structured abstract's "Background" is its start, not a section), that the labeller does
    // not read as something else (an author list, a column of affiliations).
    const from = titleEnd + 1;
    for (let i = from; i < Math.min(lines.length, from + 80); i++) {
      const l = lines[i]!;
      const sure = labels[i]?.abstract ?? 0;
      if (keywordsAfterLabel(l) !== null || (isHeading(l) && !(STRUCTURED_ABSTRACT.test(l.text) && sure >= 0.5))) break;
      if (l.text.split(/\s+/).length < 6 || INSTITUTION.test(l.text) && l.text.length < 90 || EMAIL.test(l.text) || (model && sure < 0.2)) {
        EMAIL.lastIndex = 0;
        continue;
      }
      // (Text set in two columns, a line of prose beside another, is the body's: an unlabelled abstract is set
      // across the page above it, and a paper printed without one, as the AEA's Papers and Proceedings are,
      // opens with its introduction.)
      if (besideAnother(lines, l)) break;
      const run = [l, ...paragraphAfter(lines, i + 1, doc, body)];
      if (dropCapStart(run) === 0) break;
      // Where the labeller is sure, its abstract runs on across the gaps between a structured
      // abstract's parts, and a short one (a proceedings' three sentences) is an abstract too.
      const confident = model && sure >= 0.8;
      if (confident) {
        for (let j = (indexOf.get(run[run.length - 1]!) ?? i) + 1; j < labels.length && (labels[j]?.abstract ?? 0) >= 0.5; j++) {
          const next = lines[j]!;
          if (keywordsAfterLabel(next) !== null || JEL_LINE.test(next.text) || (isHeading(next) && !STRUCTURED_ABSTRACT.test(next.text)) || JEL_RUN_IN.test(run[run.length - 1]!.text) || leavesTheBlock(run, next)) break;
          run.push(next);
        }
      }
      // The paragraph's first lines, where the labeller doubted them (right under an address, a whole
      // block set in a narrower measure): the lines just above, in the same size and measure, set as
      // close as the paragraph's own. The paragraph is judged whole, from its first line.
      let start = i;
      while (start > from && paragraphGoesUp(lines, start - 1, run, labels)) run.unshift(lines[--start]!);
      if (run.map((r) => r.text).join(" ").split(/\s+/).length >= (confident ? 30 : 60)) {
        abstractLines = run;
        abstractStart = start;
        break;
      }
    }
  }
  if (abstractLines.length && !abstractColumn) abstractLines.push(...abstractGoesOn(lines, (indexOf.get(abstractLines[abstractLines.length - 1]!) ?? abstractStart) + 1, labels, abstractLines));
  // An abstract cut mid-sentence at a page's foot (the notes set under it) goes on at the next page's top.
  if (abstractLines.length && !abstractColumn) abstractLines.push(...overThePage(lines, abstractLines, doc, body));
  // An abstract set across the page ends where text set in two columns begins below it.
  if (abstractLines.length && !abstractColumn && !besideAnother(lines, abstractLines[0]!)) {
    const columns = abstractLines.findIndex((l) => besideAnother(lines, l));
    if (columns > 0) abstractLines = abstractLines.slice(0, columns);
  }
  const bodyOpens = dropCapStart(abstractLines);
  if (bodyOpens > 0) abstractLines = abstractLines.slice(0, bodyOpens);
  let abstractText = abstractLines.length ? joinLines(abstractLines.map((l) => l.text), vocabulary) : null;
  // JEL codes run into the abstract's last line end the abstract (and are the paper's codes where no line of them is printed).
  const runInJel = abstractText ? JEL_RUN_IN.exec(abstractText) : null;
  if (abstractText && runInJel) abstractText = abstractText.slice(0, runInJel.index).trim();

  return { lines: abstractLines, start: abstractStart, column: abstractColumn, text: abstractText, runInJel };
}
