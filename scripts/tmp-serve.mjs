import path from "node:path";
import { ROOT, startWorker } from "./lib/local-stack.mjs";
const site = await startWorker({ dir: path.join(ROOT, ".wrangler", "bench-state"), vars: { PAGE_CACHE: "off" }, devtools: false });
console.log("URL", site.url);
process.on("SIGTERM", async () => { await site.stop(); process.exit(0); });
setInterval(() => {}, 1e6);
