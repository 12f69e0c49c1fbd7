/**
 * The console's users: a searchable, filterable, paged list (one D1 batch: the page and its
 * count), and role changes that can never leave the site without an administrator. The console's
 * pages and the JSON API's administrator calls both run these.
 */
import { endOutstandingTokens } from "~/server/auth/tokens.server";
import type { Services } from "~/server/services.server";
import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { anyContains } from "~/db/search";
import { authTokens, recoveryCodes, USER_ROLES, USER_STATUSES, userCounts, users } from "~/db/schema";
import { toAffiliation, toExpertise, toPersonalColumns } from "~/features/accounts/mapping";
import { linkMail } from "~/features/accounts/account.server";
import { accountMail, commitWithMail } from "~/mail/outbox.server";
import { revokeUserSessions } from "~/server/auth/session.server";
import { hashPassword } from "~/server/auth/password.server";
import { ROLE_FILTERS, USERS_PAGE_SIZE } from "./users";
import { auditEntry, writeWithAudit } from "~/models/audit.server";
import { claimAuthorships } from "~/models/authorship.server";
import { conflict, notFound } from "~/server/errors.server";
import { defineKeyset, type Page } from "~/server/keyset.server";

export type Role = (typeof USER_ROLES)[number];

const userPages = defineKeyset({
  sort: users.createdAt,
  id: users.id,
  pattern: /\d{1,15}/,
  decode: Number,
  encode: (row: { createdAt: Date }) => String(row.createdAt.getTime()),
});
export type UserQuery = Page<number> & { q: string; role: string };

/** `?q=` search, `?role=` filter, and a page of keyset paging (decision 028). */
export function parseUserQuery(url: URL): UserQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const roleParam = url.searchParams.get("role") ?? "";
  const role = ROLE_FILTERS.some((r) => r.value === roleParam) ? roleParam : "";
  return { q, role, ...userPages.parse(url) };
}

/**
 * One D1 batch: the page (25 rows and one more, to know if another page follows) and the count.
 * Without a search the count comes from `user_counts` (kept by triggers), so neither the page
 * nor the badge reads the whole table; a search has to look at every name.
 */
export async function listUsers({ db }: Pick<Services, "db">, query: UserQuery) {
  const { q, role } = query;
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (role) conditions.push(eq(users.role, role as Role));
  // E-mail addresses are stored in lower case; names keep theirs.
  if (q) conditions.push(anyContains(q, [users.firstName, users.lastName, users.email, users.username]));
  const filter = and(...conditions);
  const [found, total] = await db.batch([
    db
      .select({
        id: users.id,
        salutation: users.salutation,
        firstName: users.firstName,
        middleName: users.middleName,
        lastName: users.lastName,
        email: users.email,
        username: users.username,
        emailConfirmedAt: users.emailConfirmedAt,
        secondaryEmail: users.secondaryEmail,
        workPhone: users.workPhone,
        workPhoneCountry: users.workPhoneCountry,
        cellPhone: users.cellPhone,
        cellPhoneCountry: users.cellPhoneCountry,
        personalWebPage: users.personalWebPage,
        institution: users.institution,
        primaryAffiliation: users.primaryAffiliation,
        secondaryAffiliation: users.secondaryAffiliation,
        expertise: users.expertise,
        role: users.role,
        status: users.status,
        memberUntil: users.memberUntil,
        totpEnabledAt: users.totpEnabledAt,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .where(and(filter, userPages.where(query)))
      .orderBy(...userPages.orderBy(query))
      .limit(USERS_PAGE_SIZE + 1),
    q
      ? db.select({ n: count() }).from(users).where(filter)
      : db
          .select({ n: sql<number>`coalesce(sum(${userCounts.n}), 0)` })
          .from(userCounts)
          .where(role ? eq(userCounts.role, role) : undefined),
  ]);
  return { ...userPages.slice(found, query, USERS_PAGE_SIZE), total: Number(total[0]?.n ?? 0) };
}

/**
 * Part of every UPDATE that could take away an active administrator (a new role, a suspension,
 * a deletion): true unless the row is the last active administrator. Being in the statement
 * itself, it holds even when two administrators act at once.
 */
const keepsAnotherAdmin = sql`not (${users.role} = 'admin' and ${users.status} = 'active' and (select count(*) from users where role = 'admin' and status = 'active' and deleted_at is null) <= 1)`;
const LAST_ADMIN = "The last active administrator cannot lose the administrator role, be suspended or be deleted.";


/**
 * Changes a user's role, with its audit entry in the same batch. Refused: an administrator
 * removing their own role (locking themself out), and removing the last active administrator;
 * the second check is part of the UPDATE itself, so two administrators demoting each other at
 * once cannot both succeed.
 */
export async function changeRole({ db }: Pick<Services, "db">, actorId: number, userId: number, role: Role): Promise<RoleOutcome> {
  if (userId === actorId && role !== "admin") throw conflict("You cannot remove your own administrator role.");
  const before = await db.select({ role: users.role, totpEnabledAt: users.totpEnabledAt }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).get();
  if (!before) throw notFound("That user no longer exists.");
  if (before.role === role) return { adminWithoutSecondFactor: false };
  const changed = await writeWithAudit(
    { db },
    db.update(users).set({ role, updatedAt: new Date() }).where(and(eq(users.id, userId), keepsAnotherAdmin)),
    { actorId, action: "user.role", entityType: "user", entityId: userId, details: { from: before.role, to: role } },
  );
  if (!changed) throw conflict(LAST_ADMIN);
  return outcomeOf(before, role);
}

/** What the office should be told after a role change: an administrator made without a second factor. */
export type RoleOutcome = { adminWithoutSecondFactor: boolean };
const outcomeOf = (before: { role: Role; totpEnabledAt: Date | null }, role: Role): RoleOutcome => ({
  adminWithoutSecondFactor: before.role !== "admin" && role === "admin" && before.totpEnabledAt === null,
});

export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Saves the Edit User form: profile, e-mail, role and status, with its audit entry. A suspended
 * or inactive account loses its sessions (and so its API tokens) at once. An account the office
 * activates without a proven address is mailed a link to choose its password. Refused: an administrator
 * demoting or suspending themself, leaving no active administrator, or taking an e-mail address
 * that another account has.
 */
export async function saveUser(
  ctx: Pick<Services, "db" | "queues" | "waitUntil" | "env">,
  actorId: number,
  userId: number,
  v: Record<string, unknown> & { email: string; role: Role; status: UserStatus },
): Promise<RoleOutcome & { mustChoosePassword: boolean }> {
  if (userId === actorId && (v.role !== "admin" || v.status !== "active")) {
    throw conflict("You cannot remove your own administrator role or suspend your own account.");
  }
  const { db } = ctx;
  const email = v.email.toLowerCase();
  const [before, clash] = await db.batch([
    db
      .select({ role: users.role, status: users.status, email: users.email, totpEnabledAt: users.totpEnabledAt, emailConfirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt))),
    db.select({ id: users.id }).from(users).where(and(eq(users.email, email), sql`${users.id} <> ${userId}`)),
  ]);
  if (!before[0]) throw notFound("That user no longer exists.");
  if (clash[0]) throw conflict("Another account already uses that e-mail address.");
  const primary = toAffiliation("primary", v);
  const losesAdmin = before[0].role === "admin" && (v.role !== "admin" || v.status !== "active");
  // The office activating an account whose address nobody proved: the office vouches for the
  // address, but not for the password, which whoever registered last chose. The holder chooses a
  // new one through the mailbox (the link is mailed below).
  const vouched = v.status === "active" && before[0].status !== "active" && before[0].emailConfirmedAt === null;
  const update = db
    .update(users)
    .set({
      ...toPersonalColumns(v),
      email,
      username: email,
      role: v.role,
      status: v.status,
      ...(vouched ? { emailConfirmedAt: new Date(), passwordHash: null } : {}),
      primaryAffiliation: primary,
      secondaryAffiliation: v.hasSecondary ? toAffiliation("secondary", v) : null,
      institution: primary?.institution ?? null,
      expertise: toExpertise(v),
      updatedAt: new Date(),
    })
    .where(losesAdmin ? and(eq(users.id, userId), keepsAnotherAdmin) : eq(users.id, userId));
  const changes = Object.fromEntries(
    (["role", "status", "email"] as const).filter((k) => (k === "email" ? email : v[k]) !== before[0]![k]).map((k) => [k, { from: before[0]![k], to: k === "email" ? email : v[k] }]),
  );
  const changed = await writeWithAudit({ db }, update, { actorId, action: "user.update", entityType: "user", entityId: userId, details: changes });
  if (!changed) throw conflict(LAST_ADMIN);
  if (v.status !== "active") await revokeUserSessions(db, userId).run();
  // Active now for the first time, or at a new address: papers listed under it become theirs.
  else if (before[0].status !== "active" || before[0].email !== email) await claimAuthorships({ db }, userId).run();
  // Activated without a proven address: its holder chooses a password through a mailed link.
  if (vouched) await resetUserPassword(ctx, actorId, userId, "email");
  return { ...outcomeOf(before[0], v.role), mustChoosePassword: vouched };
}

/** A password anyone can type: 4 groups of 5 letters and digits (about 100 bits). */
export function randomPassword() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/**
 * Resets a password from the console: either a random one, set now and returned to show the
 * administrator once (the account is told by mail, without the password), or a mailed link for
 * the user to choose one. Either way every session of the account ends.
 */
export async function resetUserPassword(
  ctx: Pick<Services, "db" | "queues" | "waitUntil" | "env">,
  actorId: number,
  userId: number,
  mode: "random" | "email",
): Promise<string | null> {
  const user = await ctx.db.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).get();
  if (!user) throw notFound("That user no longer exists.");
  const audit = auditEntry(ctx, { actorId, action: "user.password_reset", entityType: "user", entityId: userId, details: { mode } });
  if (mode === "random") {
    const password = randomPassword();
    const passwordHash = await hashPassword(password);
    await commitWithMail(
      ctx,
      [
        ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
        revokeUserSessions(ctx.db, userId),
        endOutstandingTokens(ctx.db, userId),
        audit,
      ],
      [accountMail(ctx, "admin_password_set", eq(users.id, userId), { supportEmail: ctx.env.SUPPORT_EMAIL })],
    );
    return password;
  }
  // The sessions, the audit entry, the link and its mail: one batch.
  const reset = await linkMail(ctx, eq(users.id, userId), "password_reset", "admin_password_reset");
  await commitWithMail(ctx, [revokeUserSessions(ctx.db, userId), audit, ...reset.statements], [reset.mail]);
  return null;
}

/**
 * Ends every session of an account from the console (a lost laptop, a suspected break-in), with
 * its audit entry and a mail to the account in the same batch. Returns how many ended.
 */
export async function endUserSessions(ctx: Pick<Services, "db" | "queues" | "waitUntil" | "env">, actorId: number, userId: number) {
  if (userId === actorId) throw conflict("To sign yourself out elsewhere, use Profile, Signed-in devices.");
  const who = and(eq(users.id, userId), isNull(users.deletedAt));
  if (!(await ctx.db.select({ id: users.id }).from(users).where(who).get())) throw notFound("That user no longer exists.");
  const [ended] = (await commitWithMail(
    ctx,
    [revokeUserSessions(ctx.db, userId), auditEntry(ctx, { actorId, action: "user.sessions_ended", entityType: "user", entityId: userId, details: {} })],
    [accountMail(ctx, "sessions_ended", who, { supportEmail: ctx.env.SUPPORT_EMAIL })],
  )) as [D1Result];
  return ended.meta.changes;
}

/**
 * Deletes a person but keeps the record their papers and payments point at: the row is
 * anonymised (no name, e-mail, phone, address, password or second factor), its sessions,
 * tokens and recovery codes go. Refused for oneself and for the last active administrator.
 */
export async function deleteUser({ db }: Pick<Services, "db">, actorId: number, userId: number) {
  if (userId === actorId) throw conflict("You cannot delete your own account here.");
  const placeholder = `deleted-user-${userId}@invalid`;
  const changed = await writeWithAudit(
    { db },
    db
      .update(users)
      .set({
        email: placeholder,
        username: placeholder,
        passwordHash: null,
        status: "inactive",
        role: "user",
        salutation: null,
        firstName: "Deleted",
        middleName: null,
        lastName: "user",
        secondaryEmail: null,
        workPhone: null,
        cellPhone: null,
        personalWebPage: null,
        primaryAffiliation: null,
        secondaryAffiliation: null,
        institution: null,
        expertise: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt), keepsAnotherAdmin)),
    { actorId, action: "user.delete", entityType: "user", entityId: userId },
  );
  if (!changed) {
    const exists = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).get();
    throw exists ? conflict(LAST_ADMIN) : notFound("That user no longer exists.");
  }
  await db.batch([
    revokeUserSessions(db, userId),
    db.delete(authTokens).where(eq(authTokens.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}
