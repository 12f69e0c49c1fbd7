/**
 * Authorship follows the address: a paper names its authors by e-mail and links each to the
 * account that address had when it was submitted. Someone listed before they had an account
 * (or an active one) gets their papers when the account becomes active (activation, or the
 * office activating it): from then on My Submissions shows them with their role.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paperAuthors } from "~/db/schema";

/** Links the account's unlinked author rows of its address; nothing when the account is not active. */
export function claimAuthorships(db: Database, userId: number) {
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
