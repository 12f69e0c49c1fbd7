/**
 * The title reader: the largest text near the top of the first pages, before the abstract, and
 * the lines that continue it; an archive cover's title found again on the article's own page;
 * a title set in capitals given in the ordinary case the pages print it in elsewhere.
 */
import { ABSTRACT_LABEL, INSTITUTION, ISSUER, LATEST_VERSION, LETTER_SPACED, NOISE, MONTH_DATE, SERIES_BANNER, SERIES_KIND, TRAILING_SYMBOLS, bodySize, isSeriesName, namesKnownInstitution, keywordsAfterLabel } from "./patterns";
import type { Document, Line } from "./model";
import type { LineLabels } from "./labeller";
import { joinLines, letterKey, normalizeSpace } from "./text";
import { middleOf, startsWithMarker } from "./layout";
import { mailboxesOn, mailedName } from "./emails";
import { authorLine, bylineOpens, looksLikeName, namesOnLine } from "./person-names";

/** The lines, among the first `limit`, that print `title` again (in any case): a run whose words are the title's, in order. */
export function titleAgain(lines: Line[], title: string, limit: number, authors: readonly string[] = []): number[] | null {
  const want = letterKey(title);
  const families = authors.map((a) => letterKey(a.trim().split(/\s+/).pop() ?? "")).filter((f) => f.length > 2);
  for (let i = 0; i < Math.min(limit, lines.length); i++) {
    let got = letterKey(lines[i]!.text);
    if (got.length < 8 || !(want.startsWith(got) || got.startsWith(want))) continue;
    const run = [i];
    for (let j = i + 1; j < lines.length && got.length < want.length; j++) {
      const more = got + letterKey(lines[j]!.text);
      if (!want.startsWith(more) && !more.startsWith(want)) break;
      got = more;
      run.push(j);
    }
    // (The page may print more than the cover did, a subtitle the cover left out: "… Hypothesis: The Compelling Fairy
    // Tale of" / "Contemporary Financial Economics". A subtitle is set as one, after a colon or a dash, or two words at
    // least; a marker run on, "Returns1", "Returns t", is none. The title's lines go on as far as lines set as its first
    // run on, up to a line that names an author the cover lists.)
    if (got.length > want.length) {
      const rest = afterLetters(run.map((k) => lines[k]!.text).join(" "), want.length);
      if (!/^\s*[:—–-]\s*\p{L}/u.test(rest) && !/^\s+\p{L}{2,}\S*\s+\p{L}/u.test(rest)) {
        run.pop();
        got = run.map((k) => letterKey(lines[k]!.text)).join("");
        if (run.length && got.length >= want.length * 0.8) return run;
        continue;
      }
      const first = lines[i]!;
      for (let j = run[run.length - 1]! + 1; j < lines.length; j++) {
        const [above, l] = [lines[j - 1]!, lines[j]!];
        if (l.page !== first.page || Math.abs(l.size - first.size) > 0.3 || l.y - above.y > first.size * 1.8 || l.y <= above.y) break;
        if (/^by\s/i.test(l.text.trim()) || families.some((f) => letterKey(l.text).includes(f))) break;
        run.push(j);
      }
      return run;
    }
    if (got.length >= want.length * 0.8) return run;
  }
  return null;
}

/** What a text holds after its first `count` letters and digits (as `letterKey` counts them). */
function afterLetters(text: string, count: number) {
  let seen = 0;
  for (let k = 0; k < text.length; k++) {
    if (seen >= count) return text.slice(k);
    seen += letterKey(text[k]!).length;
  }
  return "";
}

/** Whether a text is set in capitals: no lower-case letter among its letters. */
export const isCapitals = (t: string) => /\p{Lu}/u.test(t) && !/\p{Ll}/u.test(t);
/** The same words printed elsewhere on the first pages in ordinary case, or null. */
export function inOrdinaryCase(text: string, lines: Line[]) {
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
/**
 * A title without its label, its markers, a full stop a title page sets after it (not an abbreviation's: "… in the
 * U.S.") and the version and review state an open-review platform prints after it ("… Systems [version 1; peer
 * review: 3 approved]", the F1000 family's).
 */
export function cleanTitle(t: string) {
  return normalizeSpace(t.replace(TITLE_LABEL, "").replace(/\s*\[version \d+;[^\]]*\]?\s*$/i, "").replace(TRAILING_SYMBOLS, "").replace(/\s*\d$/, (m) => (/\d{2,}/.test(t.slice(-3)) ? m : "")).replace(/(\s(?!etc\.)\p{Ll}{3,})\.$/u, "$1"));
}

export function isNoise(l: Line) {
  return NOISE.test(l.text) || MONTH_DATE.test(l.text.trim()) || /^(?:https?:\/\/|doi:)/i.test(l.text);
}

/**
 * Lines a title never is: an imprint (copyright, publisher, licence, web address), a report or archive number
 * ("SLAC-PUB-12820", "cond-mat/9903395"), a street address, a date of publication, a banner in
 * letters spaced apart ("L A N D E S B I O S C I E N C E"), a code, a section's or
 * a journal's banner, a working paper's link to its latest version, a note of where the paper was presented.
 */
const NOT_TITLE = new RegExp(
  [
    /©|\(c\)\s*\d{4}|^c\s+(?:19|20)\d{2}\b|\bpublished by\b|\ball rights reserved\b|\bcreative commons\b|https?:\/\/|\bwww\.\S/u,
    /\b[a-z-]+\/\d{7}\b|^[A-Z]{2,}[-\d()/.]+[\dA-Z]$/u,
    /^\d+\s+(?:[NSEW]\.?\s+)?(?:\p{Lu}[\p{L}.]*\s+){1,3}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Drive|Dr\.|Lane|Way|Place)\b|\bSuite\s+\d+\b|\bP\.?\s?O\.?\s+Box\s+\d/u,
    /\b(?:received|accepted|published)(?:\s+online)?\s*:?\s*\d{1,2}\s+\p{L}+\s+\d{4}/u,
    LETTER_SPACED,
    // A section's or a journal's banner, the whole line: "BIOINFORMATICS REVIEW", "Book Reviews",
    // "Information in practice", "Technical Report 90", "BMC Cancer", "PLOS ONE", "Author list", an economics journal's
    // "NOTES AND COMMENTS".
    /^(?:key\s*words?|author list|authors?|corresponding authors?|running title|(?:abstract|text) word count|book reviews?|readers'? comments|comments and responses|notes and comments|shorter papers|research notes?|information in practice|editorial|letters? to the editor|short communication|brief report|case report|research (?:article|paper)|original (?:research|article)|\p{L}+\s+review|technical report\s*[\d-]*|(?:BMC|PLO[Ss])(?:\s+\p{L}+){1,4})(?:\s*\([^)]*\))?$/u,
    LATEST_VERSION,
    // A note of where the paper was presented or published: "Presented as a … paper at ICLR 2021".
    /^(?:presented|to appear|accepted|under review)\b.*\b(?:19|20)\d{2}\b/u,
    // A running head ("Collado-Torres et al."), a journal's volume and pages ("BULLETIN 18(2): 109-118"), a postcode and its town ("0424 Oslo").
    /\bet al\.?$|(?<!\d)\d+\s*\(\d+\)\s*:\s*\d+|^\d{4,5}\s+\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?$/u,
  ]
    .map((r) => r.source)
    .join("|"),
  "iu",
);

/** A journal issue's volume or number as its masthead prints it: "VOL. XCI", "Volume 12", "NUMBER 1", "No. 4", "Issue 2". */
const VOLUME_OR_NUMBER = /^(?:vol(?:ume)?\.?|no\.|number|issue)\s*(?:\d+|[IVXLC]+)$/i;
/** A part of a masthead's issue row: a volume or number, a month or season and its year, a year. */
const ISSUE_PART = new RegExp(String.raw`^(?:${VOLUME_OR_NUMBER.source.slice(1, -1)}|(?:(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)\s+)?(?:19|20)\d{2})$`, "i");

/** A title's line that leaves its phrase open, the title going on below: "… Growth in", "… Revisited:". */
/** What a line says of the paper's state or history, not its subject: revised, circulated, presented, updated, welcome. */
const PAPER_STATE = /\b(?:revision|revised|circulated|presented|prepared for|updated|welcome|earlier version|latest version|previous(?:ly)?|under review|resubmi)/i;
export const LEFT_OPEN = /(?:\b(?:and|of|the|in|for|to|on|with|by|from|at|via|a|an)|[-:,])$/i;

/**
 * The unit a series' title page prints alone between the series' name and the title, the department the
 * paper comes from ("IMF Working Paper" / "Statistics Department" / the title): null where there is none.
 */
export function unitOverTitle(lines: Line[], titleStart: number): string | null {
  const title = lines[titleStart];
  if (!title) return null;
  const [unit, series] = [lines[titleStart - 1], lines[titleStart - 2]];
  if (!unit || !series || unit.page !== title.page || series.page !== title.page) return null;
  const named = unit.text.trim();
  // (Named as a unit of its issuer, "Statistics Department"; not "Department of Economics", which a university's
  // series prints as its publisher, whatever department its authors belong to.)
  const isUnit = named.length <= 60 && /^(?:(?:\p{Lu}[\p{L}'’-]*|and|&),?\s+){0,5}(?:Department|Division)$/u.test(named);
  return isUnit && isSeriesName(series.text) ? named : null;
}

/** The title: the largest text among the first lines (not a series banner), and the lines that continue it. */
export function findTitle(lines: Line[], limit: number, doc: Document, lowerWords: Set<string>, labels: LineLabels): number[] {
  const isAuthorLine = (l: Line) => authorLine(l, lowerWords);
  const score = (l: Line) => l.size + (l.bold ? 1.5 : 0);
  // A series' banner may run on over lines set as it is ("Finance and Economics Discussion Series /
  // Divisions of Research & Statistics … / Federal Reserve Board, Washington, D.C."): all its lines.
  const banner = new Set<number>();
  for (let i = 0; i < Math.min(limit, lines.length); i++) {
    if (!SERIES_BANNER.test(lines[i]!.text) || banner.has(i)) continue;
    for (let j = i + 1; j < Math.min(limit, lines.length); j++) {
      const [prev, l] = [lines[j - 1]!, lines[j]!];
      if (l.page !== prev.page || l.y <= prev.y || l.y - prev.y >= prev.size * 2.2 || Math.abs(score(l) - score(prev)) >= 0.4) break;
      banner.add(j);
    }
  }
  // A series' issuer, the first line of its cover, right above the series' name: "Board of Governors of the
  // Federal Reserve System" over "International Finance Discussion Papers" (not a title that names a bank:
  // "Central Bank Digital Currency and Bank Runs" over a school's "Faculty Research Working Paper Series").
  const issuesSeries = (i: number) => {
    const [l, next] = [lines[i]!, lines[i + 1]];
    const firstOnPage = i === 0 || lines[i - 1]!.page !== l.page;
    // (An issuer named in English, or in its own language, "Deutsche Bundesbank", "Banque de France".)
    const issuer = ISSUER.test(l.text.trim()) || (namesKnownInstitution(l.text) && l.text.trim().split(/\s+/).length <= 6 && !/[:?]/.test(l.text));
    return firstOnPage && !!next && next.page === l.page && isSeriesName(next.text) && issuer;
  };
  // A single word on its line is no title ("Article" over the title in its size, a banner in
  // capitals over two lines: "EUROPEAN" / "ECONOMY"), unless the title is set a word or a compound
  // to a line, the next line one too, in the same look ("Semiparametric" / "Difference-in-Differences"
  // / "Estimators").
  // (Lines of one title: on one page, less than about two lines' height apart; a DOCX's paragraphs always.)
  const close = (prev: Line, l: Line) => doc.kind === "docx" || (l.page === prev.page && l.y - prev.y < prev.size * 2.2);
  const oneWord = (l: Line) => /^\S+$/u.test(l.text.trim());
  const oneWordAlone = (i: number) => {
    const [l, next] = [lines[i]!, lines[i + 1]];
    if (!oneWord(l)) return false;
    if (!/\p{Ll}/u.test(l.text)) return true;
    return !(next && oneWord(next) && close(l, next) && next.y > l.y && Math.abs(score(next) - score(l)) < 0.4 && !NOT_TITLE.test(next.text));
  };
  // A journal's name at the head of its first page, over the row that gives the issue: "The Review of Economics and
  // Statistics" over "VOL. XCI", "FEBRUARY 2009", "NUMBER 1". Every line of that row is the issue's, and it names the
  // volume, the number and the date all three (not a paper's own number or volume under its title: "No. 712", "Volume II").
  const overIssueRow = (i: number) => {
    const l = lines[i]!;
    if (i > 1 || (i === 1 && lines[0]!.page === l.page)) return false;
    const row = lines.filter((o) => o.page === l.page && o.y > l.y && o.y - l.y < l.size * 2).map((o) => o.text.trim());
    const volume = row.some((t) => /^vol/i.test(t) && VOLUME_OR_NUMBER.test(t));
    const number = row.some((t) => /^(?:no\.|number|issue)/i.test(t) && VOLUME_OR_NUMBER.test(t));
    return row.every((t) => ISSUE_PART.test(t)) && volume && number && row.some((t) => !VOLUME_OR_NUMBER.test(t));
  };
  const candidates: number[] = [];
  for (let i = 0; i < Math.min(limit, lines.length); i++) {
    const l = lines[i]!;
    if (banner.has(i) || overIssueRow(i)) continue;
    // (Nor the rest of a list of names, its markers raised, that the labeller is sure of: "Morth², Elsa Lundanes¹, …".)
    const listed = (labels[i]?.author ?? 0) >= 0.9 && l.spans.filter((s) => s.sup && /\S/.test(s.text)).length >= 2;
    // (Nor the unit a series' title page prints under the series' name: "IMF Working Paper" / "Statistics Department".)
    const unit = unitOverTitle(lines, i + 1) !== null;
    if (l.page > 2 || isNoise(l) || l.text.length < 6 || /@/.test(l.text) || ABSTRACT_LABEL.test(l.text) || keywordsAfterLabel(l) !== null || NOT_TITLE.test(l.text) || oneWordAlone(i) || SERIES_KIND.test(l.text.trim()) || isAuthorLine(l) || startsWithMarker(l) || listed || unit || issuesSeries(i)) continue;
    candidates.push(i);
  }
  if (!candidates.length) return [];
  // A cover letter's or a highlights page's lines look like a title to sizes alone; the labeller
  // tells them apart. Where it is sure of none, the sizes decide as before.
  const likely = candidates.filter((i) => (labels[i]?.title ?? 0) >= 0.5);
  if (likely.length) candidates.splice(0, candidates.length, ...candidates.filter((i) => i >= likely[0]! && (labels[i]?.title ?? 0) >= 0.05));
  // The first page with text decides; a cover page repeats the title anyway. Among equals, the first.
  const page = lines[candidates[0]!]!.page;
  const onPage = candidates.filter((i) => lines[i]!.page === page);
  const best = Math.max(...onPage.map((i) => score(lines[i]!)));
  // A title labelled as one ("Title: High evolutionary potential …") begins there, whatever is set as large above it.
  const labelled = candidates.find((i) => TITLE_LABEL.test(lines[i]!.text));
  let start = labelled ?? onPage.find((i) => score(lines[i]!) >= best - 0.3)!;
  // The labeller may doubt a title's first line (set at the top of the page like a running head):
  // the lines right above that look the same are the title's too.
  const looksLikeTitle = (l: Line) => !isNoise(l) && l.text.length >= 6 && !/@/.test(l.text) && !ABSTRACT_LABEL.test(l.text) && !isAuthorLine(l) && !startsWithMarker(l);
  for (let k = 0; k < 4 && start > 0 && start !== labelled; k++) {
    const above = lines[start - 1]!;
    // (Not a running head, a banner or a note: "Collado-Torres et al.",
    // "HYDROBIOLOGICAL BULLETIN 18(2): 109-118", "Presented as a RobustML workshop paper at ICLR 2021".)
    // (Nor the unit a series' title page prints under the series' name.)
    if (Math.abs(score(above) - score(lines[start]!)) >= 0.4 || !close(above, lines[start]!) || !looksLikeTitle(above) || NOT_TITLE.test(above.text) || oneWordAlone(start - 1) || SERIES_KIND.test(above.text.trim()) || unitOverTitle(lines, start) !== null) break;
    start--;
  }
  const out = [start];
  // The look the title's lines share; a subtitle may set a smaller one (below).
  let look = score(lines[start]!);
  const body = bodySize(lines);
  const mailboxes = mailboxesOn(lines, lines[start]!.page);
  for (let i = start + 1; i < lines.length; i++) {
    const prev = lines[out[out.length - 1]!]!;
    const l = lines[i]!;
    // (A footnote's marker set on a line of its own between the title's lines, "Too Fast, Too Furious?" / "§" /
    // "Digital Credit …": passed over.)
    if (l.page === prev.page && /^[*∗†‡§¶]{1,3}$/u.test(l.text.trim()) && i + 1 < lines.length) continue;
    // Side matter set in a smaller size clear to the right of the title's last line, read in among the title's lines:
    // a cover's date ("Consequences of" … "January 22, 2026"), a journal's box ("© The Author(s) 2024", "DOI: …"). Passed over.
    if (doc.kind === "pdf" && l.page === prev.page && l.y >= prev.y - prev.size * 0.5 && l.y - prev.y < prev.size * 2.2 && l.x >= prev.x + prev.width + prev.size && l.size < lines[start]!.size * 0.8 && i + 1 < lines.length) continue;
    // A subtitle set smaller under a title that ends with a question or a colon ("How Competitive is
    // the Stock Market?" / "Theory, Evidence from Portfolios, and …"), still larger than the text
    // around: its lines are the title's too.
    // (Down to half its size; below three quarters, not a place: "Do Central Banks Listen?" / "Federal Reserve Bank of Boston".)
    // (Or, after a title that ends with no such mark, a line the labeller is sure is a title's, centred under it in no
    // less than half its size: "Inferring Mutual Fund Trading" / "An Application to Window Dressing", "Multi Currency
    // Swaps" / "Quanto effects and devaluation jumps" set smaller than the names under it.)
    // (Under three quarters, only a line set apart from what follows it, in another size, and no note of the paper's state:
    // "Under revision for …", "An earlier version circulated as …" set small under a title are no subtitle.)
    const setApart = l.size >= lines[start]!.size * 0.75 || (lines[i + 1] !== undefined && Math.abs(lines[i + 1]!.size - l.size) >= 1 && !PAPER_STATE.test(l.text) && !NOISE.test(l.text) && !NOT_TITLE.test(l.text));
    // (Sure is the labeller's title, or its title and author together on a line that reads as a subtitle and no name: the
    // labeller weighs a short capitalised subtitle, "A Story From Indian Cinema", as a name would be.)
    const titleSure = (labels[i]?.title ?? 0) >= 0.9 || ((labels[i]?.title ?? 0) + (labels[i]?.author ?? 0) >= 0.9 && subtitleNoName(l, lowerWords));
    const centredUnder = l.page === prev.page && Math.abs(middleOf(l) - middleOf(prev)) < 5 && titleSure && l.size >= lines[start]!.size * 0.5 && setApart;
    // (Larger than the text by more than two points; by half a point where centred under it and sure.)
    const subtitle = doc.kind === "pdf" && (/[?:]$/.test(prev.text.trim()) || centredUnder) && score(l) < look && l.size >= lines[start]!.size * 0.5 && (l.size >= lines[start]!.size * 0.75 || !INSTITUTION.test(l.text)) && l.size > body + (centredUnder ? 0.5 : 2);
    if (subtitle) look = score(l);
    const sameLook = Math.abs(score(l) - look) < 0.4;
    // A title ends where the authors, an address or a footnote begins.
    // The labeller's word counts where the look does not tell: a single name set like the title
    // (not after a line the title plainly goes on from: "… RE-HEATING AND").
    const goesOn = LEFT_OPEN.test(prev.text.trim());
    // (Not a subtitle centred under the title, which the labeller's title or the name rules tell from a name.)
    const named = !goesOn && !(subtitle && centredUnder) && (labels[i]?.author ?? 0) >= 0.5 && (labels[i]?.title ?? 1) < 0.5;
    // (Nor a link to the latest version, set centred under the title like a subtitle.)
    const other = isAuthorLine(l) || bylineOpens(l, lines[i + 1], lowerWords) || startsWithMarker(l) || /@/.test(l.text) || isNoise(l) || /^authors?\s*:/i.test(l.text) || named || mailedName(l.text, mailboxes, lowerWords) || LATEST_VERSION.test(l.text.trim());
    // (A working paper's title page may set its title with wide leading: a line further down still goes
    // on where the line above leaves the phrase open, or where both are centred on one axis.)
    const spaced = doc.kind === "pdf" && l.page === prev.page && l.y > prev.y && l.y - prev.y < prev.size * 3.8 && (goesOn || Math.abs(middleOf(l) - middleOf(prev)) < 5);
    if (!sameLook || !(close(prev, l) || spaced) || other || out.length >= 5 || (doc.kind === "docx" && out.length >= 1 && !l.bold && !lines[start]!.bold)) break;
    out.push(i);
  }
  return out;
}

/**
 * A line that reads as a subtitle and as no name nor group of authors: three words at least, no comma, no marker before
 * it, no note of the paper's kind ("Job Market Paper"), no name or list of names the name rules read, and no group that
 * signs as an author ("The Harbour Collaboration", "for the Harbour Trial Investigators").
 */
function subtitleNoName(l: Line, lowerWords: Set<string>) {
  const text = l.text.trim();
  return (
    text.split(/\s+/).length >= 3 && !text.includes(",") && !startsWithMarker(l) && !isNoise(l) && !NOT_TITLE.test(text) &&
    !/\b(?:collaboration|consortium|group|investigators|team|network|committee|on behalf of|job market paper)\b/i.test(text) &&
    !looksLikeName(text) && !authorLine(l, lowerWords) && namesOnLine(l, lowerWords).length === 0
  );
}

/** The title's lines as one text: a subtitle set smaller on lines of its own follows a colon, where the line above ends with no mark of its own. */
export const titleOfLines = (titleLines: Line[], vocabulary: Set<string>) =>
  joinLines(
    titleLines.map((l, k) => (titleLines[k + 1] && titleLines[k + 1]!.size < l.size - 0.4 && /[\p{L}\p{N})]$/u.test(l.text.trim()) ? `${l.text.trimEnd()}:` : l.text)),
    vocabulary,
  );
