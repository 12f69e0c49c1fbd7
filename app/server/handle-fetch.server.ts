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
  markServed,
  memoryKey,
  memoryMatch,
  memoryPut,
  toCacheable,
} from "./page-cache.server";
import { applySecurityHeaders, contentSecurityPolicy, paymentOrigins, showsPaymentButtons } from "./security-headers";
import { checkCsrfToken, checkRequestOrigin, csrfState } from "./auth/csrf.server";
import { actsAsAdmin } from "./auth/guards.server";
import { apiError } from "./api/guard.server";
import {
  ALLOWED_METHODS,
  bodyLimit,
  classify,
  corsHeaders,
  declaredTooLarge,
  discardBody,
  guardBody,
  type RequestClass,
  withoutCookies,
} from "./request-policy.server";

type RemixHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/**
 * Who is asking, as the answer's headers need it: signed in (nothing of theirs is stored by a
 * browser or a proxy) and an administrator (diagnostics such as `Server-Timing`). Reads the
 * session the route already read, or reads it now; a database that cannot answer means neither.
 */
async function viewerOf(context: AppLoadContext) {
  try {
    const session = await context.session();
    return session ? { signedIn: true, admin: !session.secondFactorPending && actsAsAdmin(session.user, context.env) } : { signedIn: false, admin: false };
  } catch {
    return { signedIn: false, admin: false };
  }
}

/**
 * A cached page with a nonce of its own: the stored copy's nonce would otherwise be the same for
 * every visitor until the content changes, and a nonce that does not change is no nonce. The
 * policy header and every `nonce` attribute get a fresh one as the page streams out.
 */
function withFreshNonce(response: Response): Response {
  if (!response.headers.has("Content-Security-Policy") || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const nonce = randomNonce();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.delete("Content-Length");
  const fresh = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(fresh);
}

const MAX_URL_LENGTH = 4096;

function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** A plain page that says what happened and what to do, for a post refused before Remix runs. */
function refusal(url: URL, status: number, title: string, text: string) {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="${url.pathname.replace(/[^\w/.-]/g, "")}">Reload the page</a></p></main></body></html>`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applySecurityHeaders(headers, { https: url.protocol === "https:" });
  headers.set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  return new Response(body, { status, headers });
}

const forbidden = (url: URL) => refusal(url, 403, "This form has expired", "For your security the form was not sent. Go back, reload the page and try again.");

/** 413, in the class's own language: a page for browsers, JSON for programs. */
function tooLarge(url: URL, cls: RequestClass, limit: number) {
  const mb = Math.max(1, Math.round(limit / 1024 / 1024));
  if (cls !== "page") return apiError(413, `The request body is larger than this call accepts (${limit < 1024 * 1024 ? `${Math.round(limit / 1024)} KB` : `${mb} MB`}). Nothing was saved.`);
  return refusal(url, 413, "Too much at once", `Nothing was saved: one form can carry at most ${mb} MB of files. Go back and choose a smaller file, or add the files in smaller groups.`);
}

function methodNotAllowed(cls: RequestClass) {
  return new Response("This address does not answer that method.", {
    status: 405,
    headers: { Allow: ALLOWED_METHODS[cls].join(", "), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * What the api and webhook classes answer when a route (or Remix) produced something that is not
 * JSON: the same status with `{ message }`, so a program never has to parse an HTML page.
 */
async function asJsonError(response: Response) {
  if (response.status < 400 || (response.headers.get("Content-Type") ?? "").includes("json")) return response;
  const text = response.status >= 500 ? "" : (await response.text()).slice(0, 500);
  const message = text && !text.trimStart().startsWith("<") ? text : response.status >= 500 ? "The server could not answer. Try again later." : "The request was refused.";
  return apiError(response.status, message);
}

/** How long a visitor is asked to wait before trying a page again after a 503. */
const RETRY_AFTER_SECONDS = "10";

/**
 * A page that failed unexpectedly (a loader that threw, the database behind the session): the
 * page Remix rendered (the site's error page) with 503 and Retry-After instead of 500. For a
 * visitor it is the same message, and 503 tells browsers, crawlers and monitors that the site
 * could not answer for now, not that the address is broken; the error itself was logged by Remix.
 */
function unavailable(response: Response) {
  const out = new Response(response.body, { status: 503, statusText: "Service Unavailable", headers: response.headers });
  out.headers.set("Retry-After", RETRY_AFTER_SECONDS);
  out.headers.set("Cache-Control", "no-store");
  return out;
}

/**
 * Everything the web Worker does around Remix: refuse absurd URLs, serve anonymous visitors
 * from the page cache, and put strict security headers on every answer. Whatever throws on the
 * way is answered 503 (HTML for pages, JSON otherwise), never the runtime's bare 500.
 */
export async function handleFetch(request: Request, env: Env, ctx: ExecutionContext, remix: RemixHandler, buildVersion: string) {
  try {
    return await answer(request, env, ctx, remix, buildVersion);
  } catch (error) {
    console.error("web: the request could not be answered", error);
    await discardBody(request);
    const url = new URL(request.url);
    if (classify(url.pathname, request) !== "page") return apiError(503, "The server could not answer. Try again later.");
    const page = refusal(url, 503, "The site cannot answer just now", "Nothing was lost. Wait a few seconds and reload the page.");
    page.headers.set("Retry-After", RETRY_AFTER_SECONDS);
    return page;
  }
}

async function answer(request: Request, env: Env, ctx: ExecutionContext, remix: RemixHandler, buildVersion: string) {
  if (request.url.length > MAX_URL_LENGTH) {
    await discardBody(request);
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    applySecurityHeaders(headers, { https: request.url.startsWith("https:") });
    return new Response("The address is too long.", { status: 414, headers });
  }
  const url = new URL(request.url);
  const cls = classify(url.pathname, request);
  const settings = parseEnv(env as unknown as Record<string, unknown>);
  if (cls === "api" && request.method === "OPTIONS") {
    // A CORS preflight: answered here, from the allow-list (empty unless configured).
    return new Response(null, { status: 204, headers: corsHeaders(request, settings.API_CORS_ORIGINS) });
  }
  // Every refusal below is answered after the body nobody will read is drained (discardBody says why).
  if (!ALLOWED_METHODS[cls].includes(request.method)) return discardBody(request).then(() => methodNotAllowed(cls));
  const { db: d1, counter } = countingD1(env.DB);
  let cacheCheckRoundTrips = 0;

  const limit = bodyLimit(cls, request);
  if (declaredTooLarge(request, limit)) return discardBody(request).then(() => tooLarge(url, cls, limit));
  const body = guardBody(request, limit);
  request = body.request;
  if (cls === "api" || cls === "webhook") request = withoutCookies(request);

  if (cls === "page" && request.method !== "GET" && request.method !== "HEAD") {
    const verdict = checkRequestOrigin(request);
    const token = verdict.ok ? await checkCsrfToken(request) : verdict;
    if (!token.ok) await discardBody(request);
    if (body.exceeded()) return tooLarge(url, cls, limit);
    if (!token.ok) return forbidden(url);
  }

  /** Everything but a page-cache hit: Remix with the full, validated context. */
  const render = async () => {
    const nonce = randomNonce();
    const csrf = csrfState(request);
    const context = getLoadContext({ request, context: { cloudflare: { env, ctx } }, nonce, d1, meter: counter, csrf });
    let response = await remix(request, context);
    // A page that could not load (a fault Remix caught: 500; one `loads` answered: 503) says when to try again.
    if (cls === "page" && (response.status === 500 || response.status === 503) && (request.method === "GET" || request.method === "HEAD")) response = unavailable(response);
    // A route that answered without reading the body (a 404, a redirect to sign in, a rate limit).
    await discardBody(request);
    // A body cut off at the limit: whatever the route made of it, nothing was saved.
    if (body.exceeded()) return tooLarge(url, cls, limit);
    if (cls === "api" || cls === "webhook") response = await asJsonError(response);
    const out = new Response(response.body, response);
    if (cls === "api") for (const [k, v] of Object.entries(corsHeaders(request, settings.API_CORS_ORIGINS))) out.headers.set(k, v);
    if (csrf.setCookie && cls === "page") out.headers.append("Set-Cookie", csrf.setCookie);
    const timing = `d1-render;desc=${counter.roundTrips - cacheCheckRoundTrips}, d1-cache-check;desc=${cacheCheckRoundTrips}, d1-rows-read;desc=${counter.rowsRead}, password-hashes;desc=${counter.passwordHashes}`;
    const viewer = cls === "page" ? await viewerOf(context) : { signedIn: false, admin: false };
    if (settings.SERVER_TIMING === "all" || viewer.admin) out.headers.append("Server-Timing", timing);
    applySecurityHeaders(out.headers, { https: url.protocol === "https:" });
    if ((out.headers.get("Content-Type") ?? "").startsWith("text/html") && !out.headers.has("Content-Security-Policy")) {
      const payments = showsPaymentButtons(url.pathname);
      out.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { payments: payments ? paymentOrigins(settings.PAYPAL_SDK_URL) : [] }));
      // PayPal's checkout opens a popup that reports back to its opener: these pages keep it.
      if (payments) out.headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    }
    // A signed-in page may show secrets (a two-factor secret, recovery codes, a new password, the
    // users list): never stored. Anything else a route did not mark is revalidated every time.
    if (viewer.signedIn) out.headers.set("Cache-Control", "private, no-store");
    else if (!out.headers.has("Cache-Control")) out.headers.set("Cache-Control", "private, no-cache");
    return out;
  };

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

  const timingForAll = settings.SERVER_TIMING === "all";
  const kept = memoryKey(url);
  // A page kept in memory gets its fresh nonce by a byte swap; the other tiers through HTMLRewriter.
  const inMemory = memoryMatch(kept, version, randomNonce());
  if (inMemory) {
    // The kept headers say the version came from memory; rarely it was just read from D1.
    if (cacheCheckRoundTrips) markServed(inMemory.headers, "hit", cacheCheckRoundTrips, timingForAll);
    return inMemory;
  }

  const key = cacheKeyFor(url, version);
  const cache = (caches as unknown as { default: Cache }).default;
  // The cache is a shortcut: one that cannot answer is a miss, and the page is rendered.
  const hit = await cache.match(key).catch(() => undefined);
  if (hit) {
    ctx.waitUntil(memoryPut(kept, version, hit.clone()).catch(() => {}));
    const response = new Response(hit.body, hit);
    markServed(response.headers, "hit", cacheCheckRoundTrips, timingForAll);
    return withFreshNonce(response);
  }

  const response = await render();
  if (isStorable(response)) {
    // A copy that cannot be stored (the render's stream failed, the cache is unavailable) is only not kept.
    ctx.waitUntil(Promise.all([cache.put(key, toCacheable(response.clone())), memoryPut(kept, version, response.clone())]).catch(() => {}));
  }
  markServed(response.headers, "miss", cacheCheckRoundTrips, timingForAll);
  return response;
}
