/**
 * Writes many large objects into a local R2 bucket (wrangler's persistence folder), as the site's
 * Worker will later read them: the benchmark's 500 manuscripts of 5 MB.
 *
 * Not through wrangler's platform proxy: its `put` serialises each body into the call's text (6 to
 * 10 MB/s on this machine, 2.5 GB in five minutes or more), a stream argument is refused (R2 wants
 * a known length), and a run once died there with the socket closed under it. Here a Worker of a
 * few lines in the same runtime (wrangler's own Miniflare, without wrangler dev's proxy Worker in
 * front, which answered a PUT "Your worker restarted mid-request" at 16 in flight) takes each
 * object as a plain PUT with a Content-Length: a stream of known length that R2 takes as it comes
 * (18 to 28 MB/s here, 8 in flight).
 *
 *   const bucket = await openLocalBucket(dir, "FILES");
 *   try { await bucket.put("a.pdf", bytes, { httpMetadata: { contentType: "application/pdf" } }); } finally { await bucket.close(); }
 *
 * Only one runtime should hold the folder's R2 at a time: close the platform proxy before, and
 * close this before the site starts.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "./local-stack.mjs";

const WRITER = `export default {
  async fetch(request, env) {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    const object = await env.BUCKET.put(key, request.body, { httpMetadata: { contentType: request.headers.get("Content-Type") ?? undefined } });
    return Response.json({ key: object.key, size: object.size });
  },
};`;

/**
 * A PUT that met a connection the runtime had just closed (an idle keep-alive connection reused as
 * it closes: EPIPE or ECONNRESET, 4 of 64 requests at 16 in flight) never reached the Worker; a put
 * of the same key is safe to repeat in any case.
 */
const ATTEMPTS = 4;

/**
 * `dir`: the folder given to `wrangler dev --persist-to` (objects go under `dir/v3/r2`); `binding`:
 * the R2 binding's name in the site's wrangler.toml, whose bucket it writes.
 */
export async function openLocalBucket(dir, binding, { config = path.join(ROOT, "wrangler.toml") } = {}) {
  const wrangler = await import("wrangler");
  const bucketName = wrangler.unstable_readConfig({ config }).r2_buckets.find((b) => b.binding === binding)?.bucket_name;
  if (!bucketName) throw new Error(`openLocalBucket: no R2 binding ${binding} in ${config}`);
  // The Miniflare wrangler itself runs, so the objects land where `wrangler dev` looks for them.
  const { Miniflare } = createRequire(createRequire(import.meta.url).resolve("wrangler"))("miniflare");
  const mf = new Miniflare({
    modules: true,
    script: WRITER,
    compatibilityDate: "2026-05-01",
    r2Buckets: { BUCKET: bucketName },
    defaultPersistRoot: path.join(dir, "v3"),
  });
  const url = await mf.ready;
  return {
    /** Stores `bytes` (a Uint8Array) under `key`; resolves once R2 has it whole. */
    async put(key, bytes, { httpMetadata: { contentType = "application/octet-stream" } = {} } = {}) {
      const target = new URL(key.split("/").map(encodeURIComponent).join("/"), url);
      for (let attempt = 1; ; attempt++) {
        let response;
        try {
          response = await fetch(target, { method: "PUT", body: bytes, headers: { "Content-Type": contentType } });
        } catch (error) {
          if (attempt < ATTEMPTS) continue;
          throw new Error(`local R2: PUT ${key} failed ${ATTEMPTS} times (${error.cause?.code ?? error.message})`);
        }
        if (!response.ok) throw new Error(`local R2: PUT ${key} answered ${response.status}: ${await response.text()}`);
        const stored = await response.json();
        if (stored.size !== bytes.byteLength) throw new Error(`local R2: ${key} stored ${stored.size} bytes of ${bytes.byteLength}`);
        return stored;
      }
    },
    close: () => mf.dispose(),
  };
}
