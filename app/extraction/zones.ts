/**
 * Zones of a manuscript's first pages that are not the paper's own front matter, found before any
 * field is read (as GROBID segments a document before it labels the header): an archive's cover page
 * that repeats the article's title and authors as labelled fields, and a publisher's masthead (the
 * journal's name set large between "Contents lists available at …" and "journal homepage: …").
 * The field readers then read the pages without them, so neither the journal's name nor an archive's
 * terms of use can become a title, an abstract or an author.
 */
import type { Line } from "./model";
import { ABSTRACT_LABEL, LETTER_SPACED, isSeriesName } from "./patterns";
import { letterKey, linesSpelling, listItems } from "./text";

/** What an archive's cover page says of the article: its title and its authors as printed there. */
export type Cover = { page: number; title: string | null; titleLine: Line | null; authors: string[]; authorsLine: Line | null };

/** The labelled fields of an archive's cover (JSTOR's: "Author(s):", "Source:", "Published by:", "Stable URL:"). */
const COVER_FIELD = /^(?:author\(s\)|source|published by|stable url|review(?:ed)? work\(s\)|accessed)\s*:/i;
/** The archive's own notice on its cover: its terms of use. */
const COVER_NOTICE = /\bstable url\s*:|\bjstor is a not-for-profit\b|\byour use of the jstor archive\b|\bcollaborating with jstor\b/i;

/** The citation an archive's older cover prints under the authors: "Econometrica, Vol. 57, No. 2. (Mar., 1989), pp. 411-445." */
const COVER_CITATION = /,\s*Vol\.\s*\d+\b.*\bpp?\.\s*\d+/i;
/** A line of names only, as a cover prints them: "John M. Abowd; David Card". */
const NAMES_ONLY = /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]+(?:\s*(?:;|,|\band\b)\s*(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’-]+)*$/u;

/**
 * An archive's cover page: the first page, when it prints the archive's notice and an "Author(s):"
 * field. The title is what the page prints above that field; the authors are that field's names.
 * JSTOR's older covers label neither: the authors are the line of names right above the citation
 * ("Econometrica, Vol. 57, …"), the title the lines above them.
 */
export function readCover(lines: Line[]): Cover | null {
  const page = lines[0]?.page;
  if (page === undefined) return null;
  const onPage = lines.filter((l) => l.page === page);
  if (!onPage.some((l) => COVER_NOTICE.test(l.text))) return null;
  const authorsAt = onPage.findIndex((l) => /^author\(s\)\s*:/i.test(l.text.trim()));
  if (authorsAt < 0) return olderCover(onPage, page);
  // The field runs on over wrapped lines until the next field.
  let authorsText = onPage[authorsAt]!.text.replace(/^author\(s\)\s*:\s*/i, "");
  for (let i = authorsAt + 1; i < onPage.length && !COVER_FIELD.test(onPage[i]!.text.trim()); i++) authorsText += ` ${onPage[i]!.text}`;
  // The title is the run of lines right above that field: a line set apart above it is the publisher's or the
  // society's ("American Finance Association", two lines' height and more above the title).
  const above = onPage.slice(0, authorsAt).filter((l) => !COVER_FIELD.test(l.text.trim()));
  let titleFrom = above.length - 1;
  while (titleFrom > 0 && above[titleFrom]!.y - above[titleFrom - 1]!.y <= Math.max(above[titleFrom]!.size, above[titleFrom - 1]!.size) * 2.5) titleFrom--;
  const titleLines = above.slice(Math.max(titleFrom, 0));
  const title = titleLines.map((l) => l.text.trim()).join(" ").replace(/\s+/g, " ").trim() || null;
  const authors = listItems(authorsText).filter((n) => n.length > 1);
  return { page, title, titleLine: titleLines[0] ?? null, authors, authorsLine: onPage[authorsAt]! };
}

function olderCover(onPage: Line[], page: number): Cover | null {
  // (A citation is one short line: a long one is not looked into, the pattern's cost grows with it.)
  const citation = onPage.findIndex((l) => l.text.length <= 300 && COVER_CITATION.test(l.text));
  const authorsLine = onPage[citation - 1];
  if (citation < 2 || !authorsLine || !NAMES_ONLY.test(authorsLine.text.trim())) return null;
  const titleLines = onPage.slice(0, citation - 1);
  const authors = listItems(authorsLine.text).filter((n) => n.length > 1);
  return { page, title: titleLines.map((l) => l.text.trim()).join(" ").replace(/\s+/g, " ").trim() || null, titleLine: titleLines[0] ?? null, authors, authorsLine };
}

/** Where a series' cover stands before the paper's own title page. */
export type SeriesCover = { page: number; title: string; titlePage: number };

/**
 * A series' cover page (a central bank's, a research institute's, a bureau's working papers): a
 * first page without an abstract whose title, set larger than the text, a later page prints again
 * line for line above the abstract. That later page is the paper's own title page, where the authors
 * carry their notes; the cover prints the series' name, number and address, none of them the
 * paper's. The title is looked for there in the lines that print it again.
 */
export function seriesCover(lines: Line[], body: number): SeriesCover | null {
  const page = lines[0]?.page;
  if (page === undefined) return null;
  const onPage = lines.filter((l) => l.page === page);
  if (onPage.some((l) => ABSTRACT_LABEL.test(l.text) && l.text.trim().length < 40)) return null;
  // The cover's runs of large lines, one size each, the largest first.
  const runs: Line[][] = [];
  onPage.forEach((l, k) => {
    if (l.size < body + 2) return;
    const prev = onPage[k - 1];
    // (Set below it no further than a title's lines are spaced, as `findTitle` allows: a banner in the title's size far
    // above it is a run of its own.)
    if (prev && runs.at(-1)?.at(-1) === prev && Math.abs(prev.size - l.size) < 0.5 && l.y - prev.y < prev.size * 3.8) runs.at(-1)!.push(l);
    else runs.push([l]);
  });
  runs.sort((a, b) => b[0]!.size - a[0]!.size);
  // (Each later page's top lines once, and their keys: a cover of thousands of runs is looked through in linear time.)
  const tops = [page + 1, page + 2, page + 3].map((q) => {
    const top = lines.filter((l) => l.page === q).slice(0, 12);
    const abstractAt = top.findIndex((l) => ABSTRACT_LABEL.test(l.text));
    const before = abstractAt >= 0 ? top.slice(0, abstractAt) : top;
    return { q, keys: before.map((l) => letterKey(l.text)), sizes: before.map((l) => l.size) };
  });
  // A run that could be the title: not the series' own banner, printed again on each page ("W O R K I N G
  // PA P E R S E R I E S", "Staff Reports"), and long enough to be looked for.
  // (A short one, "Crypto carry", is looked for too, but found only where the later page sets it as a title, large.)
  const SHORT = 6;
  const LONG = 15;
  const titleLike = (run: Line[], least = SHORT) => !run.some((l) => LETTER_SPACED.test(l.text) || isSeriesName(l.text)) && letterKey(run.map((l) => l.text).join(" ")).length >= least;
  // (Nor one set at not much more than half the size of the largest that could be: a research network's name
  // in a corner, printed again atop the next page's notes, while the title printed once stands far larger.
  // The largest of the long runs: a short wordmark set large, "Bank of Finland", is no title to measure by.)
  const largest = runs.find((run) => titleLike(run, LONG))?.[0]!.size ?? 0;
  for (const run of runs.slice(0, 40)) {
    if (!titleLike(run) || run[0]!.size < largest * 0.6) continue;
    const want = letterKey(run.map((l) => l.text).join(" "));
    // (At the page's top, before its abstract: a line, or up to four running on, that print the title alone.)
    for (const { q, keys, sizes } of tops) {
      for (let i = 0; i < keys.length; i++) {
        if (want.length < LONG && sizes[i]! < body + 2) continue;
        let got = "";
        for (let j = i; j < Math.min(keys.length, i + 4) && want.startsWith(got + keys[j]!) && got.length < want.length; j++) got += keys[j]!;
        if (got === want) return { page, title: run.map((l) => l.text.trim()).join(" "), titlePage: q };
      }
    }
  }
  return null;
}

/**
 * What a repository's cover page says of itself: where the file was downloaded from, which version it is, under
 * which terms it may be used. One phrase may stand on a paper's own title page ("The version of record is available
 * at …"); a cover prints several.
 */
const REPOSITORY_NOTICE =
  /\bdownloaded from\b|\brepository\b|\bopen archive\b|\baccepted (?:author )?manuscript\b|\bpost-?print\b|\bversion of record\b|\bpublished version\b|\bcitable link\b|\bpermalink\b|\bterms (?:of use|and conditions)\b|\bcopyright policy\b|\bgeneral rights\b|\btake-?down policy\b|\blink to publication\b|\bthis version is available at\b|\bnutzungsbedingungen\b|\bdocument version\b/gi;

/**
 * A repository's cover page: a first page without an abstract that prints the repository's notices (at least two
 * of them) and names the article in a citation, whose title the next page sets large at its top.
 * That next page is the paper's own title page; the cover, in the text's size throughout or not, prints nothing of
 * the paper's front matter that the title page does not print again. Its title is the next page's large lines.
 */
export function repositoryCover(lines: Line[], body: number): SeriesCover | null {
  const page = lines[0]?.page;
  if (page === undefined) return null;
  const onPage = lines.filter((l) => l.page === page);
  const text = onPage.map((l) => l.text).join(" ");
  const notices = new Set(Array.from(text.matchAll(REPOSITORY_NOTICE), (m) => m[0].toLowerCase()));
  if (notices.size < 2 || onPage.some((l) => ABSTRACT_LABEL.test(l.text) && l.text.trim().length < 40)) return null;
  // (The next page's first large lines, one size, that the cover names: "Asset Prices and Portfolio Choice with
  // Learning from" / "Experience" under a cover citing "Ehling, P., … (2018). Asset prices and portfolio choice with
  // learning from experience. The Review of …".)
  const top = lines.filter((l) => l.page === page + 1).slice(0, 12);
  const first = top.findIndex((l) => l.size >= body + 2);
  if (first < 0) return null;
  const run = [top[first]!];
  for (const l of top.slice(first + 1)) {
    if (Math.abs(l.size - run[0]!.size) >= 0.5 || l.y - run.at(-1)!.y > l.size * 2) break;
    run.push(l);
  }
  const title = run.map((l) => l.text.trim()).join(" ");
  const want = letterKey(title);
  // (A cover names the article in a citation or its notice, never as lines of its own, and prints no author's e-mail:
  // an accepted manuscript's own title page, its version's notice over the title, is the paper's.)
  const printsTitleAsLines = onPage.some((_, i) => linesSpelling(onPage, i, want) > 0);
  return want.length >= 15 && letterKey(text).includes(want) && !printsTitleAsLines && !text.includes("@") ? { page, title, titlePage: page + 1 } : null;
}

/** The lines that open and close a publisher's masthead. */
const MASTHEAD_OPENS = /^contents lists available at\b/i;
/** Matched against the line with its spaces taken out: it may be printed in letters spaced apart, evenly or not ("jo u r n al ho me p a g e : …"). */
const MASTHEAD_CLOSES = /^journalhomepage:/i;

/**
 * A publisher's masthead on the first page with text: every line from the one that opens it to the
 * one that closes it (the journal's name between them, set larger than the title). None without both.
 */
export function mastheadLines(lines: Line[]): Set<Line> {
  const page = lines[0]?.page;
  const onPage = lines.filter((l) => l.page === page);
  const opens = onPage.findIndex((l) => MASTHEAD_OPENS.test(l.text.trim()));
  const closes = onPage.findIndex((l) => MASTHEAD_CLOSES.test(l.text.replace(/\s+/g, "")));
  if (opens < 0 || closes < opens || closes - opens > 4) return new Set();
  const [top, bottom] = [onPage[opens]!.y, onPage[closes]!.y];
  return new Set(onPage.filter((l) => l.y >= top - 1 && l.y <= bottom + 1));
}

/**
 * The column a label heads when the page sets two blocks side by side under their labels (an
 * Elsevier first page: "article info" on the left, "abstract" on the right; Wiley's sidebar of
 * affiliations beside its "Summary"): the label's left edge,
 * or null when nothing else is printed on the label's row.
 */
export function labelColumn(lines: Line[], label: Line): number | null {
  // (On its row: within a little more than half its size of it, as a sidebar set in smaller type
  // beside a journal's "Summary" stands, two points lower.)
  const beside = lines.some((l) => l !== label && l.page === label.page && Math.abs(l.y - label.y) < Math.max(2, label.size * 0.6) && l.x + l.width < label.x - 10);
  return beside ? label.x : null;
}
