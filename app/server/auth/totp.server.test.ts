import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchingStep, openSecret, otpauthUri, sealSecret, timeStep } from "./totp.server";

// RFC 6238, appendix B (SHA-1 secret "12345678901234567890"), last six digits of each value.
const RFC_SECRET = new TextEncoder().encode("12345678901234567890") as Uint8Array<ArrayBuffer>;
const VECTORS: Array<[seconds: number, code: string]> = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", async () => {
    for (const [seconds, code] of VECTORS) expect(await hotp(RFC_SECRET, timeStep(seconds * 1000))).toBe(code);
  });

  it("accepts one step of drift either way and nothing further", async () => {
    const now = 1234567890 * 1000;
    const step = timeStep(now);
    for (const d of [-1, 0, 1]) expect(await matchingStep(RFC_SECRET, await hotp(RFC_SECRET, step + d), now)).toBe(step + d);
    for (const d of [-2, 2]) expect(await matchingStep(RFC_SECRET, await hotp(RFC_SECRET, step + d), now)).toBeNull();
    expect(await matchingStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(await matchingStep(RFC_SECRET, "abcdef", now)).toBeNull();
  });

  it("round-trips base32 (RFC 4648) and builds the otpauth URI apps read", () => {
    expect(base32Encode(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(new TextDecoder().decode(base32Decode("MZXW6YTBOI"))).toBe("foobar");
    expect(otpauthUri("ABC", "a@b.org", "Finance Society")).toBe(
      "otpauth://totp/Finance%20Society%3Aa%40b.org?secret=ABC&issuer=Finance%20Society&algorithm=SHA1&digits=6&period=30",
    );
  });

  it("seals secrets so only the same server secret opens them", async () => {
    const sealed = await sealSecret("JBSWY3DPEHPK3PXP", "s".repeat(32));
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(await openSecret(sealed, "s".repeat(32))).toBe("JBSWY3DPEHPK3PXP");
    await expect(openSecret(sealed, "t".repeat(32))).rejects.toThrow();
  });
});
