/**
 * What a submission's own page shows, for the paper's submitter or a listed author (whoever
 * `getPaper` lets see it as an author); null for anyone else, who gets the 404 of a paper that
 * does not exist.
 */
import { asAuthor, getPaper } from "~/features/papers/papers.server";
import { countryName } from "~/lib/countries";
import { researchAreaLabel } from "~/lib/format";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import type { SubmissionPageView } from "./submission-page";
import { fileVersions } from "./paper-versions.server";
import { submissionRights } from "./submission-rights";
import { missingParts } from "./paper-completeness";

export async function submissionPage(ctx: Pick<Services, "db" | "env">, user: Pick<SessionUser, "id" | "email">, paperId: number): Promise<SubmissionPageView | null> {
  const paper = await getPaper(ctx, asAuthor(user), paperId, { history: true });
  if (!paper) return null;
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
    history: paper.history ?? [],
    missing: paper.status === "incomplete" ? missingParts(paper) : [],
    rights: submissionRights(paper, paper.conference, user.id),
    contactEmail: ctx.env.CONTACT_EMAIL,
  };
}
