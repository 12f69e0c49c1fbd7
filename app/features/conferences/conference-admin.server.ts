/**
 * The console's conferences: a searchable, paged list, and create/update/delete with files,
 * photos, the header photo and the fees. A save stores its uploads first (checked by content),
 * then writes the conference, its file rows and the audit entry in one D1 batch; if the batch
 * fails the uploads are removed again. Every change bumps the content version, so the public
 * pages show it at once.
 */
import type { Services } from "~/server/services.server";
import { and, asc, count, eq, exists, inArray, notExists, sql, type SQL } from "drizzle-orm";
import { conferences, files, papers, registrations } from "~/db/schema";
import { anyContains } from "~/db/search";
import { CONFERENCE_SECTIONS, CONFERENCES_PAGE_SIZE, FEE_FIELDS, type ConferenceFormValues, type ConferenceInput, type FeesInput } from "./conference-form";
import { richTextOrNull, sanitizeRichText } from "~/server/rich-text.server";
import { bumpContentVersion } from "~/server/page-cache.server";
import { DOCUMENT_TYPES, IMAGE_TYPES } from "~/server/files/sniff.server";
import { auditEntry, writeWithAudit } from "~/models/audit.server";
import { conferenceSummaryFields } from "./conference.server";
import { storeUploads, UploadRejected, type UploadRule } from "~/models/uploads.server";
import { conflict, notFound } from "~/server/errors.server";
import { defineKeyset, type Page } from "~/server/keyset.server";
import { parseUtcDateTime, utcDateTimeInput } from "~/lib/deadline";

type Ctx = Pick<Services, "db" | "d1" | "files">;

export const CONFERENCE_FILE_RULE: UploadRule = { kind: "conference_file", types: DOCUMENT_TYPES, maxFiles: 10, maxBytes: 20 * 1024 * 1024, label: "files" };
export const CONFERENCE_PHOTO_RULE: UploadRule = { kind: "conference_photo", types: IMAGE_TYPES, maxFiles: 30, maxBytes: 8 * 1024 * 1024, label: "photos" };

/* ------------------------------------------------------------------ list */

const conferencePages = defineKeyset({
  sort: conferences.startDate,
  id: conferences.id,
  pattern: /\d{4}-\d{2}-\d{2}/,
  decode: String,
  encode: (row: { startDate: string }) => row.startDate,
  maxStart: 1_000_000,
});
export type ConferenceQuery = Page<string> & { q: string; status: string };

/** `?q=` (title or location), `?status=`, and a page of keyset paging, newest start first (decision 028). */
export function parseConferenceQuery(url: URL, statuses: readonly string[]): ConferenceQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status") ?? "";
  const status = statuses.includes(statusParam) ? statusParam : "";
  return { q, status, ...conferencePages.parse(url) };
}

/** One page (and one row more, to know whether another follows), with its file and photo counts. */
export async function listConferencesForAdmin(ctx: Pick<Ctx, "db">, query: ConferenceQuery) {
  const { q, status } = query;
  const conditions: Array<SQL | undefined> = [conferencePages.where(query)];
  if (status) conditions.push(eq(conferences.status, status as ConferenceInput["status"]));
  if (q) conditions.push(anyContains(q, [conferences.title, conferences.location]));
  const counted = (kind: string) => sql<number>`(select count(*) from files where files.conference_id = conferences.id and files.kind = ${kind})`;
  // A batch of one: D1 then reports the rows it read, which the benchmark holds to a page.
  const [found] = await ctx.db.batch([
    ctx.db
      .select({
        ...conferenceSummaryFields,
        files: counted("conference_file").as("file_count"),
        photos: counted("conference_photo").as("photo_count"),
      })
      .from(conferences)
      .where(and(...conditions))
      .orderBy(...conferencePages.orderBy(query))
      .limit(CONFERENCES_PAGE_SIZE + 1),
  ]);
  return conferencePages.slice(found, query, CONFERENCES_PAGE_SIZE);
}

/* ------------------------------------------------------------------ one conference */

const minor = (units: number | null) => (units === null ? null : units * 100);
const units = (minorUnits: number | null) => (minorUnits === null ? "" : String(minorUnits / 100));

/** The conference as the form shows it, with its files, photos and what depends on it. */
export async function loadConferenceForEdit(ctx: Pick<Ctx, "db">, id: number) {
  const { db } = ctx;
  const [rows, attachments, paperCount, registrationCount] = await db.batch([
    db.select().from(conferences).where(eq(conferences.id, id)),
    db
      .select({ id: files.id, kind: files.kind, filename: files.filename, originalName: files.originalName, contentType: files.contentType, size: files.size, width: files.width, height: files.height })
      .from(files)
      .where(and(eq(files.conferenceId, id), inArray(files.kind, ["conference_file", "conference_photo"])))
      .orderBy(asc(files.sortOrder), asc(files.id)),
    db.select({ n: count() }).from(papers).where(eq(papers.conferenceId, id)),
    db.select({ n: count() }).from(registrations).where(eq(registrations.conferenceId, id)),
  ]);
  const c = rows[0];
  if (!c) return null;
  const values: ConferenceFormValues = {
    title: c.title,
    location: c.location,
    startDate: c.startDate,
    endDate: c.endDate,
    status: c.status,
    submissionDeadline: c.submissionDeadline ? utcDateTimeInput(c.submissionDeadline) : "",
    ...(Object.fromEntries(CONFERENCE_SECTIONS.map(([k]) => [k, c[k] ?? ""])) as Record<(typeof CONFERENCE_SECTIONS)[number][0], string>),
    feeStandard: units(c.feeStandard),
    feeStudent: units(c.feeStudent),
    feeAccompaniedPerson: units(c.feeAccompaniedPerson),
    currency: c.currency,
    feeDescription: c.feeDescription ?? "",
    registrationEnabled: c.registrationEnabled,
    paymentRequired: c.paymentRequired,
    registrationDeadline: c.registrationDeadline ?? "",
  };
  return {
    id: c.id,
    values,
    headerPhotoId: c.headerPhotoId,
    files: attachments.filter((f) => f.kind === "conference_file"),
    photos: attachments.filter((f) => f.kind === "conference_photo"),
    papers: paperCount[0]?.n ?? 0,
    registrations: registrationCount[0]?.n ?? 0,
  };
}

/** The rich sections as the public page will show them: sanitised with the same allow-list. */
export function previewConference(v: ConferenceFormValues) {
  return CONFERENCE_SECTIONS.flatMap(([key, title]) => {
    const html = richTextOrNull(v[key]);
    return html ? [{ key, title, html }] : [];
  });
}

function feeColumns(f: FeesInput) {
  return {
    feeStandard: minor(f.feeStandard),
    feeStudent: minor(f.feeStudent),
    feeAccompaniedPerson: minor(f.feeAccompaniedPerson),
    currency: f.currency,
    feeDescription: f.feeDescription || null,
    registrationEnabled: f.registrationEnabled,
    paymentRequired: f.paymentRequired,
    registrationDeadline: f.registrationDeadline || null,
  };
}

async function requireConference(ctx: Pick<Ctx, "db">, id: number) {
  if (!(await ctx.db.select({ id: conferences.id }).from(conferences).where(eq(conferences.id, id)).get())) {
    // 409: the conference was deleted while the office was editing it.
    throw conflict("That conference no longer exists.");
  }
}

/** Names the form field whose uploads were refused, so the form can show the error beside it. */
const refusedIn = (field: string) => (error: unknown): never => {
  if (error instanceof UploadRejected) throw new UploadRejected(error.message, error.broke, field);
  throw error;
};

/**
 * Creates (`id` null) or updates a conference with new files and photos. Returns its id.
 * Everything is checked before anything is written; the rows go in one batch with the audit entry.
 */
export async function saveConference(ctx: Ctx, actorId: number, id: number | null, v: ConferenceInput, uploads: { files: File[]; photos: File[] }) {
  const { db } = ctx;
  if (id !== null) await requireConference(ctx, id);
  const stored = await storeUploads(ctx, uploads.files, CONFERENCE_FILE_RULE, actorId).catch(refusedIn("files"));
  let photos: Awaited<ReturnType<typeof storeUploads>>;
  try {
    photos = await storeUploads(ctx, uploads.photos, CONFERENCE_PHOTO_RULE, actorId).catch(refusedIn("photos"));
  } catch (error) {
    await stored.discard();
    throw error;
  }
  const fields = {
    title: v.title,
    location: v.location,
    startDate: v.startDate,
    endDate: v.endDate,
    status: v.status,
    submissionDeadline: v.submissionDeadline ? new Date(parseUtcDateTime(v.submissionDeadline)!) : null,
    description: sanitizeRichText(v.description),
    ...(Object.fromEntries(CONFERENCE_SECTIONS.filter(([k]) => k !== "description").map(([k]) => [k, sanitizeRichText(v[k]) || null])) as Record<string, string | null>),
    ...feeColumns(v),
  };
  // The conference's id inside the batch, for a new conference as for an old one. Each new file
  // or photo goes after the ones already there (one insert each, so each sees the one before).
  const conferenceId = (id ?? sql`(select max(id) from conferences)`) as unknown as number;
  const next = sql`(select coalesce(max(sort_order) + 1, 0) from files where conference_id = ${conferenceId})` as unknown as number;
  const rows = [...stored.rows, ...photos.rows].map((r) => ({ ...r, conferenceId, sortOrder: next }));
  const write =
    id === null
      ? db.insert(conferences).values(fields).returning({ id: conferences.id })
      : db.update(conferences).set({ ...fields, updatedAt: new Date() }).where(eq(conferences.id, id)).returning({ id: conferences.id });
  let savedId: number;
  try {
    const [written] = await db.batch([
      write,
      ...rows.map((r) => db.insert(files).values(r)),
      auditEntry({ db }, {
        actorId,
        action: id === null ? "conference.create" : "conference.update",
        entityType: "conference",
        entityId: id,
        details: { title: v.title, status: v.status, submissionDeadline: v.submissionDeadline || null, files: stored.rows.length, photos: photos.rows.length },
      }),
    ]);
    if (!written[0]) throw conflict("That conference no longer exists.");
    savedId = written[0].id;
  } catch (error) {
    await Promise.all([stored.discard(), photos.discard()]);
    throw error;
  }
  await bumpContentVersion(ctx);
  return savedId;
}

/** Updates the fees and registration settings only. */
export async function saveConferenceFees(ctx: Ctx, actorId: number, id: number, f: FeesInput) {
  const changed = await writeWithAudit(ctx, ctx.db.update(conferences).set({ ...feeColumns(f), updatedAt: new Date() }).where(eq(conferences.id, id)), {
    actorId,
    action: "conference.fees",
    entityType: "conference",
    entityId: id,
    details: Object.fromEntries([...FEE_FIELDS.map((k) => [k, f[k]]), ["currency", f.currency], ["registrationEnabled", f.registrationEnabled], ["paymentRequired", f.paymentRequired]]),
  });
  if (!changed) throw notFound("That conference no longer exists.");
  await bumpContentVersion(ctx);
}

/** A conference's file or photo as a path names it: its id (the console's pages) or its stored filename (the spec's paths). */
export type FileRef = number | string;
export type ConferenceFileKind = "conference_file" | "conference_photo";

const fileIs = (ref: FileRef) => (typeof ref === "number" ? eq(files.id, ref) : eq(files.filename, ref));

/** Makes one of the conference's own photos (by id or stored filename) its header photo, or (`photo` null) none. */
export async function setHeaderPhoto(ctx: Ctx, actorId: number, id: number, photo: FileRef | null) {
  const { db } = ctx;
  const ownPhoto = db
    .select({ id: files.id })
    .from(files)
    .where(and(photo === null ? undefined : fileIs(photo), eq(files.conferenceId, id), eq(files.kind, "conference_photo")));
  const changed = await writeWithAudit(
    ctx,
    db
      .update(conferences)
      .set({ headerPhotoId: photo === null ? null : sql`(${ownPhoto})`, updatedAt: new Date() })
      .where(and(eq(conferences.id, id), photo === null ? undefined : exists(ownPhoto))),
    { actorId, action: "conference.header_photo", entityType: "conference", entityId: id, details: typeof photo === "string" ? { filename: photo } : { fileId: photo } },
  );
  if (!changed) throw conflict(photo === null ? "That conference no longer exists." : "That photo is not one of this conference's photos.");
  await bumpContentVersion(ctx);
}

/**
 * Deletes a conference with its files and photos (rows by cascade, objects in R2 after). Refused
 * while papers or registrations refer to it, by the statement itself, so a paper submitted a
 * moment before is never orphaned.
 */
export async function deleteConference(ctx: Ctx, actorId: number, id: number) {
  const { db } = ctx;
  const keys = (await db.select({ key: files.r2Key }).from(files).where(eq(files.conferenceId, id)).all()).map((f) => f.key);
  const deleted = await writeWithAudit(
    { db },
    db
      .delete(conferences)
      .where(
        and(
          eq(conferences.id, id),
          notExists(db.select({ one: sql`1` }).from(papers).where(eq(papers.conferenceId, id))),
          notExists(db.select({ one: sql`1` }).from(registrations).where(eq(registrations.conferenceId, id))),
        ),
      ),
    { actorId, action: "conference.delete", entityType: "conference", entityId: id },
  );
  if (!deleted) {
    const left = await loadConferenceForEdit(ctx, id);
    if (!left) throw notFound("That conference no longer exists.");
    throw conflict(dependantsMessage(left.papers, left.registrations));
  }
  if (keys.length) await ctx.files.delete(keys);
  await bumpContentVersion(ctx);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Why a conference cannot be deleted, or null when it can. */
export function dependantsMessage(paperCount: number, registrationCount: number) {
  const parts = [paperCount ? plural(paperCount, "paper") : "", registrationCount ? plural(registrationCount, "registration") : ""].filter(Boolean);
  return parts.length
    ? `This conference cannot be deleted: it has ${parts.join(" and ")}. Set its status to Ended instead.`
    : "";
}

/** One of the conference's files or photos (or, given `kind`, only of that kind). */
export async function getConferenceFile(ctx: Pick<Ctx, "db">, conferenceId: number, ref: FileRef, kind?: ConferenceFileKind) {
  return ctx.db
    .select()
    .from(files)
    .where(and(fileIs(ref), eq(files.conferenceId, conferenceId), kind ? eq(files.kind, kind) : inArray(files.kind, ["conference_file", "conference_photo"])))
    .get();
}

/** Deletes one file or photo (a header photo unsets itself first). */
export async function deleteConferenceFile(ctx: Ctx, actorId: number, conferenceId: number, ref: FileRef, kind?: ConferenceFileKind) {
  const file = await getConferenceFile(ctx, conferenceId, ref, kind);
  if (!file) throw notFound("That file no longer exists.");
  const fileId = file.id;
  const photo = file.kind === "conference_photo";
  await ctx.db.batch([
    ctx.db.update(conferences).set({ headerPhotoId: null }).where(and(eq(conferences.id, conferenceId), eq(conferences.headerPhotoId, fileId))),
    ctx.db.delete(files).where(eq(files.id, fileId)),
    auditEntry(ctx, { actorId, action: photo ? "conference.photo_delete" : "conference.file_delete", entityType: "conference", entityId: conferenceId, details: { file: file.originalName } }),
  ]);
  await ctx.files.delete(file.r2Key);
  await bumpContentVersion(ctx);
  return { photo };
}
