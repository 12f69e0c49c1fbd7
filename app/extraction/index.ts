/**
 * The manuscript extraction engine: PDF or DOCX bytes in, the front matter out (title, abstract,
 * authors with e-mails, affiliations, countries and the corresponding author, keywords, JEL
 * codes), each with a confidence and where it was found. No web framework: the extraction
 * Worker, `npm run extract` and the tests call `extractManuscript` alike.
 */
import { addressesAtEnd } from "./affiliations";
import { findAbstractLabel } from "./abstract";
import { cleanLines, readHeader, type Header } from "./header";
import { ExtractionFailed, MAX_MANUSCRIPT_BYTES, type ExtractionResult } from "./model";
import { readDocx } from "./read-docx";
import { openPdf, readPdfPages } from "./read-pdf";
import { readingOrder, REFERENCES_HEADING, referencesFrom } from "./references";
import type { Document, Line, Reference } from "./model";

export { ExtractionFailed, MAX_MANUSCRIPT_BYTES } from "./model";
export type { ExtractionResult, ExtractedAuthor, Field, Reference } from "./model";

/** The pages the front matter can be on: a cover page and a title page come first. */
const HEADER_PAGES = 3;
/** The pages after those read for an abstract label the first ones do not print. */
const MORE_HEADER_PAGES = 3;
/** How far from the end the reference list is looked for (appendices and tables may follow it). */
const TAIL_PAGES = 8;

export type FileKind = "pdf" | "docx";

/** What the bytes are, by their content (never by the name). */
export function sniffManuscript(bytes: Uint8Array): FileKind | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).includes("word/")) return "docx";
  return null;
}

/** `references: false` reads the front matter only (the first pages), for a caller in a hurry. */
/** `nameModel: false` reads names with the rules alone (the evaluation's comparison, decision 036). */
export async function extractManuscript(bytes: Uint8Array, options: { references?: boolean; nameModel?: boolean; evidence?: boolean } = {}): Promise<ExtractionResult & { evidence?: Header["evidence"] }> {
  const started = performance.now();
  if (bytes.byteLength > MAX_MANUSCRIPT_BYTES) throw new ExtractionFailed("The manuscript is larger than 25 MB.");
  const kind = sniffManuscript(bytes);
  if (!kind) throw new ExtractionFailed("The file is neither a PDF nor a Word document (.docx), whatever its name says.");
  let doc: Document;
  let pagesRead = 0;
  let references: Reference[] = [];
  let lastPage: Line[] = [];
  if (kind === "pdf") {
    const pdf = await openPdf(bytes);
    try {
      const pages = Array.from({ length: Math.min(HEADER_PAGES, pdf.numPages) }, (_, i) => i + 1);
      pagesRead = pages.length;
      doc = await readPdfPages(pdf, pages);
      if (doc.lines.length < 3) throw new ExtractionFailed("The PDF has no text to read: it may be a scanned image.");
      // A series' front matter may run past the first pages (two covers, an imprint, the contents,
      // then the abstract: an ECB working paper's fifth page). Where the first pages print no
      // abstract label, the next ones are read for one, and kept only where they print it.
      if (pdf.numPages > HEADER_PAGES && findAbstractLabel(cleanLines(doc)).labelIndex < 0) {
        const next = Array.from({ length: Math.min(MORE_HEADER_PAGES, pdf.numPages - HEADER_PAGES) }, (_, i) => HEADER_PAGES + 1 + i);
        const more = await readPdfPages(pdf, next);
        pagesRead += next.length;
        // (A label alone on its line as printed, "Abstract" or "ABSTRACT", not a line of the body that begins with the word.)
        const later = cleanLines({ ...more, pages: pdf.numPages });
        const label = findAbstractLabel(later);
        if (label.labelIndex >= 0 && !label.labelTrails && /^(?:Abstract|ABSTRACT|A B S T R A C T|Summary|SUMMARY)[.:]?$/.test(later[label.labelIndex]!.text.trim())) doc = { ...doc, lines: [...doc.lines, ...more.lines] };
      }
      // The reference list, reading back from the last page until its heading.
      const tail: Line[][] = [];
      for (let p = pdf.numPages; options.references !== false && p >= 1 && p > pdf.numPages - TAIL_PAGES; p--) {
        const raw = p <= HEADER_PAGES ? doc.lines.filter((l) => l.page === p) : (await readPdfPages(pdf, [p])).lines;
        const page = cleanLines({ ...doc, pages: pdf.numPages, lines: raw });
        if (p > HEADER_PAGES) pagesRead++;
        const ordered = readingOrder(page, doc.pageWidth);
        if (p === pdf.numPages) lastPage = ordered;
        tail.unshift(ordered);
        const at = ordered.findIndex((l) => REFERENCES_HEADING.test(l.text.trim()));
        if (at >= 0) {
          const lines = tail.flat();
          references = referencesFrom(lines, lines.indexOf(ordered[at]!), "pdf");
          break;
        }
      }
    } finally {
      await pdf.cleanup?.();
    }
  } else {
    doc = readDocx(bytes);
    pagesRead = doc.pages;
    let at = -1;
    doc.lines.forEach((l, i) => {
      if (REFERENCES_HEADING.test(l.text.trim())) at = i;
    });
    if (at >= 0 && options.references !== false) references = referencesFrom(doc.lines, at, "docx");
  }
  const header = readHeader(doc, undefined, { nameModel: options.nameModel, evidence: options.evidence });
  addressesAtEnd(kind === "pdf" ? lastPage : doc.lines.slice(-40), header.authors);
  const text = doc.lines.map((l) => l.text).join("\n").slice(0, 20_000);
  return { kind, pages: doc.pages, ...header, references, text, stats: { ms: Math.round(performance.now() - started), pagesRead } };
}
