/**
 * What a submission's own page shows, for the paper's submitter or a listed author (whoever
 * `getPaper` lets see it as an author); null for anyone else, who gets the 404 of a paper that
 * does not exist.
 */
import { asAuthor, getPaper, paperHistory } from "~/features/papers/papers.server";
import { countryName } from "~/lib/countries";
import { researchAreaLabel } from "~/lib/format";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import type { SubmissionPageView } from "./submission-page";
import { fileVersions } from "./paper-versions.server";
import { submissionRights } from "./submission-rights";

type Paper = NonNullable<Awaited<ReturnType<typeof getPaper>>>;

/** What an incomplete paper visibly lacks: the manuscript, three research areas, a corresponding author, an author's required details. */
export function missingParts(paper: Pick<Paper, "files" | "researchAreas" | "authors">): string[] {
  const missing: string[] = [];
  if (!paper.files.some((f) => f.kind === "manuscript")) missing.push("The manuscript file.");
  if (paper.researchAreas.length < 3) missing.push(`Research areas: three are needed, the paper has ${paper.researchAreas.length}.`);
  if (!paper.authors.some((a) => a.isCorresponding)) missing.push("A corresponding author.");
  for (const a of paper.authors) {
    const lacks = [!a.institution && "affiliation", !a.country && "country", !a.rank && "academic rank"].filter(Boolean);
    if (lacks.length) missing.push(`${a.firstName} ${a.lastName}: ${lacks.join(", ")}.`);
  }
  return missing;
}

type Parts = Parameters<typeof missingParts>[0];

/**
 * Whether a change by the submitter completes an incomplete paper, which then returns to review
 * (decision 063): it lacked something the site can see and lacks nothing now. A paper the office
 * marked incomplete for a reason the site cannot see stays the office's to return.
 */
export const completesPaper = (status: string, before: Parts, after: Parts) => status === "incomplete" && missingParts(before).length > 0 && missingParts(after).length === 0;

export async function submissionPage(ctx: Pick<Services, "db" | "env">, user: Pick<SessionUser, "id" | "email">, paperId: number): Promise<SubmissionPageView | null> {
  const paper = await getPaper(ctx, asAuthor(user), paperId);
  if (!paper) return null;
  const history = await paperHistory(ctx, paper.id);
  const isSubmitter = paper.submitterId === user.id;
  const mine = paper.authors.find((a) => a.userId === user.id);
  const roles = [...(isSubmitter ? ["Submitter"] : []), ...(mine ? [mine.isCorresponding ? "Corresponding author" : "Co-author"] : [])];
  return {
    id: paper.id,
    number: paper.number,
    title: paper.title,
    abstract: paper.abstract,
    keywords: paper.keywords,
    jelCodes: paper.jelCodes,
    manuscriptType: paper.manuscriptType,
    status: paper.status,
    submittedAt: paper.submittedAt.getTime(),
    conference: { id: paper.conference.id, title: paper.conference.title, submissionDeadline: paper.conference.submissionDeadline },
    researchAreas: paper.researchAreas.map(researchAreaLabel),
    roles,
    authors: paper.authors.map((a) => ({
      name: [a.salutation, a.firstName, a.middleName, a.lastName].filter(Boolean).join(" "),
      email: isSubmitter ? a.email : null,
      affiliation: [a.department, a.institution].filter(Boolean).join(", "),
      country: a.country ? countryName(a.country) : null,
      corresponding: a.isCorresponding,
      isYou: a.userId === user.id || a.email.toLowerCase() === user.email.toLowerCase(),
    })),
    files: fileVersions(paper).map((k) => ({ ...k, versions: k.versions.map((v) => ({ ...v, uploader: null })) })),
    history,
    missing: paper.status === "incomplete" ? missingParts(paper) : [],
    rights: submissionRights(paper, paper.conference, user.id),
    contactEmail: ctx.env.CONTACT_EMAIL,
  };
}
