/**
 * `/api/auth/*`: signing in for a bearer token and out, registering, activating, recovering a
 * password, and the profile (spec: public-site-and-accounts.md section 7). Each call runs the same
 * account functions as the pages, with their rate limits, messages and mails.
 */
import { z } from "zod";
import {
  WRONG_CURRENT_PASSWORD,
  activateAccount,
  changePassword,
  checkCredentials,
  isCurrentPassword,
  loadProfile,
  registerAccount,
  requestPasswordReset,
  resendActivation,
  resetPassword,
  saveAffiliations,
  saveExpertise,
  savePersonal,
} from "~/features/accounts/account.server";
import { ACTIVATION_TEXT, FORGOT_TEXT, MESSAGES, RESET_TEXT } from "~/features/accounts/messages";
import { REGISTER_WIZARD } from "~/features/accounts/register-wizard";
import { affiliationsSchema, changePasswordSchema, emailOnlySchema, expertiseSchema, personalShape, resetPasswordSchema } from "~/features/accounts/schemas";
import { secondFactorHolds, WRONG_SECOND_FACTOR } from "~/features/accounts/two-factor.server";
import { check, defineCall } from "~/server/api/call.server";
import { PASSWORD_MAX } from "~/lib/password-length";
import { LIMITS, limitedCheck } from "~/server/auth/rate-limit.server";
import { createApiToken, destroySession } from "~/server/auth/session.server";
import { passwordRefusal } from "~/server/auth/password-policy.server";
import { isWellFormedToken } from "~/server/auth/tokens.server";
import { AppError } from "~/server/errors.server";
import { checkedAll, flatProfile, nestedField, nestedProfile, profileFields } from "./profile-body.server";
import { messageAnswer, profileAnswer } from "./shapes";

const TAG = "Accounts";

export const login = defineCall(
  {
    method: "POST",
    path: "/api/auth/login",
    tag: TAG,
    summary: "Sign in: a bearer token for the other calls",
    description:
      "Answers a signed token (a JSON Web Token whose payload holds username, email, role and exp) to send as `Authorization: Bearer …`. " +
      "It refers to a session the server keeps: signing out, a password change or reset, suspension and deletion end it at once. " +
      "An account with two-factor sign-in sends the code from its app (or a recovery code) as `code`. Wrong passwords are limited as on the login page.",
    access: "public",
    body: {
      kind: "json",
      schema: z.object({
        email: z.string().max(254),
        password: z.string().max(PASSWORD_MAX),
        code: z.string().max(40).optional().describe("The authenticator app's code or a recovery code, for an account with two-factor sign-in"),
        label: z.string().max(100).optional().describe("A name for the token, shown on the profile's sessions page"),
      }),
    },
    answer: z.object({ token: z.string(), expiresAt: z.string().describe("ISO 8601") }),
    refusals: { 401: MESSAGES.login, 429: "Too many attempts: wait and try again (Retry-After)." },
    invalidMessage: MESSAGES.login,
    failure: "Signing in failed. Please try again later.",
  },
  async ({ request, context, body }) => {
    const email = z.string().trim().toLowerCase().email().safeParse(body.email);
    if (!email.success || !body.password) throw new AppError("unauthorised", MESSAGES.login);
    const who = await checkCredentials(context, request, email.data, body.password);
    if (!who.ok) throw new AppError("unauthorised", MESSAGES.login);
    if (who.totp) {
      const code = body.code?.trim();
      const message = "Enter the code from your authenticator app, or a recovery code, as code.";
      if (!code) throw new AppError("unauthorised", message, { fieldErrors: { code: message } });
      if (!(await secondFactorHolds(context, who.userId, code))) throw new AppError("unauthorised", WRONG_SECOND_FACTOR, { fieldErrors: { code: WRONG_SECOND_FACTOR } });
    }
    const profile = await loadProfile(context, who.userId);
    if (!profile) throw new AppError("unauthorised", MESSAGES.login);
    const issued = await createApiToken(context.db, request, { id: who.userId, username: profile.username, email: profile.email, role: profile.role }, body.label?.trim() || "API client", context.env.SESSION_SECRET);
    return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
  },
);

export const logout = defineCall(
  {
    method: "POST",
    path: "/api/auth/logout",
    tag: TAG,
    summary: "Sign out: the token stops working at once",
    access: "user",
    answer: messageAnswer,
    failure: "Signing out failed. Please try again.",
  },
  async ({ context, sessionId }) => {
    await destroySession(context.db, sessionId);
    return { message: "Signed out. This token no longer works." };
  },
);

/** The stored profile in the spec's nested shape. */
async function profileOf(context: Parameters<typeof loadProfile>[0], userId: number): Promise<z.input<typeof profileAnswer>> {
  const profile = await loadProfile(context, userId);
  if (!profile) throw new AppError("not-found", MESSAGES.profileLoadFailed);
  return {
    _id: userId,
    email: profile.email,
    username: profile.username,
    role: profile.role,
    ...nestedProfile(profile.values),
    memberUntil: profile.memberUntil,
    twoFactorEnabled: profile.totpEnabled,
  };
}

export const readProfile = defineCall(
  {
    method: "GET",
    path: "/api/auth/profile",
    tag: TAG,
    summary: "The signed-in account's profile",
    access: "user",
    answer: profileAnswer,
    failure: MESSAGES.profileLoadFailed,
  },
  async ({ context, user }) => profileOf(context, user.id),
);

const profileBody = z.object({
  ...profileFields,
  // Read-only fields a client sends back with the rest of the profile: accepted, never changed here.
  email: z.string().max(254).optional().describe("Read-only: changing the login e-mail needs the office"),
  username: z.string().max(254).optional().describe("Read-only"),
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword: z.string().max(PASSWORD_MAX).optional().describe("Empty or absent: the password stays"),
  newPasswordRetype: z.string().max(PASSWORD_MAX).optional(),
});

export const updateProfile = defineCall(
  {
    method: "PUT",
    path: "/api/auth/profile",
    tag: TAG,
    summary: "Save the whole profile (and, with the current password, a new password)",
    description: "The profile object as `GET /api/auth/profile` answers it. The login e-mail is read-only. A new password needs the current one; every other session of the account then ends.",
    access: "user",
    body: { kind: "json", schema: profileBody },
    answer: messageAnswer,
    refusals: { 400: "A field is missing or wrong: fieldErrors names it (the page's messages)." },
    failure: MESSAGES.profileSaveFailed,
  },
  async ({ context, user, sessionId, body }) => {
    const flat = flatProfile(body);
    const changing = Boolean(body.newPassword);
    const [personal, affiliations, expertise, password] = (await checkedAll([
      check(z.object(personalShape), flat.personal, undefined),
      check(affiliationsSchema, flat.affiliations, undefined),
      check(expertiseSchema, flat.expertise, undefined),
      changing ? check(changePasswordSchema, { currentPassword: body.currentPassword ?? "", newPassword: body.newPassword, newPasswordRetype: body.newPasswordRetype ?? "" }, undefined) : Promise.resolve(null),
    ], nestedField)) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, z.infer<typeof changePasswordSchema> | null];
    if (password) {
      // Everything that can refuse the new password is asked before anything is saved, so a
      // refusal leaves the profile as it was. A wrong current password counts against the account.
      const current = await limitedCheck(context.db, `reauth:${user.id}`, LIMITS.reauthPerAccount, () => isCurrentPassword(context, user.id, password.currentPassword));
      if (!current) throw new AppError("invalid", WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD } });
      const names = personal as { firstName?: string; middleName?: string; lastName?: string };
      const refusal = passwordRefusal(password.newPassword, { email: user.email, firstName: names.firstName ?? "", middleName: names.middleName ?? "", lastName: names.lastName ?? "" });
      if (refusal) throw new AppError("invalid", refusal, { fieldErrors: { newPassword: refusal } });
    }
    await savePersonal(context, user.id, personal as never);
    await saveAffiliations(context, user.id, affiliations as never);
    await saveExpertise(context, user.id, expertise as never);
    if (password) {
      const changed = await changePassword(context, user.id, sessionId, password.currentPassword, password.newPassword);
      if (!changed.ok) throw new AppError("invalid", changed.message, { fieldErrors: { [changed.field]: changed.message } });
    }
    return { message: MESSAGES.profileSaved };
  },
);

/** The registration form's fields (spec: the flat registration form plus username), checked by the wizard's own step schemas. */
const registrationFields = REGISTER_WIZARD.steps.flatMap((s) => s.fields);
const registerBody = z.object({
  ...Object.fromEntries(registrationFields.filter((f) => f !== "hasSecondary").map((f) => [f, z.string().max(PASSWORD_MAX).optional()])),
  hasSecondary: z.boolean().optional().describe("Absent: true when any secondary field is filled"),
  secondaryEmailConfirm: z.string().max(254).optional(),
  username: z.string().max(254).optional().describe("Must equal primaryEmail when given"),
}) as z.ZodObject<Record<string, z.ZodOptional<z.ZodString | z.ZodBoolean>>>;

export const register = defineCall(
  {
    method: "POST",
    path: "/api/auth/register",
    tag: TAG,
    summary: "Register an account; an activation link is mailed",
    description:
      "The registration form's flat fields. The answer is the same whether or not the address already has an account (the mail differs), so it tells nothing about who is registered. " +
      "Limited per client and per address, as on the registration page.",
    access: "public",
    body: { kind: "json", schema: registerBody },
    answer: messageAnswer,
    status: 201,
    refusals: { 400: MESSAGES.finalInvalid, 429: "Too many registrations: wait and try again (Retry-After)." },
    failure: MESSAGES.registrationFailed,
  },
  async ({ request, context, body }) => {
    const values: Record<string, unknown> = { ...body };
    values.hasSecondary ??= Object.keys(values).some((k) => k.startsWith("secondary") && k !== "secondaryEmail" && k !== "secondaryEmailConfirm" && Boolean(values[k]));
    const steps = (await checkedAll(REGISTER_WIZARD.steps.map((s) => check(s.schema, values, undefined)))) as Array<Record<string, unknown>>;
    const merged = Object.assign({}, ...steps) as Record<string, unknown>;
    if (body.username && String(body.username).trim().toLowerCase() !== merged.primaryEmail) {
      throw new AppError("invalid", MESSAGES.finalInvalid, { fieldErrors: { username: "The username is the primary e-mail address." } });
    }
    await registerAccount(context, request, { ...merged, primaryEmail: String(merged.primaryEmail), password: String(merged.password) });
    return { message: "Registration received. Open the link we have e-mailed to activate the account." };
  },
);

const tokenBody = z.object({ token: z.string().max(200) });

export const activate = defineCall(
  {
    method: "POST",
    path: "/api/auth/activate",
    tag: TAG,
    summary: "Activate an account with the token of its activation link",
    description: "A link resent on request proves the address but sets no password: the answer then carries `resetToken`, for `POST /api/auth/reset-password`.",
    access: "public",
    body: { kind: "json", schema: tokenBody },
    answer: z.object({ success: z.literal(true), message: z.string(), resetToken: z.string().optional() }),
    refusals: { 400: ACTIVATION_TEXT.missing },
    invalidMessage: ACTIVATION_TEXT.missing,
    failure: ACTIVATION_TEXT.error,
  },
  async ({ context, body }) => {
    if (!isWellFormedToken(body.token)) throw new AppError("invalid", ACTIVATION_TEXT.missing);
    const result = await activateAccount(context, body.token);
    if (!result.ok) throw new AppError("invalid", result.message);
    return result.choosePassword
      ? { success: true as const, message: ACTIVATION_TEXT.choosePassword, resetToken: result.choosePassword }
      : { success: true as const, message: ACTIVATION_TEXT.success };
  },
);

export const resend = defineCall(
  {
    method: "POST",
    path: "/api/auth/resend-activation",
    tag: TAG,
    summary: "Mail a new activation link",
    description: "The same answer whether or not the address has an account waiting for activation.",
    access: "public",
    body: { kind: "json", schema: emailOnlySchema },
    answer: messageAnswer,
    refusals: { 429: "Too many requests: wait and try again (Retry-After)." },
    failure: ACTIVATION_TEXT.resendFailed,
  },
  async ({ request, context, body }) => {
    await resendActivation(context, request, body.email);
    return { message: ACTIVATION_TEXT.resent };
  },
);

export const forgotPassword = defineCall(
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    tag: TAG,
    summary: "Mail a password-reset link",
    description: "The same answer whether or not the address has an account.",
    access: "public",
    body: { kind: "json", schema: emailOnlySchema },
    answer: messageAnswer,
    refusals: { 429: "Too many requests: wait and try again (Retry-After)." },
    failure: FORGOT_TEXT.error,
  },
  async ({ request, context, body }) => {
    await requestPasswordReset(context, request, body.email);
    return { message: FORGOT_TEXT.done };
  },
);

export const resetPasswordCall = defineCall(
  {
    method: "POST",
    path: "/api/auth/reset-password",
    tag: TAG,
    summary: "Set a new password with the token of a reset link",
    description: "Every session and token of the account ends.",
    access: "public",
    body: { kind: "json", schema: resetPasswordSchema },
    answer: messageAnswer,
    refusals: { 400: `${RESET_TEXT.missing} / ${MESSAGES.passwordsMismatch}` },
    failure: RESET_TEXT.failed,
  },
  async ({ context, body }) => {
    if (!isWellFormedToken(body.token)) throw new AppError("invalid", RESET_TEXT.missing);
    const reset = await resetPassword(context, body.token, body.newPassword);
    if (!reset.ok) throw new AppError("invalid", reset.message, reset.field ? { fieldErrors: { [reset.field]: reset.message } } : {});
    return { message: RESET_TEXT.success };
  },
);

export const AUTH_CALLS = [login, logout, readProfile, updateProfile, register, activate, resend, forgotPassword, resetPasswordCall];
