/**
 * Accounts made from the command line: `npm run admin:create` and the demo accounts that
 * `npm start` prints. Hashes use the same argon2id parameters as the Worker
 * (app/server/auth/password.server.ts), through the same library's Node build.
 */
import { randomBytes } from "node:crypto";
import initialize from "@phi-ag/argon2/node";

const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, hashLength: 32, type: 2, version: 19 };

export async function hashPassword(password) {
  const argon2 = await initialize();
  return argon2.hash(password, PARAMS).encoded;
}

/** A password that is easy to copy: 4 groups of 5 lower-case letters and digits (about 100 bits). */
export function generatePassword() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/**
 * Creates the account, or resets its password, role and status if it exists: active, e-mail
 * confirmed. `db` is a D1 binding (getPlatformProxy locally).
 * @param {any} db
 * @param {{ email: string, password: string, role: string, firstName: string, lastName: string, salutation?: string,
 *   profile?: { primaryAffiliation: Record<string, unknown> & { institution: string }, expertise: Array<{ category: string, topic: string }> } | null }} account
 */
export async function upsertAccount(db, { email, password, role, firstName, lastName, salutation = "Dr.", profile = null }) {
  const address = email.trim().toLowerCase();
  const hash = await hashPassword(password);
  const now = Date.now();
  await db
    .prepare(
      `insert into users (email, username, password_hash, role, status, email_confirmed_at, salutation, first_name, last_name, created_at, updated_at)
       values (?1, ?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, ?4, ?4)
       on conflict (email) do update set password_hash = ?2, role = ?3, status = 'active', deleted_at = null,
         email_confirmed_at = coalesce(email_confirmed_at, ?4), updated_at = ?4`,
    )
    .bind(address, hash, role, now, salutation, firstName, lastName)
    .run();
  if (profile) {
    await db
      .prepare("update users set primary_affiliation = ?, institution = ?, expertise = ? where email = ?")
      .bind(JSON.stringify(profile.primaryAffiliation), profile.primaryAffiliation.institution, JSON.stringify(profile.expertise), address)
      .run();
  }
  const row = await db.prepare("select id from users where email = ?").bind(address).first();
  // A new password ends the account's sessions, as a reset in the site does.
  await db.prepare("delete from sessions where user_id = ?").bind(row.id).run();
  return row.id;
}

/**
 * A browser session made straight in D1, as a sign-in makes it (app/server/auth/session.server.ts:
 * the row's id is the SHA-256 of the cookie's random value). Returns the cookie's value. For
 * tests whose subject is not signing in.
 */
export async function createSessionRow(db, userId, { days = 1 } = {}) {
  const { createHash } = await import("node:crypto");
  const value = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(value).digest("hex");
  const now = Date.now();
  await db
    .prepare("insert into sessions (id, user_id, kind, created_at, last_seen_at, expires_at, user_agent, ip_address) values (?, ?, 'browser', ?, ?, ?, 'e2e fixture', 'local')")
    .bind(id, userId, now, now, now + days * 86_400_000)
    .run();
  return value;
}
