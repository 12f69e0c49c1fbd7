import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { signDownloadToken, verifyDownloadToken } from "~/server/files/download-token.server";
import { zipResponse } from "~/server/files/zip.server";
import { createSession } from "~/server/auth/session.server";
import { apiToken, BASE, createConference, createNews, createPaper, createUser, db, get, resetDatabase, sessionJar, storeFile, visit } from "./fixtures";
import { expectConsoleError } from "./console-errors";

beforeEach(resetDatabase);

const SECRET = "test-secret-test-secret-test-secret-0123";
const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

async function paperWithManuscript() {
  const conference = await createConference();
  const author = await createUser({ email: "author@example.org" });
  const coAuthor = await createUser({ email: "coauthor@example.org" });
  const paper = await createPaper({
    conferenceId: conference.id,
    submitterId: author.id,
    authors: [{ userId: author.id, email: author.email }, { userId: coAuthor.id, email: coAuthor.email }],
  });
  const manuscript = await storeFile({ kind: "manuscript", bytes: PDF, originalName: "my paper.pdf", contentType: "application/pdf", paperId: paper.id });
  return { paper, author, coAuthor, manuscript, path: `/api/papers/${paper.id}/download/fullManuscript` };
}

describe("files with owners: a manuscript", () => {
  it("is not served to a visitor: a browser is sent to sign in, a program gets 401", async () => {
    const { path } = await paperWithManuscript();
    const page = await get(path, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const program = await get(path);
    expect(program.status).toBe(401);
    expect(await program.json()).toEqual({ message: "Sign in to download this file." });
  });

  it("is not served to another signed-in user, who gets the same 404 as for no paper at all", async () => {
    const { path, paper } = await paperWithManuscript();
    const stranger = await sessionJar(await createUser({ email: "stranger@example.org" }));
    const r = await visit(stranger, path);
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ message: "File not found." });
    expect((await visit(stranger, `/api/papers/${paper.id + 100}/download/fullManuscript`)).status).toBe(404);
    expect((await visit(stranger, `/api/papers/${paper.id}/download/constructor`)).status).toBe(404);
  });

  it("is not served to an author of another paper (an author's rights are to their own papers)", async () => {
    const { path, paper } = await paperWithManuscript();
    // Someone listed on, and the submitter of, a different paper of the same conference.
    const other = await createUser({ email: "other.author@example.org" });
    await createPaper({ conferenceId: paper.conferenceId, submitterId: other.id, authors: [{ userId: other.id, email: other.email }] });
    const r = await visit(await sessionJar(other), path);
    expect(r.status).toBe(404);
  });

  it("is served to its authors and to administrators, never to be cached", async () => {
    const { path, author, coAuthor } = await paperWithManuscript();
    const admin = await createUser({ role: "admin" });
    for (const user of [author, coAuthor, admin]) {
      const r = await visit(await sessionJar(user), path);
      expect(r.status).toBe(200);
      expect(r.headers.get("Cache-Control")).toBe("private, no-store");
      expect(r.headers.get("Content-Disposition")).toContain('filename="my paper.pdf"');
      expect(await r.text()).toBe(PDF);
    }
    // The JSON API's bearer token works too (the console's export and the API's clients).
    const token = await apiToken(author);
    expect((await get(path, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it("is served with a valid download token, and not with an expired, tampered or other file's token", async () => {
    const { path, manuscript } = await paperWithManuscript();
    const valid = await signDownloadToken(SECRET, { fileId: manuscript.id, purpose: "download", expiresAt: Date.now() + 60_000 });
    const ok = await get(`${path}?token=${encodeURIComponent(valid)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");

    const expired = await signDownloadToken(SECRET, { fileId: manuscript.id, purpose: "download", expiresAt: Date.now() - 1000 });
    const otherFile = await signDownloadToken(SECRET, { fileId: manuscript.id + 1, purpose: "download", expiresAt: Date.now() + 60_000 });
    const otherPurpose = await signDownloadToken(SECRET, { fileId: manuscript.id, purpose: "export", expiresAt: Date.now() + 60_000 });
    const tampered = valid.replace(/^\d+/, String(manuscript.id + 1));
    const wrongKey = await signDownloadToken("another-secret-another-secret-another-1", { fileId: manuscript.id, purpose: "download", expiresAt: Date.now() + 60_000 });
    for (const token of [expired, otherFile, otherPurpose, tampered, wrongKey, "garbage"]) {
      const refused = await get(`${path}?token=${encodeURIComponent(token)}`);
      expect(refused.status, token).toBe(403);
      expect(await refused.json()).toEqual({ message: "This download link has expired or is not valid. Ask for a new one." });
    }
  });

  it("verifies tokens by signature, purpose and time", async () => {
    const now = Date.now();
    const token = await signDownloadToken(SECRET, { fileId: 42, purpose: "export", expiresAt: now + 1000 });
    expect(await verifyDownloadToken(SECRET, token, "export", now)).toBe(42);
    expect(await verifyDownloadToken(SECRET, token, "download", now)).toBeNull();
    expect(await verifyDownloadToken(SECRET, token, "export", now + 1000)).toBeNull();
  });
});

describe("files with owners: public files", () => {
  it("serves conference files to anyone, cached for a year", async () => {
    const conference = await createConference();
    const file = await storeFile({ kind: "conference_file", bytes: PDF, originalName: "programme.pdf", contentType: "application/pdf", conferenceId: conference.id });
    const r = await get(`/api/conferences/files/${file.filename}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("does not serve a draft news item's files to visitors, only to administrators, privately", async () => {
    const draft = await createNews({ status: "draft" });
    const published = await createNews({ status: "published", title: "Out" });
    const hidden = await storeFile({ kind: "news_file", bytes: PDF, originalName: "draft.pdf", contentType: "application/pdf", newsId: draft.id });
    const shown = await storeFile({ kind: "news_file", bytes: PDF, originalName: "out.pdf", contentType: "application/pdf", newsId: published.id });

    expect((await get(`/api/news/files/${hidden.filename}`)).status).toBe(404);
    expect((await visit(await sessionJar(await createUser()), `/api/news/files/${hidden.filename}`)).status).toBe(404);
    const forAdmin = await visit(await sessionJar(await createUser({ role: "admin" })), `/api/news/files/${hidden.filename}`);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get("Cache-Control")).toBe("private, no-store");

    const visible = await get(`/api/news/files/${shown.filename}`);
    expect(visible.status).toBe(200);
    expect(visible.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("does not serve a manuscript under a public address", async () => {
    const { manuscript } = await paperWithManuscript();
    expect((await get(`/api/conferences/files/${manuscript.filename}`)).status).toBe(404);
    expect((await get(`/api/news/files/${manuscript.filename}`)).status).toBe(404);
  });
});

describe("a streamed zip of R2 objects", () => {
  it("holds every object byte for byte under unique names, with an exact Content-Length", async () => {
    const contents = ["first manuscript", "x".repeat(200_000), "third, with ünïcödé"];
    const entries = [];
    for (const [i, text] of contents.entries()) {
      const key = `manuscript/zip-test-${i}.pdf`;
      await env.FILES.put(key, text);
      entries.push({ r2Key: key, name: i === 2 ? "../paper.pdf" : "paper.pdf", size: new TextEncoder().encode(text).byteLength });
    }
    const response = zipResponse(env.FILES, entries, "Conference_Papers_2026-11-22.zip");
    expect(response.headers.get("Content-Disposition")).toContain("Conference_Papers_2026-11-22.zip");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const unzipped = unzipSync(bytes);
    expect(Object.keys(unzipped)).toEqual(["paper.pdf", "paper (2).pdf", "__paper.pdf"]);
    expect(Object.values(unzipped).map((b) => new TextDecoder().decode(b))).toEqual(contents);
  });

  it("fails the stream rather than leave a file out when an object vanished", async () => {
    // The cut stream is logged.
    expectConsoleError(/zip: stream ended early/);
    await env.FILES.put("manuscript/present.pdf", "here");
    const response = zipResponse(
      env.FILES,
      [
        { r2Key: "manuscript/present.pdf", name: "a.pdf", size: 4 },
        { r2Key: "manuscript/missing.pdf", name: "b.pdf", size: 10 },
      ],
      "x.zip",
    );
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});

describe("sessions made straight in D1 (the tests' fixture) are the site's own", () => {
  it("opens the dashboard like a signed-in browser", async () => {
    const user = await createUser({ firstName: "Fixture" });
    const cookie = await createSession(db(), new Request(BASE), user.id);
    const r = await get("/dashboard", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain("Fixture");
  });
});
