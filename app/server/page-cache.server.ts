import { siteState } from "~/db/schema";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * Anonymous visitors' pages come from the Workers cache. The cache key carries the content
 * version, which every change to public content bumps: a change is visible on the next request
 * and old entries simply age out. Reading the version is one small indexed D1 read.
 */
export const SESSION_COOKIE_NAMES = ["__Host-session", "session"];
const CACHEABLE_PREFIXES = ["/", "/society", "/membership", "/journal", "/conferences", "/news", "/sitemap.xml", "/robots.txt"];
const PRIVATE_PREFIXES = ["/admin", "/dashboard", "/profile", "/login", "/logout", "/register", "/activate-account", "/forgot-password", "/reset-password", "/registration", "/api"];
const CACHE_TTL_SECONDS = 60 * 60 * 24;

function hasSessionCookie(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  return SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (hasSessionCookie(request)) return false;
  const { pathname, search } = new URL(request.url);
  if (search.length > 512) return false;
  if (PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}.`))) {
    return false;
  }
  return CACHEABLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(p === "/" ? "/_root" : p));
}

export async function getContentVersion(db: Database): Promise<string> {
  const row = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, "content_version")).get();
  return row?.value ?? "0";
}

/** Call after any change to content that public pages show. */
export async function bumpContentVersion(db: Database) {
  await db
    .insert(siteState)
    .values({ key: "content_version", value: String(Date.now()) })
    .onConflictDoUpdate({ target: siteState.key, set: { value: sql`excluded.value` } });
}

export function cacheKeyFor(request: Request, version: string) {
  const url = new URL(request.url);
  url.searchParams.set("__cv", version);
  return new Request(url.toString(), { method: "GET" });
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
