import { describe, expect, it } from "vitest";
import { openPdf, readPdfPages, toLines } from "./read-pdf";

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

  it("gives a line a lone marker raised well above it, set nearly in the line's size", () => {
    const [place, next] = toLines([item(188, 172, 9, "1"), item(193, 177, 10, "Econometric Institute, Harbour School of Economics"), item(201, 191, 10, "Finance Department, Eastbury University")], 1);
    expect(place!.spans.map((s) => [s.text, s.sup])).toEqual([
      ["1", true],
      ["Econometric Institute, Harbour School of Economics", false],
    ]);
    expect(next!.text).toBe("Finance Department, Eastbury University");
  });

  it("reads an ordinal's raised ending touching its number as the number's, and a marker after a word as a marker", () => {
    const at = (x: number, text: string, width: number) => ({ ...item(x, 169, 20, text), width });
    const raised = (x: number, text: string, width: number) => ({ ...item(x, 162, 14, text), width, baseline: 792 - 169 - 20 + 7.5 });
    const [title] = toLines([at(172, "Trade Credit in the 19", 177), raised(349, "th", 11), at(366, "Century", 67), raised(440, "1", 7)], 1);
    expect(title!.text).toBe("Trade Credit in the 19th Century");
    expect(title!.spans.filter((s) => s.sup).map((s) => s.text)).toEqual(["1"]);
  });

  it("gives a raised marker set where the next item starts to the name before it", () => {
    const at = (x: number, text: string, width: number) => ({ ...item(x, 168, 12, text), width });
    const raised = (x: number, text: string) => ({ ...item(x, 165, 8, text), width: 3.8, baseline: 792 - 168 - 12 + 3.7 });
    const lines = toLines([at(114, "Mario Bernasconi", 90), at(203.9, ", Miguel Espinosa", 91), raised(203.9, "†"), raised(295, "‡")], 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.spans.map((s) => s.text)).toEqual(["Mario Bernasconi", "†", ", Miguel Espinosa", "‡"]);
  });

  it("reads a raised ring over no letter as TeX's asterisk, a marker, which a font's encoding gives as the ring accent", () => {
    const at = (x: number, text: string, width: number) => ({ ...item(x, 156, 12, text), width });
    const raised = (x: number, text: string) => ({ ...item(x, 152, 9, text), width: 4, baseline: 792 - 156 - 12 + 4 });
    const [names] = toLines([at(201, "Ada Moss", 60), raised(262, "a,"), raised(268, "\u02DA"), at(274, ", Karl Lind", 60), raised(335, "b")], 1);
    expect(names!.spans.filter((s) => s.sup).map((s) => s.text)).toEqual(["a,", "∗", "b"]);
    expect(names!.text).toBe("Ada Moss , Karl Lind");
  });

  it("keeps text of another size apart from a line it nearly shares a baseline with, past a gap", () => {
    const names = { ...item(80.5, 180, 10, "Christophe Madaschi, Irene Pablos Nuevo"), width: 187.2, baseline: 605.5 };
    const title = { ...item(279.2, 180, 16, "The profitability of banks in a context"), width: 259.4, baseline: 602.5 };
    expect(toLines([names, title], 1).map((l) => l.text).sort()).toEqual(["Christophe Madaschi, Irene Pablos Nuevo", "The profitability of banks in a context"]);
    // (Nor a bullet set smaller before its item.)
    const bullet = [{ ...item(60, 78, 6, "•"), width: 3, baseline: 700 }, { ...item(70, 78, 9, "We study liquidity mismatch and money market funds"), width: 200, baseline: 700 }];
    expect(toLines(bullet, 1).map((l) => l.text)).toEqual(["• We study liquidity mismatch and money market funds"]);
    // (Small capitals run on a word in letters of their own size: one line.)
    const capitals = [{ ...item(242, 120, 14.3, "M"), width: 12.8 }, { ...item(254.8, 120, 11.5, "ARCOS"), width: 41.1 }];
    expect(toLines(capitals, 1).map((l) => l.text)).toEqual(["MARCOS"]);
  });

  it("drops a line number set small in the margin on the line's baseline, and keeps a raised marker hung there", () => {
    // A footnote's place under a publisher's first page: "¹" raised in the margin, the place indented after it.
    const marker = { ...item(51, 588, 5.6, "1"), width: 2.8, baseline: 792 - 592 - 8 + 3.5 };
    const place = { ...item(65, 592, 8, "Department of Statistics, Harbour University, Harbour"), width: 190 };
    const [noted] = toLines([marker, place], 1, 440);
    expect(noted!.spans.map((s) => [s.text, s.sup])).toEqual([
      ["1", true],
      ["Department of Statistics, Harbour University, Harbour", false],
    ]);
    // A reviewer's copy numbers its lines in the margin, on each line's baseline.
    const number = { ...item(58, 300, 6, "12"), width: 6, baseline: 792 - 300 - 10 };
    const text = { ...item(72, 300, 10, "We study the pricing of liquidity in dealer markets"), baseline: 792 - 300 - 10 };
    expect(toLines([number, text], 1).map((l) => l.text)).toEqual(["We study the pricing of liquidity in dealer markets"]);
    // (A column of line numbers set a little raised, every line numbered: line numbers still.)
    const numbered = Array.from({ length: 10 }, (_, k) => [
      { ...item(72, 100 + k * 14, 10, `Line ${k + 1} of a reviewer's copy of the manuscript, its text set in ten points`), baseline: 792 - 100 - k * 14 - 10 },
      { ...item(58, 100 + k * 14, 6, String(k + 1)), width: 6, baseline: 792 - 100 - k * 14 - 10 + 3 },
    ]).flat();
    expect(toLines(numbered, 1).every((l) => /^Line \d+ of/.test(l.text) && l.spans.length === 1)).toBe(true);
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
    // (Another accent before letters of its size keeps the space before it: it may begin a word.)
    const acute = [{ ...item(175, 124, 10, "JEAN ´"), width: 30 }, item(202, 124, 10, "ERIC")];
    expect(toLines(acute, 1)[0]!.text).toBe("JEAN ÉRIC");
    // (In small capitals, the smaller letters go on the word whatever the accent; an accent printed alone goes onto its letter too.)
    const small = [{ ...item(175, 124, 10, "MARIA JOS ´"), width: 58 }, { ...item(230, 126, 7.5, "E"), baseline: 792 - 124 - 10 }];
    expect(toLines(small, 1)[0]!.text).toBe("MARIA JOSÉ");
    const alone = [{ ...item(175, 124, 10, "RAMIRO IBARRA-PE"), width: 80 }, { ...item(257, 124, 10, "˜"), width: 5 }, { ...item(258, 126, 7.5, "NA"), baseline: 792 - 124 - 10 }];
    const [joined] = toLines(alone, 1);
    expect(joined!.text).toBe("RAMIRO IBARRA-PEÑA");
    expect(joined!.spans.map((s) => s.text)).toEqual(["RAMIRO IBARRA-PE", "ÑA"]);
    // (The items given are left as they were.)
    expect(alone.map((i) => i.text)).toEqual(["RAMIRO IBARRA-PE", "˜", "NA"]);
    // (Not an accent set clear of the next item.)
    const apart = [{ ...item(175, 124, 10, "RAMIRO IBARRA-PE ˜"), width: 90 }, { ...item(268, 126, 7.5, "NA"), baseline: 792 - 124 - 10 }];
    expect(toLines(apart, 1)[0]!.spans.map((s) => s.text)).toEqual(["RAMIRO IBARRA-PE ˜", "NA"]);
  });

  it("puts an accent raised over a capital, a glyph of its own above the letters' row, onto the letter under it", () => {
    // "FRAZÃO" as TeX sets it: the tilde's baseline a point above the name's, a raised note mark after the name.
    const name = [{ ...item(242, 120, 11.5, "MARCOS R. FRAZ"), width: 110 }, { ...item(352.8, 120, 11.5, "AO"), width: 17.3 }];
    const tilde = { ...item(354.5, 119, 14.3, "˜"), width: 4.8, baseline: name[0]!.baseline + 1.2 };
    const mark = { ...item(370.4, 117, 10, "*"), baseline: name[0]!.baseline + 3 };
    const [line, ...rest] = toLines([...name, tilde, mark], 1);
    expect(line!.text).toBe("MARCOS R. FRAZÃO");
    expect(rest).toEqual([]);
    // (Without the mark the tilde falls in the letters' own row: it goes onto its capital all the same.)
    expect(toLines([...name, tilde], 1).map((l) => l.text)).toEqual(["MARCOS R. FRAZÃO"]);
    // (Nor is an accent set over no capital taken off the page: a tilde over a space stays.)
    const overSpace = { ...tilde, x: 330 };
    expect(toLines([{ ...item(242, 120, 11.5, "A b"), width: 110 }, overSpace], 1).map((l) => l.text).join(" ")).toContain("˜");
    // (A grave accent too, which TeX also prints as an opening quote, and one set on a letter that ends its word.)
    const jorda = [{ ...item(169.5, 104, 11, "`"), width: 3.6, baseline: 614.5 + 2.4 }, { ...item(167.3, 106, 11, "OSCAR JORD `"), width: 72.5, baseline: 614.5 }, { ...item(234, 106, 11, "A"), width: 7.9, baseline: 614.5 }];
    expect(toLines(jorda, 1).map((l) => l.text)).toEqual(["ÒSCAR JORDÀ"]);
    // (A backquote between small letters is TeX's opening quote, set over nothing: "so-called `Arbitrage'", "Prix `a Paris".)
    for (const [quote, word] of [["so-called `", "Arbitrage'"], ["Prix `", "a Paris"]]) {
      const width = quote!.length * 5;
      const pair = [{ ...item(100, 106, 11, quote!), width, baseline: 600 }, { ...item(100 + width - 3, 106, 11, word!), width: word!.length * 5, baseline: 600 }];
      expect(toLines(pair, 1)[0]!.text).toBe(`${quote}${word}`);
    }
    expect(jorda.map((i) => i.text)).toEqual(["`", "OSCAR JORD `", "A"]);
    // (Not a mark set over no capital: a tilde over small letters is left where it is.)
    const over = [item(242, 120, 11.5, "approximately"), { ...item(250, 112, 11.5, "˜"), width: 4.8, baseline: 792 - 120 - 11.5 + 6 }];
    expect(toLines(over, 1).map((l) => l.text)).toContain("approximately");
  });

  it("puts a cedilla, a macron and a comma set under a letter onto that letter, as TeX prints them apart on names", () => {
    // (A cedilla ending one item, the next item's first letter starting well inside it: set under that letter.)
    const cedilla = [{ ...item(130, 160, 14, "Mar¸"), width: 28 }, { ...item(152, 160, 14, "cal Oyelaran"), width: 57 }];
    expect(toLines(cedilla, 1)[0]!.text).toBe("Marçal Oyelaran");
    // (One printed after its letter, the next item beginning past it, stays on that letter: "Franc¸" / "ois".)
    const after = [{ ...item(130, 160, 14, "Franc¸"), width: 40 }, { ...item(170, 160, 14, "ois Marec"), width: 50 }];
    expect(toLines(after, 1)[0]!.text).toBe("François Marec");
    // (One opening the next item, which starts inside the item before, is that item's last letter's, in the items too: the
    // name's words are read from them.)
    const opening = [{ ...item(87, 288, 14, "Jean-Franc"), width: 68 }, { ...item(149, 288, 14, "¸ ois Marec"), width: 68 }];
    const [line] = toLines(opening, 1);
    expect(line!.text).toBe("Jean-François Marec");
    expect(line!.spans.map((s) => s.text)).toEqual(["Jean-Franç", "ois Marec"]);
    // (A macron after a capital standing alone is set over the small letter next: the word goes on, "Tālis".)
    const macron = [{ ...item(141, 160, 8.4, "T ¯"), width: 8.9 }, { ...item(146.3, 160, 8.4, "alis J. Ozolin"), width: 52 }];
    expect(toLines(macron, 1)[0]!.text).toBe("Tālis J. Ozolin");
    // (But a capital that is a word keeps its space before an accent on letters of its size: "JEAN ´" / "ERIC".)
    const word = [{ ...item(100, 160, 10, "JEAN ´"), width: 40 }, { ...item(136, 160, 10, "ERIC"), width: 28 }];
    expect(toLines(word, 1)[0]!.text).toBe("JEAN ÉRIC");
    // (A comma set small below the line inside the letter before it is that letter's cedilla, Latvian's "ņ".)
    const below = [
      { ...item(146, 160, 8.4, "alis J. Ozolin"), width: 52 },
      { ...item(195, 160, 4.7, ","), width: 1.3, baseline: 792 - 160 - 8.4 - 1.4 },
      { ...item(196.4, 160, 4.7, " "), width: 1.9, baseline: 792 - 160 - 8.4 - 1.4 },
      { ...item(198.1, 160, 8.4, "š"), width: 4.7 },
    ];
    for (const i of below.slice(1, 3)) i.y = 160 + 1.4;
    expect(toLines(below, 1)[0]!.text).toBe("alis J. Ozoliņš");
    // (Not a comma set in the line's size on its baseline: "Ozolin, Berzina".)
    const comma = [{ ...item(146, 160, 8.4, "Ozolin"), width: 25 }, { ...item(171, 160, 8.4, ", Berzina"), width: 30 }];
    expect(toLines(comma, 1)[0]!.text).toBe("Ozolin, Berzina");
  });

  it("reads once a title drawn four times over itself a few tenths of a point apart, each copy cut into runs differently", () => {
    // (Widths of capitals set in 14 points: about 9.3 points a letter.)
    const run = (x: number, lift: number, text: string) => ({ ...item(x, 180, 14, text), width: text.length * 9.3, baseline: 598 + lift });
    const copies = [
      run(120.0, 0, "MONEY MARKETS AND"),
      run(120.4, 0, "MONEY MARK"),
      run(213.4, 0, "ETS AND"),
      run(120.0, 0.4, "MONEY MARKETS"),
      run(241.3, 0.4, " AND"),
      run(120.2, 0.2, "M"),
      run(129.7, 0.2, "ONEY MARKETS AND"),
    ];
    expect(toLines(copies, 1).map((l) => l.text)).toEqual(["MONEY MARKETS AND"]);
    // (Runs of one line that merely touch, or overlap where their letters differ, are all kept.)
    const kerned = [run(100, 0, "Tail"), run(136.6, 0, "risk"), run(175, 0, "AB"), run(190, 0, "CD")];
    expect(toLines(kerned, 1).map((l) => l.text.replace(/\s/g, ""))).toEqual(["TailriskABCD"]);
    // (Nor runs that overlap by a letter's edge where that letter agrees: a word's two halves, a table's two figures.)
    const edge = (x: number, text: string, width: number) => ({ ...item(x, 300, 10, text), width, baseline: 482 });
    expect(toLines([edge(100, "com", 13.5), edge(112, "mittee", 27)], 1).map((l) => l.text.replace(/\s/g, ""))).toEqual(["committee"]);
    expect(toLines([edge(100, "1.00", 18), edge(116.5, "0.25", 18)], 1).map((l) => l.text.replace(/\s/g, ""))).toEqual(["1.000.25"]);
  });

  it("places text on the page as printed where the page is cropped from a larger sheet", async () => {
    // One page whose visible box starts 100 points up and 40 across the sheet: the title is set 30 points below its top.
    const stream = "BT /F1 16 Tf 112 862 Td (Leverage and the Price of Housing) Tj ET";
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [40 100 652 892] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
    ];
    let pdf = "%PDF-1.4\n";
    const offsets = objects.map((o, i) => {
      const at = pdf.length;
      pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
      return at;
    });
    const xref = pdf.length;
    pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    const doc = await readPdfPages(await openPdf(new TextEncoder().encode(pdf)), [1]);
    expect(doc.lines.map((l) => [l.text, Math.round(l.x), Math.round(l.y)])).toEqual([["Leverage and the Price of Housing", 72, 30]]);
    expect([doc.pageWidth, doc.pageHeight]).toEqual([612, 792]);
  });
});
