import type { AppLoadContext } from "@remix-run/cloudflare";
import { countingD1 } from "./d1-counter";
import { createDb } from "../db/client.server";
import { parseEnv } from "./env.server";
import { getLoadContext } from "./load-context";
import {
  cacheKeyFor,
  getContentVersion,
  isCacheablePageRequest,
  isStorable,
  memoryMatch,
  memoryPut,
  toCacheable,
} from "./page-cache.server";
import { applySecurityHeaders, contentSecurityPolicy } from "./security-headers";

type RemixHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

const MAX_URL_LENGTH = 4096;

function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Everything the web Worker does around Remix: refuse absurd URLs, serve anonymous visitors
 * from the page cache, and put strict security headers on every answer.
 */
export async function handleFetch(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  remix: RemixHandler,
  buildVersion: string,
) {
  if (request.url.length > MAX_URL_LENGTH) {
    return new Response("The address is too long.", { status: 414, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const url = new URL(request.url);
  const { db: d1, counter } = countingD1(env.DB);
  let cacheCheckRoundTrips = 0;

  /** Everything but a page-cache hit: Remix with the full, validated context. */
  const render = async () => {
    const nonce = randomNonce();
    const context = getLoadContext({ request, context: { cloudflare: { env, ctx } }, nonce, d1 });
    const response = await remix(request, context);
    const out = new Response(response.body, response);
    out.headers.append(
      "Server-Timing",
      `d1-render;desc=${counter.roundTrips - cacheCheckRoundTrips}, d1-cache-check;desc=${cacheCheckRoundTrips}`,
    );
    applySecurityHeaders(out.headers, { https: url.protocol === "https:" });
    if ((out.headers.get("Content-Type") ?? "").startsWith("text/html") && !out.headers.has("Content-Security-Policy")) {
      out.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    if (!out.headers.has("Cache-Control")) out.headers.set("Cache-Control", "private, no-cache");
    return out;
  };

  const settings = parseEnv(env as unknown as Record<string, unknown>);
  if (settings.PAGE_CACHE !== "on" || !isCacheablePageRequest(request, url)) return render();

  let version: string;
  try {
    // A new deploy references new asset names, so the build is part of the version too.
    version = `${buildVersion}.${await getContentVersion(env.DB, () => createDb(d1), settings.CONTENT_VERSION_TTL_MS)}`;
    cacheCheckRoundTrips = counter.roundTrips;
  } catch {
    // The database is down: render uncached, and the page shows its own error state.
    return render();
  }

  const key = cacheKeyFor(url, version);
  const served = (response: Response, tier: "hit" | "miss") => {
    response.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
    if (tier === "hit") response.headers.set("Server-Timing", `d1-render;desc=0, d1-cache-check;desc=${cacheCheckRoundTrips}`);
    response.headers.set("X-Page-Cache", tier);
    return response;
  };

  const inMemory = memoryMatch(key, version);
  if (inMemory) return served(inMemory, "hit");

  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) {
    ctx.waitUntil(memoryPut(key, version, hit.clone()));
    return served(new Response(hit.body, hit), "hit");
  }

  const response = await render();
  if (isStorable(response)) {
    ctx.waitUntil(Promise.all([cache.put(key, toCacheable(response.clone())), memoryPut(key, version, response.clone())]));
  }
  return served(response, "miss");
}
