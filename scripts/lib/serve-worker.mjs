/**
 * One Worker served as `wrangler dev` serves it (the same workerd, Miniflare bindings and proxy
 * Worker), but without the devtools inspector: `node scripts/lib/serve-worker.mjs '<json>'` with
 * { config, port, persist, vars }. Used by the benchmark (docs/performance.md): with the
 * inspector attached, wrangler subscribes to the runtime's Network events, and every D1 query
 * becomes four inspector messages carried to Node, about 1 ms of CPU each time on this machine,
 * a cost a deployed Worker never pays and the bare Worker (no subrequests) never pays either.
 * Runs until SIGTERM or SIGINT.
 */
import { unstable_startWorker } from "wrangler";

const { config, port, persist, vars = {} } = JSON.parse(process.argv[2]);
const worker = await unstable_startWorker({
  config,
  bindings: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }])),
  dev: { inspector: false, server: { hostname: "127.0.0.1", port }, persist, watch: false, liveReload: false, logLevel: "warn" },
});
await worker.ready;
console.log(`serving ${config} on ${port}`);
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
