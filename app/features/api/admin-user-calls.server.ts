/**
 * `/api/admin/users…`: the console's Users tab as calls (spec: author-area-and-admin-console.md
 * section 7, Administrator calls). Each runs the same functions as the console's pages
 * (`~/features/users/user-admin.server`) with the pages' schemas, so the refusals are the same:
 * no administrator can demote, suspend or delete themself, nor the last active administrator.
 * Suspension, deactivation, deletion and a password reset end the account's sessions, and with
 * them its API tokens, at once.
 */
import { z } from "zod";
import { loadProfile, profileValues, type ProfileColumns } from "~/features/accounts/account.server";
import { adminUserSchema } from "~/features/accounts/schemas";
import { changeRole, deleteUser, listUsers, parseUserQuery, resetUserPassword, type RoleOutcome, saveUser } from "~/features/users/user-admin.server";
import { ADMIN_WITHOUT_SECOND_FACTOR, ROLE_FILTERS, roleChangeSchema, USER_MESSAGES, USERS_PAGE_SIZE } from "~/features/users/users";
import { USER_ROLES, USER_STATUSES } from "~/db/enums";
import { check, defineCall } from "~/server/api/call.server";
import { invalid, notFound } from "~/server/errors.server";
import { checkedAll, flatProfile, nestedField, nestedProfile, profileFields } from "./profile-body.server";
import { id, idParams, messageAnswer, profileAnswer } from "./shapes";

const TAG = "Administration: users";
const USER_GONE = "That user no longer exists.";

/** The spec's User entity: the profile's nested shape and the account's state. No password, no second-factor secret. */
export const userAnswer = profileAnswer.extend({
  status: z.enum(USER_STATUSES),
  isEmailConfirmed: z.boolean(),
  registrationDate: z.string().describe("ISO 8601"),
  lastLogin: z.string().nullable().describe("ISO 8601; null if the user never signed in"),
});

type AccountState = {
  id: number;
  email: string;
  username: string;
  role: string;
  status: (typeof USER_STATUSES)[number];
  memberUntil: string | null;
  twoFactorEnabled: boolean;
  emailConfirmed: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

function userEntity(u: AccountState, values: ReturnType<typeof profileValues>): z.input<typeof userAnswer> {
  return {
    _id: u.id,
    email: u.email,
    username: u.username,
    role: u.role,
    ...nestedProfile(values),
    status: u.status,
    isEmailConfirmed: u.emailConfirmed,
    registrationDate: u.createdAt.toISOString(),
    lastLogin: u.lastLoginAt?.toISOString() ?? null,
    memberUntil: u.memberUntil,
    twoFactorEnabled: u.twoFactorEnabled,
  };
}

/** What the office is told after making an administrator of an account without a second factor. */
const outcomeAnswer = z.object({ message: z.string(), warning: z.string().optional().describe("Set when an administrator was made of an account without two-factor sign-in") });
function outcomeOf(message: string, outcome: RoleOutcome, env: { ADMIN_TWO_FACTOR: keyof typeof ADMIN_WITHOUT_SECOND_FACTOR.appointed }) {
  return outcome.adminWithoutSecondFactor ? { message, warning: ADMIN_WITHOUT_SECOND_FACTOR.appointed[env.ADMIN_TWO_FACTOR] } : { message };
}

const userIdParams = idParams;
const cursor = z.string().regex(/^\d{1,15}\.\d{1,12}$/, "Send back a cursor a page answered (next or previous).");
const roleFilters = ROLE_FILTERS.map((r) => r.value) as unknown as ["", "user", "reviewer", "admin"];

export const listUsersCall = defineCall(
  {
    method: "GET",
    path: "/api/admin/users",
    tag: TAG,
    summary: "The users: search, role filter, and pages of 25, newest first",
    description:
      "As the console's Users tab lists them (deleted accounts left out). For the next page send `after` = the answer's `next` " +
      "(and `start` = the number of the page's first row, only for counting); for the one before, `before` = `previous`.",
    access: "admin",
    query: z.object({
      q: z.string().max(100).optional().describe("Words in the first name, last name, e-mail or username"),
      role: z.enum(roleFilters).optional().describe("Only users with this role; empty: every role"),
      after: cursor.optional(),
      before: cursor.optional(),
      start: z.coerce.number().int().min(1).max(10_000_000).optional().describe("The number of the page's first row (1 on the first page)"),
    }),
    answer: z.object({
      users: z.array(userAnswer).max(USERS_PAGE_SIZE),
      total: z.number().int().describe("How many users match"),
      previous: z.string().nullable().describe("The cursor of the page before, as `before`"),
      next: z.string().nullable().describe("The cursor of the page after, as `after`"),
    }),
    failure: USER_MESSAGES.loadFailed,
  },
  async ({ request, context }) => {
    const { rows, total, previous, next } = await listUsers(context, parseUserQuery(new URL(request.url)));
    return {
      users: rows.map((u) =>
        userEntity(
          { ...u, twoFactorEnabled: u.totpEnabledAt !== null, emailConfirmed: u.emailConfirmedAt !== null },
          profileValues(u satisfies ProfileColumns),
        ),
      ),
      total,
      previous,
      next,
    };
  },
);

export const readUser = defineCall(
  {
    method: "GET",
    path: "/api/admin/users/{id}",
    tag: TAG,
    summary: "One user, as the Edit User dialog shows them",
    access: "admin",
    params: userIdParams,
    answer: userAnswer,
    refusals: { 404: USER_MESSAGES.notFound },
    notFound: USER_MESSAGES.notFound,
    failure: USER_MESSAGES.loadFailed,
  },
  async ({ context, params }) => {
    const profile = await loadProfile(context, params.id);
    if (!profile || profile.deleted) throw notFound(USER_MESSAGES.notFound);
    return userEntity({ ...profile, id: params.id, twoFactorEnabled: profile.totpEnabled }, profile.values);
  },
);

const userBody = z.object({
  ...profileFields,
  email: z.string().max(254).describe("The login e-mail; the username follows it"),
  role: z.enum(USER_ROLES, { message: "Choose a role." }),
  status: z.enum(USER_STATUSES, { message: "Choose a status." }).describe("A suspended or inactive account is signed out at once, its API tokens too"),
  // Read-only fields of `GET /api/admin/users/{id}`, so its answer can be sent back edited: never changed here.
  _id: id.optional().describe("Read-only; when given, the id in the address"),
  username: z.string().max(254).optional().describe("Read-only: the login e-mail"),
  isEmailConfirmed: z.boolean().optional().describe("Read-only"),
  registrationDate: z.string().max(40).optional().describe("Read-only"),
  lastLogin: z.string().max(40).nullable().optional().describe("Read-only"),
  memberUntil: z.string().max(20).nullable().optional().describe("Read-only"),
  twoFactorEnabled: z.boolean().optional().describe("Read-only"),
});

export const updateUser = defineCall(
  {
    method: "PUT",
    path: "/api/admin/users/{id}",
    tag: TAG,
    summary: "Save the whole Edit User form: profile, login e-mail, role and status",
    description:
      "The user in the shape `GET /api/admin/users/{id}` answers, checked by the Edit User dialog's rules. An account activated here " +
      "whose address was never confirmed is mailed a link to choose its password.",
    access: "admin",
    params: userIdParams,
    body: { kind: "json", schema: userBody },
    answer: outcomeAnswer,
    refusals: {
      400: "A field is missing or wrong: fieldErrors names it (the dialog's messages).",
      404: USER_GONE,
      409: "Your own role or status, the last active administrator, or an e-mail address another account uses.",
    },
    notFound: USER_MESSAGES.notFound,
    failure: USER_MESSAGES.saveFailed,
  },
  async ({ context, user, params, body }) => {
    if (body._id !== undefined && body._id !== params.id) throw invalid("The _id is not the one in the address.", { _id: "The _id is not the one in the address." });
    const flat = flatProfile(body);
    const form = { ...flat.personal, ...flat.affiliations, ...flat.expertise, email: body.email, role: body.role, status: body.status };
    const [values] = (await checkedAll([check(adminUserSchema, form, undefined)], nestedField)) as [z.output<typeof adminUserSchema>];
    const outcome = await saveUser(context, user.id, params.id, values);
    return outcomeOf(USER_MESSAGES.saved, outcome, context.env);
  },
);

export const changeUserRole = defineCall(
  {
    method: "PUT",
    path: "/api/admin/users/{id}/role",
    tag: TAG,
    summary: "Change a user's role (the Users tab's inline editor)",
    access: "admin",
    params: userIdParams,
    body: { kind: "json", schema: roleChangeSchema.pick({ role: true }) },
    answer: outcomeAnswer,
    refusals: { 404: USER_GONE, 409: "Your own administrator role, or the last active administrator's." },
    invalidMessage: USER_MESSAGES.roleFailed,
    notFound: USER_MESSAGES.notFound,
    failure: USER_MESSAGES.roleFailed,
  },
  async ({ context, user, params, body }) => outcomeOf(USER_MESSAGES.roleSaved, await changeRole(context, user.id, params.id, body.role), context.env),
);

export const deleteUserCall = defineCall(
  {
    method: "DELETE",
    path: "/api/admin/users/{id}",
    tag: TAG,
    summary: "Delete a user: the person goes, the record their papers and payments point at stays, anonymised",
    description: "Irreversible. Every session and API token of the account ends.",
    access: "admin",
    params: userIdParams,
    answer: messageAnswer,
    refusals: { 404: USER_GONE, 409: "Your own account, or the last active administrator." },
    notFound: USER_MESSAGES.notFound,
    failure: USER_MESSAGES.deleteFailed,
  },
  async ({ context, user, params }) => {
    await deleteUser(context, user.id, params.id);
    return { message: USER_MESSAGES.deleted };
  },
);

export const resetUserPasswordCall = defineCall(
  {
    method: "POST",
    path: "/api/admin/users/{id}/reset-password",
    tag: TAG,
    summary: "Reset a user's password: a random one shown once, or a mailed link",
    description:
      "With `generateRandom` true the new password is set now and answered once as `newPassword` (the user is told by mail, without it); " +
      "with false the user is mailed a link to choose one. Either way every session and API token of the account ends.",
    access: "admin",
    params: userIdParams,
    body: { kind: "json", schema: z.object({ generateRandom: z.boolean() }) },
    answer: z.object({ message: z.string(), newPassword: z.string().optional().describe("Only when generateRandom was true") }),
    refusals: { 404: USER_GONE },
    invalidMessage: "Choose how to reset the password.",
    notFound: USER_MESSAGES.notFound,
    failure: USER_MESSAGES.resetFailed,
  },
  async ({ context, user, params, body }) => {
    const password = await resetUserPassword(context, user.id, params.id, body.generateRandom ? "random" : "email");
    // The new password only in its own field: clients and proxies tend to log a message.
    return password ? { message: "Password reset successfully. The new password is in newPassword.", newPassword: password } : { message: USER_MESSAGES.resetEmail };
  },
);

export const ADMIN_USER_CALLS = [listUsersCall, readUser, updateUser, changeUserRole, deleteUserCall, resetUserPasswordCall];
