import type { ConferenceStatus, NewsStatus, PaperStatus } from "~/db/enums";
import type { ConferencePhase } from "./dates";

export type BadgeTone = "success" | "primary" | "warning" | "secondary" | "info" | "danger";

const CONFERENCE_STATUS: Record<ConferenceStatus, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  open: { label: "Open", tone: "primary" },
  // The spec names it "Close"; people read a conference as "Closed" (decision 057).
  close: { label: "Closed", tone: "warning" },
  ended: { label: "Ended", tone: "secondary" },
};

export function conferenceStatusBadge(status: string): { label: string; tone: BadgeTone } {
  return (
    CONFERENCE_STATUS[status as ConferenceStatus] ?? {
      label: status ? status[0]!.toUpperCase() + status.slice(1) : "Unknown",
      tone: "info",
    }
  );
}

const PHASE: Record<ConferencePhase, { label: string; tone: BadgeTone }> = {
  upcoming: { label: "Upcoming", tone: "primary" },
  ongoing: { label: "Ongoing", tone: "success" },
  past: { label: "Past", tone: "secondary" },
};
export const conferencePhaseBadge = (phase: ConferencePhase) => PHASE[phase];

const NEWS_STATUS: Record<NewsStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: "Draft", tone: "secondary" },
  published: { label: "Published", tone: "success" },
  archived: { label: "Archived", tone: "warning" },
};
export const newsStatusBadge = (status: NewsStatus) => NEWS_STATUS[status];

/** The home card's submission button, by conference status. */
export function submissionAction(status: string):
  | { kind: "link"; label: string; to: string }
  | { kind: "disabled"; label: string } {
  if (status === "open") return { kind: "link", label: "Submit Manuscript", to: "/dashboard" };
  if (status === "active") return { kind: "disabled", label: "Submissions Will Open Soon" };
  return { kind: "disabled", label: "Submissions Closed" };
}

/** Authors' paper badge: accepted green, rejected red, under review yellow, otherwise grey; none reads Pending. */
const PAPER_STATUS: Partial<Record<PaperStatus, { label: string; tone: BadgeTone }>> = {
  under_review: { label: "Under Review", tone: "warning" },
  accepted: { label: "Accepted", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  incomplete: { label: "Incomplete", tone: "secondary" },
  revision_required: { label: "Revision Required", tone: "secondary" },
};
export function paperStatusBadge(status: string | null | undefined): { label: string; tone: BadgeTone } {
  if (!status) return { label: "Pending", tone: "secondary" };
  return PAPER_STATUS[status as PaperStatus] ?? { label: status.replace(/_/g, " "), tone: "secondary" };
}

/** A paper's number as the office shows it: 'MS' + the conference's two-digit start year + '~' + (paperNumber + 101). */
export function paperDisplayNumber(conferenceStart: string, paperNumber: number) {
  return `MS${conferenceStart.slice(2, 4)}~${paperNumber + 101}`;
}
