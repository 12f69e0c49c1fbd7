/**
 * The author's edit of a submitted paper (decision 063): one form of the wizard's own fields
 * (title, abstract, keywords and JEL codes, research areas, authors), checked by the wizard's own
 * schemas in the browser and on the server. Safe for the browser: no server module is imported here.
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { authorsSchema, KEYWORD_FIELDS, researchAreaSlots, SUBMISSION_WIZARD } from "./submission-form";

const [, , titleStep, areasStep] = SUBMISSION_WIZARD.steps;

/** Title, abstract, keywords, JEL codes and research areas as the wizard's steps 3 and 4 check them, and the authors as its step 5 does. */
export const submissionEditSchema = z.intersection(z.intersection(titleStep.schema, areasStep.schema), authorsSchema);
export const submissionEditValidator = withZod(submissionEditSchema as never) as Validator<Record<string, unknown>>;

/** The flat fields of the form (the authors are rows: `authors[2][email]`). */
export const EDIT_FIELDS = ["manuscriptTitle", "manuscriptAbstract", ...KEYWORD_FIELDS, ...researchAreaSlots.flatMap((s) => [s.category, s.topic])] as const;

export const EDIT_FORM_ID = "submission-edit";

export const editPath = (paperId: number) => `/dashboard/submissions/${paperId}/edit`;
/** The submission's page after a save, with its notice (EDIT_MESSAGES.saved, or savedComplete when the save completed an incomplete paper). */
export const editedPath = (paperId: number, completed = false) => `/dashboard/submissions/${paperId}?done=${completed ? "completed" : "edited"}`;
/** The file-version page (built beside this one): where a missing manuscript is sent. */
export const filesPath = (paperId: number) => `/dashboard/submissions/${paperId}/files`;

export const EDIT_MESSAGES = {
  invalid: "Please fill in all required fields correctly.",
  failed: "Failed to save your changes. Please try again.",
  saved: "Your changes are saved.",
  savedComplete: "Your changes are saved. The paper lacks nothing now, so it is back under review; the society's office has been told.",
  notFound: "Submission not found.",
  notSubmitter: "Only the author who submitted a paper can change it. To correct something, ask them, or write to the society's office.",
  status: "This paper can no longer be changed here: the programme committee has decided on it. To correct something, write to the society's office.",
  changedMeanwhile: "The society's office changed this paper while you were editing it, so nothing was saved. Open the edit page again to see the paper as it is now, then make your changes again.",
  tooManyNotices: (hours: number) =>
    `Your changes list more co-authors to be told than one account may tell in a day. Nothing was saved. Please try again in ${hours} hour${hours === 1 ? "" : "s"}, or write to the society's office.`,
} as const;
