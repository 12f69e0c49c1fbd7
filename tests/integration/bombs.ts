/**
 * Decompression bombs for the tests (built by Node in global-setup.ts) and for measuring
 * (scripts/measure-bombs.mjs): a Word document whose document.xml unpacks to about a gigabyte,
 * and a PDF whose page content, a FlateDecode stream, does. They are built without ever holding
 * the unpacked bytes: one chunk of repeated text is deflated once, ending at a byte boundary (a
 * sync flush), and that piece is repeated; DEFLATE allows pieces to follow each other like that.
 * CRC-32 and Adler-32 of the repeated text are combined arithmetically, so the files are valid,
 * not merely readable. Node only (node:zlib: fflate 0.8.3's sync flush writes a broken block
 * whenever bits are pending).
 */
import { createCipheriv, createHash } from "node:crypto";
import { constants, deflateRawSync, deflateSync } from "node:zlib";

const encoder = new TextEncoder();
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
};

/** `text` deflated on its own, ending at a byte boundary (non-final) or as the stream's end. */
function deflatePiece(text: Uint8Array, last: boolean, level = 9) {
  return new Uint8Array(deflateRawSync(text, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
}

// CRC-32 (zlib's polynomial) and its combination (zlib's crc32_combine, over GF(2)).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array, crc = 0) {
  crc = ~crc >>> 0;
  for (const b of data) crc = (CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8)) >>> 0;
  return ~crc >>> 0;
}
const gf2Times = (mat: number[], vec: number) => {
  let sum = 0;
  for (let i = 0; vec; vec >>>= 1, i++) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
};
const gf2Square = (mat: number[]) => mat.map((v) => gf2Times(mat, v));
function crc32Combine(crc1: number, crc2: number, len2: number) {
  if (len2 <= 0) return crc1;
  let odd = [0xedb88320, ...Array.from({ length: 31 }, (_, i) => 1 << i)];
  let even = gf2Square(odd);
  odd = gf2Square(even);
  do {
    even = gf2Square(odd);
    if (len2 & 1) crc1 = gf2Times(even, crc1);
    len2 = Math.floor(len2 / 2);
    if (!len2) break;
    odd = gf2Square(even);
    if (len2 & 1) crc1 = gf2Times(odd, crc1);
    len2 = Math.floor(len2 / 2);
  } while (len2);
  return (crc1 ^ crc2) >>> 0;
}

// Adler-32 and its combination (zlib's adler32_combine).
const BASE = 65521;
function adler32(data: Uint8Array) {
  let a = 1;
  let b = 0;
  for (const x of data) (a = (a + x) % BASE), (b = (b + a) % BASE);
  return ((b << 16) | a) >>> 0;
}
function adler32Combine(adler1: number, adler2: number, len2: number) {
  const rem = len2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += (adler1 >>> 16) + (adler2 >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** Repeats a checksum of `chunk` `times` times by doubling (log2(times) combinations). */
function repeatedSum(sum: number, length: number, times: number, combine: (a: number, b: number, len: number) => number, empty: number) {
  let result = empty;
  let resultLength = 0;
  let power = sum;
  let powerLength = length;
  for (let n = times; n > 0; n = Math.floor(n / 2)) {
    if (n & 1) (result = resultLength ? combine(result, power, powerLength) : power), (resultLength += powerLength);
    power = combine(power, power, powerLength);
    powerLength *= 2;
  }
  return result;
}

export type Bomb = { deflated: Uint8Array; size: number; crc32: number; adler32: number };

/**
 * `head`, then `unit` repeated until about `size` bytes, then `tail`, as one raw DEFLATE stream
 * (about 1,000 : 1 for the repeated part), with the unpacked length and checksums. `headStored`
 * keeps the head as it is (a stored block), so its text stands in the packed bytes.
 */
export function deflateBomb(head: string, unit: string, size: number, tail: string, headStored = false): Bomb {
  const unitBytes = encoder.encode(unit);
  const chunk = new Uint8Array(Math.max(unitBytes.length, Math.floor((1 << 20) / unitBytes.length) * unitBytes.length));
  for (let i = 0; i < chunk.length; i += unitBytes.length) chunk.set(unitBytes, i);
  const times = Math.max(1, Math.round(size / chunk.length));
  const [h, t] = [encoder.encode(head), encoder.encode(tail)];
  const piece = deflatePiece(chunk, false);
  const deflated = concat([deflatePiece(h, false, headStored ? 0 : 9), ...Array<Uint8Array>(times).fill(piece), deflatePiece(t, true)]);
  const repeatedLength = chunk.length * times;
  const crcRepeated = repeatedSum(crc32(chunk), chunk.length, times, crc32Combine, 0);
  const crc = crc32Combine(crc32Combine(crc32(h), crcRepeated, repeatedLength), crc32(t), t.length);
  const adlerRepeated = repeatedSum(adler32(chunk), chunk.length, times, adler32Combine, 1);
  const adler = adler32Combine(adler32Combine(adler32(h), adlerRepeated, repeatedLength), adler32(t), t.length);
  return { deflated, size: h.length + repeatedLength + t.length, crc32: crc, adler32: adler };
}

/** The same bytes with a zlib wrapper, as a PDF's FlateDecode stream holds them. */
export function zlibWrapped(bomb: Bomb) {
  const out = new Uint8Array(bomb.deflated.length + 6);
  out.set([0x78, 0xda]);
  out.set(bomb.deflated, 2);
  new DataView(out.buffer).setUint32(out.length - 4, bomb.adler32);
  return out;
}

type ZipEntry = { name: string; data: Uint8Array; method: 0 | 8; crc: number; size: number; declaredSize?: number };

/** A ZIP archive of the given entries (sizes as declared, which a bomb may understate). */
export function zip(entries: ZipEntry[]) {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = encoder.encode(e.name);
    const declared = e.declaredSize ?? e.size;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, e.method, true);
    lv.setUint32(14, e.crc, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, declared, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const dir = new Uint8Array(46 + name.length);
    const dv = new DataView(dir.buffer);
    dv.setUint32(0, 0x02014b50, true);
    dv.setUint16(4, 20, true);
    dv.setUint16(6, 20, true);
    dv.setUint16(10, e.method, true);
    dv.setUint32(16, e.crc, true);
    dv.setUint32(20, e.data.length, true);
    dv.setUint32(24, declared, true);
    dv.setUint16(28, name.length, true);
    dv.setUint32(42, offset, true);
    dir.set(name, 46);
    parts.push(local, e.data);
    central.push(dir);
    offset += local.length + e.data.length;
  }
  const dirBytes = concat(central);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, dirBytes.length, true);
  ev.setUint32(16, offset, true);
  return concat([...parts, dirBytes, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = encoder.encode(text);
  return { name, data, method: 0, crc: crc32(data), size: data.length };
};

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/**
 * A Word document whose document.xml is `size` bytes of long paragraphs (about 1 GB → about
 * 1 MB packed). `declaredSize` makes the archive understate the unpacked size, as a bomb may.
 */
export function docxBomb(size = 1 << 30, declaredSize?: number) {
  const body = deflateBomb(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body><w:p><w:r><w:t>A Title</w:t></w:r></w:p>`,
    `<w:p><w:r><w:t>All work and no play makes a dull manuscript${" ".repeat(30_000)}</w:t></w:r></w:p>`,
    size,
    "</w:body></w:document>",
  );
  return zip([
    stored(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    { name: "word/document.xml", data: body.deflated, method: 8, crc: body.crc32, size: body.size, declaredSize },
  ]);
}

export type PdfBombOptions = {
  /** More entries of the stream's dictionary (an image's, say). */
  dictionary?: string;
  /** FlateDecode twice: the packed content is packed again (a few kilobytes for a gigabyte). */
  twice?: boolean;
  /**
   * The length as an indirect object, and `endstream` written in the packed data (a stored
   * block) before the bulk: a scan that ends a stream at the first `endstream` sees none of it.
   */
  hiddenEnd?: boolean;
  /**
   * Encrypted against changes only, as publishers' downloads are: the standard security handler,
   * RC4 40-bit (revision 2), an empty password to open it; the packed content is encrypted.
   */
  encrypted?: boolean;
  /**
   * With `encrypted`: the encryption dictionary's owner and user entries written as literal
   * strings of their raw bytes (as many writers do), not in hexadecimal.
   */
  literalStrings?: boolean;
  /**
   * With `encrypted`: AES-128 (revision 4, the crypt filter AESV2) instead of RC4, as institutions'
   * downloads often are; its crypt filters written as given (`/CF … /StmF … /StrF …`), by default
   * one filter, StdCF, for streams and strings.
   */
  aes?: boolean | { filters: string };
  /** With `encrypted`: an "obj" written inside the stream's dictionary, lending the stream another object's number (and so another key) to a scan that takes the nearest. */
  lentNumber?: boolean;
  /** What follows the `stream` keyword on its line (pdf.js skips to the next line). */
  afterKeyword?: string;
  /** The stream's /Filter as written (FlateDecode, or FlateDecode twice, by default). */
  filter?: string;
  /**
   * The bomb's object written inside another stream's data (ASCIIHex-filtered), where only the
   * cross-reference table points: a scan that skips a stream's data never sees it.
   */
  insideAnother?: boolean;
};

/**
 * A one-page PDF whose page content is a FlateDecode stream of `size` bytes (a line of text, then
 * blank space), in one of the forms PdfBombOptions describes.
 */
export function pdfBomb(size = 1 << 30, options: PdfBombOptions = {}) {
  const head = "BT /F1 24 Tf 72 720 Td (A Title) Tj ET\n" + (options.hiddenEnd ? "%\nendstream\nendobj\n" : "");
  let stream = zlibWrapped(deflateBomb(head, " ".repeat(64), size, "\n", options.hiddenEnd));
  if (options.twice) stream = new Uint8Array(deflateSync(stream, { level: 9 }));
  const security = options.encrypted ? (options.aes ? aesSecurity(options.aes === true ? undefined : options.aes.filters) : rc4Security({ literalStrings: options.literalStrings })) : null;
  if (security) stream = security.encrypt(4, stream);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    String(stream.length),
    ...(security ? [security.dictionary] : []),
  ];
  const length = options.hiddenEnd ? "6 0 R" : String(stream.length);
  const filter = options.filter ?? (options.twice ? "[/FlateDecode /FlateDecode]" : "/FlateDecode");
  const lent = options.lentNumber ? "/Note (9 0 obj) " : "";
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    let bytes =
      body === null
        ? concat([encoder.encode(`${i + 1} 0 obj\n<< /Length ${length} /Filter ${filter} ${lent}${options.dictionary ?? ""}>>\nstream${options.afterKeyword ?? ""}\n`), stream, encoder.encode("\nendstream\nendobj\n")])
        : // (Byte for byte: an encryption dictionary's literal strings hold bytes of any value.)
          new Uint8Array(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
    if (body === null && options.insideAnother) {
      const outer = encoder.encode(`7 0 obj\n<< /Length ${bytes.length + 1} /Filter /ASCIIHexDecode >>\nstream\n`);
      offsets[i] = offset + outer.length;
      bytes = concat([outer, bytes, encoder.encode("\nendstream\nendobj\n")]);
    }
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  const encrypt = security ? ` /Encrypt ${objects.length} 0 R /ID [<${security.id}> <${security.id}>]` : "";
  parts.push(encoder.encode(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${offset}\n%%EOF\n`));
  return concat(parts);
}

/**
 * A PDF of `count` figures of width × height in RGB, of one colour, packed about 1,000 : 1, as a paper
 * with plots exported at print resolution holds them (each unpacks to its declared size, no more;
 * its pixels are spaces here, any byte being a colour).
 */
export function pdfFigures(count: number, width: number, height: number) {
  const figure = zlibWrapped(deflateBomb("", " ".repeat(64), width * height * 3, ""));
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n")];
  for (let n = 10; n < 10 + count; n++) {
    parts.push(encoder.encode(`${n} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${figure.length} /Filter /FlateDecode >>\nstream\n`), figure, encoder.encode("\nendstream\nendobj\n"));
  }
  parts.push(encoder.encode(`trailer\n<< /Size ${count + 10} /Root 1 0 R >>\n%%EOF\n`));
  return concat(parts);
}

/**
 * A PDF of `count` small page-content streams, none of them ended by `endstream` and each
 * declaring a length past the file's end, before `padding` spaces: a check that reads each
 * stream's data to the end of the file reads count × padding bytes. By default the streams are
 * FlateDecode, encrypted (as `pdfBomb`'s), and their data ends with their last block; `unended`
 * writes them ASCIIHexDecode without their end mark, unencrypted, so their data runs on through
 * the spaces to the file's end.
 */
export function pdfStreamsToTheEnd(count: number, padding: number, { unended = false } = {}) {
  const security = unended ? null : rc4Security();
  const content = unended ? encoder.encode("4254 4554 0a") : new Uint8Array(deflateSync(encoder.encode("BT /F1 12 Tf 72 720 Td (A line) Tj ET\n")));
  const filter = unended ? "/ASCIIHexDecode" : "/FlateDecode";
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n")];
  for (let n = 10; n < 10 + count; n++) parts.push(encoder.encode(`${n} 0 obj\n<< /Length 999999999 /Filter ${filter} >>\nstream\n`), security ? security.encrypt(n, content) : content, encoder.encode("\n"));
  parts.push(new Uint8Array(padding).fill(0x20));
  const encrypt = security ? `/Encrypt 1 0 R /ID [<${security.id}> <${security.id}>] ` : "";
  parts.push(encoder.encode(`\n1 0 obj\n${security?.dictionary ?? "<< >>"}\nendobj\ntrailer\n<< /Size ${count + 10} ${encrypt}>>\n%%EOF\n`));
  return concat(parts);
}

const md5 = (...parts: Uint8Array[]) => createHash("md5").update(Buffer.concat(parts)).digest();
/** RC4 (Node's OpenSSL has it no more). */
function rc4(key: Uint8Array, data: Uint8Array) {
  const box = [...Array(256).keys()];
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + box[i]! + key[i % key.length]!) % 256;
    [box[i], box[j]] = [box[j]!, box[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) % 256;
    j = (j + box[i]!) % 256;
    [box[i], box[j]] = [box[j]!, box[i]!];
    out[k] = data[k]! ^ box[(box[i]! + box[j]!) % 256]!;
  }
  return out;
}

/**
 * The standard security handler at revision 2 (RC4, 40-bit key), opened by the empty password
 * (ISO 32000-1, 7.6.3, Algorithms 1, 2 and 4), written here apart from the engine's own reader of
 * it: the owner entry is any 32 bytes (it only feeds the key), the user entry is the padding
 * encrypted with the key.
 */
function rc4Security({ literalStrings = false } = {}) {
  const padding = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
  const owner = Buffer.alloc(32, 0x5a);
  const id = Buffer.from("0123456789abcdef0123456789abcdef", "hex");
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const key = md5(padding, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, padding);
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  // A literal string's bytes as they are, but for the three a literal string escapes.
  const literal = (b: Uint8Array) => `(${Buffer.from(b).toString("latin1").replace(/[()\\]/g, (c) => `\\${c}`)})`;
  const string = (b: Uint8Array) => (literalStrings ? literal(b) : `<${hex(b)}>`);
  return {
    id: hex(id),
    dictionary: `<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${string(owner)} /U ${string(user)} /P -44 >>`,
    encrypt: (objectNumber: number, data: Uint8Array) => rc4(md5(key, Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16, 0, 0])).subarray(0, 10), data),
  };
}

/**
 * The standard security handler at revision 4 with AES-128 (the crypt filter AESV2), opened by the
 * empty password (ISO 32000-1, 7.6.3, Algorithms 1, 2 and 5; 7.6.2), written here apart from the
 * engine's own reader of it with Node's MD5 and AES: each stream is its
 * initialisation vector, then its data encrypted in CBC mode with PKCS#7 padding.
 */
function aesSecurity(filters = "/CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV2 /Length 16 >> >> /StmF /StdCF /StrF /StdCF") {
  const padding = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
  const owner = Buffer.alloc(32, 0x3c);
  const id = Buffer.from("fedcba9876543210fedcba9876543210", "hex");
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-1036);
  let key = md5(padding, owner, permissions, id);
  for (let i = 0; i < 50; i++) key = md5(key);
  let user = rc4(key, md5(padding, id));
  for (let i = 1; i <= 19; i++) user = rc4(key.map((b) => b ^ i), user);
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  return {
    id: hex(id),
    dictionary: `<< /Filter /Standard /V 4 /R 4 /Length 128 ${filters} /O <${hex(owner)}> /U <${hex(Buffer.concat([user, Buffer.alloc(16)]))}> /P -1036 >>`,
    encrypt: (objectNumber: number, data: Uint8Array) => {
      const objectKey = md5(key, Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16, 0, 0]), Buffer.from("sAlT")).subarray(0, 16);
      const iv = Buffer.alloc(16, 0x11);
      const cipher = createCipheriv("aes-128-cbc", objectKey, iv);
      return new Uint8Array(Buffer.concat([iv, cipher.update(data), cipher.final()]));
    },
  };
}

/**
 * zlib data whose first DEFLATE block opens by copying 258 bytes from before the data's start, then
 * `size` spaces packed as usual: fflate stops at the copy ("invalid distance"); pdf.js copies what
 * its buffer holds there and unpacks the rest.
 */
export function flateReachingBack(size: number) {
  const bits: number[] = [];
  // DEFLATE writes header fields from their low bit, Huffman codes from their high bit.
  const field = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1);
  };
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  field(0, 1); // not the last block
  field(1, 2); // fixed Huffman codes
  code(0b11000101, 8); // length symbol 285: 258 bytes
  code(0, 5); // distance code 0: one byte back, before the first
  code(0, 7); // end of block
  for (const byte of deflateRawSync(Buffer.alloc(size, 0x20), { level: 9 })) field(byte, 8);
  const body = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => (body[i >> 3]! |= bit << (i & 7)));
  return concat([Uint8Array.from([0x78, 0x9c]), body]);
}
