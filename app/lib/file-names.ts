/**
 * What the site keeps and shows of an uploaded file's name, and how it states a file's size when
 * refusing it. Pure: the upload's server code, the download's Content-Disposition and the wizard's
 * browser check all use the same rules (decision 043).
 */

/** The most characters (code points) a kept name has, its extension included. */
export const MAX_FILE_NAME_CHARS = 200;

/**
 * Characters that are never part of a name anyone meant to give. Controls (C0, DEL, C1) and the
 * line and paragraph separators stand between words, so they become a space; the bidirectional
 * marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), with which "invoice\u202Efdp.exe" reads as "invoiceexe.pdf", and the zero-width
 * characters and byte-order mark (U+200B–U+200D, U+2060, U+FEFF), which make two names that look
 * the same differ, are removed.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/**
 * An uploaded file's name as the site keeps it: the last segment of a path a client may have
 * sent ("C:\fakepath\paper.pdf"), without the characters above, runs of white space made one
 * space, trimmed; then at most `max` characters, shortened in the middle of the stem so that the
 * extension stays (a name that is too long is not the author's error, and the extension is what
 * the upload's checks and the download rely on). Empty when nothing is left.
 */
export function cleanFileName(raw: string, max = MAX_FILE_NAME_CHARS): string {
  const base = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const name = base.replace(CONTROLS, " ").replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? "";
  const keep = Math.max(max - ext.length - 1, 1);
  const stem = Array.from(name.slice(0, name.length - ext.length));
  // The start and the end of the stem usually carry what tells files apart (a title, a version).
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return `${stem.slice(0, head).join("").trimEnd()}…${tail ? stem.slice(-tail).join("").trimStart() : ""}${ext}`;
}

/** 26214401 → "26,214,401": byte counts written so that one more byte is visible. */
export function groupDigits(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Megabytes (of 1,048,576 bytes) to two decimals, rounded up: a file one byte over a 25 MB limit
 * reads 25.01, never 25.00, so a refusal never shows a size equal to the limit it names.
 */
export function megabytesUp(bytes: number): string {
  return (Math.ceil((bytes * 100) / 1_048_576) / 100).toFixed(2);
}

/**
 * The sentence that says how far over a limit a file is, when megabytes to two decimals are too
 * coarse for an author to compare with what their computer shows (within 1 MB of the limit);
 * empty otherwise.
 */
export function exactSizeNote(bytes: number, limit: number): string {
  if (bytes <= limit || bytes - limit > 1_048_576) return "";
  return ` It is ${groupDigits(bytes)} bytes; at most ${groupDigits(limit)} bytes are allowed.`;
}

/** Where each kind of public file is served (the request policy's `file` class), by its stored name. */
export const PUBLIC_FILE_BASES = {
  conference_file: "/api/conferences/files",
  conference_photo: "/api/conferences/photos",
  news_file: "/api/news/files",
} as const;

/** A public file's address: to view it, or (`download`) to save it under its original name. */
export function publicFileUrl(kind: keyof typeof PUBLIC_FILE_BASES, filename: string, { download = false } = {}) {
  return `${PUBLIC_FILE_BASES[kind]}/${filename}${download ? "?download" : ""}`;
}
