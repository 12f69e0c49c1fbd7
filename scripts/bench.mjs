/**
 * `npm run bench`: the figures the issues ask for, each beside its target. Throughput is a ratio to
 * a bare Worker in the same local runtime (this machine is shared and noisy; ratios travel better
 * than absolute numbers). Budgets live here, not in timed tests.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { build, CHROMIUM_ARGS, CHROMIUM_PATH, migrate, OFFLINE_ENV, ROOT, seed, startWorker } from "./lib/local-stack.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PAGES = ["/", "/conferences", "/conferences/1", "/society/board"];
const rows = [];
const row = (figure, value, target, ok) => rows.push({ figure, value, target, verdict: ok === undefined ? "" : ok ? "ok" : "MISSED" });

const ROUNDS = 3;

async function load(url, duration = DURATION) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** The page against the bare Worker, back to back, three times; the median ratio stands. */
async function ratioToBare(url, bareUrl) {
  await autocannon({ url, connections: CONNECTIONS, amount: 300 }); // warm up
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bare = await load(bareUrl, DURATION / 2);
    const page = await load(url, DURATION / 2);
    rounds.push({ ratio: page.rps / bare.rps, page });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  return rounds[Math.floor(ROUNDS / 2)];
}

console.log("› Building and starting the site with the demo content …");
build({ quiet: true });
const dir = path.join(ROOT, ".wrangler", "bench-state");
rmSync(dir, { recursive: true, force: true });
migrate(dir, { quiet: true });
await seed(dir);

// 1. The runtime's limit, kept running: every page is measured back to back against it.
const bare = await startWorker({ dir, config: path.join(ROOT, "scripts", "bench", "wrangler.bare.toml") });
await autocannon({ url: bare.url, connections: CONNECTIONS, amount: 500 });
const baseline = await load(bare.url);
row("Bare Worker (fixed string)", `${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`, "the 100% mark");

// 2. Pages rendered fresh, then served from the page cache.
for (const [mode, vars, target] of [
  ["fresh", { PAGE_CACHE: "off" }, 0.2],
  ["cached", { PAGE_CACHE: "on" }, 0.6],
]) {
  const site = await startWorker({ dir, vars });
  for (const page of PAGES) {
    const { ratio, page: r } = await ratioToBare(`${site.url}${page}`, bare.url);
    row(`${page} ${mode}`, `${(ratio * 100).toFixed(0)}% (${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms)`, `≥ ${target * 100}%`, ratio >= target);
  }
  if (mode === "fresh") {
    for (const page of PAGES) {
      const response = await fetch(`${site.url}${page}`);
      const trips = /d1-render;desc=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
      await response.text();
      row(`D1 round trips to render ${page}`, trips ?? "?", "1", trips === "1");
    }
    // 3. What each public page sends: JavaScript and CSS, gzip.
    for (const page of [...PAGES, "/journal", "/news/1"]) {
      const html = await (await fetch(`${site.url}${page}`)).text();
      const js = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g), ...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)].map((m) => m[1]));
      const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
      const size = async (set) => {
        let total = 0;
        for (const asset of set) total += gzipSync(Buffer.from(await (await fetch(`${site.url}${asset}`)).arrayBuffer())).length;
        return total / 1024;
      };
      const [jsKb, cssKb] = [await size(js), await size(css)];
      row(`JavaScript files sent to ${page} (gzip)`, `${jsKb.toFixed(1)} KB in ${js.size} files`, "≤ 90 KB", jsKb <= 90);
      row(`CSS sent to ${page} (gzip)`, `${cssKb.toFixed(1)} KB`, "≤ 15 KB", cssKb <= 15);
    }
  }
  if (mode === "cached" && process.env.BENCH_LIGHTHOUSE !== "off") {
    // 4. Lighthouse, mobile, on the pages the issue names.
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      for (const page of ["/", "/conferences/1", "/society/board"]) {
        const result = await lighthouse(`${site.url}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
        const c = result.lhr.categories;
        const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
        const ok = score("performance") >= 95 && score("accessibility") === 100 && score("best-practices") === 100 && score("seo") === 100;
        row(`Lighthouse mobile ${page}`, `perf ${score("performance")}, a11y ${score("accessibility")}, best ${score("best-practices")}, SEO ${score("seo")}`, "≥ 95, 100, 100, 100", ok);
        const failed = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
        if (!ok && failed.length) console.log(`  ${page}: audits below par: ${failed.join(", ")}`);
      }
    } finally {
      await chrome.kill();
    }
  }
  await site.stop();
}

await bare.stop();

// 5. The deployable bundle of the web Worker.
const out = path.join(ROOT, ".wrangler", "bench-dry-run");
const dry = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", out], { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV }, encoding: "utf8" });
if (dry.status === 0) {
  const bundle = readFileSync(path.join(out, "index.js"));
  row("Web Worker bundle", `${(bundle.length / 1024).toFixed(0)} KB, ${(gzipSync(bundle).length / 1024).toFixed(0)} KB gzip`, "≤ 3 MB gzip (Workers limit)", gzipSync(bundle).length < 3 * 1024 * 1024);
} else {
  row("Web Worker bundle", "wrangler deploy --dry-run failed", "", false);
}

const width = (k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
const cols = ["figure", "value", "target", "verdict"];
const line = (r) => `| ${cols.map((k) => String(r[k]).padEnd(width(k))).join(" | ")} |`;
console.log(`\n${line(Object.fromEntries(cols.map((k) => [k, k])))}\n| ${cols.map((k) => "-".repeat(width(k))).join(" | ")} |\n${rows.map(line).join("\n")}`);
console.log(
  `\n${CONNECTIONS} connections; each ratio is the median of ${ROUNDS} rounds of ${DURATION / 2} s, page and bare Worker back to back in the same runtime.` +
    "\nJavaScript counts the module files a page loads (not the inline hydration data).",
);
