/**
 * The rules that read a manuscript's front matter from its printed lines: title, authors with
 * e-mails, affiliations, countries and the corresponding author, abstract, keywords and JEL codes.
 * They rely on what every manuscript layout shares (sizes, positions, labels, markers), not on
 * any one template.
 */
import { REGIONS, ABSTRACT_LABEL, KEYWORDS_LABEL, JEL_LINE, INSTITUTION, NOISE, MONTH_DATE, EMAIL, GROUPED_EMAIL, MARKER, PARTICLES, NOT_NAME_WORDS, GENERATIONAL, SYMBOL, TRAILING_SYMBOLS, TRAILING_SYMBOL_RUN, LEADING_SYMBOL_RUN, LEADING_MARKER, LEADING_MARKER_TEXT, SYMBOLS_OR_COMMAS, AFFILIATION_MARKER, DEGREES, NOT_LETTER_MARKERS, bodySize, lowerCaseWords } from "./patterns";
import { countryIn, countryNamed, countryOfEmail, trailingCountry } from "./countries";
import type { Document, ExtractedAuthor, Field, Line, Source } from "./model";
import { labelLines, type LineLabels } from "./labeller";
import type { LabellerWeights } from "./mlp";
import { isFamilyName, isGivenName } from "./lexicon";
import { lexiconOf, readNames, type NamedPerson, type NameReader } from "./names";
import { fixLigatures, fold, joinLines, joinSpans, normalizeSpace, sentences, vocabularyOf } from "./text";
import { mastheadLines, readCover, type Cover } from "./zones";
import { affiliationsFromNotes, withoutThanked } from "./author-notes";
import { findAbstractLabel, readAbstract, TRAILING_ABSTRACT } from "./abstract";
import { isHeading, lineSpacing, startsRaised, startsWithMarker } from "./layout";
import { abstractEvidence, authorsEvidence, calibrated, titleEvidence, type Calibrated } from "./calibration";

const sourceOf = (line: Line | undefined): Source | null => (line ? { page: line.page, x: Math.round(line.x), y: Math.round(line.y) } : null);
const field = <T>(value: T, confidence: number, line?: Line): Field<T> => ({ value, confidence, source: sourceOf(line) });

/** Drops what is not the paper's text: line numbers, page numbers, running heads and footers. */
export function cleanLines(doc: Document): Line[] {
  // Line numbers printed inside the text's own line ("11 Catastrophe bonds …"): when most lines
  // of a page start with a number and the numbers rise, they go.
  const numbered = new Set<number>();
  for (let p = 1; p <= doc.pages; p++) {
    const onPage = doc.lines.filter((l) => l.page === p);
    // A number leading a line, or standing alone in the margin: both are line numbers. (Not a
    // raised one: numbered affiliations, one to a line, are not a numbered page.)
    const leads = onPage.map((l) => (startsRaised(l) ? null : (/^(\d{1,4})\s+\S/.exec(l.text) ?? (l.x < 72 ? /^(\d{1,4})$/.exec(l.text.trim()) : null))?.[1])).map((n) => (n == null ? null : Number(n)));
    const withNumber = leads.filter((n) => n !== null) as number[];
    const rising = withNumber.filter((n, i) => i === 0 || n > withNumber[i - 1]!).length;
    if (withNumber.length >= 8 && withNumber.length >= onPage.length * 0.5 && rising >= withNumber.length * 0.8) numbered.add(p);
  }
  const stripped = doc.lines.map((l) => (numbered.has(l.page) && /^\d{1,4}\s+\S/.test(l.text) ? { ...l, text: l.text.replace(/^\d{1,4}\s+/, ""), spans: l.spans.filter((s, i) => !(i === 0 && /^\d{1,4}$/.test(s.text.trim()))) } : l));
  doc = { ...doc, lines: stripped };
  const edge = 72;
  const repeated = new Map<string, number>();
  for (const l of doc.lines) {
    if (l.y < 64 || l.y > doc.pageHeight - 56) {
      const key = l.text.toLowerCase().replace(/\d+/g, "#");
      repeated.set(key, (repeated.get(key) ?? 0) + 1);
    }
  }
  // A line that another in its size follows closely is a paragraph's or a title's first line, not a
  // running head, however near the top it stands (Econometrica sets its title's first line there).
  const goesOn = (l: Line, i: number) => {
    const next = doc.lines[i + 1];
    return !!next && next.page === l.page && next.y > l.y && next.y - l.y < l.size * 1.6 && Math.abs(next.size - l.size) < 0.3;
  };
  return doc.lines.filter((l, i) => {
    const t = l.text.trim();
    if (doc.kind === "pdf") {
      if (/^\d{1,4}$/.test(t) && (l.x < edge || l.x > doc.pageWidth - edge || l.y > doc.pageHeight - 60)) return false;
      if (/^(?:page\s+)?\d+\s*(?:of|\/)\s*\d+$/i.test(t) || /^-?\s*\d{1,3}\s*-?$/.test(t)) return false;
      if ((l.y < 64 || l.y > doc.pageHeight - 56) && (repeated.get(t.toLowerCase().replace(/\d+/g, "#")) ?? 0) > 1) return false;
      if (l.y < 60 && l.size < 11.5 && doc.pages > 1 && !goesOn(l, i)) return false;
    }
    return true;
  });
}


export type Header = {
  title: Field<string | null>;
  abstract: Field<string | null>;
  authors: ExtractedAuthor[];
  keywords: Field<string[]>;
  jel: Field<string[]>;
  /** With `evidence: true`: what each calibrated confidence was computed from (for fitting the calibration). */
  evidence?: Record<Calibrated, number[] | null>;
};

/** `weights`: other labellers, `nameReader` another name model and lexicon (the evaluation's cross-fitted ones); the shipped models otherwise. */
export function readHeader(doc: Document, weights?: LabellerWeights[], { nameModel = true, nameReader, evidence: keepEvidence = false }: { nameModel?: boolean; nameReader?: NameReader; evidence?: boolean } = {}): Header {
  const printed = cleanLines(doc);
  // Zones first: an archive's cover page is read for the title and authors it labels, then set
  // aside with a publisher's masthead; the fields are read from the pages without them.
  const cover = readCover(printed);
  const masthead = mastheadLines(printed);
  const lines = cover || masthead.size ? printed.filter((l) => l.page !== cover?.page && !masthead.has(l)) : printed;
  // What the line labeller makes of the front matter's lines (the first 200 are enough).
  const labels = labelLines(lines.slice(0, 200), doc, weights);
  // Whether a trained model speaks (without one every label is neutral: the rules alone).
  const model = labels.some((l) => l.abstract > 0);
  const indexOf = new Map(lines.map((l, i) => [l, i]));
  const vocabulary = vocabularyOf(lines.map((l) => l.text));
  const body = bodySize(lines);

  // --- the abstract's label, if it has one (the title is looked for above it).
  const { leadingLabel, labelIndex, labelTrails } = findAbstractLabel(lines);
  const keywordIndex = lines.findIndex((l) => KEYWORDS_LABEL.test(l.text));
  const jelIndex = lines.findIndex((l) => JEL_LINE.test(l.text) && /[A-Z]\d/.test(l.text));

  // --- the title: the largest text near the top of the first pages, before the abstract.
  // (A label at a line's end is too weak a sign to end the search: the title is looked for as before.)
  const limit = leadingLabel >= 0 ? leadingLabel : Math.min(lines.length, 40);
  const lowerWords = lowerCaseWords(lines);
  // (Behind an archive's cover, the article's own title is the lines that print the cover's title again.)
  const titleIndexes = (cover?.title && titleAgain(lines, cover.title, limit)) || findTitle(lines, limit, doc, lowerWords, labels);
  const titleLines = titleIndexes.map((i) => lines[i]!);
  const titleRead = cover?.title ?? (titleLines.length ? cleanTitle(joinLines(titleLines.map((l) => l.text), vocabulary)) : null);
  // A title set in capitals (a series' cover) is given as the first pages print it in ordinary case
  // where they do (the abstract page repeats it): an author should not have to retype it.
  const title = titleRead && isCapitals(titleRead) ? (inOrdinaryCase(titleRead, printed) ?? titleRead) : titleRead;

  // --- the abstract: labelled, or the first long paragraph after the title and authors.
  const abstract = readAbstract(lines, { labelIndex, labelTrails, labels, model, indexOf, titleEnd: titleIndexes[titleIndexes.length - 1] ?? -1, doc, body, vocabulary });
  const { lines: abstractLines, start: abstractStart, column: abstractColumn, runInJel } = abstract;
  const abstractText = abstract.text;

  // --- keywords and JEL codes.
  const listAfter = (index: number, label: RegExp) => {
    if (index < 0) return { items: [] as string[], line: undefined as Line | undefined };
    const first = lines[index]!;
    const parts = [label.exec(first.text)![1]!];
    for (let i = index + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (KEYWORDS_LABEL.test(l.text) || JEL_LINE.test(l.text) || ABSTRACT_LABEL.test(l.text) || isHeading(l) || l.page !== first.page) break;
      if (doc.kind === "docx" || l.y - lines[i - 1]!.y > lineSpacing(lines, index) * 1.45 || Math.abs(l.size - first.size) > 1 || /\.$/.test(parts[parts.length - 1]!.trim())) break;
      parts.push(l.text);
    }
    return { items: [joinLines(parts, vocabulary)], line: first };
  };
  const kw = listAfter(keywordIndex, KEYWORDS_LABEL);
  const keywords = kw.items.length
    ? kw.items[0]!
        .split(/\s*[;,·•]\s*|\s+[–—]\s+/)
        .map((k) => k.trim().replace(/\.$/, ""))
        .filter((k) => k.length > 1 && !/^JEL\b/i.test(k))
    : [];
  const jl = listAfter(jelIndex, JEL_LINE);
  const jelText = jl.items[0] ?? runInJel?.[1] ?? "";
  const jel = [...new Set(jelText.match(/\b[A-Z]\d{1,2}\b/g) ?? [])];

  // --- authors: the lines between the title and the abstract, and the title page's footnotes.
  const read = readAuthors(lines, titleIndexes, abstractStart >= 0 ? abstractStart : limit, body, { vocabulary, lowerWords, labels, indexOf, nameModel, nameReader });
  // A person an acknowledgement thanks is never an author; an author note keyed by name says where
  // each author is, whatever the markers gave them.
  const firstPage = lines[0]?.page ?? 1;
  const front = lines.filter((l) => l.page <= firstPage + 1);
  const listed = cover?.authors.length ? authorsOfCover(cover, read) : withoutThanked(front, read);
  const authors = listed.filter((a) => !isOrganisation(`${a.firstName} ${a.lastName}`));
  // An organisation read as an author was printed under the authors: it is the affiliation of the
  // first author before it who has none ("Andrew Y. Chen" / "Federal Reserve Board").
  listed.forEach((a, k) => {
    if (authors.includes(a)) return;
    const bare = listed.slice(0, k).find((b) => authors.includes(b) && !b.affiliation);
    if (bare) giveAffiliation(bare, `${a.firstName} ${a.lastName}`);
  });
  // What no affiliation is, wherever it was read from: thanks and funding, a word cut at its start
  // ("dation, the National Institute …"), a table of contents' page numbers ("489.- III. Examples").
  for (const a of authors) {
    const kept = a.affiliation?.split("; ").filter((part) => !notAffiliation(part) && !/^\p{Ll}/u.test(part) && !/\d+\.\s*-\s*[IVX]+\./.test(part));
    if (a.affiliation && kept!.length !== a.affiliation.split("; ").length) {
      Object.assign(a, { affiliation: null, institution: null, department: null });
      for (const part of kept!) giveAffiliation(a, part);
    }
  }
  // An affiliation that begins with its author's own name repeats it ("Johan E Eklund, Swedish Entrepreneurship Forum").
  for (const a of authors) {
    const own = `${a.firstName} ${a.lastName},`;
    if (a.affiliation?.startsWith(own)) giveAffiliationAnew(a, a.affiliation.slice(own.length).trim());
    if (a.affiliation?.includes(" ,")) a.affiliation = a.affiliation.replace(/\s+,/g, ",");
  }
  affiliationsFromNotes(front, authors, splitAffiliation, abstractLines[abstractLines.length - 1]);

  // --- confidences: the readers' own scores, calibrated against being right (calibration.ts).
  const titleRaw = cover?.title ? COVER_SURE : title ? confidenceOf(titleIndexes.map((i) => labels[i]?.title ?? 0.5), 0.5) : 0;
  const abstractRaw = abstractText ? confidenceOf(abstractLines.map((l) => labels[indexOf.get(l) ?? -1]?.abstract ?? 0.5), labelIndex >= 0 ? 0.6 : 0.4) : 0;
  const key = (t: string) => fold(t).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const elsewhere = key(printed.filter((l) => !titleLines.includes(l)).map((l) => l.text).join(" "));
  const printedKeys = printed.map((l) => key(l.text));
  const namedTwice = authors.filter((a) => printedKeys.filter((k) => k.includes(key(a.lastName))).length >= 2).length;
  const evidence: Record<Calibrated, number[] | null> = {
    title: title ? titleEvidence(titleRaw, title, { fromCover: !!cover?.title, lines: cover?.title ? 1 : titleLines.length, repeated: key(title).length >= 8 && elsewhere.includes(key(title).slice(0, 40)) }) : null,
    abstract: abstractText ? abstractEvidence(abstractRaw, abstractText, { labelled: labelIndex >= 0, column: abstractColumn }) : null,
    authors: authors.length ? authorsEvidence(authors.map((a) => a.confidence), { fromCover: !!cover?.authors.length, withEmail: authors.filter((a) => a.email).length, namedTwice }) : null,
  };
  // (Each author is shown no surer than the list they belong to.)
  if (evidence.authors) {
    const list = calibrated("authors", evidence.authors);
    for (const a of authors) a.confidence = Math.min(a.confidence, list);
  }
  return {
    title: field(title, evidence.title ? calibrated("title", evidence.title) : 0, cover?.title ? (cover.titleLine ?? undefined) : titleLines[0]),
    abstract: field(abstractText, evidence.abstract ? calibrated("abstract", evidence.abstract) : 0, abstractLines[0]),
    ...(keepEvidence ? { evidence } : {}),
    authors,
    keywords: field(keywords, keywords.length ? 0.9 : 0, kw.line),
    jel: field(jel, jel.length ? 0.95 : 0, jl.line ?? (runInJel ? abstractLines[abstractLines.length - 1] : undefined)),
  };
}

/** Words of an organisation's name that no person's name has ("Federal Reserve Board", "Board of Governors"). */
const ORGANISATION_WORDS = /\b(?:reserve|board|federal|treasury|governors|commission|ministry|government)\b/i;
/** A name read as a person's that is an organisation's: an institution's word in it. */
const isOrganisation = (name: string) => ORGANISATION_WORDS.test(name) || INSTITUTION.test(name);

/** How sure a value an archive's cover labels is ("Author(s): …"): as sure as the engine says anything. */
const COVER_SURE = 0.95;

/**
 * The authors an archive's cover names, in its order, each with what the article's own pages gave
 * the same person (matched by family name): their e-mail, affiliation and role.
 */
function authorsOfCover(cover: Cover, read: ExtractedAuthor[]): ExtractedAuthor[] {
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
 * A field's confidence from the labeller's agreement with the rules: the mean probability the
 * labeller gives the field's lines, on top of what the rules' own evidence (a label, sizes) is
 * worth. Calibrated on the corpus's held-out half: `npm run eval:extraction` reports how often a
 * high-confidence value is wrong.
 */
function confidenceOf(probabilities: number[], floor: number) {
  const mean = probabilities.length ? probabilities.reduce((s, p) => s + p, 0) / probabilities.length : 0;
  return Math.round((floor + (0.98 - floor) * mean) * 100) / 100;
}

/** The lines, among the first `limit`, that print `title` again (in any case): a run whose words are the title's, in order. */
function titleAgain(lines: Line[], title: string, limit: number): number[] | null {
  const key = (t: string) => fold(t).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const want = key(title);
  for (let i = 0; i < Math.min(limit, lines.length); i++) {
    let got = key(lines[i]!.text);
    if (got.length < 8 || !want.startsWith(got)) continue;
    const run = [i];
    for (let j = i + 1; j < lines.length && got.length < want.length && want.startsWith(got + key(lines[j]!.text)); j++) {
      got += key(lines[j]!.text);
      run.push(j);
    }
    if (got.length >= want.length * 0.8) return run;
  }
  return null;
}

/** Whether a text is set in capitals: no lower-case letter among its letters. */
const isCapitals = (t: string) => /\p{Lu}/u.test(t) && !/\p{Ll}/u.test(t);
/** The same words printed elsewhere on the first pages in ordinary case, or null. */
function inOrdinaryCase(text: string, lines: Line[]) {
  const flat = normalizeSpace(lines.map((l) => l.text).join(" "));
  const want = normalizeSpace(text).toLowerCase();
  for (let at = flat.toLowerCase().indexOf(want); at >= 0; at = flat.toLowerCase().indexOf(want, at + 1)) {
    const found = flat.slice(at, at + want.length);
    if (!isCapitals(found)) return found;
  }
  return null;
}

/** A title's label ("Title: …"): where a labelled title begins, and what it loses. */
const TITLE_LABEL = /^title\s*:\s*(?=\S)/i;
function cleanTitle(t: string) {
  return normalizeSpace(t.replace(TITLE_LABEL, "").replace(TRAILING_SYMBOLS, "").replace(/\s*\d$/, (m) => (/\d{2,}/.test(t.slice(-3)) ? m : "")));
}

function isNoise(l: Line) {
  return NOISE.test(l.text) || MONTH_DATE.test(l.text.trim()) || /^(?:https?:\/\/|doi:)/i.test(l.text);
}

/** The title: the largest text among the first lines (not a series banner), and the lines that continue it. */
/**
 * Lines a title never is: an imprint (copyright, publisher, licence, web address), a report or archive number
 * ("SLAC-PUB-12820", "cond-mat/9903395"), a street address, a date of publication, a banner in
 * letters spaced apart ("L A N D E S B I O S C I E N C E"), a single word or code, a section's or
 * a journal's banner, a note of where the paper was presented.
 */
const NOT_TITLE = new RegExp(
  [
    /©|\(c\)\s*\d{4}|^c\s+(?:19|20)\d{2}\b|\bpublished by\b|\ball rights reserved\b|\bcreative commons\b|https?:\/\/|\bwww\.\S/u,
    /\b[a-z-]+\/\d{7}\b|^[A-Z]{2,}[-\d()/.]+[\dA-Z]$|^\S+$/u,
    /^\d+\s+(?:[NSEW]\.?\s+)?(?:\p{Lu}[\p{L}.]*\s+){1,3}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Drive|Dr\.|Lane|Way|Place)\b|\bSuite\s+\d+\b|\bP\.?\s?O\.?\s+Box\s+\d/u,
    /\b(?:received|accepted|published)(?:\s+online)?\s*:?\s*\d{1,2}\s+\p{L}+\s+\d{4}/u,
    /(?:\b\p{L}\s){6}/u,
    // A section's or a journal's banner, the whole line: "BIOINFORMATICS REVIEW", "Book Reviews",
    // "Information in practice", "Technical Report 90", "BMC Cancer", "PLOS ONE", "Author list".
    /^(?:key\s*words?|author list|authors?|corresponding authors?|running title|(?:abstract|text) word count|book reviews?|readers'? comments|comments and responses|information in practice|editorial|letters? to the editor|short communication|brief report|case report|research (?:article|paper)|original (?:research|article)|\p{L}+\s+review|technical report\s*[\d-]*|(?:BMC|PLO[Ss])(?:\s+\p{L}+){1,4})(?:\s*\([^)]*\))?$/u,
    // A note of where the paper was presented or published: "Presented as a … paper at ICLR 2021".
    /^(?:presented|to appear|accepted|under review)\b.*\b(?:19|20)\d{2}\b/u,
    // A running head ("Collado-Torres et al."), a journal's volume and pages ("BULLETIN 18(2): 109-118"), a postcode and its town ("0424 Oslo").
    /\bet al\.?$|\d+\s*\(\d+\)\s*:\s*\d+|^\d{4,5}\s+\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?$/u,
  ]
    .map((r) => r.source)
    .join("|"),
  "iu",
);
export function findTitle(lines: Line[], limit: number, doc: Document, lowerWords: Set<string>, labels: LineLabels): number[] {
  const isAuthorLine = (l: Line) => authorLine(l, lowerWords);
  const candidates: number[] = [];
  for (let i = 0; i < Math.min(limit, lines.length); i++) {
    const l = lines[i]!;
    // (Nor the rest of a list of names, its markers raised, that the labeller is sure of: "Morth², Elsa Lundanes¹, …".)
    const listed = (labels[i]?.author ?? 0) >= 0.9 && l.spans.filter((s) => s.sup && /\S/.test(s.text)).length >= 2;
    if (l.page > 2 || isNoise(l) || l.text.length < 6 || /@/.test(l.text) || ABSTRACT_LABEL.test(l.text) || KEYWORDS_LABEL.test(l.text) || NOT_TITLE.test(l.text) || isAuthorLine(l) || startsWithMarker(l) || listed) continue;
    candidates.push(i);
  }
  if (!candidates.length) return [];
  // A cover letter's or a highlights page's lines look like a title to sizes alone; the labeller
  // tells them apart. Where it is sure of none, the sizes decide as before.
  const likely = candidates.filter((i) => (labels[i]?.title ?? 0) >= 0.5);
  if (likely.length) candidates.splice(0, candidates.length, ...candidates.filter((i) => i >= likely[0]! && (labels[i]?.title ?? 0) >= 0.05));
  const score = (l: Line) => l.size + (l.bold ? 1.5 : 0);
  // The first page with text decides; a cover page repeats the title anyway. Among equals, the first.
  const page = lines[candidates[0]!]!.page;
  const onPage = candidates.filter((i) => lines[i]!.page === page);
  const best = Math.max(...onPage.map((i) => score(lines[i]!)));
  // A title labelled as one ("Title: High evolutionary potential …") begins there, whatever is set as large above it.
  const labelled = candidates.find((i) => TITLE_LABEL.test(lines[i]!.text));
  let start = labelled ?? onPage.find((i) => score(lines[i]!) >= best - 0.3)!;
  const close = (prev: Line, l: Line) => doc.kind === "docx" || (l.page === prev.page && l.y - prev.y < prev.size * 2.2);
  // The labeller may doubt a title's first line (set at the top of the page like a running head):
  // the lines right above that look the same are the title's too.
  const looksLikeTitle = (l: Line) => !isNoise(l) && l.text.length >= 6 && !/@/.test(l.text) && !ABSTRACT_LABEL.test(l.text) && !isAuthorLine(l) && !startsWithMarker(l);
  for (let k = 0; k < 4 && start > 0 && start !== labelled; k++) {
    const above = lines[start - 1]!;
    // (Not a running head, a banner or a note: "Collado-Torres et al.",
    // "HYDROBIOLOGICAL BULLETIN 18(2): 109-118", "Presented as a RobustML workshop paper at ICLR 2021".)
    if (Math.abs(score(above) - score(lines[start]!)) >= 0.4 || !close(above, lines[start]!) || !looksLikeTitle(above) || NOT_TITLE.test(above.text)) break;
    start--;
  }
  const out = [start];
  const mailboxes = mailboxesOn(lines, lines[start]!.page);
  for (let i = start + 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const l = lines[i]!;
    const sameLook = Math.abs(score(l) - score(lines[start]!)) < 0.4;
    // A title ends where the authors, an address or a footnote begins.
    // The labeller's word counts where the look does not tell: a single name set like the title
    // (not after a line the title plainly goes on from: "… RE-HEATING AND").
    const goesOn = /(?:\b(?:and|of|the|in|for|to|on|with|by|from|at|via|a|an)|[-:,])$/i.test(prev.text.trim());
    const named = !goesOn && (labels[i]?.author ?? 0) >= 0.5 && (labels[i]?.title ?? 1) < 0.5;
    const other = isAuthorLine(l) || startsWithMarker(l) || /@/.test(l.text) || isNoise(l) || /^authors?\s*:/i.test(l.text) || named || mailedName(l.text, mailboxes, lowerWords);
    // (A working paper's title page may set its title with wide leading: a line further down still goes
    // on where the line above leaves the phrase open, or where both are centred on one axis.)
    const centred = (a: Line) => a.x + a.width / 2;
    const spaced = doc.kind === "pdf" && l.page === prev.page && l.y > prev.y && l.y - prev.y < prev.size * 3.8 && (goesOn || Math.abs(centred(l) - centred(prev)) < 5);
    if (!sameLook || !(close(prev, l) || spaced) || other || out.length >= 5 || (doc.kind === "docx" && out.length >= 1 && !l.bold && !lines[start]!.bold)) break;
    out.push(i);
  }
  return out;
}

/** A note ("* Corresponding author"), not a marker that ends the name above ("*, Michał Krzyżowski¹, …"). */
const correspondingNote = (text: string) => /^(?:corresponding|[*∗](?!\s*,))/i.test(text.trim());

/** A post held, printed between a name and its institution ("Reader", "Professor of Health Economics", "Research Fellow"). */
const POST = /^(?:(?:senior|principal|associate|assistant|full|adjunct|visiting|emeritus|honorary|research|teaching|postdoctoral|doctoral|graduate|phd|chief|deputy|medical)\s+)*(?:professor|lecturer|reader|fellow|student|researcher|scientist|director|head|chair|candidate|statistician|economist|analyst|manager|officer|consultant|dean|associate|assistant|instructor|postdoc|physician|nurse|clinician|partner|advisor|adviser)\b/i;

/**
 * A line that is one author's: a name, then degrees or a post, then an institution ("Nicola Carey,
 * PhD, Reader, School of Health Sciences, University of Surrey, UK"). The name, its markers and
 * the affiliation after it (without degrees and post); null for any other line.
 */
function personWithAffiliation(text: string, lowerWords: Set<string>) {
  const pieces = text.split(/\s*,\s*/);
  const bare = pieces[0]!.replace(TRAILING_SYMBOLS, "");
  const markers = TRAILING_NUMBER_MARKERS.exec(bare)?.[0] ?? "";
  const name = bare.slice(0, bare.length - markers.length).trim();
  if (pieces.length < 3 || !/^\p{Lu}/u.test(name) || name.split(/\s+/).length < 2 || name.split(/\s+/).length > 4) return null;
  if (!looksLikeName(name) || INSTITUTION.test(name) || isPlace(name) || isCommonWords(name, lowerWords)) return null;
  let k = 1;
  let titled = false;
  while (k < pieces.length && (DEGREES.test(pieces[k]!) || POST.test(pieces[k]!))) {
    titled = true;
    k++;
  }
  const rest = pieces.slice(k).join(", ").trim();
  if (!titled || !INSTITUTION.test(pieces[k] ?? "")) return null;
  return { name, markers: markers.trim().split(/\s+/).filter(Boolean), affiliation: rest };
}

/** The addresses printed on a page. */
function mailboxesOn(lines: Line[], page: number) {
  return expandEmails(lines.filter((l) => l.page === page).map((l) => l.text).join(" \n "));
}

/**
 * A lone name whose family name an address on the title page spells: a name even where the
 * labeller doubts it, or where it is set in the title's size ("Patrice Lopez" / "lopez@loria.fr").
 */
function mailedName(text: string, mailboxes: string[], lowerWords: Set<string>) {
  const name = text.trim().replace(TRAILING_SYMBOLS, "").trim();
  if (!mailboxes.length || !/^(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]+$/u.test(name) || !looksLikeName(name) || INSTITUTION.test(name) || isCommonWords(name, lowerWords)) return false;
  const { firstName, lastName } = splitName(name);
  return mailboxes.some((e) => emailFit(e, firstName, lastName) >= 3);
}

/** A line of names only ("Sebastián Quiroga Peña and Annika Lehtonen"), not a title in title case. */
function authorLine(l: Line, lowerWords: Set<string>) {
  const segments = nameSegments(l);
  return (
    segments.length > 0 &&
    segments.every((s) => looksLikeName(s.name) && !isCommonWords(s.name, lowerWords) && !s.name.split(/\s+/).some((w) => isCommonWord(w, lowerWords))) &&
    (segments.length > 1 || l.spans.some((sp) => sp.sup) || SYMBOL.test(l.text))
  );
}

/* ------------------------------------------------------------------ authors */

/**
 * A name found: its markers, the line it starts on, the last row of its line's list, how sure the
 * labeller is of that list; its affiliation where its own line prints one after the name.
 */
type Candidate = { name: string; markers: string[]; line: Line; lineIndex: number; author: number; affiliation?: string; given?: string; family?: string };

const NAME_TOKEN = /^(?:[\p{Lu}][\p{L}'’.-]*|(?:van|von|der|den|de|del|della|di|da|do|dos|das|du|la|le|ten|ter|bin|al|el|zu|i|y|e)|[\p{Lu}]\.)$/u;
/** Joins two family names: "Vidal i Puig", "Ortega y Gasset", "Sousa e Silva". */
const CONJUNCTIONS = new Set(["i", "y", "e"]);
/** Particles of Spanish and Portuguese compound family names ("López de Haro"). */
const IBERIAN_JOINS = new Set(["de", "del", "da", "do", "dos", "das", "la"]);

/** Whether a text is a person's name as manuscripts print them ("Michael J. Thornton", "Pieter van der Berg"). */
export function looksLikeName(text: string) {
  const t = text.replace(TRAILING_SYMBOLS, "").trim();
  if (!t || /\d|@|:/.test(t) || INSTITUTION.test(t) || NOISE.test(t)) return false;
  const tokens = t.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 5) return false;
  if (tokens.some((w) => NOT_NAME_WORDS.has(w.toLowerCase()) && !PARTICLES.has(w.toLowerCase()))) return false;
  const upperish = tokens.filter((w) => /^[\p{Lu}]/u.test(w)).length;
  return tokens.every((w) => NAME_TOKEN.test(w) || /^[\p{Lu}][\p{Ll}]+(?:-[\p{Lu}][\p{Ll}]+)+$/u.test(w)) && upperish >= 2;
}

/** Splits "Pieter van der Berg" into given names and the surname with its particles. */
export function splitName(full: string): { firstName: string; lastName: string } {
  let tokens = full.replace(SYMBOLS_OR_COMMAS, " ").replace(/^(?:Dr|Prof|Professor)\.?\s+(?=\p{Lu})/u, "").trim().split(/\s+/);
  // "William S. Yancy Jr.": the suffix is no part of the family name.
  while (tokens.length > 2 && GENERATIONAL.test(tokens[tokens.length - 1]!)) tokens.pop();
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
      if (given) return { firstName: given, lastName: family };
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
  return { firstName: tokens.slice(0, i).join(" "), lastName: tokens.slice(i).join(" ") };
}

/** "LUM-KWONG" → "Lum-Kwong"; "McGUIRE" → "McGuire". */
const titleCase = (word: string) =>
  /^(?:Mc|Mac)\p{Lu}{2,}$/u.test(word) ? word.replace(/^(Ma?c\p{Lu})(\p{Lu}+)$/u, (_, head: string, rest: string) => head + rest.toLowerCase()) : word.toLowerCase().replace(/(^|[-'’.])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** Whether `next` continues the list of names on `line`: the row below, alike, after a line that ends mid-list. */
function continuesNames(line: Line, next: Line, author: number) {
  if (next.page !== line.page || Math.abs(next.size - line.size) > 0.3) return false;
  if (next.y - line.y < line.size * 0.5 || next.y - line.y > line.size * 2.2) return false;
  // An institution or an address is an affiliation, not a row of names, above or below.
  // (Names carry no numbers but markers: "Portland, Maine 04103" is an address; and it ends with its place.)
  if (INSTITUTION.test(line.text) || INSTITUTION.test(next.text) || /@/.test(next.text) || /\d{3,}/.test(line.text) || /\d{3,}/.test(next.text)) return false;
  if (isPlace(line.text.split(",").pop()!.trim())) return false;
  const text = line.text.trim();
  // A name cut at the line's end ("…, Mohamed Ridha Driss¹, Jérôme" / "Cachot²"): the row below
  // finishes it, however little the labeller makes of a lone family name.
  // (Or its initial: "…, Lado, Fred" / "A. (3,10), Mehta, …".)
  const cut = /(?:,|\band|&)\s*\p{Lu}[\p{Ll}'’-]+$/u.test(text) && /^\p{Lu}(?:[\p{L}'’-]+|\.)(?:\s+\p{Lu}(?:[\p{L}'’-]+|\.))?\s*(?:\([\d,\s*]+\)|[\d,*∗†‡§¶#]+)?\s*(?:,|$)/u.test(next.text.trim());
  if (author < 0.3 && !cut) return false;
  const last = line.spans[line.spans.length - 1];
  const list = line.spans.some((s) => s.sup) || /,/.test(text);
  // The row below begins with the comma or the marker that ends this row's name (", Damien Farrell").
  return /(?:,|\band|\bAND|&)$/.test(text) || /^[*∗†‡§¶#]*\s*,/.test(next.text.trim()) || Boolean(list && last && !last.sup);
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

/** "∗1", "1,2", "a,*" → each marker on its own ("*", "1"); a dash between two is kept ("10–12" → "10", "-", "12") for `markerRanges`. */
function splitMarkers(text: string) {
  // LaTeX's \thanks goes *, †, ‡, §, ¶, ‖, then doubles them (**, ††): a run of one symbol is one marker.
  return (text.replace(/∗/g, "*").replace(/[–—−‐]/g, "-").match(/\d+|[a-z]|([*†‡§¶#‖])\1*|-/g) ?? []).filter(Boolean);
}

/** A name's markers with their ranges read out ("10", "-", "12" → 10, 11, 12: Nature's and PLOS's lists of many affiliations print them so); a dash with no range is dropped. */
function markerRanges(markers: string[]) {
  const out: string[] = [];
  markers.forEach((m, k) => {
    if (!/^[-–—−‐]$/.test(m)) return void out.push(m);
    const [from, to] = [Number(markers[k - 1]), Number(markers[k + 1])];
    if (/^\d+$/.test(markers[k - 1] ?? "") && /^\d+$/.test(markers[k + 1] ?? "") && to > from && to - from <= 20) for (let n = from + 1; n < to; n++) out.push(String(n));
  });
  return out;
}

/** Numbers and symbols after a name, on its line: its markers ("Smaal 2", "Siringan4 ‡"), or a page number run into it ("ROBINSON 109"); never a postcode. */
const TRAILING_NUMBER_MARKERS = new RegExp(`(?<=[\\p{L}.])\\s*(?:\\d{1,3}(?!\\d)|${SYMBOL.source})(?:\\s*(?:\\d{1,3}(?!\\d)|${SYMBOL.source}))*\\s*$`, "u");


/** A family name printed before its comma: one capitalised word, after its particles ("Groppe", "de Castro", "van der Berg"). */
const familyFirst = (text: string) => {
  const words = text.split(/\s+/);
  return /^\p{Lu}/u.test(words[words.length - 1]!) && !/\s/.test(words[words.length - 1]!) && words.slice(0, -1).every((w) => PARTICLES.has(w) && w === w.toLowerCase());
};

/** Name segments of a line: split at superscript markers, wide gaps, commas and "and". */
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
    text = text.replace(/^\s*authors?\s*:\s*/i, "").replace(TRAILING_ABSTRACT, "");
    // "K. Aoki for the PHENIX Collaboration", "D. Blau on behalf of ALICE collaboration": the speaker is the author.
    text = text.replace(/\s+(?:for|on behalf of)\s+(?:the\s+)?[\p{L}\d\s-]{2,40}?\b(?:collaboration|consortium|study group|group|team|investigators)s?\b.*$/iu, "");
    text = text.replace(/\s*\(([*∗†‡§¶]+|\d{1,2}(?:\s*,\s*\d{1,2})*)\)/g, (_, m: string) => `⟦${m.replace(/\s*,\s*/g, " ")}⟧`);
    // Each piece keeps the symbols printed after it; one printed after a comma ("M.D.,*") is the piece before's.
    const pieces = text.split(/\s*(?:,\s*(?:and|AND)\s+|,|;|\band\b|\bAND\b|\bet\b|\bET\b|\bund\b|\bUND\b|&)\s*/).map((raw) => ({ text: raw.replace(/^[)\]\s]+|[(\[\s]+$/g, ""), own: [] as string[] }));
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
    if (markers.length || (text && s.x - end > s.size * 1.2 && line.spans.length > 1 && !/^\s*$/.test(s.text))) flush();
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
  // (A person needs a given name, and is no words the document prints in lower case, nor a place: a family name may be one, "Michael Jordan".)
  const people = read.filter((p) => p.firstName && !isCommonWords(`${p.firstName} ${p.lastName}`, lowerWords) && !isPlace(p.printed));
  const sure = people.length > 0 && people.length === read.length && read.every((p) => p.confidence >= NAME_SURE);
  // (Nor where the model read a person the checks above turn away, "Matilda Annerstedt van den" with no given name: the rules read the line whole.)
  // (Nor where it reads fewer people than the rules found: "José Manuel Sánchez-Pena, Ricardo Vergaz" is two.)
  // (Initials alone, "M. D.", are a degree the rules took for a name; a name in capitals, "MARTHA SHEERAR", is not initials.)
  const plain = rules.filter((s) => !s.name.split(/\s+/).every((w) => /^(?:\p{Lu}\.?|(?:\p{Lu}\.)+)$/u.test(w)));
  if (rules.length ? people.length < read.length || people.length < plain.length : !sure) return rules;
  return people.map((p) => (p.inverted ? { name: `${p.firstName} ${p.lastName}`, markers: p.markers, given: p.firstName, family: p.lastName } : { name: withoutRole(p.printed), markers: p.markers }));
}
/** A name without a post or badge printed after it: "Audrey L. Allison, Director", "Thomas Burgoyne ID" (an ORCID badge). */
const withoutRole = (name: string) => {
  const bare = name.replace(/\s+(?:ID|[Dd]irector|[Ee]ditor|[Cc]aptain|[Jj]ournalist)$/u, "");
  return bare.split(/\s+/).length >= 2 ? bare : name;
};
/** A name of `namesOnLine` as given and family names: the model's split where it gave one, the rules' otherwise. */
export const nameParts = (n: { name: string; given?: string; family?: string }) => (n.family ? { firstName: n.given ?? "", lastName: n.family } : splitName(n.name));
/** How sure the name model must be of every person on a line the rules read no names on: chosen on the development halves among 0 to 0.9 (decision 036). */
const NAME_SURE = 0.3;

/** A mailbox of an office, a journal or a service, not of a person. */
const ROLE_MAILBOX = /^(?:journals?[.-]?permissions|permissions|reprints?|editor(?:ial)?(?:office)?|office|info|contact|support|help|admin|webmaster|noreply|no-reply|subscriptions?|service)@/i;
function expandEmails(text: string): string[] {
  const out: string[] = [];
  // An address TeX hyphenated at a line end ("so-" / "sei@ug.edu.gh") is one address.
  // An address cut after its "@" ("sidney.wiener@" / "college-de-france.fr") is one address too.
  // And one cut after a dot of its domain ("paul.thompson@manchester." / "ac.uk").
  const joined = text
    .replace(/([\w.+])-\s+(?=[\w.+'-]*@[\w-]+\.)/g, "$1")
    .replace(/(?<=[\w.+'-]@)\s+(?=[\w-]+(?:\.[\w-]+)+)/g, "")
    // (Where the line ended the address rather than a sentence after it: "a@b.com." / "and …" stays apart.)
    .replace(/(?<=@[\w-]+(?:\.[\w-]+)*\.)\s*\n\s*(?=(?:[a-z]{2,}\.)*(?:com|org|net|edu|gov|[a-z]{2})(?![\w@.-]))/g, (gap: string, at: number, all: string) =>
      /\.(?:com|org|net|edu|gov|info)\.$/i.test(all.slice(Math.max(0, at - 6), at)) ? gap : "",
    );
  const grouped = joined.replace(GROUPED_EMAIL, (_, locals: string, domain: string) => {
    for (const local of locals.split(/[,;|\s]+/).filter(Boolean)) out.push(`${local}@${domain}`);
    return " ";
  });
  // A top-level domain has no digits: "kayser@unil.ch3" carries a footnote marker.
  for (const m of grouped.matchAll(EMAIL)) out.push(m[0].replace(/[.,;]+$/, "").replace(/(\.[a-z]{2,})\d+$/i, "$1"));
  return out.map((e) => e.toLowerCase());
}

const UNIT = /^(?:department|dept\.?|division|chair|area|discipline|group|section|unit|school of|faculty of|centre|center|institute of)\b/i;
const HOST = /\b(?:universit\w*|college|school|institute|academy|bank|polytechnic|hochschule)\b/i;

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
function giveAffiliation(a: ExtractedAuthor, text: string) {
  const { rest, country } = trailingCountry(text);
  if (a.affiliation?.split("; ").includes(rest)) return;
  if (a.affiliation) {
    Object.assign(a, { affiliation: `${a.affiliation}; ${rest}`, country: a.country ?? country ?? countryIn(rest) });
    return;
  }
  const { institution, department } = splitAffiliation(rest);
  Object.assign(a, { affiliation: rest, institution, department, country: country ?? countryIn(rest) ?? a.country });
}

/** An author's affiliation replaced by another text (its institution, department and country read anew). */
function giveAffiliationAnew(a: ExtractedAuthor, text: string) {
  Object.assign(a, { affiliation: null, institution: null, department: null });
  giveAffiliation(a, text);
}

/** A line that is one e-mail address (under an LNCS institute line: it belongs to that note). */
const BARE_EMAIL = new RegExp(`^(?:${EMAIL.source})$`);
/** amsart's "E-mail address: a@b.org" line. */
const EMAIL_ADDRESS_LINE = new RegExp(`^e-?mail(?:\\s+address(?:es)?)?\\s*:\\s*(${EMAIL.source})`, "i");

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
  if (blocks.length !== authors.length || blocks.some((b) => !INSTITUTION.test(b.address))) return;
  authors.forEach((a, k) => {
    const { rest, country } = trailingCountry(blocks[k]!.address.replace(/[.;,]+$/, ""));
    const { institution, department } = splitAffiliation(rest);
    Object.assign(a, { email: blocks[k]!.email, affiliation: rest, institution, department, country: country ?? countryIn(rest) ?? countryOfEmail(blocks[k]!.email) });
  });
}

/** Sentences of a note that are not an affiliation: thanks, contact details, the paper's status. */
const notAffiliation = (t: string) =>
  /^\s*(?:key\s*words?|index terms|jel\b|abstract\b)/i.test(t) ||
  /\b(?:thank|grateful|gratitude|acknowledg|support|corresponding|correspondence|tel|phone|fax|funded|funding|participat)\w*|\bgrant\s+(?:no\.?\s*)?[A-Z]*\d|\bcontributed equally|\bequal(?:ly)? contribut/i.test(t) || /\b(?:views|opinions) (?:expressed|in this)|\bdisclaim|\bnot necessarily\b|\bthe authors?\b/i.test(t) || NOISE.test(t) || LICENCE.test(t);
/** A journal's imprint: its address on the web, copyright and licence. */
const LICENCE = /https?:\/\/|\bwww\.|©|\(c\)\s*\d{4}|\blicen[cs]e|\bcreative commons|\bopen access\b|\bcopyright\b|\bpublished by\b|\ball rights reserved\b/i;
/** The small words of an institution's or a place's name, in lower case in any language. */
const SMALL_WORDS = /^(?:of|and|for|the|de|di|da|del|der|des|du|la|le|y|e|et|und|für|in|at|on|am|an|zu|van|von|do|dos)$/;
/** Most of a text's words begin with a capital (the small words of a name aside): "Dpto. Química, Univ San Pablo CEU", not "The views". */
function capitalised(t: string) {
  const words = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !SMALL_WORDS.test(w));
  return words.filter((w) => /^\p{Lu}/u.test(w)).length > words.length / 2;
}
/** Running text, not an address: most of its words begin in lower case ("may include laboratory tests to provide …"). */
function isProse(t: string) {
  const words = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const lower = words.filter((w) => /^\p{Ll}/u.test(w) && !SMALL_WORDS.test(w));
  return words.length >= 6 && lower.length / words.length > 0.4;
}
/** An e-mail label and all after it on the line ("✉ e-mail: skm@iitm.ac.in"): no part of an affiliation. */
// (Its hyphen may be any of the hyphens a text layer gives, a soft one among them: "E-\u00ad\u2010mail".)
const EMAIL_TAIL = /(?:e[-\u00ad\u2010\u2011]*mail)\s*:?.*$/i;
/** An affiliation without its e-mail, leading marker and closing punctuation. */
// (Its parts joined by semicolons are joined by commas: an author's affiliations are joined by semicolons.)
const cleanAffiliation = (t: string) =>
  normalizeSpace(
    t
      .replace(EMAIL_TAIL, "")
      // (What a footnote runs into: "… Manchester, UK Received Month ??, ????", "… Switzerland Full list of author information …".)
      .replace(/\s+(?:(?:Received|Accepted|Revised|Published)\b(?:\s+\w+)?\s*:?\s*(?:\d|\p{Lu}\p{Ll}+\s+[\d?])|Full list of author information\b).*$/u, "")
      .replace(EMAIL, "")
      .replace(/\s*✉\s*/gu, " ")
      .replace(TRAILING_ABSTRACT, "")
      .replace(AFFILIATION_MARKER, "")
      // What is said of the place rather than the place: "Permanent address:", "From the", a post held ("Principal Lecturer,").
      .replace(/^(?:(?:permanent|present|current|previous|home)\s+address(?:es)?\s*:?|(?:also|now)\s+at\s*:?|from\s+the\b)\s*/i, "")
      .replace(/^[^,]{3,60},\s*(?=\S)/, (post: string, at: number, all: string) => (POST.test(post) && !INSTITUTION.test(post.replace(/\b(?:research|medical)\b/gi, "")) && INSTITUTION.test(all.slice(post.length)) ? "" : post))
      .replace(/\s+(?:Address (?:reprint requests|correspondence)|BIOGRAPHY|Biography\b).*$/u, "")
      // (An abbreviation keeps its full stop: "Intelliseek, Inc.")
      .replace(/(?:[.;,/]+\s*|[,;]?\s+(?:and|and the|the)\s*)$/, (end: string, at: number, all: string) => (end.startsWith(".") && /\b(?:Inc|Ltd|Co|Corp|Univ|Dept|St)$/.test(all.slice(0, at)) ? "." : ""))
      .replace(/\s*;\s*/g, ", "),
  );
/** A line of an address: it ends with a country, or is a short capitalised place ("Cambridge, MA", "Jouy-en-Josas"). */
const isAddress = (t: string) =>
  !MONTH_DATE.test(t.trim()) && !/\b(?:19|20)\d{2}\b/.test(t) && (trailingCountry(t).country !== null || (t.split(/\s+/).length <= 5 && /^[\p{Lu}\d]/u.test(t) && !/[.!?:]$/.test(t)));

/** An institution's name cut where the line wraps ("National University of" / "Singapore", "Depart-" / "ment"). */
const OPEN_NAME = /(?:\b(?:of|and|for|the|de|di|da|del|der|für|zu|am)|-)$/i;
/** A line that leaves its address or institution's name unfinished: cut mid-name, or after a comma or semicolon. */
const leftOpen = (text: string) => /[,;]$/.test(text) || OPEN_NAME.test(text);

/** A unit's name in capitalised words, its acronym after it ("Complex Systems Computation Group (CoSCo)"). */
const UNIT_NAME = /^\p{Lu}[\p{L}'’-]*(?:\s+(?:and|of|for|in|&|\p{Lu}[\p{L}'’-]*))+(?:\s+\(\p{Lu}[\p{L}\d-]*\))?$/u;

/**
 * The affiliations in an author's block (the lines under the name): a run of institution and
 * address lines is one affiliation ("Department of Finance" / "University of Zurich" / "Zurich,
 * Switzerland"), a line that wraps mid-name ("National University of" / "Singapore") joined as text.
 * A line the labeller is sure is an affiliation counts without an institution's word ("President
 * of the ICCNS", "Applied Research Center" / "Intelliseek, Inc.").
 */
function blockAffiliations(block: Line[], sure: (l: Line) => boolean = () => false) {
  const out: string[] = [];
  let run: string[] = [];
  let anchored = false;
  const flush = () => {
    if (anchored) out.push(run.join(", "));
    run = [];
    anchored = false;
  };
  // A unit's name in capitalised words right above an institution ("Computer and Information Science" / "The Ohio State University").
  let lead: string | null = null;
  for (const l of block) {
    const t = cleanAffiliation(l.text);
    const known = Boolean(t) && (INSTITUTION.test(t) || (sure(l) && !/\b(?:19|20)\d{2}\b|\b(?:ISSN|ISBN|doi)\b/i.test(t) && /\p{L}{3}/u.test(t)));
    // (A line that ends with an address is the affiliation's last: "…, Chennai, India. ✉ e-mail: skm@iitm.ac.in".)
    const mailed = /@/.test(l.text);
    // (An institution's parts between commas are no prose however many of its words are in lower case: "…, indian institute of technology Madras, chennai, india".)
    const prose = isProse(t) && !(known && t.split(",").length >= 3);
    const part = t && !(mailed && /@/.test(t)) && !KEYWORDS_LABEL.test(l.text) && !ABSTRACT_LABEL.test(l.text) && !notAffiliation(l.text.replace(EMAIL_TAIL, "")) && !prose && (known || (run.length > 0 && isAddress(t)));
    if (!part) {
      flush();
      lead = UNIT_NAME.test(t) && t.split(/\s+/).length >= 2 && t.split(/\s+/).length <= 6 ? t : null;
      continue;
    }
    if (lead && known && !run.length) run.push(lead);
    lead = null;
    // An affiliation ends with its country: an institution after one begins the next ("… Dublin,
    // Ireland" / "Diagnostic Bacteriology Laboratory, …").
    if (known && run.length && endsWithCountry(run[run.length - 1]!)) flush();
    anchored ||= known;
    const last = run[run.length - 1];
    if (last && OPEN_NAME.test(last)) run[run.length - 1] = /-$/.test(last) ? `${last}${t}` : `${last} ${t}`;
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
function notePieces(l: Line): Line[] {
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
function continuesNote(note: string[], l: Line, body: number, affiliationLine: boolean) {
  if (ABSTRACT_LABEL.test(l.text) || endsNote(note, l.text)) return false;
  // (A note that reached a full stop or its country is finished: "…, Fribourg," / "Switzerland".)
  const last = note.join(" ").trim();
  const open = !/\.$/.test(last) && !endsWithCountry(last);
  return l.size < body - 0.3 || affiliationLine || BARE_EMAIL.test(l.text.trim()) || (open && (isAddress(l.text) || ((leftOpen(last) || INSTITUTION.test(l.text)) && !isProse(l.text))));
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
const endsWithCountry = (t: string) => /,/.test(t) && isCountryName(t.split(",").pop()!.trim().replace(/[\s./;]+$/, ""));


/** The word an institution's name begins with (not "Korea Research Institute", where the country is the name's). */
const INSTITUTION_HEAD = /^(?:Department|Dept\.?|Institute|Institut\p{L}*|Istituto|School|Faculty|Facult\p{L}+|Division|Laborator\p{L}+|Laboratoire|Cent(?:er|re)|Centro|Universit\p{L}+|College|Hospital|Academy|Dipartimento|Departamento|Département|CNRS|INSERM|Inserm|INRIA|Inria|INRAE?|CSIC|CNR|CEA|IRD)(?!\p{L})/u;
/**
 * A note's text cut after each address, where an institution's name begins: after its country
 * ("…, Tennessee 37831, USA Department of Physics, …", "…, Denmark, the Department of …") or its
 * postcode ("…, Charlottesville, VA 22903 School of ECE, …"). Right after a country, a university
 * or an institute is the country's own ("Department of Physics, Korea University") unless an
 * address comes before the country ("…, 31052 Toulouse Cedex, France Université Paul Sabatier").
 */
function splitAtCountries(text: string) {
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

/** How well an e-mail's local part fits a name (0 none … 3.5 strong); any name after the first may be the family name. */
function emailFit(email: string, first: string, last: string) {
  const local = fold(email.split("@")[0]!).replace(/[^a-z]/g, "");
  const ascii = (s: string) => s.replace(/[^a-z]/g, "");
  const raw = `${first} ${last}`.toLowerCase().split(/[\s-]+/).filter((t) => t.length > 1 && !PARTICLES.has(t));
  const tokens = raw.map(fold);
  const [given] = tokens;
  // "Schröder" is written schroeder or schroder in an address.
  const spellings = (t: string) => [fold(t), fold(t.replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ä/g, "ae").replace(/ß/g, "ss"))].map(ascii);
  let fit = 0;
  if (raw.slice(1).some((p) => spellings(p).some((v) => v.length > 1 && local.includes(v)))) fit += 2;
  // A family name cut to a mailbox's length ("hogenesc" for Hogenesch, "jgillila" for Gilliland).
  else if (raw.slice(1).some((p) => spellings(p).some((v) => v.length > 6 && local.includes(v.slice(0, 6))))) fit += 1.5;
  if (ascii(fold(last)).length > 2 && local.includes(ascii(fold(last)))) fit += 1;
  if (given && ascii(given).length > 2 && local.includes(ascii(given))) fit += 1;
  else if (given && local.startsWith(given[0]!)) fit += 0.5;
  return fit;
}

/** A country's name ("United Kingdom") is not a person's. */
/** A country, a state or a province, with its postcode ("CA 92193-0114"). */
function isPlace(text: string) {
  const place = text.replace(TRAILING_ABSTRACT, "").replace(/\s*[/;.]+$/, "").replace(/\s*[\d-]{3,}$/, "");
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
  const words = (t: string) => (t.match(/\p{L}[\p{L}'’.-]*/gu) ?? []).filter((w) => !/^(?:and|et|und|[a-h])$/.test(w));
  return read.reduce((n, p) => n + words(p.printed).length, 0) === words(text).length;
}
/** How sure: chosen on the development half read cross-fitted, among 0.7, 0.8, 0.9 and 0.95 (decision 040). */
const ALONE_SURE = 0.9;
/** A line that is one person's name beyond doubt: given name, middle initial, family name ("Lance J. Fortnow"), no common words. */
function plainlyAName(text: string, lowerWords: Set<string>) {
  const name = text.trim().replace(TRAILING_SYMBOLS, "").trim();
  if (INSTITUTION.test(name) || isCommonWords(name, lowerWords) || isPlace(name)) return false;
  if (/^\p{Lu}[\p{Ll}'’-]+\s+\p{Lu}\.\s+\p{Lu}[\p{Ll}'’-]+$/u.test(name)) return true;
  // Or a known given name (or initials) and a known family name, nothing else: "Doug Fisher", "J. B. Wells".
  const words = name.split(/\s+/);
  const first = words[0]!;
  const given = /^(?:\p{Lu}\.\s?)+$/u.test(words.slice(0, -1).join(" ")) || (words.length === 2 && isGivenName(first) && !isFamilyName(first));
  return words.length >= 2 && words.length <= 4 && given && isFamilyName(words[words.length - 1]!) && looksLikeName(name);
}
function isCountryName(text: string) {
  return countryNamed(text) !== null;
}

/** Words the document also prints in lower case ("Sovereign Bond Holdings") are not a name. */
function isCommonWords(text: string, lowerWords: Set<string>) {
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

/** "Sebastián Quiroga Peña" (Colombia) → given "Sebastián", family "Quiroga Peña"; "Andrés Felipe Restrepo" stays as it is. */
function applyNamingConvention(author: ExtractedAuthor) {
  if (!author.country || !IBERIAN.has(author.country)) return;
  const tokens = `${author.firstName} ${author.lastName}`.split(/\s+/);
  const familyStart = tokens.length - author.lastName.split(/\s+/).length;
  const before = tokens[familyStart - 1];
  const particle = tokens[familyStart]!.toLowerCase();
  if (PARTICLES.has(particle) && !IBERIAN_PARTICLES.has(particle)) return;
  if (familyStart < 2 || !before || /\.$/.test(before) || IBERIAN_GIVEN.has(before.toLowerCase())) return;
  author.firstName = tokens.slice(0, familyStart - 1).join(" ");
  author.lastName = tokens.slice(familyStart - 1).join(" ");
}

/** The initials of given names ("Peter J." → "pj"). */
const initialsOf = (given: string) => fold(given).split(/[\s.-]+/).filter(Boolean).map((w) => w[0]).join("");

/** Two printings of one person's name: the same family name, and given names or their initials alike. */
function samePerson(a: string, b: string) {
  if (fold(a) === fold(b)) return true;
  const [p, q] = [splitName(a), splitName(b)];
  if (fold(p.lastName) !== fold(q.lastName) || !p.firstName || !q.firstName) return false;
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

function readAuthors(
  lines: Line[],
  titleIndexes: number[],
  abstractStart: number,
  body: number,
  { vocabulary: noteVocabulary, lowerWords, labels, indexOf, nameModel, nameReader }: { vocabulary: Set<string>; lowerWords: Set<string>; labels: LineLabels; indexOf: Map<Line, number>; nameModel: boolean; nameReader?: NameReader },
): ExtractedAuthor[] {
  const titleEnd = titleIndexes.length ? titleIndexes[titleIndexes.length - 1]! : -1;
  const titlePage = titleIndexes.length ? lines[titleIndexes[0]!]!.page : 1;
  let end = abstractStart > titleEnd ? abstractStart : Math.min(lines.length, titleEnd + 25);
  let region = lines.slice(titleEnd + 1, end).map((line, k) => ({ line, index: titleEnd + 1 + k }));
  const mailboxes = mailboxesOn(lines, titlePage);
  let candidates = namesIn(region);
  // Authors printed above the title (some working papers and proceedings): where no name follows
  // the title, the lines before it on its page that the labeller reads as names, and their blocks.
  const titleStart = titleIndexes[0] ?? 0;
  // (Or a lone name there that an address on the page spells: "Anne-Laure AMILHAT SZARY" / "anne-laure.amilhat@…".)
  const namedAbove = (i: number) => (labels[i]?.author ?? 0) >= 0.5 || mailedName(lines[i]!.text, mailboxes, lowerWords);
  if (!candidates.length && titleStart > 0 && lines.slice(0, titleStart).some((_, i) => namedAbove(i))) {
    end = titleStart;
    region = lines.slice(0, titleStart).map((line, index) => ({ line, index })).filter((r) => r.line.page === titlePage);
    candidates = namesIn(region).filter((c) => namedAbove(c.lineIndex));
  }
  // Nor above it: the lines of the title page the labeller is sure are names, wherever they stand
  // (below the abstract, in a side column, past the lines the title's neighbourhood reaches).
  if (!candidates.length) {
    const sure = lines.map((line, index) => ({ line, index })).filter((r) => r.line.page === titlePage && !titleIndexes.includes(r.index) && (labels[r.index]?.author ?? 0) >= 0.8);
    if (sure.length) {
      region = sure;
      end = Math.min(lines.length, sure[sure.length - 1]!.index + 25);
      candidates = namesIn(region);
    }
  }
  if (!candidates.length) return [];

  function namesIn(region: Array<{ line: Line; index: number }>): Candidate[] {
    const candidates: Candidate[] = [];
    // Below a corresponding author's note come that author's address and repeats of names, not a
    // new author ("* Corresponding author: Daniel Liedtke" / "Biozentrum, Am Hubland"), unless the
    // labeller is sure of the line (a journal's sidebar, "*Correspondence: …", above the real list).
    let corresponding = false;
    const known = (name: string, author: number) => !corresponding || author >= 0.9 || candidates.some((c) => samePerson(c.name, name));
    for (let r = 0; r < region.length; r++) {
      let { line, index } = region[r]!;
      const first = line;
      // A list of names that wraps ("…, Hyun-woo" / "Park⁴, …"): the next line continues it, and
      // the one after that (each row judged against the row above it).
      // (An e-mail line's commas do not make it a list of names: the name below it is its own.)
      let row = line;
      let author = labels[index]?.author ?? 1;
      for (let next = region[r + 1]; next && !/@/.test(row.text) && continuesNames(row, next.line, labels[next.index]?.author ?? 1); next = region[r + 1]) {
        row = next.line;
        author = Math.max(author, labels[next.index]?.author ?? 1);
        line = joinRows(line, next.line);
        index = next.index;
        r++;
      }
      if (isNoise(line) || EMAIL.test(line.text)) {
        EMAIL.lastIndex = 0;
        continue;
      }
      if (correspondingNote(line.text)) {
        corresponding ||= candidates.length > 0;
        continue;
      }
      // One author to a line, with degrees, post and affiliation after the name ("Nicola Carey, PhD,
      // Reader, School of Health Sciences, University of Surrey, UK"); the affiliation may wrap.
      const own = personWithAffiliation(line.text, lowerWords);
      if (own) {
        let affiliation = own.affiliation;
        const goesOn = (text: string) =>
          !/@/.test(text) && !correspondingNote(text) && !personWithAffiliation(text, lowerWords) &&
          (leftOpen(affiliation) || (!endsWithCountry(affiliation) && (isAddress(text) || INSTITUTION.test(text)) && !isProse(text)));
        for (let next = region[r + 1]; next && goesOn(next.line.text); next = region[r + 1]) {
          affiliation = `${affiliation} ${next.line.text.trim()}`;
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
      if (author < 0.1 && !between() && !plainlyAName(line.text, lowerWords) && !mailedName(line.text, mailboxes, lowerWords) && !(nameModel && namesAlone(line, lowerWords, nameReader))) continue;
      for (const s of namesOnLine(line, lowerWords, { model: nameModel, reader: nameReader })) if (known(s.name, author)) candidates.push({ ...s, markers: markerRanges(s.markers), line: first, lineIndex: index, author });
    }
    return candidates;
  }
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
  const repeated = new Map<Candidate, string[]>();
  for (let k = candidates.length - 1; k > 0; k--) {
    const kept = candidates.slice(0, k).find((c) => samePerson(c.name, candidates[k]!.name));
    if (!kept) continue;
    const after = candidates[k + 1];
    const stop = after && after.line !== candidates[k]!.line ? after.lineIndex : end;
    repeated.set(kept, [...(repeated.get(kept) ?? []), ...lines.slice(candidates[k]!.lineIndex + 1, stop).map((l) => l.text)]);
    // The title page's copy carries the footnote markers the cover page's lacks.
    if (!kept.markers.length && candidates[k]!.markers.length) kept.markers = candidates[k]!.markers;
    candidates.splice(k, 1);
  }

  // Every row of the names (a list that wraps is one candidate's line and the rows after it).
  const nameLines = new Set(candidates.flatMap((c) => lines.slice(indexOf.get(c.line) ?? c.lineIndex, c.lineIndex + 1)));

  // Footnotes on the title page: lines starting with a marker (below the front matter), and
  // affiliation lines in the front matter that start with a marker (1 Department …).
  const lastHeaderPage = abstractStart >= 0 && abstractStart < lines.length ? lines[abstractStart]!.page : titlePage;
  const pageLines = lines.filter((l) => l.page >= titlePage && l.page <= Math.max(titlePage, lastHeaderPage));
  const notes = new Map<string, string[]>();
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
  for (const [l, line] of pageLines.flatMap((line) => notePieces(line).map((piece) => [piece, line] as const))) {
    const first = l.spans.find((s) => s.text.trim());
    const leading = first?.sup ? first.text.trim().replace(/∗/g, "*") : (LEADING_MARKER.exec(l.text)?.[1]?.replace(/∗/g, "*") ?? null);
    const affiliationLine = (labels[indexOf.get(line) ?? -1]?.affiliation ?? 0) >= 0.5;
    // (A note still empty was a raised mark at a line's end that began nothing: "… 1.73 m²".)
    // (A note above the names that the labeller reads as no affiliation, "1. GENERAL INFORMATION"
    // heading a cover page, gives way to the note the same marker begins below them.)
    const aboveNames = line.page === candidates[0]!.line.page && line.y < candidates[0]!.line.y;
    if (leading && MARKER.test(leading) && free(leading, aboveNames) && (l.size <= body + 0.5 || affiliationLine) && !isHeading(line) && !nameLines.has(line)) {
      if (aboveNames && !affiliationLine) headings.add(leading);
      else headings.delete(leading);
      current = leading;
      notes.set(current, [first?.sup ? l.text : l.text.replace(LEADING_MARKER_TEXT, "")]);
      if (affiliationLine) affiliationNotes.add(current);
    } else if (current && continuesNote(notes.get(current)!, l, body, affiliationLine) && l.y > (candidates[0]?.line.y ?? 0) && notes.get(current)!.length < 8) {
      // (A marker at the end of the line above starts the note here: the labeller's reading of this line is the note's.)
      if (affiliationLine && notes.get(current)!.every((t) => !t.trim())) affiliationNotes.add(current);
      notes.get(current)!.push(l.text);
      // An address line ends its note: what follows is the next author's.
      if (BARE_EMAIL.test(l.text.trim())) current = null;
    } else {
      current = null;
    }
  }

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
  for (const symbol of ["*", "†", "‡", "§", "¶"]) {
    if (notes.has(symbol)) continue;
    for (const [key, texts] of notes) {
      const text = texts.join(" ");
      const at = new RegExp(`[,;.]\\s+(?:and\\s+)?${symbol === "*" ? "\\*" : symbol}\\s*(?=\\p{Lu})`, "u").exec(text);
      if (!at) continue;
      notes.set(key, [text.slice(0, at.index)]);
      notes.set(symbol, [text.slice(at.index + at[0].length)]);
      if (affiliationNotes.has(key)) affiliationNotes.add(symbol);
      break;
    }
  }

  // Each name's own lines in block layouts: the lines after it until the next name.
  const centre = (l: Line) => l.x + l.width / 2;
  const blockOf = (c: Candidate, k: number) => {
    // Names side by side (IEEE author blocks, tabular authors): each name's column below it, down
    // to the next row of names.
    const row = candidates.filter((o) => o.line !== c.line && o.line.page === c.line.page && Math.abs(o.line.y - c.line.y) < 2);
    if (row.length) {
      const mates = [c, ...row].sort((p, q) => centre(p.line) - centre(q.line));
      const at = mates.indexOf(c);
      const left = at > 0 ? (centre(mates[at - 1]!.line) + centre(c.line)) / 2 : -Infinity;
      const right = at < mates.length - 1 ? (centre(c.line) + centre(mates[at + 1]!.line)) / 2 : Infinity;
      const below = candidates.filter((o) => o.line.page === c.line.page && o.line.y > c.line.y + 2).map((o) => o.lineIndex);
      const stop = below.length ? Math.min(...below) : end;
      return lines
        .slice(c.lineIndex + 1, stop)
        .filter((l) => l.page === c.line.page && centre(l) > left && centre(l) < right && !nameLines.has(l));
    }
    // (Names sharing a line share the block down to the next line of names: "John R. Weisz and Marian Sigman" / "University of California, Los Angeles" / "Bahr Weiss".)
    const next = candidates.slice(k + 1).find((o) => o.line !== c.line);
    const stop = next ? next.lineIndex : end;
    return lines.slice(c.lineIndex + 1, stop).filter((l) => !nameLines.has(l));
  };
  const sureAffiliation = (l: Line) => (labels[indexOf.get(l) ?? -1]?.affiliation ?? 0) >= 0.8;
  const sharedLine = candidates.length > 1 && candidates.every((c) => c.line === candidates[0]!.line);
  const allText = [...region.map((r) => r.line.text), ...[...notes.values()].flat()].join(" \n ");
  const emails = [...new Set(expandEmails(allText))].filter((e) => !ROLE_MAILBOX.test(e));
  const correspondingText = /corresponding author|correspondence to|contact author|to whom correspondence|correspondence should be addressed|\bcorrespondence\s*:/i;

  const anyCorrespondingNote = [...notes.values()].some((n) => correspondingText.test(joinLines(n, noteVocabulary)));
  const ownEmails: string[][] = [];
  const authors: ExtractedAuthor[] = candidates.map((c, k) => {
    const { firstName, lastName } = nameParts(c);
    // A footnote is one text however it wraps; its sentences are an affiliation, an address,
    // an e-mail, thanks: only the institution's sentences (and the address they run into) count.
    const ownNotes = c.markers.filter((m) => notes.has(m));
    const noteTexts = ownNotes.map((m) => joinLines(notes.get(m)!, noteVocabulary));
    // An author whose markers lead to notes has its affiliations there; the lines below the names are those notes.
    const fromNotes = ownNotes.flatMap((m, k) => {
      const texts = sentences(noteTexts[k]!).flatMap(splitAtCountries).filter((t) => !notAffiliation(t)).map(cleanAffiliation).filter((t) => t && !/@/.test(t));
      const institutional = texts.filter((t) => INSTITUTION.test(t));
      // (Not a sentence the note was cut in, "The views": a place's name is capitalised.)
      return institutional.length || !affiliationNotes.has(m) ? institutional : texts.filter(capitalised).slice(0, 1);
    });
    const printed = c.affiliation ? [cleanAffiliation(c.affiliation)] : [];
    const block = sharedLine || fromNotes.length || printed.length ? [] : blockOf(c, k);
    const affiliationText = [...new Set([...fromNotes, ...printed, ...blockAffiliations(block, sureAffiliation)])];
    // (An author may have several: "1,2,3" lead to three notes. Six is more than any list printed.)
    const raw = affiliationText.slice(0, 6).join("; ");
    const parts = raw ? raw.split("; ").map((p) => trailingCountry(p)) : [];
    const affiliation = parts.length ? parts.map((p) => p.rest).join("; ") : null;
    const printedCountry = parts.find((p) => p.country)?.country ?? null;
    ownEmails.push(expandEmails([...noteTexts, ...block.map((l) => l.text), ...(repeated.get(c) ?? [])].join(" ")));
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
      country: printedCountry ?? (affiliation ? countryIn(affiliation) : null),
      isCorresponding: marked,
      confidence: confidenceOf([c.author], looksLikeName(c.name) ? 0.5 : 0.3),
      source: sourceOf(c.line),
    };
  });

  // E-mails: each to the author it fits best, the ones printed in an author's own footnote or
  // block counting more; pairs are taken best first, so each address and author is used once.
  // "Email addresses: a@x.org (A. Smith), b@y.org (Bob Jones)": the address names its owner.
  // "Email: Susanna L Cooke - susanna.cooke@…; Jessica CM Pole - jp339@…": the name before the address.
  const flat = allText.replace(/\s*\n\s*/g, " ");
  const named = [
    ...[...flat.matchAll(/([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)\s*\(([^()@]{2,60})\)/g)].map((m) => ({ email: m[1]!, who: m[2]! })),
    ...[...flat.matchAll(/(\p{L}[\p{L}\s.'’-]{2,60}?)\s*[*∗]?\s*[-–—:]\s*([\w.+'-]+@[\w-]+(?:\.[\w-]+)+)/gu)].map((m) => ({ email: m[2]!, who: m[1]! })),
  ].map(({ email, who }) => ({ email: email.toLowerCase().replace(/[.,;]+$/, ""), who: fold(who) }));
  const namedFor = (a: ExtractedAuthor, email: string) =>
    named.some((n) => n.email === email && n.who.includes(fold(a.lastName)) && (n.who.includes(fold(a.firstName)) || n.who.includes(`${fold(a.firstName)[0]}.`)));
  // Addresses printed elsewhere near the title page (a footnote under the abstract, a contact line)
  // go to the author whose name they carry; a journal's or an office's mailbox to nobody.
  // (The page after the front matter's too: a title page's footnotes can run over.)
  const nearLines = lines.slice(0, 200).filter((l) => l.page >= titlePage && l.page <= Math.max(titlePage, lastHeaderPage) + 1);
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
  const mailbox = (email: string) => fold(email.split("@")[0]!).replace(/[^a-z]/g, "");
  for (const email of [...emails, ...elsewhere]) {
    if (used.has(email)) continue;
    const fits = authors.filter((a) => emailFit(email, a.firstName, a.lastName) >= 1 || (mailbox(email).length >= 2 && mailbox(email) === initials(a)));
    if (fits.length === 1 && !fits[0]!.email) {
      fits[0]!.email = email;
      used.add(email);
    }
  }
  // Names on one line and no markers ("A, B and C" / "Department …" / "University …" / "City"):
  // the block under the line is everyone's affiliation, or, one block for each name, each its own.
  if (sharedLine && authors.every((a) => !a.affiliation)) {
    const under = region.filter((r) => r.index > candidates[0]!.lineIndex && !nameLines.has(r.line)).map((r) => r.line);
    // The corresponding author's address printed apart is theirs, not everyone's ("Correspondence
    // should be addressed to Jacob Torrejón." / "Institute for Materials Science, CSIC. …").
    const cut = under.findIndex((l) => correspondingText.test(l.text) || /^address(?:es)? for correspondence|^reprint requests?\b/i.test(l.text.trim()));
    const blocks = blockAffiliations(cut >= 0 ? under.slice(0, cut) : under, sureAffiliation);
    if (blocks.length === 1 || blocks.length === authors.length) for (const [k, a] of authors.entries()) giveAffiliation(a, blocks[blocks.length === 1 ? 0 : k]!);
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
      if (!affiliationish(l) && !(INSTITUTION.test(l.text) && !isProse(l.text) && !notAffiliation(l.text))) return;
      if (k > 0 && runs.length && runs[runs.length - 1]!.at(-1) === page[k - 1]) runs[runs.length - 1]!.push(l);
      else runs.push([l]);
    });
    const blocks = runs.filter((run) => run.some(affiliationish)).flatMap((run) => blockAffiliations(run, affiliationish));
    if (blocks.length === 1) for (const a of authors) giveAffiliation(a, blocks[0]!);
  }
  // "Corresponding author: Name" or an e-mail on a corresponding line.
  const correspondingLine = [...region.map((r) => r.line.text), ...[...notes.values()].map((n) => joinLines(n, noteVocabulary))].find((t) => correspondingText.test(t));
  if (correspondingLine && !authors.some((a) => a.isCorresponding)) {
    const byName = authors.find((a) => fold(correspondingLine).includes(fold(a.lastName)));
    const byEmail = authors.find((a) => a.email && correspondingLine.toLowerCase().includes(a.email));
    const who = byName ?? byEmail;
    if (who) who.isCorresponding = true;
  }
  if (authors.length === 1) authors[0]!.isCorresponding = true;
  // One address left that fits nobody by name ("Correspondence: lab@…"): the corresponding
  // author's, when exactly one corresponding author has none.
  const left = emails.filter((e) => !used.has(e));
  const waiting = authors.filter((a) => a.isCorresponding && !a.email);
  if (left.length === 1 && waiting.length === 1 && !authors.some((a) => a.isCorresponding && a.email)) waiting[0]!.email = left[0]!;
  for (const a of authors) {
    a.country ??= countryOfEmail(a.email);
    applyNamingConvention(a);
  }
  return authors;
}
