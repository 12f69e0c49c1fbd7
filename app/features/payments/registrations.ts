/** What the office's Registrations tab and its CSV show of a registration's status; safe for the browser. */
import { REGISTRATION_STATUSES, type RegistrationStatus } from "~/db/enums";
import type { BadgeTone } from "~/lib/status";

export const REGISTRATION_STATUS_FILTERS = [
  { value: "", label: "All Statuses" },
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "cancelled", label: "Cancelled" },
] as const;

export const REGISTRATION_STATUS_BADGES: Record<RegistrationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  confirmed: { label: "Confirmed", tone: "success" },
  cancelled: { label: "Cancelled", tone: "danger" },
};

export const isRegistrationStatus = (value: string): value is RegistrationStatus => (REGISTRATION_STATUSES as readonly string[]).includes(value);

export const OFFICE_MESSAGES = {
  loadFailed: "Failed to load registrations for this conference",
  exportFailed: "Failed to generate the registrations file. Please try again.",
  notFound: "Conference not found.",
} as const;
