/**
 * Probes the local proxy's hop to the user Worker (decision 056): sends a GET of a page and a
 * refused post, one after the other, 4.95–5.05 s apart (where the proxy reuses a connection the
 * Worker's side is closing as idle), each with 12 s to answer, on a stack as `npm start` runs it.
 * Without the patch, about one GET in ten got no answer (parked) and posts got wrangler's 503.
 *
 *   node scripts/probe-proxy-hop.mjs [requests=30]
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, ROOT, startWorker } from "./lib/local-stack.mjs";

const dir = path.join(ROOT, ".wrangler", "probe-proxy-hop");
rmSync(dir, { recursive: true, force: true });
migrate(dir, { quiet: true });
const worker = await startWorker({ dir });
const requests = Number(process.argv[2] ?? 30);
const answers = {};
let unanswered = 0;
try {
  for (let i = 0; i < requests; i++) {
    await new Promise((r) => setTimeout(r, 4950 + (i % 11) * 10));
    const post = i % 2 === 1;
    // A post with a CSRF token that does not match its cookie: refused with 403, nothing changes.
    const init = post
      ? { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: worker.url, Cookie: `csrf=${"A".repeat(32)}` }, body: `_csrf=${"B".repeat(32)}&email=a%40b.c&password=x`, redirect: "manual" }
      : {};
    const label = `${post ? "POST /login" : "GET /news"}`;
    try {
      const response = await fetch(`${worker.url}${post ? "/login" : "/news"}?probe=${i}`, { ...init, signal: AbortSignal.timeout(12_000) });
      await response.arrayBuffer();
      answers[`${label} ${response.status}`] = (answers[`${label} ${response.status}`] ?? 0) + 1;
    } catch (error) {
      if (error.name !== "TimeoutError") throw error;
      unanswered += 1;
      console.log(`${label} #${i}: no answer in 12 s`);
    }
  }
} finally {
  await worker.stop();
}
console.log(JSON.stringify({ requests, unanswered, answers }));
process.exit(unanswered || Object.keys(answers).some((k) => !/GET \/news 200|POST \/login 403/.test(k)) ? 1 : 0);
