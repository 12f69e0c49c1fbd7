import { COUNTRIES, DIAL_CODES } from "virtual:world-countries";
import { describe, expect, it } from "vitest";

/** The phone-code lists the forms offer, as built from the `world-countries` package. */
describe("telephone country codes", () => {
  const codes = DIAL_CODES.map(([code]) => code);

  it("are each a valid E.164 country code: + and one to three digits, none the start of another", () => {
    for (const code of codes) expect(code).toMatch(/^\+[1-9]\d{0,2}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const prefixes = codes.flatMap((a) => codes.filter((b) => b !== a && b.startsWith(a)).map((b) => `${a} < ${b}`));
    expect(prefixes).toEqual([]);
  });

  it("give every country at least one code, and the known special cases theirs", () => {
    const labels = DIAL_CODES.map(([, label]) => label);
    const without = COUNTRIES.filter(([, name]) => !labels.some((l) => l.includes(name)));
    expect(without).toEqual([]);
    const of = (name: string) => DIAL_CODES.filter(([, label]) => label.includes(name)).map(([code]) => code);
    expect(of("Vatican City")).toEqual(["+39", "+379"]);
    expect(of("Italy")).toEqual(["+39"]);
    expect(of("Kazakhstan")).toEqual(["+7"]);
    expect(of("Dominican Republic")).toEqual(["+1"]);
    expect(of("United Kingdom")).toEqual(["+44"]);
    expect(DIAL_CODES.find(([code]) => code === "+3")).toBeUndefined();
  });
});
