/**
 * A bare Worker on the site's R2 bucket for scripts/bench/zip-memory-probe.mjs (decision 055).
 * `?n=500&mode=…` takes the first n manuscripts:
 * - `read`: reads each to its end and drops the bytes, then holds the request 1.5 s (idle, for
 *   the inspector to sample what the reads left behind);
 * - `zip`: answers with client-zip's stream of them as the body;
 * - `zip-fixed`: the same piped through a FixedLengthStream, as the site's zip is;
 * - `zip-writer`: client-zip's stream read by the Worker and written chunk by chunk into a
 *   FixedLengthStream's writer;
 * - `zip-inside`: reads client-zip's stream inside the Worker, pausing 300 ms after every 250 MB
 *   for the inspector, and answers with the byte count.
 */
import { downloadZip, predictLength } from "client-zip";

async function manuscripts(env, n) {
  const listed = [];
  let cursor;
  do {
    const page = await env.FILES.list({ prefix: "manuscript/", cursor, limit: 1000 });
    listed.push(...page.objects.map((o) => ({ key: o.key, size: o.size })));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor && listed.length < n);
  return listed.slice(0, n);
}

function zipOf(env, entries) {
  async function* files() {
    for (const [i, { key, size }] of entries.entries()) {
      const object = await env.FILES.get(key);
      yield { name: `${i}.pdf`, lastModified: object.uploaded, size, input: object.body };
    }
  }
  return downloadZip(files()).body;
}

// As the site answers: a zip is not compressed again on its way out (without a type, the runtime
// gzipped the stream for a client that accepts it, and the probe crawled at 1 MB/s).
const ZIP_HEADERS = { "Content-Type": "application/zip" };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const mode = url.searchParams.get("mode") ?? "read";
    const entries = await manuscripts(env, Number(url.searchParams.get("n") ?? 0));
    if (mode === "zip") return new Response(zipOf(env, entries), { headers: ZIP_HEADERS });
    if (mode === "zip-fixed") {
      const length = predictLength(entries.map((e, i) => ({ name: `${i}.pdf`, size: e.size })));
      const { readable, writable } = new FixedLengthStream(Number(length));
      zipOf(env, entries).pipeTo(writable).catch((e) => console.error(e));
      return new Response(readable, { headers: ZIP_HEADERS });
    }
    if (mode === "zip-writer") {
      const length = predictLength(entries.map((e, i) => ({ name: `${i}.pdf`, size: e.size })));
      const { readable, writable } = new FixedLengthStream(Number(length));
      (async () => {
        const reader = zipOf(env, entries).getReader();
        const writer = writable.getWriter();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await writer.write(chunk.value);
        await writer.close();
      })().catch((e) => console.error(e));
      return new Response(readable, { headers: ZIP_HEADERS });
    }
    let bytes = 0;
    let paused = 0;
    const pauseEvery = 250 * 1024 * 1024;
    const drain = async (reader) => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        if (bytes - paused >= pauseEvery) {
          paused = bytes;
          await sleep(300);
        }
      }
    };
    if (mode === "zip-inside") await drain(zipOf(env, entries).getReader());
    else for (const { key } of entries) await drain((await env.FILES.get(key)).body.getReader());
    await sleep(1500);
    return new Response(`${entries.length} objects, ${bytes} bytes\n`);
  },
};
