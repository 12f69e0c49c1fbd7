/**
 * A manuscript's front matter from its printed lines: the lines cleaned of what is not the paper's
 * text, the zones set apart (a cover, a masthead), then each field read by its own reader (title.ts,
 * abstract.ts, authors.ts with person-names.ts, emails.ts and affiliations.ts; keywords and JEL
 * codes here) and each confidence calibrated (calibration.ts). The readers rely on what every
 * manuscript layout shares (sizes, positions, labels, markers), not on any one template.
 */
import { ABSTRACT_LABEL, DEGREES, KEYWORDS_ALONE, JEL_LINE, bodySize, lowerCaseWords, keywordsAfterLabel } from "./patterns";
import type { Document, ExtractedAuthor, Field, Line } from "./model";
import { labelLines } from "./labeller";
import type { LabellerWeights } from "./mlp";
import type { NameReader } from "./names";
import { joinLines, letterKey, smallCapitalsRead, vocabularyOf } from "./text";
import { mastheadLines, readCover, repositoryCover, seriesCover } from "./zones";
import { affiliationsFromNotes, withoutThanked } from "./author-notes";
import { findAbstractLabel, readAbstract } from "./abstract";
import { besideLabel, isHeading, lineSpacing, startsRaised, field } from "./layout";
import { abstractEvidence, authorsEvidence, calibrated, splitInDoubt, titleEvidence, type Calibrated, confidenceOf } from "./calibration";
import { giveAffiliation, giveAffiliationAnew, notAffiliation, respectivePlaces } from "./affiliations";
import { COVER_SURE, authorsListedOnCover, authorsOfCover, isOrganisation, readAuthors } from "./authors";
import { cleanTitle, findTitle, inOrdinaryCase, isCapitals, titleAgain, titleOfLines, unitOverTitle } from "./title";
import { countryOfInstitution, countryOfPlace, namesOnlyAPlace } from "./countries";
import { familyNameAsMailed } from "./person-names";

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
  // The top of each page's printed text: a running head stands there, not below a title that a
  // page cropped high prints above it ("Banco de México" under its author, 30 pt from the top).
  const top = new Map<number, number>();
  for (const l of doc.lines) top.set(l.page, Math.min(top.get(l.page) ?? Infinity, l.y));
  const inTopBand = (l: Line) => l.y <= (top.get(l.page) ?? l.y) + 24;
  return doc.lines.filter((l, i) => {
    const t = l.text.trim();
    if (doc.kind === "pdf") {
      if (/^\d{1,4}$/.test(t) && (l.x < edge || l.x > doc.pageWidth - edge || l.y > doc.pageHeight - 60)) return false;
      if (/^(?:page\s+)?\d+\s*(?:of|\/)\s*\d+$/i.test(t) || /^-?\s*\d{1,3}\s*-?$/.test(t)) return false;
      if ((l.y < 64 || l.y > doc.pageHeight - 56) && (repeated.get(t.toLowerCase().replace(/\d+/g, "#")) ?? 0) > 1) return false;
      if (l.y < 60 && l.size < 11.5 && doc.pages > 1 && inTopBand(l) && !goesOn(l, i)) return false;
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
export function readHeader(doc: Document, weights?: LabellerWeights[], options: { nameModel?: boolean; nameReader?: NameReader; evidence?: boolean; coverRead?: boolean } = {}): Header {
  const { nameModel = true, nameReader, evidence: keepEvidence = false, coverRead = false } = options;
  const printed = cleanLines(doc);
  // Zones first: an archive's cover page is read for the title and authors it labels, then set
  // aside with a publisher's masthead; the fields are read from the pages without them.
  const cover = readCover(printed);
  // A series' cover is set aside with the pages before the title page it leads to.
  // (Unless the title page names no author: then the cover is the title page, and the later page a
  // repeat of its title over the abstract, as a manuscript with a title page of its own prints it.)
  // (Or a repository's cover, its notices and a citation of the article, before the title page.)
  const series = cover || coverRead ? null : (seriesCover(printed, bodySize(printed)) ?? repositoryCover(printed, bodySize(printed)));
  const masthead = mastheadLines(printed);
  const lines = cover || series || masthead.size ? printed.filter((l) => l.page !== cover?.page && l.page >= (series?.titlePage ?? 0) && !masthead.has(l)) : printed;
  // What the line labeller makes of the front matter's lines (the first 200 are enough).
  const labels = labelLines(lines.slice(0, 200), doc, weights);
  // Whether a trained model speaks (without one every label is neutral: the rules alone).
  const model = labels.some((l) => l.abstract > 0);
  const indexOf = new Map(lines.map((l, i) => [l, i]));
  const vocabulary = vocabularyOf(lines.map((l) => l.text));
  const body = bodySize(lines);

  // --- the abstract's label, if it has one (the title is looked for above it).
  const { leadingLabel, labelIndex, labelTrails } = findAbstractLabel(lines);
  // (A label with its list after it, or else a label alone on its line, the list below it.)
  const labelled = lines.findIndex((l) => keywordsAfterLabel(l) !== null);
  const keywordIndex = labelled >= 0 ? labelled : lines.findIndex((l) => KEYWORDS_ALONE.test(l.text));
  // (Its codes on its line, or beside it in a form: "JEL Classification Numbers:" | "C63, C89".)
  const jelIndex = lines.findIndex((l, i) => JEL_LINE.test(l.text) && (/[A-Z]\d/.test(l.text) || (doc.kind === "pdf" && besideLabel(lines, i).some((b) => /\b[A-Z]\d/.test(b.text)))));

  // --- the title: the largest text near the top of the first pages, before the abstract.
  // (A label at a line's end is too weak a sign to end the search: the title is looked for as before.)
  const limit = leadingLabel >= 0 ? leadingLabel : Math.min(lines.length, 40);
  const lowerWords = lowerCaseWords(lines);
  // (Behind an archive's or a series' cover, the article's own title is the lines that print the cover's title again.)
  const printedTwice = cover?.title ?? series?.title;
  const again = printedTwice ? titleAgain(lines, printedTwice, limit, cover?.authors ?? []) : null;
  const titleIndexes = again || findTitle(lines, limit, doc, lowerWords, labels);
  const titleLines = titleIndexes.map((i) => lines[i]!);
  const pageTitle = titleLines.length ? smallCapitalsRead(cleanTitle(titleOfLines(titleLines, vocabulary))) : null;
  // (The article's own title where it prints more than the archive's cover labels: a subtitle the cover left out.)
  const titleRead = cover?.title && !(again && pageTitle && letterKey(pageTitle).length > letterKey(cover.title).length) ? cover.title : pageTitle;
  // A title set in capitals (a series' cover) is given as the first pages print it in ordinary case
  // where they do (the abstract page repeats it): an author should not have to retype it.
  // (Not as the small capitals' broken codes print it: "cISS – A cOMPOSItE …" is no ordinary case.)
  const ordinary = titleRead && isCapitals(titleRead) ? inOrdinaryCase(titleRead, printed) : null;
  const title = ordinary && smallCapitalsRead(ordinary) === ordinary ? ordinary : titleRead;

  // --- the abstract: labelled, or the first long paragraph after the title and authors.
  const abstract = readAbstract(lines, { labelIndex, labelTrails, labels, model, indexOf, titleEnd: titleIndexes[titleIndexes.length - 1] ?? -1, doc, body, vocabulary, title });
  const { lines: abstractLines, start: abstractStart, column: abstractColumn, runInJel } = abstract;
  const abstractText = abstract.text;

  // --- keywords and JEL codes.
  const listAfter = (index: number, after: (l: Line) => string) => {
    if (index < 0) return { items: [] as string[], line: undefined as Line | undefined };
    const first = lines[index]!;
    // (A label alone in a form's left column: its value is the rows right of it.)
    const beside = doc.kind === "pdf" && !after(first).trim() ? besideLabel(lines, index) : [];
    if (beside.length) return { items: [joinLines(beside.map((l) => l.text), vocabulary)], line: first };
    const parts = [after(first)];
    let prev = first;
    for (let i = index + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (keywordsAfterLabel(l) !== null || JEL_LINE.test(l.text) || ABSTRACT_LABEL.test(l.text) || isHeading(l) || l.page !== first.page) break;
      // (Beside the list, right of where its label's line ends, stands another block: Elsevier's
      // article info beside the abstract. Its lines are no part of the list.)
      // (Nor, left of where the label's line begins, a side column's: a journal's margin of editors and addresses.)
      if (doc.kind === "pdf" && (l.x > first.x + first.width + 10 || l.x + l.width < first.x - 4)) continue;
      if (doc.kind === "docx" || l.y - prev.y > lineSpacing(lines, index) * 1.45 || Math.abs(l.size - first.size) > 1 || /\.$/.test(parts[parts.length - 1]!.trim())) break;
      parts.push(l.text);
      prev = l;
    }
    // A list printed one item to a line, with none of the separators the list is split at (under an Elsevier "Keywords:" label): each line an item.
    const rows = parts.map((p) => p.trim()).filter(Boolean);
    const oneToALine = parts.length > 2 && rows.every((p) => !/[;,·•]|\s[–—]\s/.test(p));
    return { items: oneToALine ? [rows.join("; ")] : [joinLines(parts, vocabulary)], line: first };
  };
  const kw = listAfter(keywordIndex, (l) => keywordsAfterLabel(l) ?? "");
  // (JEL codes in brackets at the list's end are no keyword, but the paper's codes: "…, Reaction Function (JEL: E52, E58)".)
  // (In round or square brackets; a bracket's text read up to the next bracket only, so that an unclosed one costs a line's length once.)
  const jelInKeywords = /\s*[(\[]\s*JEL\b([^()[\]]*)[)\]]/i.exec(kw.items[0] ?? "");
  const keywords = kw.items.length
    ? kw.items[0]!
        .replace(jelInKeywords?.[0] ?? "", "")
        .split(/\s*[;,·•]\s*|\s+[–—]\s+/)
        .map((k) => k.trim().replace(/\.$/, ""))
        .filter((k) => k.length > 1 && !/^JEL\b/i.test(k))
    : [];
  const jl = listAfter(jelIndex, (l) => JEL_LINE.exec(l.text)![1]!);
  const jelText = jl.items[0] ?? runInJel?.[1] ?? jelInKeywords?.[1] ?? "";
  const jel = [...new Set(jelText.match(/\b[A-Z]\d{1,2}\b/g) ?? [])];

  // --- authors: the lines between the title and the abstract, and the title page's footnotes.
  const read = readAuthors(lines, titleIndexes, abstractStart >= 0 ? abstractStart : limit, body, { vocabulary, lowerWords, labels, indexOf, nameModel, nameReader });
  // A person an acknowledgement thanks is never an author; an author note keyed by name says where
  // each author is, whatever the markers gave them.
  const firstPage = lines[0]?.page ?? 1;
  // (The front matter's pages: the first two, or up to the abstract's where it comes later, past an acknowledgements page.)
  const frontEnd = Math.max(firstPage + 1, abstractStart >= 0 ? (lines[abstractStart]?.page ?? 0) : 0);
  const front = lines.filter((l) => l.page <= frontEnd);
  const named = cover?.authors.length ? authorsOfCover(cover, read) : withoutThanked(front, read);
  const listed = series ? authorsListedOnCover(printed.filter((l) => l.page === series.page), named, lowerWords, nameReader) : named;
  const authors = listed.filter((a) => !isOrganisation(`${a.firstName} ${a.lastName}`) && !namesOnlyAPlace(`${a.firstName} ${a.lastName}`));
  if (series && !authors.length) return readHeader(doc, weights, { ...options, coverRead: true });
  // An organisation read as an author was printed under the authors: it is the affiliation of the
  // first author before it who has none ("Andrew Y. Chen" / "Federal Reserve Board").
  // (A town's name under a stack of names, none with a place of its own, is the place of every one of them: "São Paulo"
  // under six names.)
  listed.forEach((a, k) => {
    if (authors.includes(a)) return;
    const place = `${a.firstName} ${a.lastName}`;
    const before = listed.slice(0, k).filter((b) => authors.includes(b));
    const stack = before.every((b) => !b.affiliation) && namesOnlyAPlace(place) ? before : [];
    const receivers = stack.length ? stack : [before.find((b) => !b.affiliation)].filter((b) => b !== undefined);
    for (const b of receivers) giveAffiliation(b, place);
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
  affiliationsFromNotes(front, authors, abstractLines[abstractLines.length - 1], series ? printed.filter((l) => l.page < series.titlePage) : []);
  // (A series' title page may print the authors' department alone over the title: the place of each author given none.)
  // (Its country is its issuer's, named by the series: "IMF Working Paper".)
  const unit = titleIndexes.length ? unitOverTitle(lines, titleIndexes[0]!) : null;
  const unitCountry = unit ? countryOfInstitution(lines[titleIndexes[0]! - 2]!.text) : null;
  for (const a of authors) {
    if (!unit || a.affiliation) continue;
    giveAffiliation(a, unit);
    a.country ??= unitCountry;
  }
  // (One place for each author, listed in their order and given to all: "Caltech, NYU Stern, NYU Stern" under three names.)
  const shared = authors[0]?.affiliation;
  const each = shared ? respectivePlaces(shared, authors.length, authors.filter((a) => a.affiliation === shared).length) : null;
  if (each) authors.forEach((a, k) => giveAffiliationAnew(a, each[k]!));
  // (Where nothing else gave a country, what the place says: "Harvard University and NBER".)
  for (const a of authors) a.country ??= countryOfPlace(a.affiliation);

  // --- confidences: the readers' own scores, calibrated against being right (calibration.ts).
  const titleRaw = cover?.title ? COVER_SURE : title ? confidenceOf(titleIndexes.map((i) => labels[i]?.title ?? 0.5), 0.5) : 0;
  const abstractRaw = abstractText ? confidenceOf(abstractLines.map((l) => labels[indexOf.get(l) ?? -1]?.abstract ?? 0.5), labelIndex >= 0 ? 0.6 : 0.4) : 0;
  const elsewhere = letterKey(printed.filter((l) => !titleLines.includes(l)).map((l) => l.text).join(" "));
  const printedKeys = printed.map((l) => letterKey(l.text));
  const namedTwice = authors.filter((a) => printedKeys.filter((k) => k.includes(letterKey(a.lastName))).length >= 2).length;
  // (Words of the authors' own lines that no author's name took: a name the list may have dropped.)
  const nameWords = new Set(authors.flatMap((a) => `${a.firstName} ${a.lastName}`.split(/[\s.-]+/)).map(letterKey).filter(Boolean));
  // (A line's words split as the names are, "Jean-Pierre" into two; a generation is a name's too.)
  const nameLines = new Set(authors.map((a) => a.source && printed.find((l) => l.page === a.source!.page && Math.abs(Math.round(l.y) - a.source!.y) <= 1 && Math.abs(Math.round(l.x) - a.source!.x) <= 1)).filter((l): l is Line => !!l));
  const unexplained = [...nameLines].flatMap((l) => l.text.split(/[\s,;()*.-]+/)).filter((w) => /^\p{Lu}[\p{L}'’]+$/u.test(w) && !nameWords.has(letterKey(w)) && !DEGREES.test(w) && !/^(?:and|by|jr|sr|dr|prof|ii|iii|iv)$/i.test(w)).length;
  const evidence: Record<Calibrated, number[] | null> = {
    title: title ? titleEvidence(titleRaw, title, { fromCover: !!cover?.title, lines: cover?.title ? 1 : titleLines.length, repeated: letterKey(title).length >= 8 && elsewhere.includes(letterKey(title).slice(0, 40)) }) : null,
    abstract: abstractText ? abstractEvidence(abstractRaw, abstractText, { labelled: labelIndex >= 0, column: abstractColumn }) : null,
    authors: authors.length ? authorsEvidence(authors.map((a) => a.confidence), { fromCover: !!cover?.authors.length, withEmail: authors.filter((a) => a.email).length, namedTwice, unexplained, splitDoubted: authors.filter((a) => splitInDoubt(a.firstName, a.lastName)).length }) : null,
  };
  // (Each author is shown as sure as their list, the calibrated probability the calibration is judged by: the
  // least sure name's own score is one of its evidence. A name's own score alone had called most right lists
  // "likely wrong" where their names stood in an unusual place.)
  if (evidence.authors) {
    const list = calibrated("authors", evidence.authors);
    for (const a of authors) a.confidence = list;
  }
  // A family name of several words that the author's e-mail spells joined: "Salehzadeh Nobari", k.salehzadeh-nobari@….
  // (After the confidences: the calibration learned from evidence of the names as the readers split them.)
  for (const a of authors) familyNameAsMailed(a);
  return {
    title: field(title, evidence.title ? calibrated("title", evidence.title) : 0, cover?.title ? (cover.titleLine ?? undefined) : titleLines[0]),
    abstract: field(abstractText, evidence.abstract ? calibrated("abstract", evidence.abstract) : 0, abstractLines[0]),
    ...(keepEvidence ? { evidence } : {}),
    authors,
    keywords: field(keywords, keywords.length ? 0.9 : 0, kw.line),
    jel: field(jel, jel.length ? 0.95 : 0, jl.line ?? (runInJel ? abstractLines[abstractLines.length - 1] : undefined)),
  };
}
