import type { AppLoadContext } from "@remix-run/cloudflare";
import { countingD1 } from "./d1-counter";
import { getLoadContext } from "./load-context";
import {
  cacheKeyFor,
  getContentVersion,
  isCacheablePageRequest,
  isStorable,
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
  const nonce = randomNonce();
  const { db: d1, counter } = countingD1(env.DB);
  const context = getLoadContext({ request, context: { cloudflare: { env, ctx } }, nonce, d1 });
  const https = new URL(request.url).protocol === "https:";
  let cacheCheckRoundTrips = 0;

  const finish = (response: Response) => {
    const out = new Response(response.body, response);
    out.headers.append(
      "Server-Timing",
      `d1-render;desc=${counter.roundTrips - cacheCheckRoundTrips}, d1-cache-check;desc=${cacheCheckRoundTrips}`,
    );
    applySecurityHeaders(out.headers, { https });
    if ((out.headers.get("Content-Type") ?? "").startsWith("text/html") && !out.headers.has("Content-Security-Policy")) {
      out.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    if (!out.headers.has("Cache-Control")) out.headers.set("Cache-Control", "private, no-cache");
    return out;
  };

  if (context.env.PAGE_CACHE !== "on" || !isCacheablePageRequest(request)) {
    return finish(await remix(request, context));
  }

  let version: string | null = null;
  try {
    version = await getContentVersion(context.db);
    cacheCheckRoundTrips = counter.roundTrips;
  } catch {
    // The database is down: render uncached, the page shows its own error state.
  }
  if (version === null) return finish(await remix(request, context));

  const cache = (caches as unknown as { default: Cache }).default;
  // A new deploy references new asset names, so the build is part of the key too.
  const key = cacheKeyFor(request, `${buildVersion}.${version}`);
  const hit = await cache.match(key);
  if (hit) {
    const out = new Response(hit.body, hit);
    out.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
    out.headers.set("Server-Timing", `d1-render;desc=0, d1-cache-check;desc=${cacheCheckRoundTrips}`);
    out.headers.set("X-Page-Cache", "hit");
    return out;
  }

  const response = finish(await remix(request, context));
  if (isStorable(response)) {
    ctx.waitUntil(cache.put(key, toCacheable(response.clone())));
  }
  response.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  response.headers.set("X-Page-Cache", "miss");
  return response;
}
