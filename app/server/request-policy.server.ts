/**
 * How the web Worker treats a request, decided once from its path (decision 026). The table is
 * the whole policy: read it top to bottom, the first pattern that matches decides.
 *
 * - page:    a browser with a cookie session. Unsafe methods need the CSRF checks (decision 014).
 *            Errors are HTML pages.
 * - api:     a program with a bearer token (a call's contract, `app/server/api/call.server.ts`). Cookies are removed before the
 *            route runs, so no cookie can authenticate a call; no CSRF token, because nothing
 *            ambient authenticates. Errors are JSON `{ message, fieldErrors? }`; CORS only for
 *            origins in API_CORS_ORIGINS (none by default).
 * - webhook: a provider calling us (PayPal). No session, no cookies, no CSRF: the route verifies
 *            the provider's signature. POST only.
 *
 * The payment dialog's calls under /api (the PayPal configuration, the order, the capture) are
 * the signed-in browser's own, so they are pages: cookie session, and their JSON posts carry the
 * CSRF token in the X-CSRF-Token header (decision 053). The same three paths carrying
 * `Authorization: Bearer` are API calls (a program paying through the API): cookies removed, so
 * a bearer request can never ride the browser's session, and a cookie request is still checked.
 * - file:    a stored file. GET and HEAD only; who may read it is the file's own rule
 *            (`app/features/files/access.server.ts`): public, its paper's authors and
 *            administrators (cookie or bearer), or a signed, expiring download token.
 */
export type RequestClass = "page" | "api" | "webhook" | "file";

/** `bearer`: the rule holds only for a request carrying `Authorization: Bearer …`. */
export const REQUEST_POLICY: ReadonlyArray<{ pattern: RegExp; class: RequestClass; bearer?: true }> = [
  { pattern: /^\/api\/webhooks\//, class: "webhook" },
  { pattern: /^\/api\/paypal\/webhook$/, class: "webhook" },
  { pattern: /^\/api\/(payment\/config\/paypal|registration\/(order|capture))$/, class: "api", bearer: true },
  { pattern: /^\/api\/(payment\/config\/paypal|registration\/(order|capture))$/, class: "page" },
  { pattern: /^\/api\/(conferences|news)\/(files|photos)\/[^/]+$/, class: "file" },
  { pattern: /^\/api\/papers\/[^/]+\/download\/[^/]+(\/[^/]+)?$/, class: "file" },
  { pattern: /^\/api(\/|$)/, class: "api" },
  { pattern: /^/, class: "page" },
];

/** Whether a request carries a bearer token (the scheme's name is case-insensitive). */
export const carriesBearer = (request: Pick<Request, "headers">) => /^bearer\s/i.test(request.headers.get("Authorization") ?? "");

/**
 * The class of a request to `pathname`; without the request, as if it carried no bearer token.
 * Matched in lower case, as the router matches routes: `/API/…` reaches the API's routes, so it is
 * the API's class too.
 */
export function classify(pathname: string, request?: Pick<Request, "headers">): RequestClass {
  const bearer = request ? carriesBearer(request) : false;
  const path = pathname.toLowerCase();
  return REQUEST_POLICY.find((rule) => rule.pattern.test(path) && (!rule.bearer || bearer))!.class;
}

/**
 * The most a body may carry, per class and kind of body. A multipart page post carries one save's
 * uploads (a conference's files and photos); the API takes a manuscript (25 MB) with its form;
 * a webhook is a small JSON document; a file request has no body.
 */
export const BODY_LIMITS: Record<RequestClass, { multipart: number; other: number }> = {
  page: { multipart: 50 * 1024 * 1024, other: 4 * 1024 * 1024 },
  api: { multipart: 30 * 1024 * 1024, other: 1024 * 1024 },
  webhook: { multipart: 0, other: 256 * 1024 },
  file: { multipart: 0, other: 0 },
};

export function bodyLimit(cls: RequestClass, request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  return type.toLowerCase().startsWith("multipart/form-data") ? BODY_LIMITS[cls].multipart : BODY_LIMITS[cls].other;
}

/** The methods each class answers; anything else is a 405 before any route runs. */
export const ALLOWED_METHODS: Record<RequestClass, readonly string[]> = {
  page: ["GET", "HEAD", "POST"],
  api: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  webhook: ["POST"],
  file: ["GET", "HEAD"],
};

export type BodyGuard = {
  /** The request to hand on: its body is counted as it is read. */
  request: Request;
  /** True once the body passed the limit (the reader was cut off). */
  exceeded(): boolean;
};

/**
 * Enforces `limit` while the body is read, not only from Content-Length: a chunked body that
 * goes past it is cut off (the reader gets an error) and `exceeded()` turns true, so the
 * Worker answers 413 whatever the route made of the broken body. A declared length over the
 * limit is refused before anything is read (`declaredTooLarge`).
 */
export function guardBody(request: Request, limit: number): BodyGuard {
  if (!request.body) return { request, exceeded: () => false };
  let seen = 0;
  let over = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        over = true;
        controller.error(new RangeError(`The request body is larger than ${limit} bytes.`));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const guarded = new Request(request, { body: request.body.pipeThrough(counter) } as RequestInit);
  return { request: guarded, exceeded: () => over };
}

export function declaredTooLarge(request: Request, limit: number) {
  const declared = request.headers.get("Content-Length");
  return declared !== null && Number(declared) > limit;
}

/** The CORS headers for an allowed origin (empty when the origin is not on the list). */
export function corsHeaders(request: Request, allowed: readonly string[]): Record<string, string> {
  const origin = request.headers.get("Origin");
  if (!origin || !allowed.includes(origin)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Max-Age": "600",
    // What a client may read of an answer beyond the basics: when to try again, a download's name.
    "Access-Control-Expose-Headers": "Retry-After, Content-Disposition",
    Vary: "Origin",
  };
}

/** A request as the api and webhook classes pass it on: no cookie reaches their routes. */
export function withoutCookies(request: Request) {
  if (!request.headers.has("Cookie")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(request, { headers });
}

/**
 * The most of an unread body `discardBody` reads before giving up on it: the most a Worker is sent
 * at all (Cloudflare refuses a larger body at its edge, with its own page), so a browser is always
 * answered by the site, never by a connection reset (decision 058).
 */
export const DISCARD_MAX_BYTES = 100 * 1024 * 1024;
/**
 * How long `discardBody` waits for a slow client before giving up on its body: a large upload over
 * a slow line (30 MB at 2 Mbit/s takes two minutes) still gets the site's answer. Waiting costs
 * no CPU time; a client that sends nothing is let go at this bound.
 */
export const DISCARD_MAX_MS = 180_000;

/**
 * Reads and drops what is left of a request body that nothing will read, before the answer goes
 * out: a refusal made from the headers (405, 413, a CSRF or origin 403) or a route that answered
 * without reading the form (a 404, a redirect to sign in, a rate limit). Measured under
 * `wrangler dev` (decision 043): an answer sent while the client is still sending reaches it as a
 * connection reset, not the answer (the local proxy's hop to the Worker fails; decision 056);
 * cancelling the body does the same, and
 * draining it after answering (in waitUntil) is too late, since the body is cut off with the
 * answer. Read to its end, the connection stays healthy and the client gets the refusal. A body
 * declared larger than `maxBytes` is not worth reading and is cancelled at once; reading stops at
 * `maxBytes`, at `maxMs`, or where the body guard cuts the body off at the class's limit.
 * Does nothing for a body already read or being read.
 */
export async function discardBody(request: Request, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  const reader = body.getReader();
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
    await reader.cancel().catch(() => {});
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), maxMs);
  });
  try {
    for (let seen = 0; seen <= maxBytes; ) {
      const step = await Promise.race([reader.read(), late]);
      if (step === "late" || step.done) break;
      seen += step.value.byteLength;
    }
  } catch {
    // Cut off at the class's limit, or the client went away: there is nothing more to read.
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}
