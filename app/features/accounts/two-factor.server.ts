/** Turning two-factor sign-in on and off for an account, and checking a second factor. */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recoveryCodes, users } from "~/db/schema";
import { acceptTotp, issueRecoveryCodes, newSecret, openSecret, sealSecret, useRecoveryCode } from "~/server/auth/totp.server";

export async function twoFactorStatus(db: Database, userId: number) {
  const [user, left] = await db.batch([
    db.select({ sealed: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const row = user[0];
  return { enabledAt: row?.enabledAt ?? null, pendingSetup: Boolean(row?.sealed && !row.enabledAt), codesLeft: left[0]?.n ?? 0 };
}

/** Starts set-up: a new secret, sealed and stored, not yet in force. Returns it for the QR code. */
export async function beginSetup(db: Database, userId: number, sessionSecret: string) {
  const secret = newSecret();
  await db.update(users).set({ totpSecret: await sealSecret(secret, sessionSecret), totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)).run();
  return secret;
}

export async function pendingSecret(db: Database, userId: number, sessionSecret: string) {
  const row = await db.select({ sealed: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  if (!row?.sealed || row.enabledAt) return null;
  return openSecret(row.sealed, sessionSecret);
}

/** Finishes set-up with a code from the app; returns the recovery codes to show once, or null. */
export async function confirmSetup(db: Database, userId: number, code: string, sessionSecret: string) {
  const row = await db.select({ sealed: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  if (!row?.sealed || row.enabledAt) return null;
  if (!(await acceptTotp(db, userId, row.sealed, code, sessionSecret))) return null;
  await db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId)).run();
  return issueRecoveryCodes(db, userId);
}

export async function disableTwoFactor(db: Database, userId: number) {
  await db.batch([
    db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}

/** A code from the app, or one of the recovery codes. */
export async function checkSecondFactor(db: Database, userId: number, input: string, sessionSecret: string) {
  const row = await db.select({ sealed: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  if (!row?.sealed || !row.enabledAt) return false;
  const code = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return acceptTotp(db, userId, row.sealed, code, sessionSecret);
  return useRecoveryCode(db, userId, code);
}
