/**
 * CSRF protection for every unsafe request, in two layers (decision 014):
 * 1. Fetch metadata: a browser's cross-site post is refused by `Sec-Fetch-Site`, or by `Origin`
 *    when the browser sends no fetch metadata (the same rule as Go 1.25's CrossOriginProtection).
 * 2. A synchronizer token: every form carries `_csrf`, equal to an HttpOnly cookie set for the
 *    browser (double submit; the `__Host-` prefix stops subdomains from planting the cookie).
 */
import { readCookie } from "./session.server";
import { randomToken, timingSafeEqual } from "./crypto.server";
import { urlEncodedField } from "../forms.server";

export const CSRF_FIELD = "_csrf";
/** The header a page's script sends the same token in, for a JSON post. */
export const CSRF_HEADER = "X-CSRF-Token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function cookieName(secure: boolean) {
  return secure ? "__Host-csrf" : "csrf";
}

export type CsrfState = {
  /** The browser's token, made on first use; `setCookie` then holds the header to send. */
  token(): string;
  setCookie: string | null;
};

export function csrfState(request: Request): CsrfState {
  const secure = new URL(request.url).protocol === "https:";
  const existing = readCookie(request, cookieName(secure));
  let token = existing && /^[A-Za-z0-9_-]{32}$/.test(existing) ? existing : null;
  const state: CsrfState = {
    setCookie: null,
    token() {
      if (token) return token;
      token = randomToken(24);
      const parts = [`${cookieName(secure)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000"];
      if (secure) parts.push("Secure");
      state.setCookie = parts.join("; ");
      return token;
    },
  };
  return state;
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

/** Refuses a cross-site browser request by its headers alone. */
export function checkRequestOrigin(request: Request): CsrfVerdict {
  if (SAFE_METHODS.has(request.method)) return { ok: true };
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) {
    return site === "same-origin" || site === "none" ? { ok: true } : { ok: false, reason: "cross-site request" };
  }
  const origin = request.headers.get("Origin");
  if (!origin) return { ok: true };
  return origin === new URL(request.url).origin ? { ok: true } : { ok: false, reason: "foreign origin" };
}

const LEADING_BYTES = 64 * 1024;

/**
 * The `_csrf` field of a multipart body, read from its first 64 KB only: every form puts the
 * token first, so a save with 50 MB of photos is not parsed twice (nor held twice in memory)
 * just to check it. Reads a clone and cancels it; the body stays whole for Remix.
 */
async function leadingMultipartToken(request: Request, type: string): Promise<string | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const b = boundary?.[1] ?? boundary?.[2];
  if (!b || !request.body) return null;
  const escaped = b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const part = new RegExp(`--${escaped}\\r\\ncontent-disposition: form-data; name="${CSRF_FIELD}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r\\n]*)\\r\\n--${escaped}`, "i");
  const reader = request.clone().body!.getReader();
  const decoder = new TextDecoder("latin1");
  let text = "";
  try {
    while (text.length < LEADING_BYTES) {
      const { done, value } = await reader.read();
      if (value) text += decoder.decode(value, { stream: true });
      const found = part.exec(text);
      if (found) return found[1]!;
      if (done) break;
    }
    return null;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Checks the form's token against the cookie; reads a clone, so the body stays for Remix. */
export async function checkCsrfToken(request: Request): Promise<CsrfVerdict> {
  if (SAFE_METHODS.has(request.method)) return { ok: true };
  const secure = new URL(request.url).protocol === "https:";
  const cookie = readCookie(request, cookieName(secure));
  if (!cookie) return { ok: false, reason: "no token cookie" };
  const type = request.headers.get("Content-Type") ?? "";
  // A page's own script posting JSON (the payment dialog) sends the token as a header instead.
  const header = request.headers.get(CSRF_HEADER);
  if (header !== null) return timingSafeEqual(header, cookie) ? { ok: true } : { ok: false, reason: "token mismatch" };
  let sent: FormDataEntryValue | null = null;
  try {
    if (type.startsWith("multipart/form-data")) sent = await leadingMultipartToken(request, type);
    else if (type.startsWith("application/x-www-form-urlencoded")) sent = await urlEncodedField(request, CSRF_FIELD);
    else return { ok: false, reason: "not a form post" };
  } catch {
    return { ok: false, reason: "unreadable form" };
  }
  return typeof sent === "string" && timingSafeEqual(sent, cookie) ? { ok: true } : { ok: false, reason: "token mismatch" };
}
