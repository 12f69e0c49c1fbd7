/**
 * What makes a password unusable beyond its length (ASVS 6.2.4, 6.2.11): one of the 10,000 most
 * common passwords (a maintained list, checked here without any network call), or the account's
 * own e-mail address or name. Checked on the server wherever a password is set: registration,
 * reset, change. (Issue 13, finding 6; decision 030.)
 */
import { COMMON_PASSWORDS } from "virtual:common-passwords";

const COMMON = new Set(COMMON_PASSWORDS);

export const PASSWORD_TOO_COMMON = "This password is one of the most common passwords, the first ones attackers try. Please choose another.";
export const PASSWORD_IS_PERSONAL = "Your password may not be your e-mail address or your name. Please choose another.";

/** Letters and digits only, lower-cased: "Ada.Lovelace" and "ada lovelace" compare equal. */
const folded = (value: string) => value.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

type Person = { email?: string | null; firstName?: string | null; middleName?: string | null; lastName?: string | null };

/** Why `password` may not be used for this person, or null when it may. */
export function passwordRefusal(password: string, person: Person): string | null {
  if (COMMON.has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  const candidate = folded(password);
  const email = (person.email ?? "").toLowerCase();
  const names = [person.firstName, person.middleName, person.lastName].map((n) => folded(n ?? "")).filter(Boolean);
  const personal = new Set(
    [folded(email), folded(email.split("@")[0] ?? ""), names.join(""), `${names[0] ?? ""}${names[names.length - 1] ?? ""}`, ...names].filter((v) => v.length > 0),
  );
  return personal.has(candidate) ? PASSWORD_IS_PERSONAL : null;
}
