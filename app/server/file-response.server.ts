import { cleanFileName } from "~/lib/file-names";

/** A stored file as the streamer needs it. */
export type StoredFile = { id: number; r2Key: string; originalName: string; contentType: string; size: number };

/** A file the reader may have, and whether anyone may (which decides how it may be cached). */
export type ReadableFile = { file: StoredFile; visibility: "public" | "private" };

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/**
 * RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. The name is cleaned as
 * an upload's is (`cleanFileName`), so names stored before that rule lose their controls and
 * bidirectional overrides here too, and a long one keeps its extension.
 */
export function contentDisposition(type: "inline" | "attachment", originalName: string) {
  const cleaned = cleanFileName(originalName).replace(/["\\]/g, "_") || "download";
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, "_");
  // RFC 5987's value characters exclude ' ( ) *, which encodeURIComponent leaves as they are.
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * One byte range from a Range header, checked against the stored size. Returns null to serve
 * the whole file (no header, several ranges, or a unit we do not serve), "unsatisfiable" for 416.
 */
export function parseRange(header: string | null, size: number): { offset: number; length: number } | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Math.min(Number(m[2]), size);
    return suffix === 0 ? "unsatisfiable" : { offset: size - suffix, length: suffix };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

/** No such file, or none the asker may read: JSON `{ message }` like every other refusal under /api. */
export function fileNotFound() {
  return Response.json({ message: "File not found." }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** How long and by whom an answer may be kept: public files forever (a name is never reused), the rest nowhere. */
const CACHE_POLICY: Record<ReadableFile["visibility"], string> = {
  public: "public, max-age=31536000, immutable",
  private: "private, no-store",
};

/**
 * Streams a stored file from R2 that the model found readable: the stored type, a safe
 * Content-Disposition, ETag and conditional requests, byte ranges, and the cache policy of
 * its visibility.
 */
export async function serveStoredFile(request: Request, bucket: R2Bucket, { file: record, visibility }: ReadableFile) {
  const range = parseRange(request.headers.get("Range"), record.size);
  if (range === "unsatisfiable") {
    return new Response("Requested range not satisfiable.", {
      status: 416,
      headers: { "Content-Range": `bytes */${record.size}`, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // HEAD asks for the metadata only: no body is fetched that nobody would read.
  const object =
    request.method === "HEAD"
      ? await bucket.head(record.r2Key)
      : await bucket.get(record.r2Key, { onlyIf: request.headers, range: range ?? undefined });
  if (!object) return fileNotFound();

  const headers = new Headers();
  headers.set("Content-Type", record.contentType);
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  headers.set("Accept-Ranges", "bytes");
  headers.set("Cache-Control", CACHE_POLICY[visibility]);
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  const wantsDownload = new URL(request.url).searchParams.has("download");
  headers.set(
    "Content-Disposition",
    contentDisposition(!wantsDownload && INLINE_TYPES.test(record.contentType) ? "inline" : "attachment", record.originalName),
  );

  if (request.method === "HEAD") {
    headers.set("Content-Length", String(object.size));
    return new Response(null, { status: 200, headers });
  }
  if (!("body" in object)) {
    // onlyIf failed: If-None-Match matched (304) or If-Match did not (412).
    const status = request.headers.has("If-None-Match") || request.headers.has("If-Modified-Since") ? 304 : 412;
    return new Response(null, { status, headers });
  }

  const { body } = object as R2ObjectBody;
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(body, { status: 200, headers });
}
