/**
 * What reading a zip's R2 objects leaves in a Worker (decision 055):
 * `node scripts/bench/zip-memory-probe.mjs [n=500]`. Stores n manuscripts of 5 MB in a local R2
 * of its own (once), serves scripts/bench/zip-memory-worker.js with the inspector on (its Network
 * events off), has it read them all, and prints the isolate's heap and backing stores before and
 * in the request's last, idle moment.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { migrate, ROOT, freePort, startWorker } from "../lib/local-stack.mjs";
import { inspectWorker } from "../lib/inspector.mjs";
import { seedLargeConference, storeManuscripts } from "../lib/large-conference.mjs";
import { openLocalBucket } from "../lib/local-r2.mjs";

const n = Number(process.argv[2] ?? 500);
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
  const started = Date.now();
  const done = fetch(`${site.url}/?n=${n}`).then((r) => r.text());
  let last = "";
  while (!(await Promise.race([done.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))]))) last = await usage();
  console.log(`${(await done).trim()} in ${((Date.now() - started) / 1000).toFixed(1)} s; in the request's last moment: ${last}`);
  console.log(`after: ${await usage()}`);
} finally {
  inspector.close();
  await site.stop();
}
