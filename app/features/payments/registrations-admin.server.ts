/**
 * The accountant's CSV of a conference's registrations: the rows of the office's list
 * (`listRegistrations`), every one of them, oldest first. Administrators only.
 */
import { eq } from "drizzle-orm";
import type { RegistrationStatus } from "~/db/enums";
import { conferences } from "~/db/schema";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import { FEE_TYPE_LABELS } from "~/lib/format";
import { listRegistrations, type RegistrationListRow } from "./registration.server";
import { REGISTRATION_STATUS_BADGES } from "./registrations";

export const CSV_HEADER = [
  "Registration ID",
  "Receipt Number",
  "Participant",
  "Email",
  "Paper #",
  "Paper Title",
  "Fee Type",
  "Accompanied Persons",
  "Amount",
  "Currency",
  "Status",
  "Payment Status",
  "PayPal Order ID",
  "PayPal Capture ID",
  "Registered",
  "Confirmed",
] as const;

/** The most rows one read of the list returns; a larger conference is read in several. */
const CSV_CHUNK = 5000;

/**
 * A cell as RFC 4180 quotes it; a text a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) is kept as text with a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // A semicolon too: a spreadsheet set to a European locale splits cells there.
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const isoInstant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));

/** The name a downloaded file carries: the conference's title without characters file systems refuse. */
export function registrationsFileName(conferenceTitle: string, today: string) {
  const title = conferenceTitle.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 120) || "Conference";
  return `${title}_Registrations_${today}.csv`;
}

const csvLine = (r: RegistrationListRow) =>
  [
    r.id,
    r.receiptNumber,
    r.participant.name,
    r.participant.email,
    r.paper?.number ?? null,
    r.paper?.title ?? null,
    FEE_TYPE_LABELS[r.feeType],
    r.accompaniedPersons,
    (r.amount / 100).toFixed(2),
    r.currency,
    REGISTRATION_STATUS_BADGES[r.status].label,
    r.paymentStatus,
    r.orderId,
    r.captureId,
    isoInstant(r.createdAt),
    isoInstant(r.confirmedAt),
  ]
    .map(csvCell)
    .join(",");

/**
 * Every registration of the conference (of one status when asked), oldest first: the office's
 * list read to its end, for the CSV and the JSON API's export read. Null for a conference that
 * does not exist.
 */
export async function allRegistrations(ctx: Pick<Services, "db">, admin: Pick<SessionUser, "role">, conferenceId: number, status: RegistrationStatus | "" = "") {
  const rows: RegistrationListRow[] = [];
  let after: number | undefined;
  do {
    const page = await listRegistrations(ctx, admin, { conferenceId, status: status || undefined, after, limit: CSV_CHUNK });
    rows.push(...page.rows);
    after = page.next ?? undefined;
  } while (after);
  const conference = await ctx.db.select({ title: conferences.title }).from(conferences).where(eq(conferences.id, conferenceId)).get();
  if (!conference) return null;
  return { conference, rows: rows.reverse() };
}

/**
 * Every registration of the conference (of one status when asked), oldest first, as CSV with a
 * byte-order mark (spreadsheets then read the names' accents as UTF-8) and CRLF line ends. Amounts
 * are decimal (180.00), instants ISO 8601 in UTC. Null for a conference that does not exist.
 */
export async function registrationsCsv(ctx: Pick<Services, "db">, admin: Pick<SessionUser, "role">, conferenceId: number, status: RegistrationStatus | "", today: string) {
  const all = await allRegistrations(ctx, admin, conferenceId, status);
  if (!all) return null;
  const lines = [CSV_HEADER.map(csvCell).join(","), ...all.rows.map(csvLine)];
  return { name: registrationsFileName(all.conference.title, today), text: `\uFEFF${lines.join("\r\n")}\r\n`, rows: all.rows.length };
}
