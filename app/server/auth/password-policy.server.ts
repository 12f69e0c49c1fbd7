/**
 * What makes a password unusable beyond its length (ASVS 6.2.4, 6.2.11, 6.2.12): too easy to
 * guess by the strength estimate (a common password or word, alone or with digits and symbols
 * around it, look-alike symbols, repeats, runs, keyboard walks, dates), or the account's own
 * e-mail address or name. Checked on the server wherever a person sets a password:
 * registration, reset by link, the profile's change (decisions 030 and 044).
 */
import { type Piece, passwordStrength } from "./password-strength.server";

export const PASSWORD_TOO_COMMON = "This password is one of the most common passwords, the first ones attackers try. Please choose another.";
export const PASSWORD_IS_PERSONAL = "Your password may not be your e-mail address or your name. Please choose another.";
const CHOOSE_ANOTHER = "Please choose another: a few unrelated words together make a strong password that is easy to remember.";

/**
 * The fewest guesses a password must need, as a power of ten: zxcvbn's score 3 ("safely
 * unguessable"). The sign-in limits keep an online guesser to about 10^7 guesses a year at
 * most, and argon2id slows an offline one with a copy of the table (decisions 013, 030, 044).
 */
export const MIN_GUESSES_LOG10 = 8;

/** Letters and digits only, lower-cased: "Ada.Lovelace" and "ada lovelace" compare equal. */
const folded = (value: string) => value.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

type Person = { email?: string | null; firstName?: string | null; middleName?: string | null; lastName?: string | null };

/** The person's own words, the first an attacker who knows the account tries: address, its parts, names. */
function personalWords(person: Person) {
  const email = (person.email ?? "").toLowerCase();
  const local = email.split("@")[0] ?? "";
  const names = [person.firstName, person.middleName, person.lastName].map((n) => folded(n ?? "")).filter(Boolean);
  return [email, local, folded(local), ...local.split(/[^\p{L}\p{N}]+/u), names.join(""), `${names[0] ?? ""}${names[names.length - 1] ?? ""}`, ...names].filter(Boolean);
}

const DICTIONARY_KINDS = new Set<Piece["kind"]>(["common", "word", "personal"]);

/** What a piece is, in words: one of it, or several (`abcd` and `1234` are two runs). */
const PHRASES: Record<Piece["kind"], [one: string, several: string]> = {
  common: ["a common password", "common passwords"],
  word: ["a common word", "common words"],
  personal: ["your name or e-mail address", "your name or e-mail address"],
  repeat: ["the same characters repeated", "the same characters repeated"],
  sequence: ["letters or digits in order (like abcd or 1234)", "letters or digits in order (like abcd or 1234)"],
  keyboard: ["a row of neighbouring keys (like qwerty)", "rows of neighbouring keys (like qwerty)"],
  date: ["a date", "dates"],
  year: ["a year", "years"],
  other: ["a few characters", "a few characters"],
};

function phrase(piece: Piece, count = 1) {
  const base = PHRASES[piece.kind][count > 1 ? 1 : 0];
  if (piece.reversed) return `${base} spelt backwards`;
  if (piece.l33t) return `${base} with symbols for look-alike letters (like @ for a)`;
  return base;
}

const listed = (parts: string[]) => (parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`);

/**
 * Why the pieces the estimate found are easy to guess, in words, never repeating the password:
 * one weakness with a few characters around it ("a common password, with a few digits or
 * symbols added"), or every kind of piece it is made of.
 */
function weakReason(pieces: Piece[]) {
  const known = pieces.filter((p) => p.kind !== "other");
  if (known.length === 0) return "it is too short to be hard to guess";
  if (pieces.length === 1) return `it is ${phrase(pieces[0]!)}`;
  const words = known.filter((p) => DICTIONARY_KINDS.has(p.kind));
  const withoutLetters = (rest: Piece[]) => rest.every((p) => !/\p{L}/u.test(p.token));
  const main = words.length === 1 && withoutLetters(pieces.filter((p) => p !== words[0])) ? words[0] : known.length === 1 ? known[0] : undefined;
  if (main) return `it is ${phrase(main)}, with a few ${withoutLetters(pieces.filter((p) => p !== main)) ? "digits or symbols" : "characters"} added`;
  const counts = new Map<string, { piece: Piece; count: number }>();
  for (const piece of known) {
    const key = phrase(piece);
    counts.set(key, { piece, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  const parts = [...counts.values()].map(({ piece, count }) => phrase(piece, count));
  return `it is made of ${listed(parts)}${known.length < pieces.length ? " with a few characters added" : ""}`;
}

/** Why `password` may not be used for this person, or null when it may. The one check wherever a password is set. */
export function passwordRefusal(password: string, person: Person): string | null {
  const own = personalWords(person);
  const strength = passwordStrength(password, own);
  const weak = strength.log10 < MIN_GUESSES_LOG10;
  const [only] = strength.pieces;
  if (weak && strength.pieces.length === 1 && only!.kind === "common" && !only!.l33t && !only!.reversed) return PASSWORD_TOO_COMMON;
  const candidate = folded(password);
  if (candidate.length > 0 && own.map(folded).includes(candidate)) return PASSWORD_IS_PERSONAL;
  if (!weak) return null;
  return `This password is too easy to guess: ${weakReason(strength.pieces)}. ${CHOOSE_ANOTHER}`;
}
