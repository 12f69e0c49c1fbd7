/**
 * Person names as manuscripts print them: whether a text is a name, its given and family names,
 * the names (with their markers) a line of names holds, and whether two spellings are one person.
 */
import { REGIONS, INSTITUTION, NOISE, PARTICLES, NOT_NAME_WORDS, GENERATIONAL, SYMBOL, TRAILING_SYMBOLS, TRAILING_SYMBOL_RUN, LEADING_SYMBOL_RUN, SYMBOLS_OR_COMMAS, DEGREES, NOT_LETTER_MARKERS, ROLE_AFTER_NAME, namesKnownInstitution } from "./patterns";
import { countryNamed } from "./countries";
import type { ExtractedAuthor, Line } from "./model";
import { isFamilyName, isGivenName } from "./lexicon";
import { lexiconOf, readNames, titleCase, withSuffixes, withoutGeneration, type NamedPerson, type NameReader } from "./names";
import { fixLigatures, fold, normalizeSpace } from "./text";
import { TRAILING_ABSTRACT } from "./abstract";

/** A line of names only ("Sebastián Quiroga Peña and Annika Lehtonen"), not a title in title case. */
/** What a byline prints before its names: "By", "Prepared by", "Authors:"; a job-market paper's co-authors, "Joint with", "Co-authored with". */
const BYLINE = /^\s*(?:authors?\s*:|(?:prepared|written|compiled)\s+by|by|\(?(?:joint(?:\s+work)?|co-?authored|jointly\s+written)\s+with)\s+(?=\p{Lu})/iu;
/** A byline of names: "Prepared by Ines Albrecht and Kofi Mensah" (its lead words say it is one, whatever a model reads). */
export const byline = (l: Line, lowerWords: Set<string>) => BYLINE.test(l.text) && authorLine(l, lowerWords);
/**
 * A byline's first line, its list perhaps going on below: "BY ANNA-MARIA AGRESTI AND" over
 * "BENOÎT MOJON", or "By" and names plainly people's. A title's line that starts with "By" ("BY
 * SILICON VALLEY", "By Any Other Name") is none: the list must end open on a name under it, or
 * every name be plainly a person's.
 */
export function bylineOpens(l: Line, next: Line | undefined, lowerWords: Set<string>) {
  // (Its lead word capitalised: a title's line may go on with a lower-case "by".)
  if (!BYLINE.test(l.text) || !/^\s*\p{Lu}/u.test(l.text)) return false;
  const rest = l.text.replace(BYLINE, "").trim();
  const names = rest.split(/\s*,\s*|\s+(?:and|&)\s+|\s+(?:and|&)$/iu).filter((s) => s.trim());
  if (!names.length || !names.every((n) => looksLikeName(n) && !isCommonWords(n, lowerWords))) return false;
  const open = /(?:,|\s(?:and|&))$/iu.test(rest);
  const namedBelow = !!next && next.page === l.page && looksLikeName(next.text.trim()) && !isCommonWords(next.text.trim(), lowerWords) && !isPlace(next.text.trim());
  return (open && namedBelow) || names.every((n) => plainlyAName(n, lowerWords));
}

/** A part of the world a list of names never holds: "Latin America and East Asia". */
const WORLD_REGION = /\b(?:Americas?|Asia|Europe|Africa|Oceania|Pacific|Atlantic|Caribbean|Arctic|Antarctica|Middle East|Mediterranean|Balkans|Baltics?|Scandinavia)\b/u;

/** Whether a line of names names a place instead: a country, a region, a part of the world ("New Zealand and South Africa"). */
export function namesPlaces(l: Line) {
  return nameSegments(l).some((s) => isPlace(s.name) || WORLD_REGION.test(s.name));
}

export function authorLine(l: Line, lowerWords: Set<string>) {
  const segments = nameSegments(l);
  return (
    segments.length > 0 &&
    segments.every((s) => looksLikeName(s.name) && !isCommonWords(s.name, lowerWords) && !s.name.split(/\s+/).some((w) => isCommonWord(w, lowerWords))) &&
    (segments.length > 1 || l.spans.some((sp) => sp.sup) || SYMBOL.test(l.text))
  );
}

/** A token of a person's name; the name one goes by may be printed in brackets among the given names: "Rui (Aruhan) Shi". */
const NAME_TOKEN = /^(?:[\p{Lu}][\p{L}'’.-]*|\([\p{Lu}][\p{Ll}'’-]+\)|(?:van|von|der|den|de|del|della|di|da|do|dos|das|du|la|le|ten|ter|bin|al|el|zu|i|y|e|['’][tT])|[\p{Lu}]\.)$/u;
/** Joins two family names: "Vidal i Puig", "Ortega y Gasset", "Sousa e Silva". */
const CONJUNCTIONS = new Set(["i", "y", "e"]);
/** Particles of Spanish and Portuguese compound family names ("López de Haro"). */
const IBERIAN_JOINS = new Set(["de", "del", "da", "do", "dos", "das", "la"]);

/**
 * Whether a text has an institution's word in it, as a name never has, but for a family name that is
 * one after a known given name: "Peter Bank" is a person, "World Bank" and "Bank of Italy" are not.
 */
export function hasInstitutionWord(text: string) {
  if (!INSTITUTION.test(text)) return false;
  const tokens = text.trim().split(/\s+/);
  return !(tokens.length >= 2 && tokens.length <= 3 && isGivenName(tokens[0]!) && !INSTITUTION.test(tokens.slice(0, -1).join(" ")));
}

/** Whether a text is a person's name as manuscripts print them ("Michael J. Thornton", "Pieter van der Berg"). */
export function looksLikeName(text: string) {
  const t = text.replace(TRAILING_SYMBOLS, "").trim();
  // (A short name in capitals is an institution's in a name set in mixed case: "IZA KOWALSKA" is a person.)
  if (!t || /\d|@|:/.test(t) || hasInstitutionWord(t) || (namesKnownInstitution(t) && /\p{Ll}/u.test(t)) || NOISE.test(t)) return false;
  const tokens = t.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 5) return false;
  // (A name in brackets stands among the given names, never first nor last: "Ada Moss (Chair)" is a name and a role.)
  if (tokens[0]!.startsWith("(") || tokens[tokens.length - 1]!.startsWith("(")) return false;
  if (tokens.some((w) => NOT_NAME_WORDS.has(w.toLowerCase()) && !PARTICLES.has(w.toLowerCase()))) return false;
  const upperish = tokens.filter((w) => /^[\p{Lu}]/u.test(w)).length;
  return tokens.every((w) => NAME_TOKEN.test(w) || /^[\p{Lu}][\p{Ll}]+(?:-[\p{Lu}][\p{Ll}]+)+$/u.test(w)) && upperish >= 2;
}

/** An initial printed against the particle after it: "S.van". */
const INITIAL_ON_PARTICLE = new RegExp(String.raw`\b(\p{Lu}\.)(?=(?:${[...PARTICLES].filter((p) => /^[a-z]{2,}$/.test(p)).join("|")})\s)`, "gu");

/** Splits "Pieter van der Berg" into given names and the surname with its particles. */
export function splitName(full: string): { firstName: string; lastName: string } {
  // (An initial run into the particle after it, "Hugo S.van Putten", is two words.)
  let tokens = full
    .replace(SYMBOLS_OR_COMMAS, " ")
    .replace(/^(?:Dr|Prof|Professor)\.?\s+(?=\p{Lu})/u, "")
    .replace(INITIAL_ON_PARTICLE, "$1 ")
    .trim()
    .split(/\s+/);
  // "William S. Yancy Jr.", "Edward S. Knotek II": the suffix goes with the family name, as a form
  // with a given and a family name field takes it ("Yancy Jr.").
  const suffixes: string[] = [];
  while (tokens.length > 2 && GENERATIONAL.test(tokens[tokens.length - 1]!)) suffixes.unshift(tokens.pop()!);
  // The family name in capitals, the given name not ("PANCHER Marie", "Anne-Laure AMILHAT SZARY"):
  // the capitals are the family name, wherever they stand.
  // ("McGUIRE", "MacDONALD" are capitals too: "WILLIAM McGUIRE" is no family name printed first.)
  const capital = tokens.map((t) => /^(?:Mc|Mac)?\p{Lu}[\p{Lu}'’-]+$/u.test(t) && (t.length >= 3 || isFamilyName(t)));
  if (capital.some(Boolean) && !capital.every(Boolean) && tokens.some((t) => /\p{Ll}/u.test(t))) {
    const first = capital.indexOf(true);
    const last = capital.lastIndexOf(true);
    if (capital.slice(first, last + 1).every(Boolean) && (first === 0 || last === tokens.length - 1)) {
      const family = tokens.slice(first, last + 1).map(titleCase).join(" ");
      const given = [...tokens.slice(0, first), ...tokens.slice(last + 1)].join(" ");
      if (given) return { firstName: given, lastName: withSuffixes(family, suffixes) };
    }
  }
  if (tokens.every((t) => t === t.toUpperCase() || /^(?:Mc|Mac)\p{Lu}{2,}$/u.test(t))) tokens = tokens.map((t) => (t.length > 2 || !t.endsWith(".") ? titleCase(t) : t));
  let i = tokens.length - 1;
  for (;;) {
    while (i > 1 && PARTICLES.has(tokens[i - 1]!.toLowerCase())) i--;
    // "Vidal i Puig": a conjunction joins the family name before it.
    if (i > 2 && CONJUNCTIONS.has(tokens[i - 1]!)) i -= 2;
    else break;
  }
  // "López de Haro": a family name (not a given name) before an Iberian particle belongs to it.
  if (i > 1 && IBERIAN_JOINS.has(tokens[i]!) && !isGivenName(tokens[i - 1]!) && !/\.$/.test(tokens[i - 1]!) && tokens.length > 3 - (isFamilyName(tokens[i - 1]!) ? 1 : 0)) i--;
  // "Ó Briain", "Mac Giolla", "Lo Russo": a capitalised particle before the surname.
  if (i > 1 && /^(?:Ó|O’|O'|Mac|Mc|Da|De|Di|Del|Della|Dal|Dos|Du|Lo|La|Le|El|Al|Ben|Abu|Van|Von|Ter|Ten)$/.test(tokens[i - 1]!) && tokens.length > 2) i--;
  // "Thomas van Florenstein Mulder": a Dutch or German particle in lower case after the given names
  // begins the family name, however many names follow it.
  const particle = tokens.findIndex((t, k) => k >= 1 && k < i && /^(?:van|von|ten|ter|zu)$/.test(t));
  if (particle >= 1 && tokens.slice(particle + 1, i).every((t) => /^\p{Lu}[\p{Ll}'’-]/u.test(t) || PARTICLES.has(t))) i = particle;
  return { firstName: tokens.slice(0, i).join(" "), lastName: withSuffixes(tokens.slice(i).join(" "), suffixes) };
}

/** "∗1", "1,2", "a,*" → each marker on its own ("*", "1"); a dash between two is kept ("10–12" → "10", "-", "12") for `markerRanges`. */
function splitMarkers(text: string) {
  // (LaTeX's \thanks goes *, †, ‡, §, ¶, ‖, then doubles them (**, ††): `markerRanges` makes a run of one symbol one marker.)
  return (text.replace(/∗/g, "*").replace(/[–—−‐]/g, "-").match(/\d+|[a-z]|[*†‡§¶#‖]|-/g) ?? []).filter(Boolean);
}

/** A name's markers with their ranges read out ("10", "-", "12" → 10, 11, 12: Nature's and PLOS's lists of many affiliations print them so); a dash with no range is dropped. */
export function markerRanges(markers: string[]) {
  const out: string[] = [];
  markers.forEach((m, k) => {
    // (A symbol printed twice or three times is one marker, the note's that begins with the run: "Sette**" / "** Bank of Italy";
    // the rules and the name model alike give each symbol on its own.)
    const last = out[out.length - 1];
    if (SYMBOL.test(m) && markers[k - 1] === m && last && last.length < 3 && [...last].every((c) => c === m)) return void (out[out.length - 1] += m);
    if (!/^[-–—−‐]$/.test(m)) return void out.push(m);
    const [from, to] = [Number(markers[k - 1]), Number(markers[k + 1])];
    if (/^\d+$/.test(markers[k - 1] ?? "") && /^\d+$/.test(markers[k + 1] ?? "") && to > from && to - from <= 20) for (let n = from + 1; n < to; n++) out.push(String(n));
  });
  return out;
}

/** Numbers and symbols after a name, on its line: its markers ("Smaal 2", "Siringan4 ‡"), or a page number run into it ("ROBINSON 109"); never a postcode. */
export const TRAILING_NUMBER_MARKERS = new RegExp(`(?<=[\\p{L}.])\\s*(?:\\d{1,3}(?!\\d)|${SYMBOL.source})(?:\\s*(?:\\d{1,3}(?!\\d)|${SYMBOL.source}))*\\s*$`, "u");


/** A family name printed before its comma: one capitalised word, after its particles ("Groppe", "de Castro", "van der Berg"). */
const familyFirst = (text: string) => {
  const words = text.split(/\s+/);
  return /^\p{Lu}/u.test(words[words.length - 1]!) && !/\s/.test(words[words.length - 1]!) && words.slice(0, -1).every((w) => PARTICLES.has(w) && w === w.toLowerCase());
};

/** How far apart, in ems, spans of one line stand where they print names set apart ("Guido W. Imbens      Jeffrey M. Wooldridge"). */
export const NAMES_APART = 1.2;

/** Name segments of a line: split at superscript markers, wide gaps (`NAMES_APART`), commas and "and". */
function nameSegments(line: Line): Array<{ name: string; markers: string[]; inverted?: boolean }> {
  const out: Array<{ name: string; markers: string[]; inverted?: boolean }> = [];
  let text = "";
  let markers: string[] = [];
  let end = -Infinity;
  const flush = () => {
    // "A, B, and C", "A AND B" (amsart prints names in capitals).
    // A marker in brackets ("Kohmoto (*)") is a marker; degrees after a name ("Futami, M.D.,") are not names.
    // "(1,2)" and "(*)" after a name are its markers, kept with it while the list is split at commas.
    // A label before the list ("Authors: Leonardo Collado-Torres, …") and the abstract's label after it
    // (two columns read across: "… and Magnus Lindh Abstract") are not names.
    // ("By Peter Bank and …", as the Annals and older journals print an author line, the same; and "Prepared by …",
    // as a fund's or a ministry's series prints it.)
    // ("(Joint with Ada Moss)" under a job-market paper's author: the names without the brackets.)
    text = (/^\s*\(/.test(text) && BYLINE.test(text) ? text.replace(/\)\s*$/, "") : text).replace(BYLINE, "").replace(/^\s*authors?\s*:\s*/i, "").replace(TRAILING_ABSTRACT, "");
    // "K. Aoki for the PHENIX Collaboration", "D. Blau on behalf of ALICE collaboration": the speaker is the author.
    text = text.replace(/\s+(?:for|on behalf of)\s+(?:the\s+)?[\p{L}\d\s-]{2,40}?\b(?:collaboration|consortium|study group|group|team|investigators)s?\b.*$/iu, "");
    text = text.replace(/\s*\(([*∗†‡§¶]+|\d{1,2}(?:\s*,\s*\d{1,2})*)\)/g, (_, m: string) => `⟦${m.replace(/\s*,\s*/g, " ")}⟧`);
    // Each piece keeps the symbols printed after it; one printed after a comma ("M.D.,*") is the piece before's.
    const pieces = text.split(/\s*(?:,\s*(?:and|AND)\s+|,|;|\band\b|\bAND\b|\bet\b|\bET\b|\bund\b|\bUND\b|&)\s*/).map((raw) => ({ text: raw.replace(/^[)\]\s]+/, "").replace(/(?<![(\[\s])[(\[\s]+$/, ""), own: [] as string[] }));
    pieces.forEach((piece, k) => {
      piece.text = piece.text.replace(/\s*⟦([^⟧]*)⟧/g, (_, m: string) => (piece.own.push(...m.split(" ").flatMap(splitMarkers)), ""));
      piece.text = piece.text.replace(LEADING_SYMBOL_RUN, (run) => (k > 0 && pieces[k - 1]!.own.push(...splitMarkers(run.trim())), ""));
      piece.text = piece.text.replace(TRAILING_SYMBOL_RUN, (run) => (piece.own.push(...splitMarkers(run.trim())), ""));
      // Markers printed on the line rather than raised: "PRINS 1", "De Leon 1☯ *", "Tori,a Yasuo".
      piece.text = piece.text.replace(TRAILING_NUMBER_MARKERS, (run) => (piece.own.push(...run.trim().split(/\s+/).flatMap(splitMarkers)), ""));
      // An ORCID badge printed as "ID" after the name ("Yann-rong LinID1 *").
      piece.text = piece.text.replace(/(?<=\p{Ll})\s?ID$/u, "");
      piece.text = piece.text.replace(/^([a-h])\s+(?=\p{Lu})/u, (_, letter: string) => (k > 0 && pieces[k - 1]!.own.push(letter), ""));
      // A letter printed on the line after a name ("Kerri M. Malone a"): its marker.
      piece.text = piece.text.replace(/(?<=\p{L}{2}\.?)\s+([a-h]{1,3})$/u, (all: string, letters: string) => (NOT_LETTER_MARKERS.test(letters) ? all : (piece.own.push(...letters), "")));
    });
    const last = pieces.length - 1;
    // Degrees and Greek-letter markers pass their symbols on to the name they follow.
    // (Capitals after a degree are one more degree nobody listed: "WHEELER, MS, RD, FADA, CD¹".)
    let carried: string[] = [];
    let afterDegree = false;
    const named: Array<{ name: string; markers: string[] }> = [];
    pieces.forEach((piece, k) => {
      const name = normalizeSpace(fixLigatures(piece.text));
      const own = [...piece.own, ...(k === last ? markers : [])];
      const degree = DEGREES.test(name) || (afterDegree && /^\p{Lu}{2,5}\.?$/u.test(name));
      // A lone Greek letter or a lone small letter is a marker ("Assou §,*,φ", "Schubert c*").
      if (/\p{L}/u.test(name) && !/^(?:\p{Script=Greek}|[a-h])$/u.test(name) && !degree && !GENERATIONAL.test(name)) {
        named.push({ name, markers: own });
        carried = named[named.length - 1]!.markers;
      } else carried.push(...own);
      afterDegree = degree;
    });
    // "Groppe, David M. (1,2), Bickel, Stephan (3,4)": family names first, each given name after its comma.
    // (Or each family name in capitals: "HO, Kei Shiu Edward and CHAN, Lai Wan".)
    const inverted =
      named.length >= 2 &&
      named.length % 2 === 0 &&
      named.every((n, k) => (k % 2 === 0 ? familyFirst(n.name) && !n.markers.length : /^\p{Lu}/u.test(n.name) && n.name.split(/\s+/).length <= 3)) &&
      (named.some((n, k) => k % 2 === 1 && (n.markers.length > 0 || /^\p{Lu}\.(?:\s?\p{Lu}\.)*$/u.test(n.name))) ||
        (named.length >= 4 && named.every((n, k) => (k % 2 === 0 ? /^\p{Lu}[\p{Lu}'’-]+$/u.test(n.name) : /\p{Ll}/u.test(n.name) && !INSTITUTION.test(n.name) && !isPlace(n.name)))));
    if (inverted) {
      const family = (name: string) => (/^\p{Lu}[\p{Lu}'’-]+$/u.test(name) ? titleCase(name) : name);
      for (let k = 0; k < named.length; k += 2) out.push({ name: `${named[k + 1]!.name} ${family(named[k]!.name)}`, markers: named[k + 1]!.markers, inverted: true });
    } else out.push(...named);
    text = "";
    markers = [];
  };
  for (const s of line.spans) {
    // A comma set in the markers' size ("WHEELER, MS˒ RD˒ FADA") still separates.
    if (s.sup && /^[,;]$/.test(s.text.trim()) && !markers.length) {
      text += ",";
      end = s.x + s.width;
      continue;
    }
    if (s.sup) {
      markers.push(...splitMarkers(s.text));
      end = s.x + s.width;
      continue;
    }
    if (markers.length || (text && s.x - end > s.size * NAMES_APART && line.spans.length > 1 && !/^\s*$/.test(s.text))) flush();
    const trailing = TRAILING_SYMBOL_RUN.exec(s.text);
    text += (text && !/\s$/.test(text) && !/^\s/.test(s.text) && s.x - end > s.size * 0.15 ? " " : "") + (trailing ? s.text.slice(0, trailing.index) : s.text);
    if (trailing) markers.push(...splitMarkers(trailing[1]!));
    end = s.x + s.width;
  }
  flush();
  return out;
}

/**
 * The names a line of names holds, each with its markers, or none where the line is not one.
 *
 * The rules come first: a place among the line's pieces makes it an address ("Chapel Hill, North
 * Carolina", "La Jolla, CA"), and so does a postcode or a year (a name carries no number of four
 * digits); they read the line as names where every piece is one but for one (a degree or a marker
 * nobody knows) or one in five of a long list. Then the name model (`names.ts`, decision 036) says
 * who the people are and which markers are theirs: where the rules read names, its people replace
 * theirs; where they read none, its people count when it is sure of every one (at least
 * `NAME_SURE`: "Debashis Basak, Member, IEEE, and Dhabaleswar K. Panda" had been no names at all).
 * A name printed given names first is split by the rules (particles, "Vidal i Puig", "López de
 * Haro"); one printed family name first takes the model's split. `model: false` is the rules alone
 * (the evaluation measures both).
 */
export function namesOnLine(line: Line, lowerWords: Set<string>, { model = true, reader }: { model?: boolean; reader?: NameReader } = {}): Array<{ name: string; markers: string[]; given?: string; family?: string }> {
  const segments = nameSegments(line);
  if (segments.some((s) => isPlace(s.name)) || /\d{4,}/.test(line.text)) return [];
  const named = segments.filter((s) => looksLikeName(s.name) && !isCommonWords(s.name, lowerWords));
  const rules = named.length && named.length >= segments.length - Math.max(1, Math.floor(segments.length / 5)) ? named : [];
  // (A list the rules read family name first, "Groppe, David M. (1,2), Bickel, Stephan (3)", stays theirs: a comma between a person's names is what the model reads worst.)
  if (!model || rules.some((s) => s.inverted)) return rules;
  const read = readNames(line, reader);
  // (A person needs a given name, and is no words the document prints in lower case, nor a place: a family name may be one, "Michael Jordan"; nor an institution known by its short name, "UC Berkeley".)
  const people = read.filter((p) => p.firstName && !isCommonWords(`${p.firstName} ${p.lastName}`, lowerWords) && !isPlace(p.printed) && !(namesKnownInstitution(p.printed) && /\p{Ll}/u.test(p.printed)));
  const sure = people.length > 0 && people.length === read.length && read.every((p) => p.confidence >= NAME_SURE);
  // (Nor where the model read a person the checks above turn away, "Matilda Annerstedt van den" with no given name: the rules read the line whole.)
  // (Nor where it reads fewer people than the rules found: "José Manuel Sánchez-Pena, Ricardo Vergaz" is two.)
  // (Initials alone, "M. D.", are a degree the rules took for a name; a name in capitals, "MARTHA SHEERAR", is not initials.)
  const plain = rules.filter((s) => !s.name.split(/\s+/).every((w) => /^(?:\p{Lu}\.?|(?:\p{Lu}\.)+)$/u.test(w)));
  if (rules.length ? people.length < read.length || people.length < plain.length : !sure) return rules;
  // (A given name the model left out that the rules' name holds before the model's is the person's
  // too: "THEIS INGERSLEV JENSEN", of which the model read "INGERSLEV JENSEN".)
  // (One word more, set as the name is: in capitals where it is, no word the document prints in lower case.)
  const capitals = (w: string) => w === w.toUpperCase();
  const givenBefore = (printed: string, extra: string) => /^\p{Lu}[\p{L}'’-]+$/u.test(extra) && capitals(extra) === capitals(printed) && !lowerWords.has(extra.toLowerCase());
  const whole = (printed: string) => rules.find((s) => s.name.endsWith(` ${printed}`) && givenBefore(printed, s.name.slice(0, -printed.length - 1)))?.name ?? printed;
  // (On a line whose names the separators part, two people the model reads where no separator, mark
  // or gap stands between them are one person of two given and two family names: "Pablo Nebbi Rivera
  // Moreno and Karol Lorena Triana Montaño"; the first reading's words are the given names.)
  const one = (p: NamedPerson) => (p.inverted ? { name: `${p.firstName} ${p.lastName}`, markers: p.markers, given: p.firstName, family: p.lastName } : { name: withoutRole(whole(p.printed)), markers: p.markers });
  return peopleOfSegments(people, rules.length >= 2 ? rules : [], one);
}
/**
 * The model's people of a line, each as `one` gives it, but for two that one of the rules' names
 * (`segments`) holds whole, one after the other with nothing between them: one person (`namesOnLine`).
 */
function peopleOfSegments(people: NamedPerson[], segments: Array<{ name: string }>, one: (p: NamedPerson) => { name: string; markers: string[]; given?: string; family?: string }) {
  const out: Array<{ name: string; markers: string[]; given?: string; family?: string }> = [];
  for (let k = 0; k < people.length; k++) {
    const [p, q] = [people[k]!, people[k + 1]];
    const both = q && !p.markers.length && !p.inverted && !q.inverted ? `${p.printed} ${q.printed}` : null;
    if (q && both && segments.some((s) => s.name === both)) {
      out.push({ name: both, markers: q.markers, given: p.printed, family: q.printed });
      k++;
    } else out.push(one(p));
  }
  return out;
}
/** A name without a role, post or badge printed after it, where a name of two words or more is left. */
const withoutRole = (name: string) => {
  const bare = name.replace(ROLE_AFTER_NAME, "");
  return bare.split(/\s+/).length >= 2 ? bare : name;
};
/** A name of `namesOnLine` as given and family names: the model's split where it gave one, the rules' otherwise. */
export const nameParts = (n: { name: string; given?: string; family?: string }) => (n.family ? { firstName: n.given ?? "", lastName: n.family } : splitName(n.name));
/** How sure the name model must be of every person on a line the rules read no names on: chosen on the development halves among 0 to 0.9 (decision 036). */
const NAME_SURE = 0.3;

/** A country, a state or a province, with its postcode ("CA 92193-0114"). */
export function isPlace(text: string) {
  const place = text.replace(TRAILING_ABSTRACT, "").replace(/\s*(?<![/;.])[/;.]+$/, "").replace(/\s*(?<![\d-])[\d-]{3,}$/, "");
  return isCountryName(place) || REGIONS.has(place);
}
/**
 * A line that is people's names and nothing else, by the name model beyond doubt: one to three
 * people, each with a given name and every label of each at least `ALONE_SURE` probable, and no
 * word of the line left over ("Doug Fisher", "Jeremy Quirk, Mark Thornton and Peter Kirkpatrick"
 * where the labeller missed them). Not an institution's line, an address's (a number on the line,
 * "Largo Pontecorvo, 3"), a place, or initials in capitals before a name that is not ("UC Berkeley").
 */
export function namesAlone(line: Line, lowerWords: Set<string>, reader?: NameReader) {
  const text = line.text.trim();
  if (INSTITUTION.test(text) || /@|:/.test(text) || line.spans.some((s) => !s.sup && /\d/.test(s.text)) || isPlace(text)) return false;
  const read = readNames(line, reader);
  // (And one word of each name a known given or family name, or an initial: two capitalised words alone, "Significance Statement", "Diabetes Care", are as often a heading.)
  const lexicon = lexiconOf(reader);
  const known = (w: string) => /^\p{Lu}\.?$/u.test(w) || lexicon.given(w) || lexicon.family(w);
  const doubtful = (p: NamedPerson) =>
    p.confidence < ALONE_SURE || !p.firstName || (/^\p{Lu}{2,}$/u.test(p.firstName) && /\p{Ll}/u.test(p.lastName)) || isCommonWords(`${p.firstName} ${p.lastName}`, lowerWords) || !`${p.firstName} ${p.lastName}`.split(/[\s-]+/).some(known);
  if (!read.length || read.length > 3 || read.some(doubtful)) return false;
  // (A generation after a name, "Edward S. Knotek II", is no word left over.)
  const words = (t: string) => (t.match(/\p{L}[\p{L}'’.-]*/gu) ?? []).filter((w) => !/^(?:and|et|und|[a-h])$/.test(w) && !GENERATIONAL.test(w));
  return read.reduce((n, p) => n + words(p.printed).length, 0) === words(text).length;
}
/** How sure: chosen on the development half read cross-fitted, among 0.7, 0.8, 0.9 and 0.95 (decision 040). */
const ALONE_SURE = 0.9;
/** A line that is one person's name beyond doubt: given name, middle initial, family name ("Lance J. Fortnow"), no common words. */
export function plainlyAName(text: string, lowerWords: Set<string>) {
  const name = text.trim().replace(TRAILING_SYMBOLS, "").trim();
  if (INSTITUTION.test(name) || isCommonWords(name, lowerWords) || isPlace(name)) return false;
  if (/^\p{Lu}[\p{Ll}'’-]+\s+\p{Lu}\.\s+\p{Lu}[\p{Ll}'’-]+$/u.test(name)) return true;
  // Or a known given name (or initials) and a known family name, nothing else: "Doug Fisher", "J. B. Wells".
  const words = name.split(/\s+/);
  const first = words[0]!;
  const given = /^(?:\p{Lu}\.\s?)+$/u.test(words.slice(0, -1).join(" ")) || (words.length === 2 && isGivenName(first) && !isFamilyName(first));
  return words.length >= 2 && words.length <= 4 && given && isFamilyName(words[words.length - 1]!) && looksLikeName(name);
}
export function isCountryName(text: string) {
  return countryNamed(text) !== null;
}

/** Words the document also prints in lower case ("Sovereign Bond Holdings") are not a name. */
export function isCommonWords(text: string, lowerWords: Set<string>) {
  const words = text.split(/\s+/).filter((w) => !PARTICLES.has(w.toLowerCase()) && !/^\p{Lu}\.$/u.test(w));
  return words.length > 0 && words.every((w) => lowerWords.has(w.toLowerCase()));
}

/** A word the text also prints in lower case (each part of "Payment-Term"), not a particle. */
function isCommonWord(word: string, lowerWords: Set<string>) {
  if (PARTICLES.has(word.toLowerCase())) return false;
  const parts = word.toLowerCase().split("-").filter(Boolean);
  return parts.length > 0 && parts.every((p) => lowerWords.has(p));
}


/** Where people usually carry two family names (Spanish and Portuguese naming). */
const IBERIAN = new Set(["Spain", "Portugal", "Brazil", "Mexico", "Colombia", "Argentina", "Chile", "Peru", "Venezuela", "Ecuador", "Bolivia", "Uruguay", "Paraguay", "Costa Rica", "Panama", "Guatemala", "Honduras", "El Salvador", "Nicaragua", "Dominican Republic", "Cuba", "Puerto Rico", "Angola", "Mozambique", "Cape Verde"]);
const IBERIAN_PARTICLES = new Set(["da", "de", "do", "dos", "das", "del", "la", "las", "los", "y", "e"]);
/** Common Spanish and Portuguese given names: a second given name, not a family name. */
const IBERIAN_GIVEN = new Set(
  "alberto alejandro alfonso ana andrea andrés angel ángel antonio beatriz camila carlos carmen carolina catalina clara cristina daniel david diego eduardo elena emilio enrique felipe fernando francisco gabriel gabriela guillermo ignacio inés isabel jaime javier jesús joão jorge josé josefa juan julia julián laura lucas lucía luis luisa manuel marcelo marco marcos maría mariana marta martín miguel nicolás pablo paula pedro rafael ramón raúl ricardo roberto rodrigo rosa santiago sebastián sergio sofía teresa tomás valentina vicente".split(" "),
);

/** "Sebastián Quiroga Peña" (Colombia) → given "Sebastián", family "Quiroga Peña"; "Andrés Felipe Restrepo" and "Karol Lorena Triana Montaño", read as two family names, stay as they are. */
export function applyNamingConvention(author: ExtractedAuthor) {
  if (!author.country || !IBERIAN.has(author.country)) return;
  const tokens = `${author.firstName} ${author.lastName}`.split(/\s+/);
  const familyStart = tokens.length - author.lastName.split(/\s+/).length;
  const before = tokens[familyStart - 1];
  const particle = tokens[familyStart]!.toLowerCase();
  // (A family name read as two already holds both: "Karol Lorena" / "Triana Montaño".)
  if (author.lastName.split(/\s+/).filter((w) => !PARTICLES.has(w.toLowerCase())).length >= 2) return;
  if (PARTICLES.has(particle) && !IBERIAN_PARTICLES.has(particle)) return;
  if (familyStart < 2 || !before || /\.$/.test(before) || IBERIAN_GIVEN.has(before.toLowerCase())) return;
  author.firstName = tokens.slice(0, familyStart - 1).join(" ");
  author.lastName = tokens.slice(familyStart - 1).join(" ");
}

/**
 * A family name of several words that the author's e-mail spells joined: "Kaveh Salehzadeh Nobari" with
 * k.salehzadeh-nobari@…, "Branka Hadji Misheva" with branka.hadjimisheva@…, "Roberto N. Fattal Jaef" with
 * rfattaljaef@…. A part of the mailbox (between dots) that is the last words of the name joined, after nothing or
 * the initials of the names before them, says where the family name starts. The name is only ever lengthened: a
 * mailbox that spells the last word alone says nothing against a family name of two ("Moreira da Silva Campos",
 * campos@…). It is read only where one split fits, the family name holds no initial ("Luke C.D. Stein",
 * lcdstein@…), the given name keeps a whole word ("Z. Merrick Li", merrickli@…, goes by his second name), and no
 * word it moves is a known given name and no family name ("John Paul Smith", jpaulsmith@…, keeps Paul; "Andrés Felipe
 * Restrepo", feliperestrepo@…, keeps Felipe). The mailbox is read before any "+" tag; underscores and hyphens in a
 * part are dropped.
 */
export function familyNameAsMailed(author: Pick<ExtractedAuthor, "firstName" | "lastName" | "email">) {
  if (!author.email) return;
  const words = `${author.firstName} ${author.lastName}`.trim().split(/\s+/);
  const familyWords = author.lastName.trim().split(/\s+/).length;
  if (words.length < 3) return;
  const letters = (w: string) => fold(w).replace(/[^a-z]/g, "");
  const parts = author.email.split("@")[0]!.split("+")[0]!.toLowerCase().split(".").map((p) => p.replace(/[-_]/g, ""));
  const fits = (k: number) => {
    const family = words.slice(words.length - k).map(letters).join("");
    const initials = initialsOf(words.slice(0, words.length - k).join(" "));
    // (After none, the first, the first two … of the initials of the names before.)
    const spellings = Array.from({ length: initials.length + 1 }, (_, m) => initials.slice(0, m) + family);
    return parts.some((p) => spellings.includes(p));
  };
  const splits = Array.from({ length: words.length - 1 }, (_, i) => i + 1).filter(fits);
  if (splits.length !== 1) return;
  const k = splits[0]!;
  const given = words.slice(0, words.length - k);
  const initial = (w: string) => /^(?:\p{Lu}\.?[-\s]?)+$/u.test(w) && letters(w).length <= 3;
  const moved = words.slice(words.length - k, words.length - familyWords);
  const knownGiven = (w: string) => IBERIAN_GIVEN.has(w.toLowerCase()) || (isGivenName(w) && !isFamilyName(w));
  if (k <= familyWords || words.slice(words.length - k).some(initial) || given.every(initial) || moved.some(knownGiven)) return;
  author.firstName = given.join(" ");
  author.lastName = words.slice(words.length - k).join(" ");
}

/** The initials of given names ("Peter J." → "pj"). */
export const initialsOf = (given: string) => fold(given).split(/[\s.-]+/).filter(Boolean).map((w) => w[0]).join("");

/** Two printings of one person's name: the same family name, and given names or their initials alike. */
export function samePerson(a: string, b: string) {
  if (fold(a) === fold(b)) return true;
  const [p, q] = [splitName(a), splitName(b)];
  // (A generation printed with one and not the other is the same person's: "Edward S. Knotek II", "Edward S. Knotek".)
  if (fold(withoutGeneration(p.lastName)) !== fold(withoutGeneration(q.lastName)) || !p.firstName || !q.firstName) return false;
  const abbreviated = (n: string) => /^(?:\p{Lu}\.?[\s-]*)+$/u.test(n);
  if (!abbreviated(p.firstName) && !abbreviated(q.firstName)) return fold(p.firstName) === fold(q.firstName);
  const [i, j] = [initialsOf(p.firstName), initialsOf(q.firstName)];
  return i.startsWith(j) || j.startsWith(i);
}

/**
 * A list printed family name first ("Pancher Marie, Désiré Nathalie, Ngo Yen"): where two-word
 * names read given name second (a known given name second, or a known family name first) at least
 * twice and never the other way round, every two-word name of the list is turned round.
 */
export function putGivenNamesFirst(candidates: Array<{ name: string; family?: string }>) {
  if (candidates.some((c) => c.family)) return;
  const pairs = candidates.map((c) => c.name.split(/\s+/)).map((t) => (t.length === 2 && t.every((w) => /^\p{Lu}\p{Ll}/u.test(w)) ? t : null));
  const reads = (given: string, family: string) => (isGivenName(given) && !isGivenName(family)) || (isFamilyName(family) && !isFamilyName(given));
  const turned = pairs.filter((t) => t && reads(t[1]!, t[0]!)).length;
  const upright = pairs.filter((t) => t && reads(t[0]!, t[1]!)).length;
  if (turned < 2 || upright > 0) return;
  pairs.forEach((t, k) => {
    if (t) candidates[k]!.name = `${t[1]} ${t[0]}`;
  });
}
