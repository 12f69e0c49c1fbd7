/**
 * The account lifecycle: register, activate, sign in, recover, change password, edit profile.
 * Routes call these; they own the rules that touch more than one table.
 */
import type { Services } from "~/server/services.server";
import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { fromAffiliation, fromExpertise, toAffiliation, toExpertise, toPersonalColumns } from "./mapping";
import { hashPassword, needsRehash, verifyPassword } from "~/server/auth/password.server";
import { clientAddress, endOtherSessions, revokeUserSessions } from "~/server/auth/session.server";
import { passwordRefusal } from "~/server/auth/password-policy.server";
import { consumeToken, endOutstandingTokens, tokenHolder, tokenStatementsFor } from "~/server/auth/tokens.server";
import { guessAttempt, type GuessLimits, hitRateLimits, type Limit, LIMITS } from "~/server/auth/rate-limit.server";
import { accountMail, commitWithMail } from "~/server/mail/outbox.server";
import { claimAuthorships } from "~/models/authorship.server";

type Ctx = Pick<Services, "db" | "queues" | "waitUntil" | "env" | "meter">;
type Flat = Record<string, unknown>;

const link = (ctx: Ctx, path: string, params: Record<string, string>) => {
  const url = new URL(path, ctx.env.SITE_URL);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

export function findUserByEmail(db: Database, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
}

/** The live account at `email` if it is in `status`: the condition a statement acts on. */
const accountAt = (email: string, status: (typeof users.$inferSelect)["status"] | "not inactive") =>
  and(eq(users.email, email), isNull(users.deletedAt), status === "not inactive" ? ne(users.status, "inactive") : eq(users.status, status));

type LinkPurpose = "activation" | "password_reset";
const LINK_PATHS: Record<LinkPurpose, string> = { activation: "/activate-account", password_reset: "/reset-password" };

/**
 * A new single-use link for the account `who` selects, and the mail that carries it: statements
 * for one batch, acting only if that account is there (an earlier unused link of the purpose ends).
 * `params` go into the link beside the token.
 */
export async function linkMail(ctx: Ctx, who: SQL | undefined, purpose: LinkPurpose, template: LinkPurpose | "admin_password_reset", params: Record<string, string> = {}) {
  const { token, statements } = await tokenStatementsFor(ctx.db, who, purpose);
  return { statements, mail: accountMail(ctx.db, template, who, { link: link(ctx, LINK_PATHS[purpose], { token, ...params }) }) };
}

/** An activation link for the account at `email` if it is still inactive. */
const activationMailIf = (ctx: Ctx, email: string) => linkMail(ctx, accountAt(email, "inactive"), "activation", "activation", { email });

/**
 * Creates an inactive account and mails its activation link. An address that already has an
 * account gets a mail saying so instead (an inactive one a new activation link), and the caller
 * cannot tell the cases apart (no enumeration): both end on the confirmation page, after the same
 * work, a password hash and one batch in which the database picks the mail (finding 2).
 */
export async function registerAccount(ctx: Ctx, request: Request, values: Flat & { primaryEmail: string; password: string }) {
  await hitRateLimits(ctx.db, [[`register:ip:${clientAddress(request)}`, LIMITS.registerPerAddress]]);
  const email = values.primaryEmail.toLowerCase();
  const primary = toAffiliation("primary", values);
  const passwordHash = await hashPassword(values.password, ctx.meter);
  const activation = await activationMailIf(ctx, email);
  await commitWithMail(
    ctx,
    [
      ctx.db
        .insert(users)
        .values({
          email,
          username: email, // the spec: username equals the primary e-mail
          passwordHash,
          role: "user",
          status: "inactive",
          ...toPersonalColumns(values),
          primaryAffiliation: primary,
          secondaryAffiliation: values.hasSecondary ? toAffiliation("secondary", values) : null,
          institution: primary?.institution ?? null,
          expertise: toExpertise(values),
        })
        .onConflictDoNothing(),
      ...activation.statements,
    ],
    [
      activation.mail,
      accountMail(ctx.db, "account_exists", accountAt(email, "not inactive"), {
        loginLink: link(ctx, "/login", {}),
        resetLink: link(ctx, "/forgot-password", {}),
      }),
    ],
  );
}

export type ActivationResult = { ok: true } | { ok: false; message: string };

export async function activateAccount(ctx: Ctx, token: string): Promise<ActivationResult> {
  const check = await consumeToken(ctx.db, token, "activation");
  if (!check.ok) {
    const message =
      check.reason === "expired"
        ? "This activation link has expired. Request a new one below."
        : check.reason === "used"
        ? "This activation link has already been used. If your account is active, you can log in."
        : "This activation link is not valid. Request a new one below.";
    return { ok: false, message };
  }
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({
        status: "active",
        emailConfirmedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, check.userId), eq(users.status, "inactive"))),
    // Papers that listed this address before the account existed become the author's.
    claimAuthorships(ctx.db, check.userId),
  ]);
  return { ok: true };
}

/** Counts one attempt against the account and against the client's address, in one batch. */
function limitPerAccountAndAddress(ctx: Ctx, request: Request, action: string, address: string, perAccount: Limit, perAddress: Limit) {
  return hitRateLimits(ctx.db, [
    [`${action}:acct:${address}`, perAccount],
    [`${action}:ip:${clientAddress(request)}`, perAddress],
  ]);
}

/** Mails a new activation link if the address has an inactive account; says nothing either way, after the same work. */
export async function resendActivation(ctx: Ctx, request: Request, email: string) {
  const address = email.toLowerCase();
  await limitPerAccountAndAddress(ctx, request, "resend", address, LIMITS.recoveryPerAccount, LIMITS.recoveryPerAddress);
  const activation = await activationMailIf(ctx, address);
  await commitWithMail(ctx, [...activation.statements], [activation.mail]);
}

export type SignInResult = { ok: true; userId: number; role: string; totp: boolean } | { ok: false };

/**
 * Checks e-mail and password; the same answer and about the same time for every failure. Wrong
 * passwords are limited per account and address and per address (refused), and per account from
 * anywhere (slowed, never refused); a right one is not counted (decision 030).
 */
export async function checkCredentials(ctx: Ctx, request: Request, email: string, password: string): Promise<SignInResult> {
  const address = email.toLowerCase();
  const ip = clientAddress(request);
  const limits = {
    refuse: [
      [`login:pair:${address}:${ip}`, LIMITS.loginPerAccountAndAddress],
      [`login:ip:${ip}`, LIMITS.loginPerAddress],
    ],
    slow: [`login:acct:${address}`, LIMITS.loginPerAccount],
  } satisfies GuessLimits;
  return guessAttempt(ctx.db, limits, async (): Promise<SignInResult> => {
    const user = await findUserByEmail(ctx.db, address);
    const ok = await verifyPassword(user?.passwordHash, password, ctx.meter);
    if (!user || !ok || user.status !== "active") return { ok: false };
    const updates: Partial<typeof users.$inferInsert> = {
      lastLoginAt: new Date(),
    };
    if (needsRehash(user.passwordHash!)) updates.passwordHash = await hashPassword(password, ctx.meter);
    await ctx.db.update(users).set(updates).where(eq(users.id, user.id)).run();
    return {
      ok: true,
      userId: user.id,
      role: user.role,
      totp: user.totpEnabledAt !== null,
    };
  });
}

/** Mails a reset link to an active account; the same answer, after the same work, whether or not it exists. */
export async function requestPasswordReset(ctx: Ctx, request: Request, email: string) {
  const address = email.toLowerCase();
  await limitPerAccountAndAddress(ctx, request, "forgot", address, LIMITS.recoveryPerAccount, LIMITS.recoveryPerAddress);
  const reset = await linkMail(ctx, accountAt(address, "active"), "password_reset", "password_reset");
  await commitWithMail(ctx, [...reset.statements], [reset.mail]);
}

/** The notice of a new password, to commit with the change. */
const passwordChangedMail = (ctx: Ctx, userId: number) => accountMail(ctx.db, "password_changed", eq(users.id, userId), { supportEmail: ctx.env.SUPPORT_EMAIL });

export type ResetResult = { ok: true } | { ok: false; message: string; field?: "newPassword" };

/**
 * Sets the new password from a reset link and ends every session of the account. A password the
 * policy refuses (common, or the person's own e-mail or name) leaves the link usable for another try.
 */
export async function resetPassword(ctx: Ctx, token: string, newPassword: string): Promise<ResetResult> {
  const holder = await tokenHolder(ctx.db, token, "password_reset");
  const person = holder === null ? undefined : await ctx.db.select().from(users).where(eq(users.id, holder)).get();
  const refusal = person ? passwordRefusal(newPassword, person) : null;
  if (refusal) return { ok: false, message: refusal, field: "newPassword" };
  const passwordHash = await hashPassword(newPassword, ctx.meter);
  const check = await consumeToken(ctx.db, token, "password_reset");
  if (!check.ok || !person || check.userId !== person.id) {
    const expired = !check.ok && check.reason === "expired";
    return {
      ok: false,
      message: expired ? "This reset link has expired. Please request a new one." : "Missing or invalid reset token.",
    };
  }
  // The password, every session, every other link mailed before it, and the notice: one batch.
  await commitWithMail(
    ctx,
    [
      ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, person.id)),
      revokeUserSessions(ctx.db, person.id),
      endOutstandingTokens(ctx.db, person.id),
    ],
    [passwordChangedMail(ctx, person.id)],
  );
  return { ok: true };
}

/** Whether `password` is the account's current password (a re-check before a sensitive change). */
export async function isCurrentPassword(db: Database, userId: number, password: string) {
  const row = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return verifyPassword(row?.hash, password);
}

export async function loadProfile(db: Database, userId: number) {
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) return null;
  const secondary = fromAffiliation("secondary", u.secondaryAffiliation);
  return {
    email: u.email,
    username: u.username,
    memberUntil: u.memberUntil,
    role: u.role,
    status: u.status,
    deleted: u.deletedAt !== null,
    totpEnabled: u.totpEnabledAt !== null,
    values: {
      salutation: u.salutation ?? "",
      firstName: u.firstName,
      middleName: u.middleName ?? "",
      lastName: u.lastName,
      secondaryEmail: u.secondaryEmail ?? "",
      workPhoneCountry: u.workPhoneCountry,
      workPhone: u.workPhone ?? "",
      cellPhoneCountry: u.cellPhoneCountry,
      cellPhone: u.cellPhone ?? "",
      personalWebPage: u.personalWebPage ?? "",
      ...fromAffiliation("primary", u.primaryAffiliation),
      ...secondary,
      // The rule: the secondary section shows when any of its fields is filled.
      hasSecondary: Object.values(secondary).some(Boolean),
      ...fromExpertise(u.expertise),
    },
  };
}

export async function savePersonal(db: Database, userId: number, values: Flat) {
  await db
    .update(users)
    .set({ ...toPersonalColumns(values), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .run();
}

export async function saveAffiliations(db: Database, userId: number, values: Flat) {
  const primary = toAffiliation("primary", values);
  await db
    .update(users)
    .set({
      primaryAffiliation: primary,
      secondaryAffiliation: values.hasSecondary ? toAffiliation("secondary", values) : null,
      institution: primary?.institution ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .run();
}

export async function saveExpertise(db: Database, userId: number, values: Flat) {
  await db
    .update(users)
    .set({ expertise: toExpertise(values), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .run();
}

/**
 * Changes the password after checking the current one; every other session of the account ends.
 * Returns false when the current password is wrong.
 */
export async function changePassword(
  ctx: Ctx,
  userId: number,
  keepSessionId: string,
  current: string,
  next: string,
): Promise<{ ok: true } | { ok: false; field: "currentPassword" | "newPassword"; message: string }> {
  const user = await ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(user.passwordHash, current, ctx.meter)))
    return {
      ok: false,
      field: "currentPassword",
      message: "The current password is not correct.",
    };
  const refusal = passwordRefusal(next, user);
  if (refusal) return { ok: false, field: "newPassword", message: refusal };
  const passwordHash = await hashPassword(next, ctx.meter);
  await commitWithMail(
    ctx,
    [
      ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
      endOtherSessions(ctx.db, userId, keepSessionId),
      endOutstandingTokens(ctx.db, userId),
    ],
    [passwordChangedMail(ctx, userId)],
  );
  return { ok: true };
}
