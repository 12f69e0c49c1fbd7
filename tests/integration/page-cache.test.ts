import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { contentChanged, createConference, db, get, resetDatabase } from "./fixtures";
import { conferences } from "~/db/schema";
import { eq } from "drizzle-orm";

beforeEach(resetDatabase);

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
const cspNonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("page cache", () => {
  it("serves anonymous visitors from the cache and shows a change at once when content changes", async () => {
    const c = await createConference({ title: "Original Title" });
    const first = await get(`/conferences/${c.id}`);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(await first.text()).toContain("Original Title");
    const second = await get(`/conferences/${c.id}`);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    // The same policy, with a nonce of its own.
    const policy = (r: Response) => r.headers.get("Content-Security-Policy")?.replace(/'nonce-[^']+'/g, "'nonce'");
    expect(policy(second)).toBe(policy(first));
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    await second.text();

    // An edit without a version bump stays invisible (proving the hit came from the cache) …
    await db().update(conferences).set({ title: "Edited Title" }).where(eq(conferences.id, c.id));
    expect(await (await get(`/conferences/${c.id}`)).text()).toContain("Original Title");
    // … and the bump every change makes shows it on the very next request.
    await contentChanged();
    const fresh = await get(`/conferences/${c.id}`);
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain("Edited Title");
  });

  it("serves a hit byte for byte as rendered, text beyond Latin-1 included, with the served headers", async () => {
    const c = await createConference({ title: "Zürich – Συνέδριο Forum", location: "Zürich, Schweiz" });
    const miss = await get(`/conferences/${c.id}`);
    const rendered = await miss.text();
    expect(rendered).toContain("Zürich – Συνέδριο Forum");
    // The first hit may come from the Workers cache, the next from this isolate's memory.
    for (let i = 0; i < 3; i++) {
      const hit = await get(`/conferences/${c.id}`);
      expect(hit.headers.get("X-Page-Cache")).toBe("hit");
      expect(hit.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      expect(hit.headers.get("Content-Type")).toBe(miss.headers.get("Content-Type"));
      expect(hit.headers.get("Server-Timing")).toMatch(/^d1-render;desc=0, d1-cache-check;desc=\d$/);
      // Byte for byte but for the nonce, which each answer gets afresh.
      expect(withoutNonces(await hit.text())).toBe(withoutNonces(rendered));
    }
  });

  it("never caches for a signed-in visitor, errors, or private paths", async () => {
    const c = await createConference();
    const withSession = await get(`/conferences/${c.id}`, { headers: { Cookie: "__Host-session=abc" } });
    expect(withSession.headers.get("X-Page-Cache")).toBeNull();
    expect(withSession.headers.get("Cache-Control")).toBe("private, no-cache");
    await withSession.text();
    for (const path of ["/conferences/987654", "/login"]) {
      await (await get(path)).text();
      const again = await get(path);
      expect(again.headers.get("X-Page-Cache"), path).not.toBe("hit");
      await again.text();
    }
  });
});

describe("D1 round trips", () => {
  const renderTrips = (r: Response) => Number(/d1-render;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1]);

  it("each public page renders with one batched round trip, and a cached page with none", async () => {
    const c = await createConference();
    for (const path of ["/", "/conferences", `/conferences/${c.id}`, "/society/board", "/society/board?period=2020-2021"]) {
      const fresh = await get(path);
      expect(renderTrips(fresh), path).toBe(1);
      await fresh.text();
      const cached = await get(path);
      expect(cached.headers.get("X-Page-Cache"), path).toBe("hit");
      expect(renderTrips(cached), path).toBe(0);
      await cached.text();
    }
  });
});

/** What one request can leave in the cache for everyone after it. */
describe("the cache and the request's own details", () => {
  it("never puts a forged Host into a page that others are served", async () => {
    const c = await createConference({ title: "Hosted" });
    const forged = await SELF.fetch(`https://evil.example/conferences/${c.id}`, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(await forged.text()).not.toContain("evil.example");
    const later = await get(`/conferences/${c.id}`);
    const html = await later.text();
    expect(html).not.toContain("evil.example");
    expect(html).toContain("https://society.test/conferences/");
  });

  it("gives every answer from the cache a nonce of its own, in the policy and on every script", async () => {
    const c = await createConference();
    const nonces = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = await get(`/conferences/${c.id}`);
      const nonce = cspNonce(r)!;
      // Every source list of the policy names the same nonce (scripts and styles).
      const inPolicy = [...(r.headers.get("Content-Security-Policy") ?? "").matchAll(/'nonce-([^']+)'/g)].map((m) => m[1]);
      expect(inPolicy.length).toBeGreaterThanOrEqual(2);
      expect(new Set(inPolicy)).toEqual(new Set([nonce]));
      const html = await r.text();
      if (i > 0) expect(r.headers.get("X-Page-Cache")).toBe("hit");
      const inPage = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
      for (const earlier of nonces) expect(html).not.toContain(earlier);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });
});
