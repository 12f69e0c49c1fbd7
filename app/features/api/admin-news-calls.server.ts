/**
 * `/api/admin/news…`: the console's News tab as calls (spec: author-area-and-admin-console.md
 * section 7). Each call runs the functions the console's pages run (news-admin.server.ts); a body
 * is checked by the page's own schema (`newsFormSchema`, whose field names are the spec's), and rich
 * text is sanitised by the same save. A file in a path is its id or its stored filename, as for
 * conferences (shapes.ts `fileRefParam`).
 */
import { z } from "zod";
import { deleteNews, deleteNewsFile, FEATURED_IMAGE_RULE, listNews, loadNewsForEdit, NEWS_FILE_RULE, parseNewsQuery, saveNews } from "~/features/news/news-admin.server";
import { newsFormSchema } from "~/features/news/news-form";
import { NEWS_STATUSES } from "~/db/enums";
import { check, defineCall } from "~/server/api/call.server";
import { notFound } from "~/server/errors.server";
import { postedFiles } from "~/server/forms.server";
import { attachment } from "./public-calls.server";
import { fileRefParam, fileShape, id, idParam, idParams, messageAnswer } from "./shapes";

const TAG = "Administration: news";
const MISSING = "News item not found.";

export const adminNewsShape = z.object({
  _id: id,
  title: z.string(),
  category: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  newsDate: z.string().nullable().describe("YYYY-MM-DD, the date the office gave the item"),
  content: z.string().describe("Sanitised HTML"),
  details: z.string().nullable().describe("Sanitised HTML"),
  contactInfo: z.string().nullable().describe("Sanitised HTML"),
  featuredImage: fileShape.nullable(),
  files: z.array(fileShape),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().nullable().describe("ISO 8601"),
});
const withMessage = adminNewsShape.extend({ message: z.string() });

/** The item as the console's editor loads it, drafts included, in the spec's shape. */
async function adminNewsItem(context: Parameters<typeof loadNewsForEdit>[0], newsId: number) {
  const item = await loadNewsForEdit(context, newsId);
  if (!item) throw notFound(MISSING);
  const v = item.values;
  const file = attachment("news_file");
  return {
    _id: newsId,
    title: v.title,
    category: v.category || null,
    status: v.status,
    newsDate: v.newsDate || null,
    content: v.content,
    details: v.details || null,
    contactInfo: v.contactInfo || null,
    featuredImage: item.featuredImage ? file(item.featuredImage) : null,
    files: item.files.map(file),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt ? item.updatedAt.toISOString() : null,
  };
}

/** The news form's payload as text; the page's schema checks it after. */
const newsBody = z.object({
  title: z.string().optional().describe("Required; at most 200 characters."),
  category: z.string().optional().describe("One of the console's categories, or omitted for none"),
  status: z.string().optional().describe(`Required: one of ${NEWS_STATUSES.join(", ")}.`),
  newsDate: z.string().optional().describe("YYYY-MM-DD; omitted or empty for none"),
  content: z.string().optional().describe("Required: rich text (HTML), sanitised as on the pages."),
  details: z.string().optional().describe("Rich text (HTML)"),
  contactInfo: z.string().optional().describe("Rich text (HTML)"),
  removeFeatured: z.enum(["true", "false"], { message: "Send removeFeatured as 'true' or 'false'." }).optional().describe("'true' removes the featured image (a new featuredImage replaces it anyway)"),
});

const uploads = {
  files: { description: `Files to add (${Object.keys(NEWS_FILE_RULE.types).join(", ")}): at most ${NEWS_FILE_RULE.maxFiles}, ${NEWS_FILE_RULE.maxBytes / 1024 / 1024} MB each, checked by content`, multiple: true },
  featuredImage: { description: `The featured image (${Object.keys(FEATURED_IMAGE_RULE.types).join(", ")}, up to ${FEATURED_IMAGE_RULE.maxBytes / 1024 / 1024} MB), replacing the one it has` },
};

const SAVE_REFUSALS = {
  409: "That news item no longer exists (deleted meanwhile).",
  422: "A file was refused (count, type, size, or content not matching its name); nothing was stored.",
};

async function save(context: Parameters<typeof saveNews>[0], actorId: number, newsId: number | null, body: z.output<typeof newsBody>, form: FormData | null) {
  const { removeFeatured, ...fields } = body;
  const data = await check(newsFormSchema, { ...fields, title: fields.title ?? "", content: fields.content ?? "" }, undefined);
  return saveNews(context, actorId, newsId, data, { files: postedFiles(form, "files"), featured: postedFiles(form, "featuredImage")[0] ?? null, removeFeatured: removeFeatured === "true" });
}

export const listAdminNews = defineCall(
  {
    method: "GET",
    path: "/api/admin/news",
    tag: TAG,
    summary: "Every news item, drafts included, newest first: the console's list",
    description: "Filters as the console's list: `q` (title or content), `status`. At most 200 items; `shown` counts the items the filters match, `total` every item.",
    access: "admin",
    query: z.object({ q: z.string().max(100).optional(), status: z.enum(NEWS_STATUSES).optional() }),
    answer: z.object({
      news: z.array(z.object({ _id: id, title: z.string(), status: z.enum(NEWS_STATUSES), files: z.number().int(), createdAt: z.string().describe("ISO 8601") })),
      shown: z.number().int(),
      total: z.number().int(),
    }),
    failure: "Failed to load news",
  },
  async ({ request, context }) => {
    const { q, status } = parseNewsQuery(new URL(request.url));
    const { rows, shown, total } = await listNews(context, q, status);
    return { news: rows.map((r) => ({ _id: r.id, title: r.title, status: r.status, files: Number(r.files), createdAt: r.createdAt.toISOString() })), shown, total };
  },
);

export const readAdminNews = defineCall(
  {
    method: "GET",
    path: "/api/admin/news/{id}",
    tag: TAG,
    summary: "One news item as the console edits it, drafts included",
    access: "admin",
    params: idParams,
    answer: adminNewsShape,
    refusals: { 404: MISSING },
    notFound: MISSING,
    failure: "This page could not be loaded. Please try again later.",
  },
  async ({ context, params }) => adminNewsItem(context, params.id),
);

export const createNews = defineCall(
  {
    method: "POST",
    path: "/api/admin/news",
    tag: TAG,
    summary: "Add a news item, with files and a featured image",
    description: "The console's Add News form. Only a published item shows on the public pages.",
    access: "admin",
    body: { kind: "multipart", schema: newsBody, files: uploads },
    answer: withMessage,
    status: 201,
    refusals: { 422: SAVE_REFUSALS[422] },
    failure: "Failed to create news",
  },
  async ({ context, user, body, form }) => {
    const savedId = await save(context, user.id, null, body, form);
    return { message: "News created successfully!", ...(await adminNewsItem(context, savedId)) };
  },
);

export const updateNews = defineCall(
  {
    method: "PUT",
    path: "/api/admin/news/{id}",
    tag: TAG,
    summary: "Replace a news item's fields and add files",
    description: "The console's Edit News form: every field is replaced (an omitted optional field is emptied); files sent are added.",
    access: "admin",
    params: idParams,
    body: { kind: "multipart", schema: newsBody, files: uploads },
    answer: withMessage,
    refusals: { 404: MISSING, ...SAVE_REFUSALS },
    notFound: MISSING,
    failure: "Failed to update news",
  },
  async ({ context, user, params, body, form }) => {
    await save(context, user.id, params.id, body, form);
    return { message: "News updated successfully!", ...(await adminNewsItem(context, params.id)) };
  },
);

export const removeNews = defineCall(
  {
    method: "DELETE",
    path: "/api/admin/news/{id}",
    tag: TAG,
    summary: "Delete a news item with its files",
    access: "admin",
    params: idParams,
    answer: messageAnswer,
    refusals: { 404: "That news item no longer exists." },
    notFound: MISSING,
    failure: "Failed to delete news",
  },
  async ({ context, user, params }) => {
    await deleteNews(context, user.id, params.id);
    return { message: "News deleted successfully" };
  },
);

export const removeNewsFile = defineCall(
  {
    method: "DELETE",
    path: "/api/admin/news/{id}/files/{file}",
    tag: TAG,
    summary: "Delete one of a news item's files (the featured image too, which is then unset)",
    access: "admin",
    params: z.object({ id: idParam, file: fileRefParam }),
    answer: messageAnswer,
    refusals: { 404: "That file no longer exists. (Or it is not one of this item's files.)" },
    notFound: "That file no longer exists.",
    failure: "Failed to delete the file",
  },
  async ({ context, user, params }) => {
    await deleteNewsFile(context, user.id, params.id, params.file);
    return { message: "File deleted successfully" };
  },
);

export const ADMIN_NEWS_CALLS = [listAdminNews, createNews, readAdminNews, updateNews, removeNews, removeNewsFile];
