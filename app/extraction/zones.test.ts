import { describe, expect, it } from "vitest";
import { readHeader } from "./header";
import type { Line } from "./model";
import { labelColumn, mastheadLines, readCover, repositoryCover, seriesCover } from "./zones";
import { documentOfLines, lineAt } from "./test-document";

const line = lineAt;
const documentOf = documentOfLines;

describe("zones of the first pages", () => {
  const cover = [
    line(1, 36, 120, 12, "Liquidity Provision and the Cross-Section of Dealer Returns"),
    line(1, 36, 140, 12, "Author(s): Margarethe Lindqvist, Oluwaseun Adeyemi and Paolo Rinaldi"),
    line(1, 36, 160, 12, "Source: The Journal of Finance , Jun., 1998, Vol. 53, No. 3 (Jun., 1998), pp. 901-"),
    line(1, 36, 172, 12, "930"),
    line(1, 36, 192, 12, "Published by: Wiley for the American Finance Association"),
    line(1, 36, 216, 12, "Stable URL: https://www.jstor.org/stable/0000000"),
    line(1, 36, 250, 9, "JSTOR is a not-for-profit service that helps scholars, researchers, and students discover, use, and build upon a wide"),
  ];
  const article = [
    line(2, 140, 110, 8, "THE JOURNAL OF FINANCE • VOL. LIII, NO. 3 • JUNE 1998"),
    line(2, 120, 140, 12, "Liquidity Provision and the Cross-Section"),
    line(2, 150, 156, 12, "of Dealer Returns"),
    line(2, 150, 180, 10, "MARGARETHE LINDQVIST, OLUWASEUN ADEYEMI, and PAOLO RINALDI*"),
    line(2, 230, 205, 9, "ABSTRACT"),
    // (Justified, inset from the text's measure.)
    line(2, 90, 220, 9, "We measure what dealers earn for the liquidity they provide across a cross-section of bonds, and", 400),
    line(2, 90, 232, 9, "show that returns to liquidity provision rise with inventory risk and fall with competition among", 400),
    line(2, 90, 244, 9, "dealers. The premium is largest when funding is scarce, consistent with models of limited capital.", 400),
    line(2, 72, 290, 11, "DEALERS STAND BETWEEN BUYERS AND SELLERS who do not arrive at the same time, and what they earn", 436),
  ];

  it("reads an archive's cover for the title and the authors it labels, wrapped fields and all", () => {
    const read = readCover(cover);
    expect(read?.title).toBe("Liquidity Provision and the Cross-Section of Dealer Returns");
    expect(read?.authors).toEqual(["Margarethe Lindqvist", "Oluwaseun Adeyemi", "Paolo Rinaldi"]);
    // (Not the society's name set apart above the title, nor a wrapped title's second line.)
    const society = [line(1, 36, 64, 12, "American Finance Association"), ...cover.slice(0, 1), line(1, 36, 132, 12, "in Corporate Bond Markets"), ...cover.slice(1).map((l) => ({ ...l, y: l.y + 12 }))];
    expect(readCover(society)?.title).toBe("Liquidity Provision and the Cross-Section of Dealer Returns in Corporate Bond Markets");
    // (A subtitle set smaller, as far below the title as the title's own size allows, is the title's.)
    const subtitle = [line(1, 36, 90, 14, "Liquidity Provision and Dealer Returns"), line(1, 36, 120, 10, "Evidence from Corporate Bonds"), ...cover.slice(1)];
    expect(readCover(subtitle)?.title).toBe("Liquidity Provision and Dealer Returns Evidence from Corporate Bonds");
    // A first page without the archive's notice is no cover, whatever it labels.
    expect(readCover(cover.filter((l) => !/JSTOR|Stable URL/.test(l.text)))).toBeNull();
  });

  it("reads the article behind a cover: the cover's title and names, the article's abstract, nothing of the archive's terms", () => {
    const header = readHeader(documentOf([...cover, ...article]));
    expect(header.title.value).toBe("Liquidity Provision and the Cross-Section of Dealer Returns");
    expect(header.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Margarethe Lindqvist", "Oluwaseun Adeyemi", "Paolo Rinaldi"]);
    expect(header.abstract.value).toMatch(/^We measure what dealers earn .* limited capital\.$/);
    // Unlabelled, and set smaller than the text (Econometrica's scanned pages): the abstract is looked
    // for after the article's own copy of the cover's title, not after the largest text.
    const small = [
      line(2, 142, 113, 6, "The Journal of Finance, Vol. 53, No. 3 (June, 1998), 901-930"),
      line(2, 138, 143, 7.5, "LIQUIDITY PROVISION AND THE CROSS-SECTION OF DEALER RETURNS"),
      line(2, 139, 166, 7.2, "BY MARGARETHE LINDQVIST, OLUWASEUN ADEYEMI, AND PAOLO RINALDI"),
      line(2, 90, 197, 6, "We measure what dealers earn for the liquidity they provide across a cross-section of bonds, and", 308),
      line(2, 90, 207, 6, "show that returns to liquidity provision rise with inventory risk and fall with competition among", 308),
      line(2, 90, 217, 6, "dealers. The premium is largest when funding is scarce, consistent with models of limited capital.", 308),
      line(2, 100, 235, 6, "KEYWORDS: Liquidity, dealers, corporate bonds."),
      line(2, 205, 276, 7.1, "1. INTRODUCTION"),
      line(2, 73, 294, 7.6, "DEALERS STAND BETWEEN BUYERS AND SELLERS who do not arrive at the same time, and what they earn", 344),
      line(2, 73, 306, 7.6, "for it has been measured for stocks far more often than for bonds, whose trading is thinner and", 344),
    ];
    const unlabelled = readHeader(documentOf([...cover, ...small]));
    expect(unlabelled.abstract.value).toMatch(/^We measure what dealers earn .* limited capital\.$/);
  });

  it("takes the article's own title behind a cover where it prints more than the cover labels: a subtitle the cover left out", () => {
    // (The article's page with the lines given set in the title's size under its running head, the rest from `from` on,
    // a line lower.)
    const printed = (texts: string[], from: number) => [article[0]!, ...texts.map((t, k) => line(2, 120, 140 + k * 16, 12, t)), ...article.slice(from).map((l) => ({ ...l, y: l.y + 16 }))];
    const longer = printed(["Liquidity Provision and the Cross-Section", "of Dealer Returns: Evidence from the", "Corporate Bond Market"], 3);
    expect(readHeader(documentOf([...cover, ...longer])).title.value).toBe("Liquidity Provision and the Cross-Section of Dealer Returns: Evidence from the Corporate Bond Market");
    // (Not a marker run on to the title's last word, nor the byline set in the title's size under it.)
    const marked = printed(["Liquidity Provision and the Cross-Section", "of Dealer Returns1", "MARGARETHE LINDQVIST, OLUWASEUN ADEYEMI, and PAOLO RINALDI"], 4);
    expect(readHeader(documentOf([...cover, ...marked])).title.value).toBe("Liquidity Provision and the Cross-Section of Dealer Returns");
    // (The cover's title where the article prints it as the cover does.)
    expect(readHeader(documentOf([...cover, ...article])).title.value).toBe("Liquidity Provision and the Cross-Section of Dealer Returns");
  });

  it("sets a publisher's masthead aside, so the journal's name set large is never the title", () => {
    const page = [
      line(1, 192, 67, 8, "Contents lists available at ScienceDirect"),
      line(1, 167, 96, 14, "Journal of Financial Economics"),
      line(1, 166, 122, 8, "journal homepage: www.elsevier.com/locate/jfec"),
      line(1, 37, 174, 13.4, "Dealer capital and corporate bond spreads"),
      line(1, 37, 196, 10.6, "Henrike Aaltonen, Rafael Quintero"),
    ];
    expect([...mastheadLines(page)].map((l) => l.text)).toEqual(page.slice(0, 3).map((l) => l.text));
    expect(readHeader(documentOf(page)).title.value).toBe("Dealer capital and corporate bond spreads");
    // Without the line that closes it, nothing is set aside.
    expect(mastheadLines(page.filter((l) => !/homepage/.test(l.text))).size).toBe(0);
    // Its closing line printed in letters spaced apart closes it too.
    const spaced = page.map((l) => (/homepage/.test(l.text) ? { ...l, text: "j o u r n a l h o m e p a g e : w w w . e l s e v i e r . c o m / l o c a t e / j f e c" } : l));
    expect(mastheadLines(spaced).size).toBe(3);
    // And spaced unevenly, as some journals' pages print it.
    const uneven = page.map((l) => (/homepage/.test(l.text) ? { ...l, text: "jo u r n al ho me p a g e : w w w . e l s e v i e r . c o m / l o c a t e / j f e c" } : l));
    expect(mastheadLines(uneven).size).toBe(3);
    expect(readHeader(documentOf(uneven)).title.value).toBe("Dealer capital and corporate bond spreads");
  });

  it("reads an archive's older cover, whose title and authors stand above the citation unlabelled", () => {
    const older = [
      line(1, 43, 133, 12, "On the Term Structure of Dealer Inventories"),
      line(1, 79, 162, 12, "Henrike Aaltonen; Rafael Quintero"),
      line(1, 79, 191, 12, "Econometrica, Vol. 61, No. 3. (May, 1993), pp. 511-545."),
      line(1, 43, 218, 10, "Stable URL:"),
      line(1, 43, 259, 10, "Your use of the JSTOR archive indicates your acceptance of JSTOR's Terms and Conditions of Use."),
    ];
    expect(readCover(older)).toMatchObject({ page: 1, title: "On the Term Structure of Dealer Inventories", authors: ["Henrike Aaltonen", "Rafael Quintero"] });
    // A line under the title that is no list of names makes no cover.
    expect(readCover(older.map((l, i) => (i === 1 ? { ...l, text: "A study of 412 dealers over ten years" } : l)))).toBeNull();
  });

  it("reads a label over one of two blocks side by side as heading its own column only", () => {
    const rows = [
      line(1, 37, 252, 9, "a r t i c l e i n f o"),
      line(1, 201, 252, 9, "a b s t r a c t"),
      line(1, 37, 272, 6.4, "Article history:"),
      line(1, 201, 273, 7.2, "Dealers with more capital quote tighter spreads on the bonds they hold, and the effect is"),
      line(1, 37, 281, 6.4, "Received 9 January 2008"),
      line(1, 201, 282, 7.2, "strongest for bonds that are costly to hedge. Shocks to dealer capital move spreads"),
      line(1, 37, 289, 6.4, "Received in revised form"),
      line(1, 201, 292, 7.2, "across the whole market, beyond what default risk and bond liquidity can explain."),
    ];
    expect(labelColumn(rows, rows[1]!)).toBe(201);
    expect(labelColumn(rows, rows[2]!)).toBeNull();
    const header = readHeader(documentOf([line(1, 37, 174, 13.4, "Dealer capital and corporate bond spreads"), ...rows]));
    expect(header.abstract.value).toBe(
      "Dealers with more capital quote tighter spreads on the bonds they hold, and the effect is strongest for bonds that are costly to hedge. Shocks to dealer capital move spreads across the whole market, beyond what default risk and bond liquidity can explain.",
    );
    // The blocks end at the heading under them: the next page's right column is no part of the abstract;
    // nor is the publisher's line of rights under it.
    const more = readHeader(
      documentOf([
        line(1, 37, 174, 13.4, "Dealer capital and corporate bond spreads"),
        ...rows,
        line(1, 201, 302, 7.2, "Published by Elsevier B.V."),
        line(1, 37, 411, 8, "1. Introduction"),
        line(1, 51, 432, 8, "Dealers stand between buyers and sellers who do not arrive at the same time, and what they earn for it is the subject here."),
        line(2, 201, 60, 7.2, "investors who trade with dealers, as documented in the literature (Jegadeesh and Kim, 2006), pay for it"),
        line(2, 201, 69, 7.2, "in wider spreads when the dealers' capital is scarce, and most for the bonds that are hardest to hedge."),
      ]),
    );
    expect(more.abstract.value).toBe(header.abstract.value);
  });

  it("carries an abstract cut mid-sentence at a page's foot over to the next page, past the notes and the running head", () => {
    const justified = 400;
    const doc = documentOf([
      line(1, 112, 80, 10, "WHO BECOMES A MARKET MAKER? EVIDENCE FROM DEALER ENTRY"),
      line(1, 200, 112, 10, "HELENA BRANDT"),
      line(1, 94, 186, 8, "We characterize which firms become dealers in corporate bond markets, and how entry", justified),
      line(1, 94, 198, 8, "responds to the capital rules that govern them. Using regulatory filings on every dealer", justified),
      line(1, 94, 210, 8, "from 2002 to 2020, we show that entry falls sharply after capital requirements rise, and", justified),
      line(1, 94, 222, 8, "that the firms that stay out are the small ones that quoted the most illiquid bonds. Those", justified),
      line(1, 96, 402, 8, "We thank seminar participants for comments. The views expressed are the author's own."),
      line(2, 112, 65, 8, "THE QUARTERLY JOURNAL OF ECONOMICS"),
      line(2, 54, 89, 8, "bonds trade less often afterwards, at wider spreads, and their prices recover more slowly", justified),
      line(2, 54, 101, 8, "after large sales. JEL Codes: G12, G24, G28.", 180),
      line(2, 166, 150, 10, "I. INTRODUCTION"),
    ]);
    const header = readHeader(doc);
    expect(header.abstract.value).toMatch(/^We characterize .* illiquid bonds\. Those bonds trade less often .* after large sales\.$/);
    expect(header.jel.value).toEqual(["G12", "G24", "G28"]);
  });

  it("gives a title a series' cover sets in capitals as the abstract page prints it, in ordinary case", () => {
    const doc = documentOf([
      line(1, 219, 82, 12, "NBER WORKING PAPER SERIES"),
      line(1, 150, 182, 12, "IDENTIFYING DEALER SPILLOVERS AND BOND MARKET RIVALRY"),
      line(1, 260, 210, 12, "Helena Brandt"),
      line(1, 175, 308, 12, "NATIONAL BUREAU OF ECONOMIC RESEARCH"),
      line(2, 72, 92, 12, "Identifying Dealer Spillovers and Bond Market Rivalry"),
      line(2, 72, 106, 12, "Helena Brandt"),
      line(2, 273, 176, 12, "ABSTRACT"),
      line(2, 72, 204, 12, "Dealers that hold more of a bond quote tighter spreads on it, and their rivals follow them within days."),
      line(2, 72, 218, 12, "We measure these spillovers across the corporate bond market using every trade reported since 2002."),
    ]);
    expect(readHeader(doc).title.value).toBe("Identifying Dealer Spillovers and Bond Market Rivalry");
  });
  // A central bank's series: its cover (the series' name set largest, the title, the authors, the
  // department that publishes the series), a page of notices, then the paper's own title page.
  const seriesCoverPages = [
    line(1, 72, 300, 24, "Central Bank Working Papers"),
    line(1, 72, 326, 18, "No 417"),
    line(1, 72, 356, 22, "Dealer capital and the"),
    line(1, 72, 379, 22, "price of liquidity"),
    line(1, 72, 428, 10, "by Lucía Ferrante, Tomasz Wróbel and Amara Osei"),
    line(1, 72, 470, 14, "Monetary and Economic Department"),
    line(1, 72, 498, 10, "November 2019"),
    line(2, 72, 300, 10, "Working Papers are written by members of the Monetary and Economic Department and are published"),
    line(2, 72, 313, 10, "by the Bank. The views expressed in them are those of their authors and not those of the Bank."),
    line(3, 72, 102, 12, "DEALER CAPITAL AND THE PRICE OF LIQUIDITY"),
    line(3, 72, 144, 12, "by Lucía Ferrante*, Tomasz Wróbel** and Amara Osei***"),
    line(3, 72, 179, 12, "Abstract"),
    line(3, 72, 201, 12, "When dealers hold less capital, the bonds they trade become more expensive to buy and sell, and the"),
    line(3, 72, 221, 12, "effect is largest for the least liquid bonds. We measure it across ten years of transaction data."),
    line(3, 72, 436, 12, "JEL Classification: G12, G21."),
    line(3, 72, 588, 10, "* University of Turin and CEPR."),
    line(3, 72, 604, 10, "** Narodowy Bank Polski, Economic Research Department."),
    line(3, 72, 619, 10, "*** Department of Economics, University of Ghana."),
  ];

  it("never takes a network's name in a cover's corner, printed again atop the next page, for the title the cover prints once far larger", () => {
    const cover = [
      line(1, 72, 220, 23, "WORKING PAPER SERIES"),
      line(1, 72, 321, 20.7, "A Composite Indicator of"),
      line(1, 72, 350, 20.7, "Stress in Dealer Markets"),
      line(1, 72, 432, 16, "by Ilona Varga, Pieter Mols"),
      line(1, 72, 452, 16, "and Rosa Quintana"),
      line(1, 400, 598, 11, "Market Liquidity"),
      line(1, 400, 611, 11, "Research Network"),
      line(2, 57, 63, 9, "Market Liquidity Research Network"),
      line(2, 57, 74, 9, "This paper presents research conducted within the Market Liquidity Research Network of the central banks."),
      line(2, 57, 400, 9, "Rosa Quintana"),
      line(2, 57, 411, 9, "at Central Bank of Norland, 4 Harbour Street, Norland; e-mail: rosa.quintana@example.org"),
      line(3, 57, 63, 9, "Abstract"),
      line(3, 57, 80, 9, "We build an indicator of stress in dealer markets from the prices of five market segments and show how it"),
      line(3, 57, 92, 9, "rises before every episode of systemic stress in twenty years of data, ahead of the usual measures of it."),
    ];
    expect(seriesCover(cover, 9)).toBeNull();
    const header = readHeader(documentOf(cover));
    expect(header.title.value).toBe("A Composite Indicator of Stress in Dealer Markets");
    // (The list's last name on a row of its own after "and", which the labeller reads as no name, printed again
    // where the first pages give the authors' entries; a firm's name shaped as a person's, printed nowhere else, is not.)
    expect(header.authors.map((a) => a.lastName)).toEqual(["Varga", "Mols", "Quintana"]);
    const firm = readHeader(documentOf(cover.map((l) => (l.text === "and Rosa Quintana" ? { ...l, text: "and Morgan Stanfield" } : l))));
    expect(firm.authors.map((a) => a.lastName)).toEqual(["Varga", "Mols"]);
  });

  // A university repository's cover: its notices and a citation of the article, all in the text's size, then the
  // accepted manuscript's own title page.
  const repositoryPages = [
    line(1, 72, 142, 12, "This file was downloaded from Norland Open Archive, the institutional repository (open"),
    line(1, 72, 156, 12, "access) at Norland School of Economics http://archive.example.org/nse."),
    line(1, 72, 203, 12, "It contains the accepted and peer reviewed manuscript to the article cited below. It"),
    line(1, 72, 217, 12, "may contain minor differences from the journal's pdf version."),
    line(1, 72, 265, 12, "Aaltonen, H., & Quintero, R. (2019). Dealer inventories and the term structure of"),
    line(1, 72, 278, 12, "bond spreads. Journal of Market Studies, 41(2), 311-340."),
    line(1, 89, 569, 12, "Copyright policy of the publisher of this journal:"),
    line(1, 78, 597, 12, "The authors may upload their accepted manuscript to institutional repositories."),
    line(2, 81, 217, 20.7, "Dealer Inventories and the Term Structure of"),
    line(2, 253, 242, 20.7, "Bond Spreads"),
    line(2, 92, 295, 14.3, "Henrike Aaltonen"),
    line(2, 300, 295, 14.3, "Rafael Quintero"),
    line(2, 92, 313, 14.3, "Norland School of Economics"),
    line(2, 300, 313, 14.3, "Harbour University"),
    line(2, 280, 380, 12, "Abstract"),
    line(2, 72, 400, 12, "Dealers that carry more inventory quote wider spreads on the longest bonds, and the term structure of spreads"),
    line(2, 72, 414, 12, "steepens when their inventories grow. We show this with every dealer's holdings over twelve years."),
  ];

  it("sets a repository's cover aside, its notices and its citation of the article, for the title page that sets the cited title large", () => {
    expect(repositoryCover(repositoryPages, 12)).toEqual({ page: 1, title: "Dealer Inventories and the Term Structure of Bond Spreads", titlePage: 2 });
    const header = readHeader(documentOf(repositoryPages));
    expect(header.title.value).toBe("Dealer Inventories and the Term Structure of Bond Spreads");
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Aaltonen", "Norland School of Economics"],
      ["Quintero", "Harbour University"],
    ]);
  });

  it("keeps as the paper's a title page that prints a version's notices over its own title lines and an e-mail, and a notice page that names another article", () => {
    // (An accepted manuscript's own title page, its version's notices over the title in the text's size, the authors and
    // their note; its next page prints the title again over the abstract, for blind review.)
    const own = [
      line(1, 72, 60, 9, "This is the accepted manuscript of an article published in the Journal of Market Studies."),
      line(1, 72, 71, 9, "The version of record is available at https://doi.org/10.9999/jms.2019.0412."),
      line(1, 120, 160, 12, "Dealer Inventories and the Term Structure of"),
      line(1, 190, 174, 12, "Bond Spreads"),
      line(1, 92, 240, 12, "Henrike Aaltonen"),
      line(1, 300, 240, 12, "Rafael Quintero"),
      line(1, 92, 254, 12, "Norland School of Economics"),
      line(1, 300, 254, 12, "Harbour University"),
      line(1, 72, 640, 10, "Corresponding author: Henrike Aaltonen, Norland School of Economics. E-mail: h.aaltonen@nse.example.org."),
      ...repositoryPages.filter((l) => l.page === 2 && l.size !== 14.3),
    ];
    expect(repositoryCover(own, 12)).toBeNull();
    expect(readHeader(documentOf(own)).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Aaltonen", "Norland School of Economics"],
      ["Quintero", "Harbour University"],
    ]);
    // (A page of notices whose citation is of another article than the one the next page sets large.)
    const other = repositoryPages.map((l) => (l.page === 1 ? { ...l, text: l.text.replace("Dealer inventories and the term structure of", "Liquidity in the primary market for") } : l));
    expect(repositoryCover(other, 12)).toBeNull();
  });

  it("sets a series' cover aside for the title page that prints its title again: the paper's title, its authors and their notes, not the series' name or department", () => {
    expect(seriesCover(seriesCoverPages, 10)).toEqual({ page: 1, title: "Dealer capital and the price of liquidity", titlePage: 3 });
    const header = readHeader(documentOf(seriesCoverPages));
    expect(header.title.value).toBe("Dealer capital and the price of liquidity");
    expect(header.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Lucía", "Ferrante", "University of Turin and CEPR"],
      ["Tomasz", "Wróbel", "Narodowy Bank Polski, Economic Research Department"],
      ["Amara", "Osei", "Department of Economics, University of Ghana"],
    ]);
  });

  it("sets a cover aside for the title page that sets its short title large again, and reads a list of names that a row ends on 'and'", () => {
    const pages = [
      line(1, 317, 308, 24, "Central Bank Working Papers"),
      line(1, 317, 333, 18, "No 1087"),
      line(1, 317, 364, 22, "Crypto carry"),
      line(1, 317, 391, 10, "by Maik Schmeling, Andreas Schrimpf and"),
      line(1, 317, 404, 10, "Karamfil Todorov"),
      line(1, 317, 447, 14, "Monetary and Economic Department"),
      line(1, 317, 510, 10, "April 2023"),
      line(2, 77, 300, 10, "Working Papers are written by members of the Monetary and Economic Department and are published"),
      line(2, 77, 313, 10, "by the Bank. The views expressed in them are those of their authors and not those of the Bank."),
      line(3, 241, 125, 20.7, "Crypto Carry"),
      line(3, 107, 197, 14.3, "Maik Schmeling"),
      line(3, 251, 197, 14.3, "Andreas Schrimpf"),
      line(3, 401, 197, 14.3, "Karamfil Todorov"),
      line(3, 95, 215, 10, "Goethe University & CEPR"),
      line(3, 277, 215, 10, "BIS & CEPR"),
      line(3, 448, 215, 10, "BIS"),
      line(3, 285, 310, 10.9, "Abstract"),
      line(3, 92, 358, 10.9, "We document that the carry of crypto futures, the difference between futures and spot prices, can become"),
      line(3, 92, 372, 10.9, "very large and varies strongly over time, which is most consistent with a volatile convenience yield."),
    ];
    expect(seriesCover(pages, 10)).toEqual({ page: 1, title: "Crypto carry", titlePage: 3 });
    const header = readHeader(documentOfLines(pages));
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Schmeling", "Goethe University & CEPR"],
      ["Schrimpf", "BIS & CEPR"],
      ["Todorov", "BIS"],
    ]);
    // (A short run is no title the later page prints in its body's size: a running head, "Crypto carry" atop a page.)
    const runningHead = pages.map((l) => (l.page === 3 && l.text === "Crypto Carry" ? { ...l, size: 10 } : l));
    expect(seriesCover(runningHead, 10)).toBeNull();
    // (Nor does a short wordmark set large hide a longer title set smaller: the title is measured against long runs.)
    const wordmark = [
      line(1, 72, 120, 30, "Bank of Finland"),
      line(1, 72, 300, 16, "Liquidity Provision by Dealers in Stressed Markets"),
      line(1, 72, 330, 11, "by Aino Virtanen"),
      line(2, 72, 100, 16, "Liquidity Provision by Dealers in Stressed Markets"),
      line(2, 72, 140, 11, "Abstract"),
      line(2, 72, 160, 10, "We study how dealers provide liquidity when markets are stressed, with ten years of trades in every bond."),
    ];
    expect(seriesCover(wordmark, 10)).toEqual({ page: 1, title: "Liquidity Provision by Dealers in Stressed Markets", titlePage: 2 });
  });

  it("reads a banner set in the title's size far above it as a run of its own, not the title's first line", () => {
    const pages = [
      line(1, 242, 189, 20, "Working Papers / Documents de travail"),
      line(1, 358, 356, 19.8, "Dealer capital and the"),
      line(1, 264, 379, 19.8, "price of liquidity"),
      line(1, 452, 523, 14, "Lucía Ferrante"),
      line(2, 206, 133, 17.2, "Dealer capital and the price of liquidity"),
      line(2, 129, 196, 12, "Lucía Ferrante"),
      line(2, 287, 281, 10, "Abstract"),
      line(2, 99, 303, 10, "When dealers hold less capital, the bonds they trade become more expensive to buy and sell, and the"),
    ];
    expect(seriesCover(pages, 10)).toEqual({ page: 1, title: "Dealer capital and the price of liquidity", titlePage: 2 });
  });

  it("reads a cover's title set with wide leading as one run", () => {
    const pages = [
      line(1, 200, 200, 14, "Dealer capital and the"),
      line(1, 200, 240, 14, "price of liquidity"),
      line(1, 200, 320, 11, "Lucía Ferrante"),
      line(2, 72, 100, 12, "Dealer capital and the price of liquidity"),
      line(2, 72, 130, 10, "Lucía Ferrante"),
      line(2, 72, 160, 10, "Abstract"),
    ];
    expect(seriesCover(pages, 10)).toEqual({ page: 1, title: "Dealer capital and the price of liquidity", titlePage: 2 });
  });

  it("looks through a first page of thousands of large lines at once", () => {
    const many = Array.from({ length: 6000 }, (_, k) => line(1 + Math.floor(k / 3000), 72, 40 + (k % 3000) * 0.25, k % 2 ? 14 : 15, `A line of large type number ${k} on the page`));
    const started = performance.now();
    expect(seriesCover(many, 10)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("reads a title page whose title the abstract's page repeats without the authors as the title page, not a cover", () => {
    const doc = documentOf([
      line(1, 72, 200, 16, "Dealer capital and the price of liquidity"),
      line(1, 72, 240, 12, "Lucía Ferrante"),
      line(1, 72, 256, 12, "University of Turin"),
      line(1, 72, 290, 12, "Tomasz Wróbel"),
      line(1, 72, 306, 12, "Narodowy Bank Polski"),
      line(2, 72, 100, 16, "Dealer capital and the price of liquidity"),
      line(2, 72, 140, 12, "Abstract"),
      line(2, 72, 160, 12, "When dealers hold less capital, the bonds they trade become more expensive to buy and sell, and the"),
      line(2, 72, 176, 12, "effect is largest for the least liquid bonds. We measure it across ten years of transaction data."),
    ]);
    const header = readHeader(doc);
    expect(header.title.value).toBe("Dealer capital and the price of liquidity");
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Ferrante", "University of Turin"],
      ["Wróbel", "Narodowy Bank Polski"],
    ]);
  });

  it("reads a summary beside a sidebar set two points lower in smaller type, and each author's place from the sidebar up to its next heading", () => {
    const marked = (y: number, marker: string, text: string): Line => ({ ...line(1, 45, y, 8, text), spans: [{ text: marker, x: 40, y: y - 2, width: 3, size: 5, font: "Times", sup: true }, { text, x: 45, y, width: text.length * 3.6, size: 8, font: "Times", sup: false }] });
    const names: Line = {
      ...line(1, 45, 185, 12, "Lucia Alvesi Mark Kersting"),
      spans: [
        { text: "Lucia Alvesi", x: 45, y: 185, width: 70, size: 12, font: "Times", sup: false },
        { text: "1", x: 115, y: 181, width: 4, size: 8, font: "Times", sup: true },
        { text: "Mark Kersting", x: 125, y: 185, width: 80, size: 12, font: "Times", sup: false },
        { text: "2", x: 205, y: 181, width: 4, size: 8, font: "Times", sup: true },
      ],
    };
    const doc = documentOf([
      line(1, 45, 123, 18, "The response of asset prices to monetary policy shocks"),
      names,
      marked(221, "1", "European Commission, Joint Research"),
      line(1, 210, 230, 10, "Summary"),
      line(1, 45, 232, 8, "Centre, Ispra, Italy"),
      marked(246, "2", "Deutsche Bundesbank, Frankfurt am"),
      line(1, 210, 247, 10, "Standard macroeconomic theory predicts rapid responses of asset prices to mon-"),
      line(1, 45, 257, 8, "Main, Germany"),
      line(1, 210, 262, 10, "etary policy shocks. Small vector autoregressions, however, often find sluggish"),
      line(1, 210, 277, 10, "impact effects; a large dynamic factor model finds stronger and quicker ones."),
      line(1, 45, 279, 8, "Correspondence"),
      line(1, 45, 290, 8, "Lucia Alvesi, European Commission, Joint"),
      line(1, 45, 301, 8, "Research Centre, I-21027 Ispra, Italy."),
      line(1, 45, 407, 10, "1 INTRODUCTION"),
    ]);
    const header = readHeader(doc);
    expect(header.abstract.value).toBe("Standard macroeconomic theory predicts rapid responses of asset prices to monetary policy shocks. Small vector autoregressions, however, often find sluggish impact effects; a large dynamic factor model finds stronger and quicker ones.");
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Alvesi", "European Commission, Joint Research Centre, Ispra"],
      ["Kersting", "Deutsche Bundesbank, Frankfurt am Main"],
    ]);
  });
});
