// `npm run eval:extraction -- DIR`: scores the extraction engine on a folder of manuscripts with
// their ground truth (N.json beside N.pdf / N.docx), per field, as issue 5 defines it: title and
// abstract right at a normalised Levenshtein similarity of at least 0.8; the author list right
// when every first and last name matches in order; per-item F1 for e-mails, affiliations,
// countries and keywords; and, for blind copies, that no author is invented.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractManuscript } from "../app/extraction/index.ts";
import { similarity } from "../app/extraction/text.ts";

const dir = process.argv[2] ?? "../shared/fixtures/manuscripts";
const verbose = process.argv.includes("--verbose");
const norm = (s) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
const f1 = (found, truth) => {
  const a = found.map(norm).filter(Boolean);
  const b = truth.map(norm).filter(Boolean);
  if (!a.length && !b.length) return 1;
  const pool = [...b];
  let hit = 0;
  for (const x of a) {
    const i = pool.indexOf(x);
    if (i >= 0) {
      hit++;
      pool.splice(i, 1);
    }
  }
  const p = a.length ? hit / a.length : 0;
  const r = b.length ? hit / b.length : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
};

const scores = {};
const add = (fieldName, value) => (scores[fieldName] ??= []).push(value);
const cases = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
for (const json of cases) {
  const truth = JSON.parse(readFileSync(path.join(dir, json), "utf8"));
  for (const ext of ["pdf", "docx"]) {
    const file = path.join(dir, json.replace(/\.json$/, `.${ext}`));
    if (!existsSync(file)) continue;
    let got;
    try {
      got = await extractManuscript(new Uint8Array(readFileSync(file)));
    } catch (error) {
      got = { title: { value: null }, abstract: { value: null }, authors: [], keywords: { value: [] }, failed: String(error) };
    }
    const name = path.basename(file);
    const title = similarity(norm(got.title.value), norm(truth.title)) >= 0.8;
    const abstract = similarity(norm(got.abstract.value), norm(truth.abstract)) >= 0.8;
    const names = (list) => list.map((a) => `${norm(a.firstName)}|${norm(a.lastName)}`).join(";");
    const authors = names(got.authors) === names(truth.authors);
    add("title", title);
    add("abstract", abstract);
    add("authors", authors);
    if (truth.authors.length) {
      add("emails", f1(got.authors.map((a) => a.email ?? ""), truth.authors.map((a) => a.email ?? "")));
      add("affiliations", f1(got.authors.map((a) => a.affiliation ?? ""), truth.authors.map((a) => a.affiliation ?? "")));
      add("countries", f1(got.authors.map((a) => a.country ?? ""), truth.authors.map((a) => a.country ?? "")));
      add("corresponding", names(got.authors.filter((a) => a.isCorresponding)) === names(truth.authors.filter((a) => a.isCorresponding)));
    } else {
      add("blind: no invented author", got.authors.length === 0);
    }
    add("keywords", f1(got.keywords.value, truth.keywords));
    if (verbose || !(title && abstract && authors)) {
      console.log(`${name}: title ${title ? "ok" : "WRONG"}, abstract ${abstract ? "ok" : "WRONG"}, authors ${authors ? "ok" : "WRONG"}${got.failed ? ` (${got.failed})` : ""}`);
      if (!title) console.log(`   title: ${JSON.stringify(got.title.value)}\n   truth: ${JSON.stringify(truth.title)}`);
      if (!abstract) console.log(`   abstract: ${JSON.stringify((got.abstract.value ?? "").slice(0, 120))}…`);
      if (!authors) console.log(`   authors: ${names(got.authors)}\n   truth:   ${names(truth.authors)}`);
    }
  }
}
console.log(`\n${cases.length} documents (${Object.values(scores)[0]?.length ?? 0} files)`);
for (const [k, v] of Object.entries(scores)) {
  const mean = v.reduce((s, x) => s + Number(x), 0) / v.length;
  console.log(`${k.padEnd(28)} ${mean.toFixed(2)}`);
}
