/**
 * Unpacking with limits (decision 042). A manuscript of at most 25 MB can hide gigabytes behind
 * DEFLATE (about 1,000 : 1 at best, more when filters are chained), and both readers unpack
 * whatever they are given: fflate the Word document's parts, pdf.js a PDF's streams, each into a
 * buffer that grows to the whole. Here every byte is unpacked by a counting, streaming decoder,
 * fed a few kilobytes at a time, that stops as soon as a limit is passed, so no more than one
 * small step beyond the limit is ever allocated, and nothing reaches a reader unchecked:
 * - a Word document's parts are unpacked here (`unzipParts`) and handed over already unpacked;
 * - a PDF's streams are unpacked and thrown away (`checkPdfStreams`) before pdf.js opens it, so
 *   whatever pdf.js decodes later is known to fit.
 */
import { Inflate, inflateSync } from "fflate";
import { ExtractionFailed } from "./model";
import { objectCipher, openWithEmptyPassword, type StreamCipher } from "./pdf-encryption";

const MB = 1024 * 1024;

export const UNPACK_LIMITS = {
  /** The Word document's parts that are read (text, styles, footnotes), together unpacked. */
  docxTotal: 20 * MB,
  /** Any one PDF stream unpacked: what pdf.js may hold at once for a page's content or a font. */
  pdfStream: 32 * MB,
  /** All of a PDF's streams unpacked but its images: bounds the check's own time. */
  pdfTotal: 256 * MB,
  /**
   * Any one image unpacked, up to the size its dictionary declares (width × height × colours):
   * a figure exported at print resolution (6000 × 4000 in RGB is 72 MB) is no bomb.
   */
  pdfImage: 96 * MB,
  /** All of a PDF's images unpacked: bounds the check's own time (about 2.5 s a GB). */
  pdfImages: 512 * MB,
  /** Unpacked bytes per packed byte beyond which a part already past `ratioFrom` is a bomb. */
  ratio: 200,
  ratioFrom: 4 * MB,
};
export type UnpackLimits = typeof UNPACK_LIMITS;

/** Packed bytes handed to a decoder at a time: one step unpacks to at most about 1,000 times that. */
const STEP = 4096;

const mb = (n: number) => `${Math.round(n / MB)} MB`;
const BY_HAND = "enter the title, abstract and authors yourself in the next steps.";
const UNCHECKABLE = `The PDF could not be checked before reading: it may be damaged. Please ${BY_HAND}`;

/** A file refused because it unpacks to too much; `inflated` is what was unpacked before stopping. */
export class UnpackRefused extends ExtractionFailed {
  constructor(
    message: string,
    readonly inflated: number,
  ) {
    super(message);
  }
}

/**
 * A streaming decoder stage: takes packed chunks, gives unpacked ones to `out`. `finished` says
 * that its data has ended (DEFLATE's last block read): what follows is not its data.
 */
type Stage = { push(chunk: Uint8Array): void; end(): void; finished?(): boolean };
type Out = (chunk: Uint8Array) => void;

/** Raw DEFLATE (`zlib`: with its two-byte header, as a PDF's FlateDecode) through fflate, in steps. */
function inflateStage(out: Out, zlib: boolean): Stage {
  let skip = zlib ? 2 : 0;
  const inflater = new Inflate((chunk) => chunk.length && out(chunk));
  // fflate keeps every byte pushed after the last block, copying them all at each push (a
  // stream's data to the file's end would cost the square of its length), and knows that it has
  // ended by its state: the last block's flag, and no block under way. Read as fflate 0.8 reads it;
  // a state of another shape reads as not ended, which costs time, never a missed byte.
  const state = (inflater as unknown as { s?: { f?: number; l?: unknown } }).s;
  return {
    finished: () => Boolean(state?.f && !state.l),
    push(chunk) {
      if (skip) {
        const n = Math.min(skip, chunk.length);
        (skip -= n), (chunk = chunk.subarray(n));
      }
      for (let i = 0; i < chunk.length; i += STEP) inflater.push(chunk.subarray(i, i + STEP));
    },
    end: () => inflater.push(new Uint8Array(0), true),
  };
}

/**
 * A zlib stream no longer than one step, inflated at once: it cannot unpack to more than a step
 * does, and skips the streaming decoder's per-step buffers (most of a PDF's streams are this small).
 */
function inflateOnceStage(out: Out): Stage {
  const parts: Uint8Array[] = [];
  return {
    push: (chunk) => void parts.push(chunk),
    end() {
      const data = parts.length === 1 ? parts[0]! : Uint8Array.from(parts.flatMap((p) => [...p]));
      if (data.length > 2) {
        const unpacked = inflateSync(data.subarray(2));
        if (unpacked.length) out(unpacked);
      }
    },
  };
}

/** PDF's LZWDecode (EarlyChange 1 by default), decoded as pdf.js decodes it, code for code. */
function lzwStage(out: Out, earlyChange: number): Stage {
  const values = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  const prevs = new Uint16Array(4096);
  const sequence = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) (values[i] = i), (lengths[i] = 1);
  let next = 258;
  let codeLength = 9;
  let prev = 0;
  let length = 0;
  let bits = 0;
  let bitCount = 0;
  let done = false;
  const buffer = new Uint8Array(64 * 1024);
  let used = 0;
  const flush = () => {
    if (used) out(buffer.slice(0, used));
    used = 0;
  };
  const decode = (code: number) => {
    const hasPrevious = length > 0;
    if (code < 256) (sequence[0] = code), (length = 1);
    else if (code >= 258) {
      if (code < next) {
        length = lengths[code]!;
        for (let i = length - 1, c = code; i >= 0; i--, c = prevs[c]!) sequence[i] = values[c]!;
      } else sequence[length++] = sequence[0]!;
    } else if (code === 256) {
      (codeLength = 9), (next = 258), (length = 0);
      return;
    } else {
      done = true;
      return;
    }
    if (hasPrevious) {
      prevs[next] = prev;
      lengths[next] = lengths[prev]! + 1;
      values[next] = sequence[0]!;
      next++;
      const n = next + earlyChange;
      if (!(n & (n - 1))) codeLength = Math.min(Math.log2(n) + 1, 12) | 0;
    }
    prev = code;
    if (used + length > buffer.length) flush();
    buffer.set(sequence.subarray(0, length), used);
    used += length;
  };
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (done) break;
        bits = ((bits << 8) | byte) & 0xffffff;
        bitCount += 8;
        while (bitCount >= codeLength && !done) {
          bitCount -= codeLength;
          decode((bits >>> bitCount) & ((1 << codeLength) - 1));
        }
        if (used >= STEP) flush();
      }
      flush();
    },
    end: flush,
    finished: () => done,
  };
}

/** RunLengthDecode: a length byte, then that many bytes or one byte repeated. */
function runLengthStage(out: Out): Stage {
  let pending = -1;
  let literal = 0;
  let done = false;
  return {
    push(chunk) {
      let i = 0;
      while (i < chunk.length && !done) {
        if (literal) {
          const n = Math.min(literal, chunk.length - i);
          out(chunk.slice(i, i + n));
          (literal -= n), (i += n);
        } else if (pending >= 0) {
          out(new Uint8Array(257 - pending).fill(chunk[i++]!));
          pending = -1;
        } else {
          const length = chunk[i++]!;
          if (length === 128) done = true;
          else if (length < 128) literal = length + 1;
          else pending = length;
        }
      }
    },
    end: () => {},
    finished: () => done,
  };
}

/** ASCIIHexDecode and ASCII85Decode: text to bytes (ASCII85's `z` is four zero bytes). */
function asciiStage(out: Out, hex: boolean): Stage {
  let group: number[] = [];
  let done = false;
  const finish = () => {
    if (hex && group.length) out(Uint8Array.of(group[0]! << 4));
    if (!hex && group.length > 1) {
      const n = group.length;
      while (group.length < 5) group.push(84);
      const value = group.reduce((v, d) => v * 85 + d, 0);
      out(Uint8Array.from([24, 16, 8, 0].slice(0, n - 1), (s) => (value / 2 ** s) & 0xff));
    }
    group = [];
  };
  return {
    push(chunk) {
      const bytes: number[] = [];
      for (const c of chunk) {
        if (done) break;
        if (hex) {
          if (c === 0x3e) done = true;
          const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
          if (d < 0) continue;
          group.push(d);
          if (group.length === 2) bytes.push((group[0]! << 4) | group[1]!), (group = []);
        } else {
          if (c === 0x7e) done = true;
          else if (c === 0x7a && !group.length) bytes.push(0, 0, 0, 0);
          else if (c >= 0x21 && c <= 0x75) {
            group.push(c - 0x21);
            if (group.length === 5) {
              const value = group.reduce((v, d) => v * 85 + d, 0);
              bytes.push((value / 2 ** 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
              group = [];
            }
          }
        }
      }
      // (The groups read, then the short group the end leaves: in the order written.)
      if (bytes.length) out(Uint8Array.from(bytes));
      if (done) finish();
    },
    end: () => !done && finish(),
    finished: () => done,
  };
}

/** Why a count went past a limit: thrown from inside a decoder's output to stop it at once. */
class Stop extends Error {}

/**
 * Counts what one part unpacks to against the limits: `part` bytes for this part (its own limit,
 * and, once past `ratioFrom`, its ratio to the packed bytes fed so far), `total` for the file.
 */
class Meter {
  total = 0;
  part = 0;
  fed = 0;
  /** Packed bytes fed in all, for `fedLimit`. */
  allFed = 0;
  ratio = true;
  /** An image's unpacked bytes, held to their own total (`images`, `imagesLimit`) and part limit. */
  image = false;
  images = 0;
  partCap = 0;
  imagesLimit = Infinity;
  constructor(
    readonly limits: UnpackLimits,
    readonly totalLimit: number,
    readonly partLimit: number,
    /** Packed bytes the check may read in all, counting bytes read twice twice. */
    readonly fedLimit = Infinity,
  ) {}
  /** Counts packed bytes on their way in. */
  feeding(n: number) {
    this.fed += n;
    this.allFed += n;
    if (this.allFed > this.fedLimit) throw new ExtractionFailed(UNCHECKABLE);
  }
  /** A part begins: `image` with the bytes its dictionary declares, to count it as an image. */
  start(ratio: boolean, image: { cap: number; imagesLimit: number } | null = null) {
    (this.part = 0), (this.fed = 0), (this.ratio = ratio), (this.image = image !== null);
    this.partCap = image ? Math.max(this.partLimit, image.cap) : this.partLimit;
    this.imagesLimit = image?.imagesLimit ?? Infinity;
  }
  /** Takes back the part counted so far (it is counted again from its start). */
  forget() {
    if (this.image) this.images -= this.part;
    else this.total -= this.part;
  }
  count(n: number) {
    this.part += n;
    if (this.image) {
      this.images += n;
      if (this.images > this.imagesLimit) throw new Stop("images");
      if (this.part > this.partCap) throw new Stop(this.partCap > this.partLimit ? "image" : "part");
    } else {
      this.total += n;
      if (this.total > this.totalLimit) throw new Stop("total");
      if (this.part > this.partLimit) throw new Stop("part");
    }
    if (this.ratio && this.part > this.limits.ratioFrom && this.part / Math.max(1, this.fed) > this.limits.ratio) throw new Stop("ratio");
  }
}

/**
 * Feeds packed data to a stage a step at a time, so the meter knows how much went in; an
 * encrypted stream's data is decrypted a step at a time on its way, so no more of it is decrypted
 * than its filters read.
 */
function feed(stage: Stage, data: Uint8Array, meter: Meter, decrypt?: Decrypt) {
  for (let at = 0; at < data.length; at += STEP) {
    const step = data.subarray(at, at + STEP);
    meter.feeding(step.length);
    stage.push(decrypt ? decrypt(step) : step);
    if (stage.finished?.()) return;
  }
}

/** The next piece of an encrypted stream's data, decrypted. */
type Decrypt = (piece: Uint8Array) => Uint8Array;

// ---------------------------------------------------------------------------------------------
// Word documents (ZIP): the central directory says where each part is; its sizes are believed
// only to refuse early, never to size a buffer.

const DOCX_DAMAGED = "The file could not be read as a Word document (.docx): it may be damaged.";

function docxRefusal(reason: string, limits: UnpackLimits, inflated: number) {
  const what = reason === "ratio" ? `more than ${limits.ratio} times its packed size, far beyond any manuscript's text` : `more than ${mb(limits.docxTotal)} of text, far more than a manuscript holds`;
  return new UnpackRefused(`The Word document unpacks to ${what}, so it is not read: ${BY_HAND}`, inflated);
}

type ZipEntry = { method: number; flags: number; packed: number; size: number; offset: number };

/** The central directory's entries by name (the first of a repeated name), or null when there is none. */
function centralDirectory(bytes: Uint8Array): Map<string, ZipEntry> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if ((count === 0xffff || at === 0xffffffff) && end >= 20 && view.getUint32(end - 20, true) === 0x07064b50) {
    const z = Number(view.getBigUint64(end - 12, true));
    if (z + 56 > bytes.length || view.getUint32(z, true) !== 0x06064b50) return null;
    count = Number(view.getBigUint64(z + 32, true));
    at = Number(view.getBigUint64(z + 48, true));
  }
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const entry: ZipEntry = {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      packed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    };
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = view.getUint16(e, true);
      const length = view.getUint16(e + 2, true);
      if (id === 1) {
        let f = e + 4;
        for (const key of ["size", "packed", "offset"] as const) {
          if (entry[key] === 0xffffffff && f + 8 <= e + 4 + length) (entry[key] = Number(view.getBigUint64(f, true))), (f += 8);
        }
      }
      e += 4 + length;
    }
    if (!entries.has(name)) entries.set(name, entry);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * The named parts of a ZIP archive, unpacked within `limits.docxTotal` together and the packing
 * ratio each. Throws UnpackRefused past a limit, ExtractionFailed when the archive is damaged.
 */
export function unzipParts(bytes: Uint8Array, names: string[], limits: UnpackLimits = UNPACK_LIMITS) {
  const entries = centralDirectory(bytes);
  if (!entries) throw new ExtractionFailed(DOCX_DAMAGED);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meter = new Meter(limits, limits.docxTotal, limits.docxTotal);
  const parts: Record<string, Uint8Array> = {};
  for (const name of names) {
    const entry = entries.get(name);
    if (!entry) continue;
    // What the directory declares is enough to refuse a part before unpacking a byte of it.
    if (meter.total + entry.size > limits.docxTotal) throw docxRefusal("total", limits, meter.total);
    if (entry.size > limits.ratioFrom && entry.size / Math.max(1, entry.packed) > limits.ratio) throw docxRefusal("ratio", limits, meter.total);
    const local = entry.offset;
    if (entry.flags & 1 || local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new ExtractionFailed(DOCX_DAMAGED);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + entry.packed > bytes.length) throw new ExtractionFailed(DOCX_DAMAGED);
    const data = bytes.subarray(start, start + entry.packed);
    meter.start(true);
    const chunks: Uint8Array[] = [];
    const keep = (chunk: Uint8Array) => {
      meter.count(chunk.length);
      chunks.push(chunk);
    };
    try {
      if (entry.method === 0) (meter.fed = data.length), keep(data);
      else if (entry.method === 8) {
        const stage = inflateStage(keep, false);
        feed(stage, data, meter);
        stage.end();
      } else throw new ExtractionFailed(DOCX_DAMAGED);
    } catch (error) {
      if (error instanceof Stop) throw docxRefusal(error.message, limits, meter.total);
      if (error instanceof ExtractionFailed) throw error;
      throw new ExtractionFailed(DOCX_DAMAGED);
    }
    const out = new Uint8Array(meter.part);
    let at = 0;
    for (const chunk of chunks) out.set(chunk, at), (at += chunk.length);
    parts[name] = out;
  }
  return { parts, inflated: meter.total };
}

// ---------------------------------------------------------------------------------------------
// PDFs: every stream found in the file's bytes is unpacked through its filters and counted.

function pdfRefusal(reason: string, limits: UnpackLimits, inflated: number) {
  const what =
    reason === "ratio"
      ? `holds data that unpacks to more than ${limits.ratio} times its packed size, far beyond any manuscript's text`
      : reason === "part"
        ? `holds a part that unpacks to more than ${mb(limits.pdfStream)}, far more than a manuscript's page needs`
        : reason === "image"
          ? `holds an image that unpacks to more than its size says (or to more than ${mb(limits.pdfImage)})`
          : reason === "images"
            ? `holds images that unpack to more than ${mb(limits.pdfImages)} in all`
            : `unpacks to more than ${mb(limits.pdfTotal)} in all`;
  return new UnpackRefused(`The PDF ${what}, so it is not read: ${BY_HAND}`, inflated);
}

/** PDF whitespace and delimiters. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;

/** A token of a dictionary; a string's `value` is its bytes, one character (latin1) each. */
type Token = { kind: "dict" | "enddict" | "array" | "endarray" | "name" | "number" | "ref" | "string" | "other"; value: string };

/**
 * Tokens of a dictionary from `start` (its `<<`) to its matching `>>`; null when the text there
 * is not one (a `<<` inside a string, say). `end` is where the dictionary stops.
 */
/** A literal string's bytes (latin1), its escapes read: \\n, \\r, \\t, \\b, \\f, octal, an escaped line end, \\( \\) \\\\. */
function literalString(body: string) {
  return body.replace(/\\(?:([0-7]{1,3})|(\r\n|\r|\n)|(.))/gs, (_, octal: string | undefined, _end: string | undefined, char: string | undefined) => {
    if (octal) return String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
    if (char === undefined) return "";
    return ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[char] ?? char;
  });
}

function readDictionary(s: string, start: number): { tokens: Token[]; end: number } | null {
  const tokens: Token[] = [];
  let depth = 0;
  let i = start;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === 0x25) {
      while (i < s.length && s[i] !== "\n" && s[i] !== "\r") i++;
    } else if (s.startsWith("<<", i)) tokens.push({ kind: "dict", value: "<<" }), depth++, (i += 2);
    else if (s.startsWith(">>", i)) {
      tokens.push({ kind: "enddict", value: ">>" });
      depth--;
      i += 2;
      if (depth === 0) return { tokens, end: i };
      if (depth < 0) return null;
    } else if (depth === 0) return null;
    else if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      const from = i;
      let level = 0;
      for (; i < s.length; i++) {
        const d = s[i];
        if (d === "\\") i++;
        else if (d === "(") level++;
        else if (d === ")" && --level === 0) break;
      }
      if (i >= s.length) return null;
      i++;
      tokens.push({ kind: "string", value: literalString(s.slice(from + 1, i - 1)) });
    } else if (c === 0x3c) {
      const close = s.indexOf(">", i);
      if (close < 0) return null;
      const hex = s.slice(i + 1, close).replace(/[^0-9a-fA-F]/g, "");
      (i = close + 1), tokens.push({ kind: "string", value: (hex.length % 2 ? `${hex}0` : hex).replace(/../g, (h) => String.fromCharCode(Number.parseInt(h, 16))) });
    } else if (c === 0x5b || c === 0x5d) tokens.push({ kind: c === 0x5b ? "array" : "endarray", value: s[i]! }), i++;
    else if (c === 0x29 || c === 0x3e || c === 0x7b || c === 0x7d) return null;
    else {
      let j = i + 1;
      while (j < s.length && !isSpace(s.charCodeAt(j)) && !isDelimiter(s.charCodeAt(j))) j++;
      const word = s.slice(i, j);
      if (c === 0x2f) tokens.push({ kind: "name", value: word.slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))) });
      else if (word === "R" && tokens.at(-1)?.kind === "number" && tokens.at(-2)?.kind === "number") {
        const gen = tokens.pop()!;
        const num = tokens.pop()!;
        tokens.push({ kind: "ref", value: `${num.value} ${gen.value}` });
      } else tokens.push({ kind: /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? "number" : "other", value: word });
      i = j;
    }
  }
  return null;
}

/**
 * The value tokens of `key` at the dictionary's top level: its last, where a key is written twice,
 * as pdf.js keeps the last ("/Filter /Foo /Filter /FlateDecode" is FlateDecode to it).
 */
function valueOf(tokens: Token[], key: string): Token[] | null {
  let depth = 0;
  let found: Token[] | null = null;
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i]!;
    if (depth === 0 && t.kind === "name" && t.value === key) {
      const first = tokens[i + 1]!;
      if (first.kind !== "array" && first.kind !== "dict") found = [first];
      else {
        found = null;
        let level = 0;
        for (let j = i + 1; j < tokens.length; j++) {
          const u = tokens[j]!;
          if (u.kind === "array" || u.kind === "dict") level++;
          if (u.kind === "endarray" || u.kind === "enddict") level--;
          if (level === 0) {
            found = tokens.slice(i + 1, j + 1);
            break;
          }
        }
        if (!found) return null;
      }
    }
    if (t.kind === "dict" || t.kind === "array") depth++;
    if (t.kind === "enddict" || t.kind === "endarray") depth--;
    // A key's value at the top level is skipped with it: a name as a value is not a key.
    if (depth === 0 && t.kind === "name") {
      const v = tokens[i + 1];
      if (v && v.kind !== "dict" && v.kind !== "array") i++;
    }
  }
  return found;
}

const FILTERS: Record<string, string> = {
  FlateDecode: "flate",
  Fl: "flate",
  LZWDecode: "lzw",
  LZW: "lzw",
  RunLengthDecode: "rl",
  RL: "rl",
  ASCIIHexDecode: "hex",
  AHx: "hex",
  ASCII85Decode: "a85",
  A85: "a85",
};

/**
 * Checks that every stream of a PDF unpacks within the limits, before any reader sees it: each
 * stream's data runs through its filters (FlateDecode, LZWDecode, RunLengthDecode, ASCIIHex,
 * ASCII85, chained as declared; a name pdf.js does not know passes the data on, as in pdf.js),
 * counted and thrown away, and read only as far as its filters read it. Image filters (DCT, JPX,
 * JBIG2, CCITT) end a chain of an image: text reading never decodes them. Streams are found by
 * their `stream` keyword wherever it stands, so an object the cross-reference table hides is
 * counted too.
 * Throws UnpackRefused past a limit; returns what was unpacked.
 */
export function checkPdfStreams(bytes: Uint8Array, limits: UnpackLimits = UNPACK_LIMITS) {
  const pdf = new PdfBytes(bytes);
  // An encrypted PDF's streams are checked decrypted: one that opens with the empty password, as
  // viewers open it (RC4 or AES-128, pdf-encryption.ts); any other is refused as before.
  const encryption = encryptionKey(pdf);
  const key = encryption?.key ?? null;
  // Streams whose data runs to the file's end, their filters never ending, would make the check's
  // reading (and decrypting) grow with the square of the file's size: a few times the file is
  // read at most.
  const meter = new Meter(limits, limits.pdfTotal, limits.pdfStream, READ_WORK * bytes.length + STEP);
  let streams = 0;
  /** Where each image's packed data begins that pdf.js is to get unpackable. */
  const images: number[] = [];
  /** The bytes each stream's reading took, from its data's start. */
  const read: Array<[number, number]> = [];
  // The next `endstream` from a stream's data, remembered: a file of many streams and no
  // `endstream` would otherwise be searched to its end once per stream.
  let endstreamFrom = -1;
  let endstreamAt = -1;
  const nextEndstream = (from: number) => {
    if (!(endstreamFrom >= 0 && endstreamFrom <= from && (endstreamAt < 0 || endstreamAt >= from))) (endstreamFrom = from), (endstreamAt = pdf.find("endstream", from));
    return endstreamAt;
  };
  // pdf.js takes a stream's data from the line after its `stream` keyword, whatever else stands
  // on that line, and the keyword needs only a delimiter after it.
  let keywords = 0;
  for (let at = pdf.find("stream", 0); at >= 0; at = pdf.find("stream", at + 6)) {
    const after = bytes[at + 6] ?? 0x20;
    if (!(isSpace(after) || isDelimiter(after) || after === 0x5d) || pdf.text(at - 3, at) === "end") continue;
    // Each stream costs the check tens of microseconds: a file of hundreds of thousands (a paper has
    // a few thousand) would take it past the extraction Worker's CPU time.
    if (++keywords > MAX_STREAMS) throw new ExtractionFailed(UNCHECKABLE);
    let dataStart = at + 6;
    while (dataStart < bytes.length && bytes[dataStart] !== 0x0a && bytes[dataStart] !== 0x0d) dataStart++;
    dataStart += bytes[dataStart] === 0x0d && bytes[dataStart + 1] === 0x0a ? 2 : 1;
    if (dataStart > bytes.length) break;
    // The stream's dictionary as pdf.js reads it: forward from its object's `N G obj`, where that
    // is all that stands before the keyword (a `<<` in a comment or a string inside the dictionary
    // would mislead a reading backwards from the keyword); otherwise read backwards.
    const header = pdf.objectAround(at);
    // (A dictionary is short: a header far before the keyword is another object's, whose data
    // holds the word "stream".)
    const forward = header && at - header.end <= 64 * 1024 ? pdf.dictionaryBetween(header.end, at) : null;
    const found = forward ?? pdf.dictionaryBefore(at);
    // A dictionary that seems to be there but cannot be read could hide filters chained on
    // filters: the file is refused. A `stream` without one (a word in some text) is taken as
    // DEFLATE, which costs nothing when it is not.
    if (found === "unreadable") throw new ExtractionFailed(UNCHECKABLE);
    const dict = found === "none" ? null : found;
    const { chain, imageFilter, unpackable } = dict ? filtersOf(pdf, dict, key !== null) : { chain: ["flate"], imageFilter: false, unpackable: false };
    // An image filter makes pixels of any stream pdf.js reads, a page's content too, in sizes
    // this check does not count: only an image (or a thumbnail, sized by /Width) may have one.
    const image = Boolean(dict && (valueOf(dict, "Subtype")?.[0]?.value === "Image" || valueOf(dict, "Width")));
    if (imageFilter && !image) throw new ExtractionFailed(UNCHECKABLE);
    // A figure drawn as a form (a plot's thousands of repeated strokes) may pack as tightly as an
    // image (281 : 1 in a real paper's 31 MB plot): held to any part's size and the file's total,
    // as every stream is, not to the ratio that stops a bomb early.
    // (A form XObject by both its type and subtype; a page's content or an object stream is no form.)
    const drawn = Boolean(dict && valueOf(dict, "Subtype")?.[0]?.value === "Form" && valueOf(dict, "Type")?.[0]?.value === "XObject");
    if (!chain.length) continue;
    streams++;
    // An image packed with FlateDecode in a file not encrypted is given to pdf.js with its packed
    // data's first two bytes zeroed (`checkedPdf`): pdf.js refuses such data at once, however it
    // reads the stream (as an image of a Type 3 font's glyph, or as a page's content it only calls
    // an image). It may then unpack here to the pixels it declares, beyond other parts' limit.
    if (unpackable) images.push(dataStart);
    const pixels = unpackable && dict ? pixelBytesOf(dict) : null;
    const imageCount = pixels === null ? null : { cap: Math.min(pixels, limits.pdfImage), imagesLimit: limits.pdfImages };
    const declared = dict ? lengthOf(pdf, dict) : null;
    const endstream = nextEndstream(dataStart);
    // (A /Length this scan cannot read, or that the file defines twice, may run past an `endstream`
    // written inside the data, as pdf.js reads it: the stream is read to the file's end, as far
    // as its filters go.)
    const lengthUnknown = declared === null && dict !== null && valueOf(dict, "Length") !== null;
    const dataEnd = lengthUnknown ? bytes.length : Math.max(endstream < 0 ? bytes.length : endstream, declared !== null && dataStart + declared <= bytes.length ? dataStart + declared : 0);
    // An image's pixels may be packed tightly (a plot on white): only its size counts (`meter.start`).
    const owner = key ? header : null;
    // The object's number is its key: a stream not standing right after its own `N G obj` and one
    // dictionary (an "obj" written inside the dictionary to lend it another number) cannot be
    // checked as pdf.js would decrypt it, and the file is refused.
    if (key && owner && (!forward || !Number.isInteger(owner.number) || !Number.isInteger(owner.generation))) throw new ExtractionFailed(UNCHECKABLE);
    const decrypting = (): Decrypt | undefined => {
      if (!key || !owner) return undefined;
      const cipher = objectCipher(key, owner.number, owner.generation, encryption?.streams);
      return (piece) => cipher.next(piece);
    };
    // An encryption named where the search for `/Encrypt` did not see it (a name written with
    // # escapes, a comment before its value) would have pdf.js decrypt what is read here as it is.
    if (!key && dict && valueOf(dict, "Encrypt")) throw new ExtractionFailed(UNCHECKABLE);
    // How pdf.js may read the stream. A stream of an encrypted file is read decrypted, and data a
    // filter cannot read refuses the file (`unpackStream`): this check cannot be sure its key is
    // the one pdf.js will use (an encryption dictionary, an object number, an offset read another
    // way), and garbage decrypted with another key says nothing. A cross-reference stream is read
    // undecrypted too, as pdf.js reads it for the file's index; that reading may end anywhere.
    const crossReference = key !== null && valueOf(dict ?? [], "Type")?.[0]?.value === "XRef";
    const readings = [...(crossReference ? [{ encrypted: false }] : []), { encrypted: key !== null, decrypting }];
    // A cross-reference stream is never encrypted (ISO 32000-1, 7.5.8.2): pdf.js reads it as it
    // stands for the file's index, and decrypts it only if it is fetched as some other object's
    // content. Where it is a whole index of the size its /W and /Index declare, and its data
    // decrypted begins with what pdf.js refuses as FlateDecode (it then unpacks none of it), the
    // decrypted reading is left out; otherwise it is read strictly, as every encrypted stream is.
    let indexOnly = false;
    try {
      for (const { encrypted, decrypting: decrypt } of readings) {
        if (encrypted && indexOnly) continue;
        meter.start(!image && !drawn, imageCount);
        let end = dataEnd;
        const whole = unpackStream(bytes.subarray(dataStart, end), chain, meter, { encrypted, decrypt: decrypt?.(), unread: unpackable });
        if (crossReference && !encrypted) {
          const declared = dict ? indexBytesOf(dict) : null;
          const head = chain[0] === "flate" ? decrypting()?.(bytes.subarray(dataStart, Math.min(dataEnd, dataStart + 32))).subarray(0, 2) : undefined;
          indexOnly = whole && declared !== null && meter.part <= declared && head !== undefined && flateHeaderRefused(head);
        }
        if (!whole) {
          // The data ran out before its filter's end: pdf.js may take a longer stream (a length it
          // resolved elsewhere), so the count goes on to the end of the file.
          meter.forget();
          end = bytes.length;
          meter.start(!image && !drawn, imageCount);
          // An encrypted stream that still runs out at the file's end may be garbage decrypted
          // with another key than pdf.js's: refused, as data a filter cannot read is.
          if (!unpackStream(bytes.subarray(dataStart, end), chain, meter, { encrypted, decrypt: decrypt?.(), unread: unpackable }) && encrypted) throw new ExtractionFailed(UNCHECKABLE);
        }
        read.push([dataStart, end]);
      }
    } catch (error) {
      if (error instanceof Stop) throw pdfRefusal(error.message, limits, meter.total + meter.images);
      throw error;
    }
    // The next keyword is looked for from here, inside this stream's data too: an object the
    // cross-reference table points into another stream's data is still a stream to pdf.js.
  }
  // (Whether any stream's data holds another's: then changing one's bytes changes the other's.)
  read.sort((a, b) => a[0] - b[0]);
  const nested = read.some(([start], i) => i > 0 && start < read[i - 1]![1]);
  return { streams, inflated: meter.total + meter.images, images, nested };
}

/**
 * The bytes pdf.js is to read: the file checked (`checkPdfStreams`), with the packed data of its
 * images made unpackable (text reading needs no pixels), and checked again as changed where one
 * stream's data holds another's (two bytes changed there change what the outer one unpacks to).
 */
export function checkedPdf(bytes: Uint8Array, limits: UnpackLimits = UNPACK_LIMITS): Uint8Array {
  const { images, nested } = checkPdfStreams(bytes, limits);
  if (!images.length) return bytes;
  const readable = Uint8Array.from(bytes);
  for (const at of images) readable.fill(0, at, Math.min(at + 2, readable.length));
  if (nested && checkPdfStreams(readable, limits).images.join() !== images.join()) throw new ExtractionFailed(UNCHECKABLE);
  return readable;
}

/** The bytes a cross-reference stream's entries take as its /W and /Index (or /Size) declare them, a predictor's tag byte on each; null when unreadable. */
function indexBytesOf(dict: Token[]): number | null {
  const numbers = (key: string) => {
    const value = valueOf(dict, key);
    if (!value || value[0]?.kind !== "array") return null;
    const inner = value.slice(1, -1);
    return inner.every((t) => t.kind === "number" && Number.isInteger(Number(t.value)) && Number(t.value) >= 0) ? inner.map((t) => Number(t.value)) : null;
  };
  const widths = numbers("W");
  const index = numbers("Index");
  const size = valueOf(dict, "Size")?.[0];
  const entries = index && index.length % 2 === 0 ? index.filter((_, i) => i % 2 === 1).reduce((a, b) => a + b, 0) : size?.kind === "number" ? Number(size.value) : NaN;
  if (!widths || widths.length !== 3 || !Number.isInteger(entries) || entries < 0) return null;
  return (widths.reduce((a, b) => a + b, 0) + 1) * entries;
}

/** Colours per pixel of a colour space named by an image (an unknown or ICC-based one: at most four). */
const COLOURS: Record<string, number> = { DeviceGray: 1, G: 1, CalGray: 1, Indexed: 1, I: 1, Separation: 1, DeviceRGB: 3, RGB: 3, CalRGB: 3, Lab: 3, DeviceCMYK: 4, CMYK: 4 };

/**
 * The bytes an image's pixels take as its dictionary declares them: each row of width × colours ×
 * bits, rounded up to a byte, and one byte more for a PNG predictor's tag; null without a width
 * and height written in the dictionary (one behind a reference is not looked up: a file of many
 * images could make that slow).
 */
function pixelBytesOf(dict: Token[]): number | null {
  const numberAt = (key: string) => {
    const value = valueOf(dict, key);
    const n = value?.length === 1 && value[0]!.kind === "number" ? Number(value[0]!.value) : NaN;
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const [width, height] = [numberAt("Width"), numberAt("Height")];
  if (width === null || height === null) return null;
  const mask = valueOf(dict, "ImageMask")?.[0]?.value === "true" || valueOf(dict, "IM")?.[0]?.value === "true";
  const bits = mask ? 1 : Math.min(16, numberAt("BitsPerComponent") ?? numberAt("BPC") ?? 8);
  const space = valueOf(dict, "ColorSpace") ?? valueOf(dict, "CS");
  const named = space?.find((t) => t.kind === "name")?.value;
  const colours = mask ? 1 : (named !== undefined && space?.[0]?.kind !== "ref" ? COLOURS[named] : undefined) ?? 4;
  return (Math.ceil((width * colours * bits) / 8) + 1) * height;
}

/** The name /Encrypt with at least one letter written as a # escape. */
const ESCAPED_ENCRYPT = /\/(?=[^\s/]*#)(?:E|#45)(?:n|#6[eE])(?:c|#63)(?:r|#72)(?:y|#79)(?:p|#70)(?:t|#74)(?![\w#])/;

/** Trailers of an encrypted file read at most (each incremental update adds one). */
const MAX_TRAILERS = 256;

/** How many times a file's length the stream check may read (each stream once is about once). */
const READ_WORK = 4;

/** The most streams a PDF may hold (a 30-page paper with figures holds a few thousand). */
const MAX_STREAMS = 50_000;

const ENCRYPTED = `The PDF is protected by a password or encrypted, so its text cannot be read: save it again without protection, or ${BY_HAND}`;

/**
 * The file key of an encrypted PDF that opens with the empty password, null for a file not
 * encrypted; a file that needs a password, or is encrypted in a way this check cannot decrypt, is
 * refused. The key is the one pdf.js will use: every trailer of the file that names an encryption
 * (each `trailer`, each dictionary naming `/Encrypt`, and those of the cross-reference sections
 * pdf.js reads) must name the same one with the same identifier; a file whose trailers disagree
 * could be decrypted one way here and another way there, and is refused. (A trailer naming none,
 * as a linearized file's main section's may, takes its encryption from the others.)
 */
function encryptionKey(pdf: PdfBytes): { key: Uint8Array; streams: StreamCipher } | null {
  const trailers: Token[][] = [];
  for (let at = pdf.find("/Encrypt", 0); at >= 0; at = pdf.find("/Encrypt", at + 8)) {
    // (Its value may follow a comment: pdf.js skips it.)
    const value = pdf.skipBlank(at + 8);
    if (/[\w#]/.test(pdf.text(at + 8, at + 9))) continue;
    // (pdf.js reads "6 %…\n0 R", "+6 0 R", "6.0 0 R" as references too: any value but a plain
    // reference, a dictionary or null is one this check cannot follow as pdf.js does.)
    if (!/^(?:\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R(?![\w.])|<<)/.test(pdf.text(value, value + 40))) {
      if (/^null(?![\w.])/.test(pdf.text(value, value + 8))) continue;
      throw new ExtractionFailed(UNCHECKABLE);
    }
    // A file updated many times repeats its trailer; hundreds are a file made to make this slow.
    if (trailers.length >= MAX_TRAILERS) throw new ExtractionFailed(UNCHECKABLE);
    // The trailer (or cross-reference stream's dictionary) that names it, with the file's identifier.
    const trailer = pdf.dictionaryBefore(enclosingEnd(pdf, at));
    if (trailer === "none" || trailer === "unreadable") throw new ExtractionFailed(ENCRYPTED);
    trailers.push(trailer);
  }
  // A name pdf.js reads as /Encrypt written with # escapes ("/Encr#79pt"): this check cannot tell
  // which dictionary holds it, and pdf.js would decrypt what is read here as it is.
  // (Looked for around each "#", never in the whole file made text.)
  for (let at = pdf.find("#", 0); at >= 0; at = pdf.find("#", at + 1)) if (ESCAPED_ENCRYPT.test(pdf.text(at - 24, at + 24))) throw new ExtractionFailed(UNCHECKABLE);
  if (!trailers.length) return null;
  trailers.push(...pdf.trailers(), ...(pdf.crossReferenceTrailers() ?? []));
  const encryptionOf = (trailer: Token[]) => JSON.stringify([valueOf(trailer, "Encrypt"), valueOf(trailer, "ID")?.find((t) => t.kind === "string") ?? null]);
  if (new Set(trailers.filter((t) => valueOf(t, "Encrypt")).map(encryptionOf)).size > 1) throw new ExtractionFailed(UNCHECKABLE);
  const reference = trailers[0]!;
  let dict = valueOf(reference, "Encrypt");
  if (dict?.length === 1 && dict[0]!.kind === "ref") {
    // Defined twice, differently, the encryption could be read here from one and by pdf.js from
    // the other (its index says which): refused.
    const definitions = pdf.definitions(dict[0]!.value);
    if (new Set(definitions.map((d) => JSON.stringify(d))).size > 1) throw new ExtractionFailed(UNCHECKABLE);
    dict = definitions[0] ?? null;
  }
  const id = valueOf(reference, "ID")?.find((t) => t.kind === "string")?.value;
  const get = (key: string) => (dict ? valueOf(dict, key) : null)?.[0];
  const number = (key: string, fallback: number) => {
    const t = get(key);
    return t?.kind === "number" ? Number(t.value) : fallback;
  };
  const bytesOf = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
  const o = get("O");
  const u = get("U");
  if (!dict || get("Filter")?.value !== "Standard" || o?.kind !== "string" || u?.kind !== "string") throw new ExtractionFailed(ENCRYPTED);
  // (A file without the identifier the key needs is read with an empty one, as pdf.js reads it.)
  const opened = openWithEmptyPassword({
    v: number("V", 0),
    r: number("R", 0),
    length: number("Length", 40),
    o: bytesOf(o.value),
    u: bytesOf(u.value),
    p: number("P", 0),
    id: bytesOf(id ?? ""),
    ...streamCipherOf(dict, number("V", 0)),
    encryptMetadata: get("EncryptMetadata")?.value !== "false",
  });
  if ("refused" in opened) throw new ExtractionFailed(ENCRYPTED);
  return opened;
}

/**
 * How an encryption dictionary has streams encrypted, as pdf.js reads it: RC4 below version 4; at
 * version 4 the crypt filter /StmF names (Identity by default), looked up in /CF as pdf.js looks
 * any name up (Identity too): none where /CF has no such filter or its /CFM is none or None, RC4
 * for V2, AES-128 for AESV2. Embedded files' filter (/EFF) must be the same: pdf.js decrypts a
 * stream that calls itself an embedded file with it. With the key's length in bits (version 4:
 * the filter's /Length, in bytes where under 40, or 128).
 */
function streamCipherOf(dict: Token[], version: number): { streams: StreamCipher | "unknown"; keyBits: number | null } {
  if (version < 4) return { streams: "rc4", keyBits: null };
  const filters = valueOf(dict, "CF");
  // (A /CF written elsewhere, behind a reference, is one this scan does not follow: unknown.)
  if (filters && filters[0]?.kind !== "dict") return { streams: "unknown", keyBits: null };
  const entry = (name: string) => (filters ? valueOf(filters, name) : null);
  const cipherNamed = (token: Token | undefined): StreamCipher | "unknown" => {
    if (token && token.kind !== "name") return "unknown";
    const named = entry(token?.value ?? "Identity");
    if (!named) return "none";
    if (named[0]?.kind !== "dict") return "unknown";
    const method = valueOf(named, "CFM")?.[0];
    if (!method || (method.kind === "name" && method.value === "None")) return "none";
    return method.kind === "name" && method.value === "V2" ? "rc4" : method.kind === "name" && method.value === "AESV2" ? "aes" : "unknown";
  };
  const stream = valueOf(dict, "StmF")?.[0];
  const embedded = valueOf(dict, "EFF")?.[0] ?? stream;
  const streams = cipherNamed(stream);
  if (cipherNamed(embedded) !== streams) return { streams: "unknown", keyBits: null };
  // (The key's length as pdf.js reads it: the dictionary's /Length, else the filter's, else 128.)
  const named = entry(stream?.value ?? "Identity");
  const length = valueOf(dict, "Length")?.[0] ?? (named?.[0]?.kind === "dict" ? valueOf(named, "Length")?.[0] : undefined);
  const bits = length?.kind === "number" ? Number(length.value) : 128;
  return { streams, keyBits: bits < 40 ? bits * 8 : bits };
}

/**
 * Where the dictionary holding the `/Encrypt` entry at `at` ends (after its `>>`): the trailer's
 * or the cross-reference stream's, which holds dictionaries of its own rarely but may.
 */
function enclosingEnd(pdf: PdfBytes, at: number) {
  let depth = 1;
  // A trailer is short: one that does not close within a window is not one (and a file of many
  // such would otherwise be read to its end once each).
  const end = Math.min(pdf.bytes.length - 1, at + 64 * 1024);
  for (let i = at; i < end; i++) {
    const a = pdf.bytes[i]!;
    const b = pdf.bytes[i + 1]!;
    if (a === 0x3c && b === 0x3c) (depth++, i++);
    else if (a === 0x3e && b === 0x3e) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return end + 1;
}

/** How far back a stream's dictionary is looked for: real ones are well under a kilobyte. */
const DICTIONARY_WINDOW = 1024 * 1024;
/** Characters read looking for dictionaries, per byte of the file, before it is refused. */
const DICTIONARY_WORK = 64;

/** A PDF's bytes, searched as bytes; text is made only of the small windows that are parsed. */
class PdfBytes {
  private objects: Map<string, number[]> | null = null;
  /** `crossReferenceTrailers`, once read. */
  private chain: Token[][] | null | undefined;
  /** Where each `N G obj` keyword stands, in the file's order (for `objectAround`). */
  private starts: Array<{ at: number; number: number; generation: number; end: number }> | null = null;
  /** Characters read while looking for dictionaries: bounded, so the search cannot be made slow. */
  private work = 0;
  constructor(readonly bytes: Uint8Array) {}

  /** Where `needle` (ASCII) next occurs from `from`, or -1. */
  find(needle: string, from: number) {
    const b = this.bytes;
    const first = needle.charCodeAt(0);
    for (let i = b.indexOf(first, Math.max(0, from)); i >= 0 && i <= b.length - needle.length; i = b.indexOf(first, i + 1)) {
      let j = 1;
      while (j < needle.length && b[i + j] === needle.charCodeAt(j)) j++;
      if (j === needle.length) return i;
    }
    return -1;
  }

  /**
   * The bytes from `from` to `to` as text, one character per byte, of the byte's own value (a
   * string's bytes must come back as they were). Not TextDecoder("latin1"): the encoding standard
   * makes that windows-1252, which turns bytes 0x80 to 0x9F into other characters (workerd does;
   * Node does not).
   */
  text(from: number, to: number) {
    const bytes = this.bytes.subarray(Math.max(0, from), Math.min(this.bytes.length, to));
    let text = "";
    for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
    return text;
  }

  /**
   * The tokens of the dictionary that ends just before `keyword` (whitespace between): the
   * nearest `<<` whose dictionary ends at that `>>`. The window read grows until one is found.
   */
  dictionaryBefore(keyword: number): Token[] | "none" | "unreadable" {
    let close = keyword - 1;
    while (close > 0 && isSpace(this.bytes[close]!)) close--;
    if (this.bytes[close] !== 0x3e || this.bytes[close - 1] !== 0x3e) return "none";
    let tries = 0;
    let tried = close + 1;
    for (let window = 4096; window <= DICTIONARY_WINDOW; window *= 16) {
      const from = Math.max(0, close + 1 - window);
      const s = this.text(from, close + 1);
      for (let open = s.lastIndexOf("<<", Math.min(s.length - 3, tried - from - 1)); open >= 0 && tries < 64; open = s.lastIndexOf("<<", open - 1), tries++) {
        tried = from + open;
        this.work += s.length - open;
        if (this.work > DICTIONARY_WORK * Math.max(1, this.bytes.length)) return "unreadable";
        const read = readDictionary(s, open);
        if (read && read.end === s.length) return read.tokens;
      }
      if (from === 0 || tries >= 64) break;
    }
    return "unreadable";
  }

  /** Where `needle` (ASCII) last occurs, or -1. */
  findLast(needle: string) {
    let last = -1;
    for (let at = this.find(needle, 0); at >= 0; at = this.find(needle, at + needle.length)) last = at;
    return last;
  }

  /**
   * Every `N G obj` header in the file's bytes, in order, read as pdf.js reads a header's numbers:
   * "4.0 0 obj" is object 4 to pdf.js, so a header whose numbers are not plain integers is kept as
   * unreadable (NaN): an encrypted stream in it refuses the file, and no reference finds it.
   */
  private headers() {
    if (!this.starts) {
      this.starts = [];
      for (let obj = this.find("obj", 0); obj >= 0; obj = this.find("obj", obj + 3)) {
        const from = Math.max(0, obj - 40);
        const m = /(?:^|[\0\t\n\f\r ()<>[\]{}/%])([+-]?[\d.]+)[\0\t\n\f\r ]+([+-]?[\d.]+)[\0\t\n\f\r ]*$/.exec(this.text(from, obj));
        if (m && (from === 0 || !/[\d.+-]/.test(m[0]![0]!))) {
          const plain = (t: string) => (/^\d+$/.test(t) ? Number(t) : NaN);
          this.starts.push({ at: obj, number: plain(m[1]!), generation: plain(m[2]!), end: obj + 3 });
        }
      }
    }
    return this.starts;
  }

  /** The `N G obj` that the bytes at `at` stand in (the nearest before), or null. */
  objectAround(at: number): { number: number; generation: number; end: number } | null {
    const starts = this.headers();
    let [low, high] = [0, starts.length - 1];
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (starts[mid]!.at < at) low = mid + 1;
      else high = mid - 1;
    }
    return starts[high] ?? null;
  }

  /**
   * The cross-reference sections pdf.js reads, followed as it follows them: from the last
   * `startxref` (and, in a linearized file, from the section after its first object), then each
   * section's `/Prev` and `/XRefStm`; offsets count from `%PDF-`, and blank space and comments
   * before a section are skipped. Their trailers (a table's `trailer`, a stream's dictionary):
   * pdf.js takes the file's encryption from the first. Null when the chain cannot be read (pdf.js
   * then rebuilds the file's index its own way, from every trailer it finds: `trailers`).
   */
  crossReferenceTrailers(): Token[][] | null {
    if (this.chain !== undefined) return this.chain;
    const header = Math.max(0, this.find("%PDF-", 0));
    const last = this.findLast("startxref");
    const queue: number[] = [];
    const named = last < 0 ? null : /^startxref\s+(\d+)/.exec(this.text(last, last + 40));
    // A linearized file's first section is read first: pdf.js takes its trailer as the file's.
    if (this.text(0, 1024).includes("/Linearized")) {
      const endobj = this.find("endobj", 0);
      if (endobj >= 0) queue.push(endobj + 6);
    }
    if (named) queue.push(header + Number(named[1]));
    const sections = new Set<number>();
    const trailers: Token[][] = [];
    while (queue.length) {
      const at = this.skipBlank(queue.shift()!);
      if (sections.has(at)) continue;
      if (at >= this.bytes.length || sections.size >= MAX_TRAILERS) return (this.chain = null);
      const head = this.text(at, at + 64);
      let trailer: Token[] | null = null;
      if (/^xref\s/.test(head)) {
        const keyword = this.find("trailer", at);
        trailer = keyword < 0 ? null : this.dictionaryAt(keyword + 7);
      } else if (/^\d+\s+\d+\s+obj\b/.test(head)) {
        const keyword = this.find("stream", at);
        const dict = keyword < 0 ? "none" : this.dictionaryBefore(keyword);
        trailer = dict === "none" || dict === "unreadable" ? null : dict;
      }
      if (!trailer) return (this.chain = null);
      sections.add(at);
      trailers.push(trailer);
      for (const key of ["Prev", "XRefStm"]) {
        const offset = valueOf(trailer, key)?.[0];
        if (offset?.kind === "number") queue.push(header + Number(offset.value));
      }
    }
    return (this.chain = trailers.length ? trailers : null);
  }

  /** Where the next token stands from `at`, past blank space and comments. */
  skipBlank(at: number) {
    const b = this.bytes;
    while (at < b.length) {
      if (isSpace(b[at]!)) at++;
      else if (b[at] === 0x25) while (at < b.length && b[at] !== 0x0a && b[at] !== 0x0d) at++;
      else break;
    }
    return at;
  }

  /** The dictionaries that follow the file's `trailer` keywords (those that can be read). */
  trailers() {
    const found: Token[][] = [];
    for (let at = this.find("trailer", 0), seen = 0; at >= 0; at = this.find("trailer", at + 7), seen++) {
      if (seen >= MAX_TRAILERS) throw new ExtractionFailed(UNCHECKABLE);
      const read = this.dictionaryAt(at + 7);
      if (read) found.push(read);
    }
    return found;
  }

  /** The dictionary that starts at `at` (blank space and comments before it), or null. */
  private dictionaryAt(at: number): Token[] | null {
    const start = this.skipBlank(at);
    const s = this.text(start, start + 64 * 1024);
    return s.startsWith("<<") ? (readDictionary(s, 0)?.tokens ?? null) : null;
  }

  /** The dictionary that alone fills the bytes from `from` to `to` (white space aside), read forward as pdf.js reads it; null otherwise. */
  dictionaryBetween(from: number, to: number): Token[] | null {
    const between = this.text(from, to).trim();
    if (!between.startsWith("<<")) return null;
    const read = readDictionary(between, 0);
    return read?.end === between.length ? read.tokens : null;
  }

  /**
   * An indirect object's value as tokens where the file's own bytes define it once (or alike each
   * time); null where they do not define it (it may stand in an object stream) or define it
   * differently (pdf.js follows its index to one definition, which this scan cannot tell).
   */
  definedOnce(ref: string): Token[] | null {
    const definitions = this.definitions(ref);
    return definitions.length && new Set(definitions.map((d) => JSON.stringify(d))).size === 1 ? definitions[0]! : null;
  }

  /**
   * Every value the file's bytes give the indirect object `ref`, in the file's order (an update
   * redefines an object further on; pdf.js takes the one its index names). Values that cannot be
   * read are left out.
   */
  definitions(ref: string): Token[][] {
    return this.offsetsOf(ref).flatMap((at) => {
      const value = this.valueAt(at);
      return value ? [value] : [];
    });
  }

  /** Where each definition of `ref` (its `N G obj`) ends, in the file's order. */
  private offsetsOf(ref: string): number[] {
    if (!this.objects) {
      this.objects = new Map();
      for (const h of this.headers()) {
        if (!Number.isInteger(h.number) || !Number.isInteger(h.generation)) continue;
        const key = `${h.number} ${h.generation}`;
        this.objects.set(key, [...(this.objects.get(key) ?? []), h.end]);
      }
    }
    return this.objects.get(ref.split(" ").map(Number).join(" ")) ?? [];
  }


  /** The value of the object whose `obj` keyword ends at `at`, or null when it cannot be read. */
  private valueAt(at: number): Token[] | null {
    const body = this.text(at, at + 2000);
    const end = body.indexOf("endobj");
    const read = end < 0 ? null : readDictionary(`<< /V ${body.slice(0, end)} >>`, 0);
    return read ? valueOf(read.tokens, "V") : null;
  }
}

const STAGES: Record<string, (out: Out) => Stage> = {
  flate: (out) => inflateStage(out, true),
  lzw: (out) => lzwStage(out, 1),
  lzw0: (out) => lzwStage(out, 0),
  rl: (out) => runLengthStage(out),
  hex: (out) => asciiStage(out, true),
  a85: (out) => asciiStage(out, false),
};

/** Filters that decode an image's pixels: text reading never decodes them in an image. */
const IMAGE_FILTERS = new Set(["DCTDecode", "DCT", "JPXDecode", "JPX", "JBIG2Decode", "CCITTFaxDecode", "CCF"]);

/**
 * The stream's filters as stage names, up to the first image filter (`imageFilter` says whether
 * one ends the chain). pdf.js passes a filter it does not know the data unchanged and goes on with
 * the next, so an unknown name is skipped here too. Two it knows cannot be counted here and refuse
 * the file: BrotliDecode (no decoder here) and, in an encrypted file, Crypt (a second decryption).
 */
function filtersOf(pdf: PdfBytes, dict: Token[], encrypted: boolean): { chain: string[]; imageFilter: boolean; unpackable: boolean } {
  // (pdf.js reads /F first when a stream has both.)
  let value = valueOf(dict, "F") ?? valueOf(dict, "Filter");
  if (!value) return { chain: [], imageFilter: false, unpackable: false };
  // Filters held where this scan cannot see (in an object stream), or defined twice (pdf.js's index
  // says which), could be chained without end: such a file is refused rather than guessed.
  if (value.length === 1 && value[0]!.kind === "ref") value = onlyDefinition(pdf, value[0]!.value);
  if (value.some((t) => t.kind === "ref")) throw new ExtractionFailed(UNCHECKABLE);
  const names = value.filter((t) => t.kind === "name").map((t) => t.value);
  const filterArray = value[0]?.kind === "array";
  // An image packed with FlateDecode, in a file not encrypted, is given to pdf.js unpackable
  // (`checkedPdf`): pdf.js refuses its data before any parameter of its filters is read.
  const unpackable = !encrypted && FILTERS[names[0] ?? ""] === "flate" && valueOf(dict, "Subtype")?.[0]?.value === "Image";
  const parms = unpackable && names.length === 1 ? [] : decodeParmsOf(pdf, dict, names.length, filterArray);
  const chain: string[] = [];
  for (const [k, name] of names.entries()) {
    if (IMAGE_FILTERS.has(name)) return { chain, imageFilter: true, unpackable };
    if (name === "BrotliDecode" || (name === "Crypt" && encrypted)) throw new ExtractionFailed(UNCHECKABLE);
    const stage = FILTERS[name];
    if (!stage) continue;
    const own = parms[k] ?? null;
    // A predictor's rows are buffers pdf.js allocates whatever the data: a row of a few bytes per
    // pixel across a printed page is kilobytes ("/Columns 100000000" would be hundreds of megabytes).
    if ((stage === "flate" || stage === "lzw") && own) {
      const predictor = numberIn(pdf, own, "Predictor") ?? 1;
      if (!(predictor <= 1)) {
        const [columns, colours, bits] = [numberIn(pdf, own, "Columns") ?? 1, numberIn(pdf, own, "Colors") ?? 1, numberIn(pdf, own, "BPC", "BitsPerComponent") ?? 8];
        if (![columns, colours, bits].every((n) => Number.isFinite(n) && n >= 0) || (columns * colours * bits) / 8 > MAX_PREDICTOR_ROW) throw new ExtractionFailed(UNCHECKABLE);
      }
    }
    // LZW's code lengths grow one code early by default; /EarlyChange 0 has them grow on time, and
    // pdf.js reads any other value as neither: refused.
    const early = stage === "lzw" && own ? (numberIn(pdf, own, "EarlyChange") ?? 1) : 1;
    if (early !== 0 && early !== 1) throw new ExtractionFailed(UNCHECKABLE);
    chain.push(stage === "lzw" && early === 0 ? "lzw0" : stage);
  }
  return { chain, imageFilter: false, unpackable };
}

/** The widest predictor row, in bytes, the check lets pdf.js allocate (a 6000-pixel CMYK row in 16 bits is 48 KB). */
const MAX_PREDICTOR_ROW = 1024 * 1024;

/**
 * Each filter's /DecodeParms (or /DP, which pdf.js reads first), as pdf.js pairs them: a dictionary
 * for a single filter, an array's entries for an array of filters (a dictionary with an array of
 * filters is no one's), each a dictionary's tokens or null. A reference is followed where the file
 * defines it once; otherwise, or where this scan cannot see it, the file is refused.
 */
function decodeParmsOf(pdf: PdfBytes, dict: Token[], filters: number, filterArray: boolean): Array<Token[] | null> {
  let value = valueOf(dict, "DP") ?? valueOf(dict, "DecodeParms");
  if (!value) return [];
  const resolved = (tokens: Token[]) => {
    if (tokens.length === 1 && tokens[0]!.kind === "ref") tokens = onlyDefinition(pdf, tokens[0]!.value);
    return tokens[0]?.kind === "dict" ? tokens : null;
  };
  value = resolved(value) ?? value;
  if (value[0]?.kind !== "array") return filterArray || !filters ? [] : [resolved(value)];
  if (!filterArray) return [];
  // An array: one entry per filter, each a dictionary, a reference to one, or null.
  const entries: Array<Token[] | null> = [];
  for (let i = 1, level = 0, start = 1; i < value.length - 1 && entries.length < filters; i++) {
    const t = value[i]!;
    if (t.kind === "dict" || t.kind === "array") level++;
    if (t.kind === "enddict" || t.kind === "endarray") level--;
    if (level === 0) {
      entries.push(t.kind === "ref" ? resolved([t]) : t.kind === "enddict" ? value.slice(start, i + 1) : null);
      start = i + 1;
    }
  }
  return entries;
}

/** An object's value the file defines once (`definedOnce`); any other refuses the file. */
function onlyDefinition(pdf: PdfBytes, ref: string): Token[] {
  const value = pdf.definedOnce(ref);
  if (!value) throw new ExtractionFailed(UNCHECKABLE);
  return value;
}

/** A number a dictionary holds for the first of `keys` it has, here or behind a reference; NaN when it holds something else. */
function numberIn(pdf: PdfBytes, dict: Token[], ...keys: string[]): number | null {
  let value: Token[] | null = null;
  for (const key of keys) value ??= valueOf(dict, key);
  if (!value) return null;
  if (value.length === 1 && value[0]!.kind === "ref") value = onlyDefinition(pdf, value[0]!.value);
  return value.length === 1 && value[0]!.kind === "number" ? Number(value[0]!.value) : NaN;
}

/** The stream's /Length, when it is a number here or in the one object this scan sees define it. */
function lengthOf(pdf: PdfBytes, dict: Token[]): number | null {
  let value = valueOf(dict, "Length");
  if (value?.length === 1 && value[0]!.kind === "ref") value = pdf.definedOnce(value[0]!.value);
  const n = value?.length === 1 && value[0]!.kind === "number" ? Number(value[0]!.value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * Runs data through the chain of stages, counting every stage's output; false when it ended early.
 * `decrypt` decrypts an encrypted stream's data on its way in; with `encrypted`, data a filter
 * cannot read refuses the file instead of ending the stream.
 */
function unpackStream(data: Uint8Array, chain: string[], meter: Meter, { encrypted, decrypt, unread = false }: { encrypted: boolean; decrypt?: Decrypt; unread?: boolean } = { encrypted: false }): boolean {
  let complete = true;
  const stages: Stage[] = [];
  let out: Out = () => {};
  for (let i = chain.length - 1; i >= 0; i--) {
    const next = out;
    const make = i === 0 && chain[0] === "flate" && data.length <= STEP ? inflateOnceStage : STAGES[chain[i]!]!;
    const stage = make((chunk) => {
      meter.count(chunk.length);
      next(chunk);
    });
    stages.unshift(stage);
    // A stage whose data has ended takes no more (what follows is not its data).
    out = (chunk) => {
      for (let at = 0; at < chunk.length && !stage.finished?.(); at += STEP) stage.push(chunk.subarray(at, at + STEP));
    };
  }
  const [first, ...rest] = stages;
  try {
    feed(first!, data, meter, decrypt);
    first!.end();
  } catch (error) {
    if (error instanceof Stop || error instanceof ExtractionFailed) throw error;
    if (!unread && readOnByPdfJs(error)) {
      countAtMost(data, chain, meter, encrypted);
      return true;
    }
    const endedEarly = /unexpected EOF/i.test(String((error as Error)?.message));
    // In an encrypted file, data a filter cannot read may be data decrypted with another key than
    // the one pdf.js will use (a stream made to look as if it were another object's, an
    // encryption dictionary pdf.js does not read): it could be anything once read rightly, so the
    // file is refused rather than the stream taken as ended.
    if (encrypted && !endedEarly) throw new ExtractionFailed(UNCHECKABLE);
    // Data a filter cannot read ends the stream, as it does in pdf.js; running out of data
    // before the filter's end (fflate's "unexpected EOF") means the stream may be longer.
    complete = !endedEarly;
  }
  try {
    for (const stage of rest) stage.end();
  } catch (error) {
    if (error instanceof Stop) throw error;
    // (A later filter that ran out of data ends early too: pdf.js may take a longer stream.)
    if (/unexpected EOF/i.test(String((error as Error)?.message))) complete = false;
    if (!unread && readOnByPdfJs(error)) countAtMost(data, chain, meter, encrypted);
  }
  return complete;
}

/**
 * A stream pdf.js unpacks on where the check cannot (`readOnByPdfJs`), counted at the most its
 * filters can make of its data: a damaged thumbnail of a few hundred bytes passes, more than the
 * limits allow refuses the file. (An estimate at its most, not data: the ratio rule does not judge
 * it, the limits do.) In an encrypted file it refuses the file.
 */
function countAtMost(data: Uint8Array, chain: string[], meter: Meter, encrypted: boolean) {
  if (encrypted) throw new ExtractionFailed(UNCHECKABLE);
  meter.ratio = false;
  meter.count(Math.max(0, data.length * chain.reduce((product, stage) => product * (EXPANSION[stage] ?? Infinity), 1) - meter.part));
}

/** The most each filter makes of a byte (DEFLATE 258 bytes from about two bits; an LZW code its longest string; RunLength 128 from 2; ASCII85's z four from one). */
const EXPANSION: Record<string, number> = { flate: 1032, lzw: 4096, lzw0: 4096, rl: 64, hex: 1, a85: 4 };

/**
 * A DEFLATE error pdf.js does not stop at: a distance before the data's start (pdf.js copies what
 * its buffer holds there) and the codes DEFLATE leaves unused (286 and 287, distances 30 and 31,
 * which pdf.js's tables read as lengths and distances of nothing). fflate stops at them; pdf.js
 * unpacks on, so what follows could be a bomb this check never saw: it is counted at its most
 * (`EXPANSION`), unless pdf.js never unpacks the stream (`unread`), and refuses an encrypted file.
 */
const readOnByPdfJs = (error: unknown) => /invalid (?:length\/literal|distance)/i.test(String((error as Error)?.message));

/**
 * Whether pdf.js refuses FlateDecode data at its first two bytes (its zlib header: no deflate
 * method, a failed check, a preset dictionary): it then unpacks nothing of it.
 */
const flateHeaderRefused = (head: Uint8Array) => head.length < 2 || (head[0]! & 0x0f) !== 8 || ((head[0]! << 8) + head[1]!) % 31 !== 0 || (head[1]! & 0x20) !== 0;

/** The names of a ZIP archive's parts as its central directory lists them, or null when it has none. */
export function zipPartNames(bytes: Uint8Array): string[] | null {
  const entries = centralDirectory(bytes);
  return entries ? [...entries.keys()] : null;
}
