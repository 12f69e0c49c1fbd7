/**
 * Lines of a manuscript's first pages, as the engine reads them, each labelled from the ground
 * truth: the data a line labeller learns from. Labels: title, author, affiliation,
 * email, abstract, keywords, other. A line that holds several things (a name and its e-mail on
 * one line) gets the first that fits, in the order below.
 *
 * `npx tsx scripts/corpus/lines.mjs [DIR] [--show N]`: label statistics of a folder (the dev
 * half unless told), or the labelled lines of document N.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { openPdf, readPdfPages } from "../../app/extraction/read-pdf.ts";
import { readDocx } from "../../app/extraction/read-docx.ts";
import { cleanLines } from "../../app/extraction/header.ts";
import { LABELS } from "../../app/extraction/labeller.ts";

const HEADER_PAGES = 3;
const norm = (s) => (s ?? "").normalize("NFKC").toLowerCase().replace(/[’']/g, "'").replace(/[^\p{L}\p{N}@.'-]+/gu, " ").replace(/\s+/g, " ").trim();

/** The cleaned lines of the first pages (what the engine's header reader sees). */
export async function documentLines(bytes, kind) {
  if (kind === "pdf") {
    const pdf = await openPdf(bytes);
    try {
      const pages = Array.from({ length: Math.min(HEADER_PAGES, pdf.numPages) }, (_, i) => i + 1);
      const doc = await readPdfPages(pdf, pages);
      return { doc, lines: cleanLines(doc) };
    } finally {
      await pdf.cleanup?.();
    }
  }
  const doc = readDocx(bytes);
  return { doc, lines: cleanLines(doc) };
}

/** A label for each line, from the truth (`N.json`). */
export function truthLabels(lines, truth) {
  const title = norm(truth.title);
  const abstract = norm(truth.abstract);
  const emails = truth.authors.map((a) => a.email.toLowerCase());
  const names = truth.authors.flatMap((a) => [norm(`${a.firstName} ${a.lastName}`), norm(a.lastName)]).filter((n) => n.length > 2);
  const places = [...new Set(truth.authors.flatMap((a) => a.affiliation.split(", ").map(norm)))].filter((p) => p.length > 4);
  const keywords = truth.keywords.map(norm);
  const countries = [...new Set(truth.authors.map((a) => norm(a.country)))].filter(Boolean);
  let abstractSeen = false;
  return lines.map((line) => {
    const t = norm(line.text);
    if (!t) return "other";
    const words = t.split(" ").length;
    if (emails.some((e) => line.text.toLowerCase().includes(e))) return "email";
    if (/^(key ?words|index terms)\b/.test(t) || keywords.filter((k) => t.includes(k)).length >= 2) return "keywords";
    if (t.length >= 8 && title.includes(t) && !abstractSeen) return "title";
    if (names.some((n) => t.includes(n)) && words <= 6 * Math.max(1, truth.authors.length)) return "author";
    if (places.some((p) => t.includes(p))) return "affiliation";
    // An address line of an affiliation ("São Paulo, Brazil"): part of it, not a name.
    if (words <= 5 && countries.some((c) => t.endsWith(c)) && !abstractSeen) return "affiliation";
    // A line TeX hyphenated at its end: its last word is cut.
    const body = t.replace(/^abstract\s*/, "").replace(/\s*\S+-$/, "");
    if (body.length >= 12 && abstract.includes(body)) {
      abstractSeen = true;
      return "abstract";
    }
    return "other";
  });
}

/**
 * Every manuscript of a folder with its truth (`N.json`), as its PDF and as its DOCX where there is
 * one, in name order: `{ name, truth, kind, doc, lines, labels }`. The labellers learn from these.
 */
export async function* labelledDocuments(dir) {
  if (dir.includes("held-out")) throw new Error("The held-out half is for measuring only.");
  for (const json of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const truth = JSON.parse(readFileSync(path.join(dir, json), "utf8"));
    for (const kind of ["pdf", "docx"]) {
      const file = path.join(dir, json.replace(/\.json$/, `.${kind}`));
      if (!existsSync(file)) continue;
      const { doc, lines } = await documentLines(new Uint8Array(readFileSync(file)), kind);
      yield { name: json, truth, kind, doc, lines, labels: truthLabels(lines, truth) };
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const show = args.includes("--show") ? args[args.indexOf("--show") + 1] : null;
  const dir = args.find((a) => !a.startsWith("--") && a !== show) ?? "tests/fixtures/corpus/dev";
  const counts = Object.fromEntries(LABELS.map((l) => [l, 0]));
  for await (const { name, kind, lines, labels } of labelledDocuments(dir)) {
    if (show && !name.startsWith(show)) continue;
    labels.forEach((l) => counts[l]++);
    if (show) lines.forEach((l, i) => console.log(`${kind} p${l.page} ${labels[i].padEnd(11)} ${l.size.toFixed(1).padStart(5)} ${l.text.slice(0, 100)}`));
  }
  console.log(counts);
}
