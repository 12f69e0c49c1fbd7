import { describe, expect, it } from "vitest";
import { toLines } from "./read-pdf";

/** A text item as the reader takes it from pdf.js: `top` down from the page's top, its baseline up from the page's foot. */
const item = (x: number, top: number, size: number, text: string) => ({ text, x, y: top, width: text.length * size * 0.45, size, font: "Times", baseline: 792 - top - size });

describe("the PDF's lines", () => {
  it("gives a name its markers where the page sets them a row above it, a list of them included", () => {
    const lines = toLines(
      [
        item(90, 194, 8.6, "a,b,1"),
        item(200, 194, 8.6, "c,d,e"),
        item(60, 197, 13, "Vincenzo Tola"),
        item(150, 197, 13, ", Fabrizio Lillo"),
        item(260, 197, 13, ", Mauro Gallegati"),
      ],
      1,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe("Vincenzo Tola , Fabrizio Lillo , Mauro Gallegati");
    expect(lines[0]!.spans.filter((s) => s.sup).map((s) => s.text)).toEqual(["a,b,1", "c,d,e"]);
  });

  it("keeps a short line of words above another as a line of its own", () => {
    const lines = toLines([item(60, 180, 9, "and the, of"), item(60, 197, 13, "Vincenzo Tola")], 1);
    expect(lines.map((l) => l.text)).toEqual(["and the, of", "Vincenzo Tola"]);
  });

  it("puts an accent printed last in one item onto the letter of the next it is set over, small capitals' accents", () => {
    // Names in small capitals: the accent ends the capitals' item, its letter begins the small ones'.
    const tilde = [{ ...item(175, 124, 10, "RAMIRO IBARRA-PE ˜"), width: 98 }, { ...item(268, 126, 7.5, "NA"), baseline: 792 - 124 - 10 }];
    const [line] = toLines(tilde, 1);
    expect(line!.text).toBe("RAMIRO IBARRA-PEÑA");
    expect(line!.spans.map((s) => s.text)).toEqual(["RAMIRO IBARRA-PE", "ÑA"]);
    // (Another accent keeps the space before it: it may begin a word.)
    const acute = [{ ...item(175, 124, 10, "JEAN ´"), width: 30 }, { ...item(202, 126, 7.5, "ERIC"), baseline: 792 - 124 - 10 }];
    expect(toLines(acute, 1)[0]!.text).toBe("JEAN ÉRIC");
    // (Not an accent set clear of the next item.)
    const apart = [{ ...item(175, 124, 10, "RAMIRO IBARRA-PE ˜"), width: 90 }, { ...item(268, 126, 7.5, "NA"), baseline: 792 - 124 - 10 }];
    expect(toLines(apart, 1)[0]!.spans.map((s) => s.text)).toEqual(["RAMIRO IBARRA-PE ˜", "NA"]);
  });
});
