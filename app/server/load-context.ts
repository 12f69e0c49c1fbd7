import type { AppLoadContext } from "@remix-run/cloudflare";
import { csrfState, type CsrfState } from "./auth/csrf.server";
import { type SessionReads, sessionReads, type CurrentSession } from "./auth/session.server";
import type { HashMeter } from "./auth/password.server";
import { createServices, type Services } from "./services.server";

type Cloudflare = { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };

declare module "@remix-run/cloudflare" {
  /** The services every entry shares (db, files, queues, env, waitUntil), plus what a web request adds. */
  interface AppLoadContext extends Services {
    cloudflare: Cloudflare;
    /** Per-request values set by the Worker wrapper (CSP nonce, request id). */
    requestInfo: { nonce: string; origin: string; requestId: string };
    /** The visitor's session (read from D1 on first call, then remembered for the request). */
    session(): Promise<CurrentSession | null>;
    /** The session with the page's first reads in its round trip (decision 066); guards.server.ts's `requireUserWith` uses it. */
    sessionWith: SessionReads["readWith"];
    /** The browser's CSRF token for the forms this request renders. */
    csrf: CsrfState;
  }
}

/** One context for dev (Vite's Cloudflare proxy) and the Worker: shaped by purpose, built per request. */
export function getLoadContext({
  request,
  context,
  nonce,
  d1,
  meter,
  csrf,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
  /** The D1 binding to use, e.g. wrapped to count round trips; the raw binding otherwise. */
  d1?: D1Database;
  /** Where the request counts its argon2 runs. */
  meter?: HashMeter;
  csrf?: CsrfState;
}): AppLoadContext {
  const services = createServices(context.cloudflare.env, context.cloudflare.ctx, { d1, meter });
  const session = sessionReads(services.db, request, services.waitUntil);
  return {
    ...services,
    cloudflare: context.cloudflare,
    // The site's address is the configured one, never the request's Host header: pages are cached
    // by path, and one request with a forged Host must not put another origin into them.
    requestInfo: {
      nonce: nonce ?? crypto.randomUUID().replaceAll("-", ""),
      origin: new URL(services.env.SITE_URL).origin,
      // Cloudflare's ray id where there is one, so a logged fault can be found beside the edge's own log.
      requestId: (request.headers.get("cf-ray") ?? "").replace(/[^\w-]/g, "").slice(0, 40) || crypto.randomUUID().slice(0, 8),
    },
    session: session.read,
    sessionWith: session.readWith,
    csrf: csrf ?? csrfState(request),
  };
}
