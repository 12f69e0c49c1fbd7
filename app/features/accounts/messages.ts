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
