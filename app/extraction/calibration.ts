/**
 * Confidences that mean what they say: for the title, the abstract and the author list, the
 * probability that the value is right, from a logistic model (Platt scaling) over the reader's own
 * score and what the value looks like. The weights are fitted on real papers' halves
 * (`npm run calibrate:extraction`, decisions 067 and 073); the reliability tables of the halves
 * they never saw (`npm run eval:extraction`) say how often a value shown as sure is wrong.
 */
import { CALIBRATION } from "./calibration.weights";
import { GENERATIONAL, PARTICLES } from "./patterns";

export type Calibrated = "title" | "abstract" | "authors";

/** What the title reader knew: its score, whether an archive's cover labelled the title, the title's text and lines, whether the first pages print it twice. */
export function titleEvidence(raw: number, text: string, { fromCover, lines, repeated }: { fromCover: boolean; lines: number; repeated: boolean }): number[] {
  const words = text.split(/\s+/).filter(Boolean);
  const letters = text.replace(/[^\p{L}]/gu, "");
  return [
    raw,
    fromCover ? 1 : 0,
    Math.log(1 + words.length) / 3,
    letters.length > 3 && letters === letters.toUpperCase() ? 1 : 0,
    /\b(?:and|of|the|in|for|to|on|with|by|from|at|a|an)$/i.test(text.trim()) ? 1 : 0,
    lines >= 3 ? 1 : 0,
    /[@©]|\d{4,}|https?:|\bwww\./i.test(text) ? 1 : 0,
    // (Printed again elsewhere on the first pages, a cover's or a running head's copy: two zones agree.)
    repeated ? 1 : 0,
  ];
}

/** What the abstract reader knew: its score, whether a label began it, whether a column bounded it, the text's length and ends. */
export function abstractEvidence(raw: number, text: string, { labelled, column }: { labelled: boolean; column: boolean }): number[] {
  const words = text.split(/\s+/).filter(Boolean).length;
  return [
    raw,
    labelled ? 1 : 0,
    column ? 1 : 0,
    words < 50 ? 1 : 0,
    words > 350 ? 1 : 0,
    /[.!?)"”’]$/.test(text.trim()) ? 1 : 0,
    /^\p{Ll}/u.test(text.trim()) ? 1 : 0,
  ];
}

/**
 * What the author reader knew: its least sure name, how many it read, whether an archive's cover
 * named them, how many have an e-mail, how many the first pages name on two lines or more, how
 * many words of the names' own lines no name took, and whether a name's given and family parts
 * could be parted elsewhere (`splitInDoubt`).
 */
export function authorsEvidence(
  confidences: number[],
  { fromCover, withEmail, namedTwice, unexplained, splitDoubted }: { fromCover: boolean; withEmail: number; namedTwice: number; unexplained: number; splitDoubted: number },
): number[] {
  const n = confidences.length;
  return [n ? Math.min(...confidences) : 0, n >= 6 ? 1 : 0, n >= 10 ? 1 : 0, fromCover ? 1 : 0, n ? withEmail / n : 0, n === 1 ? 1 : 0, n ? namedTwice / n : 0, Math.min(unexplained, 3) / 3, splitDoubted ? 1 : 0];
}

/**
 * Whether a name of three words or more has a whole word between its first and its last that is no initial and no
 * particle (which opens a family name), so that the given name may end before it or after it: "Ryan Meek McGregor" (family "Meek McGregor") as
 * "Jing Cynthia Wu" (given "Jing Cynthia"). Which it is the page rarely says; the confidence should.
 */
export function splitInDoubt(firstName: string, lastName: string): boolean {
  const words = `${firstName} ${lastName}`.split(/\s+/).filter((w) => w && !GENERATIONAL.test(w));
  return words.slice(1, -1).some((w) => !/^\p{Lu}\.?(?:-\p{Lu}\.?)?$/u.test(w) && !PARTICLES.has(w.toLowerCase()));
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability that a value is right, from its evidence; the reader's own score where no weights are fitted. */
export function calibrated(field: Calibrated, evidence: number[], weights: Record<string, number[]> = CALIBRATION): number {
  const w = weights[field];
  if (!w || w.length !== evidence.length + 1) return evidence[0] ?? 0;
  const p = sigmoid(w[0]! + evidence.reduce((s, x, i) => s + x * w[i + 1]!, 0));
  return Math.round(p * 100) / 100;
}

/**
 * A field's confidence from the labeller's agreement with the rules: the mean probability the
 * labeller gives the field's lines, on top of what the rules' own evidence (a label, sizes) is
 * worth. Calibrated on the corpus's held-out half: `npm run eval:extraction` reports how often a
 * high-confidence value is wrong.
 */
export function confidenceOf(probabilities: number[], floor: number) {
  const mean = probabilities.length ? probabilities.reduce((s, p) => s + p, 0) / probabilities.length : 0;
  return Math.round((floor + (0.98 - floor) * mean) * 100) / 100;
}
