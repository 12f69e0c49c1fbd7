import { deadlinePassed, formatDeadline } from "~/lib/deadline";
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { attachmentFields } from "~/models/file.server";
import { conferences, files, siteState } from "~/db/schema";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import { bumpContentVersion } from "~/server/page-cache.server";
import { CONFERENCE_SECTIONS } from "./conference-form";
import { richTextOrNull, sanitizeRichText } from "~/server/rich-text.server";
import type { Services } from "~/server/services.server";

/** What every list and card of conferences shows (the public pages, the console, calendars). */
export const conferenceSummaryFields = {
  id: conferences.id,
  title: conferences.title,
  location: conferences.location,
  startDate: conferences.startDate,
  endDate: conferences.endDate,
  status: conferences.status,
};

const listFields = { ...conferenceSummaryFields, description: conferences.description };

/** The next conference that has not ended (home page). */
export const upcomingConference = preparedQuery(
  (db) =>
    db
      .select(listFields)
      .from(conferences)
      .where(gte(conferences.endDate, sql.placeholder("today")))
      .orderBy(asc(conferences.startDate), asc(conferences.id))
      .limit(1),
  placeholders<{ today: string }>(),
);

const allConferences = preparedQuery((db) => db.select(listFields).from(conferences).orderBy(desc(conferences.startDate), desc(conferences.id)));

export async function listConferences({ db }: Pick<Services, "db">) {
  const [rows] = await batchPrepared(db, [allConferences({})]);
  return rows.map((c) => ({ ...c, description: richTextOrNull(c.description) }));
}

export type ConferenceListItem = Awaited<ReturnType<typeof listConferences>>[number];

const conferenceById = preparedQuery(
  (db) =>
    db
      .select()
      .from(conferences)
      .where(eq(conferences.id, sql.placeholder("id")))
      .limit(1),
  placeholders<{ id: number }>(),
);

const conferenceAttachments = preparedQuery(
  (db) =>
    db
      .select(attachmentFields)
      .from(files)
      .where(and(eq(files.conferenceId, sql.placeholder("id")), inArray(files.kind, ["conference_file", "conference_photo"])))
      .orderBy(asc(files.sortOrder), asc(files.id)),
  placeholders<{ id: number }>(),
);

/** One conference with its files and photos, in one D1 round trip. */
export async function getConferenceDetail({ db }: Pick<Services, "db">, id: number) {
  const [rows, attachments] = await batchPrepared(db, [conferenceById({ id }), conferenceAttachments({ id })]);
  const conference = rows[0];
  if (!conference) return null;
  const sections = CONFERENCE_SECTIONS.flatMap(([key, title]) => {
    const html = richTextOrNull(conference[key] as string | null);
    return html ? [{ key, title, html }] : [];
  });
  const photos = attachments.filter((f) => f.kind === "conference_photo");
  const header = photos.find((p) => p.id === conference.headerPhotoId) ?? null;
  return {
    id: conference.id,
    title: conference.title,
    location: conference.location,
    startDate: conference.startDate,
    endDate: conference.endDate,
    status: conference.status,
    submissionDeadline: conference.submissionDeadline?.getTime() ?? null,
    descriptionText: sanitizeRichText(conference.description),
    sections,
    materials: attachments.filter((f) => f.kind === "conference_file"),
    photos,
    headerPhoto: header,
    fees: { standard: conference.feeStandard, student: conference.feeStudent, accompaniedPerson: conference.feeAccompaniedPerson, currency: conference.currency, description: conference.feeDescription },
    registrationEnabled: conference.registrationEnabled,
    paymentRequired: conference.paymentRequired,
    registrationDeadline: conference.registrationDeadline,
    updatedAt: conference.updatedAt,
  };
}

export type ConferenceDetail = NonNullable<Awaited<ReturnType<typeof getConferenceDetail>>>;

/** What a calendar entry needs, and nothing more. */
export async function getConferenceForCalendar({ db }: Pick<Services, "db">, id: number) {
  return (
    (await db
      .select({ ...listFields, updatedAt: conferences.updatedAt })
      .from(conferences)
      .where(eq(conferences.id, id))
      .get()) ?? null
  );
}

/** Every conference's address and last change, for the sitemap. */
export function conferencesForSitemapQuery({ db }: Pick<Services, "db">) {
  return db.select({ id: conferences.id, updatedAt: conferences.updatedAt }).from(conferences);
}

/**
 * Whether the conference takes papers now, and what its page says of the deadline. A cached page
 * is renewed as a deadline passes (the housekeeping bumps the content version).
 */
export function submissionsState(status: string, deadline: number | null, now = Date.now()) {
  if (status !== "open") return { open: false, text: null };
  if (deadline === null) return { open: true, text: null };
  return deadlinePassed(deadline, now)
    ? { open: false, text: `Submissions closed on ${formatDeadline(deadline)}.` }
    : { open: true, text: `Submission deadline: ${formatDeadline(deadline)}.` };
}

/**
 * Cached public pages show whether a conference still takes papers: when a submission deadline
 * has passed since the last run, the content version is bumped so they are made again. The last
 * run's instant is kept in `site_state` (a first run looks back one day).
 */
export const deadlineHousekeeping: HousekeepingTask = {
  name: "conferences: renew cached pages as a submission deadline passes",
  async run({ db }, now) {
    const seen = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, DEADLINES_SEEN)).get();
    const since = Number(seen?.value ?? now - 86_400_000);
    const passed = await db
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(gt(conferences.submissionDeadline, new Date(since)), lte(conferences.submissionDeadline, new Date(now))))
      .limit(1)
      .get();
    if (passed) await bumpContentVersion({ d1: db.$client as D1Database, db });
    await db
      .insert(siteState)
      .values({ key: DEADLINES_SEEN, value: String(now) })
      .onConflictDoUpdate({ target: siteState.key, set: { value: sql`excluded.value` } });
    return passed ? 1 : 0;
  },
};
const DEADLINES_SEEN = "submission_deadlines_seen_at";
