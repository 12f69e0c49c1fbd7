/**
 * A PDF encrypted only against changes: the standard security handler with RC4 (revisions 2 and 3,
 * 40 to 128-bit keys), opened as every viewer opens it, with the empty user password. Publishers'
 * downloads are often so (an owner password that forbids editing or printing, none to read), and
 * pdf.js reads them; the stream check (`checkPdfStreams`) must see their streams decrypted to
 * count what they unpack to. A file that needs a password to be read, or is encrypted some other
 * way (AES), is not opened here.
 *
 * The algorithms are the PDF specification's (ISO 32000-1, 7.6.3): the file key from the padded
 * password, the owner entry, the permissions and the file's first identifier (Algorithm 2); the
 * user entry checked against it (Algorithms 4 and 5); each object's key from the file key and the
 * object's number (Algorithm 1).
 */

/** The 32 bytes every password is padded with (7.6.3.3). */
const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

/** What the encryption dictionary and the trailer say, as bytes where they are strings. */
export type StandardEncryption = { v: number; r: number; length: number; o: Uint8Array; u: Uint8Array; p: number; id: Uint8Array };

/** How a PDF is encrypted, for the stream check: readable with the key, or refused with the reason. */
export type Decryption = { key: Uint8Array } | { refused: "password" | "unsupported" };

/** The file key when the empty user password opens the file; which refusal otherwise. */
export function openWithEmptyPassword(e: StandardEncryption): Decryption {
  if (!(e.v === 1 || e.v === 2) || !(e.r === 2 || e.r === 3)) return { refused: "unsupported" };
  const n = e.r === 2 ? 5 : Math.max(5, Math.min(16, Math.floor(e.length / 8)));
  const permissions = new Uint8Array(4);
  new DataView(permissions.buffer).setInt32(0, e.p, true);
  let hash = md5(concat(PADDING, e.o.subarray(0, 32), permissions, e.id));
  if (e.r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, n));
  const key = hash.subarray(0, n);
  if (e.r === 2) return equal(rc4(key, PADDING), e.u.subarray(0, 32)) ? { key } : { refused: "password" };
  let check = rc4(key, md5(concat(PADDING, e.id)));
  for (let i = 1; i <= 19; i++) check = rc4(key.map((b) => b ^ i), check);
  return equal(check, e.u.subarray(0, 16)) ? { key } : { refused: "password" };
}

/**
 * An object's decryption as a stream (RC4 keeps its state from one piece to the next): a stream
 * check decrypts only as much of an object's data as its filters read.
 */
export function objectCipher(key: Uint8Array, objectNumber: number, generation: number) {
  const salt = Uint8Array.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, generation & 0xff, (generation >> 8) & 0xff]);
  return new Rc4(md5(concat(key, salt)).subarray(0, Math.min(key.length + 5, 16)));
}

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** RC4 over `data` with `key`. */
export function rc4(key: Uint8Array, data: Uint8Array) {
  return new Rc4(key).next(data);
}

/** RC4's key stream, applied piece by piece. */
class Rc4 {
  private s = new Uint8Array(256);
  private i = 0;
  private j = 0;
  constructor(key: Uint8Array) {
    const s = this.s;
    for (let i = 0; i < 256; i++) s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i]! + key[i % key.length]!) & 0xff;
      [s[i], s[j]] = [s[j]!, s[i]!];
    }
  }

  /** The next piece of data, decrypted (or encrypted: RC4 is its own inverse). */
  next(data: Uint8Array) {
    const s = this.s;
    let { i, j } = this;
    const out = new Uint8Array(data.length);
    for (let k = 0; k < data.length; k++) {
      i = (i + 1) & 0xff;
      j = (j + s[i]!) & 0xff;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
      out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
    }
    (this.i = i), (this.j = j);
    return out;
  }
}

/* MD5 (RFC 1321): the file key's hash; WebCrypto has none, and the check runs synchronously. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export function md5(message: Uint8Array) {
  const padded = new Uint8Array(((message.length + 8) >> 6) * 64 + 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = new DataView(padded.buffer);
  bits.setUint32(padded.length - 8, (message.length * 8) >>> 0, true);
  bits.setUint32(padded.length - 4, Math.floor((message.length * 8) / 2 ** 32), true);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  const m = new Uint32Array(16);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) m[i] = bits.getUint32(block + i * 4, true);
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const rotated = (a + f + SINES[i]! + m[g]!) >>> 0;
      const shift = SHIFTS[round * 4 + (i % 4)]!;
      [a, d, c] = [d, c, b];
      b = (b + ((rotated << shift) | (rotated >>> (32 - shift)))) >>> 0;
    }
    [a0, b0, c0, d0] = [(a0 + a) >>> 0, (b0 + b) >>> 0, (c0 + c) >>> 0, (d0 + d) >>> 0];
  }
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  [a0, b0, c0, d0].forEach((word, i) => view.setUint32(i * 4, word, true));
  return out;
}
