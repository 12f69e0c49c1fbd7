/**
 * The manuscript extraction engine: PDF or DOCX bytes in, the front matter out (title, abstract,
 * authors with e-mails, affiliations, countries and the corresponding author, keywords, JEL
 * codes), each with a confidence and where it was found. No web framework: the extraction
 * Worker, `npm run extract` and the tests call `extractManuscript` alike.
 */
import { readHeader } from "./header";
import { ExtractionFailed, type ExtractionResult } from "./model";
import { readDocx } from "./read-docx";
import { openPdf, readPdfPages } from "./read-pdf";

export { ExtractionFailed } from "./model";
export type { ExtractionResult, ExtractedAuthor, Field, Reference } from "./model";

/** The pages the front matter can be on: a cover page and a title page come first. */
const HEADER_PAGES = 3;
export const MAX_MANUSCRIPT_BYTES = 25 * 1024 * 1024;

export type FileKind = "pdf" | "docx";

/** What the bytes are, by their content (never by the name). */
export function sniffManuscript(bytes: Uint8Array): FileKind | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).includes("word/")) return "docx";
  return null;
}

export async function extractManuscript(bytes: Uint8Array): Promise<ExtractionResult> {
  const started = performance.now();
  if (bytes.byteLength > MAX_MANUSCRIPT_BYTES) throw new ExtractionFailed("The manuscript is larger than 25 MB.");
  const kind = sniffManuscript(bytes);
  if (!kind) throw new ExtractionFailed("The file is neither a PDF nor a Word document (.docx), whatever its name says.");
  let doc;
  let pagesRead = 0;
  if (kind === "pdf") {
    const pdf = await openPdf(bytes);
    try {
      const pages = Array.from({ length: Math.min(HEADER_PAGES, pdf.numPages) }, (_, i) => i + 1);
      pagesRead = pages.length;
      doc = await readPdfPages(pdf, pages);
    } finally {
      await pdf.cleanup?.();
    }
    if (doc.lines.length < 3) throw new ExtractionFailed("The PDF has no text to read: it may be a scanned image.");
  } else {
    doc = readDocx(bytes);
    pagesRead = doc.pages;
  }
  const header = readHeader(doc);
  const text = doc.lines.map((l) => l.text).join("\n").slice(0, 20_000);
  return { kind, pages: doc.pages, ...header, references: [], text, stats: { ms: Math.round(performance.now() - started), pagesRead } };
}
