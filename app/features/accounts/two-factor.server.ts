/**
 * Turning two-factor sign-in on, moving it to a new authenticator app, and off; checking a second
 * factor. A new app is enrolled beside the current one (`totp_pending_secret`): the current factor
 * stays in force until a code from the new app confirms it.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { recoveryCodes, users } from "~/db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import { acceptTotp, newRecoveryCodes, newSecret, openSecretOrNull, sealSecret, useRecoveryCode } from "~/server/auth/totp.server";
import { accountMail, commitWithMail } from "~/mail/outbox.server";
import type { Services } from "~/server/services.server";
import { LIMITS, limitedCheck } from "~/server/auth/rate-limit.server";
import { endOtherSessions } from "~/server/auth/session.server";

type Ctx = Pick<Services, "db" | "queues" | "waitUntil" | "env">;

export async function twoFactorStatus({ db }: Pick<Services, "db">, userId: number) {
  const [user, left] = await db.batch([
    db.select({ pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const row = user[0];
  return { enabledAt: row?.enabledAt ?? null, pendingSetup: Boolean(row?.pending), codesLeft: left[0]?.n ?? 0 };
}

/** Starts enrolling an app: a new secret, sealed and kept apart; the current factor (if any) stays. */
export async function beginSetup({ db }: Pick<Services, "db">, userId: number, sessionSecret: string) {
  const secret = newSecret();
  await db.update(users).set({ totpPendingSecret: await sealSecret(secret, sessionSecret) }).where(eq(users.id, userId)).run();
  return secret;
}

export async function pendingSecret({ db }: Pick<Services, "db">, userId: number, sessionSecret: string) {
  const row = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId)).get();
  return row?.pending ? openSecretOrNull(row.pending, sessionSecret) : null;
}

type Change = "on" | "moved" | "codes" | "off";

/**
 * Commits a change of the second factor and the mail that tells the account of it, in one D1
 * batch (decision 025): the change and its notice stand or fall together.
 */
async function commitChange(ctx: Ctx, userId: number, change: Change, statements: BatchItem<"sqlite">[]) {
  await commitWithMail(ctx, statements, [accountMail(ctx, "two_factor_changed", eq(users.id, userId), { change, supportEmail: ctx.env.SUPPORT_EMAIL })]);
}

/**
 * Finishes enrolling with a code from the new app: it becomes the factor, with new recovery codes
 * (returned to show once), or null when the code is wrong. `replaced` says whether a factor was
 * already on (the mail says "moved" rather than "turned on"). Every other session and API token
 * of the account ends with it: one signed in with the password alone (before the factor, or with
 * the old app) must not go on as if it had passed the new factor, which the console requires.
 */
export async function confirmSetup(ctx: Ctx, userId: number, code: string, keepSessionId: string) {
  const { db } = ctx;
  const row = await db.select({ pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  if (!row?.pending) return null;
  // The new app's codes are checked against the new secret; the step guard is the account's.
  if (!(await acceptTotp(db, userId, row.pending, code, ctx.env.SESSION_SECRET))) return null;
  const replaced = row.enabledAt !== null;
  const recovery = await newRecoveryCodes(db, userId);
  await commitChange(ctx, userId, replaced ? "moved" : "on", [
    db.update(users).set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: new Date() }).where(eq(users.id, userId)),
    ...recovery.statements,
    endOtherSessions(db, userId, keepSessionId),
  ]);
  return { codes: recovery.codes, replaced };
}

/** New recovery codes in place of the old ones; returns them to show once. */
export async function replaceRecoveryCodes(ctx: Ctx, userId: number) {
  const recovery = await newRecoveryCodes(ctx.db, userId);
  await commitChange(ctx, userId, "codes", [...recovery.statements]);
  return recovery.codes;
}

/** Turns the factor off; every other session and API token of the account ends with it. */
export async function disableTwoFactor(ctx: Ctx, userId: number, keepSessionId: string) {
  const { db } = ctx;
  await commitChange(ctx, userId, "off", [
    db.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    endOtherSessions(db, userId, keepSessionId),
  ]);
}

export const WRONG_SECOND_FACTOR = "That code is not valid. Enter the current code from your app, or a recovery code.";

/**
 * A sign-in's second step (the page's and the API's): the code from the app or a recovery code,
 * with wrong codes counted against the account and the right one not (decision 030).
 */
export function secondFactorHolds(ctx: Pick<Services, "db" | "env">, userId: number, code: string) {
  return limitedCheck(ctx.db, `2fa:acct:${userId}`, LIMITS.secondFactorPerAccount, () => checkSecondFactor(ctx, userId, code, ctx.env.SESSION_SECRET));
}

/** A code from the app, or one of the recovery codes. */
export async function checkSecondFactor({ db }: Pick<Services, "db">, userId: number, input: string, sessionSecret: string) {
  const row = await db.select({ sealed: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  if (!row?.sealed || !row.enabledAt) return false;
  const code = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return acceptTotp(db, userId, row.sealed, code, sessionSecret);
  return useRecoveryCode(db, userId, code);
}
