/**
 * A bare Worker on the site's R2 bucket for scripts/bench/zip-memory-probe.mjs (decision 055):
 * `?n=500` reads the first n manuscripts to their end and drops the bytes, then holds the request
 * 1.5 s (idle, for the inspector to sample what the reads left behind).
 */

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

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const entries = await manuscripts(env, Number(url.searchParams.get("n") ?? 0));
    let bytes = 0;
    for (const { key } of entries) {
      const reader = (await env.FILES.get(key)).body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    }
    await new Promise((r) => setTimeout(r, 1500));
    return new Response(`${entries.length} objects, ${bytes} bytes\n`);
  },
};
