/**
 * `node scripts/grobid/convert.mjs`: GROBID's annotated headers (kermitt2/grobid, Apache-2.0)
 * as labelled tokens with the layout features the engine's documents are rebuilt from
 * (headers.mjs), with their truth, one file per half: tests/fixtures/grobid/dev.json.gz (to
 * learn from and to look at) and held-out.json.gz (to measure on only); and GROBID's annotated
 * author lines (names.mjs) as names-dev.json.gz and names-held-out.json.gz. The split is
 * split.mjs's. The files are committed, so `npm test` measures the engine on real articles
 * without a GROBID checkout.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { datasetDir, documentId, isHeldOut } from "./split.mjs";
import { encodeToken, FIXTURES, readGrobidDocument } from "./headers.mjs";
import { namesFixture, readNameFields } from "./names.mjs";

const dir = datasetDir();
mkdirSync(FIXTURES, { recursive: true });
const ids = [...new Set(readdirSync(path.join(dir, "header/corpus/raw")).map(documentId))].sort();
const halves = { dev: [], "held-out": [] };
let skipped = 0;
for (const id of ids) {
  const d = readGrobidDocument(dir, id);
  // A document whose two files disagree (the raw tokens and the labelled text) cannot be labelled.
  if (!d || d.alignment < 0.95) {
    skipped++;
    continue;
  }
  halves[isHeldOut(id) ? "held-out" : "dev"].push({ id, tokens: d.tokens.map(encodeToken), truth: d.truth });
}
for (const [half, documents] of Object.entries(halves)) {
  const json = JSON.stringify({
    source: "GROBID training data: grobid-trainer/resources/dataset/header and name/header of https://github.com/kermitt2/grobid (Apache License 2.0), converted by scripts/grobid/convert.mjs",
    documents,
  });
  const gz = gzipSync(json, { level: 9 });
  writeFileSync(path.join(FIXTURES, `${half}.json.gz`), gz);
  console.log(`${half}: ${documents.length} documents, ${Math.round(json.length / 1024)} KB, ${Math.round(gz.length / 1024)} KB compressed`);
}
console.log(`skipped ${skipped} (files missing or not aligned)`);

// The annotated author lines (name/header/corpus), for the name model: each piece of text with what it is.
for (const half of ["dev", "held-out"]) {
  const fields = readNameFields(dir, half).map(({ id, pieces, truth }) => ({ id, pieces: pieces.map(({ text, kind, person, space }) => ({ text, kind, person, space })), truth }));
  const json = JSON.stringify({
    source: "GROBID training data: grobid-trainer/resources/dataset/name/header of https://github.com/kermitt2/grobid (Apache License 2.0), converted by scripts/grobid/convert.mjs",
    fields,
  });
  writeFileSync(namesFixture(half), gzipSync(json, { level: 9 }));
  console.log(`names ${half}: ${fields.length} author lines, ${Math.round(gzipSync(json, { level: 9 }).length / 1024)} KB compressed`);
}
