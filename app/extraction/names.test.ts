import { describe, expect, it } from "vitest";
import { applyNamingConvention, nameParts, namesAlone, namesOnLine, splitName } from "./person-names";
import type { Line } from "./model";
import { decodeNames, NAME_LABELS, nameFeatures, nameTokens, readNames, titleCase } from "./names";
import { lowerCaseWords } from "./patterns";

/** A line of spans laid left to right: `^text` is raised (a marker), `|` starts a span with no gap before it. */
function line(...parts: string[]): Line {
  let x = 72;
  const spans = parts.map((part) => {
    const sup = part.startsWith("^");
    const touching = part.startsWith("|");
    const text = part.replace(/^[\^|]/, "");
    if (!touching && !sup) x += 3;
    const span = { text, x, y: 100, width: text.length * (sup ? 3.5 : 5), size: sup ? 7 : 10, font: "F1", sup };
    x += span.width;
    return span;
  });
  return { page: 1, x: 72, y: 100, width: x - 72, size: 10, text: spans.filter((s) => !s.sup).map((s) => s.text).join(" "), spans };
}

/** A name model that reads every token of the line as nothing (to see what the rules do without it). */
function readsNothing(l: Line) {
  const dims = nameFeatures(nameTokens(l))[0]!.length;
  return { mean: Array(dims).fill(0), scale: Array(dims).fill(1), hidden: [], hiddenBias: [], out: NAME_LABELS.map(() => Array(dims).fill(0)), outBias: NAME_LABELS.map((c) => (c === "other" ? 10 : 0)) };
}

describe("the name model (decision 036)", () => {
  it("reads tokens as printed: raised markers apart, spans set close together as one text", () => {
    const tokens = nameTokens(line("Scott M", "|.", "| Wilhelm", "^1,2", "|,"));
    expect(tokens.map((t) => t.text)).toEqual(["Scott", "M.", "Wilhelm", "1", ",", "2", ","]);
    expect(tokens.map((t) => t.sup)).toEqual([false, false, false, true, true, true, false]);
    // (A space the next piece's letters are set over is none: TeX's loose accent parts "Zs " from "ófia".)
    const accented: Line = {
      page: 1, x: 72, y: 100, width: 100, size: 14, text: "Zsófia Moss",
      spans: [
        { text: "Zs ", x: 72, y: 100, width: 22, size: 14, font: "F1", sup: false },
        { text: "ófia Moss", x: 88, y: 100, width: 60, size: 14, font: "F1", sup: false },
      ],
    };
    expect(nameTokens(accented).map((t) => t.text)).toEqual(["Zsófia", "Moss"]);
  });

  it("finds each person on a line and the markers that follow each name", () => {
    const people = readNames(line("Jaka Bobnar", "^1", "|, Katarina Susman", "^2", "|, and Peter R. Rand", "^1,3"));
    expect(people.map((p) => [p.printed, p.markers])).toEqual([
      ["Jaka Bobnar", ["1"]],
      ["Katarina Susman", ["2"]],
      ["Peter R. Rand", ["1", "3"]],
    ]);
  });

  it("keeps a hyphen set apart inside the name it joins", () => {
    const people = readNames(line("D. Cecilia, C. Kleeberger and Susan Zolla -Pazner"));
    expect(people.map((p) => p.printed)).toEqual(["D. Cecilia", "C. Kleeberger", "Susan Zolla-Pazner"]);
  });

  it("reads the labels as a sequence the training data allows", () => {
    // Alone, the first token reads best as a given name that goes on; no line starts so.
    const probabilities = [[0.1, 0.6, 0.1, 0.1, 0.03, 0.03, 0.04]];
    const n = NAME_LABELS.length;
    const open = Array.from({ length: n + 1 }, () => Array(n).fill(0));
    expect(decodeNames(probabilities, open)).toEqual(["G"]);
    const fromStart = open.map((row, k) => (k === n ? row.map((_, c) => (NAME_LABELS[c] === "G" ? -20 : 0)) : row));
    expect(decodeNames(probabilities, fromStart)).toEqual(["BG"]);
  });

  it("reads people between posts the rules take for no names ('Member, IEEE')", () => {
    const l = line("Debashis Basak, Member, IEEE, and Dhabaleswar K. Panda, Member, IEEE");
    expect(namesOnLine(l, lowerCaseWords([l]), { model: false })).toEqual([]);
    expect(namesOnLine(l, lowerCaseWords([l])).map((p) => p.name)).toEqual(["Debashis Basak", "Dhabaleswar K. Panda"]);
  });

  it("reads a name with particles before a second person whole, by the model or by the rules it leaves the line to", () => {
    const l = line("Matilda Annerstedt van den Bosch and Michael H. Depledge");
    const both = ["Matilda Annerstedt van den Bosch", "Michael H. Depledge"];
    expect(namesOnLine(l, lowerCaseWords([l])).map((p) => p.name)).toEqual(both);
    // Weights that read "Matilda Annerstedt van den" with no given name leave the line to the rules, as a model that reads nothing does.
    const nothing = readsNothing(l);
    expect(namesOnLine(l, lowerCaseWords([l]), { reader: { models: [nothing] } }).map((p) => p.name)).toEqual(both);
  });

  it("reads two given and two family names between a line's separators as one person, not two", () => {
    const l = line("Pablo Nebbi Rivera Moreno and Karol Lorena Triana Montaño");
    const read = namesOnLine(l, lowerCaseWords([l])).map(nameParts);
    expect(read).toEqual([
      { firstName: "Pablo Nebbi", lastName: "Rivera Moreno" },
      { firstName: "Karol Lorena", lastName: "Triana Montaño" },
    ]);
    // Where nothing parts the names, two people read in a row stay two.
    const apart = line("Guido W. Imbens", "Jeffrey M. Wooldridge");
    expect(namesOnLine(apart, lowerCaseWords([apart])).map((p) => p.name)).toEqual(["Guido W. Imbens", "Jeffrey M. Wooldridge"]);
  });

  it("moves a second given name into the family name where Iberian names carry two, unless two are read already", () => {
    const authorOf = (firstName: string, lastName: string) => {
      const a = { firstName, lastName, country: "Colombia" } as Parameters<typeof applyNamingConvention>[0];
      applyNamingConvention(a);
      return `${a.firstName} | ${a.lastName}`;
    };
    expect(authorOf("Sebastián Quiroga", "Peña")).toBe("Sebastián | Quiroga Peña");
    expect(authorOf("Karol Lorena", "Triana Montaño")).toBe("Karol Lorena | Triana Montaño");
    expect(authorOf("Andrés Felipe", "Restrepo")).toBe("Andrés Felipe | Restrepo");
  });

  it("never ends a name on a particle", () => {
    const list = readNames(line("Lloyd Wood Will Ivancic, Dave Stewart, James Northam, Chris Jackson, Alex da Silva Curiel"));
    expect(list[list.length - 1]!.printed).toBe("Alex da Silva Curiel");
  });

  it("reads the Dutch particle ’t, apostrophe and all, as a particle of the family name", () => {
    for (const printed of ["Marieke van ’t Lindt", "Marieke van 't Lindt", "MARIEKE VAN ’T LINDT"]) {
      const l = line(printed);
      expect(namesOnLine(l, lowerCaseWords([l])).map((p) => p.name)).toEqual([printed]);
    }
    expect(splitName("Marieke van ’t Lindt")).toEqual({ firstName: "Marieke", lastName: "van ’t Lindt" });
  });

  it("keeps the rules' names in capitals where the model reads fewer people: a name in capitals is no initials", () => {
    const l = line("MATTHEW PHILPOTT, CATARINA HIOE, MARTHA SHEERAR, AND VIRGINIA S. HINSHAW");
    // A model that reads every token as nothing: the rules' four people stand, as they do against a model that misses one.
    const nothing = readsNothing(l);
    expect(readNames(l, { models: [nothing] })).toEqual([]);
    expect(namesOnLine(l, lowerCaseWords([l]), { reader: { models: [nothing] } }).map((p) => p.name)).toEqual(["MATTHEW PHILPOTT", "CATARINA HIOE", "MARTHA SHEERAR", "VIRGINIA S. HINSHAW"]);
  });
});

describe("a line of names alone (decision 040)", () => {
  const none = new Set<string>();
  it("is names the name model reads beyond doubt, nothing left over", () => {
    expect(namesAlone(line("Mark Thornton and Peter Kirkpatrick"), none)).toBe(true);
    expect(namesAlone(line("D. H. Fisher"), none)).toBe(true);
  });

  it("is not a street, a place, an institution, or initials in capitals before a name", () => {
    expect(namesAlone(line("Largo Pontecorvo, 3"), none)).toBe(false);
    expect(namesAlone(line("Department of Computer Science"), none)).toBe(false);
    expect(namesAlone(line("and UC Berkeley"), none)).toBe(false);
    expect(namesAlone(line("Technical Report CS-95-01"), none)).toBe(false);
  });

  it("has a word of each name the lexicon knows, or an initial: two capitalised words alone are as often a heading", () => {
    const knows = (words: string[]) => ({ lexicon: { given: (w: string) => words.includes(w.toLowerCase()), family: (w: string) => words.includes(w.toLowerCase()) } });
    expect(namesAlone(line("Doug Fisher"), none, knows(["doug"]))).toBe(true);
    expect(namesAlone(line("Doug Fisher"), none, knows([]))).toBe(false);
    expect(namesAlone(line("D. Fisher"), none, knows([]))).toBe(true);
  });

  it("is not words the document prints in lower case", () => {
    expect(namesAlone(line("Rose Hill"), none)).toBe(true);
    const lowerWords = lowerCaseWords([line("a rose garden on the hill behind the old mill house")]);
    expect(namesAlone(line("Rose Hill"), lowerWords)).toBe(false);
  });
  it("title-cases a name printed in capitals as the name is written", () => {
    expect(["LUM-KWONG", "O'BRIEN", "MCCULLY", "McGUIRE", "MACDONALD", "VAN"].map(titleCase)).toEqual(["Lum-Kwong", "O'Brien", "McCully", "McGuire", "Macdonald", "Van"]);
  });
});
