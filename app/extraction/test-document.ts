import { joinSpans } from "./text";
import type { Document, Line } from "./model";

/**
 * A one-page PDF-like document of left-aligned lines, 16 points apart, for the readers' tests.
 * "^1" or "^*" in a row is a raised marker: its own small span, left out of the line's text as the
 * PDF reader leaves it.
 */
export function documentOf(rows: Array<[string, number]>): Document {
  return {
    kind: "pdf",
    pages: 1,
    pageWidth: 612,
    pageHeight: 792,
    lines: rows.map(([row, size], i) => {
      const y = 80 + i * 16;
      let x = 72;
      const spans = row
        .split(/(\^(?:\d+|[*†‡§]+|[a-h]|,|–))/)
        .filter(Boolean)
        .map((part) => {
          const sup = part.startsWith("^");
          const text = sup ? part.slice(1) : part;
          const span = { text, x, y: sup ? y - 3 : y, width: text.length * size * (sup ? 0.3 : 0.45), size: sup ? size * 0.6 : size, font: "Times", sup };
          x += span.width;
          return span;
        });
      return { page: 1, x: 72, y, width: x - 72, size, text: joinSpans(spans.filter((s) => !s.sup)), spans };
    }),
  };
}

/** A printed line at a position, in one span. */
export function lineAt(page: number, x: number, y: number, size: number, text: string, width = text.length * size * 0.45): Line {
  return { page, x, y, width, size, text, spans: [{ text, x, y, width, size, font: "Times", sup: false }] };
}

/** Sets lines centred on the page's axis (a title page's centred block), their spans where they were. */
export function centred(lines: Line[], axis = 306) {
  for (const l of lines) l.x = axis - l.width / 2;
}

/** A printed line of spans in their own fonts or raised: `[x, text, size, font, raised]`, the line's text the spans not raised. */
export function lineOfSpans(page: number, y: number, parts: Array<[number, string, number, string?, boolean?]>): Line {
  const spans = parts.map(([x, text, size, font = "Times", sup = false]) => ({ text, x, y: sup ? y - 3 : y, width: text.length * size * 0.45, size, font, sup }));
  const body = spans.filter((s) => !s.sup);
  const last = spans[spans.length - 1]!;
  return { page, x: spans[0]!.x, y, width: last.x + last.width - spans[0]!.x, size: Math.max(...body.map((s) => s.size)), text: joinSpans(body), spans };
}

/** A document of the lines given, laid out as they are. */
export const documentOfLines = (lines: Line[]): Document => ({ kind: "pdf", pages: Math.max(...lines.map((l) => l.page)), pageWidth: 612, pageHeight: 792, lines });
