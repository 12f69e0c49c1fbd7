/**
 * Encoders for PDF's older filters (LZWDecode with EarlyChange 1, ASCII85, ASCIIHex,
 * RunLength), so tests can pack data the way a PDF may, and a one-stream PDF to hold it.
 * Plain JavaScript: they run in workerd.
 */
const encoder = new TextEncoder();

export function lzw(data: Uint8Array, { earlyChange = 1 }: { earlyChange?: 0 | 1 } = {}) {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  let width = 9;
  const write = (code: number) => {
    bits = (bits << width) | code;
    count += width;
    while (count >= 8) out.push((bits >>> (count - 8)) & 0xff), (count -= 8);
    bits &= (1 << count) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  const reset = () => {
    table = new Map(Array.from({ length: 256 }, (_, i) => [String.fromCharCode(i), i]));
    (next = 258), (width = 9);
  };
  reset();
  write(256);
  let w = "";
  for (const b of data) {
    const wc = w + String.fromCharCode(b);
    if (table.has(wc)) {
      w = wc;
      continue;
    }
    write(table.get(w)!);
    table.set(wc, next++);
    // The reader adds its entry one code later than the writer, and widens one code early with
    // /EarlyChange 1 (the default), on time with 0.
    const n = next - 1 + earlyChange;
    width = n >= 2048 ? 12 : n >= 1024 ? 11 : n >= 512 ? 10 : 9;
    if (next >= 4094) write(256), reset();
    w = String.fromCharCode(b);
  }
  if (w) write(table.get(w)!);
  write(257);
  if (count) out.push((bits << (8 - count)) & 0xff);
  return new Uint8Array(out);
}

export function ascii85(data: Uint8Array) {
  let s = "";
  for (let i = 0; i < data.length; i += 4) {
    const group = [...data.subarray(i, i + 4)];
    const n = group.length;
    while (group.length < 4) group.push(0);
    let v = ((group[0]! << 24) | (group[1]! << 16) | (group[2]! << 8) | group[3]!) >>> 0;
    if (v === 0 && n === 4) {
      s += "z";
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) digits.unshift(String.fromCharCode(33 + (v % 85))), (v = Math.floor(v / 85));
    s += digits.slice(0, n + 1).join("");
  }
  return encoder.encode(`${s}~>`);
}

export const asciiHex = (data: Uint8Array) => encoder.encode(`${[...data].map((b) => b.toString(16).padStart(2, "0")).join("")}>`);

export function runLength(data: Uint8Array) {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const chunk = data.subarray(i, i + 128);
    out.push(chunk.length - 1, ...chunk);
  }
  out.push(128);
  return new Uint8Array(out);
}

/** A PDF of one stream object with the given filter and packed data (enough for the stream check). */
export function oneStreamPdf(filter: string, data: Uint8Array) {
  const head = encoder.encode(`%PDF-1.4\n1 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`);
  const tail = encoder.encode("\nendstream\nendobj\n%%EOF\n");
  const pdf = new Uint8Array(head.length + data.length + tail.length);
  pdf.set(head);
  pdf.set(data, head.length);
  pdf.set(tail, head.length + data.length);
  return pdf;
}
