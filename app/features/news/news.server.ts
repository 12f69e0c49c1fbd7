import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { attachmentFields } from "~/models/file.server";
import { files, news } from "~/db/schema";
import { richTextOrNull } from "~/server/rich-text.server";
import type { Services } from "~/server/services.server";

export const LATEST_NEWS_COUNT = 4;

/** Shown date: updatedAt, otherwise createdAt. */
const shownAt = sql<number>`coalesce(${news.updatedAt}, ${news.createdAt})`;

export const NEWS_PAGE_SIZE = 10;

const summaryFields = { id: news.id, title: news.title, category: news.category, newsDate: news.newsDate, content: news.content, description: news.description, shownAt };

/** Published items, newest first: the home page's latest (`LATEST_NEWS_COUNT`) and the pages of /news. */
export const latestNews = preparedQuery(
  (db) =>
    db
      .select(summaryFields)
      .from(news)
      .where(eq(news.status, "published"))
      .orderBy(desc(shownAt), desc(news.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  placeholders<{ limit: number; offset: number }>(),
);

const publishedCount = preparedQuery(
  (db) => db.select({ n: count() }).from(news).where(eq(news.status, "published")),
  placeholders<Record<string, never>>(),
);

type SummaryRow = { id: number; title: string; category: string | null; newsDate: string | null; content: string; description: string | null; shownAt: number };

/** An item as lists show it: the same title, category, dates and summary on home and on /news. */
export function presentNewsSummary(row: SummaryRow) {
  return { id: row.id, title: row.title, category: row.category || null, shownAt: row.shownAt, newsDate: row.newsDate, html: richTextOrNull(row.description || row.content) };
}

/** Page `page` (from 1) of the published news and how many pages there are; one round trip. */
export async function publishedNewsPage({ db }: Pick<Services, "db">, page: number) {
  const [rows, [total]] = await batchPrepared(db, [latestNews({ limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE }), publishedCount({})]);
  return { items: rows.map(presentNewsSummary), pages: Math.max(1, Math.ceil((total?.n ?? 0) / NEWS_PAGE_SIZE)) };
}

const publicNewsById = preparedQuery(
  (db) =>
    db
      .select()
      .from(news)
      .where(and(eq(news.id, sql.placeholder("id")), ne(news.status, "draft")))
      .limit(1),
  placeholders<{ id: number }>(),
);

const newsAttachments = preparedQuery(
  (db) =>
    db
      .select(attachmentFields)
      .from(files)
      .where(eq(files.newsId, sql.placeholder("id")))
      .orderBy(files.sortOrder, files.id),
  placeholders<{ id: number }>(),
);

/** A published or archived news item with its files; drafts are never public. One round trip. */
export async function getPublicNewsItem({ db }: Pick<Services, "db">, id: number) {
  const [rows, attachments] = await batchPrepared(db, [publicNewsById({ id }), newsAttachments({ id })]);
  const item = rows[0];
  if (!item) return null;
  const featured = attachments.find((f) => f.id === item.featuredImageId) ?? null;
  return {
    id: item.id,
    title: item.title,
    category: item.category,
    status: item.status,
    newsDate: item.newsDate,
    shownAt: (item.updatedAt ?? item.createdAt).getTime(),
    contentHtml: richTextOrNull(item.content) ?? richTextOrNull(item.description),
    detailsHtml: richTextOrNull(item.details),
    contactHtml: richTextOrNull(item.contactInfo),
    featuredImage: featured,
    files: attachments.filter((f) => f.id !== item.featuredImageId),
  };
}

export function publishedNewsForSitemapQuery({ db }: Pick<Services, "db">) {
  return db.select({ id: news.id, shownAt }).from(news).where(eq(news.status, "published")).orderBy(desc(shownAt));
}
