/**
 * The one schema module. drizzle-kit generates `migrations/` from it; wrangler applies them.
 *
 * Conventions: tables snake_case plural; instants are integer milliseconds (`timestamp_ms`);
 * conference dates are calendar dates stored as 'YYYY-MM-DD' text; money is integer minor units.
 * Every uploaded file is one row of `files`, whose bytes live in R2 under `r2_key`, a key the
 * application generates. Indexes follow what the pages filter and sort on.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  type Address,
  type Affiliation,
  type ExpertiseArea,
  type PendingRegistration,
  SESSION_KINDS,
  TOKEN_PURPOSES,
  FILE_KINDS,
  CONFERENCE_STATUSES,
  CURRENCIES,
  NEWS_STATUSES,
  BOARD_SECTIONS,
  PAPER_STATUSES,
  MANUSCRIPT_TYPES,
  FEE_TYPES,
  REGISTRATION_STATUSES,
  PAYMENT_STATUSES,
  OUTBOX_STATUSES,
  EXTRACTION_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from "./enums";
/** Re-exported for the server code that has always found them here. */
export * from "./enums";

const now = sql`(unixepoch('subsec') * 1000)`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const updatedAt = () => integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now);

/* ---------------------------------------------------------------- people */

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(), // lower-cased login e-mail
    username: text("username").notNull(),
    passwordHash: text("password_hash"), // encoded with its parameters; null for anonymised users
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("inactive"),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    salutation: text("salutation"),
    firstName: text("first_name").notNull().default(""),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull().default(""),
    secondaryEmail: text("secondary_email"),
    workPhone: text("work_phone"),
    workPhoneCountry: text("work_phone_country").notNull().default("+1"),
    cellPhone: text("cell_phone"),
    cellPhoneCountry: text("cell_phone_country").notNull().default("+1"),
    personalWebPage: text("personal_web_page"),
    primaryAffiliation: text("primary_affiliation", { mode: "json" }).$type<Affiliation>(),
    secondaryAffiliation: text("secondary_affiliation", { mode: "json" }).$type<Affiliation>(),
    // Denormalised from primaryAffiliation for the admin table's search and sort.
    institution: text("institution"),
    expertise: text("expertise", { mode: "json" }).$type<ExpertiseArea[]>(),
    memberUntil: text("member_until"), // YYYY-MM-DD, from conference registration
    totpSecret: text("totp_secret"), // AES-GCM sealed (see app/server/auth/totp.server.ts)
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    totpLastStep: integer("totp_last_step"), // the last time step accepted: a code works once
    // A new authenticator being enrolled (sealed like totp_secret): the current factor stays in
    // force until a code from the new one confirms it.
    totpPendingSecret: text("totp_pending_secret"),
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }), // anonymised, kept for papers and payments
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_role_idx").on(t.role, t.createdAt),
    index("users_created_idx").on(t.createdAt),
    index("users_name_idx").on(t.lastName, t.firstName),
  ],
);

/**
 * How many (not deleted) accounts each role has, kept by triggers on `users` (migration 0003):
 * the console's count badge reads a row or four instead of counting the whole table.
 */
export const userCounts = sqliteTable("user_counts", {
  role: text("role").primaryKey(),
  n: integer("n").notNull(),
});


export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie's random value: a leaked table does not yield usable cookies.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secondFactorPending: integer("second_factor_pending", { mode: "boolean" }).notNull().default(false),
    // 'browser': the HttpOnly cookie; 'api': a bearer token for the JSON API. Neither works as the other.
    kind: text("kind", { enum: SESSION_KINDS }).notNull().default("browser"),
    // What the holder called an API token ("Office laptop export"); null for browser sessions.
    label: text("label"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull().default(now),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);


export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    // An activation link's own registration (password hash and profile): the link activates what
    // was registered when it was mailed, not whatever a later registration of the address wrote.
    registration: text("registration", { mode: "json" }).$type<PendingRegistration>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every isolate (sign-in, registration, recovery). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/* ---------------------------------------------------------------- files */


export const files = sqliteTable(
  "files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: FILE_KINDS }).notNull(),
    // Public, generated name used in URLs (e.g. 'k3x9…q.pdf'); never the uploader's name.
    filename: text("filename").notNull(),
    r2Key: text("r2_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256"),
    altText: text("alt_text"), // images: what the picture shows, for screen readers
    width: integer("width"), // images: intrinsic size, so pages reserve the space
    height: integer("height"),
    conferenceId: integer("conference_id").references((): AnySQLiteColumn => conferences.id, {
      onDelete: "cascade",
    }),
    newsId: integer("news_id").references((): AnySQLiteColumn => news.id, { onDelete: "cascade" }),
    paperId: integer("paper_id").references((): AnySQLiteColumn => papers.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("files_kind_filename_unique").on(t.kind, t.filename),
    uniqueIndex("files_r2_key_unique").on(t.r2Key),
    index("files_conference_idx").on(t.conferenceId, t.kind, t.sortOrder),
    index("files_news_idx").on(t.newsId, t.kind),
    index("files_paper_idx").on(t.paperId, t.kind),
  ],
);

/* ---------------------------------------------------------------- conferences */


export const conferences = sqliteTable(
  "conferences",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    location: text("location").notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    status: text("status", { enum: CONFERENCE_STATUSES }).notNull().default("active"),
    // Rich-text sections, stored already sanitised.
    description: text("description").notNull().default(""),
    introduction: text("introduction"),
    venue: text("venue"),
    keynoteSpeakers: text("keynote_speakers"),
    programChairs: text("program_chairs"),
    sponsoringInstitutions: text("sponsoring_institutions"),
    conferenceObjective: text("conference_objective"),
    areasOfInterest: text("areas_of_interest"),
    doctoralTutorials: text("doctoral_tutorials"),
    submissionGuidelines: text("submission_guidelines"),
    paperAwards: text("paper_awards"),
    registrationFeeInfo: text("registration_fee_info"),
    furtherInformation: text("further_information"),
    scientificCommittee: text("scientific_committee"),
    localOrganizingCommittee: text("local_organizing_committee"),
    headerPhotoId: integer("header_photo_id").references((): AnySQLiteColumn => files.id, {
      onDelete: "set null",
    }),
    // Fees in minor units; null = not offered.
    feeStandard: integer("fee_standard"),
    feeStudent: integer("fee_student"),
    feeAccompaniedPerson: integer("fee_accompanied_person"),
    currency: text("currency", { enum: CURRENCIES }).notNull().default("EUR"),
    feeDescription: text("fee_description"),
    registrationEnabled: integer("registration_enabled", { mode: "boolean" }).notNull().default(true),
    paymentRequired: integer("payment_required", { mode: "boolean" }).notNull().default(false),
    registrationDeadline: text("registration_deadline"),
    // The instant submissions close (UTC; decision 061): after it the wizard refuses a paper.
    // Null: papers are taken as long as the status is Open.
    submissionDeadline: integer("submission_deadline", { mode: "timestamp_ms" }),
    paperCounter: integer("paper_counter").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("conferences_start_idx").on(t.startDate),
    index("conferences_end_idx").on(t.endDate),
    index("conferences_status_idx").on(t.status, t.startDate),
  ],
);

/* ---------------------------------------------------------------- news */


export const news = sqliteTable(
  "news",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    category: text("category"),
    status: text("status", { enum: NEWS_STATUSES }).notNull().default("draft"),
    newsDate: text("news_date"), // YYYY-MM-DD, the date of the event announced
    content: text("content").notNull(),
    description: text("description"),
    details: text("details"),
    contactInfo: text("contact_info"),
    featuredImageId: integer("featured_image_id").references((): AnySQLiteColumn => files.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("news_status_idx").on(t.status, t.createdAt)],
);

/* ---------------------------------------------------------------- board */


export const boardYears = sqliteTable(
  "board_years",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    period: text("period").notNull(), // '2024-2025'
    title: text("title"),
    sponsoringInstitution: text("sponsoring_institution"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("board_years_period_unique").on(t.period)],
);

export const boardMembers = sqliteTable(
  "board_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    boardYearId: integer("board_year_id")
      .notNull()
      .references(() => boardYears.id, { onDelete: "cascade" }),
    section: text("section", { enum: BOARD_SECTIONS }).notNull(),
    position: text("position"),
    term: text("term"),
    name: text("name").notNull(),
    affiliation: text("affiliation"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("board_members_year_idx").on(t.boardYearId, t.section, t.sortOrder)],
);

export const pastPresidents = sqliteTable("past_presidents", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  years: text("years").notNull(),
  name: text("name").notNull(),
  note: text("note"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

/* ---------------------------------------------------------------- papers */


export const papers = sqliteTable(
  "papers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conferenceId: integer("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "restrict" }),
    paperNumber: integer("paper_number").notNull(), // per conference, from 0; shown as MSyy~(n+101)
    submitterId: integer("submitter_id").references(() => users.id, { onDelete: "set null" }),
    manuscriptType: text("manuscript_type", { enum: MANUSCRIPT_TYPES }).notNull(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull(),
    status: text("status", { enum: PAPER_STATUSES }).notNull().default("under_review"),
    researchAreas: text("research_areas", { mode: "json" }).$type<ExpertiseArea[]>().notNull(),
    // The author's keywords and JEL codes ("G12"), in their order; empty for a paper without them.
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default([]),
    jelCodes: text("jel_codes", { mode: "json" }).$type<string[]>().notNull().default([]),
    // The wizard draft's one-time key: a resent or double-clicked submit finds it taken.
    submissionKey: text("submission_key"),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: updatedAt(),
    // The batch that last decided the paper's status (a random id): its audit entry and letters
    // select the papers of that batch alone, even when two batches share a millisecond.
    decidedIn: text("decided_in"),
    // What the console's list shows of a paper's other records, kept by triggers (migration
    // 0012) so a page of the list reads its 25 papers and nothing else: the first author, the
    // kinds of its files, its confirmed registrations, and the decision staged on it.
    firstAuthor: text("first_author", { mode: "json" }).$type<{ firstName: string; lastName: string; email: string }>(),
    fileKinds: text("file_kinds", { mode: "json" }).$type<string[]>().notNull().default([]),
    confirmedRegistrations: integer("confirmed_registrations").notNull().default(0),
    stagedStatus: text("staged_status", { enum: PAPER_STATUSES }),
  },
  (t) => [
    uniqueIndex("papers_conference_number_unique").on(t.conferenceId, t.paperNumber),
    uniqueIndex("papers_submission_key_unique").on(t.submissionKey),
    index("papers_conference_status_idx").on(t.conferenceId, t.status),
    index("papers_submitter_idx").on(t.submitterId, t.submittedAt),
  ],
);

export const paperAuthors = sqliteTable(
  "paper_authors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paperId: integer("paper_id")
      .notNull()
      .references(() => papers.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorOrder: integer("author_order").notNull(),
    salutation: text("salutation"),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    institution: text("institution").notNull(),
    department: text("department"),
    rank: text("rank"),
    rankOther: text("rank_other"),
    country: text("country"),
    address: text("address", { mode: "json" }).$type<Address>(),
    isCorresponding: integer("is_corresponding", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("paper_authors_order_unique").on(t.paperId, t.authorOrder),
    index("paper_authors_email_idx").on(t.email),
    index("paper_authors_user_idx").on(t.userId),
  ],
);

/**
 * A decision the office has chosen on the Papers tab but not yet saved (and mailed): kept on the
 * server, so a reload, another tab or a second administrator sees it and nothing is lost. `from`
 * is the status the administrator saw; Save applies the change only if the paper still has it.
 */
export const paperStatusDrafts = sqliteTable(
  "paper_status_drafts",
  {
    paperId: integer("paper_id")
      .primaryKey()
      .references(() => papers.id, { onDelete: "cascade" }),
    conferenceId: integer("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: PAPER_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: PAPER_STATUSES }).notNull(),
    stagedBy: integer("staged_by").references(() => users.id, { onDelete: "set null" }),
    stagedAt: integer("staged_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("paper_status_drafts_conference_idx").on(t.conferenceId, t.paperId)],
);

/**
 * How many decisions each conference has staged, kept by triggers on `paper_status_drafts`
 * (migration 0012): the Papers tab's banner reads one row however many are staged.
 */
export const stagedCounts = sqliteTable("staged_counts", {
  conferenceId: integer("conference_id")
    .primaryKey()
    .references(() => conferences.id, { onDelete: "cascade" }),
  n: integer("n").notNull(),
});

/**
 * How many papers each conference has in each status, kept by triggers on `papers` (migration
 * 0009): the Papers tab's "of Y papers" reads five rows instead of counting 2,000.
 */
export const paperCounts = sqliteTable(
  "paper_counts",
  {
    conferenceId: integer("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.status] })],
);

/* ---------------------------------------------------------------- registrations and payments */


export const registrations = sqliteTable(
  "registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conferenceId: integer("conference_id")
      .notNull()
      .references(() => conferences.id, { onDelete: "restrict" }),
    paperId: integer("paper_id").references(() => papers.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    participantEmail: text("participant_email").notNull(),
    feeType: text("fee_type", { enum: FEE_TYPES }).notNull(),
    accompaniedPersons: integer("accompanied_persons").notNull().default(0),
    amount: integer("amount").notNull(), // minor units
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull().default("pending"),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** Set in the batch that confirms the registration: R-{year}-{id}, on the receipt and its mail. */
    receiptNumber: text("receipt_number"),
    /** Why a confirmed registration was cancelled (a refund, a reversal), shown to the author and the office. */
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("registrations_conference_idx").on(t.conferenceId, t.status),
    index("registrations_paper_idx").on(t.paperId, t.status),
    index("registrations_user_idx").on(t.userId),
    // One live registration per author and paper: a double click or two tabs find the same one.
    uniqueIndex("registrations_live_unique").on(t.userId, t.paperId).where(sql`status <> 'cancelled'`),
    uniqueIndex("registrations_receipt_unique").on(t.receiptNumber),
    index("registrations_conference_list_idx").on(t.conferenceId, t.id),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "restrict" }),
    provider: text("provider").notNull().default("paypal"),
    providerOrderId: text("provider_order_id").notNull(),
    providerCaptureId: text("provider_capture_id"),
    payerId: text("payer_id"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    amount: integer("amount").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    // The fee choice this order was made for: the registration records it once this payment pays it.
    feeType: text("fee_type", { enum: FEE_TYPES }),
    accompaniedPersons: integer("accompanied_persons"),
    intentTokenHash: text("intent_token_hash"),
    failureReason: text("failure_reason"),
    /** The order's invoice_id at PayPal: unique for the account, so PayPal refuses a second order for it. */
    invoiceId: text("invoice_id"),
    /** How many captures were declined: the capture's PayPal-Request-Id, so a capture after a new approval is a new request. */
    captureAttempt: integer("capture_attempt").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_order_unique").on(t.provider, t.providerOrderId),
    index("payments_registration_idx").on(t.registrationId),
    uniqueIndex("payments_invoice_unique").on(t.invoiceId),
    // The housekeeping's reconciliation reads orders left approved or pending.
    index("payments_status_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * Every PayPal webhook event the site acted on, by PayPal's event id: a delivery seen twice
 * changes nothing the second time (decision 053).
 */
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
  receivedAt: createdAt(),
});

/* ---------------------------------------------------------------- background work */


/** Every e-mail the site sends: written by the web Worker, delivered by the notices Worker. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** When a delivery claimed the row (status `sending`): only the claimer sends; a stale claim is released by the housekeeping. */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt), index("outbox_created_idx").on(t.createdAt)],
);


export const extractionJobs = sqliteTable(
  "extraction_jobs",
  {
    id: text("id").primaryKey(), // random, handed to the wizard
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileId: integer("file_id").references(() => files.id, { onDelete: "set null" }),
    status: text("status", { enum: EXTRACTION_STATUSES }).notNull().default("uploading"),
    message: text("message"),
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("extraction_jobs_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What a multi-step form (a wizard) has kept between its steps, one row per owner and wizard
 * (decision 028): a signed-in user (`user:{id}:{wizard}`) or an anonymous browser holding a random
 * draft cookie (`anon:{sha256 of it}:{wizard}`). A file uploaded in a step waits in R2 under
 * `file_key` (a second one under `second_file_key`) until the wizard ends. The housekeeping removes drafts left untouched.
 */
export const wizardDrafts = sqliteTable(
  "wizard_drafts",
  {
    id: text("id").primaryKey(),
    wizard: text("wizard").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    step: integer("step").notNull().default(1),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    fileKey: text("file_key"),
    // A second file a step keeps waiting beside the first (the submission's blind copy).
    secondFileKey: text("second_file_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("wizard_drafts_updated_idx").on(t.updatedAt), index("wizard_drafts_user_idx").on(t.userId)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(), // 'conference.update'
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entityType, t.entityId)],
);

/**
 * Small key-value state. `content_version` is bumped by every change to public content; the
 * page cache keys on it, so a change is visible at once without purging.
 */
export const siteState = sqliteTable(
  "site_state",
  {
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
