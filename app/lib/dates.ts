/** Conference dates are calendar dates ('YYYY-MM-DD'); instants are milliseconds. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function todayIso(now: Date = new Date()) {
  return now.toISOString().slice(0, 10);
}

// Formatters are expensive to construct: one each, made once.
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayMonthFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** '15 Jun 2026, 14:05 UTC' from an instant (the console's logs and tables). */
export function formatDateTime(value: number | Date) {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : dateTimeFormat.format(d);
}

/** '15 June 2026' from 'YYYY-MM-DD' or an instant. */
export function formatDate(value: string | number | Date) {
  const d = typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? "" : dateFormat.format(d);
}

/** '15–17 June 2026', '30 June – 2 July 2026', or two full dates across years. */
export function formatDateRange(start: string, end: string) {
  if (start === end) return formatDate(start);
  const [sy, sm] = start.split("-");
  const [ey, em] = end.split("-");
  const s = new Date(`${start}T00:00:00Z`);
  if (sy === ey && sm === em) return `${s.getUTCDate()}–${formatDate(end)}`;
  if (sy === ey) {
    return `${dayMonthFormat.format(s)} – ${formatDate(end)}`;
  }
  return `${formatDate(start)} – ${formatDate(end)}`;
}

export type ConferencePhase = "upcoming" | "ongoing" | "past";

/** Upcoming before the start date, Ongoing from start to end inclusive, Past after the end. */
export function conferencePhase(start: string, end: string, today: string): ConferencePhase {
  if (today < start) return "upcoming";
  if (today > end) return "past";
  return "ongoing";
}

/** The day after, for all-day calendar events whose end is exclusive. */
export function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
