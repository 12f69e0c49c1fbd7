import { describe, expect, it } from "vitest";
import { baseUrl, stackLog } from "./browser";

/**
 * Posts refused before their body is read, against the local stack as `npm start` runs it
 * (`wrangler dev`, its proxy in front of the Worker): only there did an early answer reach its
 * client as a connection reset, and other clients' posts as 503 "worker restarted mid-request"
 * (decision 043). No browser: the clients are Node's fetch, streaming their bodies.
 */

const MB = 1024 * 1024;
const BOUNDARY = "----refused-post";

/** A body sent in chunks without a Content-Length, as a browser sends a large upload. */
function chunked(totalBytes: number, prefix: string) {
  let sent = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(encoder.encode(prefix));
        sent = 1;
        return;
      }
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(64 * 1024, totalBytes - sent);
      controller.enqueue(new Uint8Array(n).fill(0x61));
      sent += n;
    },
  });
}

/** A fresh client's CSRF token (the cookie and the form's field carry the same value). */
async function csrfToken() {
  // A stalled request fails here, named, instead of as the test's timeout.
  const page = await fetch(`${baseUrl()}/login`, { signal: AbortSignal.timeout(30_000) });
  await page.arrayBuffer();
  const token = /(?:^|\s|,)csrf=([A-Za-z0-9_-]{32})/.exec(page.headers.get("Set-Cookie") ?? "")?.[1];
  expect(token).toBeTruthy();
  return token!;
}

/** A large multipart upload whose form carries `formToken`, streamed; its answer and how long it took. */
async function largePost(path: string, { bytes, cookieToken, formToken, method = "POST" }: { bytes: number; cookieToken: string | null; formToken: string; method?: string }) {
  const prefix = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="_csrf"\r\n\r\n${formToken}\r\n--${BOUNDARY}\r\ncontent-disposition: form-data; name="photos"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`;
  const started = Date.now();
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      Origin: baseUrl(),
      ...(cookieToken ? { Cookie: `csrf=${cookieToken}` } : {}),
    },
    body: chunked(bytes, prefix),
    duplex: "half",
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, text, ms: Date.now() - started };
}

/** An ordinary sign-in post from a client of its own: a wrong address, answered by the page. */
async function ordinaryPost() {
  const token = await csrfToken();
  const response = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `csrf=${token}`, Origin: baseUrl() },
    body: new URLSearchParams({ _csrf: token, email: "not-an-address", password: "" }),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text() };
}

describe("a post refused before its body is read", () => {
  it("answers a large chunked post with a wrong or missing CSRF token with 403 at once, and other clients' posts as usual", async () => {
    const usual = await ordinaryPost();
    expect(usual.status).toBeLessThan(500);
    for (let round = 0; round < 4; round++) {
      const token = await csrfToken();
      // Another client posts while the refused upload is still streaming.
      const [wrong, missing, other] = await Promise.all([
        largePost("/admin/conferences/new", { bytes: 12 * MB, cookieToken: token, formToken: "not-the-token-not-the-token-nott" }),
        largePost("/admin/conferences/new", { bytes: 12 * MB, cookieToken: null, formToken: "" }),
        new Promise((resolve) => setTimeout(resolve, 30)).then(ordinaryPost),
      ]);
      for (const refused of [wrong, missing]) {
        expect(refused.status, `round ${round}: ${refused.text.slice(0, 200)}\n${refused.status === 503 ? stackLog() : ""}`).toBe(403);
        expect(refused.text).toContain("This form has expired");
        expect(refused.ms).toBeLessThan(15_000);
      }
      expect(other.status, `${other.text.slice(0, 200)}\n${stackLog()}`).toBe(usual.status);
      const after = await ordinaryPost();
      expect(after.status, `${after.text.slice(0, 200)}\n${stackLog()}`).toBe(usual.status);
    }
  });

  it("answers a large post to an address with no such page, or with a method pages do not take, and the next post as usual", async () => {
    const usual = await ordinaryPost();
    const token = await csrfToken();
    // The catch-all route, which has no action, answers the post (Remix: 405 for a route without one).
    const missing = await largePost("/no-such-page", { bytes: 12 * MB, cookieToken: token, formToken: token });
    expect(missing.status).toBe(405);
    expect((await ordinaryPost()).status).toBe(usual.status);
    const put = await largePost("/login", { bytes: 12 * MB, cookieToken: token, formToken: token, method: "PUT" });
    expect(put.status).toBe(405);
    expect((await ordinaryPost()).status).toBe(usual.status);
  });
});
