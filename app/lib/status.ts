import type { ConferenceStatus, NewsStatus } from "~/db/enums";
import type { ConferencePhase } from "./dates";

export type BadgeTone = "success" | "primary" | "warning" | "secondary" | "info" | "danger";

const CONFERENCE_STATUS: Record<ConferenceStatus, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  open: { label: "Open", tone: "primary" },
  close: { label: "Close", tone: "warning" },
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
