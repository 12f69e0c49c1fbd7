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
});
