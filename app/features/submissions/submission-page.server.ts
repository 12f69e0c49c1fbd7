/**
 * What a submission's own page shows, for the paper's submitter or a listed author (whoever
 * `paperReads` lets see it as an author); null for anyone else, who gets the 404 of a paper that
 * does not exist.
 */
import { paperReads } from "~/features/papers/papers.server";
import { countryName } from "~/lib/countries";
import { researchAreaLabel } from "~/lib/format";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import type { SubmissionPageView } from "./submission-page";
import { fileVersions } from "./paper-versions.server";
import { submissionRights } from "./submission-rights";
import { missingParts } from "./paper-completeness";

export function submissionPageReads(ctx: Pick<Services, "env">, paperId: number) {
  let reads: ReturnType<typeof paperReads> | null = null;
  return {
    /** The paper, its authors, files and history, as the author the session names may see them: for `requireUserWith` (decision 066). */
    calls: (sessionId: string) => (reads = paperReads({ as: "session", sessionId }, paperId, { history: true })).calls,
    /** The page the calls' rows make for the signed-in `user`, or null. */
    page: (user: Pick<SessionUser, "id" | "email">, rows: readonly unknown[]) => {
      const paper = reads?.paper(rows);
      return paper ? submissionPageOf(ctx, user, paper) : null;
    },
  };
}

function submissionPageOf(ctx: Pick<Services, "env">, user: Pick<SessionUser, "id" | "email">, paper: NonNullable<ReturnType<ReturnType<typeof paperReads>["paper"]>>): SubmissionPageView {
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
