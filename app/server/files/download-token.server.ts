/**
 * Signed, expiring download links (decision 026): `fileId.purpose.expiry.mac`, where mac is
 * HMAC-SHA-256 over the first three with a key derived from SESSION_SECRET for this use only
 * (HKDF, so the secret's other uses never share a key). The link names one file for one
 * purpose until one instant; nothing is stored, and changing SESSION_SECRET ends every link.
 */
import { derivedMac, timingSafeEqual } from "../auth/crypto.server";

export const DOWNLOAD_PURPOSES = ["download", "export"] as const;
export type DownloadPurpose = (typeof DOWNLOAD_PURPOSES)[number];

function mac(secret: string, message: string) {
  return derivedMac(secret, "finance-society download-token v1", message);
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
