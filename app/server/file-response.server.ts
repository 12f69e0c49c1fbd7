import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FileKind } from "~/db/schema";
import { findFileByName } from "~/models/file.server";

const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(type: "inline" | "attachment", originalName: string) {
  const cleaned = originalName.replace(/[\r\n"\\/]/g, "_").slice(0, 200) || "download";
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
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

function notFound() {
  return new Response("File not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Streams a stored file from R2: the stored type, a safe Content-Disposition, ETag and
 * conditional requests, byte ranges, and a long cache life (a file name is never reused).
 */
export async function serveStoredFile(request: Request, context: AppLoadContext, kind: FileKind, filename: string) {
  const record = await findFileByName(context.db, kind, filename);
  if (!record) return notFound();

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
      ? await context.files.head(record.r2Key)
      : await context.files.get(record.r2Key, { onlyIf: request.headers, range: range ?? undefined });
  if (!object) return notFound();

  const headers = new Headers();
  headers.set("Content-Type", record.contentType);
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  headers.set("Accept-Ranges", "bytes");
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
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
