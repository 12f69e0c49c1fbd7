/**
 * Signed, expiring download links (decision 026): `fileId.purpose.expiry.mac`, where mac is
 * HMAC-SHA-256 over the first three with a key derived from SESSION_SECRET for this use only
 * (HKDF, so the secret's other uses never share a key). The link names one file for one
 * purpose until one instant; nothing is stored, and changing SESSION_SECRET ends every link.
 */
import { base64url, timingSafeEqual } from "../auth/crypto.server";

export const DOWNLOAD_PURPOSES = ["download", "export"] as const;
export type DownloadPurpose = (typeof DOWNLOAD_PURPOSES)[number];

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("finance-society download-token v1") },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign"],
        ),
      );
    if (keys.size > 4) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

async function mac(secret: string, message: string) {
  const signature = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(message));
  return base64url(new Uint8Array(signature));
}

export async function signDownloadToken(secret: string, t: { fileId: number; purpose: DownloadPurpose; expiresAt: number }) {
  const body = `${t.fileId}.${t.purpose}.${Math.floor(t.expiresAt / 1000)}`;
  return `${body}.${await mac(secret, body)}`;
}

/** The file the token names, if its signature holds, it is for `purpose` and it has not expired. */
export async function verifyDownloadToken(secret: string, token: string, purpose: DownloadPurpose, now = Date.now()): Promise<number | null> {
  const m = /^([1-9]\d{0,9})\.([a-z]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || m[2] !== purpose) return null;
  const expected = await mac(secret, `${m[1]}.${m[2]}.${m[3]}`);
  if (!timingSafeEqual(expected, m[4]!)) return null;
  if (Number(m[3]) * 1000 <= now) return null;
  return Number(m[1]);
}
