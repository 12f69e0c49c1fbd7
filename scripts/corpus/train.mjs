/**
 * Trains the line labeller (app/extraction/labeller.ts) on the labelled lines of the corpus's
 * development half, and writes its weights to app/extraction/labeller.weights.ts. Before the
 * final fit it reports, per label, how well a model trained on three quarters of the documents
 * labels the fourth (documents never split across folds). The held-out half is never read.
 *
 * It learns from real articles too: the development half of GROBID's annotated headers
 * (tests/fixtures/grobid/dev.json.gz; `--generated-only` leaves them out).
 *
 * `npx tsx scripts/corpus/train.mjs [--hidden N] [--epochs N] [--dry] [--generated-only] [--cross]`
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LABELS, lineFeatures } from "../../app/extraction/labeller.ts";
import { predict } from "../../app/extraction/mlp.ts";
import { cleanLines } from "../../app/extraction/header.ts";
import { labelledDocuments } from "./lines.mjs";
import { loadHalf } from "../grobid/headers.mjs";
import { fingerprint, train as trainModel } from "./mlp.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const HIDDEN = option("--hidden", 40);
const EPOCHS = option("--epochs", 50);
const DIR = "tests/fixtures/corpus/dev";
export const CROSS_WEIGHTS = "node_modules/.cache/labeller-cross.json";

/** Every dev document's feature rows and labels (a document is one group, PDF and DOCX alike). */
async function loadDocuments() {
  const docs = [];
  for await (const { name, doc, lines, labels } of labelledDocuments(DIR)) docs.push({ group: name, x: lineFeatures(lines, doc), y: labels.map((l) => LABELS.indexOf(l)) });
  // Real articles: GROBID's annotated headers, development half (decision 035).
  for (const { id, doc, labels } of args.includes("--generated-only") ? [] : loadHalf("dev")) {
    const labelOf = new Map(doc.lines.map((l, i) => [l, labels[i]]));
    const lines = cleanLines(doc).slice(0, 200);
    docs.push({ group: `grobid:${id}`, x: lineFeatures(lines, doc), y: lines.map((l) => LABELS.indexOf(labelOf.get(l) ?? "other")) });
  }
  return docs;
}

/** The shipped labeller: models trained alike from different seeds, their probabilities averaged. */
const SEEDS = [7, 11, 13];
const train = (rows, options = {}) => trainModel(rows, { hidden: HIDDEN, epochs: EPOCHS, classes: LABELS.length, ...options });
const ensemble = (rows) => SEEDS.map((seed) => train(rows, { seed }));
const rowsOf = (docs) => docs.flatMap((d) => d.x.map((x, i) => ({ x, y: d.y[i] })));

/** The shipped labeller's training rows, every dev document's lines (`fingerprint` of them is checked by the gate). */
export async function labellerRows() {
  return rowsOf(await loadDocuments());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const docs = await loadDocuments();

  // `--cross`: two models, each trained without one half of the real dev documents, so that rules
  // can be judged on the dev half with a labeller that has not seen the document it labels
  // (`eval-extraction.mjs --cross`). The shipped weights are not touched.
  if (args.includes("--cross")) {
    const { foldOf } = await import("../grobid/split.mjs");
    const fold = (group) => foldOf(group, "cross");
    const models = [0, 1].map((k) => ensemble(rowsOf(docs.filter((d) => !(d.group.startsWith("grobid:") && fold(d.group) === k)))));
    mkdirSync(path.dirname(CROSS_WEIGHTS), { recursive: true });
    // (With what the shipped labeller is trained on today: `eval-extraction.mjs --cross` refuses a cache older than the code.)
    writeFileSync(CROSS_WEIGHTS, JSON.stringify({ trainedOn: fingerprint(rowsOf(docs)), models }));
    console.log(`cross-fitted weights: ${CROSS_WEIGHTS}`);
    process.exit(0);
  }
  const groups = [...new Set(docs.map((d) => d.group))];
  const confusion = LABELS.map(() => LABELS.map(() => 0));
  for (let fold = 0; fold < 4; fold++) {
    const test = new Set(groups.filter((_, i) => i % 4 === fold));
    const model = train(rowsOf(docs.filter((d) => !test.has(d.group))));
    for (const d of docs.filter((d) => test.has(d.group))) {
      d.x.forEach((x, i) => {
        const p = predict(model, x);
        confusion[d.y[i]][p.indexOf(Math.max(...p))]++;
      });
    }
  }
  console.log(`4-fold cross-validation on the dev half (rows: truth, columns: predicted)\n${"".padEnd(12)}${LABELS.map((l) => l.slice(0, 8).padStart(9)).join("")}   recall precision`);
  LABELS.forEach((l, c) => {
    const row = confusion[c];
    const recall = row[c] / Math.max(1, row.reduce((s, x) => s + x, 0));
    const precision = row[c] / Math.max(1, confusion.reduce((s, r) => s + r[c], 0));
    console.log(`${l.padEnd(12)}${row.map((x) => String(x).padStart(9)).join("")}   ${recall.toFixed(2).padStart(6)} ${precision.toFixed(2).padStart(9)}`);
  });
  if (!args.includes("--dry")) {
    const rows = rowsOf(docs);
    const models = ensemble(rows);
    const body = `// Generated by \`npx tsx scripts/corpus/train.mjs\` from the labelled lines of the dev halves (generated corpus, GROBID's real headers). Do not edit.\nimport type { LabellerWeights } from "./mlp";\nexport const LABELLERS: LabellerWeights[] = ${JSON.stringify(models)};\n/** What the models were trained on (\`fingerprint\` in scripts/corpus/mlp.mjs). */\nexport const LABELLERS_TRAINED_ON = ${JSON.stringify(fingerprint(rows))};\n`;
    writeFileSync("app/extraction/labeller.weights.ts", body);
    console.log(`weights: ${body.length} bytes`);
  }
}
