/**
 * The accounts' messages, as the spec words them: plain text, so a page that shows one (signing in)
 * loads none of the forms' checks.
 */
export const MESSAGES = {
  stepInvalid: "Please fill in all required fields correctly.",
  finalInvalid: "Please fill in all required fields correctly and make sure that the two passwords match.",
  registrationFailed: "Registration failed. Please try again.",
  login: "Invalid email or password",
  currentPasswordRequired: "Current password is required to change password",
  newPasswordsMismatch: "New passwords do not match",
  newPasswordTooShort: "New password must be at least 8 characters long",
  passwordsMismatch: "Passwords do not match",
  profileSaved: "Profile updated successfully!",
  passwordChanged: "Your password has been changed. Every other device where you were signed in has been signed out.",
  profileLoadFailed: "Failed to load profile information",
  profileSaveFailed: "Failed to update profile. Please try again.",
} as const;

/** Account activation's texts (the activation page and `POST /api/auth/activate`, `…/resend-activation`). */
export const ACTIVATION_TEXT = {
  missing: "Invalid activation link. Token parameter is missing or malformed.",
  success: "Your account has been successfully activated! You can now log in.",
  error: "An error occurred during account activation. Please try again or contact support.",
  noEmail: "Cannot resend activation: email not provided in URL.",
  resent: "If the account exists, an activation email has been sent.",
  resentHint: "Look in your inbox (and your spam folder) in a few minutes; the new link works for 48 hours.",
  resendFailed: "Failed to resend activation email.",
  /** A resent link proved the address but set no password: the person who opened it chooses one. */
  choosePassword: "Your e-mail address is confirmed and your account is active. Choose the password you will sign in with.",
} as const;

/** Forgot password's texts (the page and `POST /api/auth/forgot-password`). */
export const FORGOT_TEXT = {
  done: "If that email exists, a reset link has been sent.",
  error: "An error occurred. Please try again later.",
} as const;

/** Reset password's texts (the page and `POST /api/auth/reset-password`). */
export const RESET_TEXT = { missing: "Missing or invalid reset token.", failed: "Failed to reset password.", success: "Password reset successful." } as const;
