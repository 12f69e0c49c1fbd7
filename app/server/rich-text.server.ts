import * as xssModule from "xss";
import { SAFE_URL } from "~/lib/safe-url";

// xss is CommonJS: bundlers expose its exports as named, the unbundled test runtime under `default`.
type XssModule = typeof import("xss");
const xss: XssModule = (xssModule as unknown as { default?: XssModule }).default ?? (xssModule as unknown as XssModule);
const { FilterXSS, escapeAttrValue, safeAttrValue } = xss;

/**
 * Rich text (conference sections, news) is sanitised with an allow-list before it is stored
 * and again before it is rendered. Tags outside the list are dropped with their markup kept as
 * text; script and style bodies vanish; only http(s), mailto, tel and site-relative links survive.
 */
const A = ["href", "title", "target", "rel"];
const CELL = ["colspan", "rowspan"];
const ALLOWED: Record<string, string[]> = {
  p: [], br: [], hr: [], strong: [], b: [], em: [], i: [], u: [], s: [], sub: [], sup: [], small: [],
  h1: [], h2: [], h3: [], h4: [], blockquote: [], pre: [], code: [], span: [], div: [],
  ul: [], ol: ["start"], li: [], a: A,
  table: [], thead: [], tbody: [], tfoot: [], tr: [], th: CELL, td: CELL, caption: [],
  img: ["src", "alt", "width", "height", "title"], figure: [], figcaption: [],
};

const FILE_LINK = /^\/(conferences|news)\/(files|photos)\/([A-Za-z0-9._-]+)$/;

/** '/conferences/files/x.pdf' in old content points at the file route under /api. */
export function rewriteFileLink(url: string) {
  const m = FILE_LINK.exec(url);
  return m ? `/api/${m[1]}/${m[2]}/${m[3]}` : url;
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math"],
  allowCommentTag: false,
  safeAttrValue(tag, name, value, cssFilter) {
    if (name === "href" || name === "src") {
      const cleaned = safeAttrValue(tag, name, value.trim(), cssFilter);
      if (!SAFE_URL.test(cleaned)) return "";
      return escapeAttrValue(rewriteFileLink(cleaned));
    }
    if (name === "target") return value === "_blank" ? "_blank" : "";
    if (name === "rel") return "noopener noreferrer";
    if (["width", "height", "colspan", "rowspan", "start"].includes(name)) {
      return /^\d{1,4}$/.test(value) ? value : "";
    }
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

/**
 * The sanitiser is a pure function of its input, and public pages render the same stored rich
 * text again and again (every conference page view sanitises up to sixteen sections), so results
 * are kept in this isolate: at most MEMO_CHARS characters of input, emptied when full.
 */
const MEMO_CHARS = 4_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeUncached(html);
  if (memoChars + html.length > MEMO_CHARS) {
    memo.clear();
    memoChars = 0;
  }
  if (html.length <= MEMO_CHARS / 8) {
    memo.set(html, clean);
    memoChars += html.length;
  }
  return clean;
}

function sanitizeUncached(html: string): string {
  // On already-clean output: a link that opens a new window never gets a handle on this one.
  return filter
    .process(html)
    .replace(/<a\b[^>]*>/g, (tag) =>
      /\starget="_blank"/.test(tag) ? tag.replace(/\s+rel="[^"]*"/g, "").replace(/>$/, ' rel="noopener noreferrer">') : tag,
    )
    .trim();
}

/** Sanitised HTML, or null when nothing visible remains (so empty sections are not shown). */
export function richTextOrNull(html: string | null | undefined): string | null {
  const clean = sanitizeRichText(html);
  const visible = clean.replace(/<(?!img)[^>]*>/g, "").replace(/&nbsp;/g, " ").trim();
  return visible || /<img\b/i.test(clean) ? clean : null;
}
