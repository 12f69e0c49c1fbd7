import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { batchPrepared, placeholders, preparedQuery } from "~/db/prepared.server";
import { attachmentFields } from "~/models/file.server";
import { files, news } from "~/db/schema";
import { richTextOrNull } from "~/server/rich-text.server";

export const LATEST_NEWS_COUNT = 4;

/** Shown date: updatedAt, otherwise createdAt. */
const shownAt = sql<number>`coalesce(${news.updatedAt}, ${news.createdAt})`;

/** The newest published items (home page: `LATEST_NEWS_COUNT`). */
export const latestNews = preparedQuery(
  (db) =>
    db
      .select({ id: news.id, title: news.title, content: news.content, description: news.description, shownAt })
      .from(news)
      .where(eq(news.status, "published"))
      .orderBy(desc(shownAt), desc(news.id))
      .limit(sql.placeholder("limit")),
  placeholders<{ limit: number }>(),
);

export function presentNewsSummary(row: { id: number; title: string; content: string; description: string | null; shownAt: number }) {
  return { id: row.id, title: row.title, shownAt: row.shownAt, html: richTextOrNull(row.description || row.content) };
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
export async function getPublicNewsItem(db: Database, id: number) {
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

export function publishedNewsForSitemapQuery(db: Database) {
  return db.select({ id: news.id, shownAt }).from(news).where(eq(news.status, "published")).orderBy(desc(shownAt));
}
