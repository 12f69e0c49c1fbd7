/**
 * The account lifecycle: register, activate, sign in, recover, change password, edit profile.
 * Routes call these; they own the rules that touch more than one table.
 */
import type { Services } from "~/server/services.server";
import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { authTokens, type PendingRegistration, recoveryCodes, sessions, users } from "~/db/schema";
import { fromAffiliation, fromExpertise, toAffiliation, toExpertise, toPersonalColumns } from "./mapping";
import { DEFAULT_DIAL_CODE } from "./schemas";
import { hashPassword, needsRehash, verifyPassword } from "~/server/auth/password.server";
import { clientAddress, endOtherSessions, revokeUserSessions } from "~/server/auth/session.server";
import { passwordRefusal } from "~/server/auth/password-policy.server";
import { AppError } from "~/server/errors.server";
import { endOutstandingTokens, tokenStatementsFor, tokenUse, usableToken } from "~/server/auth/tokens.server";
import { guessAttempt, type GuessLimits, hitRateLimits, type Limit, LIMITS } from "~/server/auth/rate-limit.server";
import { accountMail, commitWithMail } from "~/mail/outbox.server";
import { claimAuthorships } from "~/models/authorship.server";

type Ctx = Pick<Services, "db" | "queues" | "waitUntil" | "env" | "meter">;
type Flat = Record<string, unknown>;

const link = (ctx: Ctx, path: string, params: Record<string, string>) => {
  const url = new URL(path, ctx.env.SITE_URL);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

export function findUserByEmail({ db }: Pick<Services, "db">, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
}

/**
 * The live account at `email` in a state a statement acts on. `unproven`: registered, its address
 * never confirmed (only such an account is activated by a link, and a new registration of the
 * address replaces what the last one chose); `proven`: any other live account (active, suspended,
 * or deactivated by the office after its address was confirmed); `active`: may sign in.
 */
const accountAt = (email: string, state: "unproven" | "proven" | "active") =>
  and(
    eq(users.email, email),
    isNull(users.deletedAt),
    state === "active"
      ? eq(users.status, "active")
      : state === "unproven"
        ? and(eq(users.status, "inactive"), isNull(users.emailConfirmedAt))
        : or(ne(users.status, "inactive"), isNotNull(users.emailConfirmedAt)),
  );

type LinkPurpose = "activation" | "password_reset";
const LINK_PATHS: Record<LinkPurpose, string> = { activation: "/activate-account", password_reset: "/reset-password" };

/**
 * A new single-use link for the account `who` selects, and the mail that carries it: statements
 * for one batch, acting only if that account is there. `params` go into the link beside the
 * token; `options` keep earlier links working or bind a registration to the link.
 */
export async function linkMail(
  ctx: Ctx,
  who: SQL | undefined,
  purpose: LinkPurpose,
  template: LinkPurpose | "admin_password_reset",
  params: Record<string, string> = {},
  options: { registration?: PendingRegistration; keepEarlier?: boolean } = {},
) {
  const { token, statements } = await tokenStatementsFor(ctx.db, who, purpose, options);
  return { statements, mail: accountMail(ctx, template, who, { link: link(ctx, LINK_PATHS[purpose], { token, ...params }) }) };
}

/**
 * An activation link for the account at `email` if its address is still unproven. Links do not end
 * each other: each activates the registration it was mailed for (or, resent, the latest one).
 */
const activationMail = (ctx: Ctx, email: string, registration?: PendingRegistration) =>
  linkMail(ctx, accountAt(email, "unproven"), "activation", "activation", { email }, { registration, keepEarlier: true });

/** The profile a registration form chose, as the columns of `users`. */
function registeredProfile(values: Flat): PendingRegistration["profile"] {
  const primary = toAffiliation("primary", values);
  return {
    ...toPersonalColumns(values),
    primaryAffiliation: primary,
    secondaryAffiliation: values.hasSecondary ? toAffiliation("secondary", values) : null,
    institution: primary?.institution ?? null,
    expertise: toExpertise(values),
  };
}

/**
 * Registers an address. Nothing is granted before the address is proven: the account stays
 * inactive until a link mailed to it is used, and that link activates the password and profile
 * of the registration it was mailed for. An address nobody has proven yet may be registered
 * again, and the new registration replaces the last one's password and profile (a stranger who
 * registered someone's address first gains nothing: the owner's own link activates the owner's
 * password). An address with a proven account gets a mail saying so instead. The caller cannot
 * tell the cases apart (no enumeration): the same work, one batch in which the database picks
 * the mail (decision 030). Limited per client and per address registered (mails to one inbox).
 */
export async function registerAccount(ctx: Ctx, request: Request, values: Flat & { primaryEmail: string; password: string }) {
  const email = values.primaryEmail.toLowerCase();
  const refusal = passwordRefusal(values.password, { email, firstName: String(values.firstName ?? ""), middleName: String(values.middleName ?? ""), lastName: String(values.lastName ?? "") });
  if (refusal) throw new AppError("invalid", refusal, { fieldErrors: { password: refusal } });
  await hitRateLimits(ctx.db, [
    [`register:ip:${clientAddress(request)}`, LIMITS.registerPerAddress],
    [`register:acct:${email}`, LIMITS.registerPerAccount],
  ]);
  const registration: PendingRegistration = { passwordHash: await hashPassword(values.password, ctx.meter), profile: registeredProfile(values) };
  const activation = await activationMail(ctx, email, registration);
  await commitWithMail(
    ctx,
    [
      ctx.db
        .insert(users)
        .values({ email, username: email /* the spec: username equals the primary e-mail */, role: "user", status: "inactive", passwordHash: registration.passwordHash, ...registration.profile })
        .onConflictDoNothing(),
      ctx.db
        .update(users)
        .set({ passwordHash: registration.passwordHash, ...registration.profile, updatedAt: new Date() })
        .where(accountAt(email, "unproven")),
      ...activation.statements,
    ],
    [
      activation.mail,
      accountMail(ctx, "account_exists", accountAt(email, "proven"), {
        loginLink: link(ctx, "/login", {}),
        resetLink: link(ctx, "/forgot-password", {}),
      }),
    ],
  );
}

/** `choosePassword`: a password-reset token, when the link carried no registration (see `activateAccount`). */
export type ActivationResult = { ok: true; choosePassword?: string } | { ok: false; message: string };

const ACTIVATION_REFUSALS = {
  expired: "This activation link has expired. Request a new one below.",
  used: "This activation link has already been used. If your account is active, you can log in.",
  invalid: "This activation link is not valid. Request a new one below.",
} as const;

/**
 * Uses an activation link, in one batch: the account's address is proven now, with the password
 * and profile of the registration the link was mailed for; anything set up before (sessions, a
 * second factor, recovery codes, other links) ends; papers that list the address become the
 * account's; and the link is used up. Each statement acts only if the link was still usable, so
 * two clicks cannot both act. A link of an account the office has already activated only says so.
 *
 * A link that carries no registration (one resent on request, which anybody may ask for) proves
 * the address but activates no password: whoever registered last may not be whoever holds the
 * mailbox. The account is left without one, and the answer carries a password-reset token for
 * the person who proved the mailbox to choose it.
 */
export async function activateAccount(ctx: Ctx, token: string, now = Date.now()): Promise<ActivationResult> {
  const { db } = ctx;
  const found = await usableToken(db, token, "activation", now);
  if (!found.ok) return { ok: false, message: ACTIVATION_REFUSALS[found.reason] };
  const { id, userId, registration } = found;
  const stamp = new Date(now);
  const link = tokenUse(db, id, now);
  // True only within this batch, once its first statement has proven the address.
  const provenNow = sql`exists (select 1 from users where id = ${userId} and email_confirmed_at = ${now} and status = 'active')`;
  const choose = registration ? null : await tokenStatementsFor(db, and(eq(users.id, userId), eq(users.emailConfirmedAt, stamp)), "password_reset", { now });
  const results = await db.batch([
    db
      .update(users)
      .set({
        ...(registration ? { passwordHash: registration.passwordHash, ...registration.profile } : { passwordHash: null }),
        status: "active",
        emailConfirmedAt: stamp,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: stamp,
      })
      .where(and(eq(users.id, userId), eq(users.status, "inactive"), isNull(users.emailConfirmedAt), isNull(users.deletedAt), link.while)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), provenNow)),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), provenNow)),
    db.update(authTokens).set({ usedAt: stamp, registration: null }).where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt), ne(authTokens.id, id), provenNow)),
    // Papers that listed this address before the account existed become the author's.
    claimAuthorships({ db }, userId),
    ...(choose?.statements ?? []),
    // A used link keeps no password hash.
    link.use,
  ]);
  const used = results[results.length - 1] as { id: number }[];
  if (used.length !== 1) return { ok: false, message: ACTIVATION_REFUSALS.used };
  const activated = (results[0] as D1Result).meta.changes === 1;
  return choose && activated ? { ok: true, choosePassword: choose.token } : { ok: true };
}

/** Counts one attempt against the account and against the client's address, in one batch. */
function limitPerAccountAndAddress(ctx: Ctx, request: Request, action: string, address: string, perAccount: Limit, perAddress: Limit) {
  return hitRateLimits(ctx.db, [
    [`${action}:acct:${address}`, perAccount],
    [`${action}:ip:${clientAddress(request)}`, perAddress],
  ]);
}

/** Mails a new activation link if the address has an unproven account; says nothing either way, after the same work. */
export async function resendActivation(ctx: Ctx, request: Request, email: string) {
  const address = email.toLowerCase();
  await limitPerAccountAndAddress(ctx, request, "resend", address, LIMITS.recoveryPerAccount, LIMITS.recoveryPerAddress);
  const activation = await activationMail(ctx, address);
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
    const user = await findUserByEmail(ctx, address);
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

/** The notice of a new password, to commit with the change (`when`: a condition it is written under). */
const passwordChangedMail = (ctx: Ctx, userId: number, when?: SQL) => accountMail(ctx, "password_changed", and(eq(users.id, userId), when), { supportEmail: ctx.env.SUPPORT_EMAIL });

export type ResetResult = { ok: true } | { ok: false; message: string; field?: "newPassword" };

const RESET_REFUSALS = {
  expired: "This reset link has expired. Please request a new one.",
  used: "Missing or invalid reset token.",
  invalid: "Missing or invalid reset token.",
} as const;

/**
 * Sets the new password from a reset link and ends every session of the account. A password the
 * policy refuses (common, or the person's own e-mail or name) leaves the link usable for another
 * try. One batch sets the password, ends every session and every other link mailed before it,
 * spends the link and writes the notice, each statement acting only while the link is usable:
 * if the batch fails, nothing changed and the link still works; two posts cannot both act.
 */
export async function resetPassword(ctx: Ctx, token: string, newPassword: string, now = Date.now()): Promise<ResetResult> {
  const found = await usableToken(ctx.db, token, "password_reset", now);
  if (!found.ok) return { ok: false, message: RESET_REFUSALS[found.reason] };
  const person = await ctx.db.select().from(users).where(eq(users.id, found.userId)).get();
  if (!person) return { ok: false, message: RESET_REFUSALS.invalid };
  const refusal = passwordRefusal(newPassword, person);
  if (refusal) return { ok: false, message: refusal, field: "newPassword" };
  const passwordHash = await hashPassword(newPassword, ctx.meter);
  const link = tokenUse(ctx.db, found.id, now);
  const results = await commitWithMail(
    ctx,
    [
      ctx.db.update(users).set({ passwordHash, updatedAt: new Date(now) }).where(and(eq(users.id, person.id), link.while)),
      revokeUserSessions(ctx.db, person.id, link.while),
      endOutstandingTokens(ctx.db, person.id, now, and(ne(authTokens.id, found.id), link.while)),
      link.use,
    ],
    // (Mailed only where this batch's own password is the one set: two posts of one link in the same
    // millisecond share a stamp, so the link's use alone would mail the loser too. A salted hash is this post's own.)
    [passwordChangedMail(ctx, person.id, and(link.usedNow, eq(users.passwordHash, passwordHash)))],
  );
  if ((results[3] as unknown[]).length !== 1) return { ok: false, message: RESET_REFUSALS.used };
  return { ok: true };
}

/** Whether `password` is the account's current password (a re-check before a sensitive change). */
export async function isCurrentPassword({ db }: Pick<Services, "db">, userId: number, password: string) {
  const row = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return verifyPassword(row?.hash, password);
}

/** The columns of a profile: what `profileValues` reads. */
export type ProfileColumns = Pick<
  typeof users.$inferSelect,
  | "salutation"
  | "firstName"
  | "middleName"
  | "lastName"
  | "secondaryEmail"
  | "workPhoneCountry"
  | "workPhone"
  | "cellPhoneCountry"
  | "cellPhone"
  | "personalWebPage"
  | "primaryAffiliation"
  | "secondaryAffiliation"
  | "expertise"
>;

/** A stored profile as the profile forms' flat fields (the Edit User dialog's too). */
export function profileValues(u: ProfileColumns) {
  const secondary = fromAffiliation("secondary", u.secondaryAffiliation);
  return {
    salutation: u.salutation ?? "",
    firstName: u.firstName,
    middleName: u.middleName ?? "",
    lastName: u.lastName,
    secondaryEmail: u.secondaryEmail ?? "",
    // No number, no stored code: the form offers its default again.
    workPhoneCountry: u.workPhoneCountry || DEFAULT_DIAL_CODE,
    workPhone: u.workPhone ?? "",
    cellPhoneCountry: u.cellPhoneCountry || DEFAULT_DIAL_CODE,
    cellPhone: u.cellPhone ?? "",
    personalWebPage: u.personalWebPage ?? "",
    ...fromAffiliation("primary", u.primaryAffiliation),
    ...secondary,
    // The rule: the secondary section shows when any of its fields is filled.
    hasSecondary: Object.values(secondary).some(Boolean),
    ...fromExpertise(u.expertise),
  };
}

export async function loadProfile({ db }: Pick<Services, "db">, userId: number) {
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) return null;
  return {
    email: u.email,
    username: u.username,
    memberUntil: u.memberUntil,
    role: u.role,
    status: u.status,
    deleted: u.deletedAt !== null,
    totpEnabled: u.totpEnabledAt !== null,
    emailConfirmed: u.emailConfirmedAt !== null,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    values: profileValues(u),
  };
}

export async function savePersonal({ db }: Pick<Services, "db">, userId: number, values: Flat) {
  await db
    .update(users)
    .set({ ...toPersonalColumns(values), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .run();
}

export async function saveAffiliations({ db }: Pick<Services, "db">, userId: number, values: Flat) {
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

export async function saveExpertise({ db }: Pick<Services, "db">, userId: number, values: Flat) {
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
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";

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
      message: WRONG_CURRENT_PASSWORD,
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
