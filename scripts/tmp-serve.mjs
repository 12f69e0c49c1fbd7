import path from "node:path";
import { ROOT, startWorker } from "./lib/local-stack.mjs";
const devtools = process.argv[2] !== "off";
const site = await startWorker({ dir: path.join(ROOT, ".wrangler", "bench-state"), port: 8790, vars: { PAGE_CACHE: process.argv[3] ?? "off" }, devtools });
const bare = await startWorker({ dir: path.join(ROOT, ".wrangler", "bench-state"), port: 8791, config: path.join(ROOT, "scripts/bench/wrangler.bare-assets.toml"), devtools });
console.log("ready", site.url, bare.url);
await new Promise(() => {});
