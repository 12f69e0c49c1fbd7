import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { news, sessions } from "~/db/schema";
import { classify, REQUEST_POLICY } from "~/server/request-policy.server";
import { expectConsoleError } from "./console-errors";
import { apiToken, BASE, createUser, db, get, Jar, postForm, resetDatabase, sessionJar, visit } from "./fixtures";

beforeEach(resetDatabase);

/** A body sent without Content-Length (chunked): only counting while reading can stop it. */
function chunked(totalBytes: number, chunk = 64 * 1024, prefix = "") {
  let sent = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0 && prefix) {
        controller.enqueue(encoder.encode(prefix));
        sent += prefix.length;
        return;
      }
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(chunk, totalBytes - sent);
      controller.enqueue(new Uint8Array(n).fill(0x61));
      sent += n;
    },
  });
}

describe("the request policy: one table decides how a request is treated", () => {
  it("classifies by path, first match wins, and every path has a class", () => {
    expect(classify("/api/webhooks/paypal")).toBe("webhook");
    expect(classify("/api/conferences/files/abc.pdf")).toBe("file");
    expect(classify("/api/news/files/abc.pdf")).toBe("file");
    expect(classify("/api/papers/12/download/fullManuscript")).toBe("file");
    expect(classify("/api/papers/user")).toBe("api");
    expect(classify("/api")).toBe("api");
    expect(classify("/apiary")).toBe("page");
    expect(classify("/admin/papers")).toBe("page");
    expect(REQUEST_POLICY.at(-1)!.class).toBe("page");
  });

  it("accepts a bearer token on /api and ignores it on pages", async () => {
    const user = await createUser({ email: "bearer@example.org" });
    const token = await apiToken(user);
    const api = await get("/api/auth/profile", { headers: { Authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    expect(api.headers.get("Cache-Control")).toBe("no-store");
    expect(await api.json()).toMatchObject({ _id: user.id, email: "bearer@example.org" });

    const page = await get("/dashboard", { headers: { Authorization: `Bearer ${token}` } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("ignores a cookie session on /api, and a cookie's secret does not work as a bearer token", async () => {
    const user = await createUser();
    const jar = await sessionJar(user);
    expect((await visit(jar, "/dashboard")).status).toBe(200);

    const withCookie = await visit(jar, "/api/auth/profile");
    expect(withCookie.status).toBe(401);
    expect(withCookie.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await withCookie.json()).toEqual({ message: expect.stringMatching(/access token is missing, expired or revoked/) });

    const cookieSecret = jar.get("__Host-session")!;
    expect((await get("/api/auth/profile", { headers: { Authorization: `Bearer ${cookieSecret}` } })).status).toBe(401);
  });

  it("does not take an API token, nor the session secret inside it, as a browser's session cookie on pages that batch their reads with the session", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const [, payload] = token.split(".");
    const secret = JSON.parse(atob(payload!.replaceAll("-", "+").replaceAll("_", "/"))).jti as string;
    for (const value of [token, secret]) {
      for (const path of ["/dashboard", "/dashboard?tab=submissions"]) {
        const r = await get(path, { headers: { Cookie: `__Host-session=${value}` } });
        expect(r.status, `${path} with ${value === token ? "the token" : "its secret"}`).toBe(302);
        expect(r.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      }
    }
  });

  it("revokes an API token like any session: its row gone, the token refused", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    await db().delete(sessions);
    expect((await get("/api/auth/profile", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("passes a cross-site webhook POST with a cookie but no CSRF token to the router, which answers the webhook class's JSON 404 and sets no cookie", async () => {
    const user = await createUser();
    const jar = await sessionJar(user);
    const webhook = await SELF.fetch(`${BASE}/api/webhooks/paypal`, {
      method: "POST",
      body: JSON.stringify({ event_type: "PAYMENT.CAPTURE.COMPLETED" }),
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site", Cookie: jar.header() },
    });
    // No webhook route exists yet: the catch-all answers, in JSON, not the CSRF refusal page (403).
    expect(webhook.status).toBe(404);
    expect(webhook.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await webhook.json()).toEqual({ message: "There is no such API call." });
    // A page answer sets the CSRF cookie; the webhook class never hands out or reads cookies.
    expect(webhook.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a page's form post that is cross-site, or same-site without the CSRF token, with 403", async () => {
    const page = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "a@example.org", password: "x" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
    });
    expect(page.status).toBe(403);
    const noToken = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "a@example.org", password: "x" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    });
    expect(noToken.status).toBe(403);
  });

  it("answers a cross-site API call with a session cookie as if no cookie came: 401 for a GET, 405 in JSON for a POST to a call that takes none", async () => {
    const user = await createUser();
    const jar = await sessionJar(user);
    const read = await SELF.fetch(`${BASE}/api/auth/profile`, { headers: { Cookie: jar.header(), "Sec-Fetch-Site": "cross-site" } });
    expect(read.status).toBe(401);
    expect(await read.json()).toEqual({ message: expect.stringMatching(/access token is missing, expired or revoked/) });
    const post = await SELF.fetch(`${BASE}/api/auth/profile`, { method: "POST", headers: { Cookie: jar.header(), "Sec-Fetch-Site": "cross-site" } });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD, PUT");
    expect(post.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(post.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers methods a class does not take with 405 and the allowed ones", async () => {
    const put = await SELF.fetch(`${BASE}/login`, { method: "PUT", body: "x" });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
    const postFile = await SELF.fetch(`${BASE}/api/conferences/files/abcdefghijklmnop.pdf`, { method: "POST", body: "x" });
    expect(postFile.status).toBe(405);
    expect(postFile.headers.get("Allow")).toBe("GET, HEAD");
    expect((await SELF.fetch(`${BASE}/api/webhooks/paypal`)).status).toBe(405);
  });

  it("answers CORS preflights only for configured origins (none by default)", async () => {
    const preflight = await SELF.fetch(`${BASE}/api/auth/profile`, {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const user = await createUser();
    const call = await get("/api/auth/profile", { headers: { Origin: "https://elsewhere.example", Authorization: `Bearer ${await apiToken(user)}` } });
    expect(call.status).toBe(200);
    expect(call.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers unknown API addresses with JSON, never the HTML 404 page", async () => {
    const r = await get("/api/no/such/call");
    expect(r.status).toBe(404);
    expect(r.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await r.json()).toEqual({ message: "There is no such API call." });
  });
});

describe("body limits, enforced while the body is read", () => {
  it("cuts off a chunked form post over the limit with 413, nothing read past it", async () => {
    const jar = new Jar();
    await visit(jar, "/login");
    const token = jar.get("__Host-csrf")!;
    const r = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: chunked(5 * 1024 * 1024, 64 * 1024, `_csrf=${token}&email=a%40example.org&password=`),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Host: new URL(BASE).host, Origin: BASE, "Sec-Fetch-Site": "same-origin" },
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(await r.text()).toContain("Nothing was saved");
  });

  it("cuts off a chunked upload over 50 MB that the route was reading, with 413 and nothing stored", async () => {
    const admin = await createUser({ role: "admin" });
    const jar = await sessionJar(admin);
    await visit(jar, "/admin/news/new");
    const boundary = "----upload";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${jar.get("__Host-csrf")}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const r = await SELF.fetch(`${BASE}/admin/news/new`, {
      method: "POST",
      body: chunked(51 * 1024 * 1024, 1024 * 1024, head),
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: jar.header(), Host: new URL(BASE).host, Origin: BASE, "Sec-Fetch-Site": "same-origin" },
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(await db().select().from(news).all()).toEqual([]);
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const r = await SELF.fetch(`${BASE}/api/auth/profile`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024) },
    });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toMatch(/larger than this call accepts \(1 MB\)/);
  });

  it("answers a malformed multipart body with 400 and a clear message, and saves nothing", async () => {
    const admin = await createUser({ role: "admin" });
    const jar = await sessionJar(admin);
    await visit(jar, "/admin/news/new");
    const token = jar.get("__Host-csrf")!;
    const boundary = "----broken";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf a news item` +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 no end`;
    const r = await SELF.fetch(`${BASE}/admin/news/new`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: jar.header(), Host: new URL(BASE).host, Origin: BASE, "Sec-Fetch-Site": "same-origin" },
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("The form could not be read");
    expect(await db().select().from(news).all()).toEqual([]);
    expect((await env.FILES.list()).objects).toEqual([]);
  });

  it("reads a refused post's body to its end before answering, whether the Worker or a route refused it", async () => {
    // Remix logs a POST to a page without an action (the 404 page) as an error.
    expectConsoleError(/POST request to "\/no-such-page" but did not provide an `action`/);
    // Under `wrangler dev`, an answer sent while the client is still sending reached it as a
    // connection reset (tests/e2e/refusals.e2e.test.ts); here the proof is that the body was read.
    const admin = await createUser({ role: "admin" });
    const jar = await sessionJar(admin);
    await visit(jar, "/admin/news/new");
    const token = jar.get("__Host-csrf")!;
    const boundary = "----refused";
    const head = (csrf: string) => `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n`;
    const tries = [
      { path: "/admin/news/new", csrf: "not-the-token-not-the-token-nott", method: "POST", status: 403 },
      { path: "/no-such-page", csrf: token, method: "POST", status: 405 },
      { path: "/login", csrf: token, method: "PUT", status: 405 },
      { path: "/api/webhooks/paypal", csrf: "", method: "PUT", status: 405 },
    ];
    for (const t of tries) {
      let ended = false;
      const source = chunked(8 * 1024 * 1024, 64 * 1024, head(t.csrf));
      const reader = source.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            controller.close();
          } else controller.enqueue(value);
        },
      });
      const r = await SELF.fetch(`${BASE}${t.path}`, {
        method: t.method,
        body,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: jar.header(), Host: new URL(BASE).host, Origin: BASE, "Sec-Fetch-Site": "same-origin" },
        duplex: "half",
      } as RequestInit);
      expect(r.status, `${t.method} ${t.path}`).toBe(t.status);
      await r.body?.cancel();
      expect(ended, `${t.method} ${t.path}: body read to its end`).toBe(true);
    }
  });

  it("still takes an ordinary form post under the limits", async () => {
    const user = await createUser({ email: "ok@example.org" });
    const r = await postForm(new Jar(), "/login", { email: "ok@example.org", password: user.password });
    expect(r.status).toBe(302);
  });
});
