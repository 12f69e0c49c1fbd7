/**
 * The name model: who the people on a line of names are. Each token of the line (a
 * word, an initial, a marker, a comma) is labelled as the given name that begins a person, a
 * given name that goes on, the family name that begins a person (lists printed family name
 * first), a family name that goes on, a footnote marker, a degree or post, or nothing, from its
 * shape (capitals, initials, raised), the known given and family names, particles, degrees,
 * institution and country words, and where it stands between the list's separators; its
 * neighbours' too. A small model trained on GROBID's annotated author lines
 * (`scripts/corpus/train-names.mjs`) weighs the features, and the labels are read as the best
 * sequence the training lines allow (no line starts with a given name that "goes on", a marker
 * does not begin a name…).
 *
 * It answers where the rules had to enumerate: where one person ends and the next begins, which
 * markers are whose, compound family names ("Nguemeni Tiako", "Bin Mahmood"), family names in
 * capitals first, posts and degrees between the names ("Member, IEEE"). `namesOnLine` in
 * `person-names.ts` decides how it and the rules share a line (decision 036).
 */
import { countryNamed } from "./countries";
import { isFamilyName, isGivenName } from "./lexicon";
import type { Line } from "./model";
import { DEGREES, GENERATIONAL, INSTITUTION, NOT_LETTER_MARKERS, NOT_NAME_WORDS, PARTICLES, SYMBOL } from "./patterns";
import { ensemble, type LabellerWeights } from "./mlp";
import { fixLigatures, looseAccentSpace } from "./text";
import { NAME_MODELS, NAME_TRANSITIONS } from "./names.weights";

/** What a token is: a given name beginning a person (BG) or going on (G), the same for family names (BF, F), a marker, a degree or post (role), nothing. */
export const NAME_LABELS = ["BG", "G", "BF", "F", "marker", "role", "other"] as const;
export type NameLabel = (typeof NAME_LABELS)[number];

export type NameToken = { text: string; sup: boolean; space: boolean; span: number };

// (The Dutch particle "’t", het, is a word with its apostrophe: "Marieke van ’t Lindt", "VAN ’T LINDT".)
const TOKEN = /['’][tT](?![\p{L}\p{M}])|[\p{L}\p{M}](?:[\p{L}\p{M}'’.-]*[\p{L}\p{M}.])?|\d+|\S/gu;

/**
 * A line's tokens in print order: raised spans apart from the text, a space where the spans or
 * the text leave one. Spans set close together are read as one text ("M" and "." are "M.").
 * `span` is the index of the span the token starts in.
 */
export function nameTokens(line: Line): NameToken[] {
  // Runs of spans: the same raise, no gap between them.
  const runs: Array<{ text: string; from: number[]; sup: boolean; gap: boolean }> = [];
  let end = -Infinity;
  line.spans.forEach((s, index) => {
    if (!s.text) return;
    const gap = s.x - end > s.size * 0.15;
    const last = runs[runs.length - 1];
    if (last && last.sup === s.sup && !gap) {
      // (Not a space the next piece's letters are set over, as TeX's loose accent leaves one: "Zs " and "ófia" are "Zsófia".)
      if (looseAccentSpace(last.text, s.text, s.x - end, s.size)) (last.text = last.text.slice(0, -1)), last.from.pop();
      last.text += s.text;
      last.from.push(...[...s.text].map(() => index));
    } else runs.push({ text: s.text, from: [...s.text].map(() => index), sup: s.sup, gap: runs.length > 0 && gap });
    if (/\S/.test(s.text)) end = s.x + s.width;
  });
  const tokens: NameToken[] = [];
  for (const run of runs) {
    // (Indexes in code units: the run's text is matched as UTF-16, `from` counts code points.)
    const units = [...run.text].flatMap((c, i) => Array(c.length).fill(run.from[i]!) as number[]);
    run.text.replace(TOKEN, (text: string, at: number) => {
      const space = at === 0 ? run.gap : /\s/.test(run.text[at - 1]!);
      tokens.push({ text, sup: run.sup, space, span: units[at]! });
      return text;
    });
  }
  return tokens;
}

const CONJUNCTION = /^(?:and|&|et|und|AND|ET|UND)$/;
const SEPARATOR = (t: NameToken) => /^[,;•·|—–]$/.test(t.text) || CONJUNCTION.test(t.text);
const ROLE_WORD = /^(?:Dr|Prof|Professor|Member|Senior|Fellow|Student|Life|IEEE|ACM|SIAM|MD|PhD|Mr|Mrs|Ms|Sir|Dra|by|authors?|Jr|Sr)\.?$/i;

/** Which words are known given and family names (training asks lexicons that never saw the line). */
export type NameLexicon = { given: (word: string) => boolean; family: (word: string) => boolean };
const LEXICON: NameLexicon = { given: isGivenName, family: isFamilyName };

/** One token's facts: its shape, what the lexicons know of it, and where it stands between separators. */
function tokenFacts(t: NameToken, k: number, tokens: NameToken[], segmentAt: number[], segmentLength: number[], lexicon: NameLexicon) {
  const w = t.text;
  const bare = w.replace(/\.$/, "");
  const letters = /\p{L}/u.test(w);
  const word = letters && !t.sup;
  const at = segmentAt[k]!;
  const length = segmentLength[k]!;
  return [
    t.sup ? 1 : 0,
    t.space ? 1 : 0,
    /^\p{Lu}\p{Ll}/u.test(w) ? 1 : 0,
    /^\p{Lu}[\p{Lu}'’-]+\.?$/u.test(w) && bare.length >= 2 ? 1 : 0,
    /^(?:\p{Lu}\.?-?)+$/u.test(w) && bare.replace(/[.-]/g, "").length <= 3 && (bare.length === 1 || /\./.test(w)) ? 1 : 0,
    /^\p{Ll}/u.test(w) ? 1 : 0,
    /\.$/.test(w) ? 1 : 0,
    /\p{L}-\p{L}/u.test(w) ? 1 : 0,
    /^\d+$/.test(w) ? 1 : 0,
    w === "," ? 1 : 0,
    w === ";" ? 1 : 0,
    !letters && !/\d/.test(w) && !/^[,;]$/.test(w) && !SYMBOL.test(w) ? 1 : 0,
    SYMBOL.test(w) && !letters ? 1 : 0,
    CONJUNCTION.test(w) ? 1 : 0,
    word && bare.length > 1 && lexicon.given(bare) ? 1 : 0,
    word && bare.length > 1 && lexicon.family(bare) ? 1 : 0,
    PARTICLES.has(w.toLowerCase()) ? 1 : 0,
    word && (DEGREES.test(w) || GENERATIONAL.test(w)) ? 1 : 0,
    ROLE_WORD.test(w) ? 1 : 0,
    word && INSTITUTION.test(w) ? 1 : 0,
    word && NOT_NAME_WORDS.has(w.toLowerCase()) ? 1 : 0,
    word && bare.length > 2 && countryNamed(bare) !== null ? 1 : 0,
    letters && bare.length === 1 ? 1 : 0,
    Math.min(bare.length, 12) / 12,
    /\p{Script=Greek}/u.test(w) ? 1 : 0,
    /^[a-h]$/.test(w) ? 1 : 0,
    /'|’/.test(w) ? 1 : 0,
    /[@:/]/.test(w) ? 1 : 0,
    k === 0 ? 1 : 0,
    k === tokens.length - 1 ? 1 : 0,
    word && at === 0 ? 1 : 0,
    word && at === length - 1 ? 1 : 0,
    word ? Math.min(length, 6) / 6 : 0,
    word && length === 2 ? 1 : 0,
    word ? Math.min(at, 4) / 4 : 0,
  ];
}

const FACTS = 35;
const WINDOW = [-2, -1, 1, 2];

/** Each token's features: its own facts, its neighbours' (two on each side), and whether there is one. */
export function nameFeatures(tokens: NameToken[], lexicon: NameLexicon = LEXICON): number[][] {
  // Where each word stands among the words between two separators (commas, "and", raised markers).
  const segmentAt: number[] = [];
  const segmentLength: number[] = [];
  let start = 0;
  let words: number[] = [];
  const close = (k: number) => {
    words.forEach((i, n) => ((segmentAt[i] = n), (segmentLength[i] = words.length)));
    for (let i = start; i < k; i++) if (segmentAt[i] === undefined) (segmentAt[i] = 0), (segmentLength[i] = words.length);
    words = [];
    start = k;
  };
  tokens.forEach((t, k) => {
    if (SEPARATOR(t) || t.sup) {
      close(k);
      segmentAt[k] = 0;
      segmentLength[k] = 0;
      start = k + 1;
    } else if (/\p{L}/u.test(t.text)) words.push(k);
  });
  close(tokens.length);
  const facts = tokens.map((t, k) => tokenFacts(t, k, tokens, segmentAt, segmentLength, lexicon));
  const none = Array(FACTS + 1).fill(0);
  none[FACTS] = 1;
  return facts.map((f, k) => [...f, ...WINDOW.flatMap((d) => (facts[k + d] ? [...facts[k + d]!, 0] : none))]);
}

/** What reads a line of names: the shipped models and lexicon, or (training's cross-fitting) ones that never saw the line. */
export type NameReader = { models?: LabellerWeights[]; lexicon?: NameLexicon };
/** The lexicon a reader asks: its own, or the shipped one. */
export const lexiconOf = (reader: NameReader = {}): NameLexicon => reader.lexicon ?? LEXICON;

/** Each token's probability of each label: the models' geometric mean. */
export function nameProbabilities(tokens: NameToken[], reader: NameReader = {}): number[][] {
  return nameFeatures(tokens, lexiconOf(reader)).map((x) => ensemble(reader.models ?? NAME_MODELS, x));
}

/** The most likely labels, read as a sequence: the model's probabilities, transitions the training lines never show ruled out (`transitions`: log weights, row = the label before, last row = the line's start). */
export function decodeNames(probabilities: number[][], transitions: number[][] = NAME_TRANSITIONS): NameLabel[] {
  const n = NAME_LABELS.length;
  const start = n; // the row of transitions from the line's start
  let score = NAME_LABELS.map((_, c) => Math.log(Math.max(probabilities[0]![c]!, 1e-9)) + transitions[start]![c]!);
  const back: number[][] = [];
  for (let k = 1; k < probabilities.length; k++) {
    const next: number[] = [];
    const from: number[] = [];
    for (let c = 0; c < n; c++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < n; p++) {
        const s = score[p]! + transitions[p]![c]!;
        if (s > best) (best = s), (arg = p);
      }
      next.push(best + Math.log(Math.max(probabilities[k]![c]!, 1e-9)));
      from.push(arg);
    }
    score = next;
    back.push(from);
  }
  let c = score.indexOf(Math.max(...score));
  const labels = [c];
  for (let k = back.length - 1; k >= 0; k--) labels.unshift((c = back[k]![c]!));
  return labels.map((i) => NAME_LABELS[i]!);
}

/** A person read: given and family names, the name as printed (its tokens in order), whether the family name came first, the markers, the least sure label. */
export type NamedPerson = { firstName: string; lastName: string; printed: string; inverted: boolean; markers: string[]; confidence: number };

const join = (tokens: NameToken[]) => tokens.map((t, k) => (k > 0 && t.space ? " " : "") + t.text).join("");
/** A name's word in capitals title-cased: "LUM-KWONG" → "Lum-Kwong", "O'BRIEN" → "O'Brien", "McGUIRE" → "McGuire", "MCCULLY" → "McCully" (a "Mc" name's next letter is a capital; "Mac" may or may not be, and is left as printed or in lower case). */
/** A family name with the generational suffixes printed after it ("Knotek" and "II": "Knotek II"), each set as names are ("JR" is "Jr.", "iii" is "III"). */
export const withSuffixes = (family: string, suffixes: readonly string[]) => [family, ...suffixes.map((x) => (/^[js]r\.?$/i.test(x) ? `${titleCase(x.replace(/\.$/, ""))}.` : x.toUpperCase()))].join(" ");
/** A family name without the generation printed after it: "Knotek II" is "Knotek", as a note or another list may print it. */
export const withoutGeneration = (name: string) => {
  const words = name.trim().split(/,?\s+/);
  return words.length > 1 && GENERATIONAL.test(words[words.length - 1]!) ? words.slice(0, -1).join(" ") : name.trim();
};

export const titleCase = (word: string) =>
  /^(?:Mc|Mac)\p{Lu}{2,}$/u.test(word)
    ? word.replace(/^(Ma?c\p{Lu})(\p{Lu}+)$/u, (_, head: string, rest: string) => head + rest.toLowerCase())
    : word
        .toLowerCase()
        .replace(/(^|[-'’.])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
        .replace(/(^|-)Mc(\p{Ll})/gu, (_, sep: string, c: string) => `${sep}Mc${c.toUpperCase()}`);
/** A name's words in capitals title-cased (`titleCase`: "LUM-KWONG" → "Lum-Kwong", "MCCULLY" → "McCully"); initials stay ("TJ"). */
const titleCased = (text: string) => text.replace(/\p{Lu}[\p{Lu}'’-]{2,}/gu, titleCase);

/**
 * The people a line of names prints, in order, each with the markers after the name (a marker
 * before the first name is the line's, and is left); confidence is the least probable label of
 * the person's name tokens.
 */
export function readNames(line: Line, reader: NameReader = {}): NamedPerson[] {
  // Labels are no names: "Authors:" or "By" before the list, the abstract's label after it (two
  // columns read across: "… and Michael Jordan Abstract"); nor is an ORCID badge glued to a name ("LinID").
  const all = nameTokens(line).map((t) => (/^\p{Lu}\p{Ll}+ID$/u.test(t.text) ? { ...t, text: t.text.slice(0, -2) } : t));
  const tokens = all.filter((t, k) => !(k < 2 && /^(?:authors?|by)$/i.test(all[0]!.text) && (k === 0 || t.text === ":")) && !(k === all.length - 1 && /^(?:Abstract|ABSTRACT|Summary|SUMMARY)$/.test(t.text)));
  if (!tokens.length) return [];
  const probabilities = nameProbabilities(tokens, reader);
  const labels = decodeNames(probabilities);
  // The model says where each person begins; a person's name runs on to the next separator, marker
  // or degree, every word of it the name's whatever label it got ("Rui Miguel Ferreira da Costa":
  // a word inside a name the model doubts is still the name's).
  const people: Array<{ given: NameToken[]; family: NameToken[]; name: NameToken[]; markers: string[]; suffixes: string[]; sure: number; open: boolean; comma: boolean }> = [];
  labels.forEach((modelLabel, k) => {
    const t = tokens[k]!;
    // Small letters printed on the line after a name are its markers ("Paul Doukhan ab"), unless a particle ("da", "de").
    const label: NameLabel = modelLabel !== "BG" && modelLabel !== "BF" && /^[a-h]{1,3}$/.test(t.text) && !PARTICLES.has(t.text) && !NOT_LETTER_MARKERS.test(t.text) && (!tokens[k + 1] || SEPARATOR(tokens[k + 1]!) || tokens[k + 1]!.sup) ? "marker" : modelLabel;
    const p = probabilities[k]![NAME_LABELS.indexOf(modelLabel)]!;
    const name = label === "BG" || label === "G" || label === "BF" || label === "F";
    if (label === "BG" || label === "BF" || (name && !people.length)) people.push({ given: [], family: [], name: [], markers: [], suffixes: [], sure: 1, open: true, comma: false });
    const person = people[people.length - 1];
    if (!person) return;
    if (label === "marker" && !/^[,;.]$/.test(t.text)) person.markers.push(t.text.replace(/∗/g, "*"));
    // (A hyphen set apart goes on with the name: "Zolla -Pazner", "Ken- ichiro", "Camina - Tato".)
    const hyphen = /^[-‐]$/.test(t.text) && person.open && person.name.length > 0;
    // (A generational suffix right after the family name goes with it: "Edward S. Knotek II".)
    if (label === "role" && person.open && person.family.length && GENERATIONAL.test(t.text)) person.suffixes.push(t.text);
    if (t.sup || label === "marker" || label === "role" || SEPARATOR(t) || (!/\p{L}/u.test(t.text) && !hyphen)) {
      person.open = false;
      return;
    }
    // "Groppe, David M.": given names that go on after the comma closing a family name are that person's.
    if (!person.open && (label === "G" || label === "F") && !person.given.length && person.family.length && !person.markers.length && SEPARATOR(tokens[k - 1]!)) person.open = person.comma = true;
    if (!person.open) return;
    if (name) (label === "BG" || label === "G" ? person.given : person.family).push(t);
    else if (hyphen) (person.family.length ? person.family : person.given).push(t);
    person.name.push(t);
    if (!hyphen) person.sure = Math.min(person.sure, name ? p : 1 - p);
  });
  // A name does not end on a particle: "Alex da" / "Silva Curiel" read as two people are one ("Alex da Silva Curiel").
  for (let k = people.length - 2; k >= 0; k--) {
    const [p, q] = [people[k]!, people[k + 1]!];
    const last = p.name[p.name.length - 1];
    const between = last && q.name[0] ? tokens.slice(tokens.indexOf(last) + 1, tokens.indexOf(q.name[0])) : [null];
    if (last && PARTICLES.has(last.text) && /^\p{Ll}/u.test(last.text) && !between.length && !p.markers.length) {
      people.splice(k, 2, { ...p, family: [...p.family, ...q.given, ...q.family], name: [...p.name, ...q.name], markers: q.markers, suffixes: q.suffixes, sure: Math.min(p.sure, q.sure), open: q.open, comma: q.comma });
    }
  }
  return people
    .filter((p) => p.family.length && /\p{L}{2}/u.test(join(p.family)))
    .map((p) => ({
      firstName: titleCased(join(p.given).replace(/\s*-\s*/g, "-")),
      lastName: withSuffixes(titleCased(join(p.family).replace(/\s*-\s*/g, "-")), p.suffixes),
      printed: fixLigatures([join(p.name).replace(/\s*-\s*/g, "-"), ...p.suffixes].join(" ")),
      // Family name first: in capitals before given names that are not ("MENG Wei"), or before a comma ("Groppe, David M.").
      inverted: p.name[0] === p.family[0] && p.given.length > 0 && (p.comma || (p.family.every((t) => /^\p{Lu}[\p{Lu}'’-]+$/u.test(t.text)) && p.given.some((t) => /\p{Ll}/u.test(t.text)))),
      markers: p.markers,
      confidence: p.sure,
    }));
}
