/**
 * DOCX text from its document XML (unpacked within limits by ./unpack; no DOM needed): one line
 * per paragraph, with the runs' sizes, bold, italics and superscripts, centring, and page breaks
 * counted as pages.
 * Running heads and footers live in other parts of the package, so they never get in the way.
 */
import { MAX_LINE_CHARS, fixLigatures, joinSpans } from "./text";
import { ExtractionFailed, type Document, type Line } from "./model";
import { unzipParts } from "./unpack";

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");

type Style = { size?: number; bold?: boolean; italic?: boolean; centered?: boolean; basedOn?: string };

function readStyles(xml: string) {
  const styles = new Map<string, Style>();
  const defaults = /<w:docDefaults>[\s\S]*?<w:sz w:val="(\d+)"/.exec(xml);
  for (const m of xml.matchAll(/<w:style\b[^>]*w:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
    const body = m[2]!;
    styles.set(m[1]!, {
      size: /<w:sz w:val="(\d+)"/.exec(body) ? Number(/<w:sz w:val="(\d+)"/.exec(body)![1]) / 2 : undefined,
      bold: /<w:b\/>|<w:b w:val="(?:1|true)"\/>/.test(body) || undefined,
      italic: /<w:i\/>|<w:i w:val="(?:1|true)"\/>/.test(body) || undefined,
      centered: /<w:jc w:val="center"\/>/.test(body) || undefined,
      basedOn: /<w:basedOn w:val="([^"]+)"/.exec(body)?.[1],
    });
  }
  const resolve = (id: string | undefined, depth = 0): Style => {
    const s = id ? styles.get(id) : undefined;
    if (!s || depth > 8) return {};
    const parent = resolve(s.basedOn, depth + 1);
    return { size: s.size ?? parent.size, bold: s.bold ?? parent.bold, italic: s.italic ?? parent.italic, centered: s.centered ?? parent.centered };
  };
  return { resolve, defaultSize: defaults ? Number(defaults[1]) / 2 : 11 };
}

export function readDocx(bytes: Uint8Array): Document {
  // Unpacked within limits (decision 042): a part that would unpack to more is refused early.
  const files = unzipParts(bytes, ["word/document.xml", "word/styles.xml", "word/footnotes.xml"]).parts;
  const documentXml = files["word/document.xml"];
  if (!documentXml) throw new ExtractionFailed("The file is not a Word document (.docx): it has no document text.");
  const decoder = new TextDecoder();
  const xml = decoder.decode(documentXml);
  const styles = readStyles(files["word/styles.xml"] ? decoder.decode(files["word/styles.xml"]) : "");
  const body = /<w:body>([\s\S]*)<\/w:body>/.exec(xml)?.[1] ?? xml;

  /** One paragraph's runs as spans; a footnote reference becomes a superscript marker (its id). */
  const readParagraph = (inner: string, y: number) => {
    const pPr = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(inner)?.[1] ?? "";
    const pStyle = styles.resolve(/<w:pStyle w:val="([^"]+)"/.exec(pPr)?.[1] ?? "Normal");
    const centered = /<w:jc w:val="center"\/>/.test(pPr) || Boolean(pStyle.centered);
    const spans: Line["spans"] = [];
    const footnotes: string[] = [];
    let pageBreaks = 0;
    let x = 0;
    for (const r of inner.matchAll(/<w:r\b[^>]*>([\s\S]*?)<\/w:r>/g)) {
      const run = r[1]!;
      if (/<w:br w:type="page"\/>/.test(run)) pageBreaks++;
      const rPr = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(run)?.[1] ?? "";
      const rStyle = styles.resolve(/<w:rStyle w:val="([^"]+)"/.exec(rPr)?.[1]);
      const sz = /<w:sz w:val="(\d+)"/.exec(rPr);
      const size = sz ? Number(sz[1]) / 2 : (rStyle.size ?? pStyle.size ?? styles.defaultSize);
      const note = /<w:footnoteReference w:id="(\d+)"\/>/.exec(run);
      if (note) {
        footnotes.push(note[1]!);
        spans.push({ text: note[1]!, x, y, width: size * 0.5, size: size * 0.6, font: "", sup: true });
        x += size * 0.5;
        continue;
      }
      const text = fixLigatures(
        [...run.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\/>/g)].map((t) => (t[1] !== undefined ? decodeXml(t[1]) : " ")).join("").slice(0, MAX_LINE_CHARS),
      );
      if (!text) continue;
      const bold = /<w:b\/>|<w:b w:val="(?:1|true)"\/>/.test(rPr) || (!/<w:b w:val="(?:0|false)"\/>/.test(rPr) && Boolean(rStyle.bold ?? pStyle.bold));
      const italic = /<w:i\/>|<w:i w:val="(?:1|true)"\/>/.test(rPr) || Boolean(rStyle.italic ?? pStyle.italic);
      const sup = /<w:vertAlign w:val="superscript"\/>/.test(rPr);
      const width = text.length * size * 0.5;
      spans.push({ text, x, y, width, size, font: `${bold ? "bold" : ""}${italic ? "italic" : ""}`, sup });
      x += width;
    }
    return { spans, centered, footnotes, pageBreaks, width: x };
  };

  const toLine = (spans: Line["spans"], centered: boolean, page: number, y: number, width: number): Line | null => {
    const text = joinSpans(spans.filter((sp) => !sp.sup).map((sp) => ({ ...sp, x: 0, width: 0, size: 0 }))).replace(/\s+/g, " ").trim();
    if (!text) return null;
    const bodySpans = spans.filter((sp) => !sp.sup && sp.text.trim());
    const chars = (pred: (sp: (typeof spans)[number]) => boolean) => bodySpans.filter(pred).reduce((n, sp) => n + sp.text.length, 0);
    const total = chars(() => true) || 1;
    const sizes = bodySpans.flatMap((sp) => Array(sp.text.length).fill(sp.size) as number[]).sort((a, b) => a - b);
    return {
      page,
      x: 0,
      y,
      width,
      size: sizes[Math.floor(sizes.length / 2)] ?? styles.defaultSize,
      text,
      spans,
      bold: chars((sp) => sp.font.includes("bold")) / total > 0.6,
      italic: chars((sp) => sp.font.includes("italic")) / total > 0.6,
      centered,
      paragraphStart: true,
    };
  };

  // Footnotes (word/footnotes.xml), placed after the paragraph that refers to them, each starting
  // with its marker: where Word manuscripts put affiliations, addresses and thanks.
  const footnoteXml = files["word/footnotes.xml"] ? decoder.decode(files["word/footnotes.xml"]) : "";
  const footnoteBodies = new Map<string, string[]>();
  for (const f of footnoteXml.matchAll(/<w:footnote\b[^>]*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:footnote>/g)) {
    footnoteBodies.set(f[1]!, [...f[2]!.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)].map((m) => m[1]!));
  }

  const lines: Line[] = [];
  let page = 1;
  let index = 0;
  for (const p of body.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)) {
    const inner = p[1]!;
    index++;
    const paragraph = readParagraph(inner, index * 20);
    page += paragraph.pageBreaks;
    const line = toLine(paragraph.spans, paragraph.centered, page, index * 20, paragraph.width);
    if (line) lines.push(line);
    for (const id of paragraph.footnotes) {
      for (const [k, para] of (footnoteBodies.get(id) ?? []).entries()) {
        index++;
        const note = readParagraph(para, index * 20);
        // The footnote's own reference mark, if Word printed one, is replaced by the marker.
        const spans = note.spans.filter((sp) => !sp.sup);
        const marker = { text: id, x: 0, y: index * 20, width: 3, size: 6, font: "", sup: true };
        const noteLine = toLine(k === 0 ? [marker, ...spans] : spans, false, page, index * 20, note.width);
        if (noteLine) lines.push(noteLine);
      }
    }
  }
  if (!lines.length) throw new ExtractionFailed("The Word document has no text to read.");
  return { kind: "docx", pages: page, pageWidth: 612, pageHeight: 792, lines };
}
