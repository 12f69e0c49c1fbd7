import { describe, expect, it } from "vitest";
import { contentMatches, extensionOf, imageSize } from "./sniff.server";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG_1x1 = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const GIF_3x2 = bytes("GIF89a", [3, 0, 2, 0], [0, 0, 0]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xc2, 0x02, 0x58, 0x03, 0, 0, 0, 0]);

describe("upload content checks", () => {
  it("accepts each allowed type only with the content its extension promises", () => {
    expect(contentMatches("pdf", bytes("%PDF-1.7\n"))).toBe(true);
    expect(contentMatches("pdf", bytes("<html><script>"))).toBe(false);
    expect(contentMatches("png", PNG_1x1)).toBe(true);
    expect(contentMatches("jpg", PNG_1x1)).toBe(false);
    expect(contentMatches("gif", GIF_3x2)).toBe(true);
    expect(contentMatches("webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe(true);
    expect(contentMatches("doc", Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(true);
    expect(contentMatches("docx", bytes([0x50, 0x4b, 0x03, 0x04], "....word/document.xml"))).toBe(true);
    expect(contentMatches("xlsx", bytes([0x50, 0x4b, 0x03, 0x04], "....word/document.xml"))).toBe(false);
    expect(contentMatches("txt", new TextEncoder().encode("Plain text, ünïcödé.\n"))).toBe(true);
    expect(contentMatches("txt", Uint8Array.from([0x50, 0xe9, 0x41]))).toBe(false); // Latin-1, not UTF-8
    expect(contentMatches("txt", bytes("bin", [0, 1, 2]))).toBe(false);
    expect(contentMatches("exe", bytes("MZ"))).toBe(false);
    expect(contentMatches("pdf", new Uint8Array(0))).toBe(false);
  });

  it("reads extensions case-insensitively and refuses names without one", () => {
    expect(extensionOf("Programme.PDF")).toBe("pdf");
    expect(extensionOf("archive.tar.gz")).toBe("gz");
    expect(extensionOf("README")).toBe("");
  });

  it("reads image sizes from PNG, GIF and JPEG headers", () => {
    expect(imageSize(PNG_1x1)).toEqual({ width: 1, height: 1 });
    expect(imageSize(GIF_3x2)).toEqual({ width: 3, height: 2 });
    expect(imageSize(JPEG_HEAD)).toEqual({ width: 600, height: 450 });
    expect(imageSize(bytes("%PDF-1.7"))).toBeNull();
  });
});
