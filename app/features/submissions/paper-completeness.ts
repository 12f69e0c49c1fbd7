/**
 * What an incomplete paper visibly lacks, and whether a change by its submitter completes it
 * (decision 063): read by the submission page, the edit page and the files page alike.
 */
import type { getPaper } from "~/features/papers/papers.server";

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
