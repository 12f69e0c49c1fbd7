import { z } from "zod";
import { listPath } from "../../lib/list-href";

/** What the console's user list shows and offers, shared by its page and its server code. */
export const USERS_PAGE_SIZE = 25;

export const ROLE_FILTERS = [
  { value: "", label: "All Roles" },
  { value: "user", label: "Users" },
  { value: "reviewer", label: "Reviewers" },
  { value: "admin", label: "Admins" },
] as const;

/** What the console says about users (spec: the Users error catalogue); the JSON API answers the same. */
export const USER_MESSAGES = {
  loadFailed: "Failed to load users",
  saved: "User updated successfully",
  saveFailed: "Error updating user",
  roleSaved: "User role updated successfully",
  roleFailed: "Failed to update user role",
  deleted: "User deleted successfully",
  deleteFailed: "Failed to delete user",
  resetRandom: "Password reset successfully. New password: ",
  resetEmail: "Password reset successfully. User will receive an email with reset instructions.",
  resetFailed: "Error resetting password",
  notFound: "User not found.",
} as const;

/** The inline editor offers these; the full edit dialog adds moderator. */
export const INLINE_ROLES = ["user", "admin", "reviewer"] as const;

/** The user list's in-place role editor (decision 028). */
export const roleChangeSchema = z.object({
  intent: z.literal("role"),
  userId: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number),
  role: z.enum(INLINE_ROLES),
});

/** The user list's address with its filters kept (for Close, and after a change with `done`). */
export function usersListHref(search: string, done?: string) {
  return listPath("/admin/users", search, done, { "edit-role": null });
}

/** The Edit User dialog's Reset Password form. */
export const resetUserPasswordSchema = z.object({
  intent: z.literal("reset-password"),
  mode: z.enum(["email", "random"], { message: "Choose how to reset the password." }),
});

/**
 * What the console says about an account without two-factor sign-in becoming an administrator
 * (decision 030), by the site's ADMIN_TWO_FACTOR: beside the role before saving, and after it.
 */
export const ADMIN_WITHOUT_SECOND_FACTOR = {
  hint: {
    required: "This account does not use two-factor sign-in: as an administrator it must set it up before the console opens.",
    optional: "This account does not use two-factor sign-in: administrators should turn it on.",
  },
  appointed: {
    required: "This administrator does not use two-factor sign-in yet: they will be asked to set it up before the console opens for them.",
    optional: "This administrator does not use two-factor sign-in. Ask them to turn it on (Profile, Two-factor sign-in): an administrator's password alone protects all of the society's data.",
  },
} as const;
