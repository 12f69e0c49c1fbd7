import { describe, expect, it } from "vitest";
import { readHeader } from "./header";
import { cleanTitle, findTitle, titleOfLines, unitOverTitle } from "./title";
import { lowerCaseWords } from "./patterns";
import { centred, documentOf, documentOfLines, lineAt } from "./test-document";

/** The labeller's word on a line: how likely its title and an author's name, the rest "other". */
const said = (title: number, author: number) => ({ title, author, affiliation: 0, email: 0, abstract: 0, keywords: 0, other: 1 - title - author });

describe("the title reader", () => {
  it("passes over an economics journal's section heading set over the title in its size", () => {
    const doc = documentOf([
      ["Harbour Economics, Vol. 82, No. 6 (November, 2014), 2295–2326", 8.5],
      ["NOTES AND COMMENTS", 10.5],
      ["ROBUST CONFIDENCE INTERVALS", 10.5],
      ["FOR HARBOUR-DISCONTINUITY DESIGNS", 10.5],
      ["BY ADA MOSS AND KARL LIND", 10.5],
      ["In the harbour-discontinuity design, ships are assigned to treatment based on a score.", 8.5],
    ]);
    centred(doc.lines);
    expect(findTitle(doc.lines, 6, doc, lowerCaseWords(doc.lines), [said(0, 0), said(0.9, 0), said(1, 0), said(1, 0), said(0, 1), said(0, 0)])).toEqual([2, 3]);
  });

  it("leaves out a full stop the title page sets after a title, not an abbreviation's, and an open-review platform's version", () => {
    expect(cleanTitle("Trends and cycles in harbour trade.")).toBe("Trends and cycles in harbour trade");
    expect(cleanTitle("Bank Lending in the U.S.")).toBe("Bank Lending in the U.S.");
    expect(cleanTitle("Pricing Notes from Harbour Capital Corp.")).toBe("Pricing Notes from Harbour Capital Corp.");
    // (TeX's asterisk as a font without its own map gives it: "⇤".)
    expect(cleanTitle("Harbour Fee De-risking⇤")).toBe("Harbour Fee De-risking");
    expect(cleanTitle("Cars, Houses, Boats, etc.")).toBe("Cars, Houses, Boats, etc.");
    expect(cleanTitle("Scoring Harbour Funds [version 1; peer review: 3 approved]")).toBe("Scoring Harbour Funds");
    expect(cleanTitle("Scoring Harbour Funds [version 2;")).toBe("Scoring Harbour Funds");
  });

  it("passes over a series' banner, all its lines, set as large as the title", () => {
    const doc = documentOf([
      ["Finance and Economics Discussion Series", 14],
      ["Divisions of Research & Statistics and Monetary Affairs", 14],
      ["Federal Reserve Board, Washington, D.C.", 14],
      ["Forward Guidance with Bayesian Learning and Estimation", 14],
      ["Christopher Gust, Edward Herbst, and David López-Salido", 14],
    ]);
    // (The title stands well below the banner: the rows are moved apart as a cover sets them.)
    doc.lines.forEach((l, i) => i >= 3 && (l.y += 200));
    expect(findTitle(doc.lines, 5, doc, lowerCaseWords(doc.lines), doc.lines.map(() => said(0, 0)))).toEqual([3]);
  });

  it("passes over a footnote's marker set on a line of its own between the title's lines", () => {
    const doc = documentOf([
      ["Too Slow, Too Careful?", 14],
      ["§", 14],
      ["Waiting Periods and the Repayment of Digital Loans", 14],
      ["Ana Moss and Karl Lind", 12],
    ]);
    // (Centred, as a working paper's title page sets them.)
    centred(doc.lines);
    expect(findTitle(doc.lines, 4, doc, lowerCaseWords(doc.lines), [said(0.8, 0), said(0.3, 0), said(1, 0), said(0, 1)])).toEqual([0, 2]);
  });

  it("passes over side matter set small at the right of the title's lines: a cover's date, a journal's box of rights and DOI", () => {
    const lines = [
      lineAt(1, 36, 75, 24, "Tariffs and the"),
      lineAt(1, 36, 104, 24, "Pricing of Harbour"),
      lineAt(1, 495, 104, 11, "March 3, 2026"),
      lineAt(1, 36, 133, 24, "Services"),
      lineAt(1, 36, 165, 13, "Ana Moss"),
    ];
    const doc = documentOfLines(lines);
    expect(findTitle(lines, 5, doc, lowerCaseWords(lines), [said(1, 0), said(1, 0), said(0, 0), said(1, 0), said(0, 1)])).toEqual([0, 1, 3]);
    // (Several lines of a journal's box beside the title's, one between two of its lines.)
    const boxed = [
      lineAt(1, 63, 82, 16, "Harbour fees and shipping"),
      lineAt(1, 481, 83, 7, "© The Author(s) 2024"),
      lineAt(1, 478, 92, 7, "Article reuse guidelines:"),
      lineAt(1, 63, 100, 16, "volumes: Evidence from Norland"),
      lineAt(1, 445, 110, 7, "DOI: 10.1177/00000000000"),
      lineAt(1, 63, 160, 12, "Ana Moss and Karl Lind"),
    ];
    const journal = documentOfLines(boxed);
    expect(findTitle(boxed, 6, journal, lowerCaseWords(boxed), [said(1, 0), said(0, 0), said(0, 0), said(1, 0), said(0, 0), said(0, 1)])).toEqual([0, 3]);
  });

  it("ends the title before a job-market paper's link to its latest version, centred under it in a subtitle's size", () => {
    const doc = documentOf([
      ["Harbour Prices in a Global Market:", 17.2],
      ["The Effect of Tariffs on Shipping", 17.2],
      ["Click here for the most recent version", 14.3],
      ["Ana Moss", 12],
      ["Abstract", 11],
      ["We develop a model of how the prices of harbour services respond to tariffs on the goods shipped through them.", 11],
    ]);
    centred(doc.lines);
    const labels = [said(1, 0), said(1, 0), said(0.95, 0), said(0, 1), said(0, 0), said(0, 0)];
    expect(findTitle(doc.lines, 6, doc, lowerCaseWords(doc.lines), labels)).toEqual([0, 1]);
    // (Nor is such a line ever a title's start: "Latest version" set large above the title.)
    const above = documentOf([
      ["Latest version here", 18],
      ["Harbour Prices in a Global Market", 17.2],
      ["Ana Moss", 12],
    ]);
    expect(findTitle(above.lines, 3, above, lowerCaseWords(above.lines), [said(0.6, 0), said(1, 0), said(0, 1)])).toEqual([1]);
  });

  it("reads a subtitle centred under the title in a smaller size as the title's, after a colon, where the labeller is sure of it", () => {
    const doc = documentOf([
      ["Inferring Harbour Fund Trading", 20.7],
      ["An Application to Window Dressing", 17.2],
      ["Ana Moss and Karl Lind", 14.3],
      ["Abstract", 12],
      ["We develop a method to infer the trading of individual funds between the dates they report their holdings on.", 12],
    ]);
    centred(doc.lines);
    const labels = [said(1, 0), said(0.99, 0.01), said(0, 1), said(0, 0), said(0, 0)];
    expect(findTitle(doc.lines, 5, doc, lowerCaseWords(doc.lines), labels)).toEqual([0, 1]);
    // (Not where the labeller doubts it, nor set off the title's axis.)
    expect(findTitle(doc.lines, 5, doc, lowerCaseWords(doc.lines), [said(1, 0), said(0.6, 0), ...labels.slice(2)])).toEqual([0]);
    // (Where the labeller weighs it as a title or a name, the name rules tell: a short capitalised subtitle is no name, a
    // name centred under the title is.)
    const torn = [said(1, 0), said(0.35, 0.64), ...labels.slice(2)];
    expect(findTitle(doc.lines, 5, doc, lowerCaseWords(doc.lines), torn)).toEqual([0, 1]);
    const named = documentOf(doc.lines.map((l, k) => [k === 1 ? "Ana Moss Ruiz" : l.text, l.size] as [string, number]));
    centred(named.lines);
    expect(findTitle(named.lines, 5, named, lowerCaseWords(named.lines), torn)).toEqual([0]);
    // (Nor a group that signs as an author, nor one word.)
    for (const other of ["The Harbour Trial Collaboration", "Kenji"]) {
      const signed = documentOf(doc.lines.map((l, k) => [k === 1 ? other : l.text, l.size] as [string, number]));
      centred(signed.lines);
      expect(findTitle(signed.lines, 5, signed, lowerCaseWords(signed.lines), torn), other).toEqual([0]);
    }
    // Read whole, the subtitle follows a colon; a title's own mark stays alone.
    expect(titleOfLines(doc.lines.slice(0, 2), new Set())).toBe("Inferring Harbour Fund Trading: An Application to Window Dressing");
    expect(titleOfLines([{ ...doc.lines[0]!, text: "Do Harbour Funds Dress Windows?" }, doc.lines[1]!], new Set())).toBe("Do Harbour Funds Dress Windows? An Application to Window Dressing");
    doc.lines[1]!.x = 72;
    expect(findTitle(doc.lines, 5, doc, lowerCaseWords(doc.lines), labels)).toEqual([0]);
    // (In the names' size, a point over the text's: a job-market paper's title page.)
    const small = documentOf([
      ["Market Position and Harbour Price Dynamics", 14.3],
      ["The Role of Industry Leaders in the Pass-Through of Cost Shocks", 12],
      ["Ana Moss", 12],
      ["Abstract", 11],
      ["We develop a general equilibrium model in which the leaders of an industry limit how much of a cost shock they pass on.", 11],
      ["They match the price changes of their rivals, and so the prices of the whole industry move slowly after a shock to costs.", 11],
    ]);
    centred(small.lines);
    expect(findTitle(small.lines, 6, small, lowerCaseWords(small.lines), [said(1, 0), said(1, 0), said(0, 1), said(0, 0), said(0, 0), said(0, 0)])).toEqual([0, 1]);
    // (Down to half the title's size, smaller than the names under it: an arXiv paper's title page.)
    const half = documentOf([
      ["Multi Currency Harbour Swaps", 20.7],
      ["Quanto effects and devaluation jumps", 12],
      ["Ana Moss", 14.3],
      ["Abstract", 10],
      ["We analyse harbour swaps written in two currencies, and the effect of a devaluation on their prices in a simple model.", 10],
    ]);
    centred(half.lines);
    expect(findTitle(half.lines, 5, half, lowerCaseWords(half.lines), [said(1, 0), said(1, 0), said(0, 1), said(0, 0), said(0, 0)])).toEqual([0, 1]);
    // (Not a note of the paper's state set there, nor a line set as the names under it are.)
    for (const [note, names] of [["Under revision for the Review of Harbour Studies", 14.3], ["An earlier version circulated as “Harbour Loans”", 14.3], ["Quanto effects and devaluation jumps", 12]] as const) {
      const noted = documentOf([["Multi Currency Harbour Swaps", 20.7], [note, 12], ["Ana Moss", names], ["Abstract", 10], [half.lines[4]!.text, 10]]);
      centred(noted.lines);
      expect(findTitle(noted.lines, 5, noted, lowerCaseWords(noted.lines), [said(1, 0), said(1, 0), said(0, 1), said(0, 0), said(0, 0)]), note).toEqual([0]);
    }
  });

  it("gives each author the department a series' title page prints alone between the series' name and the title", () => {
    const page = documentOf([
      ["Fund Working Paper", 12],
      ["Monetary and Capital Markets Department", 12],
      ["Sovereign Spreads and the Holders of Public Debt", 12],
      ["Prepared by Ines Albrecht and Kofi Mensah", 12],
      ["Abstract", 12],
      ["We relate sovereign spreads to who holds the debt, across sixty countries and twenty years, and find that", 12],
      ["foreign holdings lower borrowing costs where fiscal reports are published on time and in full.", 12],
    ]);
    page.lines.forEach((l, i) => (l.y += i * 14));
    expect(unitOverTitle(page.lines, 2)).toBe("Monetary and Capital Markets Department");
    expect(readHeader(page).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Albrecht", "Monetary and Capital Markets Department"],
      ["Mensah", "Monetary and Capital Markets Department"],
    ]);
    // (Not without the series' name above it, nor a line that is no unit's name.)
    expect(unitOverTitle(page.lines.slice(1), 1)).toBeNull();
    expect(unitOverTitle(documentOf([["Fund Working Paper", 12], ["Why Departments Matter", 12], ["Sovereign Spreads", 12]]).lines, 2)).toBeNull();
    // (Nor a university series' publisher: its authors may belong to any department.)
    expect(unitOverTitle(documentOf([["Working Paper Series", 12], ["Department of Economics", 12], ["Sovereign Spreads", 12]]).lines, 2)).toBeNull();
  });

  it("ends the title where a series' byline begins, 'Prepared by', every line in one size, and gives the unit over the title its issuer's country", () => {
    const page = documentOf([
      ["IMF Working Paper", 9.5],
      ["Monetary and Capital Markets Department", 9.5],
      ["Sovereign Spreads and the Holders of Public Debt", 9.5],
      ["Prepared by Ines Albrecht and Lena (Ping) Zhou", 9.5],
      ["Authorized for distribution by Kofi Mensah", 9.5],
      ["December 2022", 9.5],
      ["ABSTRACT: We relate sovereign spreads to who holds the debt, across sixty countries and twenty years, and find", 9.5],
      ["that foreign holdings lower borrowing costs where fiscal reports are published on time and in full.", 9.5],
    ]);
    // (Centred, as the series' title page sets them.)
    centred(page.lines.slice(0, 6));
    const read = readHeader(page);
    expect(read.title.value).toBe("Sovereign Spreads and the Holders of Public Debt");
    expect(read.authors.map((a) => [a.firstName, a.lastName, a.affiliation, a.country])).toEqual([
      ["Ines", "Albrecht", "Monetary and Capital Markets Department", "United States"],
      ["Lena (Ping)", "Zhou", "Monetary and Capital Markets Department", "United States"],
    ]);
  });

  it("passes over a series' issuer printed right above the series' name, all lines in the title's size", () => {
    const cover = (issuer: string) => {
      const doc = documentOf([
        [issuer, 12],
        ["International Finance Discussion Papers", 12],
        ["Pricing Currency Risk in Thin Markets", 12],
        ["Ingrid Solheim", 12],
      ]);
      doc.lines.forEach((l, i) => (l.y += i * 40));
      return findTitle(doc.lines, 4, doc, lowerCaseWords(doc.lines), doc.lines.map(() => said(0, 0)));
    };
    expect(cover("Board of Governors of the Federal Reserve System")).toEqual([2]);
    expect(cover("Central Bank of Norland")).toEqual([2]);
    expect(cover("Banque de Norlande")).toEqual([2]);
    // A line above the series' name that is no issuer's name is still a title's candidate, a bank's word in it or not.
    expect(cover("Pricing Currency Risk at Home")).toEqual([0]);
    expect(cover("Central Bank Digital Currency and Bank Runs")).toEqual([0]);
  });

  it("keeps a title's first line the labeller doubts, and a line the title plainly goes on to, but not a name an address spells", () => {
    const doc = documentOf([
      ["Large common deletions associate with", 18],
      ["mortality at old age", 18],
      ["Maris Kuningas, Karol Estrada and Henning Tiemeier", 11],
    ]);
    // The labeller reads the first line as a running head, the second as the title.
    expect(findTitle(doc.lines, 3, doc, lowerCaseWords(doc.lines), [said(0.1, 0), said(0.9, 0), said(0, 0.9)])).toEqual([0, 1]);
    const caps = documentOf([
      ["CHANDRA OBSERVATIONS OF THE GALAXY GROUP AWM 5: COOL CORE RE-HEATING AND", 14],
      ["THERMAL CONDUCTION SUPPRESSION", 14],
      ["Ewan O'Sullivan and Laurence P. David", 11],
    ]);
    // A line in capitals it takes for a name, after a line that ends in "AND".
    expect(findTitle(caps.lines, 3, caps, lowerCaseWords(caps.lines), [said(0.9, 0), said(0.2, 0.7), said(0, 0.9)])).toEqual([0, 1]);
    // A name set in the title's size that the labeller takes for the title's: the address below spells it.
    const mailed = documentOf([
      ["Dividend Smoothing in Family Firms", 18],
      ["Tomas Lindgren", 18],
      ["tomas.lindgren@example.se", 10],
    ]);
    expect(findTitle(mailed.lines, 3, mailed, lowerCaseWords(mailed.lines), [said(0.9, 0), said(0.6, 0), said(0, 0)])).toEqual([0]);
  });

  it("never takes an imprint, a report number, a street, a spaced banner, a journal's or a section's banner for the title", () => {
    for (const banner of ["SLAC-PUB-12820", "cond-mat/9903395 v2 24 Oct 1999", "3400 N. Charles Street, Baltimore, MD 21218", "© 2014 The Authors. Published by Elsevier B.V.", "2 0 0 6 L A N D E S B I O S C I E N C E", "ORIGINAL RESEARCH published: 13 January 2021", "BMC Cancer", "BIOINFORMATICS REVIEW", "Presented as a RobustML workshop paper at ICLR 2021", "Frontiers in Finance | www.example-journal.org", "Meridian Analytics, Inc. 1717 West Sixth Street, Suite 290", "p a p e r", "W O R K I N G PA P E R S E R I E S", "Working Papers / Documents de travail", "IMF Working Paper"]) {
      const header = readHeader(
        documentOf([
          [banner, 20],
          ["Heavy Flavour Physics at the Tevatron", 16],
          ["Petra Merkel", 11],
          ["Abstract", 12],
          ["We review recent measurements of masses, lifetimes and mixing of heavy flavour hadrons at the Tevatron, and", 10],
          ["of the violation of charge and parity symmetry in their decays, from several inverse femtobarns of data.", 10],
        ]),
      );
      expect(header.title.value, banner).toBe("Heavy Flavour Physics at the Tevatron");
    }
  });

  it("takes a title that names a kind of paper for a title, and answers at once for a long line after a series' kind", () => {
    for (const title of ["How to Write Policy Papers", "Discussion Papers – Do They Matter", "Working Papers and the Diffusion of Ideas"]) {
      const header = readHeader(documentOf([[title, 18], ["Mara Balogh", 12], ["Abstract", 12], ["We ask whether circulating a paper before it is published changes how often it is cited, with data on three thousand papers.", 10]]));
      expect(header.title.value, title).toBe(title);
    }
    const started = performance.now();
    readHeader(documentOf([[`Working Papers / ${"a".repeat(2000)}1`, 18], ["Mara Balogh", 12]]));
    expect(performance.now() - started).toBeLessThan(300);
  });

  it("reads a lone name above the title, and never a 'Corresponding Author' label for the title", () => {
    const above = readHeader(
      documentOf([
        ["Anne-Laure AMILHAT SZARY", 11],
        ["Université Joseph Fourier", 11],
        ["anne-laure.amilhat@ujf-grenoble.example.fr", 11],
        ["The impact of growing trans-mountain mobilities", 18],
      ]),
    );
    expect(above.authors.map((a) => [a.firstName, a.lastName])).toEqual([["Anne-Laure", "Amilhat Szary"]]);
    const cover = documentOf([
      ["Coexistence of circulating antigens and antibodies in chronic carriers", 18],
      ["Corresponding Author", 18],
      ["Dr Vincent THIBAULT", 18],
    ]);
    const title = (p: number) => ({ title: p, author: 0, affiliation: 0, email: 0, abstract: 0, keywords: 0, other: 1 - p });
    // (Set bold, the label would outweigh the title by its look alone.)
    cover.lines[1]!.bold = true;
    expect(findTitle(cover.lines, 3, cover, lowerCaseWords(cover.lines), [title(1), title(0.7), title(0.5)])).toEqual([0]);
  });

  it("keeps a title's first line set near the top of the page, where running heads stand, when the title goes on below it", () => {
    const doc = documentOf([
      ["Econometrica, Vol. 72, No. 1 (January, 2004), 159-217", 8.5],
      ["DEALERS: IDENTIFYING SPILLOVERS IN CORPORATE BOND MARKETS", 10.5],
      ["IN THE PRESENCE OF CAPITAL REQUIREMENTS", 10.5],
      ["BY HELENA BRANDT AND RAFAEL QUINTERO", 10.5],
      ["We measure how dealers' capital shapes the spreads they quote, and how their rivals respond to it,", 8.5],
      ["using every trade in corporate bonds reported since 2002 and the capital rules that changed since.", 8.5],
    ]);
    doc.pages = 2;
    [29, 55, 67, 91, 107, 117].forEach((y, i) => (doc.lines[i]!.y = y));
    expect(readHeader(doc).title.value).toBe("DEALERS: IDENTIFYING SPILLOVERS IN CORPORATE BOND MARKETS IN THE PRESENCE OF CAPITAL REQUIREMENTS");
  });

  it("reads a working paper's title set with wide leading: a centred second line, or one the line above leaves open", () => {
    const doc = documentOf([
      ["Testing the Production Approach to Markup", 17],
      ["Estimation", 17],
      ["Devesh Okonkwo", 14],
      ["Federal Trade Commission", 11],
    ]);
    const centre = (i: number, y: number) => Object.assign(doc.lines[i]!, { x: 306 - doc.lines[i]!.width / 2, y });
    [159, 203, 257, 292].forEach((y, i) => centre(i, y));
    expect(readHeader(doc).title.value).toBe("Testing the Production Approach to Markup Estimation");
    // Set apart as widely but not on the title's axis, and not left open: a line of its own.
    doc.lines[1]!.x = 72;
    expect(readHeader(doc).title.value).toBe("Testing the Production Approach to Markup");
    doc.lines[0]!.text = "Testing the Production Approach to Markups and";
    expect(readHeader(doc).title.value).toBe("Testing the Production Approach to Markups and Estimation");
  });

  it("reads a subtitle set at half the title's size under a title that ends with a question, a name and its number cut at their hyphen", () => {
    const doc = documentOf([
      ["Still a Safe Harbour?", 34],
      ["Redesigning the Bond Market After the SARS-", 18],
      ["2 Crisis", 18],
      ["Teodora Valen", 13],
      ["Graduate School of Business", 9],
      ["I review how the secondary market for government bonds worked in the spring, when the crisis triggered", 9],
      ["investor flows that overwhelmed dealers, and what a mandate of central clearing would cost and bring.", 9],
    ]);
    [156, 200, 221, 267, 290, 379, 389].forEach((y, i) => Object.assign(doc.lines[i]!, { y }));
    expect(readHeader(doc).title.value).toBe("Still a Safe Harbour? Redesigning the Bond Market After the SARS-2 Crisis");
    // (Not a place set there: "Do Central Banks Listen?" / "Federal Reserve Bank of Boston".)
    doc.lines[0]!.text = "Do Central Banks Listen?";
    Object.assign(doc.lines[1]!, { text: "Federal Reserve Bank of Boston", size: 14 });
    doc.lines.splice(2, 1);
    expect(readHeader(doc).title.value).toBe("Do Central Banks Listen?");
  });

  it("reads a title set a word or a compound to a line, each alone on its line, and passes over a single word set alone above it", () => {
    const doc = documentOf([
      ["Harbour Review of Economics (2019) 41, 1–22", 8],
      ["Nonparametric", 25.9],
      ["Tariff-on-Tariff", 25.9],
      ["Estimators", 25.9],
      ["ANA MOSS", 12],
      ["Eastbury University", 10],
    ]);
    [117, 193, 220, 248, 270, 283].forEach((y, i) => Object.assign(doc.lines[i]!, { y }));
    centred(doc.lines);
    const labels = [said(0, 0), said(1, 0), said(0.99, 0), said(0.9, 0), said(0, 1), said(0, 0)];
    expect(findTitle(doc.lines, 6, doc, lowerCaseWords(doc.lines), labels)).toEqual([1, 2, 3]);
    // (A word alone in the title's look, with no more of the title under it, is no title: a banner.)
    const banner = documentOf([
      ["HARBOURMETRICS", 25.9],
      ["Nonparametric Tariff Estimators", 18],
      ["Ana Moss", 12],
    ]);
    expect(findTitle(banner.lines, 3, banner, lowerCaseWords(banner.lines), [said(0.9, 0), said(0.9, 0), said(0, 1)])).toEqual([1]);
    // (Nor a banner in capitals set a word to a line: "HARBOUR" / "ECONOMY".)
    const capitals = documentOf([
      ["HARBOUR", 50],
      ["ECONOMY", 50],
      ["Nonparametric Tariff Estimators", 24],
      ["Ana Moss", 16],
    ]);
    expect(findTitle(capitals.lines, 4, capitals, lowerCaseWords(capitals.lines), [said(0.9, 0), said(0.9, 0), said(0.9, 0), said(0, 1)])).toEqual([2]);
    // (Nor a word in the title's size right above it: "Article" over "Monetary Policy and the Harbour".)
    const above = documentOf([
      ["Article", 16],
      ["Monetary Policy and the Harbour", 16],
      ["Ana Moss and Karl Lind", 12],
    ]);
    expect(findTitle(above.lines, 3, above, lowerCaseWords(above.lines), [said(0.3, 0), said(0.9, 0), said(0, 1)])).toEqual([1]);
  });

  it("ends a title set in capitals where the byline begins in the same capitals, its list of names going on below", () => {
    const doc = documentOf([
      ["SOME FACTS ON", 14],
      ["THE HARBOUR CYCLE", 14],
      ["BY ANA MOSS AND", 14],
      ["KARL LIND", 14],
      ["Abstract", 10],
      ["We study the harbour cycle and the facts on it that the prices of the harbour's services show.", 10],
    ]);
    const labels = [said(0.5, 0), said(0.5, 0), said(0.1, 0.1), said(0, 0.2), said(0, 0), said(0, 0)];
    expect(findTitle(doc.lines, 4, doc, lowerCaseWords(doc.lines), labels)).toEqual([0, 1]);
    // (A title's line that begins "By" and no byline: "BY SILICON HARBOUR", which neither ends open on a name
    // below nor names people plainly.)
    const startups = documentOf([
      ["START-UPS FINANCED", 14],
      ["BY SILICON HARBOUR", 14],
      ["Ana Moss and Karl Lind", 12],
    ]);
    expect(findTitle(startups.lines, 3, startups, lowerCaseWords(startups.lines), [said(0.6, 0), said(0.6, 0), said(0, 1)])).toEqual([0, 1]);
    // (A title's line that goes on with "by" and words the text prints in lower case is the title's.)
    doc.lines[2]!.text = "By Harbour Prices";
    Object.assign(doc.lines[3]!, { text: "Ana Moss and Karl Lind", size: 12 });
    expect(findTitle(doc.lines, 4, doc, lowerCaseWords(doc.lines), labels)).toEqual([0, 1, 2]);
  });

  it("passes over a journal's name at the head of its first page, over the row that gives the issue's volume and date", () => {
    const page = (row: string[]) =>
      documentOfLines([
        lineAt(1, 59, 75, 27, "The Review of Harbour Economics"),
        ...row.map((text, k) => lineAt(1, 58 + k * 230, 106, 12, text)),
        lineAt(1, 114, 150, 14, "ON MODELING AND INTERPRETING THE ECONOMICS OF"),
        lineAt(1, 191, 168, 14, "CATASTROPHIC HARBOUR FLOODS"),
        lineAt(1, 263, 191, 12, "Martin L. Weissberg*"),
        lineAt(1, 58, 218, 8.5, "Abstract—With harbour floods as prototype example, this paper analyzes the implications of structural uncertainty."),
      ]);
    expect(readHeader(page(["VOL. XCI", "FEBRUARY 2009", "NUMBER 1"])).title.value).toMatch(/^On Modeling and Interpreting the Economics of Catastrophic Harbour Floods$/i);
    // (Not a title over a line that only dates it: the row names its volume, its number and its date.)
    expect(readHeader(page(["FEBRUARY 2009"])).title.value).toBe("The Review of Harbour Economics");
  });

  it("keeps a paper's one-line title over its own number, volume or issue", () => {
    const page = (title: string, size: number, row: string[], byline: string) =>
      documentOfLines([
        lineAt(1, 100, 100, size, title),
        ...row.map((text, k) => lineAt(1, 100 + k * 250, 126, 11, text)),
        lineAt(1, 100, 170, 12, byline),
        lineAt(1, 72, 220, 10, "Abstract: We study how harbour economies respond to shocks, with data on three hundred ports and a century of trade."),
      ]);
    for (const [title, size, row] of [
      ["Deposit Insurance and Harbour Bank Runs", 20, ["No. 712", "2019"]],
      ["Essays on Harbour Household Finance", 22, ["Volume II"]],
      ["Why Harbour Fees Keep Rising", 18, ["Issue 3", "March 2021"]],
      ["Monetary Policy Shocks in Small Harbour Economies", 16, ["No. 12"]],
      ["CREDIT CYCLES AND HARBOUR TRADE", 16, ["Vol. 4", "Spring 2018"]],
    ] as const) {
      expect(readHeader(page(title, size, [...row], "Ana Moss and Karl Lind")).title.value, title).toMatch(new RegExp(`^${title}$`, "i"));
    }
  });

  it("answers at once for a hostile line of digits that a letter ends", () => {
    const doc = documentOfLines([lineAt(1, 72, 80, 14, `${"1".repeat(50_000)}x`, 450), lineAt(1, 72, 120, 14, "Harbour Dues and the Ports That Pay Them"), lineAt(1, 72, 150, 10, "Ada Moss")]);
    const started = performance.now();
    const title = readHeader(doc).title.value;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(title).toBe("Harbour Dues and the Ports That Pay Them");
  });
});
