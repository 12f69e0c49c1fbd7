/**
 * Authorship follows the address: a paper names its authors by e-mail and links each to the
 * account that address had when it was submitted. Someone listed before they had an account
 * (or an active one) gets their papers when the account becomes active (activation, or the
 * office activating it): from then on My Submissions shows them with their role.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { paperAuthors } from "~/db/schema";
import type { Services } from "~/server/services.server";

/**
 * The account an author row at `email` links to, as a subquery: an active one only. An account
 * whose address nobody has proven yet gets nothing (a stranger may have registered it first);
 * it claims its papers when it is activated.
 */
export const activeAccountAt = (email: string) =>
  sql`(select id from users where email = ${email.toLowerCase()} and status = 'active' and deleted_at is null)`;

/** Links the account's unlinked author rows of its address; nothing when the account is not active. */
export function claimAuthorships({ db }: Pick<Services, "db">, userId: number) {
  return db
    .update(paperAuthors)
    .set({ userId })
    .where(
      and(
        isNull(paperAuthors.userId),
        eq(paperAuthors.email, sql`(select u.email from users u where u.id = ${userId} and u.status = 'active' and u.deleted_at is null)`),
      ),
    );
}
