/**
 * The audit log: who changed what, which record, when. Every console action writes its entry in
 * the same D1 batch as the change, so there is never a change without its entry or the reverse.
 */
import { desc, eq } from "drizzle-orm";
import { auditLog, users } from "~/db/schema";
import type { Services } from "~/server/services.server";

export type AuditInput = { actorId: number; action: string; entityType: string; entityId?: string | number | null; details?: Record<string, unknown> };

/** The insert, for a batch with the change it records. */
export function auditEntry({ db }: Pick<Services, "db">, e: AuditInput) {
  return db.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    details: e.details ?? null,
  });
}

/**
 * The same entry as a D1 statement that writes only if the statement just before it in a native
 * D1 batch changed a row (SQLite's changes()): for conditional updates that may be refused.
 */
export function auditEntryIfChanged({ d1 }: Pick<Services, "d1">, e: AuditInput) {
  const entityId = e.entityId === undefined || e.entityId === null ? null : String(e.entityId);
  return d1
    .prepare("insert into audit_log (actor_id, action, entity_type, entity_id, details) select ?, ?, ?, ?, ? where changes() > 0")
    .bind(e.actorId, e.action, e.entityType, entityId, e.details ? JSON.stringify(e.details) : null);
}

/**
 * Runs a drizzle write (UPDATE or DELETE) and its audit entry as one native D1 batch, the entry
 * written only if the write changed a row. Returns whether it did.
 */
export async function writeWithAudit({ db }: Pick<Services, "db">, write: { toSQL(): { sql: string; params: unknown[] } }, audit: AuditInput) {
  const q = write.toSQL();
  const d1 = db.$client as D1Database;
  const [result] = await d1.batch([d1.prepare(q.sql).bind(...q.params), auditEntryIfChanged({ d1 }, audit)]);
  return Boolean(result?.meta.changes);
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit({ db }: Pick<Services, "db">, page: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorEmail: users.email,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .all();
}
