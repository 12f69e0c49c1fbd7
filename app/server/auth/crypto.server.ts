/** Small WebCrypto helpers for tokens, session ids and codes. */
const encoder = new TextEncoder();

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.byteLength !== y.byteLength) return false;
  // A Workers extension of SubtleCrypto.
  return (crypto.subtle as unknown as { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean }).timingSafeEqual(x, y);
}

const macKeys = new Map<string, Promise<CryptoKey>>();

/**
 * An HMAC-SHA-256 of `message` under a key derived from `secret` for one use (`info`, HKDF), so
 * the secret's uses never share a key: download links, payment intent tokens.
 */
export async function derivedMac(secret: string, info: string, message: string): Promise<string> {
  const id = `${info}\u0000${secret}`;
  let key = macKeys.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) => crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) }, base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign"]));
    if (macKeys.size > 8) macKeys.clear();
    macKeys.set(id, key);
  }
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(message))));
}
