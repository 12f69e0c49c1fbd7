import { describe, expect, it } from "vitest";
import { aes128DecryptBlock, md5, objectCipher } from "./pdf-encryption";

const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (h) => Number.parseInt(h, 16));
const text = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

describe("PDF decryption", () => {
  it("decrypts AES-128 as FIPS 197 says (its appendix C.1 example), and hashes MD5 as RFC 1321 says", () => {
    expect(text(aes128DecryptBlock(hex("000102030405060708090a0b0c0d0e0f"), hex("69c4e0d86a7b0430d8cdb78070b4c55a")))).toBe("00112233445566778899aabbccddeeff");
    expect(text(md5(new TextEncoder().encode("abc")))).toBe("900150983cd24fb0d6963f7d28e17f72");
  });

  it("decrypts an object's AES-CBC data whatever pieces it comes in, its first block the initialisation vector", () => {
    // Two blocks under one object key, cut at every length from 1 to 40 bytes: the same plaintext.
    const key = hex("00112233445566778899aabbccddeeff");
    const data = hex("000102030405060708090a0b0c0d0e0f" + "8b2bd8ac1f8d0a4bbc30c6bb0e7dd5cf" + "31b0b3e1e3c1a53a1bd2c7f0a2f3a64e");
    const whole = text(objectCipher(key, 7, 0, "aes").next(data));
    expect(whole).toHaveLength(64);
    for (let piece = 1; piece <= 40; piece++) {
      const cipher = objectCipher(key, 7, 0, "aes");
      let out = "";
      for (let at = 0; at < data.length; at += piece) out += text(cipher.next(data.subarray(at, at + piece)));
      expect(out).toBe(whole);
    }
    // Another object's key decrypts the same data otherwise.
    expect(text(objectCipher(key, 8, 0, "aes").next(data))).not.toBe(whole);
  });
});
