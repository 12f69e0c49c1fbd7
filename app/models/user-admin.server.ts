/**
 * The console's users: a searchable, filterable, paged list (one D1 batch: the page and its
 * count), and role changes that can never leave the site without an administrator.
 */
import { and, count, desc, eq, isNull, like, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { USER_ROLES, users } from "~/db/schema";
import { ROLE_FILTERS, USERS_PAGE_SIZE } from "~/lib/users";
import { auditEntryIfChanged } from "./audit.server";

export type Role = (typeof USER_ROLES)[number];

export type UserQuery = { q: string; role: string; page: number };

export function parseUserQuery(url: URL): UserQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const roleParam = url.searchParams.get("role") ?? "";
  const role = ROLE_FILTERS.some((r) => r.value === roleParam) ? roleParam : "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { q, role, page };
}

/** LIKE with the user's %, _ and \ taken literally. */
function contains(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(db: Database, { q, role, page }: UserQuery) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (role) conditions.push(eq(users.role, role as Role));
  if (q) {
    const pattern = contains(q);
    conditions.push(
      or(
        sql`lower(${users.firstName}) like ${pattern} escape '\\'`,
        sql`lower(${users.lastName}) like ${pattern} escape '\\'`,
        sql`${users.email} like ${pattern} escape '\\'`,
        sql`lower(${users.username}) like ${pattern} escape '\\'`,
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, total] = await db.batch([
    db
      .select({
        id: users.id,
        salutation: users.salutation,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        username: users.username,
        emailConfirmedAt: users.emailConfirmedAt,
        workPhone: users.workPhone,
        workPhoneCountry: users.workPhoneCountry,
        institution: users.institution,
        primaryAffiliation: users.primaryAffiliation,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export class RoleChangeRefused extends Error {}

/**
 * Changes a user's role, with its audit entry in the same batch. Refused: an administrator
 * removing their own role (locking themself out), and removing the last active administrator;
 * the second check is part of the UPDATE itself, so two administrators demoting each other at
 * once cannot both succeed.
 */
export async function changeRole(db: Database, actorId: number, userId: number, role: Role) {
  if (userId === actorId && role !== "admin") throw new RoleChangeRefused("You cannot remove your own administrator role.");
  const before = await db.select({ role: users.role }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).get();
  if (!before) throw new RoleChangeRefused("That user no longer exists.");
  if (before.role === role) return;
  const update = db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        sql`not (${users.role} = 'admin' and (select count(*) from users where role = 'admin' and status = 'active' and deleted_at is null) <= 1)`,
      ),
    )
    .toSQL();
  // A native D1 batch (one transaction): the audit entry is written only if the update was.
  const d1 = db.$client as D1Database;
  const [updated] = await d1.batch([
    d1.prepare(update.sql).bind(...update.params),
    auditEntryIfChanged(d1, { actorId, action: "user.role", entityType: "user", entityId: userId, details: { from: before.role, to: role } }),
  ]);
  if (!updated?.meta.changes) throw new RoleChangeRefused("The last administrator cannot lose the administrator role.");
}
