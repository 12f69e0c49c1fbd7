/** What the console's Outbox tab shows and offers, shared by its page and its server code. */
import { z } from "zod";
import { OUTBOX_STATUSES, type OutboxStatus } from "~/db/enums";
import type { BadgeTone } from "~/lib/status";

export const OUTBOX_PAGE_SIZE = 25;

export const OUTBOX_STATUS_FILTERS = [
  { value: "", label: "All Statuses" },
  { value: "pending", label: "Pending" },
  { value: "sending", label: "Sending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "dead", label: "Dead" },
] as const;

export const OUTBOX_STATUS_BADGES: Record<OutboxStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "info" },
  sending: { label: "Sending", tone: "primary" },
  sent: { label: "Sent", tone: "success" },
  failed: { label: "Failed", tone: "warning" },
  dead: { label: "Dead", tone: "danger" },
};

/** Rows the office may send again: those the notices Worker gave up on, or is still retrying. */
export const RESENDABLE: readonly OutboxStatus[] = ["failed", "dead"];

/** Each template as the office calls it; a template not named here shows as it is stored. */
export const TEMPLATE_NAMES: Record<string, string> = {
  activation: "Account activation",
  password_reset: "Password reset",
  password_changed: "Password changed",
  two_factor_changed: "Two-factor sign-in changed",
  admin_password_reset: "Password reset by an administrator",
  admin_password_set: "Password set by an administrator",
  sessions_ended: "Signed out everywhere",
  account_exists: "Account already exists",
  submission_receipt: "Submission receipt",
  submission_listed: "Listed as an author",
  submission_withdrawn: "Paper withdrawn (to its co-authors)",
  submission_unlisted: "No longer listed as an author",
  submission_authors_changed: "Authors changed (to its co-authors)",
  submission_completed: "Incomplete paper completed (to the office)",
  submission_office: "New paper (to the office)",
  submission_digest: "Daily digest of new papers (to the office)",
  paper_decision: "Decision letter",
};

export const templateName = (template: string) => TEMPLATE_NAMES[template] ?? template;

export const isOutboxStatus = (value: string): value is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(value);

/** The Resend button of a failed or dead row. */
export const resendSchema = z.object({
  intent: z.literal("resend"),
  id: z.string().regex(/^[1-9]\d{0,11}$/).transform(Number),
});

export const MESSAGES = {
  loadFailed: "Failed to load the outbox",
  resendFailed: "Failed to resend the e-mail",
  resent: "The e-mail was queued to be sent again.",
  notFound: "This e-mail is not in the outbox.",
  notResendable: "Only an e-mail that failed or was given up on can be sent again.",
};
