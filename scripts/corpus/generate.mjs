/**
 * `node scripts/corpus/generate.mjs`: writes the generated extraction corpus to
 * tests/fixtures/corpus/{dev,held-out}/: manuscripts in every layout of latex.mjs and docx.mjs
 * (Word ones also printed to PDF by LibreOffice), 1 to 8 authors from many naming traditions,
 * blind copies, pages before the title page, each with its ground truth (N.json) made from the
 * same data. Layout by layout, documents alternate between the two halves, so both cover every
 * layout; the held-out half is for measuring only (never read while writing the engine).
 *
 * Needs Debian's texlive-latex-extra, texlive-publishers, texlive-science, lmodern and
 * libreoffice-writer-nogui; the corpus is committed, so tests and CI do not need them.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeAuthor, makePaper, rng } from "./data.mjs";
import { DOCX_LAYOUTS, writeDocx } from "./docx.mjs";
import { frontPages, LATEX_LAYOUTS } from "./latex.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(ROOT, "tests", "fixtures", "corpus");
const COUNT = Number(process.argv[2] ?? 126);
const AUTHOR_COUNTS = [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8];
const FRONT_PAGES = ["cover-letter", "highlights", "working-paper-cover"];

const layouts = [...Object.keys(LATEX_LAYOUTS).map((l) => ["latex", l]), ...Object.keys(DOCX_LAYOUTS).map((l) => ["docx", l])];
for (const half of ["dev", "held-out"]) {
  rmSync(path.join(OUT, half), { recursive: true, force: true });
  mkdirSync(path.join(OUT, half), { recursive: true });
}
const work = mkdtempSync(path.join(tmpdir(), "corpus-"));
const seen = {};
const docxToPrint = [];
const written = [];

for (let n = 1; n <= COUNT; n++) {
  const [engine, layoutName] = layouts[(n - 1) % layouts.length];
  seen[layoutName] = (seen[layoutName] ?? 0) + 1;
  const half = seen[layoutName] % 2 === 1 ? "dev" : "held-out";
  const id = `g${String(n).padStart(3, "0")}`;
  const r = rng(n * 7919 + 17);
  const paper = makePaper(r);
  const blind = r.chance(0.1);
  const count = blind ? 0 : r.pick(AUTHOR_COUNTS);
  const authors = [];
  while (authors.length < count) {
    const a = makeAuthor(r, { latex: engine === "latex" });
    if (!authors.some((b) => b.email === a.email || (b.firstName === a.firstName && b.lastName === a.lastName))) authors.push(a);
  }
  const corresponding = count ? r.int(0, count - 1) : -1;
  const frontKind = engine === "latex" && r.chance(0.2) ? r.pick(FRONT_PAGES) : null;
  const doc = { paper, authors, corresponding, front: "" };
  doc.front = frontKind ? frontPages(doc, frontKind) : "";

  let shows;
  const dir = path.join(OUT, half);
  if (engine === "latex") {
    const made = LATEX_LAYOUTS[layoutName](doc);
    shows = made;
    writeFileSync(path.join(work, `${id}.tex`), made.tex);
    // A fixed date: the same source gives the same bytes, so regenerating changes only what changed.
    // Two passes, as every author runs LaTeX: elsarticle's affiliation markers, its corresponding
    // star and its "Email addresses" footnote are cross-references, empty after the first.
    const pdflatex = () =>
      spawnSync("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", `${id}.tex`], {
        cwd: work,
        encoding: "utf8",
        env: { ...process.env, SOURCE_DATE_EPOCH: "1735689600", FORCE_SOURCE_DATE: "1" },
      });
    let run = pdflatex();
    if (run.status === 0) run = pdflatex();
    if (run.status !== 0 || !existsSync(path.join(work, `${id}.pdf`))) {
      console.error(run.stdout.split("\n").filter((l) => l.startsWith("!")).slice(0, 5).join("\n"));
      throw new Error(`${id} (${layoutName}) did not compile: ${path.join(work, `${id}.tex`)}`);
    }
    copyFileSync(path.join(work, `${id}.pdf`), path.join(dir, `${id}.pdf`));
  } else {
    const made = DOCX_LAYOUTS[layoutName](doc);
    shows = made;
    writeFileSync(path.join(dir, `${id}.docx`), writeDocx(made));
    docxToPrint.push(path.join(dir, `${id}.docx`));
  }
  const truth = {
    file: id,
    layout: layoutName + (frontKind ? `+${frontKind}` : "") + (blind ? "+blind" : ""),
    title: paper.title,
    abstract: paper.abstract,
    authors: authors.map((a, i) => ({
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      // As printed, without the country (the society's fixtures' convention): department, institution, city.
      affiliation: [shows.departments === false ? null : a.department, a.institution, a.city].filter(Boolean).join(", "),
      country: a.country,
      isCorresponding: Boolean(shows.corresponding) && i === corresponding,
    })),
    keywords: paper.keywords,
    jel: paper.jel,
  };
  writeFileSync(path.join(dir, `${id}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  written.push(`${half}/${id} ${truth.layout} (${count} authors)`);
}

// Word manuscripts printed to PDF by LibreOffice, as their authors would print them.
for (const half of ["dev", "held-out"]) {
  const files = docxToPrint.filter((f) => path.dirname(f).endsWith(half));
  if (!files.length) continue;
  const print = spawnSync("soffice", ["--headless", "--convert-to", "pdf", "--outdir", path.join(OUT, half), ...files], { encoding: "utf8" });
  if (print.status !== 0) throw new Error(`LibreOffice could not print the Word manuscripts: ${print.stderr}`);
  // LibreOffice stamps the time and a random ID: fixed here, byte for byte, so the offsets hold.
  for (const f of files) {
    const pdf = f.replace(/\.docx$/, ".pdf");
    const text = readFileSync(pdf).toString("latin1");
    const fixed = text
      .replace(/\/(CreationDate|ModDate)\s*\(D:(\d+)/g, (_, key, digits) => `/${key}(D:${"20250101000000".padEnd(digits.length, "0").slice(0, digits.length)}`)
      .replace(/\/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g, (m, a, b) => m.replace(a, "0".repeat(a.length)).replace(b, "0".repeat(b.length)))
      .replace(/\/DocChecksum \/([0-9A-F]+)/g, (_, sum) => `/DocChecksum /${"0".repeat(sum.length)}`);
    writeFileSync(pdf, Buffer.from(fixed, "latin1"));
  }
}
rmSync(work, { recursive: true, force: true });
console.log(written.join("\n"));
console.log(`\n${COUNT} manuscripts in ${path.relative(ROOT, OUT)} (${layouts.length} layouts).`);

