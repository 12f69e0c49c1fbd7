/** What the office's Registrations tab, its CSV and the author's pages show of a registration; safe for the browser. */
import { FEE_TYPES, REGISTRATION_STATUSES } from "~/db/enums";
import type { BadgeTone } from "~/lib/status";

export type FeeType = (typeof FEE_TYPES)[number];
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATIONS_PAGE_SIZE = 50;

export const FEE_TYPE_LABELS: Record<FeeType, string> = { standard: "Standard", student: "Student" };

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

/** An amount in minor units as the office and the receipt read it: "EUR 180.00". */
export const formatMoney = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

export const REGISTRATION_MESSAGES = {
  loadFailed: "Failed to load registrations for this conference",
  exportFailed: "Failed to generate the registrations file. Please try again.",
} as const;
