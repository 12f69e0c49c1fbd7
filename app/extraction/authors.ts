/**
 * The author reader: the people named between the title and the abstract (and on an archive's
 * cover), each with the markers, e-mail, affiliation, country and role the first pages give them.
 */
import { PARTICLES as NAME_PARTICLES, INSTITUTION, EMAIL, MARKER, TRAILING_SYMBOLS, LEADING_MARKER, LEADING_MARKER_TEXT, DEGREES, POST, CORRESPONDING_ROLE, CORRESPONDING_ROLE_FIRST, SAID_AT, namesInstitution } from "./patterns";
import { countryOfAffiliation, countryOfEmail, countryOfPlace, trailingCountry } from "./countries";
import type { ExtractedAuthor, Line } from "./model";
import type { LineLabels } from "./labeller";
import type { NameReader } from "./names";
import { escapePattern, fold, joinLines, joinSpans, listItems, sentences, capitalised, isProse } from "./text";
import type { Cover } from "./zones";
import { isHeading, middleOf, sourceOf, startsWithMarker } from "./layout";
import { blockAffiliations, cleanAffiliation, continuesNote, endsWithCountry, giveAffiliation, isAddress, leftOpen, notAffiliation, knownAsPlace, notePieces, noteTextsByLine, shareInstitutionLines, shortPlaceName, splitAffiliation, splitAtCountries } from "./affiliations";
import { confidenceOf } from "./calibration";
import { isGivenName } from "./lexicon";
import { BARE_EMAIL, ROLE_MAILBOX, emailFit, expandEmails, mailboxesOn, mailedName, unmasked } from "./emails";
import { NAMES_APART, TRAILING_NUMBER_MARKERS, applyNamingConvention, authorLine, byline, namesPlaces, initialsOf, isCommonWords, isPlace, looksLikeName, markerRanges, nameParts, namesAlone, namesOnLine, plainlyAName, putGivenNamesFirst, samePerson, splitName, hasInstitutionWord } from "./person-names";
import { LEFT_OPEN, isNoise } from "./title";
import { placesAfterPosts } from "./author-notes";

/** Words of an organisation's name that no person's name has ("Federal Reserve Board", "Board of Governors"). */
const ORGANISATION_WORDS = /\b(?:reserve|board|federal|treasury|governors|commission|ministry|government|office|bureau|agency|authority|secretariat|congressional|parliament(?:ary)?)\b/i;
/** A name read as a person's that is an organisation's: an institution's word in it. */
export const isOrganisation = (name: string) => ORGANISATION_WORDS.test(name) || hasInstitutionWord(name);

/** How sure a value an archive's cover labels is ("Author(s): …"): as sure as the engine says anything. */
export const COVER_SURE = 0.95;

/**
 * The authors an archive's cover names, in its order, each with what the article's own pages gave
 * the same person (matched by family name): their e-mail, affiliation and role.
 */
export function authorsOfCover(cover: Cover, read: ExtractedAuthor[]): ExtractedAuthor[] {
  return cover.authors.map((name) => {
    const { firstName, lastName } = splitName(name);
    const same = read.find((a) => fold(a.lastName).toLowerCase() === fold(lastName).toLowerCase());
    return {
      email: null, affiliation: null, institution: null, department: null, country: null, isCorresponding: false,
      ...same,
      firstName,
      lastName,
      confidence: COVER_SURE,
      source: sourceOf(cover.authorsLine ?? undefined),
    };
  });
}

/**
 * The authors a series' cover lists on a line of names alone, where it holds every author the title page gave and
 * more: the title page's reader missed some (an address block set in two columns), and the cover's list, in its order,
 * gives them, each with what the title page gave the same person. Otherwise the authors as read.
 */
export function authorsListedOnCover(coverLines: Line[], read: ExtractedAuthor[], lowerWords: Set<string>, reader?: NameReader): ExtractedAuthor[] {
  if (!read.length) return read;
  const whole = (n: { firstName: string; lastName: string }) => `${n.firstName} ${n.lastName}`;
  for (const l of coverLines) {
    // (A line of names alone: the cover's names are sure where they hold every name the title page gave. The name
    // model reads only a line that prints every family name read.)
    const folded = fold(l.text).toLowerCase();
    if (INSTITUTION.test(l.text) || /[@\d:]/.test(l.text) || !read.every((a) => folded.includes(fold(a.lastName).toLowerCase()))) continue;
    const names = namesOnLine(l, lowerWords, { reader }).map(nameParts);
    if (names.length <= read.length || !read.every((a) => names.some((n) => samePerson(whole(n), whole(a))))) continue;
    // (Names and the marks between them only: not "Ada Moss, Karl Lind, discussed by Jane Doe", nor "(editors)".)
    const named = new Set(names.flatMap((n) => whole(n).split(/\s+/)));
    if (/[()[\]]/.test(l.text) || !l.text.split(/[\s,;•·&]+/).filter(Boolean).every((w) => named.has(w) || /^(?:and|und|et|y|e)$/.test(w))) continue;
    const least = Math.min(...read.map((a) => a.confidence));
    return names.map(
      (n) =>
        read.find((a) => samePerson(whole(n), whole(a))) ?? { ...n, email: null, affiliation: null, institution: null, department: null, country: null, isCorresponding: false, confidence: least, source: sourceOf(l) },
    );
  }
  return read;
}

/** A note ("* Corresponding author"), not a marker that ends the name above ("*, Michał Krzyżowski¹, …"). */
const correspondingNote = (text: string) => /^(?:corresponding|[*∗](?!\s*,))/i.test(text.trim());

/**
 * A line that is one author's: a name, then degrees or a post, then an institution ("Nicola Carey,
 * PhD, Reader, School of Health Sciences, University of Surrey, UK"); or its parts set as sentences,
 * full stops between them, an e-mail among them and the post not needed ("Ada Moss. Professor of Finance.
 * e-mail: ada@… Harbour Business School.", "Ada Moss Ruiz. Industrial Engineering. Harbour University."). The
 * name, its markers and the affiliation after it (without degrees and post, its parts joined with commas;
 * `fullStops` where they were sentences); null for any other line.
 */
function personWithAffiliation(text: string, lowerWords: Set<string>, { person }: { person?: (name: string) => boolean } = {}) {
  const pieces = text.split(/\s*,\s*/);
  // (Or, given `person` to tell a person's name, the institution right after the name's comma, no post between: "Ada
  // Moss, Harbour Bank and Lind University"; not a post with its place, "Principal Lecturer, Harbour University".)
  const byCommas = entryOf(pieces, lowerWords, { posted: true }) ?? (person && INSTITUTION.test(pieces[1] ?? "") && !isProse(pieces[1]!) && !POST.test(pieces[0]!) && person(pieces[0]!) ? entryOf(pieces, lowerWords, { posted: false }) : null);
  if (byCommas) return { ...byCommas, fullStops: false };
  const sentences = entrySentences(text.replace(LABELLED_EMAIL, " "));
  const bySentences = sentences.length >= 2 ? entryOf(sentences, lowerWords, { posted: false }) : null;
  return bySentences ? { ...bySentences, fullStops: true } : null;
}

/** A part a person takes in the paper or its session, printed where a name or a place could be: "(Discussant)", "Handling Editor". */
const PAPER_ROLES = "editor|discussant|presenter|chair|speaker|reviewer|referee";
const ROLE_NAMED = new RegExp(String.raw`\b(?:${PAPER_ROLES})s?\b`, "i");
/** A role or a label set before a person's name on their line: "Contact Karl Lind", "Supervisor: Karl Lind", "Advisor Ada Moss". */
const ROLE_BEFORE_NAME = new RegExp(String.raw`^(?:contact|correspondence|supervisors?|advisors?|advisers?|committee|thesis|${PAPER_ROLES})s?\b`, "i");

/**
 * Whether a text opens as a person's name does, with a given name or an initial: "Stefan Reitz", "J. Moss"; not a unit
 * that opens an address, "Central Laser Facility", "Theoretische Physik I" (where a name and its place share a line,
 * nothing else tells them apart).
 */
const opensWithGivenName = (text: string) => {
  const first = text.trim().split(/\s+/)[0] ?? "";
  return /^\p{Lu}\.(?:-?\p{Lu}\.)*$/u.test(first) || isGivenName(first);
};

/**
 * A name and its place on one line, the place set in another font right after the name, as a chapter's or a
 * draft's byline prints it ("Ada Moss  Harbour University", the name upright, the place in italics): the name
 * (two to four words) in the line's first font, an institution in the other, and the two fonts (`fonts`); null for
 * any other line. Whether the name is a person's is the caller's to tell.
 */
function nameThenPlaceInOtherFont(line: Line, lowerWords: Set<string>) {
  const spans = line.spans.filter((s) => s.text.trim());
  const words = spans.filter((s) => !s.sup);
  const change = words.findIndex((s) => s.font !== words[0]!.font);
  if (change < 1 || words.slice(change).some((s) => s.font === words[0]!.font)) return null;
  const name = joinSpans(words.slice(0, change)).trim();
  const place = joinSpans(words.slice(change)).trim();
  const size = name.split(/\s+/).length;
  if (size < 2 || size > 4 || !INSTITUTION.test(place) || isProse(place) || !looksLikeName(name) || INSTITUTION.test(name) || isPlace(name) || isCommonWords(name, lowerWords)) return null;
  // (The name's raised markers, printed before the place.)
  const markers = spans.filter((s) => s.sup && s.x < words[change]!.x).flatMap((s) => s.text.split(/[\s,]+/).filter(Boolean));
  return { name, markers, affiliation: place, fullStops: false, fonts: `${words[0]!.font} ${words[change]!.font}` };
}

/** An e-mail's label: "e-mail", "E-mail address". */
const EMAIL_LABEL = String.raw`\be-?mail(?:\s+address(?:es)?)?`;
/** An e-mail among an entry's parts, its label with it where one is printed: "e-mail: ada@example.edu", "E-mail address: …". */
const LABELLED_EMAIL = new RegExp(String.raw`(?:${EMAIL_LABEL}\s*:?\s*)?${EMAIL.source}`, "gi");
/**
 * An entry's parts set as sentences: parted at a full stop after a word or a number, not an initial's ("Ada M. Moss") nor
 * an abbreviation's ("Dept. of Economics", "Harbour Univ."); what an e-mail taken out left at a part's start goes.
 */
const entrySentences = (text: string) =>
  text
    .split(/(?<=\p{L}{2}|\d)(?<!\b(?:Dept|Univ|Inst|Ave|St|Co|Inc|Ltd|Corp|Prof|Dr|No))\s*\.(?:\s+|$)/u)
    .map((p) => p.replace(/^[\s.,;:]+/, "").trim())
    .filter(Boolean);

/** The name, markers and affiliation of an entry's parts: a name first, then degrees or posts (`posted`: at least one), then a place that names an institution. */
function entryOf(pieces: string[], lowerWords: Set<string>, { posted }: { posted: boolean }) {
  const bare = pieces[0]!.replace(TRAILING_SYMBOLS, "");
  const markers = TRAILING_NUMBER_MARKERS.exec(bare)?.[0] ?? "";
  const name = bare.slice(0, bare.length - markers.length).trim();
  if (pieces.length < (posted ? 3 : 2) || !/^\p{Lu}/u.test(name) || name.split(/\s+/).length < 2 || name.split(/\s+/).length > 4) return null;
  if (!looksLikeName(name) || INSTITUTION.test(name) || isPlace(name) || isCommonWords(name, lowerWords)) return null;
  let k = 1;
  let titled = false;
  while (k < pieces.length && (DEGREES.test(pieces[k]!) || POST.test(pieces[k]!))) {
    titled = true;
    k++;
  }
  const rest = pieces.slice(k).join(", ").trim();
  if (posted ? !titled || !INSTITUTION.test(pieces[k] ?? "") : !pieces.slice(k).some((p) => INSTITUTION.test(p))) return null;
  return { name, markers: markers.trim().split(/\s+/).filter(Boolean), affiliation: rest };
}

/**
 * A name found: its markers, the line it starts on, the last row of its line's list, how sure the
 * labeller is of that list; its affiliation where its own line prints one after the name.
 */
type Candidate = { name: string; markers: string[]; line: Line; lineIndex: number; author: number; affiliation?: string; given?: string; family?: string };

/** The lower-case particles a family name may carry before its capital: "van Vliet", "de la Cruz". */
const PARTICLES = "de|del|della|di|da|du|la|le|van|von|der|den|ter|ten";
/** A line that opens with a name and what the person is: "Pim van Vliet is the head of …", "Ada Moss, PhD, is a senior …". */
const BIO_BYLINE = new RegExp(
  String.raw`^((?:\p{Lu}[\p{L}'’.-]*\s+){1,3}(?:(?:${PARTICLES})\s+)*\p{Lu}[\p{L}'’-]+)(?:,\s*(?:PhD|Ph\.D\.|CFA),?)?\s+is\s+(?=(?:the|an?|currently|now|also)\s)`,
  "u",
);
/** A row that is one name, particles and markers with it: "Karamfil Todorov", "Maria de la Cruz¹". */
const ONE_NAME = String.raw`((?:\p{Lu}[\p{L}'’.-]*\s+(?:(?:${PARTICLES})\s+)*){1,3}\p{Lu}[\p{L}'’-]+)\s*[\d,*∗†‡§¶]*$`;
const NAME_ROW = new RegExp(`^${ONE_NAME}`, "u");
/** A row that ends a list with its last name: "and Rosa Quintana". */
const LAST_OF_LIST = new RegExp(`^(?:and|AND|&)\\s+${ONE_NAME}`, "u");

/** A row that opens as a sentence does, a capitalised word and then a lower-case one that no name has ("Authorized for …"). */
const SENTENCE_OPENS = new RegExp(String.raw`^[*∗†‡§¶#,\s]*\p{Lu}[\p{Ll}'’-]+\s+(?!(?:and|y|e|i|${[...NAME_PARTICLES].map(escapePattern).join("|")})\s)\p{Ll}+\s`, "u");

/** Whether `next` continues the list of names on `line`: the row below, alike, after a line that ends mid-list. */
function continuesNames(line: Line, next: Line, author: number, printedAgain: (name: string) => boolean) {
  if (next.page !== line.page || Math.abs(next.size - line.size) > 0.3) return false;
  if (next.y - line.y < line.size * 0.5 || next.y - line.y > line.size * 2.2) return false;
  // An institution or an address is an affiliation, not a row of names, above or below.
  // (Names carry no numbers but markers: "Portland, Maine 04103" is an address; and it ends with its place.)
  if (INSTITUTION.test(line.text) || INSTITUTION.test(next.text) || /@/.test(next.text) || /\d{3,}/.test(line.text) || /\d{3,}/.test(next.text)) return false;
  if (isPlace(line.text.split(",").pop()!.trim())) return false;
  // (Nor a sentence that names people: "Authorized for distribution by Jonathan D. Ostry …" under the list.)
  if (SENTENCE_OPENS.test(next.text.trim())) return false;
  const text = line.text.trim();
  // (Nor a place's short name and its town, "DIW, Berlin": not a name cut at the comma that the row below finishes. A
  // country's name there may be a given name after a family name in capitals, "KIM, Jordan".)
  const parts = text.split(/\s*,\s*/);
  if (parts.length === 2 && /^\p{Lu}{2,}$/u.test(parts[0]!) && countryOfAffiliation(parts[1]!) !== null && !isPlace(parts[1]!)) return false;
  // A name cut at the line's end ("…, Mohamed Ridha Driss¹, Jérôme" / "Cachot²"): the row below
  // finishes it, however little the labeller makes of a lone family name.
  // (Or its initial: "…, Lado, Fred" / "A. (3,10), Mehta, …".)
  const cut = /(?:,|\band|&)\s*\p{Lu}[\p{Ll}'’-]+$/u.test(text) && /^\p{Lu}(?:[\p{L}'’-]+|\.)(?:\s+\p{Lu}(?:[\p{L}'’-]+|\.))?\s*(?:\([\d,\s*]+\)|[\d,*∗†‡§¶#]+)?\s*(?:,|$)/u.test(next.text.trim());
  // (Or the list's last name on a row of its own after "and", which the labeller reads as no name: "by A, B" /
  // "and C", where the first pages print that name again on a line of its own, an author's entry: not a firm's
  // name shaped as a person's, "and Morgan Stanley".)
  const last = LAST_OF_LIST.exec(next.text.trim());
  const endsList = /,/.test(text) && !!last && !namesInstitution(next.text) && printedAgain(last[1]!);
  // (Or a row that ends on "and", the list's last name on the row below: "by Maik Schmeling, Andreas Schrimpf and" / "Karamfil Todorov".)
  const afterAnd = /(?:\band|\bAND|&)$/.test(text) && NAME_ROW.test(next.text.trim()) && !namesInstitution(next.text);
  if (author < 0.3 && !cut && !endsList && !afterAnd) return false;
  const lastSpan = line.spans[line.spans.length - 1];
  const list = line.spans.some((s) => s.sup) || /,/.test(text);
  // The row below begins with the comma or the marker that ends this row's name (", Damien Farrell").
  return /(?:,|\band|\bAND|&)$/.test(text) || /^[*∗†‡§¶#]*\s*,/.test(next.text.trim()) || Boolean(list && lastSpan && !lastSpan.sup);
}

/**
 * Two rows as one line, the second's spans placed after the first's with a space between (a
 * comma where the first ends with a degree: "Patrick W. Corrigan, Psy.D." / "Donna Kayton-Weinberg").
 */
function joinRows(line: Line, next: Line): Line {
  const end = Math.max(...line.spans.map((s) => s.x + s.width));
  // A name hyphenated at the row's end: "Frikke-" / "Schmidt" keeps its hyphen, "Ro-" / "cha" is "Rocha".
  const hyphen = /\p{L}-$/u.test(line.text.trim());
  const dropHyphen = hyphen && /^\p{Ll}/u.test(next.text.trim());
  const shift = end + (hyphen ? 0 : line.size * 0.3) - Math.min(...next.spans.map((s) => s.x));
  const last = line.spans[line.spans.length - 1]!;
  const spans = dropHyphen ? [...line.spans.slice(0, -1), { ...last, text: last.text.replace(/-\s*$/, "") }] : line.spans;
  const degree = DEGREES.test(line.text.split(",").pop()!.replace(TRAILING_SYMBOLS, "").trim());
  const comma = degree ? [{ ...last, text: ",", sup: false, x: end, width: 0 }] : [];
  const text = hyphen ? `${line.text.trim().slice(0, dropHyphen ? -1 : undefined)}${next.text.trim()}` : `${line.text}${degree ? "," : ""} ${next.text}`;
  return { ...line, text, width: line.width + next.width, spans: [...spans, ...comma, ...next.spans.map((s) => ({ ...s, x: s.x + shift }))] };
}

/** What the author reader reads with beside the lines: the document's vocabulary and words printed in lower case, the labeller's reading of each line, the lines' indexes, the name model. */
type ReadContext = { vocabulary: Set<string>; lowerWords: Set<string>; labels: LineLabels; indexOf: Map<Line, number>; nameModel: boolean; nameReader?: NameReader };
/** Lines with their indexes among the front matter's. */
type Region = Array<{ line: Line; index: number }>;

/**
 * The authors of the front matter, in printed order: the names found (`findCandidates`), each
 * person once (`withoutRepeats`), the notes their markers lead to (`readNotes`); then each
 * author's affiliation from their notes, their own line or the block under their name, their
 * e-mail (`giveEmails`), the affiliation everyone shares where no one has their own, and who is
 * the corresponding author.
 */
export function readAuthors(lines: Line[], titleIndexes: number[], abstractStart: number, body: number, context: ReadContext): ExtractedAuthor[] {
  const found = findCandidates(lines, titleIndexes, abstractStart, context);
  if (!found) return [];
  const { region, end, titlePage } = found;
  const { vocabulary: noteVocabulary, labels, indexOf } = context;
  const { candidates, repeated } = withoutRepeats(found.candidates, lines, end);

  // Every row of the names (a list that wraps is one candidate's line and the rows after it).
  const nameLines = new Set(candidates.flatMap((c) => lines.slice(indexOf.get(c.line) ?? c.lineIndex, c.lineIndex + 1)));
  // (Nor the title's lines: a names column beside the title opens before them in reading order.)
  const notOwn = new Set([...nameLines, ...titleIndexes.map((i) => lines[i]!)]);

  // Footnotes on the title page: lines starting with a marker (below the front matter), and
  // affiliation lines in the front matter that start with a marker (1 Department …).
  const lastHeaderPage = abstractStart >= 0 && abstractStart < lines.length ? lines[abstractStart]!.page : titlePage;
  const pageLines = lines.filter((l) => l.page >= titlePage && l.page <= Math.max(titlePage, lastHeaderPage));
  const { notes, affiliationNotes } = readNotes(pageLines, candidates, nameLines, body, context);

  // Each name's own lines in block layouts: the lines after it until the next name.
  // Where a name stands: its line's middle, or, where the text layer ran names set apart into one line
  // ("Guido W. Imbens      Jeffrey M. Wooldridge"), the middle of the span that prints it.
  // (Set apart as the names' reader parts them, `NAMES_APART`: not a list's markers and commas.)
  const setApart = (l: Line) => {
    const spans = l.spans.filter((sp) => !sp.sup);
    return spans.some((sp, i) => i > 0 && sp.x - (spans[i - 1]!.x + spans[i - 1]!.width) > l.size * NAMES_APART);
  };
  const centres = new Map(
    candidates.map((c) => {
      const spans = setApart(c.line) ? c.line.spans.filter((sp) => !sp.sup) : [];
      const span = spans.find((sp) => sp.text.trim() === c.name) ?? spans.find((sp) => sp.text.includes(c.name));
      return [c, middleOf(span ?? c.line)];
    }),
  );
  const nameCentre = (c: Candidate) => centres.get(c)!;
  // The names set beside `c`, on its row: a grid's row of names.
  const rowMates = (c: Candidate) => candidates.filter((o) => o !== c && o.line.page === c.line.page && Math.abs(o.line.y - c.line.y) < 2 && Math.abs(nameCentre(o) - nameCentre(c)) > 20);
  const blockOf = (c: Candidate, k: number) => {
    // Names side by side (IEEE author blocks, tabular authors): each name's column below it, down
    // to the next row of names.
    const row = rowMates(c);
    if (row.length) {
      const mates = [c, ...row].sort((p, q) => nameCentre(p) - nameCentre(q));
      const at = mates.indexOf(c);
      const left = at > 0 ? (nameCentre(mates[at - 1]!) + nameCentre(c)) / 2 : -Infinity;
      const right = at < mates.length - 1 ? (nameCentre(c) + nameCentre(mates[at + 1]!)) / 2 : Infinity;
      const below = candidates.filter((o) => o.line.page === c.line.page && o.line.y > c.line.y + 2).map((o) => o.lineIndex);
      const stop = below.length ? Math.min(...below) : end;
      // (Down to a gap in the column, as a name's block below: not the abstract's label set centred far under the grid.)
      return downToGap(
        c.line,
        lines
          .slice(c.lineIndex + 1, stop)
          .filter((l) => l.page === c.line.page && !notOwn.has(l))
          .flatMap((l) => inColumn(l, left, right)),
      );
    }
    // (Names sharing a line share the block down to the next line of names: "John R. Weisz and Marian Sigman" / "University of California, Los Angeles" / "Bahr Weiss".)
    const next = candidates.slice(k + 1).find((o) => o.line !== c.line);
    const stop = next ? next.lineIndex : end;
    return downToGap(c.line, lines.slice(c.lineIndex + 1, stop).filter((l) => !notOwn.has(l)));
  };
  const sureAffiliation = (l: Line) => (labels[indexOf.get(l) ?? -1]?.affiliation ?? 0) >= 0.8;
  const sharedLine = candidates.length > 1 && candidates.every((c) => c.line === candidates[0]!.line);
  const front = lines.slice(0, labels.length).filter((l) => l.page === titlePage);
  // (A line at the page's foot that the corresponding author's label opens, no marker to key it: "Corresponding author:
  // Ada Moss. Email: …".)
  const labelledLines = front.filter((l) => CORRESPONDENCE_OPENS.test(l.text)).map((l) => l.text);
  const allText = [...region.map((r) => r.line.text), ...[...notes.values()].flat(), ...labelledLines].join(" \n ");
  const emails = [...new Set(expandEmails(allText))].filter((e) => !ROLE_MAILBOX.test(e));
  const correspondingText = /corresponding author|correspondence to|contact author|to whom correspondence|correspondence should be addressed|\bcorrespondence\s*:/i;

  const anyCorrespondingNote = [...notes.values()].some((n) => correspondingText.test(joinLines(n, noteVocabulary)));
  const ownEmails: string[][] = [];
  const listsAuthors = (t: string) => listItems(t).filter((item) => candidates.some((c) => fold(c.name) === fold(item))).length >= 2;
  const authors: ExtractedAuthor[] = candidates.map((c, k) => {
    const { firstName, lastName } = nameParts(c);
    // A footnote is one text however it wraps; its sentences are an affiliation, an address,
    // an e-mail, thanks: only the institution's sentences (and the address they run into) count.
    const ownNotes = c.markers.filter((m) => notes.has(m));
    const noteTexts = ownNotes.map((m) => joinLines(notes.get(m)!, noteVocabulary));
    // An author whose markers lead to notes has its affiliations there; the lines below the names are those notes.
    const placesOfNotes = ownNotes.map((m, k) => {
      // (Nor the authors' names the note lists with their addresses, two or more: "Contact: Muhammad Bashir muhammad.bashir@…; Zehra Farooq …".)
      // (The author's own note may say their role after the place: "Cornell Financial Engineering Manhattan, corresponding author, email: …".)
      const said = placeAfterRole(noteTexts[k]!).replace(CORRESPONDING_ROLE, "").replace(ADDRESS_OF_PLACE, ", ").replace(MAIL_THEN_ADDRESS, "");
      const texts = sentences(said).flatMap(splitAtCountries).filter((t) => !notAffiliation(t)).map(cleanAffiliation).filter((t) => t && !/@/.test(t) && !listsAuthors(t));
      const institutional = texts.filter(namesInstitution);
      // (Not a sentence the note was cut in, "The views": a place's name is capitalised.)
      if (institutional.length) return institutional;
      if (affiliationNotes.has(m)) return texts.filter(capitalised).slice(0, 1);
      // (Nor, where the author's own note opens with a place's short name and an address after it, the note's one address
      // or one that spells their name: "IFAU, Uppsala. adrian.adermon@ifau.uu.se"; a name known as a place's, not "Job
      // Market Paper. Email: …".)
      const addresses = expandEmails(said);
      const own = addresses.length === 1 ? addresses[0] : addresses.find((e) => emailFit(e, firstName, lastName) >= 3);
      const at = own ? said.toLowerCase().indexOf(own.toLowerCase()) : -1;
      const before = at > 0 ? sentences(said.slice(0, at)).filter((t) => !notAffiliation(t)).map(cleanAffiliation).filter(Boolean) : [];
      return before.length === 1 && shortPlaceName(before[0]!) && knownAsPlace(before[0]!) ? before : [];
    });
    // (A corresponding author's note gives the address to write to. Beside a place another note of theirs gives, it adds
    // a place only where it is a postal address, with a number or a country, and not that place again in another
    // spelling or with its street: "Dipartimento di Fisica, Università di Palermo" and "Dipartimento di Fisica,
    // Universita degli studi di Palermo, Viale …", known by the unit or institution it opens with.)
    const correspondence = noteTexts.map((t) => CORRESPONDENCE_OPENS.test(t));
    const ownPlaces = placesOfNotes.filter((_, k) => !correspondence[k]).flat();
    const opening = (t: string) => fold(t.split(",")[0]!).toLowerCase().trim();
    const besides = (t: string) => (/\d/.test(t) || trailingCountry(t).country !== null) && !ownPlaces.some((o) => opening(o) === opening(t));
    const fromNotes = [...ownPlaces, ...placesOfNotes.filter((_, k) => correspondence[k]).flat().filter((t) => !ownPlaces.length || besides(t))];
    const printed = c.affiliation ? [cleanAffiliation(c.affiliation)] : [];
    const block = sharedLine || fromNotes.length || printed.length ? [] : blockOf(c, k);
    // (An author's own note that gives again one of the places printed under their name, as a corresponding
    // author's note does, leaves them every place printed there: "University of Warwick, …, United Kingdom" /
    // "Centre for Economic Policy Research (CEPR), United Kingdom" / "CESifo, Germany" and a note "* … University
    // of Warwick, …".)
    const under = fromNotes.length && !sharedLine && !printed.length && candidates.length === 1 ? blockAffiliations(blockOf(c, k), sureAffiliation) : [];
    const restated = under.length > fromNotes.length && fromNotes.every((n) => under.some((u) => samePlace(u, n)));
    const places = [...new Set([...(restated ? under : fromNotes), ...printed, ...blockAffiliations(block, sureAffiliation)])];
    // (None there, the place printed under the name where the title page prints it again: a series' cover gives the
    // names alone, the title page behind it each name over its place.)
    const affiliationText = places.length ? places : blockAffiliations(repeated.get(c) ?? [], sureAffiliation);
    // (An author may have several: "1,2,3" lead to three notes. Six is more than any list printed.)
    const raw = affiliationText.slice(0, 6).join("; ");
    const parts = raw ? raw.split("; ").map((p) => trailingCountry(p)) : [];
    const affiliation = parts.length ? parts.map((p) => p.rest).join("; ") : null;
    const printedCountry = parts.find((p) => p.country)?.country ?? null;
    ownEmails.push(expandEmails([...noteTexts, ...block.map((l) => l.text), ...(repeated.get(c) ?? []).map((l) => l.text)].join(" ")));
    // Corresponding when the author's own note says so; a bare "*" counts only where no note says it of anyone.
    const marked = correspondingText.test(noteTexts.join(" ")) || (c.markers.includes("*") && !notes.has("*") && !anyCorrespondingNote);
    const { institution, department } = splitAffiliation(parts[0]?.rest ?? null);
    return {
      firstName,
      lastName,
      email: null,
      affiliation,
      institution,
      department,
      country: printedCountry ?? countryOfPlace(affiliation),
      isCorresponding: marked,
      confidence: confidenceOf([c.author], looksLikeName(c.name) ? 0.5 : 0.3),
      source: sourceOf(c.line),
    };
  });

  // Names side by side, each over its own block (a grid of names, a row or more): the lines of an
  // author's block as far below their name as the lines another author of the grid has for an
  // affiliation are below theirs are the author's, whatever their words ("London School of Economics"
  // beside "FAU Erlangen-Nuremberg"; "Stanford" under the second row's name as "MIT" under the first's).
  const inGrid = (c: Candidate) => rowMates(c).length > 0;
  for (const [k, a] of authors.entries()) {
    const c = candidates[k]!;
    if (a.affiliation || sharedLine || !inGrid(c)) continue;
    const offsets = candidates.flatMap((o, j) => {
      const placed = authors[j]!.affiliation;
      if (j === k || !placed || o.line.page !== c.line.page || !inGrid(o)) return [];
      // (A line that is a whole part of the place, "London School of Economics", not a word inside one, "Economics".)
      const parts = new Set(placed.split(/\s*[,;]\s*/));
      return blockOf(o, j)
        .filter((l) => parts.has(cleanAffiliation(l.text)))
        .map((l) => l.y - o.line.y);
    });
    if (!offsets.length) continue;
    const own = blockOf(c, k).filter((l) => offsets.some((d) => Math.abs(l.y - c.line.y - d) < 2) && !/@/.test(l.text) && !isProse(l.text));
    const text = own.map((l) => cleanAffiliation(l.text)).filter(Boolean).join(", ");
    if (text) giveAffiliation(a, text);
  }

  // Names one under another, each over its place: a line under a name set as the lines under the other names that
  // were read as their places is that author's place, though its words name no institution ("YVES ACHDOU" /
  // "Université de Paris, LJLL", … "JIEQUN HAN" / "Princeton").
  if (!sharedLine) {
    const under = candidates.map((c, k) => (c.markers.length ? undefined : blockOf(c, k)[0]));
    const placed = under.filter((l, k): l is Line => !!l && !!authors[k]!.affiliation && cleanAffiliation(l.text) === authors[k]!.affiliation!.split("; ")[0]);
    for (const [k, a] of authors.entries()) {
      const first = under[k];
      if (a.affiliation || !first || placed.length < 2 || /@|\d/.test(first.text) || !shortPlaceName(first.text.trim())) continue;
      if (placed.every((l) => Math.abs(l.size - first.size) < 0.3 && l.spans[0]?.font === first.spans[0]?.font)) giveAffiliation(a, cleanAffiliation(first.text));
    }
  }

  // Names stacked one under another, no line between them nor markers, and a place under the last alone ("Charles A.
  // Fleischman" / "John M. Roberts" / "Board of Governors of …"): the place is all of theirs, as names on one line
  // share the block under it.
  const stacked = candidates.length > 1 && candidates.every((c, k) => !c.markers.length && (k === 0 || (c.line.page === candidates[k - 1]!.line.page && c.lineIndex === candidates[k - 1]!.lineIndex + 1)));
  const lowest = authors.at(-1);
  // (One place: "Harbour University, Eastbury College" under two stacked names may be one each, not both of theirs.)
  if (stacked && lowest?.affiliation && !/[,;]/.test(lowest.affiliation) && authors.slice(0, -1).every((a) => !a.affiliation)) {
    for (const a of authors.slice(0, -1)) Object.assign(a, placeOf(lowest));
  }

  // Names side by side on one row, no markers, and one place under the row that spans under every name ("Jonathan I.
  // Dingel" … "Brent Neiman" / "University of Chicago, Booth School of Business, NBER, and CEPR"): read as the first
  // name's, the place is all of theirs.
  const top = candidates[0]?.line;
  const rowOfNames = !!top && candidates.length > 1 && new Set(candidates.map((c) => c.line)).size === candidates.length && candidates.every((c) => !c.markers.length && rowMates(c).length === candidates.length - 1);
  const underRow = rowOfNames ? lines.find((l) => l.page === top.page && l.y > top.y + 1 && l.y - top.y < top.size * 3) : undefined;
  const spansRow = !!underRow && candidates.every((c) => underRow.x <= middleOf(c.line) && underRow.x + underRow.width >= middleOf(c.line));
  const rowPlace = spansRow ? authors.find((a) => a.affiliation && cleanAffiliation(underRow.text).startsWith(a.affiliation)) : undefined;
  if (rowPlace && authors.every((a) => !a.affiliation || a.affiliation === rowPlace.affiliation)) {
    for (const a of authors.filter((a) => !a.affiliation)) Object.assign(a, placeOf(rowPlace));
  }

  // E-mails: each to the author it fits best (`giveEmails`).
  const nearLines = lines.slice(0, 200).filter((l) => l.page >= titlePage && l.page <= Math.max(titlePage, lastHeaderPage) + 1);
  const used = giveEmails(authors, ownEmails, emails, allText, nearLines);
  // Names on one line and no markers ("A, B and C" / "Department …" / "University …" / "City"):
  // the block under the line is everyone's affiliation, or, one block for each name, each its own.
  if (sharedLine && authors.every((a) => !a.affiliation)) {
    // (Down to the first section's heading, where no abstract ends the front matter: the notes under the text are no block.)
    const below = region.filter((r) => r.index > candidates[0]!.lineIndex && !nameLines.has(r.line)).map((r) => r.line);
    // (Not a unit named after a section's word: "Data Science Institute, Harbour University".)
    const heading = below.findIndex((l) => isHeading(l) && !INSTITUTION.test(l.text));
    const under = heading < 0 ? below : below.slice(0, heading);
    // The corresponding author's address printed apart is theirs, not everyone's ("Correspondence
    // should be addressed to Jacob Torrejón." / "Institute for Materials Science, CSIC. …").
    const cut = under.findIndex((l) => correspondingText.test(l.text) || /^address(?:es)? for correspondence|^reprint requests?\b/i.test(l.text.trim()));
    const blocks = blockAffiliations(cut >= 0 ? under.slice(0, cut) : under, sureAffiliation);
    // (One line naming as many institutions as there are names, each by its own word for one, is
    // theirs in the names' order, as the IMS's journals print them: "BY PETER BANK AND DMITRY KRAMKOV" /
    // "Technische Universität Berlin and Carnegie Mellon University"; "Harvard University and NBER" is not.)
    // (Split at "and" alone, a line without commas, each part a whole institution: "Department of Economics, University of
    // Chicago" is one place, and "Department of Finance and Department of Economics" a unit's, not two.)
    const inOrder = blocks.length === 1 && !/[,;]/.test(blocks[0]!) ? blocks[0]!.split(/\s+and\s+/) : [];
    const whole = (p: string) => INSTITUTION.test(p) && !/^(?:the\s+)?(?:Department|Dept\.?|School|Faculty|Division|Graduate|Centre|Center|Program|Unit|Group|Laboratory)\b/i.test(p);
    if (authors.length > 1 && inOrder.length === authors.length && inOrder.every(whole)) for (const [k, a] of authors.entries()) giveAffiliation(a, inOrder[k]!);
    else if (blocks.length === 1 || blocks.length === authors.length) for (const [k, a] of authors.entries()) giveAffiliation(a, blocks[blocks.length === 1 ? 0 : k]!);
    if (cut >= 0) {
      const rest = under.slice(cut + 1);
      const heading = fold([under[cut]!, ...rest.slice(0, 1)].map((l) => l.text).join(" "));
      const who = authors.filter((a) => heading.includes(fold(a.lastName)));
      const own = blockAffiliations(rest, sureAffiliation);
      if (who.length === 1 && own.length) giveAffiliation(who[0]!, own[0]!);
    }
  }
  // No affiliation anywhere near the names (one author, or names on one line): the title page's one
  // block the labeller is sure is an affiliation (a sidebar, a footnote without a marker, "RIKEN
  // Brain Science Institute," / "2-1 Hirosawa, Wako City," / "Saitama 351-0198, Japan.") is everyone's.
  if (authors.every((a) => !a.affiliation)) {
    const affiliationish = (l: Line) => {
      const p = labels[indexOf.get(l) ?? -1];
      return Boolean(p) && (p!.affiliation >= 0.8 || (p!.affiliation + p!.email >= 0.8 && INSTITUTION.test(l.text)));
    };
    const page = lines.slice(0, labels.length).filter((l) => l.page === titlePage && !nameLines.has(l));
    // (Each run of such lines with the institution's lines next to it the labeller doubts: "Center for Mathematical Sciences" / "University of Wisconsin-Madison".)
    const runs: Line[][] = [];
    page.forEach((l, k) => {
      if (!affiliationish(l) && !(namesInstitution(l.text) && !isProse(l.text) && !notAffiliation(l.text))) return;
      if (k > 0 && runs.length && runs[runs.length - 1]!.at(-1) === page[k - 1]) runs[runs.length - 1]!.push(l);
      else runs.push([l]);
    });
    // (Not a run that goes on from a sentence left open on the line above it, inside a note's paragraph: "… comments
    // received at the Harbour workshop, the" / "2019 meetings, the University of Eastbury, …".)
    const goesOnFromProse = (run: Line[]) => {
      const above = page[page.indexOf(run[0]!) - 1];
      return !!above && run[0]!.y > above.y && run[0]!.y - above.y <= above.size * 1.8 && isProse(above.text) && !/[.:]$/.test(above.text.trim());
    };
    const blocks = runs.filter((run) => run.some(affiliationish) && !goesOnFromProse(run)).flatMap((run) => blockAffiliations(run, affiliationish));
    if (blocks.length === 1) for (const a of authors) giveAffiliation(a, blocks[0]!);
  }
  // "Corresponding author: Name" or an e-mail on a corresponding line.
  // (Or the label alone on its line, the name on the line under it: "Correspondence" / "Ivan Moss" / "Email: …", as a
  // Wiley page's margin prints it.)
  const labelAlone = front.findIndex((l) => /^\s*(?:correspondence|corresponding\s+authors?)\s*:?\s*$/i.test(l.text));
  // (The line under it in its own column: the page's other column may run beside it.)
  const label = front[labelAlone];
  const under = label ? front.slice(labelAlone + 1).find((l) => Math.abs(l.x - label.x) < 2 && l.y > label.y && l.y - label.y < label.size * 2.5) : undefined;
  const underLabel = under ? `Correspondence: ${under.text}` : null;
  const correspondingLine = [...region.map((r) => r.line.text), ...[...notes.values()].map((n) => joinLines(n, noteVocabulary)), ...(underLabel ? [underLabel] : []), ...labelledLines].find((t) => correspondingText.test(t));
  if (correspondingLine && !authors.some((a) => a.isCorresponding)) {
    const byName = authors.find((a) => fold(correspondingLine).includes(fold(a.lastName)));
    const byEmail = authors.find((a) => a.email && correspondingLine.toLowerCase().includes(a.email));
    const who = byName ?? byEmail;
    if (who) who.isCorresponding = true;
  }
  // (Or a note under an asterisk that gives one author's whole name and their address, nothing more, as Springer marks
  // the corresponding author at a first page's foot: "* Ada Moss" / "ada.moss@…"; not an author's note that says
  // where they are, "* Ada Moss is with …", nor a contact note that lists another author too.)
  const starred = notes.get("*");
  if (starred && !authors.some((a) => a.isCorresponding)) {
    const said = fold(joinLines(starred, noteVocabulary)).trim();
    const whole = (a: ExtractedAuthor) => fold(`${a.firstName} ${a.lastName}`);
    const named = authors.filter((a) => said.startsWith(whole(a)));
    const rest = named.length === 1 ? said.slice(whole(named[0]!).length) : "";
    const words = rest.replace(/\S+@\S+/g, " ").replace(new RegExp(`${EMAIL_LABEL}\\b`, "g"), " ").match(/\p{L}+/gu) ?? [];
    if (/@/.test(rest) && words.length === 0) named[0]!.isCorresponding = true;
  }
  if (authors.length === 1) authors[0]!.isCorresponding = true;
  // One address left that fits nobody by name ("Correspondence: lab@…"): the corresponding
  // author's, when exactly one corresponding author has none.
  const left = emails.filter((e) => !used.has(e));
  const waiting = authors.filter((a) => a.isCorresponding && !a.email);
  if (left.length === 1 && waiting.length === 1 && !authors.some((a) => a.isCorresponding && a.email)) waiting[0]!.email = left[0]!;
  for (const a of authors) {
    // (The e-mail's domain says where a place is, not where an author is whom no place is printed for.)
    if (a.affiliation) a.country ??= countryOfEmail(a.email);
    applyNamingConvention(a);
  }
  return authors;
}

/**
 * The names printed between the title and the abstract, or, where none are, above the title, or
 * anywhere on the title page where the labeller is sure of them; with the lines they were read
 * from (`region`) and where the authors' part of the page ends (`end`). Null when there are none.
 */
function findCandidates(lines: Line[], titleIndexes: number[], abstractStart: number, context: ReadContext) {
  const { labels, lowerWords } = context;
  const titleEnd = titleIndexes.length ? titleIndexes[titleIndexes.length - 1]! : -1;
  const titlePage = titleIndexes.length ? lines[titleIndexes[0]!]!.page : 1;
  let end = abstractStart > titleEnd ? abstractStart : Math.min(lines.length, titleEnd + 25);
  let region = lines.slice(titleEnd + 1, end).map((line, k) => ({ line, index: titleEnd + 1 + k }));
  const mailboxes = mailboxesOn(lines, titlePage);
  const inPage = { ...context, lines, mailboxes };
  // (Not under a title's line that leaves its phrase open: "… Growth in" / "Latin America and East Asia".)
  const underTitle = titleEnd >= 0 && !LEFT_OPEN.test(lines[titleEnd]!.text.trim());
  let candidates = namesIn(region, inPage, { underTitle });
  if (candidates.length) {
    const opening = namesBesideTitle(lines, titleIndexes, candidates[0]!.line, region, inPage);
    candidates = [...opening.flatMap((r) => r.names), ...candidates];
    region = [...opening, ...region];
  }
  // Authors printed above the title (some working papers and proceedings): where no name follows
  // the title, the lines before it on its page that the labeller reads as names, and their blocks.
  const titleStart = titleIndexes[0] ?? 0;
  // (Or a lone name there that an address on the page spells: "Anne-Laure AMILHAT SZARY" / "anne-laure.amilhat@…".)
  const namedAbove = (i: number) => (labels[i]?.author ?? 0) >= 0.5 || mailedName(lines[i]!.text, mailboxes, lowerWords);
  if (!candidates.length && titleStart > 0 && lines.slice(0, titleStart).some((_, i) => namedAbove(i))) {
    end = titleStart;
    region = lines.slice(0, titleStart).map((line, index) => ({ line, index })).filter((r) => r.line.page === titlePage);
    candidates = namesIn(region, inPage).filter((c) => namedAbove(c.lineIndex));
  }
  // Nor above it: the lines of the title page the labeller is sure are names, wherever they stand
  // (below the abstract, in a side column, past the lines the title's neighbourhood reaches).
  if (!candidates.length) {
    const sure = lines.map((line, index) => ({ line, index })).filter((r) => r.line.page === titlePage && !titleIndexes.includes(r.index) && (labels[r.index]?.author ?? 0) >= 0.8);
    if (sure.length) {
      region = sure;
      end = Math.min(lines.length, sure[sure.length - 1]!.index + 25);
      candidates = namesIn(region, inPage);
    }
  }
  if (!candidates.length) return null;
  return { candidates, region, end, titlePage };
}

/**
 * The rows of a names column set beside the title that open on the title's own rows, above the
 * first name read under it (a central bank's cover: "Carlo Altavilla, Luca Brugnolini," left of
 * "Measuring euro area monetary policy", the column going on below the title's line). Each row
 * up is the next row of the column (set in its size and font, flush with it left, right or centred,
 * one line's spacing above), clear of the title's lines side to side, reads as names and goes on
 * into the row below (a comma or "and" at its end).
 */
function namesBesideTitle(lines: Line[], titleIndexes: number[], first: Line, region: Region, inPage: ReadContext & { lines: Line[]; mailboxes: string[] }): Array<Region[number] & { names: Candidate[] }> {
  const title = titleIndexes.map((i) => lines[i]!).filter((l) => l.page === first.page);
  if (!title.length) return [];
  const titleLeft = Math.min(...title.map((l) => l.x));
  const titleRight = Math.max(...title.map((l) => l.x + l.width));
  const clearOfTitle = (l: Line) => l.x + l.width < titleLeft - l.size || l.x > titleRight + l.size;
  if (!clearOfTitle(first)) return [];
  const flush = (a: Line, b: Line) => Math.abs(a.x - b.x) < 2 || Math.abs(a.x + a.width - (b.x + b.width)) < 2 || Math.abs(middleOf(a) - middleOf(b)) < 2;
  const taken = new Set(region.map((r) => r.line));
  const rows: Array<Region[number] & { names: Candidate[] }> = [];
  let below = first;
  for (;;) {
    const index = lines.findIndex(
      (l, i) =>
        l.page === below.page && !taken.has(l) && !titleIndexes.includes(i) &&
        below.y - l.y > 0.8 * below.size && below.y - l.y < 1.8 * below.size &&
        Math.abs(l.size - below.size) < 0.3 && l.spans[0]?.font === below.spans[0]?.font && flush(l, below) && clearOfTitle(l),
    );
    if (index < 0) break;
    const line = lines[index]!;
    // (A row of the list that goes on into the row below, ending on a comma or "and": not a lecture's or a series' line
    // set beside the title, "The Jo Park Lecture".)
    if (!/(?:,|\band|&)\s*$/.test(line.text) || !title.some((t) => Math.abs(t.y - line.y) < 2 * t.size)) break;
    const names = namesIn([{ line, index }], inPage);
    if (!names.length) break;
    const row = { line, index, names };
    rows.unshift(row);
    taken.add(row.line);
    below = row.line;
  }
  return rows;
}

/**
 * A note the corresponding author's role opens, from the place after it where one follows: "Corresponding Author,
 * Department of Labor Demography, …" reads from "Department"; not "Corresponding author, currently visiting …" nor
 * "…, Research Fellow of the …", which say no place of the author's own.
 */
function placeAfterRole(text: string): string {
  const role = CORRESPONDING_ROLE_FIRST.exec(text);
  if (!role) return text;
  const rest = text.slice(role[0].length);
  const opening = rest.split(",")[0]!;
  return /^\p{Lu}/u.test(rest) && namesInstitution(opening) && !POST.test(opening) ? rest : text;
}

/** A line of a name and an e-mail after it, nothing else but the punctuation between: "Ada Moss, ada@…", "Ada Moss (ada@…)". */
const NAME_THEN_OWN_EMAIL = new RegExp(String.raw`^(.+?)[\s,;:–—-]*[(<[]?\s*(${EMAIL.source})\s*[)>\]]?\.?$`, "u");

/** The name of a line that prints one person's name and their e-mail alone, the mailbox spelling the family name (or its first letters). */
function nameWithOwnEmail(text: string, lowerWords: Set<string>): string | null {
  const m = NAME_THEN_OWN_EMAIL.exec(text.trim());
  if (!m) return null;
  const name = m[1]!.replace(TRAILING_SYMBOLS, "").trim();
  // (Nor a role's or a contact's line: "Contact Karl Lind, …", "Supervisor Karl Lind (…)".)
  if (!looksLikeName(name) || isCommonWords(name, lowerWords) || name.split(/\s+/).length > 5 || ROLE_BEFORE_NAME.test(name) || POST.test(name)) return null;
  const { firstName, lastName } = splitName(name);
  return firstName && lastName && emailFit(m[2]!, firstName, lastName) >= 2 ? name : null;
}

/** The names the lines of `region` print, each with its markers, line and the labeller's reading of it. */
function namesIn(region: Region, { lines, labels, lowerWords, mailboxes, nameModel, nameReader }: ReadContext & { lines: Line[]; mailboxes: string[] }, { underTitle = false } = {}): Candidate[] {
  const candidates: Candidate[] = [];
  // Below a corresponding author's note come that author's address and repeats of names, not a
  // new author ("* Corresponding author: Daniel Liedtke" / "Biozentrum, Am Hubland"), unless the
  // labeller is sure of the line (a journal's sidebar, "*Correspondence: …", above the real list).
  let corresponding = false;
  const known = (name: string, author: number) => !corresponding || author >= 0.9 || candidates.some((c) => samePerson(c.name, name));
  // (A name the first pages print again on a line of its own, as an author's entry heads it: "Marta Olive" / "at …".)
  const printedAlone = (name: string) => lines.some((l) => l.text.trim() === name);
  // (A person's name where a line gives it with its place: it opens with a given name the lexicon knows or an initial,
  // or the name model reads it as one person's name beyond doubt, "Zachary Stangebye"; not a unit that opens an
  // address, "Central Laser Facility".)
  const personNamed = (at: Line) => (name: string) =>
    opensWithGivenName(name) || (!!nameModel && namesAlone({ ...at, text: name, spans: [{ ...at.spans[0]!, text: name, sup: false }] }, lowerWords, nameReader));
  // (Not where names read above have no place yet: the line is theirs, "Ada Moss and Karl Lind" / "Virginia Tech,
  // Department of Economics".)
  const placeless = () => candidates.some((c) => !c.affiliation);
  const person = (at: Line) => (startsWithMarker(at) || placeless() ? undefined : personNamed(at));
  // (Lines that set a name and its place in two fonts are a person's where one of them, in the same two fonts, plainly is:
  // "Mark Aguiar  Princeton University" over "Satyajit Chatterjee  Federal Reserve Bank of Philadelphia"; not a role so
  // set, "Handling Editor  Norland University".)
  const fontSplit = new Map(region.map(({ line: l }) => [l, startsWithMarker(l) ? null : nameThenPlaceInOtherFont(l, lowerWords)] as const));
  const fontsOfPeople = new Set([...fontSplit].filter(([l, s]) => s && personNamed(l)(s.name)).map(([, s]) => s!.fonts));
  const fontPlaced = (at: Line) => {
    const split = fontSplit.get(at);
    return split && !placeless() && !POST.test(split.name) && !ROLE_NAMED.test(split.name) && (personNamed(at)(split.name) || fontsOfPeople.has(split.fonts)) ? split : null;
  };
  // (The lines' letters folded once, for the names a doubted line may be listed with.)
  let folded: string[] | undefined;
  const foldedLines = () => (folded ??= lines.map((l) => fold(l.text)));
  for (let r = 0; r < region.length; r++) {
    let { line, index } = region[r]!;
    const first = line;
    // A list of names that wraps ("…, Hyun-woo" / "Park⁴, …"): the next line continues it, and
    // the one after that (each row judged against the row above it).
    // (An e-mail line's commas do not make it a list of names: the name below it is its own.)
    let row = line;
    let author = labels[index]?.author ?? 1;
    for (let next = region[r + 1]; next && !/@/.test(row.text) && continuesNames(row, next.line, labels[next.index]?.author ?? 1, printedAlone); next = region[r + 1]) {
      row = next.line;
      author = Math.max(author, labels[next.index]?.author ?? 1);
      line = joinRows(line, next.line);
      index = next.index;
      r++;
    }
    // An author introduced by a sentence of their biography, the byline of a practitioners' paper: "Ada Moss is the head
    // of research at Harbour Capital in Norway," / "a.moss@harbour.com"; their place is where their posts are held.
    const bio = BIO_BYLINE.exec(line.text);
    if (bio && looksLikeName(bio[1]!) && !isCommonWords(bio[1]!, lowerWords)) {
      let said = line.text.slice(bio[0].length);
      for (let next = region[r + 1]; next && !/@/.test(said) && !BIO_BYLINE.test(next.line.text); next = region[r + 1]) {
        said = `${said} ${next.line.text.trim()}`;
        r++;
      }
      const affiliation = placesAfterPosts(said.replace(EMAIL, " ").trim()) ?? undefined;
      if (affiliation && known(bio[1]!, author)) candidates.push({ name: bio[1]!, markers: [], line: first, lineIndex: index, author, affiliation });
      if (affiliation) continue;
    }
    // One author to a line, with degrees, post and affiliation after the name ("Nicola Carey, PhD,
    // Reader, School of Health Sciences, University of Surrey, UK"); the affiliation may wrap.
    // (A name and its place with nothing between but a comma or a change of font, where no raised marker opens the line:
    // "³VU Amsterdam, Harbour Asset Management" is a place keyed to a name above.)
    const inFonts = fontPlaced(line);
    const own = personWithAffiliation(line.text, lowerWords, { person: person(line) }) ?? inFonts;
    // (An e-mail's line is no name's, but for an entry that sets its e-mail among its parts.)
    const mailed = EMAIL.test(line.text);
    EMAIL.lastIndex = 0;
    // A line of one person's name and their own e-mail, nothing else, the mailbox spelling the name: an author, whose
    // address the lines under it print ("Monia Saïdi, monia.saidi@agrosupdijon.fr" / "CESAER, AgroSup Dijon, …").
    // (Not a family name already read: "Ada Moss: ada.moss@…" under "Ada B. Moss and Karl J. Lind" gives her e-mail, and
    // "Kate Moss, kate.moss@…" under "Katherine Moss" is no second author.)
    const withOwnMail = mailed && !own && !startsWithMarker(line) ? nameWithOwnEmail(line.text, lowerWords) : null;
    const readBefore = (name: string) => candidates.some((c) => fold(splitName(c.name).lastName).toLowerCase() === fold(splitName(name).lastName).toLowerCase());
    if (withOwnMail && !readBefore(withOwnMail) && known(withOwnMail, author)) {
      candidates.push({ name: withOwnMail, markers: [], line: first, lineIndex: index, author });
      continue;
    }
    if (isNoise(line) || (mailed && !own?.fullStops)) continue;
    if (correspondingNote(line.text)) {
      corresponding ||= candidates.length > 0;
      continue;
    }
    if (own) {
      let affiliation = own.affiliation;
      // (A place set in its own font goes on only over lines set wholly in that font.)
      const placeFont = own === inFonts ? inFonts.fonts.split(" ")[1] : null;
      const goesOn = (next: Line, text = next.text) =>
        !/@/.test(text) && !correspondingNote(text) && !personWithAffiliation(text, lowerWords, { person: person(next) }) && !fontPlaced(next) &&
        (!placeFont || next.spans.every((s) => s.sup || s.font === placeFont)) &&
        (leftOpen(affiliation) || (!endsWithCountry(affiliation) && (isAddress(text) || INSTITUTION.test(text)) && !isProse(text)));
      for (let next = region[r + 1]; next && goesOn(next.line); next = region[r + 1]) {
        affiliation = own.fullStops ? `${affiliation}, ${entrySentences(next.line.text).join(", ")}` : `${affiliation} ${next.line.text.trim()}`;
        r++;
      }
      if (known(own.name, author)) candidates.push({ name: own.name, markers: markerRanges(own.markers), line: first, lineIndex: index, author, affiliation });
      continue;
    }
    // A line the labeller is sure is not a name line (a city, an institution, the title's end).
    // (Not a lone name plainly a person's, set between address lines the labeller reads it with:
    // "Lance J. Fortnow"; nor one an address on the page spells; nor one the name model reads as
    // names alone, beyond doubt: "Doug Fisher" under a report's number.)
    // (Nor a line between two the labeller reads as names: "WAHIDA KARMALLY, DRPH, RD, CDE, CLS, FNLA 4" set smaller in a column of names.)
    // (Not an institution's line between two lines of names: "University of California, Los Angeles".)
    const between = () => !INSTITUTION.test(line.text) && (labels[region[r - 1]?.index ?? -1]?.author ?? 0) >= 0.5 && (labels[region[r + 1]?.index ?? -1]?.author ?? 0) >= 0.5;
    // (Nor the last of a column of names that another line lists again as the last of a list, right after the
    // name above it: a cover's "Camila Ferreyra" under two names, in its copyright line "© 2025 by …, Ilja
    // Vranken, and Camila Ferreyra" and on the title page's list; not "…, Ilja Vranken, Harbour Press, 2025".)
    const listedAgain = () => {
      const above = region[r - 1];
      if (!above || (labels[above.index]?.author ?? 0) < 0.5 || INSTITUTION.test(line.text)) return false;
      const [own, prior] = [fold(line.text.trim()), fold(above.line.text.trim())];
      const together = new RegExp(`${escapePattern(prior)}(?:,?\\s+and\\s+|\\s*&\\s*)${escapePattern(own)}(?![\\p{L}])`, "u");
      return own.length > 3 && foldedLines().some((t, k) => lines[k] !== line && lines[k] !== above.line && together.test(t));
    };
    // (Nor a line set as a line the labeller reads as names is, over a line set as the one under that:
    // "Yaron Azrieli" / "The Ohio State University" in the title's size, as "Christopher P. Chambers" /
    // "Georgetown University" below it are.)
    // (Or, the place set in the names' own size, where the labeller reads both lines under as places: "Filippo Ferroni" /
    // "Università di Bologna and FRBC" / "Fabio Canova" / "Norwegian Business School, CAMP and CEPR", centred.)
    const setAsNames = () => {
      const under = region[r + 1];
      if (!under) return false;
      const smaller = under.line.size <= line.size - 1;
      // (A place the labeller doubts still names its institution: "Krannert School of Management, Purdue University".)
      const places = (x: { line: Line; index: number }) => (labels[x.index]?.affiliation ?? 0) >= 0.5 || (INSTITUTION.test(x.line.text) && !isProse(x.line.text));
      if (!smaller && (INSTITUTION.test(line.text) || !places(under) || line.text.trim().split(/\s+/).length > 4)) return false;
      const alike = smaller ? setAlike : setAlikeOrCentred;
      return region.some((o, k) => o.line !== line && (labels[o.index]?.author ?? 0) >= 0.5 && alike(o.line, line) && !!region[k + 1] && alike(region[k + 1]!.line, under.line) && (smaller || places(region[k + 1]!)));
    };
    // (Nor a line in a column of names read above it, set as they are and as far below the last as they are
    // apart: "Oliver Azuara" / "Rodrigo Azuero" / "Mariano Bosch" / "Jesica Torres".)
    const endsColumn = () => {
      const [one, two] = [region[r - 1], region[r - 2]];
      const named = (x: { line: Line; index: number } | undefined): x is { line: Line; index: number } => !!x && candidates.some((c) => c.line === x.line) && setAlike(x.line, line);
      return named(one) && named(two) && Math.abs(line.y - one.line.y - (one.line.y - two.line.y)) < 1;
    };
    // (Nor the line right under the title that is a list of names and nothing else, set in the text's size as a
    // journal sets its byline: "Ana Moss and Karl Lind".)
    // (Not a line the labeller reads rather as the title's, nor one that names places: "New Zealand and South Africa".)
    const bylineUnderTitle = () =>
      underTitle && r === 0 && authorLine(line, lowerWords) && (labels[index]?.title ?? 0) <= (labels[index]?.author ?? 0) + 0.05 && !namesPlaces(line);
    // (Nor a name with its place in brackets, set as the name and place in brackets above it that was read: "Ada Moss
    // (Harbour University)" / "Karl Lind-Berg (Harbour University)", a hyphened name the labeller takes for a place.)
    const placedAsAbove = () => {
      const above = region[r - 1];
      const placed = bracketedPlaces(line);
      return !!above && !!placed && candidates.some((c) => c.line === above.line) && !!bracketedPlaces(above.line) && setAlikeOrCentred(above.line, line) && (authorLine(placed.line, lowerWords) || (looksLikeName(placed.line.text.trim()) && !isCommonWords(placed.line.text, lowerWords)));
    };
    // (Nor a line set smaller right under a row of names set side by side, that the labeller reads rather as a place:
    // the grid's places, "ENS Paris-Saclay" under "Sébastien Laffitte" beside "Farid Toubal".)
    const placeUnderGrid = () => {
      const row = candidates.filter((c) => c.line.page === line.page && line.y > c.line.y && line.y - c.line.y < 2.5 * c.line.size && line.size <= c.line.size - 1);
      const sideBySide = row.some((c) => row.some((o) => o.line !== c.line && Math.abs(o.line.y - c.line.y) < 2));
      return sideBySide && (labels[index]?.affiliation ?? 0) > (labels[index]?.author ?? 0);
    };
    if (placeUnderGrid()) continue;
    if (author < 0.1 && !bylineUnderTitle() && !placedAsAbove() && !between() && !listedAgain() && !setAsNames() && !endsColumn() && !byline(line, lowerWords) && !plainlyAName(line.text, lowerWords) && !mailedName(line.text, mailboxes, lowerWords) && !(nameModel && namesAlone(line, lowerWords, nameReader))) continue;
    // (Each name with its place in brackets after it: "Clément Fontan (UCLouvain) & Aurélien Goutsmedt (UCLouvain, FNRS)".)
    const placed = bracketedPlaces(line);
    const names = namesOnLine(placed?.line ?? line, lowerWords, { model: nameModel, reader: nameReader });
    const places = placed && placed.places.length === names.length ? placed.places : [];
    names.forEach((s, k) => {
      if (known(s.name, author)) candidates.push({ ...s, markers: markerRanges(s.markers), line: first, lineIndex: index, author, ...(places[k] ? { affiliation: places[k] } : {}) });
    });
    // (A person known by one name, "Saattvic", on a line of its own the labeller reads as a name line: only where an e-mail on the
    // page has that name for its mailbox, "saattvic@…".)
    const word = line.text.trim();
    if (!names.length && author >= 0.5 && /^\p{Lu}\p{Ll}{2,}$/u.test(word) && mailboxes.some((m) => fold(m.split("@")[0]!).toLowerCase() === fold(word).toLowerCase()) && known(word, author)) {
      const markers = line.spans.filter((s) => s.sup).flatMap((s) => s.text.split(/[\s,]+/).filter(Boolean));
      candidates.push({ name: word, markers: markerRanges(markers), line: first, lineIndex: index, author, given: "", family: word });
    }
  }
  return candidates;
}

/**
 * An address labelled after the place it is the address of, one place: "University of Harbour. Address: Department of
 * Economics, 256 UCB, …"; not after an e-mail, "… E-mail: a@harbour.edu. Address: …", whose sentence is no place.
 */
const ADDRESS_OF_PLACE = /(?<!@[\w-]+(?:\.[\w-]+)*)\.\s+(?:(?:postal|mailing)\s+)?address\s*:\s*(?=\p{Lu}|\d)/giu;
/** A note that gives the author's e-mail and then labels their address: "email: ada@harbour.edu, address: Harbour Bank, …" (the address is the place). */
const MAIL_THEN_ADDRESS = new RegExp(String.raw`^\s*e-?mail\s*:?\s*${EMAIL.source}\s*[,;]\s*(?:(?:postal|mailing)\s+)?address\s*:\s*`, "i");
/** A note or line the corresponding author's label opens: "Corresponding author: …", "∗ Corresponding author. Department …", "Correspondence: …". */
const CORRESPONDENCE_OPENS = /^\s*[*∗†]?\s*(?:corresponding\s+author\b|correspondence\b)/i;

/**
 * A place's name in brackets after a person's: capitalised words or an acronym, no marker ("(1,2)", "(*)"), post, role or badge ("(Corresponding Author)", "(Discussant)", "(ORCID)", "(Jr.)");
 * after the whole name, not among its given names before the one word that ends it: "Rui (Aruhan) Shi" is one name,
 * "Ada Moss (Harbour University)   Karl Lind (…)" two names and their places.
 */
const BRACKETED_PLACE = /\s*\(((?:\p{Lu}[\p{L}&.'’-]*|of|and|for|de|du|la)(?:,?\s+(?:\p{Lu}[\p{L}&.'’-]*|of|and|for|de|du|la)){0,7})\)(?!\s*\p{Lu}\p{Ll}+\s*(?:[,;&]|\band\b|$))/gu;

/** What brackets after a name hold that is no place: a role in the paper, a badge, a generation. */
const NOT_A_PLACE = new RegExp(String.raw`^(?:ORCID|Jr\.?|Sr\.?|II|III|IV|Guest Editor|Student|Corresponding(?: Author)?|${PAPER_ROLES})$`, "i");

/** A line of names with the places printed in brackets after them taken out, and those places in order; null where it has none. */
function bracketedPlaces(line: Line): { line: Line; places: string[] } | null {
  const places = [...line.text.matchAll(BRACKETED_PLACE)].map((m) => m[1]!).filter((p) => /\p{L}{2}/u.test(p) && !DEGREES.test(p) && !POST.test(p) && !notAffiliation(p) && !NOT_A_PLACE.test(p));
  if (!places.length) return null;
  const strip = (text: string) => text.replace(BRACKETED_PLACE, (all: string, inside: string) => (places.includes(inside) ? "" : all));
  return { line: { ...line, text: strip(line.text), spans: line.spans.map((s) => (s.sup ? s : { ...s, text: strip(s.text) })) }, places };
}

/**
 * A line's part in the column between `left` and `right` under a grid's name: the whole line where its
 * middle is there; the spans there where the line runs across columns with a wide gap at each column's
 * edge ("University of Warwick, CEPR" and "University of Pennsylvania, NBER" read as one line under two
 * names); none otherwise.
 */
function inColumn(l: Line, left: number, right: number): Line[] {
  const text = l.spans.filter((s) => !s.sup);
  // (An edge inside the line must fall in a gap as wide as one between names set apart, not a word's space:
  // a text layer may give each word a span of its own.)
  const apart = (edge: number) => {
    if (edge <= l.x || edge >= l.x + l.width) return true;
    if (text.some((s) => s.x < edge && s.x + s.width > edge)) return false;
    const before = text.filter((s) => s.x + s.width <= edge).at(-1);
    const after = text.find((s) => s.x >= edge);
    return !!before && !!after && after.x - (before.x + before.width) >= l.size * NAMES_APART;
  };
  const own = l.spans.filter((s) => middleOf(s) > left && middleOf(s) < right);
  const whole = middleOf(l) > left && middleOf(l) < right;
  if (own.length === l.spans.length || !own.some((s) => !s.sup) || !apart(left) || !apart(right)) return whole ? [l] : [];
  const x = Math.min(...own.map((s) => s.x));
  return [{ ...l, x, width: Math.max(...own.map((s) => s.x + s.width)) - x, text: joinSpans(own.filter((s) => !s.sup)), spans: own }];
}

/**
 * The lines of a name's block: those below it down to the first gap between baselines of more than `BLOCK_GAP`
 * times the larger of the two lines' sizes, or the page's end.
 * (The last name's block would otherwise run to the end of the front matter: a series' cover prints its own
 * address far below the authors' places, "IZA – Institute of Labor Economics, Schaumburg-Lippe-Straße 5–9, …".)
 */
function downToGap(name: Line, below: Line[]): Line[] {
  const out: Line[] = [];
  let last = name;
  for (const l of below) {
    // (Nor past a heading set well above the name's size: a cover's "Why These Findings Are Important" under the last entry.)
    if (l.page !== last.page || l.y - last.y > Math.max(l.size, last.size) * BLOCK_GAP || l.size > name.size + 3) break;
    out.push(l);
    last = l;
  }
  return out;
}
/** Two readings of one place: the same words, but for its country and punctuation, or one holding the other whole. */
function samePlace(a: string, b: string) {
  const words = (t: string) => fold(trailingCountry(t).rest).toLowerCase().replace(/[^\p{L}\d]+/gu, " ").trim();
  const [x, y] = [words(a), words(b)];
  return x.length > 0 && y.length > 0 && (x === y || x.includes(y) || y.includes(x));
}
/** How many lines' height apart the lines of one block may stand. */
const BLOCK_GAP = 4;

/** An author's place, whole, to give another author who shares it. */
const placeOf = (a: ExtractedAuthor) => ({ affiliation: a.affiliation, institution: a.institution, department: a.department, country: a.country });

/** Two lines set alike: on one page, at one left edge, in one size and font. */
const setAlike = (a: Line, b: Line) => a.page === b.page && Math.abs(a.x - b.x) < 2 && Math.abs(a.size - b.size) < 0.3 && a.spans[0]?.font === b.spans[0]?.font;
/** Or centred at one place, as a title page's block of names and places is set. */
const setAlikeOrCentred = (a: Line, b: Line) => setAlike(a, b) || setAlike({ ...a, x: middleOf(a) }, { ...b, x: middleOf(b) });

/**
 * The candidates with each person once: a citation line that repeats the names family name first
 * goes whole, and a repeat of a name (a cover page's, a corresponding author's address) is folded
 * into the first, with the lines printed under the repeat kept for that person (`repeated`).
 */
function withoutRepeats(found: Candidate[], lines: Line[], end: number) {
  let candidates = found;
  putGivenNamesFirst(candidates);
  // A citation line under the names ("Miyasaka Y, Kurata A, Tanaka R. The significance of…")
  // repeats them family name first: the whole line goes.
  const family = new Map(candidates.map((c) => [c, fold(nameParts(c).lastName)]));
  const perLine = new Map<Line, { names: number; cited: number }>();
  for (const c of candidates) {
    const count = perLine.get(c.line) ?? { names: 0, cited: 0 };
    perLine.set(c.line, count);
    count.names++;
    // (The name model has read "Miyasaka Y" as family and given names already.)
    const cited = c.family ? (/^\p{Lu}{1,3}$/u.test(c.given ?? "") ? c.family : null) : /^([\p{Lu}][\p{L}'’-]+)\s+\p{Lu}{1,3}\.?(?:\s|$)/u.exec(c.name)?.[1];
    if (cited && candidates.some((o) => o.line !== c.line && family.get(o) === fold(cited))) count.cited++;
  }
  candidates = candidates.filter((c) => perLine.get(c.line)!.cited < Math.min(2, perLine.get(c.line)!.names));
  // A cover page or a corresponding author's address repeats the authors, sometimes with
  // initials ("Bernard Perbal" … "B. Perbal"): each person once, with the lines printed under
  // the repeat (a corresponding author's address and e-mail) kept for them.
  const repeated = new Map<Candidate, Line[]>();
  for (let k = candidates.length - 1; k > 0; k--) {
    const kept = candidates.slice(0, k).find((c) => samePerson(c.name, candidates[k]!.name));
    if (!kept) continue;
    const after = candidates[k + 1];
    const stop = after && after.line !== candidates[k]!.line ? after.lineIndex : end;
    repeated.set(kept, [...(repeated.get(kept) ?? []), ...lines.slice(candidates[k]!.lineIndex + 1, stop)]);
    // The title page's copy carries the footnote markers the cover page's lacks.
    if (!kept.markers.length && candidates[k]!.markers.length) kept.markers = candidates[k]!.markers;
    candidates.splice(k, 1);
  }
  return { candidates, repeated };
}

/**
 * The title page's notes by their markers: lines that start with a marker (below the front matter),
 * and affiliation lines in the front matter that start with one ("1 Department …"), each note with
 * the lines that continue it; notes printed run together split at the next number or symbol.
 * `affiliationNotes` are the markers whose notes the labeller reads as affiliations.
 */
function readNotes(pageLines: Line[], candidates: Candidate[], nameLines: Set<Line>, body: number, { labels, indexOf }: ReadContext) {
  const notes = new Map<string, string[]>();
  // Each note's lines, in step with its texts, and the notes in the order printed.
  const noteLines = new Map<string, Line[]>();
  const order: string[] = [];
  // Notes the labeller reads as affiliations: their sentences count without an institution's word ("Dpto. Química, Univ San Pablo CEU").
  const affiliationNotes = new Set<string>();
  const headings = new Set<string>();
  // Whether a marker may begin a note: none yet, or only a heading above the names, or only a name
  // (a raised marker at a line's end taken to begin one: "Eric Schadt⁶" / "Fiona Hyland").
  const free = (key: string, aboveNames: boolean) => {
    const texts = notes.get(key)?.filter((t) => t.trim()) ?? [];
    return !texts.length || (headings.has(key) && !affiliationNotes.has(key) && !aboveNames) || texts.every((t) => looksLikeName(t));
  };
  let current: string | null = null;
  // The markers the authors carry.
  const carried = new Set(candidates.flatMap((c) => c.markers));
  // The line the current note began on: on a page of two columns, a line of the other column set in
  // the text's size, read between two of the note's lines, neither continues nor ends it.
  let opened: Line | null = null;
  const otherColumn = (l: Line) => !!opened && l.page === opened.page && Math.abs(l.x - opened.x) > 120 && l.size > opened.size + 1;
  // (Nor a line that starts past where every line of the note's text so far ends, as the page's furniture at its foot
  // does: a publisher's "Vol.:(0123456789)" under the last note. A note's next line starts under its text, or centred
  // within it; after a marker printed alone on its line, the text may start anywhere to its right.)
  const pastTheNote = (l: Line) => {
    const texts = (current && notes.get(current)) || [];
    const own = ((current && noteLines.get(current)) || []).filter((n, i) => n.page === l.page && texts[i]?.trim());
    // (Not the rest of a row a wide space cut, a justified note's "University of Harbour," … "Harbour,": its baseline is the note's.)
    return own.length > 0 && l.x > Math.max(...own.map((n) => n.x + n.width)) + 2 && !own.some((n) => Math.abs(n.y - l.y) < 1);
  };
  for (const [l, line] of pageLines.flatMap((line) => notePieces(line).map((piece) => [piece, line] as const))) {
    const first = l.spans.find((s) => s.text.trim());
    // (A mark printed alone on its line, one an author carries, begins a note whatever its glyph: one the text layer
    // could not name, "�", after a name and over "Corresponding author: …".)
    const alone = carried.has(l.text.trim()) ? l.text.trim() : null;
    const leading = first?.sup ? first.text.trim().replace(/∗/g, "*") : (LEADING_MARKER.exec(l.text)?.[1]?.replace(/∗/g, "*") ?? alone);
    const affiliationLine = (labels[indexOf.get(line) ?? -1]?.affiliation ?? 0) >= 0.5;
    // (A note still empty was a raised mark at a line's end that began nothing: "… 1.73 m²".)
    // (A note above the names that the labeller reads as no affiliation, "1. GENERAL INFORMATION"
    // heading a cover page, gives way to the note the same marker begins below them.)
    const aboveNames = line.page === candidates[0]!.line.page && line.y < candidates[0]!.line.y;
    // (A line set in the names' size is a note where it names an institution after a marker an
    // author carries: "¹Federal Reserve Board of Governors" under "Anushka Mitra¹ and Aditi Singh²".)
    const placeAfterMarker = first?.sup && carried.has(leading ?? "") && namesInstitution(l.text) && !isProse(l.text);
    if (leading && (MARKER.test(leading) || leading === alone) && free(leading, aboveNames) && (l.size <= body + 0.5 || affiliationLine || placeAfterMarker) && !isHeading(line) && !nameLines.has(line)) {
      if (aboveNames && !affiliationLine) headings.add(leading);
      else headings.delete(leading);
      current = leading;
      opened = l;
      notes.set(current, [first?.sup ? l.text : leading === alone ? "" : l.text.replace(LEADING_MARKER_TEXT, "")]);
      noteLines.set(current, [l]);
      if (order.includes(current)) order.splice(order.indexOf(current), 1);
      order.push(current);
      if (affiliationLine) affiliationNotes.add(current);
    } else if (current && !pastTheNote(l) && continuesNote(notes.get(current)!, l, body, affiliationLine) && l.y > (candidates[0]?.line.y ?? 0) && notes.get(current)!.length < 8) {
      // (A marker at the end of the line above starts the note here: the labeller's reading of this line is the note's.)
      if (affiliationLine && notes.get(current)!.every((t) => !t.trim())) affiliationNotes.add(current);
      notes.get(current)!.push(l.text);
      noteLines.get(current)!.push(l);
      // An address line ends its note: what follows is the next author's.
      if (BARE_EMAIL.test(l.text.trim())) current = null;
    } else if (!(current && (otherColumn(l) || pastTheNote(l)))) {
      current = null;
    }
  }

  // One note several authors share, its markers listed before it ("b,c,d Warwick Business School, …"): each marker's note
  // where the marker has none of its own.
  for (const key of [...notes.keys()]) {
    if (!key.includes(",")) continue;
    for (const m of key.split(",").filter((m) => m && !notes.has(m))) {
      notes.set(m, notes.get(key)!);
      noteLines.set(m, noteLines.get(key)!);
      order.push(m);
      if (affiliationNotes.has(key)) affiliationNotes.add(m);
    }
  }

  // A note's lines printed one part to a line are an address's parts; units printed alone share the
  // institution printed under the last of them (of the notes the authors carry: not a contents
  // page's numbered entries).
  for (const [key, own] of noteLines) if (own.length > 1 && own.length === notes.get(key)!.length) notes.set(key, noteTextsByLine(notes.get(key)!, own));
  shareInstitutionLines(notes, noteLines, order.filter((key) => carried.has(key)));

  // Affiliations run together in one paragraph, each after its number ("…, Taiwan, 2 Crop Science
  // Division, …", "…, Boston, MA 13 10x Genomics, …"): the number that follows is the next note
  // (not a box's, a suite's or a building's: "Box 2 Main Street").
  for (let key = 1; notes.has(String(key)); key++) {
    const next = String(key + 1);
    if (notes.has(next)) continue;
    const text = notes.get(String(key))!.join(" ");
    const at = new RegExp(`(?<!\\b(?:[Bb]ox|[Ss]uite|[Rr]oom|[Bb]uilding|[Bb]ldg\\.?|[Ff]loor|[Nn]o\\.?|[Uu]nit|[Aa]pt\\.?|[Bb]lock|[Gg]ate|PB|BP|ul\\.?))[,;.]?\\s+${next}\\s+(?=\\p{Lu}|\\d+\\p{L})`, "u").exec(text);
    if (!at) continue;
    notes.set(String(key), [text.slice(0, at.index)]);
    notes.set(next, [text.slice(at.index + at[0].length)]);
    if (affiliationNotes.has(String(key))) affiliationNotes.add(next);
  }

  // Two notes printed as one, the second after its symbol: "*Department of Neurosurgery, Kanazawa …,
  // and †Division of Neurosurgery, Keijyu General Hospital": the symbol nobody's note has begins it.
  // (A symbol doubled is plainly a marker, with or without a comma before it: "* University of Michigan ** Boston University".)
  for (const symbol of ["*", "†", "‡", "§", "¶", "**", "††", "‡‡", "***"]) {
    if (notes.has(symbol)) continue;
    const run = escapePattern(symbol);
    // (A run of spaces is read from its start only: tried from each of its spaces, a long one was read again and again.)
    const before = symbol.length > 1 ? "(?:[,;.]\\s+(?:and\\s+)?|(?<=[^\\s,;.])\\s+)" : "[,;.]\\s+(?:and\\s+)?";
    for (const [key, texts] of notes) {
      const text = texts.join(" ");
      const at = new RegExp(`${before}${run}(?![*†‡])\\s*(?=\\p{Lu})`, "u").exec(text);
      if (!at) continue;
      notes.set(key, [text.slice(0, at.index)]);
      notes.set(symbol, [text.slice(at.index + at[0].length)]);
      if (affiliationNotes.has(key)) affiliationNotes.add(symbol);
      break;
    }
  }
  return { notes, affiliationNotes };
}

/**
 * Gives each author their e-mail: each address to the author it fits best, the ones printed in an
 * author's own footnote or block (`ownEmails`) counting more; pairs are taken best first, so each
 * address and author is used once. `nearLines`: the title page and the page after, whose addresses
 * count too. Answers the addresses given.
 */
function giveEmails(authors: ExtractedAuthor[], ownEmails: string[][], emails: string[], allText: string, nearLines: Line[]) {
  // "Email addresses: a@x.org (A. Smith), b@y.org (Bob Jones)": the address names its owner.
  // "Email: Susanna L Cooke - susanna.cooke@…; Jessica CM Pole - jp339@…": the name before the address.
  // (Masked addresses read as the addresses they are: "Corresponding author: luke.hartigan at domain sydney.edu.au
  // External Communications: rbainfo@rba.gov.au" names no author for the office's address.)
  const flat = unmasked(allText).replace(/\s*\n\s*/g, " ");
  const near = unmasked(nearLines.map((l) => l.text).join(" "));
  // (A name, then a dash, a colon or a bracket, then the address; after a bracket a bare name only: "Stephen Teng Sun
  // (st@…) is Assistant Professor …".)
  const nameThenMail = new RegExp(String.raw`(\p{L}[\p{L}\s.'’-]{2,60}?)\s*(?:[*∗]\s*)?([-–—:]|\()\s*(${EMAIL.source})`, "gu");
  // (A bare name: capitalised words or initials, four at most, "Whitney K. Newey", opening the text or an entry after a
  // full stop or a separator; not a sentence that names someone else's address, "Karl Lind thanks Ruth Okafor (r.okafor@…)".)
  const bareName = (who: string) => /(?:^|[.;:,]\s+)((?:\p{Lu}[\p{L}'’-]*\.?\s*){1,4})$/u.exec(who.trim())?.[1] ?? null;
  const named = [
    ...[...flat.matchAll(/([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)\s*\(([^()@]{2,60})\)/g)].map((m) => ({ email: m[1]!, who: m[2]! })),
    ...[...flat.matchAll(nameThenMail)].map((m) => ({ email: m[3]!, who: m[2] === "(" ? bareName(m[1]!) : m[1]! })),
    // (In the notes near the title page, a bare name's only: "Victor Chernozhukov: vchern@…" one to a line under the abstract.)
    ...[...near.matchAll(nameThenMail)].map((m) => ({ email: m[3]!, who: bareName(m[1]!) })),
  ].flatMap(({ email, who }) => (who ? [{ email: email.toLowerCase().replace(/[.,;]+$/, ""), who: fold(who) }] : []));
  // "Moss is at Harbour Business School, amo.fi@example.dk.": the sentence that says where an author is, by their
  // family name, ends with their address.
  const saidOf = [...`${flat} ${near}`.matchAll(new RegExp(String.raw`(?<![\p{L}'’-])(\p{Lu}[\p{L}'’-]+)\s+is\s+${SAID_AT}\s+((?:(?!\s(?:is|are)\s)[^.@]){2,200}?)[,;(]\s*(?:e-?mail:?\s*)?(${EMAIL.source})`, "gu"))].map((m) => ({
    email: m[3]!.toLowerCase().replace(/[.,;]+$/, ""),
    family: fold(m[1]!),
    place: fold(m[2]!),
  }));
  const namedFor = (a: ExtractedAuthor, email: string) =>
    // (The family name a whole word of it: "Karl Lindqvist" names no Lind.)
    named.some((n) => n.email === email && new RegExp(String.raw`(?<!\p{L})${escapePattern(fold(a.lastName))}(?!\p{L})`, "u").test(n.who) && (n.who.includes(fold(a.firstName)) || n.who.includes(`${fold(a.firstName)[0]}.`))) ||
    // (Not where the place names another author too: "Moss is at Harbour, and Ruiz at Eastbury; ruiz@…".)
    saidOf.some((n) => n.email === email && n.family === fold(a.lastName) && !authors.some((b) => b !== a && fold(b.lastName).length > 1 && n.place.includes(fold(b.lastName))));
  // Addresses printed elsewhere near the title page (a footnote under the abstract, a contact line)
  // go to the author whose name they carry; a journal's or an office's mailbox to nobody.
  // (The page after the front matter's too: a title page's footnotes can run over.)
  const elsewhere = [...new Set(expandEmails(nearLines.map((l) => l.text).join(" \n ")))].filter((e) => !emails.includes(e) && !ROLE_MAILBOX.test(e));
  const pairs: Array<{ k: number; email: string; score: number }> = [];
  for (const [k, a] of authors.entries()) {
    for (const email of [...emails, ...elsewhere]) {
      const own = ownEmails[k]!.includes(email);
      const onlyOne = own && ownEmails[k]!.length === 1;
      const score = emailFit(email, a.firstName, a.lastName) + (onlyOne ? 2 : own ? 1 : 0) + (namedFor(a, email) ? 5 : 0);
      if (score >= 1.5) pairs.push({ k, email, score });
    }
  }
  pairs.sort((p, q) => q.score - p.score);
  const used = new Set<string>();
  for (const { k, email } of pairs) {
    if (authors[k]!.email || used.has(email)) continue;
    authors[k]!.email = email;
    used.add(email);
  }
  // An address made of a given name alone ("yuki29@…") or of the initials ("hgs@…" for Henning G.
  // Schulzrinne) is too little on its own against every author, enough where exactly one author of
  // all has that given name or those initials and still lacks an address.
  const initials = (a: ExtractedAuthor) => initialsOf(`${a.firstName} ${a.lastName}`).replace(/[^a-z]/g, "");
  const letters = (s: string) => fold(s).replace(/[^a-z]/g, "");
  const mailbox = (email: string) => letters(email.split("@")[0]!);
  // (Or the mailbox's first part, a department's code after it: "dl.fi@" is David Lando's at the finance department.)
  const initialsBox = (email: string, a: ExtractedAuthor) => [mailbox(email), letters(email.split(/[@._-]/)[0]!)].some((m) => m.length >= 2 && m === initials(a));
  for (const email of [...emails, ...elsewhere]) {
    if (used.has(email)) continue;
    const fitting = authors.filter((a) => emailFit(email, a.firstName, a.lastName) >= 1 || initialsBox(email, a));
    // (Of several, the one whose given name the mailbox is: "hans@" is Hans Müller's, not Peter Hansen's.)
    const named = fitting.filter((a) => fold(a.firstName.split(/\s+/)[0]!).toLowerCase().replace(/[^a-z]/g, "") === mailbox(email));
    const fits = fitting.length > 1 && named.length === 1 ? named : fitting;
    if (fits.length === 1 && !fits[0]!.email) {
      fits[0]!.email = email;
      used.add(email);
    }
  }
  return used;
}
