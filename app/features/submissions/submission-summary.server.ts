/**
 * The last look before Submit (the end of step 5): the authors step's post checks the whole
 * submission as Submit would and, when it holds, opens the summary of every step instead of
 * submitting; the summary's Submit then submits what the draft kept.
 */
import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { COUNTRIES } from "virtual:world-countries";
import { conferences } from "~/db/schema";
import { formatDate } from "~/lib/dates";
import { researchAreaLabel } from "~/lib/format";
import { AppError } from "~/server/errors.server";
import { INVALID_INPUT } from "~/server/forms.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import { loadDraft, saveDraft, type DraftOwner, type WizardDraft } from "~/server/wizard/drafts.server";
import { blindCopyView } from "./blind-copy.server";
import { conferenceTakingPapers } from "./submission.server";
import { SUMMARY_PATH, type SubmissionSummary } from "./submission-summary";
import { parseJelCodes, parseKeywords } from "./keywords";
import {
  AUTHOR_FIELDS,
  MANUSCRIPT_TYPE_LABELS,
  type AuthorRow,
  type ManuscriptType,
  type Person,
  readAuthorRows,
  researchAreasOf,
  SUBMISSION_MESSAGES,
  SUBMISSION_WIZARD,
  submitterIndex,
} from "./submission-form";

const wizard = SUBMISSION_WIZARD;
const countryNames = new Map<string, string>(COUNTRIES.map(([code, name]) => [code, name]));


/** Whether the kept authors pass the last step and list the signed-in author: the summary is theirs to show. */
export function summaryHolds(data: Record<string, unknown>, authors: AuthorRow[], me: Person) {
  return wizard.firstIncompleteStep(data, wizard.count) === wizard.count && wizard.steps[wizard.count - 1]!.schema.safeParse({ authors }).success && submitterIndex(authors, me) >= 0;
}

/** Every step as the draft holds it, in words. */
export async function submissionSummary({ db }: Pick<Services, "db">, userId: number, draft: WizardDraft, authors: AuthorRow[], me: Person): Promise<SubmissionSummary> {
  const values: Record<string, unknown> = Object.assign({}, ...wizard.steps.slice(0, wizard.count - 1).map((s) => s.schema.parse(draft.data)));
  const conference = await db
    .select({ title: conferences.title, startDate: conferences.startDate, location: conferences.location })
    .from(conferences)
    .where(eq(conferences.id, Number(values.conferenceId)))
    .get();
  const data = draft.data;
  const fileName = typeof data.uploadedFileName === "string" ? data.uploadedFileName : "";
  return {
    conference: conference ? `${conference.title} (${formatDate(conference.startDate)}, ${conference.location})` : "—",
    manuscriptType: MANUSCRIPT_TYPE_LABELS[values.manuscriptType as ManuscriptType] ?? String(values.manuscriptType),
    file: fileName ? { name: fileName, size: typeof data.uploadedFileSize === "number" ? data.uploadedFileSize : 0 } : null,
    blindCopy: await blindCopyView({ db }, userId, draft, [...authors, me]),
    title: String(values.manuscriptTitle ?? ""),
    abstract: String(values.manuscriptAbstract ?? ""),
    keywords: parseKeywords(String(values.keywords ?? "")),
    jelCodes: parseJelCodes(String(values.jelCodes ?? "")),
    researchAreas: researchAreasOf(values).map(researchAreaLabel),
    authors: authors.map((a) => ({
      name: `${a.firstName} ${a.lastName}`.trim(),
      email: a.email,
      affiliation: [a.department, a.institution].filter(Boolean).join(", "),
      rank: a.rankTitle === "Other" ? a.rankOther : a.rankTitle,
      country: countryNames.get(a.country) ?? a.country,
      corresponding: a.isCorresponding,
    })),
  };
}

/**
 * The authors step's "Review and submit": the cards are kept as typed, then checked as Submit
 * checks them (the signed-in author listed, every card whole, one corresponding author, every
 * earlier step complete); a refusal stays on the step, a whole submission opens the summary.
 */
export async function reviewSubmission(ctx: Pick<Services, "db">, user: Pick<SessionUser, "email" | "firstName" | "lastName">, owner: DraftOwner, form: FormData, stepPath: (n: number) => string) {
  const draft = await loadDraft(ctx, owner);
  const authors = readAuthorRows(form);
  const submitterMissing = submitterIndex(authors, user) < 0;
  await saveDraft(ctx, owner, wizard.name, { step: wizard.count, data: { ...draft.data, authors, ...(submitterMissing ? { submitTried: true } : {}) } });
  if (submitterMissing) throw new AppError("unprocessable", `${SUBMISSION_MESSAGES.blocked}: ${SUBMISSION_MESSAGES.currentUserMissing}`);
  // A conference that closed meanwhile is said here, not after the last look.
  await conferenceTakingPapers(ctx, Number(draft.data.conferenceId));
  const incomplete = wizard.firstIncompleteStep(draft.data, wizard.count);
  if (incomplete !== wizard.count) return redirect(stepPath(incomplete));
  const checked = await wizard.validators[wizard.count - 1]!.validate(form);
  if (checked.error) throw new AppError("invalid", INVALID_INPUT, { fieldErrors: checked.error.fieldErrors, values: checked.submittedData, checks: true });
  return redirect(SUMMARY_PATH);
}

/**
 * The summary's Submit as the authors step's own: its post (the step, the button, the key) with
 * the author cards the draft kept, which the summary showed.
 */
export function withKeptAuthors(form: FormData, draft: WizardDraft): FormData {
  const out = new FormData();
  for (const [key, value] of form.entries()) if (typeof value === "string" && !key.startsWith("authors[")) out.append(key, value);
  const rows = Array.isArray(draft.data.authors) ? (draft.data.authors as Array<Record<string, unknown>>) : [];
  rows.forEach((row, i) => {
    for (const field of AUTHOR_FIELDS) {
      const value = row[field];
      if (field === "isCorresponding") {
        if (value === true) out.append(`authors[${i}][${field}]`, "on");
      } else if (typeof value === "string") out.append(`authors[${i}][${field}]`, value);
    }
  });
  return out;
}
