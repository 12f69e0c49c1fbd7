/**
 * What reading a zip's R2 objects, and zipping them, leaves in a Worker (decision 055):
 * `node scripts/bench/zip-memory-probe.mjs [n=500] [read|zip|zip-fixed|zip-writer|zip-inside]`. Stores n manuscripts of 5 MB in a local R2
 * of its own (once), serves scripts/bench/zip-memory-worker.js with the inspector on (its Network
 * events off), has it read or zip them all (scripts/bench/zip-memory-worker.js says how), and
 * prints the isolate's heap and backing stores before, at their highest and at the last sample.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { migrate, ROOT, freePort, startWorker } from "../lib/local-stack.mjs";
import { inspectWorker } from "../lib/inspector.mjs";
import { seedLargeConference, storeManuscripts } from "../lib/large-conference.mjs";
import { openLocalBucket } from "../lib/local-r2.mjs";

const n = Number(process.argv[2] ?? 500);
const mode = process.argv[3] ?? "read";
const dir = path.join(ROOT, ".wrangler", `zip-memory-${n}`);
if (!existsSync(dir)) {
  migrate(dir, { quiet: true });
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  const large = await seedLargeConference(proxy.env, { papers: n, manuscripts: { count: n, bytes: 5 * 1024 * 1024 } });
  await proxy.dispose();
  const bucket = await openLocalBucket(dir, "FILES");
  await storeManuscripts(bucket, large.manuscripts);
  await bucket.close();
}
const port = await freePort();
const site = await startWorker({ dir, config: path.join(ROOT, "scripts", "bench", "wrangler.zip-memory.toml"), inspectorPort: port });
const mb = (x) => (x / 1048576).toFixed(1);
const samples = [];
// A devtools session for each sample alone, so that nothing of the inspector stays attached while
// the Worker streams.
const sample = async () => {
  const inspector = await inspectWorker(port);
  try {
    await inspector.send("Network.disable");
    const u = await inspector.send("Runtime.getHeapUsage");
    samples.push(u);
    return u;
  } finally {
    inspector.close();
  }
};
const show = (u) => `heap ${mb(u.usedSize)} MB + backing stores ${mb(u.backingStorageSize)} MB`;
try {
  const before = await sample();
  const started = Date.now();
  let bytes = 0;
  const answered = fetch(`${site.url}/?n=${n}&mode=${mode}`);
  if (mode === "zip" || mode === "zip-fixed" || mode === "zip-writer") {
    // The zip is the answer: read it here, pausing after every 250 MB for the isolate to sample.
    const reader = (await answered).body.getReader();
    let paused = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      if (bytes - paused >= 250 * 1024 * 1024) {
        paused = bytes;
        await new Promise((r) => setTimeout(r, 300));
        await sample();
      }
    }
  } else {
    // The Worker reads inside its request and pauses on its own: sample until it answers.
    const done = answered.then((r) => r.text());
    while (!(await Promise.race([done.then(() => true), new Promise((r) => setTimeout(() => r(false), 100))]))) await sample();
    console.log((await done).trim());
  }
  const seconds = (Date.now() - started) / 1000;
  const peak = samples.reduce((a, u) => (u.usedSize + u.backingStorageSize > a.usedSize + a.backingStorageSize ? u : a));
  const heapPeak = Math.max(...samples.map((u) => u.usedSize));
  console.log(
    `${mode}, ${n} objects${bytes ? `, ${mb(bytes)} MB received` : ""} in ${seconds.toFixed(1)} s; ${samples.length} samples\n` +
      `  every sample (MB, heap + backing stores): ${samples.map((u) => `${Math.round(u.usedSize / 1048576)}+${Math.round(u.backingStorageSize / 1048576)}`).join(" ")}\n` +
      `  before: ${show(before)}\n  peak:   ${show(peak)} (heap alone at most ${mb(heapPeak)} MB)\n  last:   ${show(samples.at(-1))}`,
  );
} finally {
  await site.stop();
}
process.exit(0);
