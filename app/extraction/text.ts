/** Text helpers shared by the engine's rules. */
import type { Span } from "./model";
import { STREET_NEXT } from "./patterns";

const LIGATURES: Record<string, string> = { "\uFB00": "ff", "\uFB01": "fi", "\uFB02": "fl", "\uFB03": "ffi", "\uFB04": "ffl", "\uFB05": "st", "\uFB06": "st" };
/** Spacing accents that TeX prints as separate glyphs, and the combining marks they stand for. */
export const SPACING_ACCENTS: Record<string, string> = {
  "\u02C7": "\u030C", "\u00B4": "\u0301", "\u0060": "\u0300", "\u00A8": "\u0308", "\u02DC": "\u0303", "\u02C6": "\u0302",
  "\u02D8": "\u0306", "\u02D9": "\u0307", "\u02DA": "\u030A", "\u00B8": "\u0327", "\u02DB": "\u0328", "\u02DD": "\u030B",
  // (A macron only where the page sets it over its letter's neighbour: fonts give "¯" for other letters too, "J¯rgensen".)
  "\u00AF": "\u0304", "\u02C9": "\u0304",
};
/** A spacing accent ending a piece of text, and the space before it, if any (not a cedilla or an ogonek, printed after their letter). */
export const LOOSE_ACCENT_LAST = new RegExp(`(\\s?)([${Object.keys(SPACING_ACCENTS).filter((a) => !"\u00B8\u02DB".includes(a)).join("")}])$`, "u");
/** A spacing accent alone, TeX's (´ ` ˜ ˆ ¨ ˇ ˘ ˙ ˚ ˝ ¸ ˛ ¯) or an ASCII tilde or caret. */
export const isSpacingAccent = (text: string) => text === "~" || text === "^" || text in SPACING_ACCENTS;
/** A text with a spacing accent set on its first letter (an ASCII tilde or caret as TeX's): "`" and "A" are "À". */
export const withAccentOnFirstLetter = (accent: string, text: string) => {
  const mark = SPACING_ACCENTS[accent === "~" ? "\u02DC" : accent === "^" ? "\u02C6" : accent];
  return mark && /^\p{L}/u.test(text) ? fixLigatures(`${[...text][0]}${mark}${[...text].slice(1).join("")}`) : text;
};
/**
 * A title set in small capitals whose font gives the small letters' codes for them, read as the capitals it prints:
 * "cISS – A cOMPOSItE INdIcAtOR" is "CISS – A COMPOSITE INDICATOR". Only where the case turns as no writing turns it:
 * three words or more that open on a small letter before a capital or turn case twice ("fINANcIAl", "SyStEMIc"), most
 * words turning from small to capital, no word of three small letters or more, no formula. Names' and brands' own
 * turns ("McAllister-MacKay", "FinTech", "eBay") are one or two such words at most.
 */
export function smallCapitalsRead(text: string): string {
  if (/=/.test(text)) return text;
  const words = text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  if (words.length < 3 || words.some((w) => /^\p{Ll}{3,}$/u.test(w.replace(/[^\p{L}]/gu, "")))) return text;
  const turns = (w: string) => w.match(/\p{Ll}\p{Lu}/gu)?.length ?? 0;
  const broken = words.filter((w) => /^\P{L}*\p{Ll}\p{Lu}/u.test(w) || turns(w) >= 2);
  return broken.length >= 3 && words.filter((w) => turns(w) >= 1).length >= words.length * 0.7 ? text.toUpperCase() : text;
}

/** Ligatures spelled out ("ﬁ" → "fi") and TeX's loose accents put on their letter ("dvoˇrák" → "dvořák", "Luı́s" → "Luís"). */
export const fixLigatures = (s: string) =>
  s
    .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
    // (A cedilla or an ogonek, set under its letter, comes after it: "C¸ etin" is "Çetin", "Franc¸ois" "François".)
    .replace(/(\p{L})([\u00B8\u02DB])\s?(?=\p{L})/gu, (_, letter: string, accent: string) => `${letter}${SPACING_ACCENTS[accent]}`)
    // (One at the start of a piece of text is left for the line the piece joins: its letter is the piece before's.)
    .replace(/(^[\u00B8\u02DB])|([\u02C7\u00B4\u00A8\u02DC\u02C6\u02D8\u02D9\u02DA\u00B8\u02DB\u02DD])\s?(\p{L})/gu, (all: string, leading: string | undefined, accent: string, letter: string) => (leading ? all : `${letter}${SPACING_ACCENTS[accent]}`))
    // (A grave accent after a vowel ending its word is that vowel's, as Italian and French print it: "Universita`" is
    // "Università", "a` la" "à la"; a backquote before a word is TeX's opening quote: "`economies of scale'".)
    .replace(/([aeiouAEIOU])`(?=[\s,.;:)'’”-]|$)/g, "$1\u0300")
    // (Inside a word of small letters, TeX sets it before its vowel: "Universitat Aut`onoma" is "Autònoma"; never
    // after a space, where it opens a quote, nor before a capital, where it stands for an apostrophe: "Sant`Anna".)
    .replace(/(?<=\p{Ll})`([aeiou])/gu, "$1\u0300")
    // (TeX accents an i without its dot, \'\i: "Luı́s" is "Luís", one letter once composed.)
    .replace(/\u0131(?=[\u0300-\u036f])/g, "i")
    .normalize("NFC");

export const normalizeSpace = (s: string) => s.replace(/\s+/g, " ").trim();

/** A text as a regular expression matches it, letter for letter. */
export const escapePattern = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Letters without accents, lower case: for comparing names with e-mail addresses. */
export const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .replace(/[đĐ]/g, "d")
    .replace(/[łŁ]/g, "l")
    .toLowerCase();

/**
 * Joins printed lines into running text, undoing line-end hyphenation: "mar-" + "ket" becomes
 * "market", but a real compound stays ("risk-" + "taking" when "risk-taking" or both words occur
 * elsewhere in the document, or when the first part is itself hyphenated: "one-standard-").
 */
export function joinLines(lines: string[], vocabulary: Set<string>) {
  let out = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    // (Read at the text's end only: tried at every letter of a long run of letters, the pattern read to its end each time.)
    const m = /([\p{L}]+(?:-[\p{L}]+)*)-$/u.exec(out.slice(-200));
    const next = /^([\p{L}]+)/u.exec(line);
    if (m && next && /^\p{Ll}/u.test(next[1]!)) {
      const before = m[1]!;
      const first = before.split("-").pop()!;
      const after = next[1]!;
      const joined = `${first}${after}`.toLowerCase();
      // A suffix is never a word of its own: "underly-" + "ing" is one word.
      const suffix = /^(?:ing|ings|ed|er|ers|est|ly|tion|tions|sion|ment|ments|ness|ity|ities|ance|ence|able|ible|al|ous|ive|ism|ist|ure|ate|ize|ise)$/.test(after.toLowerCase());
      const keep =
        !suffix &&
        (before.includes("-") ||
        vocabulary.has(`${first}-${after}`.toLowerCase()) ||
        (!vocabulary.has(joined) && vocabulary.has(first.toLowerCase()) && vocabulary.has(after.toLowerCase()) && first.length > 2));
      out = keep ? `${out}${line}` : `${out.slice(0, -1)}${line}`;
    } else if ((m || /\p{L}[–—]$/u.test(out)) && next && /^\p{Lu}/u.test(next[1]!)) {
      // (Before a capital the hyphen joins two names, no word broken: "ICREA-" / "Universitat Pompeu Fabra", "Baden-" / "Württemberg";
      // so does a dash set close after a word: "Central Office–" / "Research Centre".)
      out = `${out}${line}`;
    } else if ((/@[\w-]+(?:\.[\w-]+)*\.$/.test(out) && /^[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}\b/.test(line)) || (/\S[[({](?:at|dot)[\])}]$/.test(out) && /^[a-z\d-]+\b/.test(line))) {
      // An e-mail address the line cut after a dot of its domain: "sean.higgins@kellogg." + "northwestern.edu",
      // or, masked against harvesters, after its "[at]" or "[dot]": "schmid[at]unibe[dot]" + "ch".
      out = `${out}${line}`;
    } else if (/(?:(?<!\p{L})\p{Lu}{2,}|\d)-$/u.test(out.slice(-40)) && /^\d/.test(line)) {
      // A name in capitals and its number, or a number of two parts, cut at the hyphen between them: "COVID-" + "19",
      // a ZIP code's "94305-" + "5015".
      out = `${out}${line}`;
    } else {
      out = `${out} ${line}`;
    }
  }
  return normalizeSpace(out);
}

/**
 * Every word of the text (lower case; hyphenated compounds also whole), for `joinLines`. The
 * pieces of a word broken at a line end ("underly-" / "ing") are not words, so they are left out.
 */
export function vocabularyOf(texts: string[]) {
  const words = new Set<string>();
  let broken = false;
  for (const t of texts) {
    const tokens = t.toLowerCase().match(/[\p{L}]+(?:-[\p{L}]+)*-?/gu) ?? [];
    for (const [i, w] of tokens.entries()) {
      if (w.endsWith("-") || (i === 0 && broken)) continue;
      words.add(w);
      for (const part of w.split("-")) words.add(part);
    }
    broken = /\p{L}-$/u.test(t.trim());
  }
  return words;
}

/** Levenshtein similarity in [0, 1] (1 = equal), the measure the accuracy targets use. */
export function similarity(a: string, b: string) {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** Joins spans left to right, with a space where the printed gap is one. */
/**
 * Whether the space a piece of a line ends with is none: the next piece's small letter is set back over it (by a fifth of
 * an em) after a name's first letters, as TeX's loose accent splits "Zs " from "ófia". Not after a word, whose space before
 * an accented word is real: "sciences " and "économiques", "Gazdasági " and "és".
 */
export const looseAccentSpace = (before: string, after: string, gap: number, size: number) =>
  /(?:^|\s)\p{Lu}\p{Ll}{0,2}\s$/u.test(before) && /^\p{Ll}/u.test(after) && gap < -size * 0.2;

/**
 * The most characters a line keeps. No page prints a line of more than a few hundred, and a Word document's
 * paragraph (its line here) of more than a few thousand is no title, name, address or abstract; a longer
 * one is cut, so that the readers' patterns see text of a bounded length whatever a file holds.
 */
export const MAX_LINE_CHARS = 5_000;

export function joinSpans(spans: Array<Pick<Span, "text" | "x" | "width" | "size">>) {
  let text = "";
  let end = -Infinity;
  for (const s of spans) {
    const gap = s.x - end;
    if (text && !/\s$/.test(text) && !/^\s/.test(s.text) && gap > s.size * 0.15) text += " ";
    if (looseAccentSpace(text, s.text, gap, s.size)) text = text.trimEnd();
    text += s.text;
    end = s.x + s.width;
    // (Read on to twice the cut only: the fold below can shorten what is read, runs of white space becoming one.)
    if (text.length > MAX_LINE_CHARS * 2) break;
  }
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_LINE_CHARS);
}

/** Words that open a sentence and follow no abbreviation: "The", "We", "This", "Any". */
const SENTENCE_OPENER = /^(?:The|We|This|These|Those|Our|All|Any|I|He|She|They|It|Its|Their|His|Her|Views|Opinions|Correspondence|Contact|E-?mail)\b/;
/** A street address that opens the text after a full stop (`STREET_NEXT`). */
const STREET_AFTER = new RegExp(`^${STREET_NEXT}`, "u");

/**
 * A footnote's sentences: split after a full stop, but not after an initial or an abbreviation ("J.", "St.", "Univ."),
 * nor before a street that goes on with the place ending there (`STREET_AFTER`); and after an e-mail address that a
 * capital follows ("* Correspondence: a@gu.se" / "Department of …").
 * (The address's look-behind is tried only where a space follows: on a long unbroken token it would
 * scan back from every character.)
 */
export function sentences(text: string) {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/\.\s+(?=\p{Lu})|(?=\s)(?<=@[\w-]+(?:\.[\w-]+)+)\s+(?=\p{Lu})/gu)) {
    if (!m[0].startsWith(".")) {
      out.push(text.slice(start, m.index));
      start = m.index + m[0].length;
      continue;
    }
    // (The word before the stop, found from the stop back: splitting all from the sentence's start at each
    // stop passed over read a long run of initials again and again.)
    let wordStart = m.index;
    while (wordStart > start && !/\s/.test(text[wordStart - 1]!)) wordStart--;
    const before = text.slice(wordStart, m.index);
    // (An initial, a short abbreviation or initials run together; not an acronym in capitals, which
    // ends a sentence as any word does: "… AQR Capital Management, and NBER. Lasse Heje Pedersen is …".)
    // (Unless a short word, not an initial, is followed by a sentence's opening word: "… Bank of New York. The authors
    // thank …"; "Z. He are with …" and "J. I. Smith" are initials.)
    if (/^(?:\p{Lu}\p{Ll}{0,3}|(?:\p{Lu}\.)+\p{Lu})$/u.test(before) && !(/^\p{Lu}\p{Ll}{1,3}$/u.test(before) && SENTENCE_OPENER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 12)))) continue;
    // (Nor the stop of a place its street follows: "… London School of Economics. Houghton Street, London WC2A 2AE".)
    if (STREET_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 80))) continue;
    out.push(text.slice(start, m.index + 1));
    start = m.index + m[0].length;
  }
  out.push(text.slice(start));
  return out.map((t) => t.trim()).filter(Boolean);
}

/** A text's letters and digits alone, folded and in lower case: how a title printed twice is compared ("Liquidity, Risk:" ~ "LIQUIDITY RISK"). */
export const letterKey = (t: string) => fold(t).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * How many lines from `from` on, four at most, spell `want` (a text's `letterKey`) whole and nothing more, run
 * together; 0 where no run of them does. A title printed again as lines of its own.
 */
export function linesSpelling(lines: ReadonlyArray<{ text: string }>, from: number, want: string, most = 4): number {
  let got = "";
  for (let j = from; j < Math.min(lines.length, from + most); j++) {
    got += letterKey(lines[j]!.text);
    if (got === want) return j - from + 1;
    if (!want.startsWith(got)) return 0;
  }
  return 0;
}

/** The small words of an institution's or a place's name, in lower case in any language. */
export const SMALL_WORDS = /^(?:of|and|for|the|de|di|da|del|der|des|du|la|le|y|e|et|und|für|in|at|on|am|an|zu|van|von|do|dos)$/;
/** Most of a text's words begin with a capital (the small words of a name aside): "Dpto. Química, Univ San Pablo CEU", not "The views". */
export function capitalised(t: string) {
  const words = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !SMALL_WORDS.test(w));
  return words.filter((w) => /^\p{Lu}/u.test(w)).length > words.length / 2;
}
/** Running text, not an address: most of its words begin in lower case ("may include laboratory tests to provide …"). */
export function isProse(t: string) {
  const words = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const lower = words.filter((w) => /^\p{Ll}/u.test(w) && !SMALL_WORDS.test(w));
  return words.length >= 6 && lower.length / words.length > 0.4;
}

/** The items of a printed list: "A, B, and C", "A and B", "A; B". */
export const listItems = (text: string) =>
  text
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*;\s*/)
    .map((item) => item.trim())
    .filter(Boolean);
