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
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LABELS, lineFeatures } from "../../app/extraction/labeller.ts";
import { cleanLines } from "../../app/extraction/header.ts";
import { documentLines, truthLabels } from "./lines.mjs";
import { loadHalf } from "../grobid/headers.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const HIDDEN = option("--hidden", 40);
const EPOCHS = option("--epochs", 50);
const L2 = 1e-4;
const DIR = "tests/fixtures/corpus/dev";
export const CROSS_WEIGHTS = "node_modules/.cache/labeller-cross.json";

/** Every dev document's feature rows and labels (a document is one group, PDF and DOCX alike). */
async function loadDocuments() {
  const docs = [];
  for (const json of readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()) {
    const truth = JSON.parse(readFileSync(path.join(DIR, json), "utf8"));
    for (const kind of ["pdf", "docx"]) {
      const file = path.join(DIR, json.replace(/\.json$/, `.${kind}`));
      if (!existsSync(file)) continue;
      const { doc, lines } = await documentLines(new Uint8Array(readFileSync(file)), kind);
      const labels = truthLabels(lines, truth).map((l) => LABELS.indexOf(l));
      docs.push({ group: json, x: lineFeatures(lines, doc), y: labels });
    }
  }
  // Real articles: GROBID's annotated headers, development half (decision 035).
  for (const { id, doc, labels } of args.includes("--generated-only") ? [] : loadHalf("dev")) {
    const labelOf = new Map(doc.lines.map((l, i) => [l, labels[i]]));
    const lines = cleanLines(doc).slice(0, 200);
    docs.push({ group: `grobid:${id}`, x: lineFeatures(lines, doc), y: lines.map((l) => LABELS.indexOf(labelOf.get(l) ?? "other")) });
  }
  return docs;
}

/** A seeded generator, so training twice gives the same weights. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function train(rows, { hidden = HIDDEN, epochs = EPOCHS, seed = 7 } = {}) {
  const dims = rows[0].x.length;
  const mean = Array(dims).fill(0);
  const scale = Array(dims).fill(0);
  for (const r of rows) r.x.forEach((v, j) => (mean[j] += v / rows.length));
  for (const r of rows) r.x.forEach((v, j) => (scale[j] += (v - mean[j]) ** 2 / rows.length));
  for (let j = 0; j < dims; j++) scale[j] = Math.sqrt(scale[j]) || 1;
  const data = rows.map((r) => ({ z: r.x.map((v, j) => (v - mean[j]) / scale[j]), y: r.y }));
  const random = rng(seed);
  const init = (n, m, s) => Array.from({ length: n }, () => Array.from({ length: m }, () => (random() * 2 - 1) * s));
  const H = hidden;
  const inner = H || dims;
  const W1 = H ? init(H, dims, 1 / Math.sqrt(dims)) : [];
  const b1 = Array(H).fill(0);
  const W2 = init(LABELS.length, inner, 1 / Math.sqrt(inner));
  const b2 = Array(LABELS.length).fill(0);
  // Adam.
  const params = [...W1, b1, ...W2, b2];
  const m = params.map((p) => p.map(() => 0));
  const v = params.map((p) => p.map(() => 0));
  let t = 0;
  const lr = 0.01;
  // Rare labels weigh more, so "other" does not swamp them.
  const counts = LABELS.map((_, c) => data.filter((d) => d.y === c).length || 1);
  const weightOf = counts.map((n) => Math.sqrt(Math.max(...counts) / n));
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += 32) {
      const grads = params.map((p) => p.map(() => 0));
      const batch = order.slice(start, start + 32);
      for (const i of batch) {
        const { z, y } = data[i];
        const h = H ? W1.map((row, k) => Math.tanh(row.reduce((s, w, j) => s + w * z[j], b1[k]))) : z;
        const logits = W2.map((row, c) => row.reduce((s, w, j) => s + w * h[j], b2[c]));
        const max = Math.max(...logits);
        const e = logits.map((l) => Math.exp(l - max));
        const sum = e.reduce((s, x) => s + x, 0);
        const w = weightOf[y] / batch.length;
        const dl = e.map((x, c) => (x / sum - (c === y ? 1 : 0)) * w);
        const gW2 = grads.slice(H + 1, H + 1 + LABELS.length);
        const gb2 = grads[H + 1 + LABELS.length];
        const dh = Array(inner).fill(0);
        for (let c = 0; c < LABELS.length; c++) {
          gb2[c] += dl[c];
          for (let j = 0; j < inner; j++) {
            gW2[c][j] += dl[c] * h[j];
            dh[j] += dl[c] * W2[c][j];
          }
        }
        if (H) {
          for (let k = 0; k < H; k++) {
            const g = dh[k] * (1 - h[k] * h[k]);
            grads[H][k] += g;
            for (let j = 0; j < dims; j++) grads[k][j] += g * z[j];
          }
        }
      }
      t++;
      params.forEach((p, a) => {
        const isBias = a === H || a === params.length - 1;
        for (let j = 0; j < p.length; j++) {
          const g = grads[a][j] + (isBias ? 0 : L2 * p[j]);
          m[a][j] = 0.9 * m[a][j] + 0.1 * g;
          v[a][j] = 0.999 * v[a][j] + 0.001 * g * g;
          p[j] -= (lr * (m[a][j] / (1 - 0.9 ** t))) / (Math.sqrt(v[a][j] / (1 - 0.999 ** t)) + 1e-8);
        }
      });
    }
  }
  const round = (x) => Math.round(x * 1e4) / 1e4;
  return { mean: mean.map(round), scale: scale.map(round), hidden: W1.map((r) => r.map(round)), hiddenBias: b1.map(round), out: W2.map((r) => r.map(round)), outBias: b2.map(round) };
}

/** The shipped labeller: models trained alike from different seeds, their probabilities averaged. */
const SEEDS = [7, 11, 13];
const ensemble = (rows) => SEEDS.map((seed) => train(rows, { seed }));

const docs = await loadDocuments();
const { predict } = await import("../../app/extraction/labeller.ts");

// `--cross`: two models, each trained without one half of the real dev documents, so that rules
// can be judged on the dev half with a labeller that has not seen the document it labels
// (`eval-extraction.mjs --cross`). The shipped weights are not touched.
if (args.includes("--cross")) {
  const { fnv1a } = await import("../grobid/split.mjs");
  const foldOf = (group) => fnv1a(`${group}#cross`) % 2;
  const models = [0, 1].map((fold) => ensemble(docs.filter((d) => !(d.group.startsWith("grobid:") && foldOf(d.group) === fold)).flatMap((d) => d.x.map((x, i) => ({ x, y: d.y[i] })))));
  mkdirSync(path.dirname(CROSS_WEIGHTS), { recursive: true });
  writeFileSync(CROSS_WEIGHTS, JSON.stringify(models));
  console.log(`cross-fitted weights: ${CROSS_WEIGHTS}`);
  process.exit(0);
}
const groups = [...new Set(docs.map((d) => d.group))];
const confusion = LABELS.map(() => LABELS.map(() => 0));
for (let fold = 0; fold < 4; fold++) {
  const test = new Set(groups.filter((_, i) => i % 4 === fold));
  const rows = docs.filter((d) => !test.has(d.group)).flatMap((d) => d.x.map((x, i) => ({ x, y: d.y[i] })));
  const model = train(rows);
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
  const models = ensemble(docs.flatMap((d) => d.x.map((x, i) => ({ x, y: d.y[i] }))));
  const body = `// Generated by \`npx tsx scripts/corpus/train.mjs\` from the labelled lines of the dev halves (generated corpus, GROBID's real headers). Do not edit.\nimport type { LabellerWeights } from "./labeller";\nexport const LABELLERS: LabellerWeights[] = ${JSON.stringify(models)};\n`;
  writeFileSync("app/extraction/labeller.weights.ts", body);
  console.log(`weights: ${body.length} bytes`);
}
