/**
 * The console's conference form: its fields, how they are grouped into the spec's six sub-tabs,
 * and the rules for them (the spec's Conference form rules). Shared by the page and the server.
 */
import { z } from "zod";
import { isTicked } from "~/lib/params";
import { CONFERENCE_STATUSES, CURRENCIES } from "~/db/enums";
import type { conferences } from "~/db/schema";
import { isIsoDate } from "~/lib/dates";
import { parseUtcDateTime } from "~/lib/deadline";
import { conferenceStatusBadge } from "~/lib/status";
import { visibleText } from "~/features/news/news-form";

/** The console's status choices, labelled as the status badges read. */
export const CONFERENCE_STATUS_OPTIONS = CONFERENCE_STATUSES.map((status) => [status, conferenceStatusBadge(status).label] as const);

/** The rich sections of the public detail page, in the order the page shows them. */
export const CONFERENCE_SECTIONS = [
  ["description", "Description"],
  ["introduction", "Introduction"],
  ["venue", "Venue"],
  ["keynoteSpeakers", "Keynote Speakers"],
  ["programChairs", "Program Chairs"],
  ["sponsoringInstitutions", "Sponsoring Institutions"],
  ["conferenceObjective", "Conference Objective"],
  ["areasOfInterest", "Areas of Interest"],
  ["doctoralTutorials", "Doctoral Student Tutorials and Presentations"],
  ["submissionGuidelines", "Paper and Thesis Submission Guidelines"],
  ["paperAwards", "Paper Awards"],
  ["registrationFeeInfo", "Registration Fee"],
  ["furtherInformation", "Further Information"],
  ["scientificCommittee", "Scientific Committee"],
  ["localOrganizingCommittee", "Local Organizing Committee"],
] as const satisfies ReadonlyArray<readonly [keyof typeof conferences.$inferSelect, string]>;

export type ConferenceSectionKey = (typeof CONFERENCE_SECTIONS)[number][0];
export type OptionalSectionKey = Exclude<ConferenceSectionKey, "description">;

export const sectionTitle = (key: ConferenceSectionKey) => CONFERENCE_SECTIONS.find(([k]) => k === key)![1];

/** The form's sub-tabs and the rich sections each holds (Basic Info and Registration Fee Settings hold more). */
export const CONFERENCE_TABS = [
  { id: "basic", title: "Basic Info", sections: ["description"] },
  { id: "content", title: "Content", sections: ["introduction", "conferenceObjective", "areasOfInterest", "furtherInformation"] },
  { id: "program", title: "Program", sections: ["keynoteSpeakers", "programChairs", "scientificCommittee", "doctoralTutorials", "submissionGuidelines", "paperAwards"] },
  { id: "logistics", title: "Logistics", sections: ["venue", "sponsoringInstitutions", "localOrganizingCommittee"] },
  { id: "files", title: "Files & Photos", sections: [] },
  { id: "fees", title: "Registration Fee Settings", sections: ["registrationFeeInfo"] },
] as const satisfies ReadonlyArray<{ id: string; title: string; sections: readonly ConferenceSectionKey[] }>;

/** Which sub-tab a field is on, so a refused save opens the tab with the error. */
export function conferenceTabOf(field: string): string {
  if (FEE_FIELDS.includes(field as FeeField) || field === "currency" || field === "feeDescription" || field === "registrationDeadline") return "fees";
  return CONFERENCE_TABS.find((t) => (t.sections as readonly string[]).includes(field))?.id ?? "basic";
}

export const FEE_FIELDS = ["feeStandard", "feeStudent", "feeAccompaniedPerson"] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
/** Shown in an empty fee field (the spec's defaults); an empty field is not stored. */
export const FEE_DEFAULTS: Record<FeeField, number> = { feeStandard: 500, feeStudent: 250, feeAccompaniedPerson: 100 };
export const FEE_LABELS: Record<FeeField, string> = { feeStandard: "Standard fee", feeStudent: "Student fee", feeAccompaniedPerson: "Accompanied person fee" };

const MAX_RICH = 200_000;
const required = (message: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => v.length > 0, message);
const date = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v.length > 0, message)
    .refine((v) => v.length === 0 || isIsoDate(v), "Enter a date as YYYY-MM-DD.");
const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === "" || isIsoDate(v), "Enter a date as YYYY-MM-DD.");
/** The submission deadline: a date and time in UTC (a `datetime-local` field), or empty for none. */
const optionalUtcDateTime = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || parseUtcDateTime(v) !== null, "Enter the date and time in UTC, e.g. 2027-03-15T23:59.");
/** A whole amount, 0 or more; empty means "not offered" and is stored as nothing. */
const fee = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\d{1,6}$/.test(v), "Enter a whole amount of 0 or more (no cents), or leave it empty.")
  .transform((v) => (v === "" ? null : Number(v)));
/** A checkbox posts "on" when ticked and nothing at all when not. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");
const rich = z.string().max(MAX_RICH, "This section is too long.").default("");

export const feesSchema = z.object({
  feeStandard: fee,
  feeStudent: fee,
  feeAccompaniedPerson: fee,
  currency: z.enum(CURRENCIES, { message: "Choose EUR, USD or GBP." }),
  feeDescription: z.string().trim().max(2000, "At most 2000 characters."),
  registrationEnabled: checkbox,
  paymentRequired: checkbox,
  registrationDeadline: optionalDate,
});

const optionalSections = Object.fromEntries(CONFERENCE_SECTIONS.filter(([k]) => k !== "description").map(([k]) => [k, rich])) as Record<OptionalSectionKey, typeof rich>;

export const conferenceFormSchema = z
  .object({
    title: required("Title is required", 200),
    location: required("Location is required", 200),
    startDate: date("Start date is required"),
    endDate: date("End date is required"),
    status: z.enum(CONFERENCE_STATUSES, { message: "Status is required" }),
    submissionDeadline: optionalUtcDateTime,
    description: rich.refine((v) => visibleText(v).length > 0 || /<img\b/i.test(v), "Description is required"),
    ...optionalSections,
  })
  .merge(feesSchema)
  .superRefine((v, ctx) => {
    const message = dateOrderError(v.startDate, v.endDate);
    if (message) ctx.addIssue({ code: "custom", path: ["endDate"], message });
  });

/** The end may not come before the start. Also checked on its own, so it shows beside other errors. */
export function dateOrderError(start: string, end: string) {
  return isIsoDate(start) && isIsoDate(end) && end < start ? "End date cannot be before the start date" : null;
}

export type ConferenceInput = z.output<typeof conferenceFormSchema>;
export type FeesInput = z.output<typeof feesSchema>;

/** What the form shows: every field as typed (fees as text), the two switches as booleans. */
export type ConferenceFormValues = Record<Exclude<keyof ConferenceInput, "registrationEnabled" | "paymentRequired">, string> & {
  registrationEnabled: boolean;
  paymentRequired: boolean;
};

export const CONFERENCE_TEXT_FIELDS = Object.keys(conferenceFormSchema.innerType().shape).filter((k) => k !== "registrationEnabled" && k !== "paymentRequired") as Array<
  Exclude<keyof ConferenceFormValues, "registrationEnabled" | "paymentRequired">
>;

export const EMPTY_CONFERENCE: ConferenceFormValues = {
  ...(Object.fromEntries(CONFERENCE_TEXT_FIELDS.map((k) => [k, ""])) as Record<(typeof CONFERENCE_TEXT_FIELDS)[number], string>),
  status: "active",
  currency: "EUR",
  registrationEnabled: true,
  paymentRequired: false,
};

const ticked = z.preprocess(isTicked, z.boolean());

/**
 * What a post of the editor holds, unchecked (a preview, and the values shown again after a
 * refused save): exactly what was posted, unticked boxes off, nothing else.
 */
export const postedConferenceSchema = z.object({
  ...(Object.fromEntries(CONFERENCE_TEXT_FIELDS.map((k) => [k, z.string().max(200_000).catch("")])) as Record<(typeof CONFERENCE_TEXT_FIELDS)[number], z.ZodCatch<z.ZodString>>),
  registrationEnabled: ticked,
  paymentRequired: ticked,
  intent: z.enum(["save", "preview"]).catch("save"),
});


export const CONFERENCES_PAGE_SIZE = 25;

/** The Files & Photos tab's header-photo buttons: a photo's id, or "" to clear (decision 028). */
export const headerPhotoSchema = z.object({
  reply: z.enum(["json", "page"]).default("page"),
  fileId: z.union([z.literal(""), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)]).default(""),
});
