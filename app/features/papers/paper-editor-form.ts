/**
 * The office's paper editor (Admin Paper Edit dialog): its three steps, the fields each owns, the
 * zod schemas that check them in the browser and on the server, and the spec's messages. Safe for
 * the browser: no server module is imported here.
 */
import { COUNTRIES } from "virtual:world-countries";
import { z } from "zod";
import { MANUSCRIPT_TYPES, PAPER_STATUSES, type PaperStatus } from "~/db/enums";
import { ACADEMIC_RANKS, SALUTATIONS, UNITED_STATES, US_STATES } from "~/features/accounts/options";
import { topicPairsSchema } from "~/features/accounts/schemas";
import { MAX_AUTHORS, researchAreaSlots, TITLE_MAX_CHARS, type AuthorRow, toAuthorRow } from "~/features/submissions/submission-form";
import { listHref, listPath } from "~/lib/list-href";
import { isTicked } from "~/lib/params";

export const EDITOR_MESSAGES = {
  stepInvalid: "Please fill in all required fields correctly.",
  sectionIncomplete: (n: number) => `Please complete all required fields in section ${n}.`,
  saveFailed: "Failed to update paper. Please try again.",
  saved: "Paper updated successfully!",
  changedMeanwhile:
    "This paper was changed by someone else while you were editing it, so nothing was saved. Close the editor and open it again to see the paper as it is now, then make your changes again.",
  notFound: "Paper not found.",
} as const;

/** The editor's own parameters; the rest of its address is the list's (conference, search, page), kept through every step. */
const OWN = { step: null, added: null } as const;

/** A step's address, keeping the list's parameters the editor was opened with. */
export const editorPath = (paperId: number, step: number, search = "") => `/admin/papers/${paperId}/edit${listHref(search, { ...OWN, step: String(step) })}`;

/** The list the editor opened over (its conference, search and page), for Close. */
export function papersListPath(conferenceId: number, search = "") {
  const conference = new URLSearchParams(search).get("conference") ?? String(conferenceId);
  return listPath("/admin/papers", search, undefined, { ...OWN, conference });
}

/** The list after a save, with its notice (EDITOR_MESSAGES.saved): the paper's conference as saved (from its first page when it moved). */
export function editorDonePath(conferenceId: number, search = "") {
  const moved = new URLSearchParams(search).get("conference") !== String(conferenceId);
  return listPath("/admin/papers", search, "updated", { ...OWN, conference: String(conferenceId), ...(moved ? { start: null } : {}) });
}

export const EDITOR_STEP_TITLES = ["Brief Description", "Authors", "Files"] as const;
export const EDITOR_STEPS = 3;
/** The hint under the abstract: shown with a count, not enforced. */
export const ABSTRACT_HINT_WORDS = 300;

export const PAPER_STATUS_LABELS: Record<PaperStatus, string> = {
  under_review: "Under review",
  accepted: "Accepted",
  rejected: "Rejected",
  incomplete: "Incomplete",
  revision_required: "Revision required",
};

/** The editor's own form id for a step: a refusal names the step it belongs to, so the dialog shows that step. */
export const editorFormId = (step: number) => `paper-editor-step-${step}`;
export const stepOfFormId = (formId: string | undefined) => {
  const m = /^paper-editor-step-([1-3])$/.exec(formId ?? "");
  return m ? Number(m[1]) : null;
};

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default("");
const required = (label: string, max: number) => text(max).refine((v) => v.length > 0, `${label} is required.`);
const countryCodes = new Set(COUNTRIES.map(([code]) => code));
const stateCodes = new Set(US_STATES.map(([code]) => code));

/* ------------------------------------------------------------ step 1: Brief Description */

const descriptionSchema = z.object({
  manuscriptType: z.enum(MANUSCRIPT_TYPES, { message: "Choose the manuscript type." }),
  conferenceId: z
    .string()
    .default("")
    .refine((v) => /^[1-9][0-9]{0,9}$/.test(v), "Choose a conference."),
  manuscriptTitle: required("Title", TITLE_MAX_CHARS),
  manuscriptAbstract: required("Abstract", 10_000),
  status: z.enum(PAPER_STATUSES, { message: "Choose the status." }),
});

const step1Schema = z.preprocess(
  (input) => input,
  z.intersection(descriptionSchema, topicPairsSchema(researchAreaSlots, "Choose a different topic for each research area.")),
) as unknown as z.ZodType<z.infer<typeof descriptionSchema> & Record<string, string>>;

/* ------------------------------------------------------------ step 2: Authors */

/** An author as the office edits it: the wizard's card and the rest of the administrator view. */
export type EditorAuthorRow = AuthorRow & {
  salutation: string;
  middleName: string;
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  state: string;
};

export const EXTRA_AUTHOR_FIELDS = ["salutation", "middleName", "address1", "address2", "city", "postalCode", "state"] as const;
const ALL_AUTHOR_FIELDS = new Set<string>([
  "firstName",
  "lastName",
  "email",
  "institution",
  "department",
  "rankTitle",
  "rankOther",
  "country",
  "isCorresponding",
  "source",
  ...EXTRA_AUTHOR_FIELDS,
]);

export function toEditorAuthorRow(r: Partial<Record<keyof EditorAuthorRow, unknown>>): EditorAuthorRow {
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    ...toAuthorRow(r),
    salutation: s(r.salutation),
    middleName: s(r.middleName),
    address1: s(r.address1),
    address2: s(r.address2),
    city: s(r.city),
    postalCode: s(r.postalCode),
    state: s(r.state),
  };
}

/** The author rows of a post (`authors[2][lastName]`), in their order. */
export function readEditorAuthorRows(form: FormData): EditorAuthorRow[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const m = /^authors\[(\d{1,2})\]\[(\w+)\]$/.exec(key);
    if (!m || typeof value !== "string" || !ALL_AUTHOR_FIELDS.has(m[2]!)) continue;
    const row = rows.get(Number(m[1])) ?? {};
    row[m[2]!] = value.slice(0, 300);
    rows.set(Number(m[1]), row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, MAX_AUTHORS + 1)
    .map(([, r]) => toEditorAuthorRow(r));
}

const authorSchema = z
  .object({
    salutation: z
      .string()
      .default("")
      .refine((v) => v === "" || (SALUTATIONS as readonly string[]).includes(v), "Choose a salutation from the list."),
    firstName: required("First name", 100),
    middleName: text(100),
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
    state: z.string().default(""),
    address1: text(200),
    address2: text(200),
    city: text(100),
    postalCode: text(20),
    isCorresponding: z.unknown().transform(isTicked),
    source: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.rankTitle === "Other" && !v.rankOther) ctx.addIssue({ code: "custom", path: ["rankOther"], message: "The rank is required when rank is Other." });
    if (v.country === UNITED_STATES && v.state && !stateCodes.has(v.state)) ctx.addIssue({ code: "custom", path: ["state"], message: "Choose a state from the list." });
  })
  .transform(({ source: _source, ...v }) => ({ ...v, rankOther: v.rankTitle === "Other" ? v.rankOther : "", state: v.country === UNITED_STATES ? v.state : "" }));

const step2Schema = z
  .object({
    authors: z.array(authorSchema, { message: "Add at least one author." }).min(1, "Add at least one author.").max(MAX_AUTHORS, `At most ${MAX_AUTHORS} authors.`),
  })
  .superRefine(({ authors }, ctx) => {
    const corresponding = authors.filter((a) => a.isCorresponding).length;
    if (corresponding === 0) ctx.addIssue({ code: "custom", path: ["authors"], message: "Choose the corresponding author." });
    if (corresponding > 1) ctx.addIssue({ code: "custom", path: ["authors"], message: "Only one author can be the corresponding author: untick the others." });
    const seen = new Set<string>();
    authors.forEach((a, i) => {
      if (a.email && seen.has(a.email)) ctx.addIssue({ code: "custom", path: ["authors", i, "email"], message: "Another author has this e-mail address." });
      seen.add(a.email);
    });
  });

export type EditorAuthor = z.infer<typeof authorSchema>;

/* ------------------------------------------------------------ step 3: Files (no rule: an empty input keeps the stored file) */

const step3Schema = z.object({});

export const EDITOR_STEP_SCHEMAS = [step1Schema, step2Schema, step3Schema] as const;

/** The flat fields of step 1 (kept from its post). */
export const STEP1_FIELDS = ["manuscriptType", "conferenceId", "manuscriptTitle", "manuscriptAbstract", "status", ...researchAreaSlots.flatMap((s) => [s.category, s.topic])] as const;

/** The form fields the two manuscripts are posted under, as the spec's calls name them. */
export const EDITOR_FILE_FIELDS = { fullManuscript: "manuscript", blindCopyManuscript: "blind_copy" } as const;
export type EditorFileField = keyof typeof EDITOR_FILE_FIELDS;

/** Words and characters of the abstract, as its hint counts them. */
export function abstractCount(text: string) {
  const t = text.trim();
  return { words: t ? t.split(/\s+/u).length : 0, characters: text.length };
}
