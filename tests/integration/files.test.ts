import { beforeEach, describe, expect, it } from "vitest";
import { createConference, createNews, get, resetDatabase, storeFile } from "./fixtures";

beforeEach(resetDatabase);

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

describe("stored files", () => {
  it("streams a conference file with its type, a safe disposition, ETag and long cache life", async () => {
    const c = await createConference();
    const f = await storeFile({ kind: "conference_file", bytes: bytes(3000), originalName: 'Prog"ramme\r\nX-Evil: 1 – final.pdf', contentType: "application/pdf", conferenceId: c.id });
    const response = await get(`/api/conferences/files/${f.filename}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe("3000");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("X-Evil")).toBeNull();
    const disposition = response.headers.get("Content-Disposition")!;
    expect(disposition).toMatch(/^inline; filename="Prog_ramme X-Evil: 1 _ final.pdf"; filename\*=UTF-8''/);
    expect(disposition).toContain(encodeURIComponent("–"));
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes(3000));

    const download = await get(`/api/conferences/files/${f.filename}?download`);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    await download.body?.cancel();
  });

  it("names a download without controls, bidirectional overrides or zero-width characters, and keeps a long name's extension", async () => {
    const c = await createConference();
    // Stored before uploads were cleaned: the override would make "report\u202Efdp.exe" read "reportexe.pdf".
    const tricky = await storeFile({ kind: "conference_file", bytes: bytes(10), originalName: "re\u200Bport\u202Efdp.exe\u202C\u2066 \u0085final\u2069.pdf", contentType: "application/pdf", conferenceId: c.id });
    const disposition = (await get(`/api/conferences/files/${tricky.filename}`)).headers.get("Content-Disposition")!;
    expect(disposition).toBe(`inline; filename="reportfdp.exe final.pdf"; filename*=UTF-8''reportfdp.exe%20final.pdf`);
    for (const hidden of ["%E2%80%AE", "%E2%80%AC", "%E2%81%A6", "%E2%81%A9", "%E2%80%8B", "%C2%85"]) expect(disposition).not.toContain(hidden);

    const long = await storeFile({ kind: "conference_file", bytes: bytes(10), originalName: `${"Ünïcode ".repeat(40)}final.pdf`, contentType: "application/pdf", conferenceId: c.id });
    const name = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec((await get(`/api/conferences/files/${long.filename}?download`)).headers.get("Content-Disposition")!)![1]!);
    expect(name.endsWith("final.pdf")).toBe(true);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.startsWith("Ünïcode Ünïcode")).toBe(true);
  });

  it("answers conditional requests with 304", async () => {
    const c = await createConference();
    const f = await storeFile({ kind: "conference_file", bytes: bytes(100), originalName: "a.pdf", contentType: "application/pdf", conferenceId: c.id });
    const first = await get(`/api/conferences/files/${f.filename}`);
    const etag = first.headers.get("ETag")!;
    await first.body?.cancel();
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/api/conferences/files/${f.filename}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers byte ranges, suffix ranges and refuses unsatisfiable ones", async () => {
    const c = await createConference();
    const f = await storeFile({ kind: "conference_photo", bytes: bytes(1000), originalName: "p.jpg", contentType: "image/jpeg", conferenceId: c.id });
    const part = await get(`/api/conferences/photos/${f.filename}`, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes(1000).slice(100, 200));
    const tail = await get(`/api/conferences/photos/${f.filename}`, { headers: { Range: "bytes=-50" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("Content-Range")).toBe("bytes 950-999/1000");
    expect((await tail.arrayBuffer()).byteLength).toBe(50);
    const bad = await get(`/api/conferences/photos/${f.filename}`, { headers: { Range: "bytes=5000-6000" } });
    expect(bad.status).toBe(416);
    await bad.body?.cancel();
  });

  it("serves HEAD without a body", async () => {
    const n = await createNews();
    const f = await storeFile({ kind: "news_file", bytes: bytes(10), originalName: "n.pdf", contentType: "application/pdf", newsId: n.id });
    const response = await get(`/api/news/files/${f.filename}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe("10");
  });

  it("answers 404 for unknown names, names of another kind and anything that looks like a path", async () => {
    const c = await createConference();
    const photo = await storeFile({ kind: "conference_photo", bytes: bytes(10), originalName: "p.jpg", contentType: "image/jpeg", conferenceId: c.id });
    for (const path of [
      `/api/conferences/files/${photo.filename}`,
      "/api/conferences/files/doesnotexist0000000000000.pdf",
      "/api/conferences/files/..%2F..%2Fwrangler.toml",
      "/api/news/files/%2e%2e",
      `/api/conferences/files/${"a".repeat(500)}.pdf`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });
});
