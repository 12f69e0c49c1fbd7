/**
 * Where a page's CPU goes: `node scripts/bench/profile.mjs PATH [--cache]`. Serves the built site
 * with the bench's demo data, puts it under load, samples the Worker through wrangler's inspector
 * and prints the functions with the most self time. Run `npm run bench` once first (it seeds).
 */
import path from "node:path";
import autocannon from "autocannon";
import WebSocket from "ws";
import { freePort, ROOT, startWorker } from "../lib/local-stack.mjs";

const target = process.argv[2] ?? "/";
const inspector = await freePort();
const site = await startWorker({
  dir: path.join(ROOT, ".wrangler", "bench-state"),
  vars: { PAGE_CACHE: process.argv.includes("--cache") ? "on" : "off" },
  extraArgs: ["--inspector-port", String(inspector)],
});
const [worker] = await (await fetch(`http://127.0.0.1:${inspector}/json`)).json();
const ws = new WebSocket(worker.webSocketDebuggerUrl);
await new Promise((resolve) => ws.on("open", resolve));
let id = 0;
const pending = new Map();
ws.on("message", (m) => {
  const d = JSON.parse(m);
  pending.get(d.id)?.(d.result);
  pending.delete(d.id);
});
const send = (method, params = {}) => new Promise((resolve) => (pending.set(++id, resolve), ws.send(JSON.stringify({ id, method, params }))));

await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 200 });
await autocannon({ url: site.url + target, connections: 10, duration: 2 });
await send("Profiler.start");
await autocannon({ url: site.url + target, connections: 10, duration: 4 });
const { profile } = await send("Profiler.stop");

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (const sample of profile.samples) {
  const { functionName, url, lineNumber } = nodes.get(sample).callFrame;
  const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + 1);
}
console.log(`Self time on ${target}, ${profile.samples.length} samples:`);
for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * n) / profile.samples.length).toFixed(1).padStart(5)}%  ${key}`);
ws.close();
await site.stop();
