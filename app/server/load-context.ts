import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Database } from "../db/client.server";
import { type AppEnv, parseEnv } from "./env.server";
import { csrfState, type CsrfState } from "./auth/csrf.server";
import { type CurrentSession, readSession } from "./auth/session.server";

type Cloudflare = { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    db: Database;
    env: AppEnv;
    files: R2Bucket;
    /** Per-request values set by the Worker wrapper (CSP nonce, request id). */
    requestInfo: { nonce: string; origin: string };
    /** The visitor's session (read from D1 on first call, then remembered for the request). */
    session(): Promise<CurrentSession | null>;
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
  csrf,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
  /** The D1 binding to use, e.g. wrapped to count round trips; the raw binding otherwise. */
  d1?: D1Database;
  csrf?: CsrfState;
}): AppLoadContext {
  const { env } = context.cloudflare;
  const db = createDb(d1 ?? env.DB);
  let session: Promise<CurrentSession | null> | null = null;
  return {
    cloudflare: context.cloudflare,
    db,
    env: parseEnv(env as unknown as Record<string, unknown>),
    files: env.FILES,
    requestInfo: { nonce: nonce ?? crypto.randomUUID().replaceAll("-", ""), origin: new URL(request.url).origin },
    session: () => (session ??= readSession(db, request, (p) => context.cloudflare.ctx.waitUntil(p))),
    csrf: csrf ?? csrfState(request),
  };
}
