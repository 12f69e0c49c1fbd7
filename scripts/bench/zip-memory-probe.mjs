/**
 * Where a zip's memory goes (decision 055): `node scripts/bench/zip-memory-probe.mjs MODE [n=500]`
 * with MODE `read`, `zip-direct` or `zip-fixed` (scripts/bench/zip-memory-worker.js). Stores n
 * manuscripts of 5 MB in a local R2 of its own (once), serves the bare Worker with the inspector
 * on (its Network events off) and prints the isolate's heap and backing stores as it goes: during
 * `read`'s idle second, and for a zip at pauses after every 250 MB (the isolate answers the
 * inspector only between tasks).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { migrate, ROOT, freePort, startWorker } from "../lib/local-stack.mjs";
import { inspectWorker } from "../lib/inspector.mjs";
import { seedLargeConference, storeManuscripts } from "../lib/large-conference.mjs";
import { openLocalBucket } from "../lib/local-r2.mjs";

const [mode = "read", count = "500"] = process.argv.slice(2);
const n = Number(count);
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
const inspector = await inspectWorker(port);
const mb = (x) => (x / 1048576).toFixed(1);
const usage = async () => {
  const u = await inspector.send("Runtime.getHeapUsage");
  return `heap ${mb(u.usedSize)} MB, backing stores ${mb(u.backingStorageSize)} MB`;
};
try {
  await inspector.send("Network.disable");
  console.log(`before: ${await usage()}`);
  const answer = fetch(`${site.url}/?n=${n}&mode=${mode}`);
  if (mode === "read") {
    const started = Date.now();
    let last = "";
    const done = answer.then((r) => r.text());
    while (!(await Promise.race([done.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))]))) last = await usage();
    console.log(`${(await done).trim()} in ${((Date.now() - started) / 1000).toFixed(1)} s; in the request's last moment: ${last}`);
  } else {
    const r = await answer;
    let total = 0;
    let next = 250 * 1048576;
    for await (const chunk of r.body) {
      total += chunk.byteLength;
      if (total < next) continue;
      next += 250 * 1048576;
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log(`${mb(total)} MB: ${await usage()}`);
    }
    console.log(`${r.status}, ${mb(total)} MB`);
  }
  console.log(`after: ${await usage()}`);
} finally {
  inspector.close();
  await site.stop();
}
