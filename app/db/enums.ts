/**
 * The values the schema's columns take, and the JSON shapes it stores: safe for the browser
 * (decision 027). Client code imports from here, never from `schema.ts`, whose table
 * definitions (and drizzle's sqlite-core) must stay on the server; `npm test` fails a build whose
 * client chunks carry a table definition.
 */

/** An account's role and state (the console's user list offers these). */
export const USER_ROLES = ["user", "reviewer", "moderator", "admin"] as const;
export const USER_STATUSES = ["inactive", "active", "suspended"] as const;

export type Address = {
  address1: string;
  address2?: string;
  city: string;
  postalCode: string;
  country: string;
  state?: string;
};

export type Affiliation = {
  institution: string;
  rank: string;
  rankOther?: string;
  department?: string;
  address: Address;
};

export type ExpertiseArea = { category: string; topic: string };

/** What one registration chose, kept with its activation link until the link is used. */
export type PendingRegistration = {
  passwordHash: string;
  profile: {
    salutation: string;
    firstName: string;
    middleName: string | null;
    lastName: string;
    secondaryEmail: string | null;
    workPhoneCountry: string;
    workPhone: string | null;
    cellPhoneCountry: string;
    cellPhone: string | null;
    personalWebPage: string | null;
    primaryAffiliation: Affiliation | null;
    secondaryAffiliation: Affiliation | null;
    institution: string | null;
    expertise: ExpertiseArea[];
  };
};

export const SESSION_KINDS = ["browser", "api"] as const;

export const TOKEN_PURPOSES = ["activation", "password_reset"] as const;

export const FILE_KINDS = [
  "conference_file",
  "conference_photo",
  "news_file",
  "manuscript",
  "blind_copy",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const CONFERENCE_STATUSES = ["active", "open", "close", "ended"] as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number];

export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const NEWS_STATUSES = ["draft", "published", "archived"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const BOARD_SECTIONS = ["directors", "trustees", "executive", "nominating", "administration"] as const;
export type BoardSection = (typeof BOARD_SECTIONS)[number];

export const PAPER_STATUSES = ["under_review", "accepted", "rejected", "incomplete", "revision_required"] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];

export const MANUSCRIPT_TYPES = ["regular", "invited", "doctoral"] as const;

export const FEE_TYPES = ["standard", "student"] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const REGISTRATION_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * A payment is one PayPal order: `created` (waiting for the payer), `approved` (the payer approved,
 * not yet captured), `pending` (captured, PayPal holds the money for review), `completed`,
 * `failed` (declined or denied), `cancelled` (replaced or abandoned), `refunded` or `reversed`.
 */
export const PAYMENT_STATUSES = ["created", "approved", "pending", "completed", "failed", "cancelled", "refunded", "reversed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `sending`: claimed by one delivery, which alone sends it (decision 051). */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "dead"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const EXTRACTION_STATUSES = ["uploading", "extracting", "complete", "failed"] as const;
