/**
 * The console's news: a searchable list, and create/update/delete with attachments. A save
 * stores its uploads first (checked by content), then writes the item, its file rows and the
 * audit entry in one D1 batch; if that batch fails the uploads are removed again. Every change
 * bumps the content version, so the public pages show it at once.
 */
import type { Services } from "~/server/services.server";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { files, news, NEWS_STATUSES } from "~/db/schema";
import { anyContains } from "~/db/search";
import { richTextOrNull, sanitizeRichText } from "~/server/rich-text.server";
import { bumpContentVersion } from "~/server/page-cache.server";
import { DOCUMENT_TYPES, IMAGE_TYPES } from "~/server/files/sniff.server";
import { auditEntry, writeWithAudit } from "~/models/audit.server";
import { storeUploads, type UploadRule } from "~/models/uploads.server";
import { conflict, notFound } from "~/server/errors.server";

type Ctx = Pick<Services, "db" | "d1" | "files">;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

const { webp: _webp, ...NEWS_IMAGES } = IMAGE_TYPES;
export const NEWS_FILE_RULE: UploadRule = { kind: "news_file", types: { ...DOCUMENT_TYPES, ...NEWS_IMAGES }, maxFiles: 10, maxBytes: 10 * 1024 * 1024, label: "files" };
export const FEATURED_IMAGE_RULE: UploadRule = { kind: "news_file", types: IMAGE_TYPES, maxFiles: 1, maxBytes: 5 * 1024 * 1024, label: "featured image" };

/** The console list's `?q=` (title or content, at most 100 characters) and `?status=` (a status, or all). */
export function parseNewsQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (NEWS_STATUSES as readonly string[]).includes(statusParam) ? statusParam : "";
  return { q, status };
}

export async function listNews(ctx: Ctx, q: string, status: string) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(news.status, status as NewsStatus));
  if (q) conditions.push(anyContains(q, [news.title, news.content]));
  const [rows, shown, total] = await ctx.db.batch([
    ctx.db
      .select({ id: news.id, title: news.title, status: news.status, createdAt: news.createdAt, files: sql<number>`(select count(*) from files where files.news_id = news.id)` })
      .from(news)
      .where(and(...conditions))
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(200),
    ctx.db.select({ n: count() }).from(news).where(and(...conditions)),
    ctx.db.select({ n: count() }).from(news),
  ]);
  return { rows, shown: shown[0]?.n ?? 0, total: total[0]?.n ?? 0 };
}

export async function loadNewsForEdit(ctx: Ctx, id: number) {
  const [rows, attachments] = await ctx.db.batch([
    ctx.db.select().from(news).where(eq(news.id, id)),
    ctx.db.select().from(files).where(eq(files.newsId, id)).orderBy(files.sortOrder, files.id),
  ]);
  const item = rows[0];
  if (!item) return null;
  return {
    values: {
      title: item.title,
      category: item.category ?? "",
      status: item.status,
      newsDate: item.newsDate ?? "",
      content: item.content,
      details: item.details ?? "",
      contactInfo: item.contactInfo ?? "",
    },
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    featuredImage: attachments.find((f) => f.id === item.featuredImageId) ?? null,
    files: attachments.filter((f) => f.id !== item.featuredImageId),
  };
}

export type NewsValues = { title: string; category: string; status: NewsStatus; newsDate: string; content: string; details: string; contactInfo: string };

/** The rich fields as the public page will show them: sanitised with the same allow-list. */
export function previewNews(v: NewsValues) {
  return { content: richTextOrNull(v.content), details: richTextOrNull(v.details), contactInfo: richTextOrNull(v.contactInfo) };
}

/**
 * Creates (`id` null) or updates a news item with new attachments and, optionally, a new
 * featured image or none. Returns its id.
 */
export async function saveNews(
  ctx: Ctx,
  actorId: number,
  id: number | null,
  v: NewsValues,
  uploads: { files: File[]; featured: File | null; removeFeatured: boolean },
) {
  const { db } = ctx;
  if (id !== null && !(await db.select({ id: news.id }).from(news).where(eq(news.id, id)).get())) throw conflict("That news item no longer exists.");
  const stored = await storeUploads(ctx, uploads.files, NEWS_FILE_RULE, actorId);
  let featured: Awaited<ReturnType<typeof storeUploads>> | null = null;
  try {
    featured = uploads.featured ? await storeUploads(ctx, [uploads.featured], FEATURED_IMAGE_RULE, actorId) : null;
  } catch (error) {
    await stored.discard();
    throw error;
  }
  const fields = {
    title: v.title,
    category: v.category || null,
    status: v.status,
    newsDate: v.newsDate || null,
    content: sanitizeRichText(v.content),
    details: sanitizeRichText(v.details) || null,
    contactInfo: sanitizeRichText(v.contactInfo) || null,
  };
  // The item's id inside the batch, for a new item as for an old one.
  const itemId = id ?? sql`(select max(id) from news)`;
  const fileRows = stored.rows.map((r, i) => ({ ...r, newsId: itemId as unknown as number, sortOrder: i }));
  const featuredRow = featured?.rows[0] ? { ...featured.rows[0], newsId: itemId as unknown as number, sortOrder: 99 } : null;
  let savedId: number;
  try {
    const [written] = await db.batch([
      id === null ? db.insert(news).values(fields).returning({ id: news.id }) : db.update(news).set({ ...fields, updatedAt: new Date() }).where(eq(news.id, id)).returning({ id: news.id }),
      ...(fileRows.length ? [db.insert(files).values(fileRows)] : []),
      ...(featuredRow ? [db.insert(files).values(featuredRow)] : []),
      ...(featuredRow
        ? [db.update(news).set({ featuredImageId: sql`(select id from files where r2_key = ${featuredRow.r2Key})` }).where(eq(news.id, itemId as unknown as number))]
        : uploads.removeFeatured
          ? [db.update(news).set({ featuredImageId: null }).where(eq(news.id, itemId as unknown as number))]
          : []),
      auditEntry({ db }, { actorId, action: id === null ? "news.create" : "news.update", entityType: "news", entityId: id ?? null, details: { title: v.title, status: v.status, files: fileRows.length } }),
    ]);
    if (!written[0]) throw conflict("That news item no longer exists.");
    savedId = written[0].id;
  } catch (error) {
    await Promise.all([stored.discard(), featured?.discard()]);
    throw error;
  }
  await bumpContentVersion(ctx);
  return savedId;
}


/** Deletes a news item, its file rows (cascade) and their objects in R2. */
export async function deleteNews(ctx: Ctx, actorId: number, id: number) {
  const keys = (await ctx.db.select({ key: files.r2Key }).from(files).where(eq(files.newsId, id)).all()).map((f) => f.key);
  const deleted = await writeWithAudit(ctx, ctx.db.delete(news).where(eq(news.id, id)), { actorId, action: "news.delete", entityType: "news", entityId: id });
  if (!deleted) throw notFound("That news item no longer exists.");
  if (keys.length) await ctx.files.delete(keys);
  await bumpContentVersion(ctx);
}

/** One of the item's files, by id (the console's pages) or stored filename (the spec's paths). */
export async function getNewsFile(ctx: Pick<Ctx, "db">, newsId: number, ref: number | string) {
  return ctx.db
    .select()
    .from(files)
    .where(and(typeof ref === "number" ? eq(files.id, ref) : eq(files.filename, ref), eq(files.newsId, newsId)))
    .get();
}

/** Deletes one attachment (the featured image too, which then unsets itself). */
export async function deleteNewsFile(ctx: Ctx, actorId: number, newsId: number, ref: number | string) {
  const file = await getNewsFile(ctx, newsId, ref);
  if (!file) throw notFound("That file no longer exists.");
  const fileId = file.id;
  await ctx.db.batch([
    ctx.db.update(news).set({ featuredImageId: null }).where(and(eq(news.id, newsId), eq(news.featuredImageId, fileId))),
    ctx.db.delete(files).where(eq(files.id, fileId)),
    auditEntry(ctx, { actorId, action: "news.file_delete", entityType: "news", entityId: newsId, details: { file: file.originalName } }),
  ]);
  await ctx.files.delete(file.r2Key);
  await bumpContentVersion(ctx);
}

