/**
 * A Worker for the benchmark only: runs the extraction engine on the posted manuscript inside
 * the Workers runtime and answers with the engine's own timing (performance.now around it).
 */
import { extractManuscript } from "../../app/extraction";

export default {
  async fetch(request: Request) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    const references = new URL(request.url).searchParams.get("references") !== "off";
    const started = performance.now();
    try {
      const r = await extractManuscript(bytes, { references });
      return Response.json({ ok: true, ms: performance.now() - started, pagesRead: r.stats.pagesRead, pages: r.pages, title: r.title.value, authors: r.authors.length });
    } catch (error) {
      return Response.json({ ok: false, ms: performance.now() - started, error: String(error) });
    }
  },
};
