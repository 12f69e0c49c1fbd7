/**
 * The JSON API's bearer token: a JSON Web Token (RFC 7519, HS256) whose payload holds what the
 * spec's client reads (username, email, role, exp) and, as `jti`, the secret of a server-side
 * session row of kind 'api'. The signature (a key derived from SESSION_SECRET for this use only)
 * lets a malformed or altered token be refused before any database read; the session row is what
 * makes it revocable: signing out, a password change or reset, suspension and deletion delete the
 * row, and the token stops working at once whatever its `exp` says. The payload's role is for the
 * client's display only: every call reads the account's role from the database.
 */
import { base64url, derivedMac, timingSafeEqual } from "./crypto.server";

const MAC_PURPOSE = "finance-society api-token v1";
const HEADER = base64url(new TextEncoder().encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
const SESSION_SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type ApiTokenClaims = { sub: string; username: string; email: string; role: string; exp: number; iat: number; jti: string };

export async function signApiToken(secret: string, claims: ApiTokenClaims) {
  const payload = base64url(new TextEncoder().encode(JSON.stringify(claims)));
  const body = `${HEADER}.${payload}`;
  return `${body}.${await derivedMac(secret, MAC_PURPOSE, body)}`;
}

function decodeJson(part: string): unknown {
  try {
    const binary = atob(part.replaceAll("-", "+").replaceAll("_", "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

/**
 * The session secret a token carries, if its header is ours, its signature holds and it has not
 * expired; null otherwise. Tokens are at most a few hundred characters: a longer header is not read.
 */
export async function verifyApiToken(secret: string, token: string, now = Date.now()): Promise<string | null> {
  if (token.length > 2048) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = await derivedMac(secret, MAC_PURPOSE, `${parts[0]}.${parts[1]}`);
  if (!timingSafeEqual(expected, parts[2]!)) return null;
  const claims = decodeJson(parts[1]!) as Partial<ApiTokenClaims> | null;
  if (!claims || typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
  return typeof claims.jti === "string" && SESSION_SECRET_SHAPE.test(claims.jti) ? claims.jti : null;
}

/** The token of `Authorization: Bearer …`, if the header has that form (the scheme's name in any case, RFC 6750). */
export function bearerToken(request: Pick<Request, "headers">) {
  const m = /^bearer +([A-Za-z0-9_.-]{1,2048})$/i.exec(request.headers.get("Authorization") ?? "");
  return m ? m[1]! : null;
}
