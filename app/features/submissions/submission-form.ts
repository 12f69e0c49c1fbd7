/**
 * The submission wizard: its five steps, the fields each owns (named as the spec's
 * submission form data and author entity, so the pages and the JSON API speak one language), the
 * zod schemas that check them in the browser as the author types and on the server at every
 * post, and the spec's messages. Safe for the browser: no server module is imported here.
 */
import { COUNTRIES } from "virtual:world-countries";
import { z } from "zod";
import { MANUSCRIPT_TYPES } from "~/db/enums";
import { CONFIDENCE_BANDS, MAX_MANUSCRIPT_BYTES } from "~/extraction/model";
import { ACADEMIC_RANKS } from "~/features/accounts/options";
import { topicPairsSchema, type TopicPairSlot } from "~/features/accounts/schemas";
import { exactSizeNote, megabytesUp } from "~/lib/file-names";
import { isTicked } from "~/lib/params";
import { ownMessage } from "~/lib/refusal";
import { defineWizard } from "~/lib/wizard";
import { keywordFieldSchemas } from "./keywords";

export type ManuscriptType = (typeof MANUSCRIPT_TYPES)[number];
export const MANUSCRIPT_TYPE_LABELS: Record<ManuscriptType, string> = {
  regular: "Regular Paper",
  invited: "Invited Paper",
  doctoral: "Doctoral Paper",
};

export const ABSTRACT_MAX_WORDS = 250;
export const TITLE_MAX_CHARS = 500;
/** The spec shows no maximum; a conference paper with more authors than this is not a conference paper. */
export const MAX_AUTHORS = 20;
export { MAX_MANUSCRIPT_BYTES };

/** What a manuscript's file input offers: PDF, DOCX and the old Word format, by extension and type. */
export const MANUSCRIPT_ACCEPT = ".pdf,.docx,.doc,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/msword";

export const SUBMISSION_MESSAGES = {
  stepInvalid: "Please fill in all required fields correctly.",
  submitInvalid: "Please ensure all required fields are completed and at least one corresponding author is selected.",
  submitFailed: "Submission Error: Please try again.",
  conferencesFailed: "Error loading conference information. Please refresh the page and try again.",
  notPdfOrDocx: "Please select a PDF or DOCX file.",
  noFile: "Please select a file to upload first.",
  extractionFailed: "AI extraction failed. You can manually enter the information in the next steps.",
  /** The second sentence of extractionFailed, after the server's own reason. */
  manualEntry: "You can manually enter the information in the next steps.",
  cannotRemoveCurrentUser: "Cannot remove the current user from the authors list. The current user must always be included as an author.",
  currentUserMissing: "You are not among the authors. The person who submits a paper must be one of its authors: add yourself, or put your own name and e-mail back on your card.",
  blocked: "SUBMISSION BLOCKED",
  ownAddress: "Your card carries your account's e-mail address. To change it, change your profile.",
  submitted: "Paper submitted successfully! Your submission appears below.",
  listFailed: "Failed to load your submissions",
  deleteFailed: "Failed to delete submission. Please try again.",
  deleteConfirm: "This action cannot be undone",
  exitConfirm: "All your progress will be lost",
  missingFromExtraction: "This required field is missing from AI extraction",
} as const;

/**
 * Where a pre-filled value was found, how sure the engine is of it, and the value as read: a
 * field whose value differs from `value` was changed by the author, and its hint goes.
 */
export type Provenance = { page: number | null; confidence: number; value?: string };

/** The three levels the wizard names a confidence by (the extraction's CONFIDENCE_BANDS). */
export type ConfidenceLevel = "high" | "medium" | "low";
export const confidenceLevel = (confidence: number): ConfidenceLevel => (confidence >= CONFIDENCE_BANDS.high ? "high" : confidence >= CONFIDENCE_BANDS.medium ? "medium" : "low");

/** What the manuscript gave the authors step: how many people were read, on which pages, and who did not fit under MAX_AUTHORS. */
export type AuthorsRead = { count: number; pages: number[]; shown: number; leftOut: string[] };

/** One author as the manuscript gave it: where, how sure, and the card's values as read (a card names it by `ref`). */
export type ExtractedAuthor = Provenance & { values: Partial<Record<AuthorTextField, string>> };

/** Step 3's fields the manuscript may pre-fill besides title and abstract. */
export const KEYWORD_FIELDS = ["keywords", "jelCodes"] as const;
/** The fields whose pre-filled values carry where they were found. */
export type ProvenanceField = "manuscriptTitle" | "manuscriptAbstract" | (typeof KEYWORD_FIELDS)[number];

/** The extraction's state as step 2 shows it. */
export type ExtractionView =
  | { status: "none" }
  | { status: "unread" }
  | { status: "uploading" | "extracting" }
  | { status: "complete"; found: { title: boolean; abstract: boolean; authors: number } }
  | { status: "failed"; message: string };

/**
 * 'File size too large. Maximum allowed size is 25MB. Your file is {size}MB.' with the size to two
 * decimals, rounded up so that a file over the limit never reads "25.00MB"; within a megabyte of
 * the limit the exact byte counts follow, which an author can compare with what their computer shows.
 */
export const fileTooLarge = (bytes: number): string =>
  `File size too large. Maximum allowed size is 25MB. Your file is ${megabytesUp(bytes)}MB.${exactSizeNote(bytes, MAX_MANUSCRIPT_BYTES)}`;

/** Words of a text as the wizard counts them, in the browser and on the server alike. */
export function countWords(text: string) {
  const t = text.trim();
  return t ? t.split(/\s+/u).length : 0;
}

/** A text field, trimmed, at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default("");
/** A text field that must not be blank: "{label} is required." */
export const required = (label: string, max: number) => text(max).refine((v) => v.length > 0, `${label} is required.`);
const countryCodes = new Set(COUNTRIES.map(([code]) => code));

/* ------------------------------------------------------------ steps 1 to 4 */

const conferenceSchema = z.object({
  conferenceId: z
    .string()
    .default("")
    .refine((v) => /^[1-9][0-9]{0,9}$/.test(v), "Choose a conference."),
  manuscriptType: z.enum(MANUSCRIPT_TYPES, { message: "Choose the manuscript type." }),
});

/** Step 2 is checked on what the server kept (the upload), not on the post. */
const uploadSchema = z.object({ uploadedFileName: z.string({ message: SUBMISSION_MESSAGES.noFile }).min(1, SUBMISSION_MESSAGES.noFile) });

const titleSchema = z.object({
  manuscriptTitle: required("Title", TITLE_MAX_CHARS),
  manuscriptAbstract: required("Abstract", 5000).refine(
    (v) => countWords(v) <= ABSTRACT_MAX_WORDS,
    (v) => ({ message: `The abstract has ${countWords(v)} words; at most ${ABSTRACT_MAX_WORDS} are allowed.` }),
  ),
  ...keywordFieldSchemas,
});

export const RESEARCH_AREA_SLOTS = [1, 2, 3, 4, 5] as const;
const SLOT_NAMES = ["primary", "secondary", "tertiary", "fourth", "fifth"] as const;
export const researchAreaSlots: readonly TopicPairSlot[] = RESEARCH_AREA_SLOTS.map((n) => ({
  category: `researchArea${n}Category`,
  topic: `researchArea${n}`,
  required: n <= 3,
  label: `the ${SLOT_NAMES[n - 1]} research area`,
  noCategory: `Choose the category of the ${SLOT_NAMES[n - 1]} research area.`,
}));
/** The research areas of the kept values (`researchArea2Category`, `researchArea2`), the chosen ones in their order. */
export const researchAreasOf = (values: Record<string, unknown>) =>
  RESEARCH_AREA_SLOTS.map((n) => ({ category: String(values[`researchArea${n}Category`] ?? ""), topic: String(values[`researchArea${n}`] ?? "") })).filter((a) => a.category && a.topic);
export const researchAreaLegend = (n: number) => (n <= 3 ? `${["Primary", "Secondary", "Tertiary"][n - 1]} research area` : `Research area ${n} (optional)`);
const researchAreasSchema = topicPairsSchema(researchAreaSlots, "Choose a different topic for each research area.");

/* ------------------------------------------------------------ step 5: authors */

/** Where an author's card came from: the manuscript, the signed-in author's profile, or the Add button. */
export const AUTHOR_SOURCES = ["extraction", "profile", "added"] as const;
export type AuthorSource = (typeof AUTHOR_SOURCES)[number];

export const AUTHOR_FIELDS = ["firstName", "lastName", "email", "institution", "department", "rankTitle", "rankOther", "country", "isCorresponding", "source", "ref"] as const;
/** The fields every author needs (spec-decisions: country and rank for every author). */
export const REQUIRED_AUTHOR_FIELDS = ["firstName", "lastName", "email", "institution", "country", "rankTitle"] as const;

export type AuthorRow = {
  firstName: string;
  lastName: string;
  email: string;
  institution: string;
  department: string;
  rankTitle: string;
  rankOther: string;
  country: string;
  isCorresponding: boolean;
  source: AuthorSource;
  /** Which author of the manuscript the card was read as (its place in the draft's `extractedAuthors`), or "". */
  ref: string;
};
export type AuthorTextField = Exclude<keyof AuthorRow, "isCorresponding" | "source" | "ref">;

export const emptyAuthor = (source: AuthorSource = "added"): AuthorRow => ({
  firstName: "",
  lastName: "",
  email: "",
  institution: "",
  department: "",
  rankTitle: "",
  rankOther: "",
  country: "",
  isCorresponding: false,
  source,
  ref: "",
});

/** An author's fields as the wizard and the office's paper editor both check them. */
export const authorFieldSchemas = {
    firstName: required("First name", 100),
    lastName: required("Last name", 100),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "At most 254 characters.")
      .default("")
      .refine((v) => v.length > 0, "E-mail is required.")
      .pipe(z.string().email("Enter a valid e-mail address.")),
    institution: required("Affiliation", 200),
    department: text(200),
    rankTitle: z
      .string()
      .default("")
      .refine((v) => (ACADEMIC_RANKS as readonly string[]).includes(v), "Academic rank is required."),
    rankOther: text(100),
    country: z
      .string()
      .default("")
      .refine((v) => countryCodes.has(v), "Country is required."),
};

const authorSchema = z
  .object({
    ...authorFieldSchemas,
    isCorresponding: z.unknown().transform(isTicked),
    source: z.enum(AUTHOR_SOURCES).catch("added"),
    ref: z.string().regex(/^\d{0,2}$/).catch(""),
  })
  .superRefine((v, ctx) => {
    if (v.rankTitle === "Other" && !v.rankOther) ctx.addIssue({ code: "custom", path: ["rankOther"], message: "Your rank is required when rank is Other." });
  })
  .transform((v) => ({ ...v, rankOther: v.rankTitle === "Other" ? v.rankOther : "" }));

/** An author's e-mail that another author of the paper has: said as it is, not as a field left empty. */
const EMAIL_TWICE = ownMessage("Another author has this e-mail address.");

/** A paper's authors, each checked by `author`: one to MAX_AUTHORS, exactly one corresponding, no address twice. */
export function authorListSchema<A extends z.ZodType<{ isCorresponding: boolean; email: string }, z.ZodTypeDef, unknown>>(author: A) {
  return z
    .object({
      authors: z.array(author, { message: "Add at least one author." }).min(1, "Add at least one author.").max(MAX_AUTHORS, `At most ${MAX_AUTHORS} authors.`),
    })
    .superRefine(({ authors }, ctx) => {
      const corresponding = authors.filter((a) => a.isCorresponding).length;
      if (corresponding === 0) ctx.addIssue({ code: "custom", path: ["authors"], message: "Choose the corresponding author." });
      if (corresponding > 1) ctx.addIssue({ code: "custom", path: ["authors"], message: "Only one author can be the corresponding author: untick the others." });
      const seen = new Set<string>();
      authors.forEach((a, i) => {
        if (a.email && seen.has(a.email)) ctx.addIssue({ code: "custom", path: ["authors", i, "email"], message: EMAIL_TWICE });
        seen.add(a.email);
      });
    });
}

export const authorsSchema = authorListSchema(authorSchema);

/**
 * An author card's button without JavaScript (add, remove, up, down, corresponding), applied to
 * the rows in place: the wizard's and the paper editor's. Returns the card to show afterwards,
 * or null when the button names no card.
 */
export function rearrangeAuthors<R extends { isCorresponding: boolean }>(rows: R[], verb: string, at: number, blank: () => R): number | null {
  if (verb === "add") {
    rows.push(blank());
    return rows.length - 1;
  }
  if (at < 0 || at >= rows.length) return null;
  if (verb === "remove") {
    rows.splice(at, 1);
    return Math.max(0, Math.min(at, rows.length - 1));
  }
  if (verb === "corresponding") {
    rows.forEach((r, i) => (r.isCorresponding = i === at));
    return at;
  }
  const to = verb === "up" ? at - 1 : at + 1;
  if (to >= 0 && to < rows.length) [rows[at], rows[to]] = [rows[to]!, rows[at]!];
  return Math.max(0, Math.min(to, rows.length - 1));
}

/**
 * Removes several cards at once (Remove selected, Remove all below), never the signed-in
 * author's (`keep`, -1 for none): returns how many went and whether the kept card was among
 * those asked for, or null when an index names no card.
 */
export function removeAuthorsAt<R>(rows: R[], indexes: number[], keep: number): { removed: number; keptMine: boolean } | null {
  if (indexes.length === 0 || indexes.some((i) => !Number.isInteger(i) || i < 0 || i >= rows.length)) return null;
  const drop = new Set(indexes.filter((i) => i !== keep));
  const kept = rows.filter((_, i) => !drop.has(i));
  rows.splice(0, rows.length, ...kept);
  return { removed: drop.size, keptMine: indexes.includes(keep) };
}

/** The author rows of a post (`authors[2][lastName]`), in their order, as typed (text cut to a sane length). */
export const readAuthorRows = (form: FormData): AuthorRow[] => readRowsOf(form, AUTHOR_FIELDS, toAuthorRow);

/** Rows of a post named `authors[i][field]`, only the `fields` given, in their order, each made whole by `toRow`. */
export function readRowsOf<R>(form: FormData, fields: readonly string[], toRow: (r: Record<string, string>) => R): R[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const m = /^authors\[(\d{1,2})\]\[(\w+)\]$/.exec(key);
    if (!m || typeof value !== "string" || !fields.includes(m[2]!)) continue;
    const row = rows.get(Number(m[1])) ?? {};
    row[m[2]!] = value.slice(0, 300);
    rows.set(Number(m[1]), row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, MAX_AUTHORS + 1)
    .map(([, r]) => toRow(r));
}

/** A kept or posted row with every field present (a draft's rows may come from an older form). */
export function toAuthorRow(r: Partial<Record<keyof AuthorRow, unknown>>): AuthorRow {
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  const source = (AUTHOR_SOURCES as readonly string[]).includes(s(r.source)) ? (s(r.source) as AuthorSource) : "added";
  return {
    firstName: s(r.firstName),
    lastName: s(r.lastName),
    email: s(r.email),
    institution: s(r.institution),
    department: s(r.department),
    rankTitle: s(r.rankTitle),
    rankOther: s(r.rankOther),
    country: s(r.country),
    isCorresponding: isTicked(r.isCorresponding),
    source,
    ref: /^\d{1,2}$/.test(s(r.ref)) ? s(r.ref) : "",
  };
}

/** The required fields a card still lacks (its 'Missing Info' badge). */
export function missingAuthorFields(a: AuthorRow) {
  const missing: string[] = REQUIRED_AUTHOR_FIELDS.filter((f) => !a[f].trim());
  if (a.rankTitle === "Other" && !a.rankOther.trim()) missing.push("rankOther");
  return missing;
}

export type Person = { firstName: string; lastName: string; email: string };

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase() && a.trim() !== "";

/** Whether a card is the signed-in author: the same e-mail, or the same first and last name (case-insensitive). */
export function isSamePerson(a: Person, user: Person) {
  return same(a.email, user.email) || (same(a.firstName, user.firstName) && same(a.lastName, user.lastName));
}

/**
 * Which card is the signed-in author's: the one with their e-mail, else the one card with their
 * first and last name; -1 for none, or when two cards carry their name (two authors may share a
 * name, and guessing would take a co-author's address away).
 */
export function submitterIndex(rows: Person[], user: Person) {
  const byEmail = rows.findIndex((r) => same(r.email, user.email));
  if (byEmail >= 0) return byEmail;
  const byName = rows.flatMap((r, i) => (isSamePerson(r, user) ? [i] : []));
  return byName.length === 1 ? byName[0]! : -1;
}

/**
 * The authors with the signed-in author's card carrying the signed-in author's own address,
 * whatever was typed there: a card recognised by its name alone never links the paper to
 * another address (another account's My Submissions, another inbox's notice).
 */
export function pinSubmitter<T extends Person>(rows: T[], user: Person): T[] {
  const mine = submitterIndex(rows, user);
  return rows.map((r, i) => (i === mine ? { ...r, email: user.email.toLowerCase() } : r));
}

export const SUBMISSION_WIZARD = defineWizard("submission", [
  { title: "Conference and type", fields: ["conferenceId", "manuscriptType"], schema: conferenceSchema },
  { title: "Manuscript", fields: [], schema: uploadSchema, fromDraft: true },
  { title: "Title and abstract", fields: ["manuscriptTitle", "manuscriptAbstract", ...KEYWORD_FIELDS], schema: titleSchema },
  { title: "Research areas", fields: researchAreaSlots.flatMap((s) => [s.category, s.topic]), schema: researchAreasSchema },
  { title: "Authors", fields: ["authors"], schema: authorsSchema, read: (form) => ({ authors: readAuthorRows(form) }) },
]);

