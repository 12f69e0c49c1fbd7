/**
 * Affiliations: where each author is, from the lines under a name, an address block, a note on the
 * title page; what no affiliation is (thanks, a licence, prose); an affiliation's department and
 * institution.
 */
import { REGIONS, ABSTRACT_LABEL, INSTITUTION, LATEST_VERSION, NOISE, WEB_ADDRESS, MONTH_DATE, EMAIL, MASKED_EMAIL, MARKER, AFFILIATION_MARKER, POST, SUBJECT_WORDS, THANKS, namesInstitution, keywordsAfterLabel } from "./patterns";
import { countryOfAffiliation, countryOfEmail, countryOfPlace, trailingCountry } from "./countries";
import type { ExtractedAuthor, Line } from "./model";
import { SMALL_WORDS, joinSpans, normalizeSpace, isProse } from "./text";
import { TRAILING_ABSTRACT } from "./abstract";
import { BARE_EMAIL, EMAIL_ADDRESS_LINE } from "./emails";
import { isCountryName, looksLikeName } from "./person-names";
import { middleOf } from "./layout";

const UNIT = /^(?:department|dept\.?|division|chair|area|discipline|group|section|unit|school of|faculty of|centre|center|institute of)\b/i;
const HOST = /\b(?:universit\w*|college|school|institute|academy|bank|polytechnic|hochschule)\b/i;
/** A university's own units, which print under its name: "Department of Economics", "School of Business". */
const DEPARTMENT = /^(?:department|dept\.?|division|school of|faculty of)\b/i;
/** A place of learning, which a department belongs to. */
const SEAT_OF_LEARNING = /\b(?:universit\w*|college|school|polytechnic|hochschule)\b/i;

/** A unit's name by its last word: "Financial Markets Department", "Monetary and Economic Division". */
const UNIT_LAST = /\b(?:department|division|directorate|section|unit)$/i;
/** An address masked against harvesters and what separates it from the place before it. */
const MASKED_TAIL = new RegExp(`[,;]?\\s*(?:${MASKED_EMAIL.source})`, "gi");
/**
 * Whom to write to, said before a name: "Please address questions regarding content to", "Correspondence
 * should be addressed to:", "Reprint requests to".
 */
export const WRITE_TO = String.raw`(?:[Pp]lease\s+)?(?:[Aa]ddress\s+)?(?:[Qq]uestions|[Cc]orrespondence|[Cc]omments|[Ii]nquiries|[Ee]nquiries|[Rr]eprint\s+requests?)(?:\s+regarding\s+(?:the\s+)?content)?(?:\s+(?:should\s+be\s+)?(?:addressed|sent|directed))?\s+to\s*:?\s*`;

/**
 * The department and the institution of one affiliation, when both are printed: "Department of
 * Finance, Tilburg School of Economics and Management, Tilburg University" → the department and
 * "Tilburg School of Economics and Management, Tilburg University".
 */
export function splitAffiliation(text: string | null): { institution: string | null; department: string | null } {
  if (!text) return { institution: null, department: null };
  const parts = text.split(/,\s*/);
  if (parts.length > 1 && UNIT.test(parts[0]!) && parts.slice(1).some((p) => HOST.test(p))) {
    return { department: parts[0]!, institution: parts.slice(1).join(", ") };
  }
  return { institution: text, department: null };
}

/**
 * An affiliation found for an author apart from their notes: their first (its country, institution
 * and department too), or one more after theirs.
 */
export function giveAffiliation(a: ExtractedAuthor, text: string) {
  const { rest } = trailingCountry(text);
  if (a.affiliation?.split("; ").includes(rest)) return;
  if (a.affiliation) {
    Object.assign(a, { affiliation: `${a.affiliation}; ${rest}`, country: a.country ?? countryOfPlace(text) });
    return;
  }
  const { institution, department } = splitAffiliation(rest);
  Object.assign(a, { affiliation: rest, institution, department, country: countryOfPlace(text) ?? a.country });
}

/** An author's affiliation replaced by another text (its institution, department and country read anew). */
export function giveAffiliationAnew(a: ExtractedAuthor, text: string) {
  Object.assign(a, { affiliation: null, institution: null, department: null });
  giveAffiliation(a, text);
}

/**
 * Addresses printed at the end of the paper (amsart): each author's address lines, then
 * "E-mail address: …", in the authors' order. Used only when the first pages gave no author an
 * address or an e-mail, and only when there is one such block per author.
 */
export function addressesAtEnd(lines: Line[], authors: ExtractedAuthor[]) {
  if (!authors.length || authors.some((a) => a.email || a.affiliation)) return;
  const blocks: Array<{ address: string; email: string }> = [];
  let run: Line[] = [];
  for (const l of lines) {
    const m = EMAIL_ADDRESS_LINE.exec(l.text.trim());
    if (m) {
      if (run.length) blocks.push({ address: normalizeSpace(run.map((r) => r.text).join(" ")), email: m[1]!.toLowerCase() });
      run = [];
      continue;
    }
    const prev = run[run.length - 1];
    if (prev && (l.page !== prev.page || l.y - prev.y > prev.size * 1.9)) run = [];
    run.push(l);
    if (run.length > 4) run.shift();
  }
  if (blocks.length !== authors.length || blocks.some((b) => !namesInstitution(b.address))) return;
  authors.forEach((a, k) => {
    const address = blocks[k]!.address.replace(/(?<![.;,])[.;,]+$/, "");
    const { rest } = trailingCountry(address);
    const { institution, department } = splitAffiliation(rest);
    Object.assign(a, { email: blocks[k]!.email, affiliation: rest, institution, department, country: countryOfPlace(address) ?? countryOfEmail(blocks[k]!.email) });
  });
}

/** Sentences of a note that are not an affiliation: thanks, contact details, the paper's status. */
export const notAffiliation = (t: string) =>
  /^\s*(?:key\s*words?|index terms|jel\b|abstract\b)/i.test(t) ||
  /\b(?:thank|grateful|gratitude|acknowledg|support|corresponding|correspondence|tel|phone|fax|funded|funding|particip(?:at|ant))\w*|\bgrant\s+(?:no\.?\s*)?[A-Z]*\d|\bcontributed equally|\bequal(?:ly)? contribut/i.test(t) || /\b(?:views|opinions) (?:expressed|in this)|\bdisclaim|\bnot necessarily\b|\bthe authors?\b/i.test(t) || THANKS.test(t) || NOISE.test(t) || LICENCE.test(t) || toldOf(t) || ofThePaper(t) || pastPosts(t);
/**
 * A sentence about the paper itself or where it comes from, not a place: "This paper is a revised version of
 * Chapter 1 of my PhD dissertation at … from Universitat Autònoma de Barcelona", "An earlier version circulated as …";
 * not one that says where an author is now, nor a post ("Dissertation Fellow, Department of Economics, …").
 */
const ofThePaper = (t: string) =>
  (/^\s*(?:this|the present|an? (?:earlier|previous|first|prior)|earlier|previous)\s+(?:paper|article|version|draft|work|study|manuscript|chapter)\b/i.test(t) ||
    /\b(?:my|our|(?:his|her|their)\s+(?:ph\.?d\.?|doctoral))\s+(?:ph\.?d\.?\s+|doctoral\s+)?(?:dissertation|thesis)\b/i.test(t)) &&
  !SAYS_WHERE_NOW.test(t);
/**
 * A sentence of an author's biography about posts held before, not where they are: "… is a former consultant for
 * the Harbour Secretariat, where …", "He has represented the region on the boards of …". Not one that says where the
 * author is before it turns to the past ("… is an associate professor at Harbour University and was previously …").
 */
const pastPosts = (t: string) => {
  const past = /\b(?:former|formerly|previously|retired)\b/i.exec(t);
  if (past && isProse(t)) return !/\b(?:is|are)\b[^.;]{0,80}?\b(?:at|with|of)\b/.test(t.slice(0, past.index));
  return /^\s*(?:He|She|They)\s+(?:has|have|had|was|were|served|held|led|worked)\b/.test(t) && !SAYS_WHERE_NOW.test(t);
};
/** A sentence that says where an author is now: "… and is now at Columbia University". */
const SAYS_WHERE_NOW = /\b(?:is|are)\s+(?:now\s+)?(?:at|with)\b/;
/**
 * A sentence that tells what was done, not a place: prose in the passive ("Access to some confidential data …
 * was made possible within a secure environment provided by CASD – Centre …"); not one that says where an
 * author is ("… and is now at Columbia University").
 */
const toldOf = (t: string) => isProse(t) && /\b(?:was|were|been)\s+(?:\w+ly\s+)?(?:\w+ed|made|done|given|taken|written|paid|held|run|built|kept)\b/.test(t) && !SAYS_WHERE_NOW.test(t);
/**
 * A place's name of a few words, each capitalised but the small ones: "IFAU, Uppsala", "Mines Paris – PSL",
 * "UPF and BSE", "Princeton". Not a person's name shaped so ("Jordan Smith"), a post ("PhD Candidate") or
 * words in brackets.
 */
export const shortPlaceName = (t: string) => {
  const words = t.split(/\s+/);
  return words.length <= 6 && words.every((w) => /^[\p{Lu}\p{P}\d]/u.test(w) || SMALL_WORDS.test(w)) && !/[()[\]]/.test(trailingCountry(t).rest) && !looksLikeName(t) && !POST.test(t);
};
/**
 * What shows a short name is a place's: an institution's word, a country or a city it names, or an acronym
 * ("IFAU", "UPF and BSE"); not "Job Market Paper".
 */
export const knownAsPlace = (t: string) => namesInstitution(t) || countryOfAffiliation(t) !== null || /(?<![\p{L}])\p{Lu}{2,}(?![\p{L}])/u.test(t);
/** A journal's imprint: its address on the web, copyright and licence. */
const LICENCE = /https?:\/\/|\bwww\.|©|\(c\)\s*\d{4}|\blicen[cs]e|\bcreative commons|\bopen access\b|\bcopyright\b|\bpublished by\b|\ball rights reserved\b/i;
/** An e-mail label and all after it on the line ("✉ e-mail: skm@iitm.ac.in"): no part of an affiliation. */
// (Its hyphen may be any of the hyphens a text layer gives, a soft one among them: "E-\u00ad\u2010mail".)
const EMAIL_TAIL = /(?:e[-\u00ad\u2010\u2011]*mail)\s*:?.*$/i;
/** A telephone number: labelled ("Tel: +44 20 …", "Fax …"), with its area code in brackets ("(415) 974-2393"), or as 404-498-7906. */
const PHONE = /[,;]?\s*(?:\b(?:tel(?:ephone)?|phone|fax)\.?\s*:?\s*\+?\d[\d ()./-]{5,}\d|\(\d{3}\)\s*\d{3}[-.\s]\d{4}|\b\d{3}-\d{3}-\d{4})\b/gi;
/**
 * Honours held beside the place, ending what a note says of an author: "…, ABFER senior fellow, CEPR
 * research fellow, and NBER research associate". Not the place itself ("… and NBER" stays).
 */
const HONOUR = /^(?:and\s+)?(?:\p{Lu}[\p{L}&.-]*\s+)*(?:(?:[Ss]enior|[Rr]esearch|[Ff]aculty|[Vv]isiting|[Hh]onorary|[Dd]istinguished|[Ii]nternational)\s+)*(?:[Ff]ellow|[Aa]ssociate|[Aa]ffiliate)$/u;
const withoutHonours = (t: string) => {
  const parts = t.split(/\s*,\s*/);
  while (parts.length > 1 && HONOUR.test(parts[parts.length - 1]!)) parts.pop();
  return parts.join(", ");
};
/** A post as a footnote opens with it, a doctorate's abbreviation before it: "Ph.D. candidate", "PhD student", "Assistant Professor". */
const POST_OPENING = new RegExp(String.raw`^(?:ph\.?\s?d\.?\s+)?(?:${POST.source.slice(1)})`, "i");
/**
 * What joins a post run into its place: its subject and "at the" or a comma ("… in Agricultural Economics at the ",
 * "… of Economics, "), "at the" alone, or, no subject between, a space or a comma ("PhD student Department of …").
 */
const POST_TO_PLACE = /^(?:\s+(?:in|of)\s+(\p{Lu}[\p{L}-]*(?:\s+(?:(?:and|&)\s+)?\p{Lu}[\p{L}-]*){0,5})(?:\s+at\s+(?:the\s+)?|\s*,\s*)|\s+at\s+(?:the\s+)?|,?\s+)(?=\p{Lu})/u;
/**
 * A place without the post run into it, no comma between: "Ph.D. candidate in Economics at the University of California,
 * Davis" is "University of California, Davis", "PhD student Department of Economics, …" "Department of Economics, …"; not a
 * place that begins with a post's word, "Research Department", nor one no institution follows.
 */
function withoutPostRunIn(t: string): string {
  // (Each of several places its own: "Professor of Economics, University of Harbour; Research Fellow, CEPR".)
  if (t.includes("; ")) return t.split("; ").map(withoutPostRunIn).join("; ");
  const post = POST_OPENING.exec(t);
  const join = post ? POST_TO_PLACE.exec(t.slice(post[0].length)) : null;
  const place = post && join ? t.slice(post[0].length + join[0].length) : "";
  // (A subject that names an institution is the author's place: "Fellow of Harbour College, Oxford".)
  const subject = join?.[1]?.replace(SUBJECT_WORDS, "") ?? "";
  // (After a subject and a comma, the place opens with an institution's name: not "Professor of Finance, Emeritus, …".)
  const opensPlace = !join?.[0].includes(",") || !join[1] || namesInstitution(place.split(",")[0]!);
  return place && INSTITUTION.test(place) && !INSTITUTION.test(post![0]) && !INSTITUTION.test(subject) && opensPlace ? place : t;
}
/** Whom to write to and their name, opening a place: "Please address questions regarding content to Patrick Higgins, Research Department, …". */
const WRITTEN_TO = new RegExp(String.raw`^${WRITE_TO}((?:\p{Lu}[\p{L}.'’-]*\s+){1,4}\p{Lu}[\p{L}'’-]+)\s*,\s*(?=\p{Lu})`, "u");
/** An affiliation without its e-mail, telephone, honours, leading marker and closing punctuation. */
// (A semicolon printed in it parts two of the author's affiliations, as the engine joins them: "Stern School of
// Business, New York University; NBER and CEPR".)
// (Its spaces made one first: the patterns' \s* would otherwise read a long run of them again from each of its spaces.)
export const cleanAffiliation = (t: string) => {
  // (Whether the text printed an author's e-mail: a bare web address after it is their site.)
  const mailed = t.search(EMAIL) >= 0;
  return normalizeSpace(
    withoutHonours(normalizeSpace(t).replace(PHONE, ""))
      .replace(EMAIL_TAIL, "")
      // (What a footnote runs into: "… Manchester, UK Received Month ??, ????", "… Switzerland Full list of author information …",
      // the authors' contact line under their places, "… Riga LV-1010, Latvia Contact: a@b (SAA); c@d (TJP)".)
      .replace(/\s+(?:(?:Received|Accepted|Revised|Published|(?:v\d+\s+)?First\s+published)\b(?:\s+\w+)?\s*:?\s*(?:\d|\p{Lu}\p{Ll}+\s+[\d?])|Full list of author information\b|(?<!\b[Pp]rimary\s+)(?:(?:Point\s+of|Corresponding)\s+)?Contact(?:\s+information)?\s*:).*$/u, "")
      // (A label printed in letters spaced apart beside it, run on: "… Münster, Germany a r t i c l e i n f o";
      // not a place spaced so, "Y A L E".)
      .replace(/(?:\s\p{L}){4,40}$/u, (spaced: string) => (/^(?:articleinfo|articlehistory|abstract|keywords)$/i.test(spaced.replace(/\s/g, "")) ? "" : spaced))
      .replace(EMAIL, "")
      // (And one written to keep it from harvesters: "…, renke.schmacker[at]unil[dot]ch".)
      .replace(MASKED_TAIL, "")
      // (A web address printed with it: "…, and CEPR; pedersen@example.dk, www.example.com".)
      .replace(WEB_ADDRESS, "")
      // (Or a personal site's bare name, in small letters, as a part of its own after the author's e-mail: "…,
      // ada@harbour.edu, adamoss.com"; not a firm's that is its web address, "Economic Research, quayrooms.com".)
      .replace(/(^|[,;]\s*)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|me|info)(?:\/\S*)?(?=\s*(?:[,;]|$))/g, (site: string, before: string) => (mailed ? before : site))
      // (The separators what was taken out stood between, one left: "CEPR; , " is "CEPR;".)
      .replace(/([;,])(?:\s*[;,])+/g, "$1")
      // (And the separator an address at the start left: "a@harbour.edu, Harbour School of Business".)
      .replace(/^\s*[;,]\s*/, "")
      .replace(/\s*✉\s*/gu, " ")
      // (Brackets an address stood in, emptied: "…, Cyprus (" + "a@b.cy" + ")".)
      .replace(/\s*\(\s*\)/g, "")
      .replace(TRAILING_ABSTRACT, "")
      .replace(AFFILIATION_MARKER, "")
      // What is said of the place rather than the place: "Permanent address:", "From the", a post held ("Principal Lecturer,"),
      // before each of the author's places ("…, the State University of New York; Postal address: 415 …").
      .replace(/(^|;\s*)(?:(?:permanent|present|current|previous|home)\s+address(?:es)?\s*:?|(?:postal\s+|mailing\s+)?address(?:es)?\s*:|(?:also|now)\s+at\s*:?|from\s+the\b|affiliations?\s*:|(?:primary\s+)?contact\s*:)\s*/gi, "$1")
      // (Whom to write to, before the place: "Please address questions regarding content to Patrick Higgins, Research
      // Department, …", "Correspondence to: Jane Doe, …"; a unit's name is no person's: "… to Research Department, …".)
      .replace(WRITTEN_TO, (said: string, name: string) => (INSTITUTION.test(name) ? name + ", " : ""))
      // (A bracket the line cut open: "…, NY, 14853, USA (" before an address on the next line.)
      .replace(/\s*\([^()]*$/, "")
      .replace(/^[^,]{3,60},\s*(?=\S)/, (post: string, at: number, all: string) => (POST.test(post) && !INSTITUTION.test(post.replace(/\b(?:research|medical)\b/gi, "")) && INSTITUTION.test(all.slice(post.length)) ? "" : post))
      .replace(/^.*$/, withoutPostRunIn)
      .replace(/\s+(?:Address (?:reprint requests|correspondence)|BIOGRAPHY|Biography\b).*$/u, "")
      // (A telephone's label whose number the line left for the next, "…, TX 77005; telephone:", not a name's word, "Nippon
      // Telegraph and Telephone"; a paper's own label run on,
      // "…, Department of Finance, Job Market Paper"; a dash before what the line left, "…, NJ 08544 —".)
      .replace(/[,;]\s*(?:tel(?:ephone)?|phone|fax)\b\.?\s*:?\s*$|\s*\b(?:tel(?:ephone)?|phone|fax)\.?\s*:\s*$|[,;]?\s*\b(?:job\s+market\s+paper)\b.*$|\s+[—–-]\s*$/i, "")
      // (An abbreviation keeps its full stop: "Intelliseek, Inc.")
      // (The run of marks at the end read from its first mark only: a long run is looked through once.)
      .replace(/(?:(?<![.;,/\s])[.;,/][.;,/\s]*|[,;]?\s+(?:and|and the|the)\s*)$/, (end: string, at: number, all: string) => (end.startsWith(".") && /\b(?:Inc|Ltd|Co|Corp|Univ|Dept|St)$/.test(all.slice(0, at)) ? "." : ""))
      .replace(/\s*;\s*/g, "; "),
  )
    .split("; ")
    // (A department and its university parted by a semicolon are one place: "Department of Economics; University of
    // Maryland"; not two bodies, "Centre for Economic Policy Research; Harbour University", "Department of …; Bank of …".)
    .reduce((out: string, part: string, k: number, parts: string[]) => (k === 0 ? part : `${out}${DEPARTMENT.test(parts[k - 1]!) && !HOST.test(parts[k - 1]!.replace(DEPARTMENT, "")) && SEAT_OF_LEARNING.test(part) && !UNIT.test(part) ? ", " : "; "}${part}`), "");
};
/** A line of an address: it ends with a country, or is a short capitalised place ("Cambridge, MA", "Jouy-en-Josas"). */
export const isAddress = (t: string) =>
  !MONTH_DATE.test(t.trim()) && !/\b(?:19|20)\d{2}\b/.test(t) && (trailingCountry(t).country !== null || (t.split(/\s+/).length <= 5 && /^[\p{Lu}\d]/u.test(t) && !/[.!?:]$/.test(t)));

/** A line that is only the kind of an institution: its name's end, cut from the line before ("…, Rice" / "University"). */
const LONE_KIND = /^(?:University|College|Institute|School|Academy|Polytechnic)$/;
/** An institution's name cut where the line wraps ("National University of" / "Singapore", "Depart-" / "ment"). */
const OPEN_NAME = /(?:\b(?:of|and|for|the|de|di|da|del|der|für|zu|am)|-)$/i;
/** A line that leaves its address or institution's name unfinished: cut mid-name, or after a comma or semicolon. */
export const leftOpen = (text: string) => /[,;]$/.test(text) || OPEN_NAME.test(text);

/** A unit's name in capitalised words, its acronym after it ("Complex Systems Computation Group (CoSCo)"). */
const UNIT_NAME = /^\p{Lu}[\p{L}'’-]*(?:\s+(?:and|of|for|in|&|\p{Lu}[\p{L}'’-]*))+(?:\s+\(\p{Lu}[\p{L}\d-]*\))?$/u;

/**
 * The affiliations in an author's block (the lines under the name): a run of institution and
 * address lines is one affiliation ("Department of Finance" / "University of Zurich" / "Zurich,
 * Switzerland"), a line that wraps mid-name ("National University of" / "Singapore") joined as text.
 * A line the labeller is sure is an affiliation counts without an institution's word ("President
 * of the ICCNS", "Applied Research Center" / "Intelliseek, Inc.").
 */
/** A label a block of addresses may print over a street, no firm's name: "Correspondence" / "221 Harbour Road, …". */
const BLOCK_LABEL = /^(?:correspondence|corresponding\s+author|contact|address(?:es)?|postal\s+address|mailing\s+address|draft|e-?mail|tel(?:ephone)?|phone|fax|web(?:site)?|homepage|notes?)\.?$/i;

export function blockAffiliations(block: Line[], sure: (l: Line) => boolean = () => false) {
  const out: string[] = [];
  let run: string[] = [];
  let anchored = false;
  const flush = () => {
    if (anchored) out.push(run.join(", "));
    run = [];
    anchored = false;
  };
  // A unit's name in capitalised words right above an institution ("Computer and Information Science" / "The Ohio State University"),
  // or the block's first line a name of a few capitalised words right above a street's number, a firm's ("Marex" / "155 Bishopsgate, …").
  let lead: { text: string; unit: boolean } | null = null;
  for (const l of block) {
    const t = cleanAffiliation(l.text);
    const known = Boolean(t) && (namesInstitution(t) || (sure(l) && !/\b(?:19|20)\d{2}\b|\b(?:ISSN|ISBN|doi)\b/i.test(t) && /\p{L}{3}/u.test(t)));
    // (A line that ends with an address is the affiliation's last: "…, Chennai, India. ✉ e-mail: skm@iitm.ac.in".)
    const mailed = /@/.test(l.text);
    // (An institution's parts between commas are no prose however many of its words are in lower case: "…, indian institute of technology Madras, chennai, india".)
    // (Nor a sentence whose institution's capitals outnumber its other words: "To enhance the transparency of the work of
    // the Congressional Budget Office and to encourage external", a series' notice under the names.)
    const words = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
    const wordy = words.length >= 8 && words.filter((w) => /^\p{Ll}/u.test(w) && !SMALL_WORDS.test(w)).length >= 3;
    const prose = (isProse(t) || wordy) && !(known && t.split(",").length >= 3);
    const part = t && !(mailed && /@/.test(t)) && keywordsAfterLabel(l) === null && !ABSTRACT_LABEL.test(l.text) && !notAffiliation(l.text.replace(EMAIL_TAIL, "")) && !prose && (known || (run.length > 0 && isAddress(t)));
    if (!part) {
      flush();
      const unit = UNIT_NAME.test(t) && t.split(/\s+/).length >= 2 && t.split(/\s+/).length <= 6;
      const firmName = l === block[0] && /^\p{Lu}[\p{L}&.'’-]*(?:\s+(?:\p{Lu}[\p{L}&.'’-]*|of|and|&|the|for)){0,3}$/u.test(t) && !BLOCK_LABEL.test(t);
      lead = unit || firmName ? { text: t, unit } : null;
      continue;
    }
    if (lead && known && !run.length && (lead.unit || /^\d{1,5}[A-Za-z]?\s+\p{Lu}/u.test(t))) run.push(lead.text);
    lead = null;
    // An affiliation ends with its country: an institution after one begins the next ("… Dublin,
    // Ireland" / "Diagnostic Bacteriology Laboratory, …").
    if (known && run.length && endsWithCountry(run[run.length - 1]!)) flush();
    anchored ||= known;
    const last = run[run.length - 1];
    if (last && (OPEN_NAME.test(last) || LONE_KIND.test(t))) run[run.length - 1] = /-$/.test(last) ? `${last}${t}` : `${last} ${t}`;
    else run.push(t);
    if (mailed) flush();
  }
  flush();
  return out.flatMap(splitAtCountries);
}

/**
 * A line of notes cut where a raised marker inside it starts the next note: after punctuation or
 * "and", before a capital ("…, USA;² University of …", "Address:¹ Anthropologisches …", "… USA
 * and⁶ Department …"), or at the line's end, its note on the next line ("Equal contributors¹").
 */
export function notePieces(l: Line): Line[] {
  const cuts: number[] = [];
  let from = 0;
  l.spans.forEach((s, i) => {
    const mark = s.text.trim();
    if (!s.sup || l.spans[i - 1]?.sup || !/[\d*∗†‡§¶#a-z]/.test(mark) || !MARKER.test(mark)) return;
    const before = joinSpans(l.spans.slice(from, i).filter((x) => !x.sup));
    const rest = l.spans.slice(i + 1);
    const next = rest.findIndex((x) => x.sup && x.text.trim() && !/^[,\s]+$/.test(x.text));
    const after = joinSpans((next < 0 ? rest : rest.slice(0, next)).filter((x) => !x.sup));
    if (before && (after ? /(?:[,;:.]|\band|\bthe|\bfrom)$/i.test(before) && /^\p{Lu}/u.test(after) : /[\p{L}.,;]$/u.test(before))) {
      cuts.push(i);
      from = i;
    }
  });
  if (!cuts.length) return [l];
  return [0, ...cuts].map((start, k) => {
    const spans = l.spans.slice(start, cuts[k] ?? l.spans.length);
    return { ...l, spans, text: joinSpans(spans.filter((x) => !x.sup)) };
  });
}

/**
 * A line that goes on with the footnote above it: smaller than the text, or read as an
 * affiliation, or a bare e-mail; an address, or the rest of an institution's name, after a line
 * that did not end its sentence ("… the⁷ Division of General" / "Internal Medicine, Duke University
 * School of" / "Medicine, Durham, North Carolina.").
 */
export function continuesNote(note: string[], l: Line, body: number, affiliationLine: boolean) {
  // (Nor a link to the paper's latest version set under the places: "Click here for the most recent version".)
  if (ABSTRACT_LABEL.test(l.text) || endsNote(note, l.text) || LATEST_VERSION.test(l.text.trim())) return false;
  // (A note that reached a full stop or its country is finished: "…, Fribourg," / "Switzerland".)
  const last = note.join(" ").trim();
  const open = !/\.$/.test(last) && !endsWithCountry(last);
  // (After a finished one, a heading of a few words opens the next block: Wiley's sidebar "Correspondence", "Funding information".)
  // (Not the note's own label: "Corresponding author", "E-mail address:".)
  if (!open && /^\p{Lu}[\p{L}’'-]*(?:\s+\p{L}[\p{L}’'-]*){0,2}:?$/u.test(l.text.trim()) && !namesInstitution(l.text) && !/corresponding|e-?mail|address|tel|phone|fax/i.test(l.text)) return false;
  return l.size < body - 0.3 || affiliationLine || BARE_EMAIL.test(l.text.trim()) || (open && (isAddress(l.text) || ((leftOpen(last) || INSTITUTION.test(l.text)) && !isProse(l.text))));
}

/**
 * A note's texts, one to each of its `lines`, each line's own break kept where it was the printer's choice, not
 * the wrap's: where the next line's first word would have fitted on the line before, the two are
 * parts of an address printed one to a line ("Financial Markets Department" / "Bank of Canada" /
 * "Ottawa, Ontario"), or where a line ends with a unit's name, joined with a comma as an address is written on one line. A paragraph
 * wrapped at its width, or a line left open ("… University of" / "Chicago"), is joined as it was.
 */
export function noteTextsByLine(texts: string[], lines: Line[]): string[] {
  const right = Math.max(...lines.map((l) => l.x + l.width));
  const widest = Math.max(...lines.map((l) => l.width));
  return lines.map((l, i) => {
    const next = lines[i + 1];
    const text = texts[i]!.trimEnd();
    // (Not after an e-mail, which the next line's words may run into in the text layer.)
    if (!next || !/[\p{L}\d)]$/u.test(text) || leftOpen(text) || /@\S+$/.test(text) || !/^[\p{Lu}\d]/u.test(next.text.trim())) return texts[i]!;
    const word = next.text.trim().split(/\s+/)[0]!;
    const wordWidth = (next.width * word.length) / Math.max(1, next.text.trim().length);
    const fitted = l.x + l.width + wordWidth + next.size * 0.5 < right;
    // (In a block set centred, its lines' middles one above the other and their left edges not, the word
    // fits where the line and it are narrower than the widest line.)
    const centred = Math.abs(middleOf(l) - middleOf(next)) < 3 && Math.abs(l.x - next.x) > 3 && l.width + wordWidth + next.size * 0.5 < widest;
    // (Or a line that ends with a unit's name: "Financial Markets Department" / "Bank of Canada"; not an
    // institution's, whose name may go on with its town, "Erasmus University" / "Rotterdam".)
    const named = UNIT_LAST.test(text);
    return fitted || centred || named ? `${text},` : texts[i]!;
  });
}

/**
 * Notes that name a unit alone ("¹Monetary and Financial Analysis Department"), printed just above
 * the last note whose unit the institution and its address lines follow ("²Financial Markets
 * Department" / "Bank of Canada" / "Ottawa, …"): those lines are every unit's above them. `order`
 * is the notes' keys as they were printed, `lines` each note's lines.
 */
export function shareInstitutionLines(notes: Map<string, string[]>, lines: Map<string, Line[]>, order: string[]) {
  const unitAlone = (t: string) => (UNIT.test(t.trim()) || UNIT_LAST.test(t.trim())) && !HOST.test(t) && !t.includes(",");
  const lastKey = order[order.length - 1];
  const last = lastKey ? lines.get(lastKey) : undefined;
  if (!last || last.length < 2 || !unitAlone(last[0]!.text) || notes.get(lastKey!)!.length !== last.length) return;
  const shared = notes.get(lastKey!)!.slice(1);
  if (!namesInstitution(shared.join(" "))) return;
  // (The units printed one to a line, each right above the next: a run of notes, not notes far apart.)
  let below = last[0]!;
  for (const key of order.slice(0, -1).reverse()) {
    const own = lines.get(key)!;
    const gap = below.y - own[0]!.y;
    if (own.length !== 1 || !unitAlone(own[0]!.text) || own[0]!.page !== below.page || gap <= 0 || gap > own[0]!.size * 2) break;
    notes.set(key, [`${notes.get(key)![0]!.trimEnd()},`, ...shared]);
    below = own[0]!;
  }
}

/**
 * A line that does not go on with the footnote above it: a journal's imprint or licence, or running
 * text after an address that ended at its country ("… Alnarp, Sweden" / "Full list of author
 * information is available at the end of the article").
 */
function endsNote(note: string[], next: string) {
  return LICENCE.test(next) || CITATION.test(next.trim()) || (isProse(next) && endsWithCountry(note.join(" ").trim()));
}

/** A reference to the paper itself, its authors family name first: "Futami K, Yamashita J, Higashi S. Do cerebral …". */
const CITATION = /^(?:\p{Lu}[\p{L}'’-]+\s+\p{Lu}{1,3},\s+){2,}/u;

/** A country printed as an address's last part ("…, Dublin, Ireland"), not an institution's last word ("National University of Singapore"). */
export const endsWithCountry = (t: string) => /,/.test(t) && isCountryName(t.split(",").pop()!.trim().replace(/[\s./;]+$/, ""));


/** The word an institution's name begins with (not "Korea Research Institute", where the country is the name's). */
const INSTITUTION_HEAD = /^(?:Department|Dept\.?|Institute|Institut\p{L}*|Istituto|School|Faculty|Facult\p{L}+|Division|Laborator\p{L}+|Laboratoire|Cent(?:er|re)|Centro|Universit\p{L}+|College|Hospital|Academy|Dipartimento|Departamento|Département|CNRS|INSERM|Inserm|INRIA|Inria|INRAE?|CSIC|CNR|CEA|IRD)(?!\p{L})/u;
/**
 * A note's text cut after each address, where an institution's name begins: after its country
 * ("…, Tennessee 37831, USA Department of Physics, …", "…, Denmark, the Department of …") or its
 * postcode ("…, Charlottesville, VA 22903 School of ECE, …"). Right after a country, a university
 * or an institute is the country's own ("Department of Physics, Korea University") unless an
 * address comes before the country ("…, 31052 Toulouse Cedex, France Université Paul Sabatier").
 */
export function splitAtCountries(text: string) {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/([.;,]?)\s+(?:(?:and|the)\s+)?(?=\p{Lu})/gu)) {
    const before = text.slice(start, m.index);
    const next = text.slice(m.index + m[0].length).split(",")[0]!;
    if (!INSTITUTION_HEAD.test(next)) continue;
    const parts = before.split(",");
    const country = parts.length > 1 && isCountryName(parts[parts.length - 1]!.trim().replace(/[\s.]+$/, ""));
    // (A state and its ZIP code: "VA 22903", "Tennessee 37996"; not a unit's number, "UMR CNRS 5558".)
    const zip = /^(.+?)\s+\d{5}(?:-\d{4})?$/u.exec(parts[parts.length - 1]!.trim());
    const postcode = Boolean(zip) && (/^\p{Lu}{2}$/u.test(zip![1]!) || REGIONS.has(zip![1]!));
    if (!country && !postcode) continue;
    if (country && !m[1] && /^(?:Universit|Institut|Istituto|College|Hospital|Academy)/u.test(next) && !/\d/.test(parts[parts.length - 2] ?? "")) continue;
    out.push(before);
    start = m.index + m[0].length;
  }
  out.push(text.slice(start));
  return out;
}

/**
 * A place given to every author that lists one place for each, in their order: "Caltech, NYU Stern, NYU Stern" under three
 * names. Only where a place is listed twice (no author's own place names one institution twice), each part short and
 * with no number (no street, no postcode); null otherwise ("Department of Economics, Harbour University" is two authors' one place).
 * Or, given to two authors at least (another's read from a note), one place for each with its country, semicolons
 * between, three at least and all different: "Harbour University, Norland; Quayside College, U.S.A.; University of
 * Vesterby" under three names (the last country read off already). Not a shared list of places without countries,
 * "Harbour University; CEPR; NBER", nor two authors' two places, "University of Vesterby, Germany; CEPR, United Kingdom",
 * nor places keyed by markers, "¹ Vesterby University, Germany; … ² Harbour Bank".
 * `sharing`: how many authors were given the place.
 */
export function respectivePlaces(place: string, authors: number, sharing = authors): string[] | null {
  const listed = place.split(/\s*;\s*/);
  if (authors >= 3 && sharing >= 2 && listed.length === authors && new Set(listed).size === authors && !/[\d¹²³⁴⁵⁶⁷⁸⁹⁰*∗†‡§]/u.test(place) && listed.every((p) => namesInstitution(p)) && listed.slice(0, -1).every((p) => trailingCountry(p).country)) return listed;
  if (sharing < authors) return null;
  const parts = place.split(/\s*,\s*(?:and\s+)?/).map((p) => p.trim());
  if (authors < 2 || parts.length !== authors || parts.some((p) => !/^\p{Lu}/u.test(p) || p.split(/\s+/).length > 6 || /\d/.test(p))) return null;
  // (The part listed twice names an institution: not a town and its state, "New York University, New York, New York".)
  const twice = parts.filter((p, k) => parts.indexOf(p) !== k);
  return twice.length && twice.every((p) => namesInstitution(p)) ? parts : null;
}
