// `npm run eval:extraction [-- DIR …] [--verbose]`: scores the extraction engine per field, as
// the extraction's targets define it: title and abstract right at a normalised Levenshtein similarity of at
// least 0.8; the author list right when every first and last name matches in order; per-item F1
// for e-mails, affiliations, countries and keywords; for blind copies, that no author is invented.
//
// Without DIR it scores every set side by side: the shared fixtures, the project's own, and the
// generated corpus's two halves. The held-out half is for measuring only: its
// failures are never listed (--verbose lists the others'), so nobody writes rules against it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractManuscript } from "../app/extraction/index.ts";
import { readHeader } from "../app/extraction/header.ts";
import { similarity } from "../app/extraction/text.ts";
import { CONFIDENCE_BANDS } from "../app/extraction/model.ts";
import { calibrated } from "../app/extraction/calibration.ts";
import { loadHalf } from "./grobid/headers.mjs";
import { lexiconOfWords, loadNameFields, nameKey, NAMES_CROSS, onTheLine, peopleKey, readLineKey } from "./grobid/names.mjs";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const gate = args.includes("--gate");
// `--rules-alone`: names read without the name model, as before decision 036 (for the comparison it rests on).
const nameModel = !args.includes("--rules-alone");

/**
 * Issue 16's targets on a held-out half, and what `npm test` (`--gate`) holds the engine to
 * today: the target where the engine meets it, else the figure it has reached, so nothing slips
 * back while the rest is worked on. Raise a floor to its target when the engine gets there.
 */
const TARGETS = { title: 0.97, abstract: 0.95, "authors (whole list)": 0.9, emails: 0.95, keywords: 0.95, affiliations: 0.85, countries: 0.9, "blind: no invented author": 1 };
const FLOORS = TARGETS;
/** The same for real articles (GROBID's annotated headers, decision 035). */
// "author names (words)" is this project's own measure, held to the whole list's target.
const REAL_TARGETS = { title: 0.9, abstract: 0.85, "authors (whole list)": 0.8, "author names (words)": 0.8, emails: 0.85, affiliations: 0.7 };
// Every real target is met, so each floor is its target; names' words, this project's own measure,
// is held at what the engine reads. How each floor moved is in decisions 035 to 040.
const REAL_FLOORS = { title: 0.9, abstract: 0.85, "authors (whole list)": 0.8, "author names (words)": 0.79, emails: 0.85, affiliations: 0.7 };
/**
 * Real working papers and journal versions (decisions 067 and 069): their accuracy targets, and the
 * floors `npm test` holds where their PDFs are on the machine (they are not committed: restore.mjs):
 * each held-out half's figures about two documents below (0.05 of the first set's 41, 0.09 of the
 * second's 23, the third's 21, the fourth's 20, the fifth's and the sixth's 21, the seventh's 19, 0.125 of the
 * eighth's and the ninth's 16, 0.10 of the tenth's 20, 0.13 of the eleventh's and the twelfth's 15, 0.25 of the thirteenth's 8, 0.22 of the fourteenth's 9, 0.11 of the fifteenth's and the sixteenth's 19, 0.08 of the nineteenth's 25, 0.09 of the twentieth's 23, 0.08 of the twenty-first's 26, 0.09 of the twenty-second's 23, 0.10 of the twenty-third's 20, 0.09 of the twenty-fourth's and the twenty-fifth's 22, 0.08 of the twenty-sixth's 25). The
 * second to twenty-sixth sets' held-out halves were each read once, with the engine frozen (decisions 069, 071 to 092); the first's figures are from a
 * later look at it.
 */
const PAPER_TARGETS = { title: 0.95, abstract: 0.85, "authors (whole list)": 0.85, emails: 0.9, keywords: 0.85, affiliations: 0.75 };
const PAPER_FLOORS = {
  "papers held-out": { title: 0.85, abstract: 0.83, "authors (whole list)": 0.75, emails: 0.9, keywords: 0.95, affiliations: 0.52 },
  "papers 2 held-out": { title: 0.78, abstract: 0.74, "authors (whole list)": 0.78, emails: 0.9, keywords: 0.87, affiliations: 0.46 },
  "papers 3 held-out": { title: 0.9, abstract: 0.9, "authors (whole list)": 0.8, emails: 0.88, keywords: 0.85, affiliations: 0.34 },
  "papers 4 held-out": { title: 0.85, abstract: 0.85, "authors (whole list)": 0.7, emails: 0.85, keywords: 0.75, affiliations: 0.36 },
  "papers 5 held-out": { title: 0.8, abstract: 0.76, "authors (whole list)": 0.76, emails: 0.78, keywords: 0.73, affiliations: 0.53 },
  "papers 6 held-out": { title: 0.8, abstract: 0.9, "authors (whole list)": 0.76, emails: 0.88, keywords: 0.79, affiliations: 0.42 },
  "papers 7 held-out": { title: 0.79, abstract: 0.85, "authors (whole list)": 0.85, emails: 0.84, keywords: 0.85, affiliations: 0.59 },
  "papers 8 held-out": { title: 0.75, abstract: 0.75, "authors (whole list)": 0.56, emails: 0.81, keywords: 0.79, affiliations: 0.36 },
  "papers 9 held-out": { title: 0.81, abstract: 0.81, "authors (whole list)": 0.68, emails: 0.86, keywords: 0.85, affiliations: 0.63 },
  "papers 10 held-out": { title: 0.85, abstract: 0.9, "authors (whole list)": 0.9, emails: 0.9, keywords: 0.85, affiliations: 0.74 },
  "papers 11 held-out": { title: 0.87, abstract: 0.87, "authors (whole list)": 0.87, emails: 0.87, keywords: 0.87, affiliations: 0.42 },
  "papers 12 held-out": { title: 0.87, abstract: 0.87, "authors (whole list)": 0.74, emails: 0.85, keywords: 0.8, affiliations: 0.53 },
  "papers 13 held-out": { title: 0.75, abstract: 0.75, "authors (whole list)": 0.63, emails: 0.75, keywords: 0.65, affiliations: 0.53 },
  "papers 14 held-out": { title: 0.77, abstract: 0.66, "authors (whole list)": 0.33, emails: 0.55, keywords: 0.77, affiliations: 0.33 },
  "papers 15 held-out": { title: 0.78, abstract: 0.84, "authors (whole list)": 0.73, emails: 0.89, keywords: 0.89, affiliations: 0.77 },
  "papers 16 held-out": { title: 0.84, abstract: 0.78, "authors (whole list)": 0.73, emails: 0.73, keywords: 0.87, affiliations: 0.53 },
  "papers 17 held-out": { title: 0.76, abstract: 0.76, "authors (whole list)": 0.76, emails: 0.8, keywords: 0.85, affiliations: 0.55 },
  "papers 18 held-out": { title: 0.69, abstract: 0.91, "authors (whole list)": 0.78, emails: 0.87, keywords: 0.91, affiliations: 0.54 },
  "papers 19 held-out": { title: 0.8, abstract: 0.8, "authors (whole list)": 0.76, emails: 0.81, keywords: 0.87, affiliations: 0.61 },
  "papers 20 held-out": { title: 0.82, abstract: 0.87, "authors (whole list)": 0.82, emails: 0.89, keywords: 0.91, affiliations: 0.74 },
  "papers 21 held-out": { title: 0.8, abstract: 0.88, "authors (whole list)": 0.84, emails: 0.88, keywords: 0.92, affiliations: 0.65 },
  "papers 22 held-out": { title: 0.91, abstract: 0.87, "authors (whole list)": 0.65, emails: 0.83, keywords: 0.9, affiliations: 0.79 },
  "papers 23 held-out": { title: 0.9, abstract: 0.9, "authors (whole list)": 0.7, emails: 0.74, keywords: 0.89, affiliations: 0.68 },
  "papers 24 held-out": { title: 0.86, abstract: 0.81, "authors (whole list)": 0.86, emails: 0.84, keywords: 0.84, affiliations: 0.68 },
  "papers 25 held-out": { title: 0.77, abstract: 0.86, "authors (whole list)": 0.68, emails: 0.81, keywords: 0.86, affiliations: 0.55 },
  "papers 26 held-out": { title: 0.8, abstract: 0.76, "authors (whole list)": 0.6, emails: 0.77, keywords: 0.8, affiliations: 0.64 },
};
/** GROBID's author lines read as lines of names (decision 036): held to the whole author list's target; the floor is what the engine reads today. */
const NAME_TARGETS = { "author lines (whole list)": 0.8 };
const NAME_FLOORS = { "author lines (whole list)": 0.8 };
const dirs = args.filter((a) => !a.startsWith("--"));
const hasPdfs = (dir) => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".pdf"));
const SETS = dirs.length
  ? // (A held-out folder named here is scored, never listed: its failures are not for reading.)
    dirs.map((d) => [path.basename(d), d, !d.includes("held-out")])
  : [
      ["shared", "../shared/fixtures/manuscripts", true],
      ["own", "tests/fixtures/manuscripts", true],
      ["corpus dev", "tests/fixtures/corpus/dev", true],
      ["corpus held-out", "tests/fixtures/corpus/held-out", false],
      // Real working papers and journal versions (decision 067), where their PDFs are on this machine
      // (tests/fixtures/working-papers/restore.mjs; CI has none): the development half listed, the
      // held-out half scored only, as the other held-out halves are.
      ...(hasPdfs("tests/fixtures/working-papers/dev") ? [["papers dev", "tests/fixtures/working-papers/dev", true]] : []),
      ...(hasPdfs("tests/fixtures/working-papers/held-out") ? [["papers held-out", "tests/fixtures/working-papers/held-out", false]] : []),
      // The second set of real papers, collected after the engine's first pass on the first
      // (decision 069): its development half listed, its held-out half (read once with the engine
      // frozen, as that decision says) scored only, as the other held-out halves are.
      ...(hasPdfs("tests/fixtures/working-papers/second/dev") ? [["papers 2 dev", "tests/fixtures/working-papers/second/dev", true]] : []),
      ...(hasPdfs("tests/fixtures/working-papers/second/held-out") ? [["papers 2 held-out", "tests/fixtures/working-papers/second/held-out", false]] : []),
      // The third set (README, "The third set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/third/dev") ? [["papers 3 dev", "tests/fixtures/working-papers/third/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 071), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/third/held-out") ? [["papers 3 held-out", "tests/fixtures/working-papers/third/held-out", false]] : []),
      // The fourth set (README, "The fourth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/fourth/dev") ? [["papers 4 dev", "tests/fixtures/working-papers/fourth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 072), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/fourth/held-out") ? [["papers 4 held-out", "tests/fixtures/working-papers/fourth/held-out", false]] : []),
      // The fifth set (README, "The fifth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/fifth/dev") ? [["papers 5 dev", "tests/fixtures/working-papers/fifth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 073), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/fifth/held-out") ? [["papers 5 held-out", "tests/fixtures/working-papers/fifth/held-out", false]] : []),
      // The sixth set (README, "The sixth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/sixth/dev") ? [["papers 6 dev", "tests/fixtures/working-papers/sixth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 074), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/sixth/held-out") ? [["papers 6 held-out", "tests/fixtures/working-papers/sixth/held-out", false]] : []),
      // The seventh set (README, "The seventh set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/seventh/dev") ? [["papers 7 dev", "tests/fixtures/working-papers/seventh/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 075), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/seventh/held-out") ? [["papers 7 held-out", "tests/fixtures/working-papers/seventh/held-out", false]] : []),
      // The eighth set (README, "The eighth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/eighth/dev") ? [["papers 8 dev", "tests/fixtures/working-papers/eighth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 076), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/eighth/held-out") ? [["papers 8 held-out", "tests/fixtures/working-papers/eighth/held-out", false]] : []),
      // The ninth set (README, "The ninth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/ninth/dev") ? [["papers 9 dev", "tests/fixtures/working-papers/ninth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 076), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/ninth/held-out") ? [["papers 9 held-out", "tests/fixtures/working-papers/ninth/held-out", false]] : []),
      // The tenth set (README, "The tenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/tenth/dev") ? [["papers 10 dev", "tests/fixtures/working-papers/tenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 077), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/tenth/held-out") ? [["papers 10 held-out", "tests/fixtures/working-papers/tenth/held-out", false]] : []),
      // The eleventh set (README, "The eleventh set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/eleventh/dev") ? [["papers 11 dev", "tests/fixtures/working-papers/eleventh/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 078), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/eleventh/held-out") ? [["papers 11 held-out", "tests/fixtures/working-papers/eleventh/held-out", false]] : []),
      // The twelfth set (README, "The twelfth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/twelfth/dev") ? [["papers 12 dev", "tests/fixtures/working-papers/twelfth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 079), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twelfth/held-out") ? [["papers 12 held-out", "tests/fixtures/working-papers/twelfth/held-out", false]] : []),
      // The thirteenth set (README, "The thirteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/thirteenth/dev") ? [["papers 13 dev", "tests/fixtures/working-papers/thirteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 080), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/thirteenth/held-out") ? [["papers 13 held-out", "tests/fixtures/working-papers/thirteenth/held-out", false]] : []),
      // The fourteenth set (README, "The fourteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/fourteenth/dev") ? [["papers 14 dev", "tests/fixtures/working-papers/fourteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 081), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/fourteenth/held-out") ? [["papers 14 held-out", "tests/fixtures/working-papers/fourteenth/held-out", false]] : []),
      // The fifteenth set (README, "The fifteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/fifteenth/dev") ? [["papers 15 dev", "tests/fixtures/working-papers/fifteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 082), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/fifteenth/held-out") ? [["papers 15 held-out", "tests/fixtures/working-papers/fifteenth/held-out", false]] : []),
      // The sixteenth set (README, "The sixteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/sixteenth/dev") ? [["papers 16 dev", "tests/fixtures/working-papers/sixteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 083), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/sixteenth/held-out") ? [["papers 16 held-out", "tests/fixtures/working-papers/sixteenth/held-out", false]] : []),
      // The seventeenth set (README, "The seventeenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/seventeenth/dev") ? [["papers 17 dev", "tests/fixtures/working-papers/seventeenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 084), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/seventeenth/held-out") ? [["papers 17 held-out", "tests/fixtures/working-papers/seventeenth/held-out", false]] : []),
      // The eighteenth set (README, "The eighteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/eighteenth/dev") ? [["papers 18 dev", "tests/fixtures/working-papers/eighteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 085), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/eighteenth/held-out") ? [["papers 18 held-out", "tests/fixtures/working-papers/eighteenth/held-out", false]] : []),
      // The nineteenth set (README, "The nineteenth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/nineteenth/dev") ? [["papers 19 dev", "tests/fixtures/working-papers/nineteenth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 086), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/nineteenth/held-out") ? [["papers 19 held-out", "tests/fixtures/working-papers/nineteenth/held-out", false]] : []),
      // The twentieth set (README, "The twentieth set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/twentieth/dev") ? [["papers 20 dev", "tests/fixtures/working-papers/twentieth/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 087), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentieth/held-out") ? [["papers 20 held-out", "tests/fixtures/working-papers/twentieth/held-out", false]] : []),
      // The twenty-first set (README, "The twenty-first set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/twentyfirst/dev") ? [["papers 21 dev", "tests/fixtures/working-papers/twentyfirst/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 088), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentyfirst/held-out") ? [["papers 21 held-out", "tests/fixtures/working-papers/twentyfirst/held-out", false]] : []),
      // The twenty-second set (README, "The twenty-second set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/twentysecond/dev") ? [["papers 22 dev", "tests/fixtures/working-papers/twentysecond/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 089), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentysecond/held-out") ? [["papers 22 held-out", "tests/fixtures/working-papers/twentysecond/held-out", false]] : []),
      // The twenty-third set (README, "The twenty-third set"): its development half listed.
      ...(hasPdfs("tests/fixtures/working-papers/twentythird/dev") ? [["papers 23 dev", "tests/fixtures/working-papers/twentythird/dev", true]] : []),
      // Its held-out half, read once with the engine frozen (decision 090), scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentythird/held-out") ? [["papers 23 held-out", "tests/fixtures/working-papers/twentythird/held-out", false]] : []),
      // The twenty-fourth set (README, "The twenty-fourth set"): both halves first read unseen with the engine frozen
      // (decision 091); the development half listed, the held-out half scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentyfourth/dev") ? [["papers 24 dev", "tests/fixtures/working-papers/twentyfourth/dev", true]] : []),
      ...(hasPdfs("tests/fixtures/working-papers/twentyfourth/held-out") ? [["papers 24 held-out", "tests/fixtures/working-papers/twentyfourth/held-out", false]] : []),
      // The twenty-fifth set (README, "The twenty-fifth set"): both halves first read unseen with the engine frozen after the
      // twenty-fourth pass (decision 091); the development half listed, the held-out half scored only from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentyfifth/dev") ? [["papers 25 dev", "tests/fixtures/working-papers/twentyfifth/dev", true]] : []),
      ...(hasPdfs("tests/fixtures/working-papers/twentyfifth/held-out") ? [["papers 25 held-out", "tests/fixtures/working-papers/twentyfifth/held-out", false]] : []),
      // The twenty-sixth set (README, "The twenty-sixth set"): both halves first read unseen with the engine frozen after the
      // pass on the twenty-fifth development half (decision 092); the development half listed, the held-out half scored only
      // from then on.
      ...(hasPdfs("tests/fixtures/working-papers/twentysixth/dev") ? [["papers 26 dev", "tests/fixtures/working-papers/twentysixth/dev", true]] : []),
      ...(hasPdfs("tests/fixtures/working-papers/twentysixth/held-out") ? [["papers 26 held-out", "tests/fixtures/working-papers/twentysixth/held-out", false]] : []),
    ];

/** The held-out halves, read once at the end of a pass, that the calibration learns from since (decisions 073 and 076): `--calibrate`. */
const CALIBRATION_HELD_OUT = new Set(["papers held-out", "papers 2 held-out", "papers 3 held-out", "papers 4 held-out", "papers 5 held-out", "papers 6 held-out", "papers 7 held-out", "papers 8 held-out", "papers 9 held-out", "papers 10 held-out", "papers 11 held-out", "papers 12 held-out", "papers 13 held-out", "papers 14 held-out", "papers 15 held-out", "papers 16 held-out", "papers 17 held-out", "papers 18 held-out", "papers 19 held-out", "papers 20 held-out", "papers 21 held-out", "papers 22 held-out", "papers 23 held-out", "papers 24 held-out", "papers 25 held-out", "papers 26 held-out"]);

const norm = (s) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
/** An affiliation's words, lower case, without punctuation: " graduate school of business university of chicago ". */
const placeWords = (s) => {
  const words = norm(s).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return words ? ` ${words} ` : "";
};
/**
 * An address as the truth writes it, as printed: one masked against harvesters ("a.b[at]unil[dot]ch", "a.b at domain
 * sydney.edu.au") is compared as the address it stands for, which the engine gives (decision 074). Written here, not
 * taken from the engine's `unmasked`: the truth is not read through the code it scores.
 */
const asAddress = (printed) => (!printed || printed.includes("@") ? printed : printed.replace(/\s*[[({]at[\])}]\s*|\s+at\s+(?:domain\s+)?/i, "@").replace(/\s*[[({]dot[\])}]\s*/gi, "."));
const f1 = (found, truth) => softF1(found.map(norm).filter(Boolean), truth.map(norm).filter(Boolean), (x, y) => x === y);

const meansOf = (scores) => Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { mean: v.reduce((s, x) => s + Number(x), 0) / v.length, n: v.length }]));

/** Scores one folder: the mean of each field, and the files, for the table. */
async function scoreSet(label, dir, listFailures) {
  const scores = {};
  // A Word manuscript is read twice, as its DOCX and as the PDF LibreOffice printed from it: each side apart too.
  const word = { docx: {}, pdf: {} };
  let side = null;
  const add = (fieldName, value) => {
    (scores[fieldName] ??= []).push(value);
    if (side) (side[fieldName] ??= []).push(value);
  };
  let files = 0;
  const confidence = [];
  const cases = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  for (const json of cases) {
    const truth = JSON.parse(readFileSync(path.join(dir, json), "utf8"));
    for (const ext of ["pdf", "docx"]) {
      const file = path.join(dir, json.replace(/\.json$/, `.${ext}`));
      if (!existsSync(file)) continue;
      files++;
      side = existsSync(file.replace(/\.(pdf|docx)$/, ext === "pdf" ? ".docx" : ".pdf")) ? word[ext] : null;
      let got;
      try {
        got = await extractManuscript(new Uint8Array(readFileSync(file)), { nameModel, evidence: true });
      } catch (error) {
        got = { title: { value: null }, abstract: { value: null }, authors: [], keywords: { value: [] }, failed: String(error) };
      }
      const title = similarity(norm(got.title.value), norm(truth.title)) >= 0.8;
      const abstract = similarity(norm(got.abstract.value), norm(truth.abstract)) >= 0.8;
      const names = (list) => list.map((a) => `${norm(a.firstName)}|${norm(a.lastName)}`).join(";");
      const authors = names(got.authors) === names(truth.authors);
      add("title", title);
      add("abstract", abstract);
      if (got.title.value) confidence.push({ field: "title", value: got.title.confidence, right: title, evidence: got.evidence?.title });
      if (got.abstract.value) confidence.push({ field: "abstract", value: got.abstract.confidence, right: abstract, evidence: got.evidence?.abstract });
      if (got.authors.length) confidence.push({ field: "authors (whole list)", value: Math.min(...got.authors.map((a) => a.confidence)), right: authors, evidence: got.evidence?.authors });
      // An author read who is none of the paper's (no word of their family name in any author's name), at the
      // highest confidence any such author is shown with: the wizard should never show an invented author as sure.
      if (truth.authors.length && got.authors.length) {
        const words = (s) => (s ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length > 1);
        const theirs = new Set(truth.authors.flatMap((a) => words(`${a.firstName} ${a.lastName}`)));
        const invented = got.authors.filter((a) => !words(a.lastName).some((w) => theirs.has(w)));
        confidence.push({ field: "an author invented", value: invented.length ? Math.max(...invented.map((a) => a.confidence)) : -1, right: invented.length === 0 });
      }
      if (truth.authors.length) {
        add("authors (whole list)", authors);
        add("emails", f1(got.authors.map((a) => a.email ?? ""), truth.authors.map((a) => asAddress(a.email ?? ""))));
        add("affiliations", f1(got.authors.map((a) => a.affiliation ?? ""), truth.authors.map((a) => a.affiliation ?? "")));
        // The same, lenient on how far an affiliation runs: right where one holds the other (an address
        // read or left out, a department before the institution), to tell a place missed or wrong from
        // one read at another length than the ground truth writes it. Reported only: the target is the above.
        add("affiliations (place found)", softF1(got.authors.map((a) => placeWords(a.affiliation)).filter(Boolean), truth.authors.map((a) => placeWords(a.affiliation)).filter(Boolean), (x, y) => x.includes(y) || y.includes(x)));
        add("countries", f1(got.authors.map((a) => a.country ?? ""), truth.authors.map((a) => a.country ?? "")));
        add("corresponding", names(got.authors.filter((a) => a.isCorresponding)) === names(truth.authors.filter((a) => a.isCorresponding)));
      } else {
        add("blind: no invented author", got.authors.length === 0);
      }
      add("keywords", f1(got.keywords.value, truth.keywords));
      if (listFailures && !gate && (verbose || !(title && abstract && authors))) {
        console.log(`${label} ${path.basename(file)} (${truth.layout ?? ""}): title ${title ? "ok" : "WRONG"}, abstract ${abstract ? "ok" : "WRONG"}, authors ${authors ? "ok" : "WRONG"}${got.failed ? ` (${got.failed})` : ""}`);
        if (!title) console.log(`   title: ${JSON.stringify(got.title.value)}\n   truth: ${JSON.stringify(truth.title)}`);
        if (!abstract) console.log(`   abstract: ${JSON.stringify((got.abstract.value ?? "").slice(0, 120))}…`);
        if (!authors) console.log(`   authors: ${names(got.authors)}\n   truth:   ${names(truth.authors)}`);
      }
    }
  }
  const means = meansOf(scores);
  return { label, documents: cases.length, files, means, confidence, word: { docx: meansOf(word.docx), pdf: meansOf(word.pdf) } };
}

/*
 * Real articles: GROBID's annotated headers, rebuilt as the engine's documents from their layout
 * features (scripts/grobid/headers.mjs). What people annotated is the truth: the title and the
 * abstract as above; the author list where GROBID's name corpus splits the names (full names
 * compared, in order, initials' full stops aside); the author names of every document whose lines
 * are annotated as authors (the set of their words, markers, degrees and "and" aside, against the
 * words of the names found: 365 and 347 documents where the whole list has 70 and 66); e-mails (F1); the affiliations printed (F1 over
 * the distinct affiliations, one right when it reads as the annotated affiliation, with or
 * without its address and its last part, the country the engine gives apart, at a similarity of
 * 0.8: which author each belongs to is not annotated).
 */
const EMAIL_TEXT = /[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/g;
const placeKey = (s) => norm(s).normalize("NFKC").replace(/^[\d*∗†‡§¶a-z]{1,2}[.)]?\s+(?=\p{L}{2})/u, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
function annotatedEmails(texts) {
  const out = [];
  for (const t of texts) {
    const grouped = /\{([^}]+)\}\s*@\s*([\w-]+(?:\.[\w-]+)+)/.exec(t);
    if (grouped) for (const user of grouped[1].split(/[,;|]/)) out.push(`${user.trim()}@${grouped[2]}`.toLowerCase());
    else for (const m of t.replace(/\s*@\s*/g, "@").matchAll(EMAIL_TEXT)) out.push(m[0].toLowerCase().replace(/\.$/, ""));
  }
  return [...new Set(out)];
}
// (The measure's own lists, not the engine's: what it scores must not be defined by what it scores.)
const FILLER_WORDS = new Set(["and", "et", "und", "y", "e", "i", "by", "the", "for", "on", "behalf", "of", "collaboration", "authors", "author", "affiliations", "abstract", "id", "dr", "prof", "jr", "sr", "ii", "iii"]);
const DEGREE_WORDS = /^(?:md|phd|ph|msc|bsc|mph|ma|ms|ba|rn|scd|mba|dds|psyd|faan|mres|mstat|dmsc|mb|bchir|mhs|ed|edd|msph|drph|cde|cls|fnla|rd|fada|cd|bs|do|pharmd|aocn|crnp|anp|rph|d|m|ab)$/;
/** The words of names, folded: what the engine gives and what people annotated compare on them. */
const nameWords = (t) =>
  t
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z\s'-]/g, " ")
    .split(/[\s'-]+/)
    .filter((w) => w.length >= 2 && !FILLER_WORDS.has(w) && !DEGREE_WORDS.test(w));
/** F1 of found items against the truth, each truth item matched once, `same` deciding a match. */
function softF1(found, truth, same) {
  if (!found.length && !truth.length) return 1;
  const pool = [...truth];
  let hit = 0;
  for (const x of found) {
    const i = pool.findIndex((t) => same(x, t));
    if (i >= 0) {
      hit++;
      pool.splice(i, 1);
    }
  }
  const p = found.length ? hit / found.length : 0;
  const r = truth.length ? hit / truth.length : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

/*
 * `--cross`: the real dev half read with labellers that never saw the document (two models, each
 * trained without one half of it: `npx tsx scripts/corpus/train.mjs --cross`). The shipped
 * labeller learned from the dev half, so without this the dev half flatters every rule that asks
 * it; judge rules by the cross-fitted figures.
 */
const { CROSS_WEIGHTS } = args.includes("--cross") ? await import("./corpus/train.mjs") : {};
const crossSaved = CROSS_WEIGHTS ? JSON.parse(readFileSync(CROSS_WEIGHTS, "utf8")) : null;
// And, where `train-names.mjs --cross --save` has written them, name models and lexicons that never saw the document's author lines.
const namesSaved = crossSaved && existsSync(NAMES_CROSS) ? JSON.parse(readFileSync(NAMES_CROSS, "utf8")) : null;
// (Models trained on features the code no longer computes say nothing of today's rules: the caches
// carry what the shipped models are trained on, and must match the shipped weights, decision 040.)
if (crossSaved) {
  const { LABELLERS_TRAINED_ON } = await import("../app/extraction/labeller.weights.ts");
  const { NAME_MODELS_TRAINED_ON } = await import("../app/extraction/names.weights.ts");
  const stale = [
    crossSaved.trainedOn !== LABELLERS_TRAINED_ON && `${CROSS_WEIGHTS}: run \`npx tsx scripts/corpus/train.mjs --cross\``,
    namesSaved && namesSaved.trainedOn !== NAME_MODELS_TRAINED_ON && `${NAMES_CROSS}: run \`npx tsx scripts/corpus/train-names.mjs --cross --save\``,
  ].filter(Boolean);
  if (stale.length) {
    console.error(`Cross-fitted models older than the shipped ones (or the shipped ones older than the code: \`--gate\` says):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
}
const cross = crossSaved?.models ?? null;
const namesCross = namesSaved ? namesSaved.folds.map((x) => ({ models: x.models, lexicon: lexiconOfWords(x.words) })) : null;
if (cross) console.log(namesCross ? "cross-fitted: line labellers and name models" : `cross-fitted: line labellers (no ${NAMES_CROSS}: the shipped name model reads the dev half's names)`);
const { foldOf } = await import("./grobid/split.mjs");

function scoreReal(label, documents, listFailures, crossFitted = false) {
  const scores = {};
  const add = (fieldName, value) => (scores[fieldName] ??= []).push(Number(value));
  const confidence = [];
  for (const { id, doc, labels, truth } of documents) {
    const got = readHeader(doc, crossFitted ? cross[foldOf(`grobid:${id}`, "cross")] : undefined, { nameModel, nameReader: crossFitted && namesCross ? namesCross[foldOf(id, "names")] : undefined, evidence: true });
    const failures = [];
    if (truth.title) {
      const ok = similarity(norm(got.title.value), norm(truth.title)) >= 0.8;
      add("title", ok);
      if (got.title.value) confidence.push({ field: "title", value: got.title.confidence, right: ok, evidence: got.evidence?.title });
      if (!ok) failures.push(`   title: ${JSON.stringify(got.title.value)}\n   truth: ${JSON.stringify(truth.title)}`);
    }
    if (truth.abstract) {
      const ok = similarity(norm(got.abstract.value), norm(truth.abstract)) >= 0.8;
      add("abstract", ok);
      if (got.abstract.value) confidence.push({ field: "abstract", value: got.abstract.confidence, right: ok, evidence: got.evidence?.abstract });
      if (!ok) failures.push(`   abstract: ${JSON.stringify((got.abstract.value ?? "").slice(0, 160))}\n   truth:    ${JSON.stringify(truth.abstract.slice(0, 160))}`);
    }
    if (truth.authors?.length) {
      const a = peopleKey(got.authors);
      // The name corpus marks every mention (a corresponding author's address repeats the name): each person once.
      const people = new Map();
      for (const x of truth.authors) if (!people.has(`${nameKey(x.firstName).charAt(0)} ${nameKey(x.lastName)}`)) people.set(`${nameKey(x.firstName).charAt(0)} ${nameKey(x.lastName)}`, x);
      const b = peopleKey([...people.values()]);
      add("authors (whole list)", a === b);
      if (got.authors.length) confidence.push({ field: "authors (whole list)", value: Math.min(...got.authors.map((x) => x.confidence)), right: a === b, evidence: got.evidence?.authors });
      if (a !== b) failures.push(`   authors: ${a}\n   truth:   ${b}`);
    }
    // Every document whose lines are annotated as authors, not only those the name corpus splits:
    // the words of those lines (markers, degrees and "and" aside) are the words of the names found.
    const authorLines = doc.lines.filter((l, i) => labels[i] === "author");
    if (authorLines.length) {
      const want = new Set(authorLines.flatMap((l) => nameWords(l.text)));
      const have = new Set(got.authors.flatMap((a) => nameWords(`${a.firstName} ${a.lastName}`)));
      const same = want.size === have.size && [...want].every((w) => have.has(w));
      add("author names (words)", same);
      if (!same) failures.push(`   author words: ${[...have].join(" ")}\n   truth:        ${[...want].join(" ")}`);
    }
    const emails = annotatedEmails(truth.emails);
    if (emails.length) {
      const found = [...new Set(got.authors.map((x) => x.email?.toLowerCase()).filter(Boolean))];
      const score = softF1(found, emails, (x, y) => x === y);
      add("emails", score);
      if (score < 1) failures.push(`   emails: ${found.join(", ")}\n   truth:  ${emails.join(", ")}`);
    }
    if (truth.affiliations.length) {
      const places = [...new Map(truth.affiliations.map((x) => [placeKey(x.text), x])).values()];
      const found = [...new Set(got.authors.flatMap((x) => (x.affiliation ?? "").split("; ")).filter(Boolean))];
      // The engine gives an affiliation without its country (its own field): the annotated one is compared with and without its last part.
      // (An annotation that ends with its comma, "…, Dauphin Island, AL, United States of America,", has its last part before it.)
      const forms = (x) => [x.text, `${x.text} ${x.address}`].flatMap((t) => [t, t.replace(/[\s,;.]+$/, "").replace(/,[^,]*$/, "")]).map(placeKey);
      const same = (g, x) => forms(x).some((t) => similarity(placeKey(g), t) >= 0.8);
      const score = softF1(found, places, same);
      add("affiliations", score);
      if (score < 1) failures.push(`   affiliations: ${found.join(" | ")}\n   truth:        ${places.map((x) => `${x.text} ${x.address}`).join(" | ")}`);
    }
    if (listFailures && !gate && failures.length) console.log(`${label} ${id}\n${failures.join("\n")}`);
  }
  const means = meansOf(scores);
  return { label, documents: documents.length, files: documents.length, means, confidence, real: true };
}

/*
 * GROBID's annotated author lines (decision 036): each line as the engine reads a line of names
 * (`namesOnLine`), printed twice (markers raised, and on the line as many title pages print
 * them), the whole list right when every person's full name matches in order. "rules alone" is the
 * engine without its name model, for the comparison decision 036 rests on.
 */
function scoreNameLines(label, fields, listFailures) {
  const scores = {};
  const add = (fieldName, value) => (scores[fieldName] ??= []).push(Number(value));
  for (const f of fields) {
    const want = peopleKey(f.truth);
    for (const [printing, line] of [["raised", f.line], ["on the line", onTheLine(f.line)]]) {
      for (const [measure, model] of [["author lines (whole list)", true], ["author lines, rules alone", false]]) {
        const got = readLineKey(line, { model });
        add(measure, got === want);
        if (model && got !== want && listFailures && !gate) console.log(`${label} ${f.id} (${printing})\n   line:    ${line.text}\n   authors: ${got}\n   truth:   ${want}`);
      }
    }
  }
  return { label, documents: fields.length, files: fields.length * 2, means: meansOf(scores), confidence: [], names: true };
}

const results = [];
// `--real`: the real articles only (the generated sets take longer).
for (const [label, dir, listFailures] of args.includes("--real") ? [] : SETS) {
  if (existsSync(dir)) results.push(await scoreSet(label, dir, listFailures));
}
if (!dirs.length) {
  results.push(cross ? scoreReal("real dev (cross)", loadHalf("dev"), verbose, true) : scoreReal("real dev", loadHalf("dev"), verbose));
  results.push(scoreReal("real held-out", loadHalf("held-out"), false));
  results.push(scoreNameLines("names dev", loadNameFields("dev"), verbose));
  results.push(scoreNameLines("names held-out", loadNameFields("held-out"), false));
}
const fields = [...new Set(results.flatMap((r) => Object.keys(r.means)))];
const width = Math.max(...fields.map((f) => f.length), 10);
const col = (s) => String(s).padStart(18);
console.log(`\n${"".padEnd(width)} ${results.map((r) => col(r.label)).join("")}`);
console.log(`${"documents (files)".padEnd(width)} ${results.map((r) => col(`${r.documents} (${r.files})`)).join("")}`);
for (const f of fields) console.log(`${f.padEnd(width)} ${results.map((r) => col(r.means[f] ? `${r.means[f].mean.toFixed(process.env.DIGITS ? 3 : 2)} (${r.means[f].n})` : "–")).join("")}`);

// Issue 16: the DOCX of a paper scores as well as its PDF. The generated halves' Word manuscripts, each side.
const paired = results.filter((r) => r.word && Object.keys(r.word.docx).length);
if (paired.length) {
  const columns = paired.flatMap((r) => [[`${r.label} DOCX`, r.word.docx], [`${r.label} PDF`, r.word.pdf]]);
  const wide = (s) => String(s).padStart(Math.max(22, ...columns.map(([l]) => l.length + 2)));
  console.log("\nWord manuscripts, as their DOCX and as the PDF printed from it:");
  console.log(`${"".padEnd(width)} ${columns.map(([l]) => wide(l)).join("")}`);
  for (const f of fields.filter((f) => columns.some(([, m]) => m[f]))) console.log(`${f.padEnd(width)} ${columns.map(([, m]) => wide(m[f] ? `${m[f].mean.toFixed(process.env.DIGITS ? 3 : 2)} (${m[f].n})` : "–")).join("")}`);
}

// What the wizard's words mean (CONFIDENCE_BANDS): "high confidence", "medium", "low".
console.log("\nHow often a value the wizard shows is wrong, by the confidence it shows (wrong / values):");
console.log(`(The calibration learnt from ${[...CALIBRATION_HELD_OUT].join(", ")} and the real dev half: their rows are no test of it.)`);
console.log(`${"".padEnd(width)} ${results.map((r) => col(r.label)).join("")}`);
for (const f of ["title", "abstract", "authors (whole list)"]) {
  for (const [band, low, high] of [["high", CONFIDENCE_BANDS.high, 2], ["medium", CONFIDENCE_BANDS.medium, CONFIDENCE_BANDS.high], ["low", 0, CONFIDENCE_BANDS.medium]]) {
    const cell = (r) => {
      const values = r.confidence.filter((c) => c.field === f && c.value >= low && c.value < high);
      return values.length ? `${values.filter((c) => !c.right).length}/${values.length}` : "–";
    };
    console.log(`${`${f}, ${band}`.padEnd(width)} ${results.map((r) => col(cell(r))).join("")}`);
  }
}
{
  // Documents where an author shown with high confidence is none of the paper's, of the documents read with authors.
  const cell = (r) => {
    const read = r.confidence.filter((c) => c.field === "an author invented");
    return read.length ? `${read.filter((c) => c.value >= CONFIDENCE_BANDS.high).length}/${read.length}` : "–";
  };
  console.log(`${"invented author shown as sure".padEnd(width)} ${results.map((r) => col(cell(r))).join("")}`);
}

// `--calibrate`: fits calibration.ts's weights and writes them to app/extraction/calibration.weights.ts.
// They learn from the papers' held-out halves already read once at the end of a pass
// (`CALIBRATION_HELD_OUT`), each holding documents as the engine met them unseen, which is what a
// confidence has to speak for, and from the real corpus's development half, hundreds of articles of
// every field that the rules fit no better than its held-out half. Never from the papers' development
// halves: read after a pass was written on each, they are right so often that they teach the weights
// to trust too much (decision 076 measured it); a generated set more so. The real corpus's held-out
// half and a held-out half not yet read stay the test of what the weights say.
if (args.includes("--calibrate")) {
  const { writeFileSync } = await import("node:fs");
  const pool = results.filter((r) => !r.names && (r.label === "real dev" || CALIBRATION_HELD_OUT.has(r.label)));
  const weights = {};
  for (const [field, key] of [["title", "title"], ["abstract", "abstract"], ["authors (whole list)", "authors"]]) {
    const rowsOf = (sets) => sets.flatMap((r) => r.confidence.filter((c) => c.field === field && c.evidence));
    const fit = (rows) => fitLogistic(rows.map((c) => c.evidence), rows.map((c) => (c.right ? 1 : 0)));
    const band = (rows, score) => {
      const high = rows.filter((c) => score(c.evidence) >= CONFIDENCE_BANDS.high);
      return { wrong: high.filter((c) => !c.right).length, of: high.length };
    };
    // Judged set by set on the held-out halves in the pool, each left out of the fit that scores it:
    // kept only where "high confidence" is wrong less often than by the reader's own score
    // (evidence[0]), while still calling at least half as many values high (a model that calls
    // nothing high is not truer, only silent).
    const raw = { wrong: 0, of: 0 };
    const fitted = { wrong: 0, of: 0 };
    for (const left of pool.filter((r) => CALIBRATION_HELD_OUT.has(r.label))) {
      const w = fit(rowsOf(pool.filter((r) => r !== left)));
      const test = rowsOf([left]);
      for (const [sum, b] of [[raw, band(test, (x) => x[0])], [fitted, band(test, (x) => calibrated(key, x, { [key]: w }))]]) (sum.wrong += b.wrong), (sum.of += b.of);
    }
    const better = fitted.of >= raw.of / 2 && fitted.wrong / Math.max(1, fitted.of) < raw.wrong / Math.max(1, raw.of);
    const all = rowsOf(pool);
    if (better) weights[key] = fit(all);
    console.log(`calibration: ${key} on ${all.length} values of ${pool.map((r) => r.label).join(", ")}; each held-out half left out in turn, high confidence wrong ${raw.wrong}/${raw.of} by the reader's score, ${fitted.wrong}/${fitted.of} calibrated: ${better ? "calibrated" : "the reader's score kept"}`);
  }
  const body = Object.entries(weights).map(([k, w]) => `  ${k}: [${w.map((x) => x.toFixed(4)).join(", ")}],`).join("\n");
  writeFileSync(path.join("app", "extraction", "calibration.weights.ts"), `/** Fitted by \`npm run calibrate:extraction\` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */\nexport const CALIBRATION: Record<string, number[]> = {\n${body}\n};\n`);
}

/** Logistic regression by gradient descent, with a small L2 penalty: [intercept, ...weights]. */
function fitLogistic(xs, ys, { rate = 0.5, steps = 4000, l2 = 0.01 } = {}) {
  const w = new Array((xs[0]?.length ?? 0) + 1).fill(0);
  for (let step = 0; step < steps; step++) {
    const grad = new Array(w.length).fill(0);
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(w[0] + x.reduce((s, v, k) => s + v * w[k + 1], 0))));
      const e = p - ys[i];
      grad[0] += e;
      x.forEach((v, k) => (grad[k + 1] += e * v));
    });
    for (let k = 0; k < w.length; k++) w[k] -= rate * (grad[k] / xs.length + (k ? l2 * w[k] : 0));
  }
  return w;
}

if (gate) {
  const heldOut = results.filter((r) => r.label.includes("held-out"));
  let failed = heldOut.length === 0;
  console.log("\nHeld-out gate: field, measured, held to, target");
  for (const r of heldOut) {
    const [floors, targets] = r.names ? [NAME_FLOORS, NAME_TARGETS] : r.real ? [REAL_FLOORS, REAL_TARGETS] : r.label.startsWith("papers") ? [PAPER_FLOORS[r.label], PAPER_TARGETS] : [FLOORS, TARGETS];
    for (const [f, floor] of Object.entries(floors)) {
      const measured = r.means[f]?.mean ?? 0;
      const ok = measured >= floor - 1e-9;
      if (!ok) failed = true;
      console.log(`${ok ? "ok  " : "FAIL"} ${r.label}: ${f} ${measured.toFixed(3)} (held to ${floor.toFixed(2)}, target ${targets[f].toFixed(2)})`);
    }
  }
  // The manuscripts the rules were first written against (the shared fixtures, the project's own)
  // are read right on every field: a change that costs one of them fails, however the halves move.
  for (const r of results.filter((r) => r.label === "shared" || r.label === "own")) {
    const wrong = Object.entries(r.means).filter(([, { mean }]) => mean < 1 - 1e-9);
    if (wrong.length) failed = true;
    for (const [f, { mean }] of wrong) console.log(`FAIL ${r.label}: ${f} ${mean.toFixed(3)} (held to 1.00)`);
    if (!wrong.length) console.log(`ok   ${r.label}: every field 1.000`);
  }
  // The shipped models were trained on the features today's code computes (decision 040): a change
  // to a feature, a pattern or the lexicon without training again fails here, not silently.
  const { fingerprint } = await import("./corpus/mlp.mjs");
  const { labellerRows } = await import("./corpus/train.mjs");
  const { nameModelRows } = await import("./corpus/train-names.mjs");
  const { LABELLERS_TRAINED_ON } = await import("../app/extraction/labeller.weights.ts");
  const { NAME_MODELS_TRAINED_ON } = await import("../app/extraction/names.weights.ts");
  for (const [model, shipped, rows, command] of [
    ["line labeller", LABELLERS_TRAINED_ON, await labellerRows(), "npx tsx scripts/corpus/train.mjs"],
    ["name model", NAME_MODELS_TRAINED_ON, (await nameModelRows()).rows, "npx tsx scripts/corpus/train-names.mjs"],
  ]) {
    const today = fingerprint(rows);
    const ok = today === shipped;
    if (!ok) failed = true;
    console.log(ok ? `ok   the ${model} was trained on the features today's code computes (${today})` : `FAIL the ${model} was trained on other features (${shipped}) than today's code computes (${today}): train it again, \`${command}\``);
  }
  // The DOCX of a paper scores as well as its PDF: on each held-out half, field by field, at
  // most one document's worth below it (a document read differently either way is not a trend).
  for (const r of heldOut.filter((r) => r.word)) {
    for (const [f, pdf] of Object.entries(r.word.pdf)) {
      const docx = r.word.docx[f];
      if (!docx) continue;
      const ok = docx.mean >= pdf.mean - 1 / pdf.n - 1e-9;
      if (!ok) failed = true;
      console.log(`${ok ? "ok  " : "FAIL"} ${r.label}, Word manuscripts: ${f} DOCX ${docx.mean.toFixed(3)}, its PDF ${pdf.mean.toFixed(3)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
