/**
 * How the office hears of new papers (decision 061), a setting of the site kept in `site_state`
 * (its small key-value table): a mail per submission, written in the submission's own batch
 * (submission.server.ts), or a daily digest the housekeeping writes once a day; or none.
 * Without a setting saved, the office gets a mail per paper at the contact address.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { conferences, papers, siteState, users } from "~/db/schema";
import { outboxRowsSelected, queueOutboxRows } from "~/mail/outbox.server";
import { MAIL_TEMPLATES, type MailPayload } from "~/mail/templates";
import { paperDisplayNumber } from "~/lib/status";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import type { Services } from "~/server/services.server";
import { auditEntry } from "./audit.server";
import { officeNoticesSchema, type OfficeNotices } from "./office-notices";

const SETTING = "office_notices";
/** The instant up to which the digests have covered new papers. */
const DIGEST_COVERED = "office_digest_covered_to";

const DAY = 86_400_000;
/** The digest goes at the first housekeeping run after 07:00 UTC, covering the 24 hours before it. */
const DIGEST_HOUR = 7;
/** The papers a digest lists; more are counted and left to the Papers tab. */
export const DIGEST_LIST_MAX = 100;

export async function readOfficeNotices({ db, env }: Pick<Services, "db" | "env">): Promise<OfficeNotices> {
  const row = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, SETTING)).get();
  let stored: unknown = null;
  try {
    stored = row ? JSON.parse(row.value) : null;
  } catch {
    stored = null;
  }
  const parsed = officeNoticesSchema.safeParse(stored);
  return parsed.success ? parsed.data : { mode: "each", address: env.CONTACT_EMAIL };
}

/** Saves the setting with its audit entry, in one batch. */
export async function saveOfficeNotices({ db }: Pick<Services, "db">, actorId: number, notices: OfficeNotices) {
  await db.batch([
    db
      .insert(siteState)
      .values({ key: SETTING, value: JSON.stringify(notices) })
      .onConflictDoUpdate({ target: siteState.key, set: { value: sql`excluded.value` } }),
    auditEntry({ db }, { actorId, action: "settings.office_notices", entityType: "setting", entityId: SETTING, details: notices }),
  ]);
}

/** The latest digest instant at or before `now`: 07:00 UTC today, or yesterday before then. */
export const digestSlot = (now: number) => Math.floor((now - DIGEST_HOUR * 3_600_000) / DAY) * DAY + DIGEST_HOUR * 3_600_000;

/**
 * The daily digest: when the setting asks for one and the last digest did not cover today's
 * slot, one mail lists the papers submitted since the last slot covered (24 hours before the
 * first), and the covered instant moves on. The mail and the move are one batch, each written
 * only if the covered instant is still what this run read: two runs at once send one digest.
 * A day without new papers sends nothing.
 */
export async function sendOfficeDigest(services: Pick<Services, "db" | "env" | "queues" | "waitUntil">, now: number) {
  const { db } = services;
  const notices = await readOfficeNotices(services);
  if (notices.mode !== "digest") return 0;
  const slot = digestSlot(now);
  const covered = await db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, DIGEST_COVERED)).get();
  const from = covered ? Number(covered.value) : slot - DAY;
  if (from >= slot) return 0;
  const rows = await db
    .select({
      paperNumber: papers.paperNumber,
      title: papers.title,
      startDate: conferences.startDate,
      conference: conferences.title,
      conferenceId: conferences.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(papers)
    .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
    .leftJoin(users, eq(users.id, papers.submitterId))
    .where(and(gt(papers.submittedAt, new Date(from)), lte(papers.submittedAt, new Date(slot))))
    .orderBy(asc(papers.submittedAt), asc(papers.id))
    .limit(DIGEST_LIST_MAX + 1)
    .all();
  const unchanged = covered ? sql`(select value from site_state where key = ${DIGEST_COVERED}) = ${covered.value}` : sql`not exists (select 1 from site_state where key = ${DIGEST_COVERED})`;
  const statements = [];
  if (rows.length) {
    const listed = rows.slice(0, DIGEST_LIST_MAX);
    const conferenceIds = [...new Set(listed.map((r) => r.conferenceId))];
    const payload: MailPayload<"submission_digest"> = MAIL_TEMPLATES.submission_digest.parse({
      papers: listed.map((r) => ({
        paperNumber: paperDisplayNumber(r.startDate, r.paperNumber),
        title: r.title,
        conference: r.conference,
        submitter: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(),
      })),
      more: rows.length > DIGEST_LIST_MAX,
      from: new Date(from).toISOString(),
      to: new Date(slot).toISOString(),
      link: new URL(conferenceIds.length === 1 ? `/admin/papers?conference=${conferenceIds[0]}` : "/admin/papers", services.env.SITE_URL).toString(),
    });
    statements.push(outboxRowsSelected(db, { template: "submission_digest", from: sql`(select 1)`, where: unchanged, to: sql`${notices.address}`, payload: sql`json(${JSON.stringify(payload)})`, now }));
  }
  statements.push(
    db
      .insert(siteState)
      .values({ key: DIGEST_COVERED, value: String(slot) })
      .onConflictDoUpdate({ target: siteState.key, set: { value: sql`excluded.value` }, ...(covered ? { setWhere: eq(siteState.value, covered.value) } : { setWhere: sql`0` }) }),
  );
  const results = (await db.batch(statements as [(typeof statements)[number], ...typeof statements])) as unknown[];
  const ids = rows.length ? ((results[0] as Array<{ id: number }>) ?? []).map((r) => r.id) : [];
  queueOutboxRows(services, ids);
  return ids.length;
}

export const officeDigestHousekeeping: HousekeepingTask = {
  name: "office notices: the daily digest of new papers",
  run: (services, now) => sendOfficeDigest(services, now),
};
