/**
 * Submission deadlines: instants kept in UTC and shown in UTC, named as such (decision 061), one
 * time for authors in every zone; the console enters it as the pages show it.
 */
import { formatDate, isIsoDate } from "./dates";

const DATE_TIME_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** The instant a `datetime-local` value ('2027-03-15T23:59') names when read as UTC; null when it names none. */
export function parseUtcDateTime(value: string): number | null {
  const m = DATE_TIME_INPUT.exec(value.trim());
  if (!m || !isIsoDate(m[1]) || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  return Date.parse(`${m[1]}T${m[2]}:${m[3]}:00Z`);
}

/** An instant as a `datetime-local` value in UTC ('2027-03-15T23:59'). */
export function utcDateTimeInput(value: number | Date) {
  return new Date(value).toISOString().slice(0, 16);
}

/** '15 March 2027, 23:59 UTC': a deadline as authors read it. */
export function formatDeadline(value: number | Date) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return `${formatDate(d)}, ${d.toISOString().slice(11, 16)} UTC`;
}

/** Whether a conference's submission deadline (null: none) has passed at `now`. */
export const deadlinePassed = (deadline: number | Date | null | undefined, now = Date.now()) => deadline !== null && deadline !== undefined && new Date(deadline).getTime() <= now;

/** The wizard's refusal after a conference's deadline, and what the author can still do. */
export const submissionsClosed = (conference: string, deadline: number | Date) =>
  `Submissions to ${conference} closed on ${formatDeadline(deadline)}. Papers can no longer be submitted to it: choose another conference in step 1, or write to the society's office.`;

