/**
 * E-mail addresses as the first pages print them (grouped, hyphenated or cut at a line end), and
 * how well an address fits a person's name.
 */
import { INSTITUTION, EMAIL, GROUPED_EMAIL, MASKED_EMAIL, PARTICLES, TRAILING_SYMBOLS, GENERATIONAL } from "./patterns";
import type { Line } from "./model";
import { fold } from "./text";
import { isCommonWords, looksLikeName, splitName } from "./person-names";

/** The addresses printed on a page. */
export function mailboxesOn(lines: Line[], page: number) {
  return expandEmails(lines.filter((l) => l.page === page).map((l) => l.text).join(" \n "));
}

/**
 * A text's addresses as written to keep them from harvesters (`MASKED_EMAIL`) read as the addresses
 * they are: "renke.schmacker[at]unil[dot]ch" is renke.schmacker@unil.ch, "luke.hartigan at domain
 * sydney.edu.au" luke.hartigan@sydney.edu.au (an author's e-mail, to write to).
 */
const MASKED_EMAILS = new RegExp(MASKED_EMAIL.source, "gi");
export const unmasked = (text: string) =>
  text.replace(MASKED_EMAILS, (masked) => {
    const address = masked.replace(/\s?[[({]at[\])}]\s?|\s+at\s+(?:domain\s+)?/i, "@").replace(/\s?[[({]dot[\])}]\s?/gi, ".");
    // (Only what reads as an address: a domain ending in letters or cut after a dot at a line's end, a mailbox that is not initials, and, said with a plain
    // "at", all in lower case as masked addresses are printed: "the U.S. at Walmart.com", "0.45 at 1.96" are prose.)
    const plausible = /^[\w.+'-]*[a-z\d][\w.+'-]*@[a-z\d-]*[a-z][a-z\d-]*(?:\.[a-z\d-]+)*(?:\.[a-z]{2,}[.,;:)\]]*|\.)$/i.test(address) && !/^(?:\p{L}\.)+@/u.test(address) && (/[[({]at[\])}]/i.test(masked) || masked === masked.toLowerCase());
    return plausible ? address : masked;
  });

/**
 * A lone name whose family name an address on the title page spells: a name even where the
 * labeller doubts it, or where it is set in the title's size ("Patrice Lopez" / "lopez@loria.fr").
 */
export function mailedName(text: string, mailboxes: string[], lowerWords: Set<string>) {
  const name = text.trim().replace(TRAILING_SYMBOLS, "").trim();
  if (!mailboxes.length || !/^(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]+$/u.test(name) || !looksLikeName(name) || INSTITUTION.test(name) || isCommonWords(name, lowerWords)) return false;
  const { firstName, lastName } = splitName(name);
  return mailboxes.some((e) => emailFit(e, firstName, lastName) >= 3);
}

/**
 * A mailbox of an office, a journal or a service, not of a person: the role alone ("info@…", "office@…", a department's
 * "econ@…"), or a role no surname shares after the office's own name ("dg-info@…", "research.enquiries@…"; not "k.service@…").
 */
export const ROLE_MAILBOX =
  /^(?:(?:[a-z\d]{2,}[._-]){1,3}(?:info|enquiries|inquiries|publications|secretariat|permissions|editorial|webmaster)|journals?[.-]?permissions|permissions|reprints?|editor(?:ial)?(?:office)?|office|info|contact|support|help|admin|webmaster|noreply|no-reply|do-not-reply|subscriptions?|service|enquiries|inquiries|publications|secretariat|econ|economics|finance|stats?|dept|research)@/i;
/** The addresses a text prints, whole: cut at a line's end, grouped, or masked against harvesters. */
export function expandEmails(text: string): string[] {
  const out: string[] = [];
  // An address TeX hyphenated at a line end ("so-" / "sei@ug.edu.gh") is one address.
  // An address cut after its "@" ("sidney.wiener@" / "college-de-france.fr") is one address too.
  // And one cut after a dot of its domain ("paul.thompson@manchester." / "ac.uk").
  const joined = unmasked(text)
    .replace(/([\w.+])-\s+(?=[\w.+'-]*@[\w-]+\.)/g, "$1")
    .replace(/(?<=[\w.+'-]@)\s+(?=[\w-]+(?:\.[\w-]+)+)/g, "")
    // (Where the line ended the address rather than a sentence after it: "a@b.com." / "and …" stays apart.)
    // (Matched from the "@" forwards: a look-behind over the domain is tried at every character of a long run of "a.a.a.".)
    .replace(/(@[\w-]+(?:\.[\w-]+)*\.)(\s*\n\s*)(?=(?:[a-z]{2,}\.)*(?:com|org|net|edu|gov|[a-z]{2})(?![\w@.-]))/g, (_: string, domain: string, gap: string) =>
      /\.(?:com|org|net|edu|gov|info)\.$/i.test(domain.slice(-6)) ? domain + gap : domain,
    );
  const grouped = joined.replace(GROUPED_EMAIL, (_, locals: string, domain: string) => {
    for (const local of locals.split(/[,;|\s]+/).filter(Boolean)) out.push(`${local}@${domain}`);
    return " ";
  });
  // A top-level domain has no digits: "kayser@unil.ch3" carries a footnote marker.
  for (const m of grouped.matchAll(EMAIL)) out.push(m[0].replace(/(?<![.,;])[.,;]+$/, "").replace(/(\.[a-z]{2,})\d+$/i, "$1"));
  return out.map((e) => e.toLowerCase());
}

/** A line that is one e-mail address (under an LNCS institute line: it belongs to that note). */
export const BARE_EMAIL = new RegExp(`^(?:${EMAIL.source})$`);
/** amsart's "E-mail address: a@b.org" line. */
export const EMAIL_ADDRESS_LINE = new RegExp(`^e-?mail(?:\\s+address(?:es)?)?\\s*:\\s*(${EMAIL.source})`, "i");

/** How well an e-mail's local part fits a name (0 none … 3.5 strong); any name after the first may be the family name. */
export function emailFit(email: string, first: string, last: string) {
  const local = fold(email.split("@")[0]!).replace(/[^a-z]/g, "");
  const ascii = (s: string) => s.replace(/[^a-z]/g, "");
  // (A generation after the family name is no part of a mailbox: "Knotek II".)
  const raw = `${first} ${last}`.toLowerCase().split(/[\s-]+/).filter((t) => t.length > 1 && !PARTICLES.has(t) && !GENERATIONAL.test(t));
  const tokens = raw.map(fold);
  const [given] = tokens;
  // "Schröder" is written schroeder or schroder in an address.
  const spellings = (t: string) => [fold(t), fold(t.replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ä/g, "ae").replace(/ß/g, "ss"))].map(ascii);
  let fit = 0;
  if (raw.slice(1).some((p) => spellings(p).some((v) => v.length > 1 && local.includes(v)))) fit += 2;
  // A family name cut to a mailbox's length ("hogenesc" for Hogenesch, "jgillila" for Gilliland).
  else if (raw.slice(1).some((p) => spellings(p).some((v) => v.length > 6 && local.includes(v.slice(0, 6))))) fit += 1.5;
  // (The mailbox the family name's first letters, "nowa" for Nowakowski: a little, as a given name alone counts, since a
  // given name begins many a family name, "hans" Hansen's; not an office's mailbox, "econ" for Economou.)
  else if (local.length >= 4 && !ROLE_MAILBOX.test(email) && raw.slice(1).some((p) => spellings(p).some((v) => v.length > local.length && v.startsWith(local)))) fit += 1;
  // (A family name of two letters counts only as a whole part of the mailbox, beside one of the given names or the first's
  // initial: "cynthia.wu" for Jing Cynthia Wu, not "wunder", nor "chen.wu" for Ada Wu, which is Wu Chen's.)
  const family = ascii(fold(last));
  const givenFits = tokens.slice(0, -1).some((t) => ascii(t).length > 2 && local.includes(ascii(t))) || (!!given && local.startsWith(given[0]!));
  const wholePart = family.length === 2 && givenFits && fold(email.split("@")[0]!).split(/[._-]+/).includes(family);
  if ((family.length > 2 && local.includes(family)) || wholePart) fit += 1;
  if (given && ascii(given).length > 2 && local.includes(ascii(given))) fit += 1;
  else if (given && local.startsWith(given[0]!)) fit += 0.5;
  return fit;
}
