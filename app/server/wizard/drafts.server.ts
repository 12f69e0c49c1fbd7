/**
 * The wizards' drafts in D1 (decision 028): what each step kept, so closing the browser and
 * coming back resumes with everything typed. A signed-in user's draft is keyed by the account;
 * an anonymous visitor's (registration) by a random value in an HttpOnly cookie, of which only
 * the SHA-256 is stored. The cookie carries nothing else: the draft never leaves the server.
 */
import { and, eq, inArray, isNotNull, isNull, like, lt, notInArray, or, sql } from "drizzle-orm";
import { chunksOf } from "~/db/batch.server";
import { batchPrepared, placeholders, preparedQuery, type PreparedCall, type PreparedResults } from "~/db/prepared.server";
import { files as storedFiles, wizardDrafts } from "~/db/schema";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import type { Services } from "~/server/services.server";
import { randomToken, sha256Hex } from "../auth/crypto.server";
import { readCookie, sessionUserId } from "../auth/session.server";

export type DraftOwner = { id: string; userId: number | null; setCookie: string | null };
/** A wizard's kept state; `stored`: whether a draft row holds it (a new draft is not yet one). */
export type WizardDraft = { step: number; data: Record<string, unknown>; fileKey: string | null; secondFileKey?: string | null; stored?: boolean };

/** How long an untouched draft is kept: an anonymous visitor's a day, an account's thirty days. */
export const ANONYMOUS_DRAFT_MS = 24 * 3600_000;
export const USER_DRAFT_MS = 30 * 24 * 3600_000;

function cookieName(secure: boolean) {
  return secure ? "__Host-draft" : "draft";
}

export function userDraftOwner(userId: number, wizard: string): DraftOwner {
  return { id: `user:${userId}:${wizard}`, userId, setCookie: null };
}

/**
 * The anonymous browser's draft: its cookie's value hashed, or a new value (then `setCookie`
 * must go out with the answer).
 */
export async function anonymousDraftOwner(request: Request, wizard: string): Promise<DraftOwner> {
  const secure = new URL(request.url).protocol === "https:";
  const existing = readCookie(request, cookieName(secure));
  const value = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken(32);
  const parts = [`${cookieName(secure)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${ANONYMOUS_DRAFT_MS / 1000}`];
  if (secure) parts.push("Secure");
  return { id: `anon:${await sha256Hex(value)}:${wizard}`, userId: null, setCookie: value === existing ? null : parts.join("; ") };
}

/** A draft by its id: read on every page of a wizard, so built once (decision 024). */
const draftById = preparedQuery((db) => db.select().from(wizardDrafts).where(eq(wizardDrafts.id, sql.placeholder("id"))), placeholders<{ id: string }>());

/** The signed-in user's draft of a wizard, the user named by the session (`sessionUserId`): the row `userDraftOwner` names. */
const userDraftBySession = preparedQuery(
  (db) => db.select().from(wizardDrafts).where(eq(wizardDrafts.id, sql`'user:' || ${sessionUserId} || ':' || ${sql.placeholder("wizard")}`)),
  placeholders<{ sessionId: string; wizard: string }>(),
);

/** The signed-in user's draft of `wizard` as a read for the session's round trip (`requireUserWith`); `draftOfRows` makes it a draft. */
export const userDraftCall = (wizard: string, sessionId: string) => userDraftBySession({ sessionId, wizard });

/** A draft row as the wizard's kept state: none (a new draft) when missing or left longer than its owner's draft lasts. */
export function draftOfRows(rows: Array<typeof wizardDrafts.$inferSelect>, owner: Pick<DraftOwner, "userId">, now = Date.now()): WizardDraft {
  const [row] = rows;
  const ttl = owner.userId === null ? ANONYMOUS_DRAFT_MS : USER_DRAFT_MS;
  if (!row || now - row.updatedAt.getTime() > ttl) return { step: 1, data: {}, fileKey: null, stored: false };
  return { step: row.step, data: row.data, fileKey: row.fileKey, secondFileKey: row.secondFileKey, stored: true };
}

/** The cookie that forgets an anonymous draft (after the wizard ends). */
export function clearDraftCookie(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export async function loadDraft(services: Pick<Services, "db">, owner: DraftOwner, now = Date.now()): Promise<WizardDraft> {
  const [draft] = await loadDraftWith(services, owner, [], now);
  return draft;
}

/** The draft, and the page's other reads (`alongside`) in the same D1 round trip. */
export async function loadDraftWith<const Calls extends readonly PreparedCall<unknown>[]>(
  { db }: Pick<Services, "db">,
  owner: DraftOwner,
  alongside: Calls,
  now = Date.now(),
): Promise<[WizardDraft, PreparedResults<Calls>]> {
  const [rows, ...rest] = (await batchPrepared(db, [draftById({ id: owner.id }), ...alongside])) as unknown as [Array<typeof wizardDrafts.$inferSelect>, ...unknown[]];
  return [draftOfRows(rows, owner, now), rest as unknown as PreparedResults<Calls>];
}

/** Keeps the draft (created on first save); the step is where the wizard resumes. */
export async function saveDraft({ db }: Pick<Services, "db">, owner: DraftOwner, wizard: string, draft: Omit<WizardDraft, "fileKey"> & { fileKey?: string | null }) {
  const values = { step: draft.step, data: draft.data, updatedAt: new Date(), ...(draft.fileKey !== undefined ? { fileKey: draft.fileKey } : {}) };
  await db
    .insert(wizardDrafts)
    .values({ id: owner.id, wizard, userId: owner.userId, fileKey: null, ...values })
    .onConflictDoUpdate({ target: wizardDrafts.id, set: values });
}

/** The statement that keeps a draft, for a batch that records its upload with it. */
export function saveDraftStatement({ db }: Pick<Services, "db">, owner: DraftOwner, wizard: string, draft: WizardDraft) {
  const values = { step: draft.step, data: draft.data, fileKey: draft.fileKey, updatedAt: new Date() };
  return db
    .insert(wizardDrafts)
    .values({ id: owner.id, wizard, userId: owner.userId, ...values })
    .onConflictDoUpdate({ target: wizardDrafts.id, set: values });
}

/**
 * The statement that sets the second file a draft holds (or none), for the batch that records
 * its upload: the other writes of a draft leave it as it is.
 */
export function secondFileStatement({ db }: Pick<Services, "db">, owner: DraftOwner, key: string | null) {
  return db.update(wizardDrafts).set({ secondFileKey: key, updatedAt: new Date() }).where(eq(wizardDrafts.id, owner.id));
}

/** The files a draft row holds. */
const keysOf = (rows: Array<{ fileKey: string | null; secondFileKey: string | null }>) => rows.flatMap((r) => [r.fileKey, r.secondFileKey].filter((k): k is string => Boolean(k)));

/** Deletes files a draft was holding: the objects in R2 and their rows, if any were recorded. */
async function dropDraftFiles({ db, files }: Pick<Services, "db" | "files">, keys: string[]) {
  for (const chunk of chunksOf(keys, 90)) {
    await db.delete(storedFiles).where(inArray(storedFiles.r2Key, chunk));
    await files.delete(chunk);
  }
}

/** Forgets the draft and deletes its waiting files, if any. */
export async function discardDraft(services: Pick<Services, "db" | "files">, owner: DraftOwner) {
  const rows = await services.db.delete(wizardDrafts).where(eq(wizardDrafts.id, owner.id)).returning({ fileKey: wizardDrafts.fileKey, secondFileKey: wizardDrafts.secondFileKey });
  const keys = keysOf(rows);
  if (keys.length) await dropDraftFiles(services, keys);
}

/** The statement that forgets a draft, for the batch of the change that completes it. */
export function discardDraftStatement({ db }: Pick<Services, "db">, owner: DraftOwner) {
  return db.delete(wizardDrafts).where(eq(wizardDrafts.id, owner.id));
}

/** Where a file uploaded in a wizard's step waits in R2 until the wizard ends. */
export const DRAFT_FILE_PREFIX = "draft/";

/** How long a waiting file no draft holds is left alone: an upload still being recorded is never taken. */
const UNHELD_GRACE_MS = 24 * 3600_000;

/**
 * Waiting files no draft holds, a day after they were stored (two uploads into one draft at once
 * keep one; a draft that went keeps none): their rows and their objects in R2, and objects under
 * the prefix that never got a row (up to 10,000 listed per run).
 */
export const unheldUploadsHousekeeping: HousekeepingTask = {
  name: "wizard drafts: drop files no draft holds",
  async run({ db, files }, now) {
    const before = new Date(now - UNHELD_GRACE_MS);
    const held = db
      .select({ key: wizardDrafts.fileKey })
      .from(wizardDrafts)
      .where(isNotNull(wizardDrafts.fileKey))
      .union(db.select({ key: wizardDrafts.secondFileKey }).from(wizardDrafts).where(isNotNull(wizardDrafts.secondFileKey)));
    const rows = await db
      .delete(storedFiles)
      .where(and(like(storedFiles.r2Key, `${DRAFT_FILE_PREFIX}%`), isNull(storedFiles.paperId), lt(storedFiles.createdAt, before), notInArray(storedFiles.r2Key, held)))
      .returning({ key: storedFiles.r2Key });
    // The whole prefix, a page at a time: unheld files may sit behind any number of held ones.
    const old: string[] = [];
    for (let cursor: string | undefined, page = 0; page < 20; page++) {
      const listed = await files.list({ prefix: DRAFT_FILE_PREFIX, limit: 500, cursor });
      old.push(...listed.objects.filter((o) => o.uploaded.getTime() < before.getTime()).map((o) => o.key));
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
    const known = new Set<string>();
    for (const chunk of chunksOf(old, 90)) {
      const [rowsOf, draftsOf] = await db.batch([
        db.select({ key: storedFiles.r2Key }).from(storedFiles).where(inArray(storedFiles.r2Key, chunk)),
        db.select({ key: wizardDrafts.fileKey, second: wizardDrafts.secondFileKey }).from(wizardDrafts).where(or(inArray(wizardDrafts.fileKey, chunk), inArray(wizardDrafts.secondFileKey, chunk))),
      ]);
      for (const r of rowsOf) known.add(r.key);
      for (const r of draftsOf) for (const k of [r.key, r.second]) if (k) known.add(k);
    }
    const gone = [...new Set([...rows.map((r) => r.key), ...old.filter((k) => !known.has(k))])];
    for (const chunk of chunksOf(gone, 1000)) await files.delete(chunk);
    return gone.length;
  },
};

/** Drafts left untouched past their time go, with the files they were holding. */
export const draftHousekeeping: HousekeepingTask = {
  name: "wizard drafts: drop abandoned",
  async run({ db, files }, now) {
    const stale = or(
      and(sql`${wizardDrafts.userId} is null`, lt(wizardDrafts.updatedAt, new Date(now - ANONYMOUS_DRAFT_MS))),
      and(isNotNull(wizardDrafts.userId), lt(wizardDrafts.updatedAt, new Date(now - USER_DRAFT_MS))),
    );
    const gone = await db.delete(wizardDrafts).where(stale).returning({ fileKey: wizardDrafts.fileKey, secondFileKey: wizardDrafts.secondFileKey });
    await dropDraftFiles({ db, files }, keysOf(gone));
    return gone.length;
  },
};
