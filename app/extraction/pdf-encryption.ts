/**
 * A PDF encrypted only against changes: the standard security handler with RC4 (revisions 2 to 4,
 * 40 to 128-bit keys) or AES-128 (revision 4, the crypt filter AESV2), opened as every viewer opens
 * it, with the empty user password. Publishers' and institutions' downloads are often so (an owner
 * password that forbids editing or printing, none to read), and pdf.js reads them; the stream check
 * (`checkPdfStreams`) must see their streams decrypted to count what they unpack to. A file that
 * needs a password to be read, or is encrypted some other way (AES-256, revisions 5 and 6), is not
 * opened here.
 *
 * The algorithms are the PDF specification's (ISO 32000-1, 7.6.3): the file key from the padded
 * password, the owner entry, the permissions and the file's first identifier (Algorithm 2); the
 * user entry checked against it (Algorithms 4 and 5); each object's key from the file key and the
 * object's number, and for AES the bytes "sAlT" (Algorithm 1); AES-128 in CBC mode with the
 * stream's first 16 bytes as its initialisation vector (7.6.2).
 */

/** The 32 bytes every password is padded with (7.6.3.3). */
const PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

/**
 * What the encryption dictionary and the trailer say, as bytes where they are strings. `streams`
 * is how streams are encrypted: the crypt filter /StmF names at version 4 (its /CFM: V2 is RC4,
 * AESV2 is AES-128, None or /Identity is none), RC4 below it.
 */
export type StandardEncryption = {
  v: number;
  r: number;
  length: number;
  o: Uint8Array;
  u: Uint8Array;
  p: number;
  id: Uint8Array;
  streams: StreamCipher | "unknown";
  /** Version 4's key length in bits, as its crypt filter gives it (null below version 4: `length`). */
  keyBits: number | null;
  encryptMetadata: boolean;
};
export type StreamCipher = "rc4" | "aes" | "none";

/** How a PDF is encrypted, for the stream check: readable with the key, or refused with the reason. */
export type Decryption = { key: Uint8Array; streams: StreamCipher } | { refused: "password" | "unsupported" };

/** The file key when the empty user password opens the file; which refusal otherwise. */
export function openWithEmptyPassword(e: StandardEncryption): Decryption {
  const supported = ((e.v === 1 || e.v === 2) && (e.r === 2 || e.r === 3)) || (e.v === 4 && e.r === 4);
  if (!supported || e.streams === "unknown") return { refused: "unsupported" };
  // (At version 4 the crypt filter's length is the key's, and pdf.js pads a shorter key to 16 bytes.)
  const bits = e.v === 4 ? (e.keyBits ?? 128) : e.length;
  if (e.v === 4 && !(Number.isInteger(bits) && bits >= 40 && bits <= 128 && bits % 8 === 0)) return { refused: "unsupported" };
  const n = e.r === 2 ? 5 : Math.max(5, Math.min(16, Math.floor(bits / 8)));
  const permissions = new Uint8Array(4);
  new DataView(permissions.buffer).setInt32(0, e.p, true);
  // (At revision 4, a file whose metadata is left unencrypted says so in its key: four 0xFF bytes.)
  const unencryptedMetadata = e.r >= 4 && !e.encryptMetadata ? [Uint8Array.from([0xff, 0xff, 0xff, 0xff])] : [];
  let hash = md5(concat(PADDING, e.o.subarray(0, 32), permissions, e.id, ...unencryptedMetadata));
  if (e.r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, n));
  const key = hash.subarray(0, n);
  const streams = e.streams;
  if (e.r === 2) return equal(rc4(key, PADDING), e.u.subarray(0, 32)) ? { key, streams } : { refused: "password" };
  let check = rc4(key, md5(concat(PADDING, e.id)));
  for (let i = 1; i <= 19; i++) check = rc4(key.map((b) => b ^ i), check);
  if (!equal(check, e.u.subarray(0, 16))) return { refused: "password" };
  return { key: e.v === 4 && key.length < 16 ? concat(key, new Uint8Array(16 - key.length)) : key, streams };
}

/** Decrypts a stream's data piece by piece, keeping its state between pieces. */
export type PieceCipher = { next(piece: Uint8Array): Uint8Array };

/**
 * An object's decryption as a stream (RC4 and AES-CBC keep their state from one piece to the
 * next): a stream check decrypts only as much of an object's data as its filters read.
 */
export function objectCipher(key: Uint8Array, objectNumber: number, generation: number, streams: StreamCipher = "rc4"): PieceCipher {
  if (streams === "none") return { next: (piece) => piece };
  const salt = Uint8Array.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, generation & 0xff, (generation >> 8) & 0xff]);
  const aes = streams === "aes" ? [Uint8Array.from([0x73, 0x41, 0x6c, 0x54])] : [];
  const objectKey = md5(concat(key, salt, ...aes)).subarray(0, Math.min(key.length + 5, 16));
  return streams === "aes" ? new Aes128CbcDecryption(objectKey) : new Rc4(objectKey);
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
class Rc4 implements PieceCipher {
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

/* AES-128 (FIPS 197), decryption only, in CBC mode: WebCrypto's is asynchronous and wants the
   whole message, and the check runs synchronously over pieces. */
const SBOX = new Uint8Array(256);
const INVERSE_SBOX = new Uint8Array(256);
{
  // The S-box from the multiplicative inverse in GF(2^8) and the affine map (p runs over the
  // powers of 3, q over those of its inverse).
  const rotate = (x: number, n: number) => ((x << n) | (x >> (8 - n))) & 0xff;
  let p = 1;
  let q = 1;
  do {
    p = (p ^ (p << 1) ^ (p & 0x80 ? 0x1b : 0)) & 0xff;
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    SBOX[p] = q ^ rotate(q, 1) ^ rotate(q, 2) ^ rotate(q, 3) ^ rotate(q, 4) ^ 0x63;
  } while (p !== 1);
  SBOX[0] = 0x63;
  for (let i = 0; i < 256; i++) INVERSE_SBOX[SBOX[i]!] = i;
}
/** Multiplication in GF(2^8) by a constant, as a table. */
const timesTable = (factor: number) =>
  Uint8Array.from({ length: 256 }, (_, x) => {
    let product = 0;
    for (let a = x, b = factor; b; b >>= 1, a = ((a << 1) ^ (a & 0x80 ? 0x1b : 0)) & 0xff) if (b & 1) product ^= a;
    return product;
  });
const [TIMES_9, TIMES_11, TIMES_13, TIMES_14] = [9, 11, 13, 14].map(timesTable) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];

/** The eleven round keys of AES-128 (FIPS 197, 5.2), 176 bytes. */
function expandKey(key: Uint8Array) {
  const w = new Uint8Array(176);
  w.set(key.subarray(0, 16));
  for (let i = 16, rcon = 1; i < 176; i += 4) {
    let [a, b, c, d] = [w[i - 4]!, w[i - 3]!, w[i - 2]!, w[i - 1]!];
    if (i % 16 === 0) {
      [a, b, c, d] = [SBOX[b]! ^ rcon, SBOX[c]!, SBOX[d]!, SBOX[a]!];
      rcon = ((rcon << 1) ^ (rcon & 0x80 ? 0x1b : 0)) & 0xff;
    }
    (w[i] = w[i - 16]! ^ a), (w[i + 1] = w[i - 15]! ^ b), (w[i + 2] = w[i - 14]! ^ c), (w[i + 3] = w[i - 13]! ^ d);
  }
  return w;
}

/** A block's bytes between the steps of `decryptBlock` (one buffer for all: the check runs synchronously). */
const SCRATCH = new Uint8Array(16);

/** One 16-byte block decrypted in place with the expanded key (FIPS 197, 5.3). */
function decryptBlock(state: Uint8Array, w: Uint8Array) {
  const t = SCRATCH;
  for (let i = 0; i < 16; i++) state[i]! ^= w[160 + i]!;
  for (let round = 9; round >= 0; round--) {
    // Inverse shift of the rows and inverse substitution (the state is column by column).
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) t[c * 4 + r] = INVERSE_SBOX[state[((c - r + 4) % 4) * 4 + r]!]!;
    for (let i = 0; i < 16; i++) state[i] = t[i]! ^ w[round * 16 + i]!;
    if (round === 0) break;
    for (let c = 0; c < 16; c += 4) {
      const [a, b, d, e] = [state[c]!, state[c + 1]!, state[c + 2]!, state[c + 3]!];
      state[c] = TIMES_14[a]! ^ TIMES_11[b]! ^ TIMES_13[d]! ^ TIMES_9[e]!;
      state[c + 1] = TIMES_9[a]! ^ TIMES_14[b]! ^ TIMES_11[d]! ^ TIMES_13[e]!;
      state[c + 2] = TIMES_13[a]! ^ TIMES_9[b]! ^ TIMES_14[d]! ^ TIMES_11[e]!;
      state[c + 3] = TIMES_11[a]! ^ TIMES_13[b]! ^ TIMES_9[d]! ^ TIMES_14[e]!;
    }
  }
}

/** One 16-byte block decrypted with AES-128 (a known-answer test's hook). */
export function aes128DecryptBlock(key: Uint8Array, block: Uint8Array) {
  const state = Uint8Array.from(block);
  decryptBlock(state, expandKey(key));
  return state;
}

/**
 * AES-128 in CBC mode, decrypted piece by piece: the first 16 bytes are the initialisation vector,
 * a block is given out once whole. (The last block's padding is left on: the check counts what
 * filters make of the data, and they end before it.)
 */
class Aes128CbcDecryption implements PieceCipher {
  private readonly w: Uint8Array;
  /** The previous ciphertext block (the initialisation vector first), and the block being filled. */
  private readonly previous = new Uint8Array(16);
  private readonly pending = new Uint8Array(16);
  private readonly block = new Uint8Array(16);
  private held = 0;
  private started = false;
  constructor(key: Uint8Array) {
    this.w = expandKey(key);
  }

  next(piece: Uint8Array) {
    const out = new Uint8Array(Math.floor((this.held + piece.length) / 16) * 16);
    let written = 0;
    for (let k = 0; k < piece.length; k++) {
      this.pending[this.held++] = piece[k]!;
      if (this.held < 16) continue;
      this.held = 0;
      if (!this.started) {
        this.previous.set(this.pending);
        this.started = true;
        continue;
      }
      this.block.set(this.pending);
      decryptBlock(this.block, this.w);
      for (let i = 0; i < 16; i++) out[written++] = this.block[i]! ^ this.previous[i]!;
      this.previous.set(this.pending);
    }
    return out.subarray(0, written);
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
