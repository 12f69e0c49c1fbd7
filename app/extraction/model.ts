/**
 * What the extraction engine reads and returns. The engine (`app/extraction/`) depends on no web
 * framework: the extraction Worker, the command line and the tests call it alike.
 */

/** A piece of text as printed: its page (1-based), position (points from the top-left) and size. */
export type Span = { text: string; x: number; y: number; width: number; size: number; font: string };

/** A printed line: its spans left to right; `sup` marks spans raised and smaller than the line. */
export type Line = {
  page: number;
  x: number;
  y: number;
  width: number;
  /** The line's body size: the size most of its characters have. */
  size: number;
  text: string;
  spans: Array<Span & { sup: boolean }>;
  /** Set by readers that know it (DOCX): bold, italic, centred. */
  bold?: boolean;
  italic?: boolean;
  centered?: boolean;
  /** Set by readers that know it (DOCX): the line starts a new paragraph. */
  paragraphStart?: boolean;
};

export type Document = { kind: "pdf" | "docx"; pages: number; pageWidth: number; pageHeight: number; lines: Line[] };

/**
 * What the wizard's words for a confidence mean: "high confidence" from `high` up, "medium" from
 * `medium` up, "low" below. The evaluation reports how often a value in each band is wrong.
 */
export const CONFIDENCE_BANDS = { high: 0.9, medium: 0.7 } as const;

/** Where a value was found, so the wizard can show it. */
export type Source = { page: number; x: number; y: number };
export type Field<T> = { value: T; confidence: number; source: Source | null };

export type ExtractedAuthor = {
  firstName: string;
  lastName: string;
  email: string | null;
  /** Institution (and department when printed), without the trailing country. */
  affiliation: string | null;
  institution: string | null;
  department: string | null;
  country: string | null;
  isCorresponding: boolean;
  confidence: number;
  source: Source | null;
};

export type Reference = { text: string; doi: string | null; year: number | null };

export type ExtractionResult = {
  kind: "pdf" | "docx";
  pages: number;
  title: Field<string | null>;
  abstract: Field<string | null>;
  authors: ExtractedAuthor[];
  keywords: Field<string[]>;
  jel: Field<string[]>;
  references: Reference[];
  /** The text of the pages read (at most 20,000 characters): what an optional model may quote. */
  text: string;
  /** How long the engine worked, in milliseconds, and how many pages it read. */
  stats: { ms: number; pagesRead: number };
};

/** The largest manuscript accepted (25 MB), by the wizard and by the engine alike. */
export const MAX_MANUSCRIPT_BYTES = 26_214_400;

/** A manuscript the engine cannot read, with the reason in words for the author. */
export class ExtractionFailed extends Error {}
