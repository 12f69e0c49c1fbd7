/**
 * GROBID's annotated headers (kermitt2/grobid, Apache-2.0) as documents the engine can read
 *: real articles' first pages, typeset by their publishers and authors.
 *
 * GROBID keeps, for each document, the tokens of its header with layout features
 * (`header/corpus/raw/ID.training.header`: a token per row; columns 10–16 and 28–30 say where
 * a block and a line start, the alignment, whether the font and its size changed from the token
 * before, bold, italic, and whether the token is in the document's largest, smallest or a larger
 * than average font) and the same text labelled by people (`header/corpus/tei/ID…tei.xml`:
 * titlePart, docAuthor, affiliation, address, email, keyword, the abstract). Authors are split
 * into given and family names for some documents (`name/header/corpus/ID.authors.tei.xml`).
 *
 * This module aligns the two character by character, so every token gets its label and the
 * spacing it had, builds the lines, and gives them a geometry from the features: the font sizes
 * are rebuilt from the size changes (a walk up and down between anchors: the largest font, the
 * body), raised markers from a smaller single character or digit run inside a line. Positions
 * are not in the data (no x, no centring), so every line starts at the left margin; that is the
 * biggest difference from a PDF, and it makes these documents harder for the engine, not easier.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const LABELS = { titlePart: "title", docAuthor: "author", affiliation: "affiliation", address: "address", email: "email", keyword: "keywords", keywords: "keywords" };

/** XML's character references and entities as text. */
export const decode = (s) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The tokens of a raw file, with the features the geometry is made from. */
export function readRaw(text) {
  const tokens = [];
  for (const row of text.split("\n")) {
    const f = row.split(" ");
    if (f.length < 31) continue;
    tokens.push({
      text: f[0],
      block: f[10],
      line: f[11],
      align: f[12],
      newFont: f[13] === "NEWFONT",
      size: f[14],
      bold: f[15] === "1",
      italic: f[16] === "1",
      digit: f[18],
      single: f[19] === "1",
      largest: f[28] === "1",
      smallest: f[29] === "1",
      larger: f[30] === "1",
    });
  }
  return tokens;
}

/**
 * The labelled text of a TEI file: every non-space character with its label and whether a
 * space came before it, and the fields as people wrote them down.
 */
export function readTei(xml) {
  const front = /<front>([\s\S]*)<\/front>/.exec(xml)?.[1] ?? "";
  const chars = [];
  const stack = [];
  const fields = { title: [], abstract: [], emails: [], affiliations: [], keywords: [] };
  let space = true;
  const label = () => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i].label) return stack[i].label;
    return "other";
  };
  for (const m of front.matchAll(/<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    if (m[5] !== undefined) {
      const text = decode(m[5]);
      for (const c of text) {
        if (/\s/.test(c)) space = true;
        else {
          chars.push({ c, label: label(), space });
          space = false;
        }
      }
      for (const el of stack) if (el.collect) el.text += text;
      continue;
    }
    const [, close, name, attrs, selfClosing] = m;
    if (name === "lb") {
      space = true;
      for (const el of stack) if (el.collect) el.text += " ";
      continue;
    }
    if (selfClosing) continue;
    if (!close) {
      const isAbstract = name === "div" && /type="abstract"/.test(attrs);
      const own = isAbstract ? "abstract" : (LABELS[name] ?? (["byline", "docTitle", "div"].includes(name) ? null : "other"));
      stack.push({ name, label: own, collect: Boolean(own && own !== "other"), text: "" });
      continue;
    }
    const i = stack.map((e) => e.name).lastIndexOf(name);
    if (i < 0) continue;
    const [el] = stack.splice(i, 1);
    const text = el.text.replace(/\s+/g, " ").trim();
    if (!text) continue;
    if (el.label === "title") fields.title.push(text);
    else if (el.label === "abstract") fields.abstract.push(text);
    else if (el.label === "email") fields.emails.push(text);
    else if (el.label === "keywords") fields.keywords.push(text);
    else if (el.label === "affiliation") fields.affiliations.push({ text, address: "" });
    else if (el.label === "address" && fields.affiliations.length) {
      const last = fields.affiliations[fields.affiliations.length - 1];
      if (!last.address) last.address = text;
    }
  }
  return { chars, fields };
}

/**
 * Each raw token's label and spacing, from the TEI characters: the two texts are the same but
 * for a few characters (ligatures, encodings), so a mismatch is skipped and the walk picks up
 * again where the token's text is found a little further on.
 */
export function align(tokens, chars) {
  let j = 0;
  let aligned = 0;
  let total = 0;
  let lastLabel = "other";
  for (const t of tokens) {
    const cs = [...t.text];
    total += cs.length;
    let start = j;
    if (chars[j]?.c !== cs[0]) {
      // Resynchronise: the token's text a little further on.
      for (let k = j + 1; k < Math.min(chars.length, j + 40); k++) {
        let ok = true;
        for (let n = 0; n < cs.length && ok; n++) ok = chars[k + n]?.c === cs[n];
        if (ok) {
          start = k;
          break;
        }
      }
    }
    const labels = {};
    let at = start;
    for (const c of cs) {
      if (chars[at]?.c === c) {
        labels[chars[at].label] = (labels[chars[at].label] ?? 0) + 1;
        aligned++;
        at++;
      }
    }
    if (at > start) {
      t.label = Object.entries(labels).sort((a, b) => b[1] - a[1])[0][0];
      t.space = chars[start].space;
      j = at;
    } else {
      t.label = lastLabel;
      t.space = true;
    }
    lastLabel = t.label;
  }
  return total ? aligned / total : 0;
}

const PAGE = { width: 612, height: 792, margin: 72 };

/**
 * The font size of every token, rebuilt from the features: a level that steps up on HIGHERFONT
 * and down on LOWERFONT, tokens of the document's largest font set to the top, the most common
 * level taken as the body (10 pt), a level worth one point, sizes kept between 6 and 20.
 */
function sizes(tokens) {
  const levels = [];
  let level = 0;
  for (const t of tokens) {
    if (t.size === "HIGHERFONT") level++;
    else if (t.size === "LOWERFONT") level--;
    levels.push(level);
  }
  const counts = new Map();
  tokens.forEach((t, i) => {
    if (!t.largest) counts.set(levels[i], (counts.get(levels[i]) ?? 0) + 1);
  });
  const body = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return tokens.map((t, i) => (t.largest ? 18 : t.smallest ? 7 : Math.min(16, Math.max(6, 10 + (levels[i] - body)))));
}

/** The lines of a document, as the engine's Document, with each line's label (the majority of its tokens). */
export function toDocument(tokens) {
  const size = sizes(tokens);
  const rows = [];
  tokens.forEach((t, i) => {
    if (!rows.length || t.line === "LINESTART" || t.block === "BLOCKSTART") rows.push({ block: t.block === "BLOCKSTART", items: [] });
    rows[rows.length - 1].items.push({ ...t, pt: size[i] });
  });
  const lines = [];
  const labels = [];
  let y = PAGE.margin;
  let page = 1;
  for (const row of rows) {
    const counts = new Map();
    for (const t of row.items) counts.set(t.pt, (counts.get(t.pt) ?? 0) + t.text.length);
    const lineSize = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
    if (row.block && lines.length) y += lineSize * 0.8;
    y += lineSize * 1.2;
    if (y > PAGE.height - PAGE.margin) {
      page++;
      y = PAGE.margin + lineSize * 1.2;
    }
    const x0 = PAGE.margin + (row.items[0].align === "LINEINDENT" ? 18 : 0);
    let x = x0;
    let text = "";
    const spans = [];
    let prevSup = false;
    row.items.forEach((t, k) => {
      // A raised marker: a smaller digit run, symbol or single letter right after a word.
      const sup = (k > 0 || row.items.length > 1) && t.pt < lineSize - 0.5 && (t.digit === "ALLDIGIT" || t.single || /^[*∗†‡§¶#]+$/.test(t.text)) && t.text.length <= 3;
      // GROBID's text puts a space wherever the font changes ("Kuhn 1 , A. Basa"); a PDF reader
      // joins a marker to its name and a comma to what it follows ("Kuhn1, A. Basa").
      const gap = k > 0 && t.space && !(sup && !prevSup) && !/^[,;:.)\]]$/.test(t.text) ? " " : "";
      prevSup = sup;
      const width = [...t.text].length * t.pt * 0.5;
      x += gap ? t.pt * 0.25 : 0;
      spans.push({ text: gap + t.text, x, y, width, size: t.pt, font: t.bold ? "Bold" : t.italic ? "Italic" : "Regular", sup });
      if (!sup) text += gap + t.text;
      x += width;
    });
    const bold = row.items.filter((t) => t.bold).length > row.items.length / 2;
    const italic = row.items.filter((t) => t.italic).length > row.items.length / 2;
    // As the PDF reader gives it: a line's text without its raised markers (they stay in its spans).
    if (!text.trim()) continue;
    lines.push({ page, x: x0, y, width: x - x0, size: lineSize, text: text.trim(), spans, bold, italic });
    const tally = {};
    for (const t of row.items) tally[t.label] = (tally[t.label] ?? 0) + t.text.length;
    const label = Object.entries(tally).sort((a, b) => b[1] - a[1])[0][0];
    labels.push(label === "address" ? "affiliation" : label);
  }
  return { doc: { kind: "pdf", pages: page, pageWidth: PAGE.width, pageHeight: PAGE.height, lines }, labels };
}

const SIZES = ["SAMEFONTSIZE", "HIGHERFONT", "LOWERFONT"];
const TOKEN_LABELS = ["other", "title", "author", "affiliation", "address", "email", "abstract", "keywords"];
const FLAGS = ["blockStart", "lineStart", "indent", "bold", "italic", "allDigit", "single", "largest", "smallest", "space"];

/** A token as [text, code]: the features toDocument needs, its label and spacing, in one number. */
export function encodeToken(t) {
  const flags = [t.block === "BLOCKSTART", t.line === "LINESTART", t.align === "LINEINDENT", t.bold, t.italic, t.digit === "ALLDIGIT", t.single, t.largest, t.smallest, t.space];
  const bits = flags.reduce((n, f, i) => n | (f ? 1 << i : 0), 0);
  return [t.text, bits + (SIZES.indexOf(t.size) << 10) + (TOKEN_LABELS.indexOf(t.label) << 12)];
}

export function decodeToken([text, code]) {
  const flag = Object.fromEntries(FLAGS.map((f, i) => [f, Boolean(code & (1 << i))]));
  return {
    text,
    block: flag.blockStart ? "BLOCKSTART" : "BLOCKIN",
    line: flag.lineStart ? "LINESTART" : "LINEIN",
    align: flag.indent ? "LINEINDENT" : "ALIGNEDLEFT",
    size: SIZES[(code >> 10) & 3],
    bold: flag.bold,
    italic: flag.italic,
    digit: flag.allDigit ? "ALLDIGIT" : "NODIGIT",
    single: flag.single,
    largest: flag.largest,
    smallest: flag.smallest,
    space: flag.space,
    label: TOKEN_LABELS[(code >> 12) & 7],
  };
}

/** The people GROBID's name corpus annotated for a document, in order, or null when it has none. */
export function readAuthors(datasetDir, id) {
  const dir = path.join(datasetDir, "name/header/corpus");
  const file = [`${id}.authors.tei.xml`, `${id}.training.header.authors.tei.xml`].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  if (!file) return null;
  const xml = readFileSync(file, "utf8");
  const people = [];
  for (const m of xml.matchAll(/<persName>([\s\S]*?)<\/persName>/g)) {
    const part = (tag) => [...m[1].matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((x) => decode(x[1]).trim()).join(" ");
    const firstName = [part("forename"), part("middlename")].filter(Boolean).join(" ");
    const lastName = part("surname");
    if (lastName) people.push({ firstName, lastName });
  }
  return people;
}

/** One GROBID document as { id, tokens (labelled), truth, alignment }, or null when its files are missing. */
export function readGrobidDocument(datasetDir, id) {
  const corpus = path.join(datasetDir, "header/corpus");
  const rawFile = path.join(corpus, "raw", `${id}.training.header`);
  const teiFile = [`${id}.training.header.tei.xml`, `${id}.header.tei.xml`].map((f) => path.join(corpus, "tei", f)).find((f) => existsSync(f));
  if (!existsSync(rawFile) || !teiFile) return null;
  const tokens = readRaw(readFileSync(rawFile, "utf8"));
  const { chars, fields } = readTei(readFileSync(teiFile, "utf8"));
  const alignment = align(tokens, chars);
  const truth = {
    title: fields.title.join(" ") || null,
    abstract: fields.abstract.join(" ") || null,
    emails: fields.emails,
    affiliations: fields.affiliations,
    keywords: fields.keywords,
    authors: readAuthors(datasetDir, id),
  };
  return { id, tokens, truth, alignment };
}

/** Where the converted halves are (`scripts/grobid/convert.mjs` writes them). */
export const FIXTURES = "tests/fixtures/grobid";

/** A converted half ("dev" or "held-out") as documents the engine reads: { id, doc, labels, truth }. */
export function loadHalf(half) {
  const file = path.join(FIXTURES, `${half}.json.gz`);
  if (!existsSync(file)) return [];
  const { documents } = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8"));
  return documents.map((d) => ({ id: d.id, ...toDocument(d.tokens.map(decodeToken)), truth: d.truth }));
}
