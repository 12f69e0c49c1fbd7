/**
 * Probes the local proxy's hop to the user Worker (decision 056): sends a GET of a page and a
 * refused post, one after the other, 4.95–5.05 s apart (where the proxy reuses a connection the
 * Worker's side is closing as idle), each with 12 s to answer, on a stack as `npm start` runs it.
 * Without the patch, about one GET in ten got no answer (parked) and posts got wrangler's 503.
 * Then it streams 20 refused 12 MB uploads and compares the stack's workerd processes' memory
 * before and after: the patch's spare copy of a body must be let go once the hop succeeds (kept,
 * it held every upload, 12 MB each, until the proxy ran out of memory).
 *
 *   node scripts/probe-proxy-hop.mjs [requests=30]
 */
import { execFileSync } from "node:child_process";
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
let grewMb = 0;
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
  grewMb = await uploadGrowthMb();
} finally {
  await worker.stop();
}
console.log(JSON.stringify({ requests, unanswered, answers, workerdGrowthAfterUploadsMb: grewMb }));
process.exit(unanswered || grewMb > 100 || Object.keys(answers).some((k) => !/GET \/news 200|POST \/login 403|POST upload 403/.test(k)) ? 1 : 0);

/** The most any of the stack's workerd processes grew over 20 refused 12 MB uploads, in MB. */
async function uploadGrowthMb() {
  const rss = () =>
    new Map(
      execFileSync("ps", ["-o", "pid=,rss=,comm=", "-g", String(worker.child.pid)], { encoding: "utf8" })
        .trim()
        .split("\n")
        .map((line) => line.trim().split(/\s+/))
        .filter(([, , comm]) => comm?.includes("workerd"))
        .map(([pid, kb]) => [pid, Number(kb) / 1024]),
    );
  const upload = async () => {
    const MB = 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent >= 12 * MB) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        sent += 64 * 1024;
      },
    });
    // A form whose CSRF token does not match its cookie: refused, its body read and dropped.
    const response = await fetch(`${worker.url}/admin/conferences/new`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=probe", Origin: worker.url, Cookie: `csrf=${"A".repeat(32)}` },
      body,
      duplex: "half",
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  };
  await upload(); // the first request's one-off costs (modules, JIT) are not growth
  const before = rss();
  for (let i = 0; i < 20; i++) {
    const label = `POST upload ${await upload()}`;
    answers[label] = (answers[label] ?? 0) + 1;
  }
  const after = rss();
  console.log(`workerd memory before and after the uploads (MB): ${[...after].map(([pid, mb]) => `${pid} ${Math.round(before.get(pid) ?? 0)} → ${Math.round(mb)}`).join(", ")}`);
  return Math.round(Math.max(0, ...[...after].map(([pid, mb]) => mb - (before.get(pid) ?? mb))));
}
