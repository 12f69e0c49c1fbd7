/**
 * The author note of economics and finance journals and working papers: a note that says where each
 * author is by their family name, not by a marker.
 * - The AEA's journals: "* Autor: Department of Economics, MIT, …, and NBER (e-mail: …); Dorn: CEMFI, …".
 * - The Journal of Finance and others: "Campbell is from Harvard University and NBER. Cochrane is at …".
 * - The JEP and others: "Paul Klemperer is the Edgeworth Professor of Economics, Oxford University, England."
 * - A series' address block (NBER): the author's name alone on a line, their address lines, their e-mail.
 * Read after the authors are known, from the first pages, it gives each author named in it their
 * affiliation (and their e-mail where it prints one). The note's other sentences (thanks, funding,
 * disclaimers) are never an affiliation.
 */
import { countryOfAffiliation, countryNamed, countryOfEmail, countryOfPlace, trailingCountry } from "./countries";
import type { ExtractedAuthor, Line } from "./model";
import { withoutGeneration } from "./names";
import { emailFit, expandEmails } from "./emails";
import { SMALL_WORDS, escapePattern as escape, fold, isProse, joinLines, listItems, sentences, vocabularyOf } from "./text";
import { WRITE_TO, cleanAffiliation, endsWithCountry, leftOpen, notAffiliation, shortPlaceName, splitAffiliation, splitAtCountries } from "./affiliations";
import { CORRESPONDING_LABEL, EMAIL, MASKED_EMAIL, POST, POST_HEADS, ROLE_AFTER_NAME, ROLE_BEFORE_COLON, SAID_AT, STREET_NEXT, STREET_WORD, SUBJECT_WORDS, THANKS, WEB_ADDRESS, namesInstitution } from "./patterns";
import { middleOf } from "./layout";

/**
 * A name as a note may print it: as written, in the capitals of a journal's small capitals ("BRETT A. MCCULLY is at
 * …"), without its generation ("Knotek II" as "Knotek"), and its initials set close or apart ("Charles M.C. Lee" for
 * "Charles M. C. Lee").
 */
const asPrinted = (name: string) =>
  `(?:${[...new Set([name, name.toUpperCase(), withoutGeneration(name), withoutGeneration(name).toUpperCase()])].map((n) => escape(n).replace(/(?<=\b\p{Lu}\\\.)\s*/gu, "\\s*")).join("|")})`;
/**
 * A sentence's end: a full stop before a capital, not one of an initial's, a title's or an address's
 * abbreviation ("B.T. Rocca Jr. Professor", "Av. Camino a Santa Teresa 930", "Dept. of Finance"), nor
 * one before the street of the place it ends (`STREET_NEXT`).
 */
const SENTENCE_END = String.raw`(?<!(?:^|[\s.])\p{Lu}|\b(?:Jr|Sr|Dr|St|Mr|Ms|Mrs|Prof|Av|Ave|Blvd|Rd|Ste|Apt|No|Dept|Univ))\.\s+(?!${STREET_NEXT})\p{Lu}`;
/**
 * A post's own word in a biographical note, one or several holding it: "Professor", "Chief", "PhD
 * Student", "Research Associates" (of all the authors).
 */
// (Every post's own word the project knows, and the ones a biography adds: a central bank's governor, a division's chief.)
const POST_WORD = new RegExp(String.raw`^(?:\p{L}+-)?(?:${POST_HEADS}|president|governor|chief|affiliate)s?$`, "iu");
/**
 * A word a post's name never holds before its own word: where a place's words go on ("… Department of the IMF and a
 * Fellow"), or a post held before, not where the author is ("a former Economist at …").
 */
const NOT_IN_POST = /^(?:of|the|at|in|for|with|on|to|is|are|was|from|by|former|formerly|previously|retired|ex)$/i;
/** The post's subject where printed, before its place: "of Economics", ", of Economics", "of finance and banking". */
const POST_SUBJECT = /^,?\s+(?:of|in)\s+(?!(?:the|at|in|with|of)\s)[\p{L}][\p{L}-]*(?:\s+(?:(?:and|&)\s+)?(?!(?:the|at|in|with|of)\s)[\p{L}][\p{L}-]*){0,4}(?=,|\s+(?:at|in|of|with|and)\s)/u;
/** What joins a post to its place: a comma, or "at", "in", "of", "with" and the article ("… Chief in the Asia Department"). */
const POST_JOIN = /^(?:,\s*|\s+(?:at|in|of|with)\s+(?:the\s+)?(?=\p{Lu}))/u;
/** A place's town said "in" at its end: "… Research (CEPR) in London" is "…, London" (a town the gazetteer knows). */
const IN_TOWN = /\s+in\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)$/u;
/**
 * Where what a sentence says of a place ends and it goes on about the author: ", where she directs …", "… and was
 * formerly …", "… since 2019", "… working in …".
 */
const PLACE_GOES_ON = /,?\s+(?:where|which|whose)\b.*$|\s+and\s+(?:was|is|has|had|previously|formerly|also)\b.*$|,?\s+(?:since|until|from)\s+(?:19|20)\d\d\b.*$|,?\s+(?:working|specializing|specialising|focusing|focussing)\b.*$/u;
/** A learned society's or academy's fellowship, an honour, not where its fellow works: "a Fellow of the Econometric Society". */
const HONORARY = /\b(?:Society|Academy)\b/;

/** `placeAfterPosts`'s answer where a post is named but no place after it: "… and a co-director since 2019". */
const NO_PLACE = -2;
/**
 * Where the place begins after the posts a sentence opens with, -1 where it names no post, `NO_PLACE` where no place follows: "the Edgeworth Professor of
 * Economics, Oxford …", "an assistant professor of finance at Harbour …", "Economics PhD Student,
 * …", "Edwin and Betty L. Bergman Professor, …", "the … Professor, of Economics and the … Faculty
 * Fellow, University …" (posts joined by "and"). A post's name is up to eight words before its own
 * word, none of them a place's ("of", "the"); a subject that names an institution is the place
 * ("Fellow of Harbour College, Oxford").
 */
// (Read word by word, each step anchored: a hostile sentence costs its length, not more.)
function placeAfterPosts(said: string): number {
  let at = 0;
  for (let posts = 0; posts < 4; posts++) {
    const words = [...said.slice(at).matchAll(/\S+/gu)].slice(0, 12);
    let k = 0;
    while (k < words.length && /^(?:the|an?|also|now)$/.test(words[k]![0])) k++;
    let own = -1;
    for (let j = k; j < Math.min(words.length, k + 9); j++) {
      const word = words[j]![0].replace(/,$/, "");
      const next = words[j + 1]?.[0].replace(/,$/, "");
      // (The last of a post's own words: "Associate Professor", not "Associate".)
      if (POST_WORD.test(word) && !(word === words[j]![0] && next && POST_WORD.test(next))) {
        own = j;
        // (A post's name may go on after a post's word to a later one, where what follows joins: "an Assistant Vice
        // President and Economist at …" is a vice president's post, not an assistant's.)
        const joined = word !== words[j]![0] || /^\s+(?:of|in|at|with|and)\s/.test(said.slice(at + words[j]!.index! + word.length));
        const later = words[j + 2]?.[0].replace(/,$/, "");
        if (!joined && later && POST_WORD.test(later) && /^\p{L}+$/u.test(words[j + 1]![0]) && !/^(?:and|&)$/i.test(words[j + 1]![0])) continue;
        break;
      }
      if (NOT_IN_POST.test(word) || word !== words[j]![0] || !/^(?:[\p{L}][\p{L}.'’-]*|&)$/u.test(word)) return -1;
    }
    if (own < 0) return -1;
    at += words[own]!.index! + words[own]![0].replace(/,$/, "").length;
    const subject = POST_SUBJECT.exec(said.slice(at));
    // (A discipline's name is a subject, though a place's name may hold it: "of Finance", not "of Harbour College".)
    if (subject && !namesInstitution(subject[0].replace(SUBJECT_WORDS, ""))) at += subject[0].length;
    const and = /^\s+and\s+/.exec(said.slice(at));
    if (and) {
      at += and[0].length;
      continue;
    }
    const join = POST_JOIN.exec(said.slice(at));
    return join ? at + join[0].length : NO_PLACE;
  }
  return -1;
}

/**
 * The places a biographical note's sentence gives after the posts it names, "; " between two: "Deputy
 * Director of the Asia Department of the IMF and a Research Fellow at the Center for Economic Policy
 * Research in London" is "Asia Department of the IMF; Center for Economic Policy Research, London".
 * Null where the sentence names no post before a place.
 */
export function placesAfterPosts(said: string): string | null {
  if (notAffiliation(said)) return null;
  const start = placeAfterPosts(said);
  if (start < 0) return null;
  // Each place and the posts before it.
  const held: Array<{ posts: string; place: string }> = [];
  let posts = said.slice(0, start);
  let rest = said.slice(start);
  // (A later " and " that a post and its place follow parts the places.)
  for (let from = 0; ; ) {
    const and = / and /g;
    and.lastIndex = from;
    const m = and.exec(rest);
    if (!m) break;
    const next = placeAfterPosts(rest.slice(m.index + 5));
    if (next === -1) {
      from = m.index + 1;
      continue;
    }
    held.push({ posts, place: rest.slice(0, m.index) });
    // (A post held at no place the sentence names ends what it says: "UCLouvain and co-director of Politique Européenne".)
    posts = next === NO_PLACE ? "" : rest.slice(m.index + 5, m.index + 5 + next);
    rest = next === NO_PLACE ? "" : rest.slice(m.index + 5 + next);
    from = 0;
    if (!rest) break;
  }
  if (rest) held.push({ posts, place: rest });
  const read = held
    // (Never a learned society's fellowship: "a Fellow of the Econometric Society".)
    .filter(({ posts, place }) => !(/\b(?:[Ff]ellow|[Mm]ember)s?\b/.test(posts) && HONORARY.test(place)))
    .map(({ place }) => place.trim().replace(PLACE_GOES_ON, "").replace(IN_TOWN, (whole, town: string, at: number, all: string) => (namesInstitution(all.slice(0, at)) && countryOfAffiliation(town) ? `, ${town}` : whole)))
    // (The first place as printed, a later one only where it names an institution.)
    .filter((p, k) => /^\p{Lu}/u.test(p) && (k === 0 || namesInstitution(p)));
  return read.length ? read.join("; ") : null;
}
/**
 * An e-mail in brackets, its label or address in them, or nothing where the text layer lost the address
 * ("(e-mail: a@b.org)", "(a@b.org)", "()"); not an acronym's, "(LSE)".
 */
const MAIL_BRACKETS = String.raw`\s*\((?:e-?mails?\b[^()]*|[^()\s]*@[^()]*)?\)`;
/** Where an entry begins after the e-mail that ends the one before (the look-behind tried only where a space follows). */
const AFTER_EMAIL = String.raw`(?=\s)(?<=@[\w-]+(?:\.[\w-]+)+)\s+`;
const MAIL_BRACKETS_LAST = new RegExp(`${MAIL_BRACKETS}$`, "i");
const MAIL_BRACKETS_ANYWHERE = new RegExp(MAIL_BRACKETS, "gi");
/** "is from", "is at", "is in" (not "in part"), "is with", "is affiliated with". */
const PLACE_VERB = new RegExp(`^${SAID_AT}\\s+`, "i");

/** A note's entry opened by a name and a colon: "Jeanne:", "White: Department of Economics, …". */
const ENTRY_KEY = /^\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}\s*:/u;

/** The text of the notes on the first pages: runs of lines in one size on one page, joined. */
function noteTexts(lines: Line[], vocabulary: Set<string>): string[] {
  // Each run is a note's lines: the next line in its size just below its last, in its column (on a
  // page of two columns the text's lines of the other column stand between a note's lines).
  const runs: Line[][] = [];
  for (const l of lines) {
    const run = runs.find((r) => {
      const last = r[r.length - 1]!;
      // (Set wider apart, a double-spaced note's lines, where the line above is left open: "…; Williams: Department of Economics," / "University of …".)
      const below = l.y - last.y <= last.size * 2 || (l.y - last.y <= last.size * 2.6 && (leftOpen(last.text.trim()) || /:$/.test(last.text.trim())));
      // (Or the rest of the last line's row, which the text layer parted from it at a wide space of a justified line: "…, and
      // National Bureau of Economic Research." and "Jeanne:" at the row's end, where the run's lines already span it. Only
      // an entry's name and colon so parted, not far: a version's date beside a note is none of it.)
      const rowGoesOn =
        Math.abs(l.y - last.y) < last.size * 0.3 && l.x >= last.x + last.width && l.x - (last.x + last.width) < last.size * 10 &&
        ENTRY_KEY.test(l.text.trim()) && r.some((o) => o.x <= l.x && o.x + o.width >= l.x + l.width - 2);
      return l.page === last.page && Math.abs(l.size - last.size) < 0.6 && l.y >= last.y && below && (Math.abs(l.x - r[0]!.x) < 120 || rowGoesOn);
    });
    if (run) run.push(l);
    else runs.push([l]);
  }
  return runs.map((run) => joinLines(run.map((l) => l.text), vocabulary));
}

/**
 * One note for all the authors, in their order: "Chen, Noronha, and Singal are from the University of
 * Central Florida, Arizona State University West, and Virginia Tech, respectively." Each author's
 * affiliation, where the note names as many places as the paper has authors and its names are the
 * authors' family names in order (one may be misprinted); null otherwise.
 */
function respectiveNote(texts: string[], authors: ExtractedAuthor[]): Array<{ affiliation: string; email: null }> | null {
  if (authors.length < 2) return null;
  // (Places said "respectively" without the names: taken where no sentence names them, "A and B are at …, respectively".)
  let alone: Array<{ affiliation: string; email: null }> | null = null;
  // (One note's sentence, not a page run together: the pattern's cost grows with the text it reads.)
  for (const sentence of texts.flatMap((t) => sentences(t)).filter((t) => t.length <= 1000)) {
    // (After its marker, or a marker the text layer gives as a stray small letter: "y Chen, …".)
    const m = /^(?:[*∗†]\s*|\p{Ll}\s+)?(.+?)\s+are\s+(?:all\s+)?(?:from|at|with)\s+(?:the\s+)?(.+?),?\s+respectively\b/u.exec(sentence);
    // (Or the places alone, the authors meant in their order: "*University of Pennsylvania and Princeton University,
    // respectively." Only names of places, every word capitalised but the small ones: not "Financial support from the
    // Swiss National Science Foundation and the European Research Council, respectively".)
    const bare = m ? null : /^(?:[*∗†]\s*)?(\p{Lu}.+?),?\s+respectively\b/u.exec(sentence);
    if (bare && !alone) {
      const places = listItems(bare[1]!);
      const named = (p: string) => namesInstitution(p) && p.split(/\s+/).every((w) => /^[\p{Lu}\d]/u.test(w) || SMALL_WORDS.test(w));
      if (places.length === authors.length && places.every(named)) alone = places.map((affiliation) => ({ affiliation, email: null }));
    }
    if (!m) continue;
    const names = listItems(m[1]!);
    // (A place may hold commas of its own, "University of California, Los Angeles": where the pieces
    // outnumber the authors, a piece that names no institution is the place before it going on.)
    const pieces = listItems(m[2]!);
    const places = pieces.length === authors.length ? pieces : pieces.reduce<string[]>((out, piece) => (out.length && !namesInstitution(piece) ? (out[out.length - 1] += `, ${piece}`) : out.push(piece), out), []);
    if (names.length !== authors.length || places.length !== authors.length) continue;
    const matched = names.filter((n, k) => fold(n).toLowerCase() === fold(authors[k]!.lastName).toLowerCase()).length;
    if (matched < names.length - 1) continue;
    return places.map((affiliation) => ({ affiliation, email: null }));
  }
  return alone;
}

/**
 * One place for every author: "Both authors are at the Graduate School of Business …", "All authors
 * are with the Federal Reserve Board." (not a list of places said "respectively"); or a post they all
 * hold besides their own, `besides`: "All three authors are Research Associates, National Bureau of
 * Economic Research, Cambridge, Massachusetts."
 */
function sharedNote(texts: string[]): { affiliation: string; email: null; besides?: true } | null {
  for (const text of texts) {
    const told = sentences(text);
    for (const [k, sentence] of told.entries()) {
      if (sentence.length > 400) continue;
      const all = /^(?:[*∗†]\s*|\p{Ll}\s+)?(?:both|all(?:\s+(?:two|three|four|five|six))?|the)\s+authors\s+are\s+(?:all\s+)?/iu.exec(sentence);
      if (!all) continue;
      const said = sentence.slice(all[0].length).replace(/\.$/, "");
      const m = /^(?:from|at|with|affiliated\s+with)\s+(?:the\s+)?(\p{Lu}.+?)$/iu.exec(said);
      // (The place goes on in the next sentence where that is its institution and address alone: "… are at Department of
      // Finance (FRIC). Harbour Business School, Quay 3, DK-2000 Eastbury, Denmark. E-mail: …".)
      // (Its words capitalised, numbers or a name's small words only: not "Lind is also at CEPR, London", a label's
      // "Corresponding author: …", thanks.)
      const next = told[k + 1]?.replace(/\.$/, "").trim() ?? "";
      const addressAlone = next.split(/[\s,]+/).filter(Boolean).every((w) => /^[\p{Lu}\d(]/u.test(w) || SMALL_WORDS.test(w)) && !/:/.test(next);
      const goesOn = next && addressAlone && namesInstitution(next.split(",")[0]!) && next.split(",").length >= 2 ? `, ${next}` : "";
      if (m && !/\brespectively\b/i.test(m[1]!)) return { affiliation: m[1]! + goesOn, email: null };
      const held = placesAfterPosts(said);
      if (held && !/\brespectively\b/i.test(held)) return { affiliation: held, email: null, besides: true };
    }
  }
  return null;
}

/**
 * Whether a place read for an author already has a place every author shares as one of its parts: "TUM, Robeco Asset
 * Management" under a name and "All authors are at Robeco Asset Management" in the note. The place read is the more
 * specific. (A part, not a piece of text: a sentence read as a place, "Both authors are at …", holds the shared place
 * and is none.)
 */
const namesAlready = (read: string | null, shared: string) => {
  // (A shared place of one word may be a town's name in another place, "Columbia": only a place's name is matched.)
  if (!read || !(/\s/.test(shared.trim()) || namesInstitution(shared))) return false;
  const key = (text: string) => fold(text).toLowerCase().replace(/^the\s+/, "");
  const at = key(shared);
  const parts = read
    .split(/\s*[,;]\s*/)
    .map((p) => p.replace(/^(?:and|&)\s+/i, "").trim())
    .filter((p) => p && !/^(?:and|&)$/i.test(p));
  // (And another place beside it: a place read with the list's separators or an e-mail run into it, "Federal Reserve
  // Board,,, and", is the shared place read badly, which the note's own text mends.)
  return parts.some((p) => key(p) === at) && parts.some((p) => key(p) !== at && /^\p{Lu}/u.test(p) && !/@|\be-?mail\b/i.test(p));
};

/** Names of units before an institution, each ended by a comma ("Department of Finance, "), or nothing. */
const NAMES_BEFORE = /^(?:\p{Lu}[\p{L}'’&-]*(?:\s+(?:of|for|and|&|in|the|\p{Lu}[\p{L}'’&-]*))*,\s*)*$/u;
const STREET_OPENS = new RegExp(`^${STREET_NEXT}`, "u");
/**
 * A numbered place run on after another (", 2 Harbour University", ", 2 St Andrews University"), not a street's number
 * (", 12 Wren Street"): a number then a capital, where what follows up to the next comma names an institution or opens
 * no street.
 */
const numberedPlace = (place: string) =>
  [...place.matchAll(/,\s*(\d{1,2}\s+\p{Lu}[^,]*)/gu)].some((m) => namesInstitution(m[1]!) || !STREET_OPENS.test(m[1]!));
/** A date in a place, a year by itself or in brackets: "…, 2019", "… (until 2022)". */
const DATED = /(?:^|,)\s*(?:19|20)\d\d\s*(?:,|$)|\([^)]*\b(?:19|20)\d\d\b[^)]*\)/;
const STREET_AFTER_STOP = new RegExp(`\\.\\s+(?=${STREET_NEXT})`, "gu");
/** The label that ends the text before an e-mail: "E-mail:", "Email addresses". */
const MAIL_LABEL_END = /(?:e-?mails?|electronic mail)(?:\s+address(?:es)?)?\s*:?\s*$/i;
/** A contact's label before an e-mail: "Contact:", "Contact information:". */
const CONTACT_LABEL_END = /\bcontact(?:\s+(?:information|details))?\s*:\s*$/i;
/**
 * A place printed after an e-mail, as far as it goes: its first sentence ("St. Louis" in it), up to where a clause said
 * of the author follows a comma ("…, IN 47405, thanks the … Foundation"), without the stops that end it.
 */
const placeAfterMail = (text: string) => (sentences(text)[0] ?? "").replace(/,\s+(?!and\b)\p{Ll}.*$/su, "").replace(/[\s.,]+$/, "");
/** What a comma after an e-mail goes on with, to the next web address, telephone or semicolon: the place after it. */
const addressAfterMail = (after: string) => {
  if (!/^\s*,/.test(after)) return undefined;
  const place = placeAfterMail(after.replace(/^\s*,\s*/, "").split(/,?\s*(?:https?:|www\.|\btel\b|\bphone\b|;)/i)[0]!);
  return place.length >= 10 ? place : undefined;
};
/** A text's last sentence, or the street address that ends it: "… is disclosed. 20th Street and …, D.C. 20551". */
const lastSentence = (text: string) => {
  const last = sentences(text.trimEnd()).at(-1) ?? "";
  const street = [...last.matchAll(STREET_AFTER_STOP)].at(-1);
  return street ? last.slice(street.index + street[0].length) : last;
};
/**
 * A place written out as a postal address, longer than a place's name but no sentence: short parts between commas,
 * the first an institution or its unit, one a street, postcode or country ("Department of Finance, The London School
 * of Economics and Political Science, Houghton St, WC2A 2AE, London, UK").
 */
const postalAddress = (place: string) => {
  const parts = place.split(/\s*,\s*/);
  // (One address, not two run together: "…, Espoo, Finland Department of Finance, …".)
  return parts.length >= 3 && parts.length <= 8 && parts.every((p) => p.split(/\s+/).length <= 8) && namesInstitution(parts[0]!) && (/\d/.test(place) || endsWithCountry(place)) && splitAtCountries(place).length === 1;
};

/**
 * A note that opens with a place and goes on with authors' e-mails: "Federal Reserve Board;
 * kim@frb.gov; laubach@frb.gov; and wei@frb.gov.", "Federal Reserve Board. Email Addresses: …",
 * "(1) International Monetary Fund. Email: smalik2@imf.org". The place is where each author whose
 * address the note lists is. Or a contact's line, whose postal address follows the one e-mail.
 */
function placesBeforeMail(texts: string[], families: string[]): Array<{ affiliation: string; emails: string[]; street?: true }> {
  const out: Array<{ affiliation: string; emails: string[]; street?: true }> = [];
  // (An address, one TeX cut at a hyphen among them, and the list of them: "a@b.gov; c@b.gov; and d@b.gov".
  // A match begins only where a word does: tried at every letter of a long word, it read to the word's end each time.)
  const address = String.raw`(?<![\w.+'-])[\w.+'-]+(?:-\s+[\w.+'-]+)?@[\w-]+(?:\.[\w-]+)+`;
  const list = new RegExp(`${address}(?:\\s*(?:[;,]|\\band\\b)\\s*(?:and\\s+)?${address})*`, "gu");
  // (A family name as a whole word: "An" is no part of "Bank of Canada".)
  const named = families.map((f) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(fold(f).toLowerCase())}(?![\\p{L}\\p{N}])`, "u"));
  for (const text of texts) {
    if (!text.includes("@")) continue;
    let from = 0;
    for (const m of text.matchAll(list)) {
      const between = text.slice(from, m.index);
      from = m.index + m[0].length;
      // (A contact's line gives the postal address after the one e-mail: "Contact: a@harbour.edu, Department of Economics,
      // 590 Kestrel Hall, Harbour University, Eastbury, MD 21218, https://…".)
      const contact = CONTACT_LABEL_END.test(between) && expandEmails(m[0]).length === 1 ? addressAfterMail(text.slice(from, from + 300)) : undefined;
      if (contact && /^[\p{Lu}\d]/u.test(contact) && !THANKS.test(contact) && !isProse(contact) && postalAddress(contact)) {
        out.push({ affiliation: contact, emails: expandEmails(m[0]) });
        continue;
      }
      // (The note's opening, or what follows the addresses before; in a longer note, its last sentence, the address
      // its author gives after the thanks: "… for financial support. Department of Finance, …, London, UK, email: …".)
      const before = between.length > 240 ? lastSentence(between.replace(MAIL_LABEL_END, "")) : between;
      if (before.length > 240) continue;
      const said = before
        .replace(/^[\s)\]}>,;:.]+/, "")
        .replace(/^\s*(?:\(\d{1,2}\)|\d{1,2}(?=\s*\p{Lu})|[*∗†‡§¶]+)\s*/u, "")
        .replace(MAIL_LABEL_END, "")
        .replace(/[\s.;,:(]+$/, "");
      // (Two places, each a sentence of its own, are the author's two: "University of Oregon and CEGA. Department of
      // Economics, 1285 University of Oregon, Eugene, OR 97403. E-mail: …".)
      const two = sentences(said);
      // (Each a name that opens with an institution or its unit, every word capitalised but the small ones: not "Research
      // supported by the National Science Foundation.", nor "Visiting Scholar, Harvard University.")
      const aName = (t: string) => namesInstitution(t.split(",")[0]!) && !isProse(t) && !THANKS.test(t) && !POST.test(t) && t.replace(/[\s.]+$/, "").split(/[\s,]+/).every((w) => /^[\p{Lu}\d&(“"]/u.test(w) || SMALL_WORDS.test(w));
      const place = two.length === 2 && two.every(aName) ? two.map((t) => t.replace(/[\s.]+$/, "")).join("; ") : said;
      // (One place, not a sentence: "Corresponding author. Tel.: …", "We thank … (a@b.org)"; not a list of
      // numbered places run together, a web address, a correspondence line.)
      // (A place may be known by its city alone: "Mines Paris – PSL (email: …)".)
      const aPlace = namesInstitution(place) || (shortPlaceName(place) && countryOfAffiliation(place) !== null);
      if (/\bauthors?\b|\btel\b|\bphone\b|\bfax\b|correspond|https?:|\bdoi\b/i.test(place)) continue;
      // (Or the street and town alone, of the place printed under the author's name: "20th Street and Constitution Avenue
      // N.W. Washington, D.C. 20551. Email: …"; not a contact's line, "…, New York, NY, T: (+1) 917-…, B:".)
      if (!aPlace && STREET_OPENS.test(place) && /\d/.test(place.slice(4)) && !/[:+]/.test(place) && place.length <= 120 && sentences(place).length === 1 && !isProse(place)) {
        out.push({ affiliation: place, emails: expandEmails(m[0]), street: true });
        continue;
      }
      if (place.length < 2 || place.length > 160 || sentences(place).length > 1 || !aPlace || isProse(place) || THANKS.test(place) || numberedPlace(place)) continue;
      // (Nor an address block that a name heads, read by `addressBlockOf`: a place names no author.)
      const folded = fold(place).toLowerCase();
      if ((place.split(/\s+/).length > 14 && !postalAddress(place)) || named.some((r) => r.test(folded))) continue;
      out.push({ affiliation: place, emails: expandEmails(m[0]) });
    }
  }
  return out;
}

/** What a note's entry may say after a name that is no place of the person's: a funder's grant, an award, a firm's fees. */
const NOT_THEIR_PLACE = /\b(?:grants?|awards?|fund(?:ing|ed)|fees?|support(?:ed)?|Inc|Ltd|Corporation|LLC)\b|\d/i;

/**
 * A sentence that gives some of the authors one place: "Francis A. Longstaff and Hanno Lustig are with
 * the UCLA Anderson School and the NBER." (the Journal of Finance's note, where authors share a place).
 * The place for `author` where every name the sentence lists is an author's and theirs is among them;
 * not a list of places said "respectively", which `respectiveNote` reads.
 */
function groupOf(texts: string[], author: ExtractedAuthor, families: string[]): string | null {
  const own = fold(withoutGeneration(author.lastName)).toLowerCase();
  const known = new Set(families.map((f) => fold(withoutGeneration(f)).toLowerCase()));
  for (const sentence of texts.flatMap((t) => sentences(t)).filter((t) => t.length <= 400)) {
    const m = /^(?:[*∗†]\s*|\p{Ll}\s+)?(\p{Lu}.+?)\s+are\s+(?:all\s+)?(?:from|at|in(?!\s+part\b)|with|affiliated\s+with)\s+(?:the\s+)?(\p{Lu}.+?)\.?$/u.exec(sentence);
    // (The e-mails the sentence ends with are no part of the place: "… Federal Reserve System (E-mails: a@frb.gov, b@frb.gov respectively)".)
    const place = m?.[2]!.replace(MAIL_BRACKETS_LAST, "");
    if (!m || !place || /\brespectively\b/i.test(place)) continue;
    // (Each listed name ends with an author's family name, a generation after it aside: "Francis A. Longstaff", "Lustig",
    // "Edward S. Knotek II", "Thomas van Florenstein Mulder".)
    // (An e-mail in brackets after a name is no part of it: "Ortega (p.ortega@…) and Lind (…) are with …".)
    const listed = listItems(m[1]!.replace(MAIL_BRACKETS_ANYWHERE, "")).map((n) => fold(withoutGeneration(n)).toLowerCase());
    const familyOf = (name: string) => [...known].find((f) => name === f || name.endsWith(` ${f}`));
    if (listed.length < 2 || listed.length > 12 || !listed.every(familyOf) || !namesInstitution(place)) continue;
    if (listed.some((name) => familyOf(name) === own)) return place;
  }
  return null;
}

/**
 * A unit "at" its institution, as a sentence says it, in the order an address prints it: "the
 * Graduate School of Business at the University of Chicago" is "Graduate School of Business,
 * University of Chicago".
 */
const unitAtInstitution = (said: string) =>
  said.replace(/^((?:\p{Lu}[\p{L}'’-]*\s+)*(?:Department|School|Faculty|Division|Institute|Center|Centre|College|Program|Programme|Unit|Group)\b(?:(?:\s+(?:of|for|in|and|&))?\s+\p{Lu}[\p{L}'’-]*)*?)\s+at\s+(?:the\s+)?(?=\p{Lu})/u, "$1, ");

/** What a note says of one author, found by their family name: the affiliation and an e-mail. */
function noteOf(texts: string[], author: ExtractedAuthor, families: string[], { keyedOnly = false } = {}): { affiliation: string; email: string | null } | null {
  const family = asPrinted(author.lastName);
  const full = asPrinted(`${author.firstName} ${author.lastName}`);
  // The next author's entry ends this one's ("…, and NBER (e-mail: …); Dorn: CEMFI, …", "…; Lena Voss — Bank of …").
  const others = families.filter((f) => fold(f) !== fold(author.lastName)).map(asPrinted);
  // (Or, one entry to a line, where the next author's name and colon follow this one's e-mail: "…; refet@bilkent.edu.tr Sack: …".)
  const nextEntry = others.length ? `|;\\s*(?:\\p{Lu}[\\p{L}.'’-]*\\s+){0,3}(?:${others.join("|")})\\s*(?:[:;]|[–—]\\s)|\\s+(?=(?:${others.join("|")})\\s*:\\s)` : "";
  // (Or the first entry right after the note's label: "Address for correspondence: Moss: Harbour University, …".)
  // (Or "at" between the name and the place, entries parted by their e-mails: "Moss at Department of Finance, Harbour
  // University; email: …. Ruiz at …"; a place that names an institution.)
  // (An entry may also begin after the e-mail that ends the one before, one entry to a line: "…; refet@bilkent.edu.tr
  // Sack: Macroeconomic Advisers, …"; the look-behind is tried only where a space follows.)
  // (Or, entries run on with commas, after the e-mail that ends the one before: "Schmid: University of Bern,
  // schmid[at]unibe[dot]ch, Lena Roth: …"; an entry so begun is known by the author's whole name. An e-mail after a
  // comma ends an entry: a plain one is the author's, one masked against harvesters is read with the others.)
  const keyed = new RegExp(
    `(?:(?:^|[;*∗†]\\s*|\\.\\s+|(?<=\\b(?:correspondence|addresses|address|contact))\\s*:\\s+|${AFTER_EMAIL})(?:${full}|${family})|,\\s*(?:${full}))${ROLE_BEFORE_COLON}\\s*([:;]|[–—](?=\\s+\\p{Lu})|(?<=\\s)at(?=\\s+\\p{Lu}))\\s+(?:(${EMAIL.source})\\s*,\\s*)?(.+?)` +
      `(?:\\s*\\((?:e-?mail|email)\\s*:?\\s*([^)\\s]+)\\s*\\)|,\\s*(${EMAIL.source})(?=[,;.]?\\s|[,;.]?$)|,\\s*(?:${MASKED_EMAIL.source})|(?=${SENTENCE_END})${nextEntry}|$)`,
    "u",
  );
  // (A note may open with its marker as a stray letter, "y Paul Klemperer is …"; a text layer may run
  // the name into the verb, "Campbellis from …", which is read only before a verb of place.)
  // (One sentence may speak of every author in turn: "Hong is in …; Sraer is in …", "Lopez is …
  // (e-mail), Rose is …", "Moss is at … and Lind is …": another author's name and verb, or an e-mail's brackets, end this one's.)
  // (An e-mail's brackets end it, `MAIL_BRACKETS`, or the author's e-mail after it. A sentence may begin right after the
  // e-mail that ends the one before, one author to a line: "… and CEPR. email: ada@example.edu Lena Roth is at …".)
  const mailBrackets = `|${MAIL_BRACKETS}`;
  // (The other's given names are words or initials, "Lasse Heje", "J.", "D.C.": not "NBER." ending this sentence.)
  const nextSaid = others.length ? `${mailBrackets}|(?:[;,.]\\s*(?:and\\s+)?|\\s+and\\s+)(?:\\p{Lu}(?:\\p{Ll}[\\p{L}-]*|\\.(?:\\p{Lu}\\.)*)\\s+){0,3}(?:${others.join("|")})(?:${MAIL_BRACKETS})?\\s+is\\s` : mailBrackets;
  const sentence = new RegExp(`(?:^\\S?\\s*|[*∗†;,]\\s*(?:and\\s+)?|\\.\\s+|\\s+and\\s+|${AFTER_EMAIL})(?:${full}|${family})(?:${MAIL_BRACKETS})?(?:\\s+is\\s+|is\\s+(?=(?:from|at|in|with)\\s))(.+?)(?=${SENTENCE_END}|\\.?$|,?\\s+(?=[\\w.+'-]+@[\\w-]+\\.)${nextSaid})`, "u");
  // (Or by the whole name and a comma, an entry that opens the note, a sentence of it or follows the e-mail that ends the
  // entry before: "Adam Richardson, Economics Department, Reserve Bank of New Zealand, 2 The Terrace, Wellington, New
  // Zealand. E-mail: …"). Its place ends at an e-mail label or the author's address after a comma.)
  const othersNamed = others.length ? new RegExp(`(?<![\\p{L}])(?:${others.join("|")})(?![\\p{L}])`, "u") : null;
  const byFullName = new RegExp(`(?:^\\S?\\s*|[;*∗†]\\s*|\\.\\s+|${AFTER_EMAIL})${full}\\s*,\\s+(\\p{Lu}.+?)(?=\\.?\\s*(?:[Ee]-?mail|E-MAIL|Tel|Phone)\\b|,\\s*(?=[\\w.+'-]+@[\\w-]+\\.)|${SENTENCE_END}|\\.?$)`, "u");
  // (Or by the family name and a comma, an entry that ends at the author's e-mail in brackets: "Moss, University of
  // Eastbury, 308 College Drive, …, Eastbury, OK (moss@example.edu); Ruiz, Federal Reserve Bank of Norland …".)
  const byFamily = new RegExp(String.raw`(?:^\S?\s*|[;*∗†]\s*|\.\s+)(?:${family})\s*,\s+(\p{Lu}(?:(?!${SENTENCE_END})[^;()]){1,300}?)\s*\(\s*(?:e-?mail:?\s*)?(${EMAIL.source})\s*\)`, "u");
  // (Or by the family name, a role in brackets, the e-mail and the place after it, an entry to each author and "; " between
  // them, as the JFQA prints them: "*Moss, amoss@harbour.edu, Harbour University, …, IN 47405; and Lind (corresponding
  // author), lind@kestrel.ac.il, Kestrel University, …, Israel. We thank …".)
  // (Of two entries under one family name, the one whose mailbox fits the author; none whose mailbox is another's.)
  const byFamilyMail = new RegExp(String.raw`(?:^\S?\s*|[;*∗†]\s*(?:and\s+)?)(?:${family})(?:\s*\([^()]{1,40}\))?\s*,\s*(${EMAIL.source})\s*,\s*(\p{Lu}[^;]{1,300})`, "gu");
  // (Or the family names of one or more authors, a comma and their place, entries parted by semicolons, as the
  // Federal Reserve's papers print them: "Moss and Lind, Federal Reserve Bank of Harbour; Ruiz, Board of Governors;
  // Tanaka, Eastbury College." The note's first sentence is such entries and nothing else, two at least, naming every
  // author between them, each place an institution's name: not a disclosure, "Moss, consulting fees from Harbour Pharma
  // Inc.; …", a funder's grant, nor a list of names family name first, "Moss, Ada; Lind, Karl".)
  const anyFamily = [family, ...others].join("|");
  const familiesPlace = new RegExp(String.raw`^(?:and\s+)?((?:${anyFamily})(?:\s*,\s*(?:${anyFamily}))*(?:\s*,?\s+and\s+(?:${anyFamily}))?)\s*,\s+(\p{Lu}.{1,200})$`, "u");
  const ownFamily = new RegExp(String.raw`(?<![\p{L}])(?:${family})(?![\p{L}])`, "u");
  const namedFamilies = (list: string) => families.filter((f) => new RegExp(String.raw`(?<![\p{L}])${asPrinted(f)}(?![\p{L}])`, "u").test(list));
  const entryByFamilies = (text: string) => {
    const first = sentences(text.replace(/^[*∗†‡§¶\d\s]+/u, ""))[0]?.replace(/\.$/, "") ?? "";
    const entries = first.split(/\s*;\s*/).map((part) => familiesPlace.exec(part));
    if (entries.length < 2 || entries.some((m) => !m || !namesInstitution(m[2]!) || NOT_THEIR_PLACE.test(m[2]!) || !!(othersNamed && othersNamed.test(m[2]!)) || isProse(m[2]!))) return null;
    if (new Set(entries.flatMap((m) => namedFamilies(m![1]!))).size < families.length) return null;
    return entries.find((m) => ownFamily.test(m![1]!))?.[2] ?? null;
  };
  const entryByMail = (text: string) => {
    const fitting = [...text.matchAll(byFamilyMail)].map((m) => ({ m, fit: emailFit(m[1]!, author.firstName, author.lastName) })).filter((e) => e.fit > 0);
    return fitting.sort((a, b) => b.fit - a.fit)[0]?.m ?? null;
  };
  for (const text of texts) {
    const k = keyed.exec(text);
    // (After a dash, only a place: not a sentence said of the author, "Marta Olive – The views expressed are …".)
    // (The entry may give the e-mail first, right after the name: "Slacalek: jiri@example.eu, European Central Bank, …"; then
    // only a place that names an institution, not the next entry, "Moss: ada@…, Lind: …".)
    const mailFirst = !!k?.[2] && (!namesInstitution(k[3]!) || notAffiliation(k[3]!.replace(WEB_ADDRESS, "")) || ENTRY_KEY.test(k[3]!));
    const place = k && !mailFirst && /\p{Lu}/u.test(k[3]!.charAt(0)) && (/[:;]/.test(k[1]!) || (namesInstitution(k[3]!) && !notAffiliation(k[3]!))) ? k[3]! : null;
    if (place) return { affiliation: place, email: (k![2] ?? k![4] ?? k![5])?.replace(/[.,;]+$/, "") ?? null };
    // (A series' cover is read for such entries only: its other sentences are the series' own.)
    if (keyedOnly) continue;
    const f = byFullName.exec(text);
    // (Not the author line itself, "Jacob Torrejón, Giovanni Badini and Manuel Vázquez …": no other author is named in a place.)
    if (f && namesInstitution(f[1]!) && !(othersNamed && othersNamed.test(f[1]!))) return { affiliation: f[1]!, email: null };
    const b = byFamily.exec(text);
    // (Within one sentence, and naming no other author: not "Moss, Harbour University and Tanaka, Eastbury College (…)".)
    if (b && namesInstitution(b[1]!) && !(othersNamed && othersNamed.test(b[1]!))) return { affiliation: b[1]!, email: b[2]!.toLowerCase() };
    const e = entryByMail(text);
    const mailedPlace = e ? placeAfterMail(e[2]!) : "";
    if (e && namesInstitution(mailedPlace) && !(othersNamed && othersNamed.test(mailedPlace))) return { affiliation: mailedPlace, email: e[1]!.toLowerCase() };
    const listedPlace = entryByFamilies(text);
    if (listedPlace) return { affiliation: listedPlace, email: null };
    const s = sentence.exec(text);
    if (s) {
      const said = s[1]!.slice(0, 400);
      if (PLACE_VERB.test(said)) return { affiliation: said.replace(PLACE_VERB, "").replace(/^the\s+(?=\p{Lu})/u, ""), email: null };
      const places = placesAfterPosts(said);
      if (places) return { affiliation: places, email: null };
    }
  }
  return null;
}

/**
 * The address a correspondence note gives one author by name: "Correspondence to: Xiaohong Chen,
 * Department of Economics, Yale University, Box 208281, New Haven, CT 06520, USA. E-mail: …". Or, for the
 * paper's only author (`alone`), the address a correspondence note gives naming nobody, opening with the
 * place: "Correspondence to: Department of Economics, University of …, CA 92521, USA.".
 */
function correspondenceOf(texts: string[], author: ExtractedAuthor, { labelled = false, alone = false } = {}): string | null {
  const names = asPrinted(`${author.firstName} ${author.lastName}`);
  const to = alone ? `(?:${WRITE_TO}|${CORRESPONDING_LABEL})` : labelled ? CORRESPONDING_LABEL : WRITE_TO;
  const named = String.raw`(?:(?:Dr|Prof|Professor)\.?\s+)?(?:${names})\s*,\s*`;
  const said = new RegExp(String.raw`\b${to}${alone ? "" : named}(.{2,300}?)(?=[.,;]?\s*(?:or\s+)?(?:[Ee]-?mail|Tel|Phone|Fax)\b|(?<!(?:^|[\s.])\p{Lu})\.\s+\p{Lu}\p{Ll}+\s|\.?$)`, "u");
  for (const text of texts) {
    const m = said.exec(text);
    // (After the corresponding author's label, a place, not a sentence said of them: "Corresponding author: Ken
    // Tanaka, who thanks the Harbour University Foundation for support.")
    // (Naming nobody, a place from its first words: "Department of …", not "the authors at …".)
    const place = m?.[1];
    if (place && namesInstitution(place) && (!labelled || (/^\p{Lu}/u.test(place) && !notAffiliation(place))) && (!alone || (/^\p{Lu}/u.test(place) && namesInstitution(place.split(",")[0]!) && !notAffiliation(place)))) return place;
  }
  return null;
}

/**
 * The street address a sole author's note prints for the place read under their name: a note that
 * opens with it ("Mail Stop 80, 20th and C Streets NW, Washington DC 20551. Email: …", "45 Columbus
 * Avenue, room 619, 10023, New York, NY, …, T: …") or labels it ("… Address: 800 W Peachtree St NW,
 * Atlanta, GA 30308. Phone: …"); it ends at the next sentence or at a contact's label.
 */
function streetOf(texts: string[]): string | null {
  // (A number, not a year, and a street's word among the words after it: "45 Columbus Avenue", "800 W Peachtree St NW";
  // not a note's marker before a place, "1 Harvard University, …", nor "2020 Elsevier Ltd".)
  const street = String.raw`(?:(?!(?:19|20)\d\d\b)\d{1,5}[A-Za-z]?(?:-\d{1,5})?(?=(?:\s+\p{Lu}[\p{L}.]*){0,4}\s+${STREET_WORD})(?:\s+\p{Lu}[\p{L}.]*){1,5}|Mail\s+Stop\s+\w+|P\.?\s?O\.?\s+Box\s+\d+|Room\s+\w+),`;
  const said = new RegExp(String.raw`(?:^(?:[*∗†‡§¶]|\d{1,2}(?=\s*\p{Lu}))?\s*|\b(?:[Pp]ostal\s+|[Mm]ailing\s+)?[Aa]ddress\s*:\s*)(${street}.{2,120}?)(?=\.\s+\p{Lu}|[,.;]\s*(?:\p{Lu}{1,2}|Tel|Phone|Fax|E-?mail|Email)\s*:|\.?$)`, "u");
  const found = texts.map((t) => said.exec(t.slice(0, 3000))?.[1]).filter((m): m is string => !!m && /\d/.test(m));
  return found.length === 1 ? found[0]! : null;
}

/**
 * The town, postcode and country a note prints after a sole author's place as it was read under their name:
 * "…, School of Economics, Shandong University, Jinan, 250100, China. Fax: …" for "School of Economics, Shandong
 * University" is ", Jinan, 250100, China". Short parts only, each a capitalised word or a number, up to the
 * sentence's end or a contact's label, the last a country or holding a postcode.
 */
function townAfter(texts: string[], place: string): string | null {
  const after = new RegExp(String.raw`${escape(place)}((?:,\s*(?:\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}|[A-Z]{0,2}-?\d{3,6}(?:\s+[A-Z\d]{2,4})?|[A-Z]{2}\s+\d{5}(?:-\d{4})?)){1,4})(?=\.\s|[.,;]?\s*(?:Fax|Tel|Phone|E-?mail)\b|\.?$)`, "u");
  // (The last part a country or holding a postcode, not a year: a line cut short, "…, New York, United", is no town,
  // nor ", 2019" a note's date.)
  const last = (m: string) => m.split(",").pop()!.trim();
  const found = texts.map((t) => after.exec(t.slice(0, 3000))?.[1]).filter((m): m is string => !!m && (trailingCountry(m).country !== null || (/\d/.test(last(m)) && !/^(?:19|20)\d\d$/.test(last(m)))));
  return found.length === 1 ? found[0]! : null;
}

/** A line of an address block: short, no sentence. */
const addressLine = (t: string) => t.split(/\s+/).length <= 10 && !/[a-z]\.\s+\p{Lu}/u.test(t) && !/^(?:abstract|keywords?|jel)\b/i.test(t);
const EMAIL_LINE = /^[\w.+'-]+@[\w-]+(?:\.[\w-]+)+$/;
/** An entry's one line: the place, said "at" or not, then the e-mail after a label. */
const PLACE_THEN_EMAIL = /^(?:at\s+)?(\p{Lu}.+?)[;,]\s*(?:[Ee]-?mail|E-MAIL)\s*:?\s*([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)\.?$/u;

/**
 * An author's address block, as the NBER and other series print them at the foot of the abstract
 * page: a line with the author's name alone, then the address lines (department, university, street,
 * town, "and NBER"), then their e-mail, the block ending at a gap, the e-mail or the next author's
 * name. The affiliation is the address lines joined with commas. (`entryOnly`: an entry as a series prints them
 * on the pages before the abstract, the name, then one line with the place, said "at", and the e-mail.)
 */
function addressBlockOf(lines: Line[], author: ExtractedAuthor, names: Set<string>, { entryOnly = false } = {}): { affiliation: string; email: string | null } | null {
  const name = fold(`${author.firstName} ${author.lastName}`).toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    if (fold(lines[i]!.text.trim().replace(ROLE_AFTER_NAME, "")).toLowerCase() !== name) continue;
    const block: string[] = [];
    let email: string | null = null;
    // (Blocks may stand side by side: a block's lines are those under its name's left edge, or, set centred, its middle.)
    const head = lines[i]!;
    const column = lines.slice(i).filter((l) => l.page === head.page && (Math.abs(l.x - head.x) < 8 || Math.abs(middleOf(l) - middleOf(head)) < 4));
    for (let j = 1; j < column.length && block.length < 8; j++) {
      const [prev, l] = [column[j - 1]!, column[j]!];
      const text = l.text.trim();
      if (l.page !== prev.page || l.y - prev.y > prev.size * 1.8 || names.has(fold(text).toLowerCase())) break;
      if (EMAIL_LINE.test(text)) {
        email = text.toLowerCase();
        break;
      }
      // (Or the place in one line, said "at" and ended by the e-mail: "at Magyar Nemzeti Bank, …, Hungary; e-mail: hollod@mnb.hu".)
      const entry = j === 1 ? PLACE_THEN_EMAIL.exec(text) : null;
      if (entry && addressLine(entry[1]!)) return { affiliation: entry[1]!, email: entry[2]!.toLowerCase() };
      if (entryOnly || !addressLine(text)) break;
      // (The country, on a line of its own, is the author's country, not part of the affiliation.)
      if (!countryNamed(text)) block.push(text);
    }
    if (block.length) return { affiliation: block.join(", "), email };
  }
  return null;
}

/**
 * Gives each author named in an author note what it says of them, in place of what was read for them
 * elsewhere: a note keyed by name is the most specific statement a paper makes of where its authors are.
 */
export function affiliationsFromNotes(lines: Line[], authors: ExtractedAuthor[], abstractEnd?: Line, coverLines: Line[] = []) {
  if (!authors.length) return;
  // (A series' cover may print the authors' entries, each keyed by its author's name: "Marta Olive – Research Department,
  // Bank of Ruritania. Email: …". Only such entries are read there, for an author given no place from the title page:
  // the cover's other notes are the series' own.)
  const coverTexts = coverLines.length ? noteTexts(coverLines, vocabularyOf(coverLines.map((l) => l.text))) : [];
  // Address blocks stand after the abstract; above it a name alone on a line heads the title page's own author list.
  const blockLines = abstractEnd && lines.includes(abstractEnd) ? lines.slice(lines.indexOf(abstractEnd) + 1) : [];
  const texts = noteTexts(lines, vocabularyOf(lines.map((l) => l.text)));
  const families = authors.map((a) => a.lastName);
  const names = new Set(authors.map((a) => fold(`${a.firstName} ${a.lastName}`).toLowerCase()));
  const respective = respectiveNote(texts, authors);
  const shared = authors.length > 1 ? sharedNote(texts) : null;
  const readAlone = authors.map((a) => !!a.affiliation && authors.filter((b) => b.affiliation === a.affiliation).length === 1);
  // (A place read with the list's separators run into it: "Federal Reserve Board,,, and".)
  const runOn = (read: string, place: string) => read.startsWith(place) && /^[\s,;.]*(?:and)?[\s,;.]*$/.test(read.slice(place.length));
  const mailed = placesBeforeMail(texts, families.filter((f) => f.trim().length > 1));
  // What the place before an author's own e-mail makes of the place read for them, where it changes it (the rules
  // below): a place not read filled, or one read with the list's separators run into it mended.
  // (Or one read short under the name, that the note writes out in full: "The London School of Economics" and "Department
  // of Finance, The London School of Economics and Political Science, Houghton St, …": the place read whole in it, only
  // names before it ("Department of Finance, "), not a sentence ("Written at the Department of …"); its name in full
  // ("… School of Economics and Political Science"), not another's ("Harbour University of Technology", "Kestrel
  // University Hospital"); no date.)
  const writtenOut = (read: string, place: string) => {
    // (Found as folded, "Università" as "universita"; read off the place as printed, where folding kept its length.)
    const [within, short] = [fold(place).toLowerCase(), fold(read).toLowerCase()];
    const at = within.indexOf(short);
    if (at < 0 || within.length !== place.length || within.length <= short.length) return false;
    return NAMES_BEFORE.test(place.slice(0, at)) && /^(?:[,;]|\s+and\s|$)/.test(place.slice(at + short.length)) && !DATED.test(place);
  };
  // (Or one read with the next author's place run into it, as that author's own e-mail gives it: "…, OR 97403;
  // Northeastern University, …" where "Northeastern University, …" is the place before the next author's e-mail. The
  // whole of the rest, as that e-mail gives it or cut short of its country: not a second place of one's own that begins
  // as another's, "IZA" in "IZA Institute of Labor Economics".)
  // (Another's: an e-mail that is not this author's second, "lu.han@wisc.edu" after "lu.han@rotman.utoronto.ca", one that
  // fits them and no other author as well: "karl.moss@…" is Karl Moss's, not Ana Moss's.)
  const theirsAlone = (e: string, a: ExtractedAuthor) => {
    const fit = emailFit(e, a.firstName, a.lastName);
    return fit >= 3 && authors.every((b) => b === a || emailFit(e, b.firstName, b.lastName) < fit);
  };
  const runsIntoAnother = (read: string, m: { affiliation: string; emails: string[] }, a: ExtractedAuthor) => {
    if (!read.startsWith(m.affiliation)) return false;
    const rest = read.slice(m.affiliation.length).replace(/^[\s,;.]+/, "");
    const another = (o: { emails: string[] }) => !o.emails.some((e) => m.emails.includes(e) || theirsAlone(e, a));
    return rest.length >= 12 && mailed.some((o) => o !== m && !o.street && another(o) && o.affiliation.startsWith(rest));
  };
  // (What one author's own address says of them alone: not a place before several authors' e-mails.)
  const own = (m: { emails: string[] }) => m.emails.length === 1;
  // (A street and town go on from the place read under the name.)
  const placeOfMail = (read: string | null, m: { affiliation: string; emails: string[]; street?: true }, a: ExtractedAuthor) =>
    m.street
      ? read && own(m) && namesInstitution(read) && !/\d/.test(read) ? `${read}, ${m.affiliation}` : null
      : !read || runOn(read, m.affiliation) || (own(m) && (writtenOut(read, m.affiliation) || runsIntoAnother(read, m, a))) ? m.affiliation : null;
  for (const [k, a] of authors.entries()) {
    if (!a.lastName.trim()) continue;
    // (A place before an author's e-mail fills a place not read, or mends one read with the list's separators run into it: "Federal Reserve Board,,, and".)
    const byMail = mailed.find((m) => (a.email ? m.emails.includes(a.email) : m.emails.some((e) => emailFit(e, a.firstName, a.lastName) >= 3)));
    // (Only where it changes what was read: the same place again leaves the rules below to add its street.)
    const placeByMail = byMail ? placeOfMail(a.affiliation, byMail, a) : null;
    const mailPlace = placeByMail && placeByMail !== a.affiliation ? { affiliation: placeByMail, email: null } : null;
    // (A correspondence note's address is the author's where none was read for them alone: not over
    // their own note, but over a line printed under every name, "Yale, New York University and NBER".)
    // (Or over the same place read short: "Research Department, Federal Reserve Bank of Atlanta" and the street after it.)
    // (A corresponding author's label before their name gives a place only where none was read for them: the place printed
    // under the name is theirs, the label's address one to write to.)
    const addressed = correspondenceOf(texts, a) ?? (a.affiliation ? null : (correspondenceOf(texts, a, { labelled: true }) ?? (authors.length === 1 ? correspondenceOf(texts, a, { alone: true }) : null)));
    const corresponding = addressed && (!readAlone[k] || (a.affiliation && addressed.startsWith(a.affiliation) && addressed.length > a.affiliation.length)) ? addressed : null;
    const grouped = groupOf(texts, a, families);
    // (A sole author's place read under their name, and the street their note prints for it.)
    const sole = authors.length === 1 && a.affiliation && namesInstitution(a.affiliation) && !/\d/.test(a.affiliation);
    const street = sole ? streetOf(texts) : null;
    // (Or the town and country it prints after the same place.)
    const town = sole && !street ? townAfter(texts, a.affiliation!) : null;
    let note =
      addressBlockOf(blockLines, a, names) ??
      addressBlockOf(lines, a, names, { entryOnly: true }) ??
      noteOf(texts, a, families) ??
      (grouped ? { affiliation: grouped, email: null } : null) ??
      (corresponding ? { affiliation: corresponding, email: null } : null) ??
      mailPlace ??
      respective?.[k] ??
      (shared && (shared.besides || !namesAlready(a.affiliation, shared.affiliation)) ? shared : null) ??
      (street ? { affiliation: `${a.affiliation}, ${street}`, email: null } : null) ??
      (town ? { affiliation: `${a.affiliation}${town}`, email: null } : null) ??
      (coverTexts.length && !a.affiliation ? (noteOf(coverTexts, a, families, { keyedOnly: true }) ?? addressBlockOf(coverLines, a, names, { entryOnly: true })) : null);
    // (A post every author holds besides their own place goes after it, the place their note gives or the one read under
    // their name: "…, Chicago, Illinois; National Bureau of …"; once, where that place names it already.)
    const own = shared?.besides ? (note === shared ? a.affiliation : note?.affiliation) : null;
    if (shared?.besides && own) note = fold(own).toLowerCase().includes(fold(shared.affiliation.split(",")[0]!).toLowerCase()) ? { affiliation: own, email: note?.email ?? null } : { affiliation: `${own}; ${shared.affiliation}`, email: note?.email ?? null };
    if (!note) continue;
    // (What an affiliation never holds, as wherever else one is read: an address, its label.)
    const cleaned = cleanAffiliation(unitAtInstitution(note.affiliation).replace(/\s*\((?:e-?mail|email)\b[^)]*\)?\s*$/i, "").replace(/[\s.,;]+$/, ""));
    if (cleaned.length < 2 || cleaned.length > 240) continue;
    const { rest } = trailingCountry(cleaned);
    const email = a.email ?? note.email;
    // (Of several places, the country of the first that says one, the author's own post before one they hold besides:
    // "Northwestern University, Evanston, Illinois; National Bureau of …, Cambridge, Massachusetts" is in the United States.)
    Object.assign(a, { affiliation: rest, ...splitAffiliation(rest), country: countryOfPlace(cleaned) ?? countryOfEmail(email) ?? a.country, email });
  }
}

/**
 * The authors without the people an acknowledgement thanks: a name read from the first pages that
 * the notes print only in sentences of thanks, never elsewhere (a title page's author line, a
 * copyright line, an author note), is a person thanked, not an author.
 */
export function withoutThanked(lines: Line[], authors: ExtractedAuthor[]): ExtractedAuthor[] {
  if (authors.length < 2) return authors;
  const said = noteTexts(lines, vocabularyOf(lines.map((l) => l.text))).flatMap((t) => sentences(t));
  const [thanks, other] = [said.filter((t) => THANKS.test(t)), said.filter((t) => !THANKS.test(t))];
  if (!thanks.length) return authors;
  // (A name's own letters bound it, not \b, which knows no accented letter: "Tiberé".)
  const kept = authors.filter((a) => {
    // (A family name the line cut after its hyphen, "Collin-" of "Pierre Collin-" / "Dufresne", is looked for as far as it goes.)
    const family = a.lastName.trim().replace(/[-‐]$/, "");
    if (!family) return true;
    const named = new RegExp(`(?<![\\p{L}\\p{N}])${escape(family)}(?![\\p{L}\\p{N}])`, "u");
    // (Named elsewhere as printed or in capitals: an author line or a running head in capitals, "MARTA OLIVARES-KUHN";
    // not a word in lower case, "the price of housing" for an author Price.)
    const inCapitals = new RegExp(`(?<![\\p{L}\\p{N}])${escape(family.toLocaleUpperCase())}(?![\\p{L}\\p{N}])`, "u");
    return !(thanks.some((t) => named.test(t)) && !other.some((t) => named.test(t) || inCapitals.test(t)));
  });
  // (Never all of them: a paper's authors are named somewhere besides its thanks.)
  return kept.length ? kept : authors;
}
