/**
 * PDF text with positions and sizes (unpdf, pdf.js inside), turned into printed lines: items on
 * one baseline make a line, a wide gap (a column gutter) splits it, and small raised items
 * (footnote and affiliation markers) join the line they belong to as superscripts.
 */
import { getDocumentProxy } from "unpdf";
import { ExtractionFailed, type Document, type Line, type Span } from "./model";
import { LOOSE_ACCENT_LAST, MAX_LINE_CHARS, SPACING_ACCENTS, fixLigatures, isSpacingAccent, joinSpans, withAccentOnFirstLetter } from "./text";
import { checkedPdf } from "./unpack";
import { middleOf } from "./layout";

type Item = Span & { baseline: number };



/**
 * Opens a PDF; a damaged, encrypted or empty file ends as a clear failure, and so does one whose
 * streams unpack to more than pdf.js may hold (checked first: pdf.js decodes a stream whole). pdf.js
 * reads the file with its images' pixels made unpackable (`checkedPdf`).
 */
export async function openPdf(bytes: Uint8Array) {
  const readable = checkedPdf(bytes);
  try {
    // (No image is decoded at all, an inline image of a Type 3 font's glyph included: text reading
    // needs no pixels, and pdf.js would otherwise unpack one whole while reading a page's text.)
    return await getDocumentProxy(readable, { maxImageSize: 0 });
  } catch (error) {
    const name = (error as { name?: string })?.name ?? "";
    if (name === "PasswordException") throw new ExtractionFailed("The PDF is protected by a password, so its text cannot be read.");
    throw new ExtractionFailed("The file could not be read as a PDF: it may be damaged.");
  }
}

type Pdf = Awaited<ReturnType<typeof openPdf>>;

/** The lines of the given pages (1-based), top to bottom within each page. */
export async function readPdfPages(pdf: Pdf, pageNumbers: number[]): Promise<Document> {
  const lines: Line[] = [];
  let pageWidth = 612;
  let pageHeight = 792;
  for (const n of pageNumbers) {
    const page = await pdf.getPage(n);
    const view = page.view;
    pageWidth = view[2]! - view[0]!;
    pageHeight = view[3]! - view[1]!;
    const content = await page.getTextContent();
    const items: Item[] = [];
    for (const raw of content.items) {
      if (!("str" in raw) || !raw.str) continue;
      const [a, b, , d, e, f] = raw.transform as number[];
      const size = Math.abs(d! || a!) || Math.hypot(a!, b!);
      // Rotated text (a margin stamp, an arXiv id) is not part of the page's reading.
      if (Math.abs(b!) > 0.01) continue;
      const text = fixLigatures(raw.str.slice(0, MAX_LINE_CHARS));
      if (!text.trim()) continue;
      // (Placed on the page as printed: a page cropped from a larger sheet starts at its crop box's corner, not the sheet's.)
      items.push({ text, x: e! - view[0]!, y: view[3]! - f!, baseline: f! - view[1]!, width: raw.width, size, font: raw.fontName });
    }
    lines.push(...toLines(items, n, pageWidth));
    page.cleanup();
  }
  return { kind: "pdf", pages: pdf.numPages, pageWidth, pageHeight, lines };
}

/** The size most of a row's characters have (each item weighs its length), without building arrays. */
function weightedMedianSize(row: Item[]) {
  const sorted = [...row].sort((p, q) => p.size - q.size);
  const total = sorted.reduce((n, i) => n + Math.max(1, i.text.length), 0);
  let seen = 0;
  for (const i of sorted) {
    seen += Math.max(1, i.text.length);
    if (seen > Math.floor(total / 2)) return i.size;
  }
  return sorted[sorted.length - 1]?.size ?? 0;
}

function median(xs: number[]) {
  const s = [...xs].sort((p, q) => p - q);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Items → lines: cluster by baseline, split at gutters, attach raised small clusters. */
/** A raised item that may be markers: up to four characters, or a list of them ("a,b,1", "c,d,e"). */
const markerLike = (text: string) => text.trim().length <= 4 || /^(?:[\p{Ll}\d*∗†‡§¶]{1,2},\s?){1,4}[\p{Ll}\d*∗†‡§¶]{1,2},?$/u.test(text.trim());

/**
 * An accent printed last in one span and set over the first letter of the next (TeX's accents on
 * names in small capitals, "IBARRA-PE ˜" / "NA") goes onto that letter; a span left empty goes.
 * The space before the accent goes too where the word plainly goes on: after a tilde (ñ, ã and õ
 * begin no word in the languages that print them), in smaller letters (small capitals, "JOS ´" /
 * "E") or on a capital that ends its word ("JORD `" / "A": no name is one accented letter); before
 * another accent on letters of one size it may begin a word ("JEAN ´" / "ERIC"). A backquote is an
 * accent only between capitals: elsewhere it is TeX's opening quote ("so-called `" / "Arbitrage'").
 * The spans are the line's own copies.
 */
function accentsOntoTheirLetters<S extends Span & { sup: boolean }>(spans: S[]): S[] {
  const text = spans.filter((s) => !s.sup);
  for (let k = 1; k < text.length; k++) {
    const [before, mark] = [text[k - 1]!, text[k]!];
    // (A comma set small below the line inside the letter before it is that letter's cedilla, as TeX sets Latvian's
    // "\c{n}": "Putnin" "," "š" is "Putniņš"; the space the text layer puts after it goes, the word going on.)
    if (/^[,\u00B8]$/.test(mark.text.trim()) && mark.size < before.size * 0.7 && mark.y > before.y + 0.5 && mark.x < before.x + before.width && /\p{L}$/u.test(before.text)) {
      before.text += "\u0327";
      mark.text = "";
      const gap = text[k + 1];
      if (gap && !gap.text.trim() && text[k + 2] && text[k + 2]!.x <= before.x + before.width + before.size * 0.15) gap.text = "";
    }
  }
  for (let k = 0; k + 1 < text.length; k++) {
    const [span, next] = [text[k]!, text[k + 1]!];
    // (A cedilla or an ogonek ending a span is its last letter's where the next span begins past it; one the next span's
    // first letter starts well inside of was set under that letter: "Fay¸" over "cal Drissi" is "Fayçal Drissi".)
    if (/[\u00B8\u02DB]$/.test(span.text) && /^\p{L}/u.test(next.text) && next.x < span.x + span.width - span.size * 0.25) {
      next.text = withAccentOnFirstLetter(span.text.slice(-1), next.text);
      span.text = span.text.slice(0, -1);
    }
    // (One opening a span, the word going on after it, is the last letter's of the span before, which the new span starts
    // inside of: "Jean-Franc" + "¸ ois Houde" is "Jean-Franç" + "ois Houde".)
    const opening = /^([\u00B8\u02DB])\s?(?=\p{L})/u.exec(next.text);
    if (opening && /\p{L}$/u.test(span.text) && next.x < span.x + span.width) {
      span.text = `${span.text}${SPACING_ACCENTS[opening[1]!]}`.normalize("NFC");
      next.text = next.text.slice(opening[0].length);
    }
    const loose = LOOSE_ACCENT_LAST.exec(span.text);
    if (!loose || next.x >= span.x + span.width || !/^\p{L}/u.test(next.text)) continue;
    // (A backquote is TeX's opening quote as often as a grave accent: an accent only between capitals, "JORD `" / "A".)
    const capitals = /\p{Lu}\s?\S$/u.test(span.text) && /^\p{Lu}/u.test(next.text);
    if (loose[2] === "`" && !capitals) continue;
    // (Or after a capital standing alone, with no full stop, before small letters: no name's word is one capital, so
    // "T ¯" over "alis J. Putnin" is "Tālis".)
    const loneCapital = /(?:^|\s)\p{Lu}\s?\S$/u.test(span.text) && /^\p{Ll}/u.test(next.text);
    const goesOn = loose[2] === "\u02DC" || next.size < span.size * 0.9 || (capitals && !/^\p{L}{2}/u.test(next.text)) || loneCapital;
    span.text = span.text.slice(0, span.text.length - loose[0].length) + (goesOn ? "" : loose[1]);
    next.text = withAccentOnFirstLetter(loose[2]!, next.text);
    // (An accent printed alone: its letter's box starts where the accent did, or, where the word goes on, where the letters before it end.)
    const before = text[k - 1];
    if (!span.text) next.x = Math.min(next.x, goesOn && before ? before.x + before.width : span.x);
  }
  return spans.filter((s) => s.text !== "");
}

/**
 * An accent TeX raises over a capital is a glyph of its own, set higher than the letter (a bare
 * "˜" over the "A" of "FRAZAO"): where it sits a little above letters, in their row or another, and
 * not on their baseline, it goes onto the capital nearest its middle ("˜" over "AO" is "ÃO"). Rows an
 * accent leaves empty go.
 */
function accentsRaisedOverCapitals(rows: Item[][]) {
  for (const row of rows) {
    for (const accent of row.filter((i) => isSpacingAccent(i.text.trim()))) {
      const middle = middleOf(accent);
      const isUnder = (i: Item) => {
        const drop = accent.baseline - i.baseline;
        return i !== accent && drop > 0.3 && drop <= i.size * 0.8 && middle > i.x && middle < i.x + i.width && /\p{Lu}/u.test(i.text);
      };
      const target = rows.find((other) => other.some(isUnder));
      if (!target) continue;
      const k = target.findIndex(isUnder);
      const under = target[k]!;
      // (The capital nearest where the accent's middle falls, the letters taken as evenly wide: a letter or so away at most.)
      const guess = ((middle - under.x) / under.width) * under.text.length - 0.5;
      const capitals = [...under.text].flatMap((c, at) => (/\p{Lu}/u.test(c) ? [at] : []));
      const at = capitals.reduce((best, c) => (Math.abs(c - guess) < Math.abs(best - guess) ? c : best), capitals[0]!);
      if (Math.abs(at - guess) > 1.5) continue;
      const accented = under.text.slice(0, at) + withAccentOnFirstLetter(accent.text.trim(), under.text.slice(at));
      if (accented === under.text) continue;
      // (The row gets a copy of its item: the items given are left as they were.)
      target[k] = { ...under, text: accented };
      row.splice(row.indexOf(accent), 1);
    }
  }
  for (let k = rows.length - 1; k >= 0; k--) if (!rows[k]!.length) rows.splice(k, 1);
}

/**
 * Text drawn several times over itself, a few tenths of a point apart (a cover's "bold" made by
 * printing each run four or five times, each copy cut into runs differently), read once. Runs of
 * one font and size on one baseline are walked left to right; a run that starts inside the text
 * read so far, at a place where that text and the run agree letter for letter, only adds what it
 * carries past it. Runs that merely touch (kerning) or disagree stay as they are.
 */
function overprintsReadOnce(items: Item[]): Item[] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.font}|${item.size.toFixed(1)}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const out: Item[] = [];
  for (const group of groups.values()) {
    group.sort((p, q) => q.baseline - p.baseline || p.x - q.x);
    for (let start = 0; start < group.length; ) {
      let end = start + 1;
      while (end < group.length && group[start]!.baseline - group[end]!.baseline <= group[start]!.size * 0.15) end++;
      const row = group.slice(start, end).sort((p, q) => p.x - q.x);
      start = end;
      let current: Item | null = null;
      for (const next of row) {
        const merged: Item | null = current && next.x < current.x + current.width - Math.max(1, next.size * 0.1) ? overprinted(current, next) : null;
        if (merged) current = merged;
        else {
          if (current) out.push(current);
          current = next;
        }
      }
      if (current) out.push(current);
    }
  }
  return out;
}

/** `later` drawn over `earlier` where their letters agree, as one run; null where they do not. */
function overprinted(earlier: Item, later: Item): Item | null {
  const perLetter = earlier.width / Math.max(1, earlier.text.length);
  const at = (later.x - earlier.x) / Math.max(0.1, perLetter);
  const ahead = earlier.text.length;
  let best = -1;
  for (let p = Math.max(0, Math.floor(at) - 2); p <= Math.min(ahead - 1, Math.ceil(at) + 2); p++) {
    const rest = earlier.text.slice(p);
    const agree = rest.startsWith(later.text) || later.text.startsWith(rest);
    if (agree && /\S/.test(rest.slice(0, later.text.length)) && (best < 0 || Math.abs(p - at) < Math.abs(best - at))) best = p;
  }
  if (best < 0) return null;
  // (Copies lie almost wholly over each other: runs that overlap by a letter's edge and agree on it, "com" and
  // "mittee", or a table's "1.00" and "0.25", are two runs.)
  const agreeing = Math.min(later.text.length, ahead - best);
  if (earlier.x + earlier.width - later.x < 0.5 * agreeing * perLetter) return null;
  const text = earlier.text.slice(0, best) + (later.text.length > ahead - best ? later.text : earlier.text.slice(best));
  const right = Math.max(earlier.x + earlier.width, later.x + later.width);
  return { ...earlier, text, width: right - earlier.x };
}

export function toLines(drawn: Item[], page: number, pageWidth = 612): Line[] {
  const items = overprintsReadOnce(drawn);
  const mid = pageWidth / 2;
  // Line numbers run down the margin, many at one x; a footnote's marker hung there stands with a few others at most.
  const marginNumbers = new Map<number, number>();
  for (const i of items) if (i.x < pageWidth * 0.13 && /^\d{1,4}$/.test(i.text.trim())) marginNumbers.set(Math.round(i.x), (marginNumbers.get(Math.round(i.x)) ?? 0) + 1);
  const inNumberColumn = (i: Item) => [-2, -1, 0, 1, 2].reduce((n, d) => n + (marginNumbers.get(Math.round(i.x) + d) ?? 0), 0) >= 8;
  const sorted = [...items].sort((p, q) => q.baseline - p.baseline || p.x - q.x);
  const clusters: Item[][] = [];
  for (const item of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(last[0]!.baseline - item.baseline) <= Math.max(1.5, item.size * 0.2)) last.push(item);
    else clusters.push([item]);
  }
  // Split each baseline cluster at wide gaps, and on a two-column page at the gutter: a gap of
  // about an em across the middle, which most of the page's lines have (LaTeX's is 10 pt).
  const midGap = (cluster: Item[]) => {
    const sorted = [...cluster].sort((p, q) => p.x - q.x);
    return sorted.some((item, i) => {
      const prev = sorted[i - 1];
      return prev !== undefined && item.x - (prev.x + prev.width) > prev.size * 0.75 && prev.x + prev.width <= mid + 15 && item.x >= mid - 15;
    });
  };
  const crossing = clusters.filter((c) => Math.min(...c.map((i) => i.x)) < mid - 15 && Math.max(...c.map((i) => i.x + i.width)) > mid + 15);
  const gutters = crossing.filter(midGap).length;
  const twoColumns = gutters >= 3 && gutters >= crossing.length * 0.5;
  const rows: Item[][] = [];
  for (const cluster of clusters) {
    cluster.sort((p, q) => p.x - q.x);
    let current: Item[] = [];
    for (const item of cluster) {
      const prev = current[current.length - 1];
      const gapStart = prev ? prev.x + prev.width : 0;
      const gap = prev ? item.x - gapStart : 0;
      // (Or where words of another size begin past a gap: a cover's names in a narrow column beside its title, "Christophe
      // Madaschi, Irene Pablos Nuevo" at 10 points, "The profitability of banks …" at 16, on nearly one baseline; not a
      // bullet before its item.)
      const [small, large] = prev ? [Math.min(prev.size, item.size), Math.max(prev.size, item.size)] : [0, 0];
      const sizeApart = small < large * 0.75 && gap > small * 0.8 && /\p{L}{2}/u.test(prev!.text) && /\p{L}{2}/u.test(item.text);
      if (prev && (gap > Math.max(18, prev.size * 2.2) || sizeApart || (twoColumns && gap > prev.size * 0.75 && gapStart <= mid + 15 && item.x >= mid - 15))) {
        rows.push(current);
        current = [];
      }
      current.push(item);
    }
    if (current.length) rows.push(current);
  }
  accentsRaisedOverCapitals(rows);
  // Raised, smaller rows join the row just below them that they overlap horizontally.
  const sizeOf = weightedMedianSize;
  const extent = (row: Item[]) => [Math.min(...row.map((i) => i.x)), Math.max(...row.map((i) => i.x + i.width))] as const;
  // Each row's size and extent once: the pairing below compares every row with every other.
  const sizes = new Map(rows.map((row) => [row, sizeOf(row)]));
  const extents = new Map(rows.map((row) => [row, extent(row)]));
  const merged = new Map<Item[], Item[]>();
  const sup = new Set<Item>();
  for (const row of rows) {
    const size = sizes.get(row)!;
    const [x0, x1] = extents.get(row)!;
    const below = rows.find((other) => {
      if (other === row || merged.has(other)) return false;
      const drop = row[0]!.baseline - other[0]!.baseline;
      const otherSize = sizes.get(other)!;
      // (Smaller than the line, or a lone marker of a digit or a symbol raised well above it, set nearly in its size:
      // "1" in 9 points over "Econometric Institute, …" in 10.)
      const lone = row.length === 1 && /^[\d*∗†‡§¶]{1,2}$/.test(row[0]!.text.trim()) && drop >= otherSize * 0.25 && size < otherSize * 0.95;
      if (!(drop > 0.5 && drop <= otherSize * 0.75 && (size < otherSize * 0.88 || lone))) return false;
      const [o0, o1] = extents.get(other)!;
      return x0 >= o0 - otherSize * 2 && x1 <= o1 + otherSize * 2.5;
    });
    if (below && row.length <= 6 && row.every((i) => markerLike(i.text))) {
      merged.set(row, below);
      for (const i of row) sup.add(i);
    }
  }
  const out: Line[] = [];
  for (const row of rows) {
    if (merged.has(row)) continue;
    // (A raised marker that starts where the next item starts ends the item before: "Mario Bernasconi" "†" ", Miguel
    // Espinosa", the marker and the comma both at the name's end, is Bernasconi's marker, not Espinosa's.)
    const members = [...row, ...[...merged].filter(([, target]) => target === row).flatMap(([r]) => r)].sort((p, q) => (Math.abs(p.x - q.x) > 0.5 ? p.x - q.x : Number(sup.has(q)) - Number(sup.has(p))));
    // A line number set small in the margin: not part of the text. A raised one alone there is a marker (a footnote's
    // "¹ Department of …" hung in the margin, or "¹ Graduate School …" before a centred affiliation) and stays; one of
    // a column of numbers down the margin is a line number however it is set.
    const first = members[0];
    const second = members[1];
    if (first && second && (!sup.has(first) || inNumberColumn(first)) && first.x < pageWidth * 0.13 && /^\d{1,4}$/.test(first.text.trim()) && first.size < sizeOf(members.slice(1)) * 0.8 && second.x - (first.x + first.width) > 2) members.shift();
    const body = members.filter((i) => !sup.has(i));
    const size = sizeOf(body.length ? body : members);
    // Small raised items inside a line (a marker after a name) are superscripts too.
    const baseline = median(body.map((i) => i.baseline));
    const spans = accentsOntoTheirLetters(members.map((i) => ({ ...i, sup: sup.has(i) || (i.size < size * 0.85 && i.baseline - baseline > size * 0.15 && markerLike(i.text)) })));
    // (A raised ring over no letter is TeX's asterisk that a font's encoding gives as the ring accent: the
    // corresponding author's marker, "Ada Moss^a,˚", and its note's, "˚ Corresponding author.")
    for (const s of spans) if (s.sup && s.text.trim() === "\u02DA") s.text = "∗";
    // (An ordinal's raised ending touching its number is the number's: "the 21^st Century" reads "21st", no marker.)
    spans.forEach((s, k) => {
      const before = spans[k - 1];
      if (s.sup && before && !before.sup && /^(?:st|nd|rd|th)$/.test(s.text.trim()) && /\d$/.test(before.text) && s.x - (before.x + before.width) < before.size * 0.15) s.sup = false;
    });
    const text = fixLigatures(joinSpans(spans.filter((s) => !s.sup))).slice(0, MAX_LINE_CHARS);
    if (!text) continue;
    const [x0, x1] = extent(members);
    out.push({ page, x: x0, y: median(body.map((i) => i.y)) || members[0]!.y, width: x1 - x0, size, text, spans });
  }
  // Lines on one baseline (within a point: accents move a line's median) read left to right.
  return out.sort((p, q) => (Math.abs(p.y - q.y) > 1 ? p.y - q.y : p.x - q.x));
}

