import { describe, expect, it } from "vitest";
import { MAX_LINE_CHARS, fixLigatures, joinLines, joinSpans, sentences, similarity, smallCapitalsRead, vocabularyOf } from "./text";

describe("text repairs", () => {
  it("undoes line-end hyphenation but keeps real compounds", () => {
    const vocabulary = vocabularyOf(["banks reduced their risk-taking", "market"]);
    expect(joinLines(["Deposit rates rose slower than mar-", "ket rates"], vocabulary)).toBe("Deposit rates rose slower than market rates");
    expect(joinLines(["reduced their risk-", "taking"], vocabulary)).toBe("reduced their risk-taking");
    // (Before a capital the hyphen joins two names: no space, no word broken.)
    expect(joinLines(["Harbour College and IRES-", "Universitat de Eastbury"], vocabulary)).toBe("Harbour College and IRES-Universitat de Eastbury");
    // (So does a dash set close after a word: "Central Office–" / "Research Centre".)
    expect(joinLines(["Harbour Bank, Central Office–", "Research Centre, 14 Quay Street"], vocabulary)).toBe("Harbour Bank, Central Office–Research Centre, 14 Quay Street");
    expect(joinLines(["prices rose —", "Then they fell"], vocabulary)).toBe("prices rose — Then they fell");
    expect(joinLines(["a one-standard-", "deviation"], vocabulary)).toBe("a one-standard-deviation");
    expect(joinLines(["after the COVID-", "19 crisis"], vocabulary)).toBe("after the COVID-19 crisis");
    // (So is a number of two parts: a ZIP code's, a range of years.)
    expect(joinLines(["Harbour, CA 94305-", "5015. e-mail: a@example.edu"], vocabulary)).toBe("Harbour, CA 94305-5015. e-mail: a@example.edu");
    expect(joinLines(["in 2019-", "20 and"], vocabulary)).toBe("in 2019-20 and");
    expect(joinLines(["rates of 3-", "and more"], vocabulary)).toBe("rates of 3- and more");
  });

  it("joins an e-mail address the line cut after a dot of its domain, and nothing else after a full stop", () => {
    const vocabulary = vocabularyOf([]);
    expect(joinLines(["Evanston, IL 60208 sean.higgins@kellogg.", "northwestern.edu. Seira: ITAM"], vocabulary)).toBe("Evanston, IL 60208 sean.higgins@kellogg.northwestern.edu. Seira: ITAM");
    expect(joinLines(["write to jo@example.org.", "thanks go to the referee."], vocabulary)).toBe("write to jo@example.org. thanks go to the referee.");
    // And one masked against harvesters, cut after its "[dot]".
    expect(joinLines(["Lena Brandt: Aarhus University, lena.brandt[at]econ[dot]au[dot]", "dk. We thank"], vocabulary)).toBe("Lena Brandt: Aarhus University, lena.brandt[at]econ[dot]au[dot]dk. We thank");
  });

  it("joins pieces of a line, without a space the next piece's letters are set over", () => {
    expect(joinSpans([{ text: "Zs ", x: 72, width: 22, size: 14 }, { text: "ófia Moss", x: 88, width: 60, size: 14 }])).toBe("Zsófia Moss");
    expect(joinSpans([{ text: "Ada ", x: 72, width: 30, size: 14 }, { text: "moss", x: 102, width: 30, size: 14 }])).toBe("Ada moss");
    // (After a word, the space before an accented word is real, however close its letter is set: "sciences économiques".)
    expect(joinSpans([{ text: "Faculté des sciences ", x: 72, width: 120, size: 10 }, { text: "économiques", x: 189, width: 60, size: 10 }])).toBe("Faculté des sciences économiques");
    expect(joinSpans([{ text: "Gazdasági ", x: 72, width: 60, size: 10 }, { text: "és Regionális", x: 129, width: 60, size: 10 }])).toBe("Gazdasági és Regionális");
  });

  it("answers at once for a line of one long word", () => {
    const started = performance.now();
    joinLines(["a".repeat(50000), "b"], vocabularyOf([]));
    expect(performance.now() - started).toBeLessThan(300);
  });

  it("repairs ligatures and TeX's loose accents", () => {
    expect(fixLigatures("ﬁrm eﬀect")).toBe("firm effect");
    expect(fixLigatures("Dvoˇrák")).toBe("Dvořák");
    // A cedilla or an ogonek comes after its letter, a space after it or none.
    expect(fixLigatures("Umut C¸ etin, Franc¸ois")).toBe("Umut Çetin, François");
    // At the start of a piece it waits for the line the piece joins.
    expect(fixLigatures("¸etin")).toBe("¸etin");
    expect(fixLigatures(`C${fixLigatures("¸etin")}`)).toBe("Çetin");
    // An accent on a dotless i (TeX's \'\i), loose or combining, is an accented i.
    expect(fixLigatures("Lu´ıs Mar\u0131\u0301a")).toBe("Luís María");
    // A grave accent after a vowel that ends its word is the vowel's; a backquote opening a word is a quote.
    expect(fixLigatures("Universita` di Palermo, compete a` la Cournot, the `economies of scale'")).toBe("Università di Palermo, compete à la Cournot, the `economies of scale'");
    // Inside a word TeX sets it before its vowel; after a space it still opens a quote.
    expect(fixLigatures("Universitat Aut`onoma de Barcelona, so-called `Arbitrage', Prix `a Paris")).toBe("Universitat Autònoma de Barcelona, so-called `Arbitrage', Prix `a Paris");
    // (Before a capital it stands for an apostrophe.)
    expect(fixLigatures("Scuola Sant`Anna, Università dell`Economia")).toBe("Scuola Sant`Anna, Università dell`Economia");
  });

  it("reads a title in small capitals that its font gives as small letters as the capitals it prints, and names' and brands' own turns of case as they are", () => {
    expect(smallCapitalsRead("cISS – A cOMPOSItE INdIcAtOR Of SyStEMIc StRESS IN thE fINANcIAl SyStEM")).toBe("CISS – A COMPOSITE INDICATOR OF SYSTEMIC STRESS IN THE FINANCIAL SYSTEM");
    for (const printed of ["Ines McAllister-MacKay, Kofi DeVane", "Keywords: FinTech, BigTech, DeFi, mBridge", "FinTech Meets BigTech: eCNY", "JPMorgan, BlackRock, eBay", "dXt = μXt dt + σXt dWt", "NBER Working Paper"]) expect(smallCapitalsRead(printed)).toBe(printed);
  });

  it("measures similarity as normalised Levenshtein", () => {
    expect(similarity("kitten", "sitting")).toBeCloseTo(1 - 3 / 7);
    expect(similarity("same", "same")).toBe(1);
  });
  it("ends a footnote's sentence after an acronym in capitals, not after an initial or an abbreviation", () => {
    expect(sentences("Kelly is at Yale, AQR, and NBER. Pedersen is at CBS. We thank J. Smith of St. Louis.")).toEqual(["Kelly is at Yale, AQR, and NBER.", "Pedersen is at CBS.", "We thank J. Smith of St. Louis."]);
    expect(sentences("Department of Economics, Univ. Toronto and the U.S.A. Office")).toEqual(["Department of Economics, Univ. Toronto and the U.S.A. Office"]);
    // A short capitalised word before a stop ends a sentence where a sentence's opening word follows it.
    expect(sentences("They are at the Bank of New York. The views are their own.")).toEqual(["They are at the Bank of New York.", "The views are their own."]);
    expect(sentences("Dept. Finance, Univ. Toronto")).toEqual(["Dept. Finance, Univ. Toronto"]);
    expect(sentences("Ortega and Z. He are with the Bank of Canada. We thank J. I. Smith.")).toEqual(["Ortega and Z. He are with the Bank of Canada.", "We thank J. I. Smith."]);
  });
  it("reads a street after the full stop that ends a place as the place going on, not a new sentence", () => {
    expect(sentences("Department of Economics, London School of Economics. Houghton Street, London WC2A 2AE. We thank the editor.")).toEqual([
      "Department of Economics, London School of Economics. Houghton Street, London WC2A 2AE.",
      "We thank the editor.",
    ]);
    expect(sentences("Centro Universitario de la Defensa, Academia General Militar. Ctra. Huesca s/n. 50090, Zaragoza, Spain")).toHaveLength(1);
    expect(sentences("Yale University. 28 Hillhouse Avenue, New Haven, CT 06511")).toHaveLength(1);
    expect(sentences("Università Bocconi. Via Sarfatti 25, 20136 Milano")).toHaveLength(1);
    // (A sentence that opens with capitalised words and no street after them is a sentence: a court, a model, a title, a grant.)
    for (const said of ["Yale University. Views expressed are our own.", "Yale University. The Supreme Court ruling came later.", "We thank Annabel. Random Walk models fail here.", "We thank Annabel. Via NSF grant 123 we paid them.", "We thank Roberta. Paul St. John provided data.", "We thank them. Contact Dr. Jane Doe for the data."]) {
      expect(sentences(said)).toHaveLength(2);
    }
  });

  it("cuts a line at MAX_LINE_CHARS, however many spans or characters a file puts on it", () => {
    expect(joinSpans([{ text: "a".repeat(60_000), x: 72, width: 400, size: 10 }])).toHaveLength(MAX_LINE_CHARS);
    const spans = Array.from({ length: 40_000 }, (_, i) => ({ text: "ab", x: 72 + i * 20, width: 10, size: 10 }));
    expect(joinSpans(spans)).toHaveLength(MAX_LINE_CHARS);
    // (A ligature read out after the cut makes three letters of one: the cut comes after it.)
    expect(fixLigatures(joinSpans([{ text: "\uFB03".repeat(5_000), x: 72, width: 400, size: 10 }])).slice(0, MAX_LINE_CHARS)).toHaveLength(MAX_LINE_CHARS);
    expect(joinSpans([{ text: "Ada ", x: 72, width: 30, size: 14 }, { text: "Moss", x: 102, width: 30, size: 14 }])).toBe("Ada Moss");
  });
});
