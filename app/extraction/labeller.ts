/**
 * The line labeller: what each line of a manuscript's first pages is (title, author,
 * e-mail, affiliation, abstract, keywords or other), from its layout (size against the body
 * text, position, gaps, boldness, centring, markers) and its words (capitals, known given and
 * family names, institution words, countries, labels), its neighbours' too. A small model
 * trained on labelled lines (`scripts/corpus/train.mjs`) weighs the features; the rules in
 * the field readers (title.ts, authors.ts, abstract.ts) ask it where they would otherwise guess.
 */
import { countryIn } from "./countries";
import { isFamilyName, isGivenName } from "./lexicon";
import { middleOf } from "./layout";
import type { Document, Line } from "./model";
import { ABSTRACT_LABEL, HEADING_WORD, INSTITUTION, JEL_LABEL, KEYWORDS_LABEL, MONTH_DATE, NOISE, bodySize, lowerCaseWords } from "./patterns";
import { LABELLERS } from "./labeller.weights";
import { ensemble, type LabellerWeights } from "./mlp";

export const LABELS = ["title", "author", "email", "affiliation", "abstract", "keywords", "other"] as const;
export type Label = (typeof LABELS)[number];
export type LineLabels = Array<Record<Label, number>>;

const LETTER = /salutation|^dear\b|sincerely|yours (?:faithfully|truly)|\beditor\b|we (?:are pleased to )?submit|enclosed|cover letter|highlights/i;
const WORD = /[\p{L}][\p{L}'’.-]*/gu;

/** Per-line facts the features are made of. */
function lineFacts(l: Line, doc: Pick<Document, "pageWidth" | "pageHeight" | "kind">, body: number, top: number, lowerWords: Set<string>) {
  const text = l.text.trim();
  const words = text.match(WORD) ?? [];
  const n = Math.max(1, words.length);
  const caps = words.filter((w) => /^\p{Lu}/u.test(w)).length / n;
  const allCaps = words.filter((w) => w.length > 1 && w === w.toUpperCase() && /\p{Lu}/u.test(w)).length / n;
  const lower = words.filter((w) => /^\p{Ll}/u.test(w)).length / n;
  const given = words.filter((w) => w.length > 1 && isGivenName(w)).length / n;
  const family = words.filter((w) => w.length > 1 && isFamilyName(w)).length / n;
  const common = words.filter((w) => w.length > 2 && lowerWords.has(w.toLowerCase())).length / n;
  const centered = doc.kind === "docx" ? Boolean(l.centered) : Math.abs(middleOf(l) - doc.pageWidth / 2) < doc.pageWidth * 0.04 && l.width < doc.pageWidth * 0.6;
  return [
    Math.log(Math.max(l.size, 1) / body),
    l.size >= top - 0.3 ? 1 : 0,
    l.size > body + 0.6 ? 1 : 0,
    l.size < body - 0.6 ? 1 : 0,
    l.bold ? 1 : 0,
    l.italic ? 1 : 0,
    centered ? 1 : 0,
    Math.min(1, l.width / (doc.pageWidth * 0.7)),
    l.y / doc.pageHeight,
    Math.log(1 + words.length),
    caps,
    allCaps,
    lower,
    /\d/.test(text) ? 1 : 0,
    /@/.test(text) ? 1 : 0,
    l.spans.find((s) => s.text.trim())?.sup || /^[*∗†‡§¶]/.test(text) ? 1 : 0,
    l.spans.some((s) => s.sup) ? 1 : 0,
    Math.min(3, (text.match(/,/g) ?? []).length) / 3,
    /\band\b|&/.test(text) ? 1 : 0,
    /[.:]$/.test(text) ? 1 : 0,
    given,
    family,
    common,
    INSTITUTION.test(text) ? 1 : 0,
    countryIn(text) ? 1 : 0,
    ABSTRACT_LABEL.test(text) ? 1 : 0,
    KEYWORDS_LABEL.test(text) ? 1 : 0,
    JEL_LABEL.test(text) && /[A-Z]\d/.test(text) ? 1 : 0,
    NOISE.test(text) || MONTH_DATE.test(text) ? 1 : 0,
    LETTER.test(text) ? 1 : 0,
    HEADING_WORD.test(text) ? 1 : 0,
    text.length > 70 ? 1 : 0,
    /\(|\)/.test(text) ? 1 : 0,
  ];
}

/** The features of every line: its own facts, its neighbours', and where it stands in the document. */
export function lineFeatures(lines: Line[], doc: Pick<Document, "pageWidth" | "pageHeight" | "kind">): number[][] {
  const body = bodySize(lines);
  const firstPage = lines[0]?.page ?? 1;
  const top = Math.max(0, ...lines.filter((l) => l.page === firstPage).map((l) => l.size));
  const lowerWords = lowerCaseWords(lines, { webAddresses: true });
  const facts = lines.map((l) => lineFacts(l, doc, body, top, lowerWords));
  const abstractAt = lines.findIndex((l) => ABSTRACT_LABEL.test(l.text));
  const headingAt = lines.findIndex((l) => HEADING_WORD.test(l.text));
  const empty = facts[0]?.map(() => 0) ?? [];
  // Where each page's largest text first appears: a line below it comes after the title.
  const firstLargest = new Map<number, number>();
  lines.forEach((l, i) => {
    if (l.size >= top - 0.3 && !firstLargest.has(l.page)) firstLargest.set(l.page, i);
  });
  return lines.map((l, i) => {
    const prev = lines[i - 1];
    const next = lines[i + 1];
    const gap = (a: Line | undefined, b: Line | undefined) => (a && b && a.page === b.page ? Math.max(0, Math.min(6, (b.y - a.y) / Math.max(a.size, 1))) : 6);
    const context = [
      gap(prev, l) / 6,
      gap(l, next) / 6,
      prev && Math.abs(prev.size - l.size) < 0.4 ? 1 : 0,
      next && Math.abs(next.size - l.size) < 0.4 ? 1 : 0,
      l.page === firstPage ? 1 : 0,
      Math.min(1, i / 60),
      abstractAt < 0 ? 0.5 : i < abstractAt ? 0 : i === abstractAt ? 0.5 : 1,
      headingAt < 0 ? 0.5 : i < headingAt ? 0 : 1,
      i > (firstLargest.get(l.page) ?? Infinity) ? 1 : 0,
    ];
    return [...facts[i]!, ...(i > 0 ? facts[i - 1]! : empty), ...(i + 1 < lines.length ? facts[i + 1]! : empty), ...context];
  });
}

/**
 * Each line's probability of each label: the models' geometric mean (a few trained alike from
 * different seeds; one alone swings with its seed where the rules ask "is it sure?").
 */
export function labelLines(lines: Line[], doc: Pick<Document, "pageWidth" | "pageHeight" | "kind">, models: LabellerWeights[] = LABELLERS): LineLabels {
  // Without a model (to measure the rules alone): no evidence either way; a name line is not ruled out.
  if (!models.length || !models[0]!.out.length) return lines.map(() => Object.fromEntries(LABELS.map((l) => [l, l === "author" ? 0.5 : 0])) as Record<Label, number>);
  return lineFeatures(lines, doc).map((x) => {
    const p = ensemble(models, x);
    return Object.fromEntries(LABELS.map((l, c) => [l, p[c]!])) as Record<Label, number>;
  });
}
