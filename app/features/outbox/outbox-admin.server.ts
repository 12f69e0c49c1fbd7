/**
 * The console's Outbox: every mail the site has recorded, newest first (keyset paging, decision
 * 028), and the office's Resend of a mail the notices Worker failed or gave up on (decision 051).
 */
import { and, eq, type SQL } from "drizzle-orm";
import { outbox } from "~/db/schema";
import { anyContains } from "~/db/search";
import { queueOutboxRows } from "~/mail/outbox.server";
import { auditEntryIfChanged } from "~/models/audit.server";
import { conflict, notFound } from "~/server/errors.server";
import { defineKeyset, type Page } from "~/server/keyset.server";
import type { Services } from "~/server/services.server";
import type { OutboxStatus } from "~/db/enums";
import { isOutboxStatus, MESSAGES, OUTBOX_PAGE_SIZE, RESENDABLE } from "./outbox";

const outboxPages = defineKeyset({
  sort: outbox.createdAt,
  id: outbox.id,
  pattern: /\d{1,15}/,
  decode: Number,
  encode: (row: { createdAt: Date }) => String(row.createdAt.getTime()),
});

export type OutboxQuery = Page<number> & { q: string; status: OutboxStatus | "" };

/** `?q=` (recipient or template), `?status=`, and the page. */
export function parseOutboxQuery(url: URL): OutboxQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status") ?? "";
  return { q, status: isOutboxStatus(statusParam) ? statusParam : "", ...outboxPages.parse(url) };
}

/** A page of the outbox (25 rows and one more, to know whether another page follows); never the payloads. */
export async function listOutbox({ db }: Pick<Services, "db">, query: OutboxQuery) {
  const conditions: Array<SQL | undefined> = [outboxPages.where(query)];
  if (query.status) conditions.push(eq(outbox.status, query.status));
  if (query.q) conditions.push(anyContains(query.q, [outbox.toAddress, outbox.template]));
  // A batch of one, as the other console lists: D1's answer then carries the rows it read (Server-Timing).
  const [found] = await db.batch([
    db
      .select({
        id: outbox.id,
        template: outbox.template,
        toAddress: outbox.toAddress,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(and(...conditions))
      .orderBy(...outboxPages.orderBy(query))
      .limit(OUTBOX_PAGE_SIZE + 1),
  ]);
  return outboxPages.slice(found, query, OUTBOX_PAGE_SIZE);
}

/**
 * Sends a failed or dead mail again: the row goes back to `pending` (its attempts kept, so the
 * office sees how often it failed) and is queued; the audit entry is in the same batch, written
 * only if the row was still resendable then. A sent, pending or sending row: 409.
 */
export async function resendMail(ctx: Pick<Services, "db" | "d1" | "queues" | "waitUntil">, actorId: number, id: number) {
  const row = await ctx.db.select({ id: outbox.id, status: outbox.status, template: outbox.template, toAddress: outbox.toAddress }).from(outbox).where(eq(outbox.id, id)).get();
  if (!row) throw notFound(MESSAGES.notFound);
  if (!RESENDABLE.includes(row.status)) throw conflict(MESSAGES.notResendable);
  const reset = ctx.db
    .update(outbox)
    .set({ status: "pending", claimedAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, row.status)))
    .toSQL();
  const [result] = await ctx.d1.batch([
    ctx.d1.prepare(reset.sql).bind(...reset.params),
    auditEntryIfChanged(ctx, { actorId, action: "outbox.resend", entityType: "outbox", entityId: id, details: { template: row.template, to: row.toAddress, was: row.status } }),
  ]);
  if (!result?.meta.changes) throw conflict(MESSAGES.notResendable);
  queueOutboxRows(ctx, [id]);
}
