import { describe, expect, it } from "vitest";
import { identitiesIn } from "./blind-copy.server";
import { isJelCode, jelCodesProblem, keywordFieldSchemas, parseJelCodes, parseKeywords } from "./keywords";

describe("keywords and JEL codes", () => {
  it("reads keywords separated by commas, semicolons or lines, each once", () => {
    expect(parseKeywords(" Liquidity ;Trade  credit,\nliquidity,, ")).toEqual(["Liquidity", "Trade credit"]);
  });

  it("reads JEL codes in any case, separated by spaces too", () => {
    expect(parseJelCodes("g12 e44;G12,  C58")).toEqual(["G12", "E44", "C58"]);
  });

  it("knows a JEL code: a letter of the classification and one or two digits", () => {
    expect(["G12", "E4", "Z11", "A10"].every(isJelCode)).toBe(true);
    expect(["G", "G123", "S12", "X1", "12", "GG"].some(isJelCode)).toBe(false);
    expect(jelCodesProblem(["G12", "T1"])).toBe('"T1" is not a JEL code: a JEL code is a letter and one or two digits, such as G12 or E44.');
    expect(jelCodesProblem(Array.from({ length: 11 }, (_, i) => `G${i}`))).toBe("At most 10 JEL codes.");
  });

  it("keeps the fields as normalised text that passes its own check again", () => {
    const once = keywordFieldSchemas.jelCodes.parse("g12 e44");
    expect(once).toBe("G12, E44");
    expect(keywordFieldSchemas.jelCodes.parse(once)).toBe(once);
    expect(keywordFieldSchemas.keywords.parse("")).toBe("");
    expect(keywordFieldSchemas.keywords.safeParse("x".repeat(81)).success).toBe(false);
  });
});

describe("names in a blind copy's text", () => {
  const people = [
    { firstName: "Katharina", lastName: "Müller", email: "k.mueller@uni.example" },
    { firstName: "Tomás", lastName: "O’Connell", email: "tomas@ucd.example" },
  ];

  it("finds a full name in either order, without its accents, and an address", () => {
    expect(identitiesIn("MULLER, Katharina\nContact: Tomas@UCD.example", people)).toEqual(["Katharina Müller", "tomas@ucd.example"]);
    expect(identitiesIn("Tomás O'Connell (University College Dublin)", people)).toEqual(["Tomás O’Connell"]);
  });

  it("does not take a surname alone, or a name inside a longer word", () => {
    expect(identitiesIn("As Müller (2019) shows, Katharinas Mullerova", people)).toEqual([]);
  });
});
