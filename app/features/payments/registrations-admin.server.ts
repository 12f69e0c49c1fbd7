/**
 * The office's view of a conference's registrations: the console's Registrations tab (keyset
 * pages, newest first, filtered by status) and the accountant's CSV of the same rows. Each row
 * carries its participant, its paper's number, the fee chosen, the amount and currency the server
 * charged, and the PayPal order and capture ids of its latest payment. Administrators only.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { conferences, papers, registrations, users } from "~/db/schema";
import { paperDisplayNumber } from "~/lib/status";
import type { SessionUser } from "~/server/auth/session.server";
import { forbidden, notFound } from "~/server/errors.server";
import { defineKeyset, type Page } from "~/server/keyset.server";
import type { Services } from "~/server/services.server";
import { FEE_TYPE_LABELS, isRegistrationStatus, REGISTRATION_STATUS_BADGES, REGISTRATIONS_PAGE_SIZE, type FeeType, type RegistrationStatus } from "./registrations";

const registrationPages = defineKeyset({
  sort: registrations.createdAt,
  id: registrations.id,
  pattern: /\d{1,15}/,
  decode: Number,
  encode: (row: { createdAt: Date }) => String(row.createdAt.getTime()),
});

export type RegistrationQuery = Page<number> & { conferenceId: number; status: RegistrationStatus | "" };

/** `?status=` and the page, for one conference. */
export function parseRegistrationQuery(url: URL, conferenceId: number): RegistrationQuery {
  const status = url.searchParams.get("status") ?? "";
  return { conferenceId, status: isRegistrationStatus(status) ? status : "", ...registrationPages.parse(url) };
}

function requireOffice(user: Pick<SessionUser, "role">) {
  if (user.role !== "admin") throw forbidden("Only administrators may see registrations.");
}

/** The columns both the list and the CSV read: one row a registration, its latest payment folded in. */
function registrationColumns() {
  return {
    id: registrations.id,
    createdAt: registrations.createdAt,
    confirmedAt: registrations.confirmedAt,
    participantEmail: registrations.participantEmail,
    firstName: users.firstName,
    lastName: users.lastName,
    paperId: registrations.paperId,
    paperNumber: papers.paperNumber,
    paperTitle: papers.title,
    feeType: registrations.feeType,
    accompaniedPersons: registrations.accompaniedPersons,
    amount: registrations.amount,
    currency: registrations.currency,
    status: registrations.status,
    // The payment that counts is the latest one: a declined card then a second try leaves two.
    payment: sql<string | null>`(select json_object('orderId', p.provider_order_id, 'captureId', p.provider_capture_id, 'status', p.status)
      from payments p where p.registration_id = "registrations"."id" order by p.id desc limit 1)`,
  };
}

type RawRow = {
  id: number;
  createdAt: Date;
  confirmedAt: Date | null;
  participantEmail: string;
  firstName: string | null;
  lastName: string | null;
  paperId: number | null;
  paperNumber: number | null;
  paperTitle: string | null;
  feeType: FeeType;
  accompaniedPersons: number;
  amount: number;
  currency: string;
  status: RegistrationStatus;
  payment: string | null;
};

function shaped(r: RawRow, startDate: string) {
  const payment = r.payment ? (JSON.parse(r.payment) as { orderId: string; captureId: string | null; status: string }) : null;
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    participant: name || r.participantEmail,
    email: r.participantEmail,
    paperId: r.paperId,
    paperNumber: r.paperNumber === null ? null : paperDisplayNumber(startDate, r.paperNumber),
    paperTitle: r.paperTitle,
    feeType: r.feeType,
    accompaniedPersons: r.accompaniedPersons,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    orderId: payment?.orderId ?? null,
    captureId: payment?.captureId ?? null,
    createdAt: r.createdAt.getTime(),
    confirmedAt: r.confirmedAt ? r.confirmedAt.getTime() : null,
  };
}

export type RegistrationRow = ReturnType<typeof shaped>;

const conferenceOf = ({ db }: Pick<Services, "db">, conferenceId: number) =>
  db.select({ id: conferences.id, title: conferences.title, startDate: conferences.startDate }).from(conferences).where(eq(conferences.id, conferenceId)).get();

/**
 * A page of a conference's registrations (50 and one more, to know whether another follows),
 * newest first, read through the conference index: the page reads about as many rows as it shows.
 */
export async function listRegistrations(ctx: Pick<Services, "db">, admin: Pick<SessionUser, "role">, query: RegistrationQuery) {
  requireOffice(admin);
  const { db } = ctx;
  const conference = await conferenceOf(ctx, query.conferenceId);
  if (!conference) throw notFound("Conference not found.");
  const conditions: Array<SQL | undefined> = [eq(registrations.conferenceId, query.conferenceId), registrationPages.where(query)];
  if (query.status) conditions.push(eq(registrations.status, query.status));
  // A batch of one, as the other console lists: D1's answer then carries the rows it read (Server-Timing).
  const [found] = await db.batch([
    db
      .select(registrationColumns())
      .from(registrations)
      .leftJoin(users, eq(users.id, registrations.userId))
      .leftJoin(papers, eq(papers.id, registrations.paperId))
      .where(and(...conditions))
      .orderBy(...registrationPages.orderBy(query))
      .limit(REGISTRATIONS_PAGE_SIZE + 1),
  ]);
  const page = registrationPages.slice(found, query, REGISTRATIONS_PAGE_SIZE);
  return { conference, ...page, rows: page.rows.map((r) => shaped(r, conference.startDate)) };
}

/* ---------------------------------------------------------------- the accountant's CSV */

export const CSV_HEADER = [
  "Registration ID",
  "Participant",
  "Email",
  "Paper #",
  "Paper Title",
  "Fee Type",
  "Accompanied Persons",
  "Amount",
  "Currency",
  "Status",
  "PayPal Order ID",
  "PayPal Capture ID",
  "Registered",
  "Confirmed",
] as const;

/**
 * A cell as RFC 4180 quotes it; a text a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) is kept as text with a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const isoInstant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));

/** The name a downloaded file carries: the conference's title without characters file systems refuse. */
export function registrationsFileName(conferenceTitle: string, today: string) {
  const title = conferenceTitle.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 120) || "Conference";
  return `${title}_Registrations_${today}.csv`;
}

/**
 * Every registration of the conference (of one status when asked), oldest first, as CSV with a
 * byte-order mark (spreadsheets then read the names' accents as UTF-8) and CRLF line ends. Amounts
 * are decimal (180.00), instants ISO 8601 in UTC. Null for a conference that does not exist.
 */
export async function registrationsCsv(ctx: Pick<Services, "db">, admin: Pick<SessionUser, "role">, conferenceId: number, status: RegistrationStatus | "", today: string) {
  requireOffice(admin);
  const { db } = ctx;
  const conference = await conferenceOf(ctx, conferenceId);
  if (!conference) return null;
  const found = await db
    .select(registrationColumns())
    .from(registrations)
    .leftJoin(users, eq(users.id, registrations.userId))
    .leftJoin(papers, eq(papers.id, registrations.paperId))
    .where(and(eq(registrations.conferenceId, conferenceId), status ? eq(registrations.status, status) : undefined))
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .all();
  const lines = [CSV_HEADER.map(csvCell).join(",")];
  for (const raw of found) {
    const r = shaped(raw, conference.startDate);
    lines.push(
      [
        r.id,
        r.participant,
        r.email,
        r.paperNumber,
        r.paperTitle,
        FEE_TYPE_LABELS[r.feeType],
        r.accompaniedPersons,
        (r.amount / 100).toFixed(2),
        r.currency,
        REGISTRATION_STATUS_BADGES[r.status].label,
        r.orderId,
        r.captureId,
        isoInstant(r.createdAt),
        isoInstant(r.confirmedAt),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return { name: registrationsFileName(conference.title, today), text: `\uFEFF${lines.join("\r\n")}\r\n`, rows: found.length };
}
