/**
 * The web Worker never speaks SMTP: it records each mail as an outbox row (D1) and names the row
 * on the `notices` queue (decision 015). A mail is written in the same D1 batch as the change it
 * reports (`outboxEntry` + `commitWithMail`), so a paper's decision and its letters, or a payment
 * and its receipt, commit together or not at all; the queue message goes out after the commit.
 * If the queue cannot be reached the row stays `pending` and the housekeeping queues it again.
 */
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { outbox, users } from "~/db/schema";
import { MAIL_TEMPLATES, type MailPayload, type MailTemplate } from "./templates";
import type { NoticeMessage } from "~/server/queues/messages";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import type { Services } from "~/server/services.server";

type Mailer = Pick<Services, "db" | "queues" | "waitUntil">;

/** The outbox row of one mail, as an insert to put in the batch of the change it reports. */
export function outboxEntry<T extends MailTemplate>({ db }: Pick<Services, "db">, template: T, to: string, payload: MailPayload<T>) {
  const data = MAIL_TEMPLATES[template].parse(payload);
  return db.insert(outbox).values({ template, toAddress: to, payload: data as Record<string, unknown> }).returning({ id: outbox.id });
}
export type OutboxEntry = ReturnType<typeof outboxEntry>;

/**
 * How a mail greets an account's holder: salutation, first and last name, read from the account
 * in the statement that writes the mail, so the sender never loads the row for it.
 */
const ACCOUNT_NAME = sql`trim(replace(coalesce(nullif(${users.salutation}, '') || ' ', '') || ${users.firstName} || ' ' || ${users.lastName}, '  ', ' '))`;

/** A template's data without the greeting, which `accountMail` takes from the account. */
export type AccountMailPayload<T extends MailTemplate> = Omit<MailPayload<T>, "name">;

/**
 * The outbox row of a mail to the account `who` selects (a condition on users: by id, or by
 * address and state), written only if that account is there, to its address and with its
 * holder's name (`ACCOUNT_NAME`). When it may not be there the database decides, so a request
 * does the same work for an address with an account and one without (decision 030).
 */
export function accountMail<T extends MailTemplate>({ db }: Pick<Services, "db">, template: T, who: SQL | undefined, payload: AccountMailPayload<T>) {
  return selectedMail({ db }, template, { from: users, where: who, to: sql`${users.email}`, payload: { ...payload, name: "" } as MailPayload<T>, computed: { name: ACCOUNT_NAME } });
}

/**
 * The outbox row of a mail whose data the database completes in the statement that writes it:
 * one mail per row of `from` that `where` selects, to `to`, with the fields of `computed` read
 * from that row (a paper's number, given only by the batch that creates the paper). The fixed
 * part of the payload is checked by the template's schema here; the notices Worker checks it all.
 */
export function selectedMail<T extends MailTemplate>(
  { db }: Pick<Services, "db">,
  template: T,
  o: { from: SQLiteTable; where: SQL | undefined; to: SQL; payload: MailPayload<T>; computed?: Record<string, SQL> },
) {
  const data = MAIL_TEMPLATES[template].parse(o.payload) as Record<string, unknown>;
  const fields = Object.entries(data).flatMap(([key, value]) => [sql`${key}`, o.computed?.[key] ?? (typeof value === "object" && value !== null ? sql`json(${JSON.stringify(value)})` : sql`${value}`)]);
  return outboxRowsSelected(db, { template, from: o.from, where: o.where, to: o.to, payload: sql`json_object(${sql.join(fields, sql`, `)})` });
}

/**
 * The insert of pending outbox rows, one per row that `from` and `where` select, each to `to`
 * with `payload` (SQL read from that row): every column of the outbox, in its order, as an
 * INSERT … SELECT must name them. The one way mails whose rows the database selects are written.
 */
export function outboxRowsSelected(db: Database, o: { template: MailTemplate; from: SQLiteTable | SQL; where: SQL | undefined; to: SQL; payload: SQL; now?: number }) {
  return db
    .insert(outbox)
    .select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          template: sql<string>`${o.template}`.as("template"),
          toAddress: sql<string>`${o.to}`.as("to_address"),
          payload: sql<Record<string, unknown>>`${o.payload}`.as("payload"),
          status: sql<"pending">`'pending'`.as("status"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`null`.as("last_error"),
          createdAt: sql<Date>`${o.now ?? Date.now()}`.as("created_at"),
          sentAt: sql<Date | null>`null`.as("sent_at"),
          claimedAt: sql<Date | null>`null`.as("claimed_at"),
        })
        .from(o.from as SQLiteTable)
        .where(o.where),
    )
    .returning({ id: outbox.id });
}

/** Names committed outbox rows on the queue, after the answer if need be; a failure is left to the housekeeping. */
export function queueOutboxRows(services: Pick<Services, "queues" | "waitUntil">, ids: number[]) {
  if (!ids.length) return;
  const messages = ids.map((outboxId) => ({ body: { type: "mail", outboxId } satisfies NoticeMessage }));
  services.waitUntil(services.queues.notices.sendBatch(messages).catch((error: unknown) => console.error(`outbox ${ids.join(",")}: not queued yet`, error)));
}

/**
 * Runs `changes` and the outbox rows of `mails` as one D1 batch (one transaction), then queues
 * the mails that were written (an `accountMail` may write none). Returns the results of `changes` in their order.
 */
export async function commitWithMail(services: Mailer, changes: BatchItem<"sqlite">[], mails: Array<OutboxEntry | ReturnType<typeof selectedMail>>) {
  const statements = [...changes, ...mails] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  const results = (await services.db.batch(statements)) as unknown[];
  const mailed = results.slice(changes.length) as { id: number }[][];
  queueOutboxRows(services, mailed.flat().map((r) => r.id));
  return results.slice(0, changes.length);
}

/** Rows still pending after `olderThanMs` (the queue was unreachable): queue them again. */
export async function requeueStalled(services: Pick<Services, "db" | "queues">, now = Date.now(), olderThanMs = 10 * 60_000) {
  const stalled = await services.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lt(outbox.createdAt, new Date(now - olderThanMs))))
    .limit(100)
    .all();
  if (stalled.length) await services.queues.notices.sendBatch(stalled.map((r) => ({ body: { type: "mail", outboxId: r.id } satisfies NoticeMessage })));
  return stalled.length;
}

/**
 * How long a delivery may hold its claim on a row (status `sending`). A send gives up within
 * about 20 s (smtp.server.ts), so a claim this old belongs to a delivery that was stopped.
 */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Claims older than `CLAIM_TIMEOUT_MS`: the row goes back to `failed` (the attempt counted, the
 * interruption recorded) and is queued again. The interrupted delivery may have handed the mail
 * to the SMTP server before it stopped, so this is the one case where a mail can go out twice.
 */
export async function releaseStaleClaims(services: Pick<Services, "db" | "queues">, now = Date.now()) {
  const released = await services.db
    .update(outbox)
    .set({ status: "failed", claimedAt: null, lastError: "The delivery was interrupted before it finished; queued again." })
    .where(and(eq(outbox.status, "sending"), lt(outbox.claimedAt, new Date(now - CLAIM_TIMEOUT_MS))))
    .returning({ id: outbox.id })
    .all();
  if (released.length) await services.queues.notices.sendBatch(released.map((r) => ({ body: { type: "mail", outboxId: r.id } satisfies NoticeMessage })));
  return released.length;
}

export const outboxHousekeeping: HousekeepingTask = {
  name: "outbox: queue stalled mail again, release stale claims",
  run: async (services, now) => (await requeueStalled(services, now)) + (await releaseStaleClaims(services, now)),
};
