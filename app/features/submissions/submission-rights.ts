/**
 * What the author may still do with a submitted paper (decision 063). One rule for the submission
 * page's links, the edit and upload pages' loaders and their actions, so a link never offers what
 * the post would refuse.
 *
 * - Delete: the submitter, while the paper is under review (the spec's rule).
 * - Edit the paper's details and authors: the submitter, while the paper is under review or
 *   incomplete and the conference still takes papers (open, its deadline not passed).
 * - Upload a new version of the manuscript or the blind copy: the same, and also whenever the
 *   programme committee asked for a revision (its request sets the time, not the call's deadline),
 *   unless the conference has ended.
 */
import { deadlinePassed, formatDeadline } from "~/lib/deadline";

export type RightsPaper = { status: string; submitterId: number | null };
export type RightsConference = { title: string; status: string; submissionDeadline: number | Date | null };

export type SubmissionRights = {
  delete: boolean;
  edit: boolean;
  uploadVersion: boolean;
  /** Why editing is closed, for the submitter who could otherwise edit; null when it is open or the reason is the status. */
  closedBecause: string | null;
};

const EDITABLE_STATUSES = new Set(["under_review", "incomplete"]);

export function submissionRights(paper: RightsPaper, conference: RightsConference, userId: number, now = Date.now()): SubmissionRights {
  const isSubmitter = paper.submitterId !== null && paper.submitterId === userId;
  const takingPapers = conference.status === "open" && !deadlinePassed(conference.submissionDeadline, now);
  const editableStatus = EDITABLE_STATUSES.has(paper.status);
  const edit = isSubmitter && editableStatus && takingPapers;
  const revision = isSubmitter && paper.status === "revision_required" && conference.status !== "ended";
  let closedBecause: string | null = null;
  if (isSubmitter && editableStatus && !takingPapers) {
    closedBecause =
      conference.submissionDeadline !== null && deadlinePassed(conference.submissionDeadline, now)
        ? `Submissions to ${conference.title} closed on ${formatDeadline(conference.submissionDeadline)}: the paper can no longer be changed. To correct something, write to the society's office.`
        : `${conference.title} no longer takes submissions: the paper can no longer be changed. To correct something, write to the society's office.`;
  }
  return { delete: isSubmitter && paper.status === "under_review", edit, uploadVersion: edit || revision, closedBecause };
}
