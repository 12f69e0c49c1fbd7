import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { attachmentFields } from "~/models/file.server";
import { conferences, files } from "~/db/schema";
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
    descriptionText: sanitizeRichText(conference.description),
    sections,
    materials: attachments.filter((f) => f.kind === "conference_file"),
    photos,
    headerPhoto: header,
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
