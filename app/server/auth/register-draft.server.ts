/**
 * The registration wizard's state between steps, kept by the server in a signed, HttpOnly
 * cookie: each step is a real form post, so nothing typed is lost with or without JavaScript.
 * Passwords are never in it (step 4 is the last and is not stored).
 */
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import type { AppEnv } from "~/server/env.server";

export type Draft = Record<string, string | boolean>;

function storage(request: Request, env: AppEnv) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookieSessionStorage<{ draft: Draft }>({
    cookie: {
      name: secure ? "__Host-register" : "register",
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: 2 * 3600,
      secrets: [env.SESSION_SECRET],
    },
  });
}

export async function readDraft(request: Request, env: AppEnv): Promise<Draft> {
  const session = await storage(request, env).getSession(request.headers.get("Cookie"));
  return session.get("draft") ?? {};
}

export async function saveDraft(request: Request, env: AppEnv, draft: Draft): Promise<string> {
  const s = storage(request, env);
  const session = await s.getSession(request.headers.get("Cookie"));
  session.set("draft", draft);
  return s.commitSession(session);
}

export async function clearDraft(request: Request, env: AppEnv): Promise<string> {
  const s = storage(request, env);
  return s.destroySession(await s.getSession(request.headers.get("Cookie")));
}
