/**
 * Where a page's CPU goes: `node scripts/bench/profile.mjs PATH [--cache] [--admin]`
 * (`--admin`: as the bench's administrator, for console pages).
 *
 * Serves the built site with the bench's demo data (run `npm run bench` once first: it seeds),
 * puts the page under load, samples the Worker's isolate through wrangler's inspector and prints:
 * the functions with the most self time, and the time spent inside each source file (a package's
 * file or ours) counting everything it calls. Frames are mapped back through wrangler's bundle
 * and, when the server build has a source map (`npx remix vite:build --sourcemapServer`), through
 * Vite's build to the original file and function; without one, the build's frames stay minified.
 *
 * The inspector slows the isolate down (decision 023): read shares, not throughput.
 */
import fs from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import autocannon from "autocannon";
import { inspectWorker } from "../lib/inspector.mjs";
import { freePort, ROOT, startWorker } from "../lib/local-stack.mjs";

const target = process.argv[2] ?? "/";
// A console page is profiled as the bench's administrator, with a session made in its D1 first.
let headers = {};
if (process.argv.includes("--admin")) {
  const { getPlatformProxy } = await import("wrangler");
  const { createSessionRow } = await import("../lib/accounts.mjs");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(ROOT, ".wrangler", "bench-state", "v3") } });
  const admin = await proxy.env.DB.prepare("select id from users where email = 'bench-admin@example.org'").first();
  headers = { Cookie: `session=${await createSessionRow(proxy.env.DB, admin.id)}` };
  await proxy.dispose();
}
const TOP = 30;
const inspector = await freePort();
const site = await startWorker({
  dir: path.join(ROOT, ".wrangler", "bench-state"),
  vars: { PAGE_CACHE: process.argv.includes("--cache") ? "on" : "off" },
  inspectorPort: inspector,
});
const inspectorSession = await inspectWorker(inspector);
const { send } = inspectorSession;

await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
await autocannon({ url: site.url + target, headers, connections: 10, duration: 2 });
await send("Profiler.start");
const load = await autocannon({ url: site.url + target, headers, connections: 10, duration: 4 });
const { profile } = await send("Profiler.stop");

// wrangler's bundle of this run (its source map leads to build/server/index.js), then Vite's map.
const tmp = path.join(ROOT, ".wrangler", "tmp");
const newest = fs
  .readdirSync(tmp)
  .filter((d) => d.startsWith("dev-") && fs.existsSync(path.join(tmp, d, "index.js.map")))
  .map((d) => path.join(tmp, d))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
const bundleMap = newest ? new TraceMap(fs.readFileSync(path.join(newest, "index.js.map"), "utf8")) : null;
const buildMapFile = path.join(ROOT, "build", "server", "index.js.map");
const buildMap = fs.existsSync(buildMapFile) ? new TraceMap(fs.readFileSync(buildMapFile, "utf8")) : null;
inspectorSession.close();
await site.stop();

const shortFile = (source) => source.replace(/.*node_modules\//, "").replace(`${ROOT}/`, "").replace(/^.*?\/(app|workers)\//, "$1/");
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const frames = new Map();
/** A node's original file and function, as far as the source maps reach. */
function frame(node) {
  if (frames.has(node.id)) return frames.get(node.id);
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  let at = null;
  if (bundleMap && lineNumber >= 0) {
    let o = originalPositionFor(bundleMap, { line: lineNumber + 1, column: columnNumber });
    if (o.source?.endsWith("build/server/index.js") && buildMap) {
      const inner = originalPositionFor(buildMap, { line: o.line, column: o.column });
      if (inner.source) o = inner;
    }
    if (o.source) at = { file: shortFile(o.source), name: `${shortFile(o.source)}:${o.line} ${o.name ?? functionName}` };
  }
  at ??= { file: url ? shortFile(url) : "(runtime)", name: functionName || "(anonymous)" };
  frames.set(node.id, at);
  return at;
}

const self = new Map();
const inside = new Map();
for (const sample of profile.samples) {
  const leaf = nodes.get(sample);
  const { name } = frame(leaf);
  self.set(name, (self.get(name) ?? 0) + 1);
  const files = new Set();
  for (let cur = sample; cur != null; cur = parent.get(cur)) files.add(frame(nodes.get(cur)).file);
  files.delete("(runtime)");
  for (const file of files) inside.set(file, (inside.get(file) ?? 0) + 1);
}
const total = profile.samples.length;
const print = (title, counts) => {
  console.log(`\n${title}`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`${target}: ${load.requests.total} requests, ${total} samples${buildMap ? "" : " (no build source map: build frames stay minified)"}`);
print("Self time by function:", self);
print("Time inside each file (with what it calls):", inside);
