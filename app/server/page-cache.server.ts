import { siteState } from "~/db/schema";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Services } from "./services.server";

/**
 * Anonymous visitors' pages come from this isolate's memory, else the Workers cache (decision 003).
 * Keys carry the build and the content version, which every change to public content replaces:
 * nothing is purged, old entries age out. The version is re-read from D1 at most once per TTL.
 */
export const SESSION_COOKIE_NAMES = ["__Host-session", "session"];
const CACHEABLE_PREFIXES = ["/", "/society", "/membership", "/journal", "/conferences", "/news", "/sitemap.xml", "/robots.txt"];
const PRIVATE_PREFIXES = ["/admin", "/dashboard", "/profile", "/login", "/logout", "/register", "/activate-account", "/forgot-password", "/reset-password", "/registration", "/api"];
const CACHE_TTL_SECONDS = 60 * 60 * 24;

function hasSessionCookie(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  return SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

export function isCacheablePageRequest(request: Request, url: URL): boolean {
  if (request.method !== "GET") return false;
  if (hasSessionCookie(request)) return false;
  const { pathname, search } = url;
  if (search.length > 512) return false;
  if (PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}.`))) {
    return false;
  }
  return CACHEABLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(p === "/" ? "/_root" : p));
}

export async function readContentVersion(db: Database): Promise<string> {
  const row = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, "content_version")).get();
  return row?.value ?? "0";
}

/**
 * The content version as this isolate last read it, re-read from D1 at most every `ttlMs`
 * (one read in flight at a time). A change made in this isolate is seen at once; one made in
 * another isolate within `ttlMs`. Keyed by the D1 binding, which lives as long as the isolate.
 */
type Memo = { value: string; at: number; pending: Promise<string> | null };
const memos = new WeakMap<object, Memo>();

export async function getContentVersion(binding: object, db: () => Database, ttlMs: number, now = Date.now()): Promise<string> {
  let memo = memos.get(binding);
  if (memo && now - memo.at < ttlMs) return memo.value;
  if (memo?.pending) return memo.pending;
  memo ??= { value: "0", at: 0, pending: null };
  memos.set(binding, memo);
  const current = memo;
  current.pending = readContentVersion(db())
    .then((value) => {
      current.value = value;
      current.at = Date.now();
      return value;
    })
    .finally(() => {
      current.pending = null;
    });
  return current.pending;
}

/** Call after any change to content that public pages show. */
export async function bumpContentVersion({ d1: binding, db }: Pick<Services, "d1" | "db">) {
  const value = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}`;
  await db
    .insert(siteState)
    .values({ key: "content_version", value })
    .onConflictDoUpdate({ target: siteState.key, set: { value: sql`excluded.value` } });
  memos.set(binding, { value, at: Date.now(), pending: null });
}

export function cacheKeyFor(url: URL, version: string) {
  const key = new URL(url);
  key.searchParams.set("__cv", version);
  return key.toString();
}

/** Stores a copy that the cache keeps; the browser copy must revalidate every time. */
export function toCacheable(response: Response) {
  const copy = new Response(response.body, response);
  copy.headers.set("Cache-Control", `public, max-age=${CACHE_TTL_SECONDS}`);
  return copy;
}

export function isStorable(response: Response) {
  return response.status === 200 && !response.headers.has("Set-Cookie");
}

/**
 * The first tier: rendered pages kept in this isolate's memory (bounded, least recently used
 * first out, emptied when the content version changes), keyed by path and query. The Workers cache
 * behind it is shared by the data centre but costs a lookup; memory costs nothing. A hit is one
 * `Response` built from kept bytes (workerd copies them) and a kept header set that already says
 * how it was served, so serving it touches no headers at all.
 */
// Bodies are kept as UTF-8 bytes: a page with any character beyond Latin-1 (an en dash will do) is
// a two-byte string in V8, which workerd would transcode on every hit. Status and headers are
// copied from a stored, bodiless template.
type Stored = { body: Uint8Array<ArrayBuffer>; template: Response; size: number; nonce: KeptNonce | null };

/**
 * Where a kept page's CSP nonce sits: the policy's value and the byte offset of every
 * `nonce="…"` value in the body. A hit then gets a nonce of its own by overwriting those bytes
 * in a copy (a fresh nonce has the same length), with no HTML parsed on the way out.
 */
type KeptNonce = { value: string; at: number[] };
const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=]{16,64})'/;
const encoder = new TextEncoder();

function keptNonce(headers: Headers, body: Uint8Array): KeptNonce | null {
  if (!(headers.get("Content-Type") ?? "").startsWith("text/html")) return null;
  const value = NONCE_IN_POLICY.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
  if (!value) return null;
  const pattern = encoder.encode(`nonce="${value}"`);
  const at: number[] = [];
  const last = body.length - pattern.length;
  search: for (let i = body.indexOf(pattern[0]!); i !== -1 && i <= last; i = body.indexOf(pattern[0]!, i + 1)) {
    for (let j = 1; j < pattern.length; j++) if (body[i + j] !== pattern[j]) continue search;
    at.push(i + 7); // past `nonce="`
  }
  return { value, at };
}
const MEMORY_LIMIT_BYTES = 8 * 1024 * 1024;
const memory = new Map<string, Stored>();
let memoryBytes = 0;
let memoryVersion = "";

export const memoryKey = (url: URL) => url.pathname + url.search;

/**
 * The headers of a page served from a cache tier: revalidated by browsers, marked as a hit, and
 * with `timing` (a local stack's setting; cached pages are only ever a visitor's) the D1 round
 * trips a hit took.
 */
export function markServed(headers: Headers, tier: "hit" | "miss", cacheCheckRoundTrips: number, timing: boolean) {
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  if (tier === "hit" && timing) headers.set("Server-Timing", `d1-render;desc=0, d1-cache-check;desc=${cacheCheckRoundTrips}`);
  else if (tier === "hit") headers.delete("Server-Timing");
  headers.set("X-Page-Cache", tier);
}

/**
 * A kept page, or null. A page with a policy comes with `nonce` (a fresh one, of the kept one's
 * length) in the policy and its scripts; one whose nonce cannot be swapped so is not served from
 * memory (null), and takes the slower way.
 */
export function memoryMatch(key: string, version: string, nonce: string): Response | null {
  if (version !== memoryVersion) return null;
  const stored = memory.get(key);
  if (!stored) return null;
  memory.delete(key);
  memory.set(key, stored); // most recently used last
  if (!stored.template.headers.has("Content-Security-Policy")) return new Response(stored.body, stored.template);
  if (!stored.nonce || stored.nonce.value.length !== nonce.length) return null;
  const body = stored.body.slice();
  const fresh = encoder.encode(nonce);
  for (const at of stored.nonce.at) body.set(fresh, at);
  const response = new Response(body, stored.template);
  response.headers.set("Content-Security-Policy", stored.template.headers.get("Content-Security-Policy")!.replaceAll(`'nonce-${stored.nonce.value}'`, `'nonce-${nonce}'`));
  return response;
}

export async function memoryPut(key: string, version: string, response: Response) {
  const body = new Uint8Array(await response.arrayBuffer());
  const size = body.byteLength;
  if (size > MEMORY_LIMIT_BYTES / 16) return;
  if (version !== memoryVersion) {
    memory.clear();
    memoryBytes = 0;
    memoryVersion = version;
  }
  const previous = memory.get(key);
  if (previous) memoryBytes -= previous.size;
  const template = new Response(null, { status: response.status, headers: response.headers });
  markServed(template.headers, "hit", 0, template.headers.has("Server-Timing"));
  memory.set(key, { body, template, size, nonce: keptNonce(response.headers, body) });
  memoryBytes += size;
  for (const [oldest, entry] of memory) {
    if (memoryBytes <= MEMORY_LIMIT_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= entry.size;
  }
}
