/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238: HMAC-SHA-1, 30-second steps,
 * 6 digits) on WebCrypto, with one step of clock drift either way. A code is accepted once (the
 * last accepted step is stored). Secrets are sealed with AES-GCM under a key derived from
 * SESSION_SECRET, so a copy of the database alone does not yield them. Recovery codes are
 * random, shown once, stored as SHA-256 and used once.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recoveryCodes, users } from "~/db/schema";
import { base64url, sha256Hex } from "./crypto.server";

const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const encoder = new TextEncoder();

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error("not base32");
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The HOTP value of `counter` (RFC 4226), as the 6-digit string an app shows. */
export async function hotp(secret: Uint8Array<ArrayBuffer>, counter: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

export const timeStep = (now = Date.now()) => Math.floor(now / 1000 / STEP_SECONDS);

/** The step a code belongs to (now, or one step either side), or null. */
export async function matchingStep(secret: Uint8Array<ArrayBuffer>, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const step = timeStep(now);
  for (const s of [step, step - 1, step + 1]) {
    if ((await hotp(secret, s)) === code) return s;
  }
  return null;
}

export function newSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

export function otpauthUri(secret: string, account: string, issuer: string) {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
}

/* ------------------------------------------------------------ sealing the secret */

async function sealingKey(sessionSecret: string) {
  const base = await crypto.subtle.importKey("raw", encoder.encode(sessionSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("totp-secret"), info: encoder.encode("v1") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function sealSecret(secret: string, sessionSecret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(sessionSecret), encoder.encode(secret)));
  return `v1.${base64url(iv)}.${base64url(sealed)}`;
}

function fromBase64url(s: string) {
  const bin = atob(s.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export async function openSecret(sealed: string, sessionSecret: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("unknown sealed secret");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(iv) }, await sealingKey(sessionSecret), fromBase64url(data));
  return new TextDecoder().decode(plain);
}

/**
 * The secret, or null when it cannot be opened (sealed under another SESSION_SECRET, or
 * damaged): a code for it is simply not accepted, and an enrolment in progress starts again,
 * rather than the page failing. Recovery codes still sign in.
 */
export async function openSecretOrNull(sealed: string, sessionSecret: string): Promise<string | null> {
  try {
    return await openSecret(sealed, sessionSecret);
  } catch (error) {
    console.error("a sealed TOTP secret could not be opened", error instanceof Error ? error.message : error);
    return null;
  }
}

/* ------------------------------------------------------------ accounts */

/**
 * Accepts a code for this user once: the step must be later than the last one accepted (a
 * code seen over someone's shoulder cannot be replayed), recorded by one conditional UPDATE.
 */
export async function acceptTotp(db: Database, userId: number, sealed: string, code: string, sessionSecret: string, now = Date.now()) {
  const secret = await openSecretOrNull(sealed, sessionSecret);
  if (secret === null) return false;
  const step = await matchingStep(base32Decode(secret), code.replace(/\s/g, ""), now);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sqlStepBefore(step)))
    .returning({ id: users.id })
    .get();
  return Boolean(updated);
}

const sqlStepBefore = (step: number) => or(isNull(users.totpLastStep), lt(users.totpLastStep, step));

export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten fresh recovery codes (xxxxx-xxxxx) and the statements that replace any earlier ones, to run
 * in the batch of the change they belong to; the codes are shown once.
 */
export async function newRecoveryCodes(db: Database, userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  const hashes = await Promise.all(codes.map((c) => sha256Hex(c)));
  const statements = [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
  ] as const;
  return { codes, statements };
}

export async function useRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  const normalised = code.trim().toLowerCase().replace(/\s/g, "");
  if (!/^[a-z2-7]{5}-?[a-z2-7]{5}$/.test(normalised)) return false;
  const withDash = normalised.includes("-") ? normalised : `${normalised.slice(0, 5)}-${normalised.slice(5)}`;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, await sha256Hex(withDash)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
    .get();
  return Boolean(used);
}
