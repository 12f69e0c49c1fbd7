/**
 * The office's paper editor (Admin Paper Edit dialog): its three steps, the fields each owns, the
 * zod schemas that check them in the browser and on the server, and the spec's messages. Safe for
 * the browser: no server module is imported here.
 */
import { z } from "zod";
import { MANUSCRIPT_TYPES, PAPER_STATUSES, type PaperStatus } from "~/db/enums";
import { SALUTATIONS, UNITED_STATES, US_STATES } from "~/features/accounts/options";
import { topicPairsSchema } from "~/features/accounts/schemas";
import { keywordFieldSchemas } from "~/features/submissions/keywords";
import { AUTHOR_FIELDS, authorFieldSchemas, KEYWORD_FIELDS, authorListSchema, readRowsOf, required, text, researchAreaSlots, TITLE_MAX_CHARS, type AuthorRow, toAuthorRow } from "~/features/submissions/submission-form";
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
  ...keywordFieldSchemas,
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
const ALL_AUTHOR_FIELDS: readonly string[] = [...AUTHOR_FIELDS, ...EXTRA_AUTHOR_FIELDS];

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
export const readEditorAuthorRows = (form: FormData): EditorAuthorRow[] => readRowsOf(form, ALL_AUTHOR_FIELDS, toEditorAuthorRow);

const authorSchema = z
  .object({
    ...authorFieldSchemas,
    salutation: z
      .string()
      .default("")
      .refine((v) => v === "" || (SALUTATIONS as readonly string[]).includes(v), "Choose a salutation from the list."),
    middleName: text(100),
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

const step2Schema = authorListSchema(authorSchema);

export type EditorAuthor = z.infer<typeof authorSchema>;

/* ------------------------------------------------------------ step 3: Files (no rule: an empty input keeps the stored file) */

const step3Schema = z.object({});

export const EDITOR_STEP_SCHEMAS = [step1Schema, step2Schema, step3Schema] as const;

/** The flat fields of step 1 (kept from its post). */
export const STEP1_FIELDS = ["manuscriptType", "conferenceId", "manuscriptTitle", "manuscriptAbstract", "status", ...KEYWORD_FIELDS, ...researchAreaSlots.flatMap((s) => [s.category, s.topic])] as const;

/** The form fields the two manuscripts are posted under, as the spec's calls name them. */
export const EDITOR_FILE_FIELDS = { fullManuscript: "manuscript", blindCopyManuscript: "blind_copy" } as const;
export type EditorFileField = keyof typeof EDITOR_FILE_FIELDS;

/** Words and characters of the abstract, as its hint counts them. */
export function abstractCount(text: string) {
  const t = text.trim();
  return { words: t ? t.split(/\s+/u).length : 0, characters: text.length };
}
