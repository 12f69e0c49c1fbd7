/**
 * GROBID's annotated author lines (kermitt2/grobid, Apache-2.0: `name/header/corpus`): 1,117
 * title pages' author fields as printed, every token marked as a given name (forename,
 * middlename), a family name (surname), a footnote marker, a degree or post (roleName), a suffix,
 * or nothing (commas, "and", "by"), each person's tokens in a persName. Most of these documents
 * are not among the annotated headers (`headers.mjs`), so they are the largest real sample of how
 * author lines are printed that this project has.
 *
 * They are split as everything learned from GROBID is (`split.mjs`, by the document's name): the
 * name model learns from the development half only and is measured on the held-out half.
 *
 * A line of the engine is rebuilt from each field: one span per piece of text, a marker raised
 * (as most title pages print them; the rules and the model both also read markers on the line),
 * rows joined at GROBID's line breaks as the engine joins a list of names that wraps.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { decode, FIXTURES } from "./headers.mjs";
import { documentId, isHeldOut } from "./split.mjs";
import { lexiconKey } from "../../app/extraction/lexicon.ts";
import { nameParts, namesOnLine, putGivenNamesFirst } from "../../app/extraction/person-names.ts";
import { lowerCaseWords } from "../../app/extraction/patterns.ts";

/**
 * A full name as names are compared: case, full stops, spacing around hyphens and apostrophes
 * aside (GROBID's tokens come back spaced around punctuation, "O 'Mara", "Kochergin - Nikitsky":
 * closed up on both sides).
 */
export const nameKey = (s) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase().normalize("NFKC").replace(/\./g, " ").replace(/\s*-\s*/g, "-").replace(/\s*['’]\s*/g, "'").replace(/\s+/g, " ").trim();

/** The tags people used, as the name model's kinds of piece (misspelt tags included). */
const KIND = { forename: "given", forenname: "given", firstname: "given", middlename: "given", surname: "family", surename: "family", marker: "marker", roleName: "role", rolename: "role", suffix: "role" };

/**
 * One author field as pieces `{ text, kind, person }`: `kind` is given, family, marker, role or
 * other; `person` the index of its persName (-1 outside one). The people, as annotated.
 */
export function readField(xml) {
  const pieces = [];
  const people = [];
  let person = -1;
  let kind = "other";
  let space = false;
  for (const m of xml.matchAll(/<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    if (m[5] !== undefined) {
      const text = decode(m[5]).replace(/\s+/g, " ");
      if (text.trim()) pieces.push({ text: text.trim(), kind, person, space: space || /^\s/.test(text) });
      space = /\s$/.test(text);
      continue;
    }
    const [, close, name] = m;
    if (name === "lb") space = true;
    else if (name === "persName") {
      if (!close) {
        person = people.length;
        people.push({ given: [], family: [] });
      } else person = -1;
    } else if (KIND[name]) kind = close ? "other" : KIND[name];
  }
  for (const p of pieces) {
    if (p.person < 0) continue;
    if (p.kind === "given") people[p.person].given.push(p.text);
    if (p.kind === "family") people[p.person].family.push(p.text);
  }
  const truth = people.filter((p) => p.family.length).map((p) => ({ firstName: p.given.join(" "), lastName: p.family.join(" ") }));
  return { pieces, truth };
}

/** The engine's Line for a field: spans laid out left to right, markers raised, text joined as printed. */
export function toLine(pieces) {
  const size = 10;
  const spans = [];
  let x = 72;
  let text = "";
  pieces.forEach((p, k) => {
    const sup = p.kind === "marker";
    // A space where the source had one, but never before punctuation that closes (", " and ".").
    const space = k > 0 && p.space && !/^[,.;)]/.test(p.text);
    if (space) x += size * 0.3;
    const width = [...p.text].length * (sup ? 3.5 : 5);
    spans.push({ text: p.text, x, y: 100, width, size: sup ? 7 : size, font: "F1", sup });
    if (!sup) text += (space && text ? " " : "") + p.text;
    x += width;
  });
  return { page: 1, x: 72, y: 100, width: x - 72, size, text, spans };
}

/** A name lexicon from its words (`{ given, family }`, as `nameLexicon` makes them), as the name model asks one; `words` keeps them. */
export function lexiconOfWords(words) {
  const [given, family] = [new Set(words.given), new Set(words.family)];
  return { given: (w) => given.has(lexiconKey(w)), family: (w) => family.has(lexiconKey(w)), words };
}

/** A line of names with its markers printed on the line ("Bobnar 1,"), as many title pages print them. */
export const onTheLine = (line) => ({ ...line, spans: line.spans.map((s) => ({ ...s, sup: false, size: line.size })) });

/**
 * People as one text to compare whole lists by: their full names in order. (A generational suffix is
 * left out on both sides: GROBID's annotation tags "Jr" as a role apart from the surname, and the
 * engine keeps it with the family name, as a form's family-name field takes it: "Yancy Jr.".)
 */
export const peopleKey = (people) => people.map((x) => nameKey(`${x.firstName} ${x.lastName}`).replace(/ (?:jr|sr|ii|iii|iv)$/, "")).join("; ");

/** The people the engine reads on one line of names (`namesOnLine`, given names first), as `peopleKey` gives them. */
export function readLineKey(line, options) {
  const found = namesOnLine(line, lowerCaseWords([line]), options).map((x) => ({ ...x }));
  putGivenNamesFirst(found);
  return peopleKey(found.map(nameParts));
}

/** The cross-fitted name models and lexicons, by the fold of the development lines they never saw (`train-names.mjs --cross --save`; `eval-extraction.mjs --cross` reads them). */
export const NAMES_CROSS = "node_modules/.cache/names-cross.json";

/** Every author field of one half of a GROBID checkout, as `{ id, pieces, truth }` (convert.mjs writes them to the fixtures). */
export function readNameFields(datasetDir, half) {
  const dir = path.join(datasetDir, "name/header/corpus");
  const fields = [];
  for (const file of readdirSync(dir).sort()) {
    if (file.startsWith("._")) continue;
    const id = documentId(file);
    if ((half === "held-out") !== isHeldOut(id)) continue;
    const xml = readFileSync(path.join(dir, file), "utf8");
    for (const [k, m] of [...xml.matchAll(/<author>([\s\S]*?)<\/author>/g)].entries()) {
      const { pieces, truth } = readField(m[1]);
      if (truth.length && pieces.length) fields.push({ id: `${id}#${k}`, pieces, truth });
    }
  }
  return fields;
}

export const namesFixture = (half) => path.join(FIXTURES, `names-${half}.json.gz`);

/** The author fields of one half from the committed fixtures, each with its line: `{ id, pieces, truth, line }` (the held-out half is for measuring only). */
export function loadNameFields(half) {
  const file = namesFixture(half);
  if (!existsSync(file)) return [];
  const { fields } = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8"));
  return fields.map((f) => ({ ...f, line: toLine(f.pieces) }));
}

/**
 * A name lexicon as the engine ships it (`app/extraction/lexicon.ts`): the words of the given and
 * the family names people annotated, lower case, at least two letters; a word seen as both is kept
 * where it was seen more often. `lexicon.mjs` writes the shipped one with it; the name model's
 * training builds one per half of its lines with it (decision 036).
 */
export function nameLexicon(givenTexts, familyTexts) {
  const [given, family] = [countNameWords(givenTexts), countNameWords(familyTexts)];
  return {
    given: [...given.keys()].filter((w) => given.get(w) >= (family.get(w) ?? 0)),
    family: [...family.keys()].filter((w) => family.get(w) > (given.get(w) ?? 0)),
  };
}

/** How often each word of some names occurs, as the lexicon counts words (lower case, at least two letters, no symbols at either end). */
export function countNameWords(texts) {
  const map = new Map();
  for (const raw of texts) {
    for (const word of raw.normalize("NFC").toLowerCase().split(/\s+/)) {
      const w = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
      if (w.length >= 2 && /^[\p{L}'’-]+$/u.test(w)) map.set(w, (map.get(w) ?? 0) + 1);
    }
  }
  return map;
}
