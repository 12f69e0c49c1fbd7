/**
 * The public reads (spec: public-site-and-accounts.md section 7): conferences, news, the board.
 * No token is read; drafts and anything the public pages do not show stay out, because the same
 * model functions answer both.
 */
import { z } from "zod";
import { BOARD_SECTION_KEYS, type BoardSectionKey } from "~/features/board/board";
import { getBoardPage } from "~/features/board/board.server";
import { getConferenceDetail, listConferences, upcomingConference } from "~/features/conferences/conference.server";
import { getPublicNewsItem, LATEST_NEWS_COUNT, latestNews, presentNewsSummary } from "~/features/news/news.server";
import { openConferencesCall, openConferenceViews } from "~/features/submissions/submission.server";
import { batchPrepared } from "~/db/prepared.server";
import { conferencePhase, todayIso } from "~/lib/dates";
import { conferencePhaseBadge } from "~/lib/status";
import { servePublicFile } from "~/features/files/access.server";
import { PUBLIC_FILE_BASES, publicFileUrl } from "~/lib/file-names";
import { defineCall } from "~/server/api/call.server";
import { notFound } from "~/server/errors.server";
import { conferenceAttachmentsAndFees, conferenceSummary, fileShape, id, idParams, newsSummary } from "./shapes";

const TAG = "Public";
const CONFERENCE_FAILURE = "Failed to load conferences. Please try again later.";
const CONFERENCE_MISSING = "Conference Not Found";
const NEWS_MISSING = "News Not Found";

type Attachment = { id: number; filename: string; originalName: string; contentType: string; size: number };
/** A stored file as the API shows it (`fileShape`), served from `base` (`/api/conferences/files`, …). */
export const attachment = (kind: keyof typeof PUBLIC_FILE_BASES) => (f: Attachment) => ({ _id: f.id, filename: f.filename, originalName: f.originalName, mimetype: f.contentType, size: f.size, url: publicFileUrl(kind, f.filename) });

function summaryOf(c: { id: number; title: string; location: string; startDate: string; endDate: string; status: string; description: string | null }, today: string) {
  return { _id: c.id, title: c.title, location: c.location, startDate: c.startDate, endDate: c.endDate, status: c.status, badge: conferencePhaseBadge(conferencePhase(c.startDate, c.endDate, today)).label as "Upcoming", description: c.description };
}

export const conferenceList = defineCall(
  {
    method: "GET",
    path: "/api/conferences",
    tag: TAG,
    summary: "Every conference, newest first",
    access: "public",
    answer: z.array(conferenceSummary),
    failure: CONFERENCE_FAILURE,
  },
  async ({ context }) => {
    const today = todayIso();
    return (await listConferences(context)).map((c) => summaryOf(c, today));
  },
);

export const latestConferences = defineCall(
  {
    method: "GET",
    path: "/api/conferences/latest",
    tag: TAG,
    summary: "The upcoming conference (the home page's card): a list of at most one",
    description: "The next conference that has not ended; an empty list when there is none.",
    access: "public",
    answer: z.array(conferenceSummary),
    failure: CONFERENCE_FAILURE,
  },
  async ({ context }) => {
    const today = todayIso();
    const [rows] = await batchPrepared(context.db, [upcomingConference({ today })]);
    return rows.map((c) => summaryOf(c, today));
  },
);

export const openConferences = defineCall(
  {
    method: "GET",
    path: "/api/conferences/open",
    tag: TAG,
    summary: "The conferences taking submissions now (the submission wizard's first step)",
    access: "public",
    answer: z.array(z.object({ _id: id, title: z.string(), startDate: z.string(), location: z.string(), submissionDeadline: z.string().nullable().describe("ISO 8601") })),
    failure: "Error loading conference information. Please refresh the page and try again.",
  },
  async ({ context }) => {
    const [rows] = await batchPrepared(context.db, [openConferencesCall()]);
    return openConferenceViews(rows).map((c) => ({ _id: c.id, title: c.title, startDate: c.startDate, location: c.location, submissionDeadline: c.submissionDeadline === null ? null : new Date(c.submissionDeadline).toISOString() }));
  },
);

export const conferenceDetail = defineCall(
  {
    method: "GET",
    path: "/api/conferences/{id}",
    tag: TAG,
    summary: "One conference with its sections, files, photos and fees",
    access: "public",
    params: idParams,
    answer: conferenceSummary.extend({
      submissionDeadline: z.string().nullable(),
      sections: z.array(z.object({ key: z.string(), title: z.string(), html: z.string() })),
      ...conferenceAttachmentsAndFees,
    }),
    refusals: { 404: CONFERENCE_MISSING },
    notFound: CONFERENCE_MISSING,
    failure: "Failed to load conference details. Please try again later.",
  },
  async ({ context, params }) => {
    const c = await getConferenceDetail(context, params.id);
    if (!c) throw notFound(CONFERENCE_MISSING);
    const file = attachment("conference_file");
    const photo = attachment("conference_photo");
    return {
      ...summaryOf({ ...c, description: c.descriptionText }, todayIso()),
      submissionDeadline: c.submissionDeadline === null ? null : new Date(c.submissionDeadline).toISOString(),
      sections: c.sections,
      files: c.materials.map(file),
      photos: c.photos.map(photo),
      headerPhoto: c.headerPhoto ? photo(c.headerPhoto) : null,
      fees: c.fees,
      registrationEnabled: c.registrationEnabled,
      paymentRequired: c.paymentRequired,
      registrationDeadline: c.registrationDeadline,
    };
  },
);

function newsSummaryOf(row: Parameters<typeof presentNewsSummary>[0]) {
  const item = presentNewsSummary(row);
  return { _id: item.id, title: item.title, category: item.category, newsDate: item.newsDate, description: item.html, shownAt: new Date(item.shownAt).toISOString() };
}

export const latestNewsCall = defineCall(
  {
    method: "GET",
    path: "/api/news/latest",
    tag: TAG,
    summary: "The latest published news, newest first",
    access: "public",
    query: z.object({ limit: z.coerce.number({ message: "limit is a number from 1 to 50." }).int().min(1, "limit is a number from 1 to 50.").max(50, "limit is a number from 1 to 50.").default(LATEST_NEWS_COUNT) }),
    answer: z.array(newsSummary),
    failure: "Failed to load news. Please try again later.",
  },
  async ({ context, query }) => {
    const [rows] = await batchPrepared(context.db, [latestNews({ limit: query.limit, offset: 0 })]);
    return rows.map(newsSummaryOf);
  },
);

export const newsDetail = defineCall(
  {
    method: "GET",
    path: "/api/news/{id}",
    tag: TAG,
    summary: "One published or archived news item with its files",
    access: "public",
    params: idParams,
    answer: z.object({
      _id: id,
      title: z.string(),
      category: z.string().nullable(),
      status: z.string(),
      newsDate: z.string().nullable(),
      shownAt: z.string(),
      content: z.string().nullable().describe("Sanitised HTML"),
      details: z.string().nullable(),
      contactInfo: z.string().nullable(),
      featuredImage: fileShape.nullable(),
      files: z.array(fileShape),
    }),
    refusals: { 404: NEWS_MISSING },
    notFound: NEWS_MISSING,
    failure: "Failed to load news details. Please try again later.",
  },
  async ({ context, params }) => {
    const item = await getPublicNewsItem(context, params.id);
    if (!item) throw notFound(NEWS_MISSING);
    const file = attachment("news_file");
    return {
      _id: item.id,
      title: item.title,
      category: item.category,
      status: item.status,
      newsDate: item.newsDate,
      shownAt: new Date(item.shownAt).toISOString(),
      content: item.contentHtml,
      details: item.detailsHtml,
      contactInfo: item.contactHtml,
      featuredImage: item.featuredImage ? file(item.featuredImage) : null,
      files: item.files.map(file),
    };
  },
);

const member = z.object({ position: z.string().nullable().optional(), term: z.string().nullable().optional(), name: z.string(), affiliation: z.string().nullable().optional() });
const BOARD_FAILURE = "Failed to load board data. Please try again later.";

export const boardYears = defineCall(
  {
    method: "GET",
    path: "/api/board/years",
    tag: TAG,
    summary: "The board years that have data: period and menu title",
    access: "public",
    answer: z.array(z.object({ period: z.string(), title: z.string().describe("The menu text; the period when none was set") })),
    failure: BOARD_FAILURE,
  },
  async ({ context }) => {
    const page = await getBoardPage(context, null);
    return Object.entries(page.periodsWithData).map(([period, title]) => ({ period, title: title || period }));
  },
);

/** The spec's names of a board year's member lists, by the section each lists. */
export const BOARD_SECTION_FIELDS = {
  directors: "boardOfDirectors",
  trustees: "boardOfTrustees",
  executive: "executiveCommittee",
  nominating: "nominatingCommittee",
  administration: "administration",
} as const satisfies Record<BoardSectionKey, string>;

export const boardYearAnswer = z.object({
  _id: id,
  period: z.string(),
  title: z.string(),
  sponsoringInstitution: z.string().nullable(),
  ...(Object.fromEntries(Object.values(BOARD_SECTION_FIELDS).map((f) => [f, z.array(member)])) as Record<(typeof BOARD_SECTION_FIELDS)[BoardSectionKey], z.ZodArray<typeof member>>),
});
const NO_BOARD_YEAR = "There is no board year for that period.";

/** The board year of `period` as the public page shows it; a 404 when there is none. */
export async function readBoardYear(context: Parameters<typeof getBoardPage>[0], period: string): Promise<z.input<typeof boardYearAnswer>> {
  const page = await getBoardPage(context, period);
  if (!page.year || page.year.period !== period) throw notFound(NO_BOARD_YEAR);
  const y = page.year;
  return {
    _id: y.id,
    period: y.period,
    title: y.title || y.period,
    sponsoringInstitution: y.sponsoringInstitution,
    ...(Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [BOARD_SECTION_FIELDS[s], y[s].map(({ section: _, ...m }) => m)])) as Record<(typeof BOARD_SECTION_FIELDS)[BoardSectionKey], z.input<typeof member>[]>),
  };
}

export const boardYear = defineCall(
  {
    method: "GET",
    path: "/api/board/years/{period}",
    tag: TAG,
    summary: "One board year with its sections of members",
    access: "public",
    params: z.object({ period: z.string().regex(/^\d{4}-\d{4}$/) }),
    answer: boardYearAnswer,
    refusals: { 404: NO_BOARD_YEAR },
    notFound: NO_BOARD_YEAR,
    failure: BOARD_FAILURE,
  },
  async ({ context, params }) => readBoardYear(context, params.period),
);

export const pastPresidents = defineCall(
  {
    method: "GET",
    path: "/api/board/past-presidents",
    tag: TAG,
    summary: "The society's past presidents, in the office's order",
    access: "public",
    answer: z.array(z.object({ _id: id, years: z.string(), name: z.string(), note: z.string().nullable() })),
    failure: BOARD_FAILURE,
  },
  async ({ context }) => (await getBoardPage(context, null)).pastPresidents.map((p) => ({ _id: p.id, years: p.years, name: p.name, note: p.note })),
);

/**
 * The public files (the request policy's `file` class: GET and HEAD, no body), served through
 * `servePublicFile`, which decides who may read each.
 */
const publicFile = (kind: Parameters<typeof servePublicFile>[2], summary: string) =>
  defineCall(
    {
      method: "GET",
      path: `${PUBLIC_FILE_BASES[kind]}/{filename}`,
      tag: "Public: files",
      summary,
      description: "Kept by caches for a year (a stored name is never reused). `?download` asks the browser to save it under its original name. A news item's files are public once the item is published.",
      access: "public",
      params: z.object({ filename: z.string().regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/).describe("The stored name, as the record's `filename` gives it") }),
      query: z.object({ download: z.string().max(0).optional().describe("Present: a download, not a view") }),
      answer: { contentType: "application/octet-stream", description: "The file, with its own Content-Type; Range requests are answered 206" },
      refusals: { 404: "File not found." },
      notFound: "File not found.",
      failure: "The file could not be read. Please try again later.",
    },
    async ({ context, request, params }) => servePublicFile(context, request, kind, params.filename),
  );

export const conferenceFileCall = publicFile("conference_file", "A conference's file (programme, call for papers)");
export const conferencePhotoCall = publicFile("conference_photo", "A conference's photo");
export const newsFileCall = publicFile("news_file", "A news item's file or image");

export const PUBLIC_CALLS = [conferenceList, latestConferences, openConferences, conferenceDetail, latestNewsCall, newsDetail, boardYears, boardYear, pastPresidents, conferenceFileCall, conferencePhotoCall, newsFileCall];
