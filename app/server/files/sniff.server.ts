/**
 * What an uploaded file really is, from its first bytes, not its name: every upload's extension
 * must agree with its content (a `.pdf` must start `%PDF-`, a `.docx` must be a ZIP holding
 * `word/`, …). Also reads an image's pixel size from its header, so pages reserve its space.
 */
export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export const IMAGE_TYPES = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
} as const;

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** True if the ZIP's bytes name an entry under `folder` (central directory file names are plain). */
function zipHas(b: Uint8Array, folder: string) {
  const needle = ascii(folder);
  outer: for (let i = 0; i <= b.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function isText(b: Uint8Array) {
  const head = b.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.length < b.length ? head.subarray(0, head.length - 4) : head);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, (b: Uint8Array) => boolean> = {
  pdf: (b) => starts(b, ascii("%PDF-")),
  doc: (b) => starts(b, OLE),
  xls: (b) => starts(b, OLE),
  ppt: (b) => starts(b, OLE),
  docx: (b) => starts(b, ZIP) && zipHas(b, "word/"),
  xlsx: (b) => starts(b, ZIP) && zipHas(b, "xl/"),
  pptx: (b) => starts(b, ZIP) && zipHas(b, "ppt/"),
  txt: isText,
  jpg: (b) => starts(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => starts(b, [0xff, 0xd8, 0xff]),
  png: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => starts(b, ascii("GIF87a")) || starts(b, ascii("GIF89a")),
  webp: (b) => starts(b, ascii("RIFF")) && starts(b, ascii("WEBP"), 8),
};

export function extensionOf(name: string) {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  return m ? m[1]!.toLowerCase() : "";
}

/** Whether `bytes` are what the extension says; unknown extensions never are. */
export function contentMatches(ext: string, bytes: Uint8Array) {
  const check = CHECKS[ext];
  return Boolean(check && bytes.length > 0 && check(bytes));
}

/** An image's width and height from its header (PNG, GIF, JPEG, WebP), or null. */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (CHECKS.png!(b) && b.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (CHECKS.gif!(b) && b.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (CHECKS.webp!(b) && b.length >= 30) {
    const chunk = String.fromCharCode(...b.subarray(12, 16));
    if (chunk === "VP8X") return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
    if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (CHECKS.jpg!(b)) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      const length = view.getUint16(i + 2);
      // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
      }
      i += 2 + length;
    }
  }
  return null;
}
