/**
 * What decompression bombs cost the extraction engine in Node: each case runs in a fresh process
 * (`node --import tsx scripts/measure-bombs.mjs`), which builds its bomb, then reads it with
 * extractManuscript and prints the time taken, the peak resident memory above what the process
 * held before reading (process.resourceUsage().maxRSS), and how the reading ended. Decision 042.
 *
 *   node --import tsx scripts/measure-bombs.mjs            every case
 *   node --import tsx scripts/measure-bombs.mjs docx-1gb   one case
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const CASES = {
  "docx-1gb": async (b) => b.docxBomb(),
  "docx-1gb-understated": async (b) => b.docxBomb(1 << 30, 8192),
  "pdf-1gb": async (b) => b.pdfBomb(),
  "pdf-1gb-as-image": async (b) => b.pdfBomb(1 << 30, { dictionary: "/Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 " }),
  "pdf-1gb-twice": async (b) => b.pdfBomb(1 << 30, { twice: true }),
  "pdf-1gb-hidden-end": async (b) => b.pdfBomb(1 << 30, { hiddenEnd: true }),
};

const [which] = process.argv.slice(2);
if (process.env.MEASURE_BOMB) {
  const bombs = await import("../tests/integration/bombs.ts");
  const { extractManuscript } = await import("../app/extraction/index.ts");
  const bytes = await CASES[process.env.MEASURE_BOMB](bombs);
  globalThis.gc?.();
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  let outcome;
  try {
    const r = await extractManuscript(bytes);
    outcome = `read (title ${JSON.stringify(r.title.value?.slice(0, 30))})`;
  } catch (error) {
    outcome = `${error?.constructor?.name}: ${String(error?.message).slice(0, 160)}`;
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ case: process.env.MEASURE_BOMB, fileBytes: bytes.length, ms: Math.round(ms), peakAboveBeforeMB: Math.round((peak - before) / 1024), peakMB: Math.round(peak / 1024), outcome }));
} else {
  for (const name of which ? [which] : Object.keys(CASES)) {
    const run = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=8192", "--import", "tsx", fileURLToPath(import.meta.url)], {
      env: { ...process.env, MEASURE_BOMB: name },
      encoding: "utf8",
    });
    const line = run.stdout.trim().split("\n").pop();
    console.log(line || `${name}: exited ${run.status} ${run.signal ?? ""} ${run.stderr.trim().split("\n").slice(-3).join(" | ")}`);
  }
}
