import { describe, expect, it } from "vitest";
import { authorsListedOnCover, readAuthors } from "./authors";
import { readHeader } from "./header";
import { LABELS, lineFeatures } from "./labeller";
import { namesOnLine } from "./person-names";
import { lowerCaseWords } from "./patterns";
import { documentOf, documentOfLines, lineAt, lineOfSpans } from "./test-document";
import type { Document, ExtractedAuthor, Line } from "./model";

/**
 * A labeller of one linear layer over the line features, for tests that need the labeller to say
 * something particular: `outBias` per label (title, author, e-mail, affiliation, abstract, keywords,
 * other), and a weight per label and feature.
 */
function linearLabeller(doc: Document, outBias: number[], weight: (label: string, feature: number, width: number) => number = () => 0) {
  const width = lineFeatures(doc.lines, doc)[0]!.length;
  return { mean: Array(width).fill(0), scale: Array(width).fill(1), hidden: [], hiddenBias: [], outBias, out: LABELS.map((l) => Array.from({ length: width }, (_, j) => weight(l, j, width))) };
}

/** What the labeller says of a line, as the author reader's tests need it: its title, author and affiliation probabilities. */
const said = (title: number, author: number, affiliation: number) => ({ title, author, affiliation, email: 0, abstract: 0, keywords: 0, other: 1 - title - author - affiliation });

/** The author reader on `lines` with the labeller's word given line by line (`labels`), the title its first two lines. */
const readWithLabels = (lines: Line[], labels: Array<ReturnType<typeof said>>, abstractStart: number, body: number) =>
  readAuthors(lines, [0, 1], abstractStart, body, { vocabulary: new Set(), lowerWords: lowerCaseWords(lines), labels, indexOf: new Map(lines.map((l, i) => [l, i])), nameModel: true });

describe("the author reader", () => {
  it("reads the list's last name on the row below a row of names that ends on 'and'", () => {
    const read = readHeader(
      documentOf([
        ["Crypto carry and the convenience yield of digital assets", 22],
        ["by Maik Schmeling, Andreas Schrimpf and", 10],
        ["Karamfil Todorov", 10],
        ["Monetary and Economic Department", 14],
        ["Abstract", 11],
        ["We document that the carry of crypto futures, the difference between futures and spot prices, can become very large.", 11],
        ["It varies strongly over time, which is most consistent with a highly volatile crypto convenience yield.", 11],
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Schmeling", "Monetary and Economic Department"],
      ["Schrimpf", "Monetary and Economic Department"],
      ["Todorov", "Monetary and Economic Department"],
    ]);
  });

  it("reads authors introduced by a sentence of their biography, each with the place their posts are held at and their e-mail", () => {
    const read = readHeader(
      documentOf([
        ["Low Risk in Harbour Equity Markets", 18],
        ["Ada Moss is the head of quantitative research at Harbour Capital in the Netherlands,", 11],
        ["a.moss@harbourcapital.com", 11],
        ["Ivo van Lind is the head of equities at Harbour Capital and professor of finance at", 11],
        ["Eastbury University in the Netherlands, i.vanlind@harbourcapital.com", 11],
        ["Abstract: Stocks of low risk have earned as much as stocks of high risk in every market we study, over a century of data.", 11],
        ["The effect is persistent over time and across markets, and it is not explained by other factors.", 11],
      ]),
    );
    expect(read.authors.map((a) => [a.firstName, a.lastName, a.affiliation, a.email, a.country])).toEqual([
      ["Ada", "Moss", "Harbour Capital", "a.moss@harbourcapital.com", "Netherlands"],
      ["Ivo", "van Lind", "Harbour Capital; Eastbury University", "i.vanlind@harbourcapital.com", "Netherlands"],
    ]);
  });

  it("gives each name of a grid the part of a row of places printed under it, where the row reads as one line", () => {
    const span = (x: number, text: string) => ({ text, x, y: 228, width: text.length * 6.4, size: 14.3, font: "Times", sup: false });
    const places = [span(87, "University of Warwick, CEPR"), span(301, "University of Pennsylvania, NBER")];
    const row = { page: 1, x: 87, y: 228, width: 301 + places[1]!.width - 87, size: 14.3, text: "University of Warwick, CEPR University of Pennsylvania, NBER", spans: places };
    const doc = documentOfLines([
      lineAt(1, 137, 156, 20.7, "The Political Economy of Pandemics"),
      lineAt(1, 133, 201, 14.3, "Helios Herrera"),
      lineAt(1, 348, 201, 14.3, "Guillermo Ordoñez"),
      row,
      lineAt(1, 282, 420, 10.9, "Abstract"),
      lineAt(1, 106, 448, 10.9, "The COVID-19 policy responses represent an unprecedented challenge to policymakers worldwide."),
      lineAt(1, 106, 461, 10.9, "We show how relative comparisons induce herding when policymakers are concerned with popularity."),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Herrera", "University of Warwick, CEPR"],
      ["Ordoñez", "University of Pennsylvania, NBER"],
    ]);
    // (A line set in a span for each word is not cut at a word's space: one place printed across both columns stays whole.)
    let x = 87;
    const words = "Department of Economics, University of Pennsylvania".split(" ").map((w) => {
      const span = { text: w, x, y: 228, width: w.length * 6.4, size: 14.3, font: "Times", sup: false };
      x += span.width + 3.6;
      return span;
    });
    const across = { page: 1, x: 87, y: 228, width: x - 87, size: 14.3, text: "Department of Economics, University of Pennsylvania", spans: words };
    const shared = readHeader(documentOfLines(doc.lines.map((l) => (l === row ? across : l))));
    expect(shared.authors.every((a) => a.affiliation !== "Department of Economics" && a.affiliation !== "University of Pennsylvania")).toBe(true);
  });

  it("gives a name the line under it set as the places under the other names are, though its words name no institution", () => {
    const people = [
      ["YVES ACHDOU", "Université de Paris, LJLL"],
      ["JIEQUN HAN", "Princeton"],
      ["PIERRE-LOUIS LIONS", "Collège de France"],
      ["BENJAMIN MOLL", "London School of Economics"],
    ];
    const doc = documentOfLines([
      lineAt(1, 88, 132, 27.9, "Income and Wealth Distribution in Macroeconomics"),
      ...people.flatMap(([name, place], k) => [lineAt(1, 224 - name!.length, 222 + 30 * k, 12, name!), lineAt(1, 215 - place!.length, 236 + 30 * k, 10, place!)]),
      lineAt(1, 76, 380, 10, "Abstract"),
      lineAt(1, 76, 394, 10, "We recast the Aiyagari-Bewley-Huggett model of income and wealth distribution in continuous time."),
      lineAt(1, 76, 406, 10, "This naturally leads to a system of two partial differential equations that we solve with a finite difference method."),
    ]);
    expect(readHeader(doc).authors.map((a) => a.affiliation)).toEqual(people.map(([, place]) => place));
  });

  it("reads every name of a column of names set alike and evenly apart, the last one the labeller doubts included", () => {
    const names = ["Oliver Azuara", "Rodrigo Azuero", "Mariano Bosch", "Jesica Torres"];
    const doc = documentOfLines([
      lineAt(1, 55, 237, 24, "Special Tax Regimes in Latin America and the Caribbean"),
      ...names.map((name, k) => lineAt(1, 55, 461 + 21 * k, 16, name)),
      lineAt(1, 49, 600, 11, "March 2019"),
      lineAt(2, 72, 80, 12, "Abstract"),
      lineAt(2, 72, 100, 11, "This paper studies special tax regimes for small firms in Latin America and the Caribbean and their compliance."),
      lineAt(2, 72, 114, 11, "We find that the regimes raise formality but misallocate resources towards small and unproductive firms."),
    ]);
    expect(readHeader(doc).authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(names);
  });

  it("reads each author's place printed in brackets after their name on the author line", () => {
    const read = readHeader(
      documentOf([
        ["The ECB and the inflation monsters: strategic framing", 24],
        ["Authors: Clément Fontan (UCLouvain) & Aurélien Goutsmedt (UCLouvain, FNRS)", 12],
        ["Abstract", 16],
        ["The recent resurgence of inflation in Europe has led the ECB to increase interest rates and to phase out asset purchases.", 11],
        ["This article investigates how the ECB adjusts its logic of responsibility throughout this series of crises, with a topic model.", 11],
      ]),
    );
    expect(read.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual([
      ["Clément Fontan", "UCLouvain"],
      ["Aurélien Goutsmedt", "UCLouvain, FNRS"],
    ]);
    // (Not a badge or a role in brackets: "(ORCID)", "(Speaker)".)
    const roles = readHeader(
      documentOf([
        ["The ECB and the inflation monsters: strategic framing", 24],
        ["Authors: Clément Fontan (ORCID) & Aurélien Goutsmedt (Speaker)", 12],
        ["Abstract", 16],
        ["The recent resurgence of inflation in Europe has led the ECB to increase interest rates and to phase out asset purchases.", 11],
        ["This article investigates how the ECB adjusts its logic of responsibility throughout this series of crises, with a topic model.", 11],
      ]),
    );
    expect(roles.authors.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("takes no authors' names from a note's contact line for a place, and a short place's name before an author's own address", () => {
    const contact = readHeader(
      documentOf([
        ["Size-Based Policies and Firm Growth: Evidence from", 17.2],
        ["Pakistan", 17.2],
        ["Muhammad Bashir, Zehra Farooq, Usama Jamal, and Mazhar Waseem^*", 14.3],
        ["October, 2024", 14.3],
        ["Abstract", 10.9],
        ["Size-based regulations and taxation are ubiquitous. In this paper, we examine", 10.9],
        ["the impact of size-based taxation on firm growth by exploiting a large and per-", 10.9],
        ["manent tax reform from Pakistan, where the VAT threshold was raised from PKR", 10.9],
        ["5 million to PKR 10 million. Treated firms saw their revenue increase by 32 log-points.", 10.9],
        ["Keywords: Firm Growth; Size-Based Taxation; Value-Added Tax", 10.9],
        ["JEL Classification: D22, H22, H25", 10.9],
        ["^*We thank seminar audiences at VATT, Helsinki; Tulane Univeristy, New Orleans; and NTA,", 10],
        ["Denver for useful comments. Contact: Muhammad Bashir muhammad.bashir@berkeley.edu; Zehra", 10],
        ["Farooq zfarooq@tulane.edu; Usama Jamal usama.jamal@manchester.ac.uk; and Mazhar Waseem", 10],
        ["mazhar.waseem@manchester.ac.uk.", 10],
      ]),
    );
    expect(contact.authors.map((a) => a.affiliation)).toEqual([null, null, null, null]);
    const own = readHeader(
      documentOf([
        ["Ethnic Capital or Dynastic Human Capital? Evidence from Multigenerational Data", 17],
        ["Adrian Adermon^† Mikael Lindahl^‡ Carlos Suarez^§ Jane Roe^*", 12],
        ["Abstract", 10],
        ["Intergenerational convergence across immigrant groups is often found to be slower than expected in the literature on it.", 10],
        ["We study it with multigenerational register data and find that dynastic human capital explains most of the persistence.", 10],
        ["^†IFAU, Uppsala. adrian.adermon@ifau.uu.se.", 9],
        ["^‡Department of Economics, University of Gothenburg. mikael.lindahl@economics.gu.se.", 9],
        ["^§UPF and BSE, corresponding author, email: cas33@upf.edu", 9],
        ["^*Job Market Paper. Email: jane.roe@example.edu", 9],
      ]),
    );
    // (The note's one address, though it spells no name, and a role said after the place; not words that name
    // no place, "Job Market Paper".)
    expect(own.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Adermon", "IFAU, Uppsala"],
      ["Lindahl", "Department of Economics, University of Gothenburg"],
      ["Suarez", "UPF and BSE"],
      ["Roe", null],
    ]);
  });

  it("reads a name set in the title's size as the names below it are set, each over its university in smaller letters", () => {
    const people = [
      ["Yaron Azrieli", "The Ohio State University"],
      ["Christopher P. Chambers", "Georgetown University"],
      ["Paul J. Healy", "The Ohio State University"],
    ];
    const doc = documentOfLines([
      lineAt(1, 87, 92, 14, "Incentives in Experiments:"),
      lineAt(1, 87, 108, 14, "A Theoretical Analysis"),
      ...people.flatMap(([name, place], k) => [lineAt(1, 87, 188 + 50 * k, 14, name!), lineAt(1, 87, 206 + 50 * k, 8, place!)]),
      lineAt(1, 107, 368, 9, "Experimental economists currently lack a convention for how to pay subjects in experiments with multiple tasks."),
      lineAt(1, 107, 378, 9, "We provide a theoretical framework for analyzing this question and prove a result about it."),
      lineAt(1, 87, 501, 10, "I. Introduction"),
    ]);
    const read = readHeader(doc);
    expect(read.title.value).toBe("Incentives in Experiments: A Theoretical Analysis");
    expect(read.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual(people);
    // (Georgetown University is no evidence of Guyana, whose capital shares the name.)
    expect(read.authors[1]!.country).toBeNull();
  });

  it("gives a mailbox that is a given name to its owner, not to the co-author whose family name begins with it, and one of a family name's first letters to its owner", () => {
    const read = (mails: string, names = "Hans Moller and Peter Hansen") =>
      readHeader(
        documentOf([
          ["Liquidity and the harbour banks of the north", 20],
          [names, 12],
          ["Harbour University", 11],
          [mails, 11],
          ["Abstract", 11],
          ["We study how banks of the northern harbours managed their liquidity over two centuries of trade and war.", 11],
          ["Their reserves rose before each war and fell after it, which we trace to the rules their charters set.", 11],
        ]),
      ).authors.map((a) => a.email);
    expect(read("hans@example.org")).toEqual(["hans@example.org", null]);
    expect(read("hans@example.org, phansen@example.org")).toEqual(["hans@example.org", "phansen@example.org"]);
    expect(read("nowa@example.org", "Anna Nowakowski and Karl Lind")).toEqual(["nowa@example.org", null]);
  });

  it("reads a place's short name and its town under a name as the place, not as a name the row below finishes", () => {
    const read = readHeader(
      documentOf([
        ["Forecasting the fragility of harbour banks", 17],
        ["Marta Quist", 11],
        ["HIW, Berlin", 11],
        ["Oren Bale", 11],
        ["Eastbury University, Rotterdam", 11],
        ["October 2010", 11],
        ["Abstract", 10],
        ["Linkages between banks and insurers matter when forecasting the fragility of the banking and insurance sectors.", 10],
        ["We propose an empirical framework that estimates unobserved linkages in panel data with observed regressors.", 10],
      ]),
    );
    expect(read.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Marta Quist", "Oren Bale"]);
  });

  it("reads names stacked over their places in the places' own size, each line centred", () => {
    const people = [
      ["Marta Quist", "Università di Eastbury and CEPR"],
      ["Oren Bale", "Swiss Harbour School of Business, CAMP and CEPR"],
    ];
    // (Centred: each line starts where its width puts it, about the page's middle at 306.)
    const centred = (y: number, size: number, text: string) => lineAt(1, 306 - (text.length * size * 0.45) / 2, y, size, text);
    const doc = documentOfLines([
      centred(132, 20.7, "A traveller's guide to empirical macro models"),
      ...people.flatMap(([name, place], k) => [centred(168 + 43 * k, 14.3, name!), centred(186 + 43 * k, 14.3, place!)]),
      centred(257, 14.3, "October 20, 2025"),
      centred(331, 10.9, "Abstract"),
      lineAt(1, 96, 351, 10.9, "This paper describes a package of programs which estimates vector autoregressions and factor models."),
      lineAt(1, 80, 365, 10.9, "The toolbox lets a researcher conduct inference under different prior assumptions and forecast."),
      lineAt(1, 80, 501, 12, "1 Introduction"),
    ]);
    const read = readHeader(doc);
    expect(read.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual(people);
    // (The country the first institution's name says, where nothing printed says one: none of CEPR's for the first.)
    expect(read.authors.map((a) => a.country)).toEqual([null, "Switzerland"]);
  });

  it("marks the corresponding author a page's margin names under a label set alone, beside the abstract's column", () => {
    const doc = documentOfLines([
      lineAt(1, 41, 113, 18, "Informal settlements and the ladder out of poverty"),
      lineAt(1, 41, 153, 12, "Ana Moss | Karl Lind"),
      lineAt(1, 41, 188, 8, "Harbour Research Council, Eastbury"),
      lineAt(1, 208, 195, 10, "Abstract"),
      lineAt(1, 208, 210, 10, "Informal settlements house a large share of the world's city dwellers, yet little is known"),
      lineAt(1, 41, 214, 8, "Kestrel University, Westport"),
      lineAt(1, 208, 225, 10, "of how far they help their residents up the ladder of income over a decade of change."),
      lineAt(1, 208, 240, 10, "We follow the same households for ten years and compare them with those in rural areas."),
      lineAt(1, 41, 260, 8, "Correspondence"),
      lineAt(1, 208, 270, 10, "Those who moved to a settlement fared a little better than those who stayed behind."),
      lineAt(1, 41, 271, 8, "Karl Lind"),
      lineAt(1, 41, 282, 8, "Email: klind@example.org"),
      lineAt(1, 41, 490, 12, "1 | INTRODUCTION"),
    ]);
    const read = readHeader(doc);
    expect(read.authors.map((a) => [a.lastName, a.isCorresponding])).toEqual([
      ["Moss", false],
      ["Lind", true],
    ]);
  });

  it("reads inverted name lists (family names in capitals too), markers printed on the line, ORCID badges, numbered affiliations run together, glued footnote digits", () => {
    const inverted = readHeader(
      documentOf([
        ["Title: An open source toolbox for localizing intracranial electrodes", 16],
        ["Authors:", 16],
        ["Groppe, David M. (1,2), Bickel, Stephan (3), Honey, Christopher J. (1)*", 11],
        ["1. Department of Psychology, University of Toronto, Toronto, Canada", 10],
        ["2. Feinstein Institute for Medical Research, Manhasset, NY 11030, USA", 10],
        ["3. Department of Neurology, Montefiore Medical Center, Bronx, NY 10467, USA", 10],
      ]),
    );
    expect(inverted.title.value).toBe("An open source toolbox for localizing intracranial electrodes");
    expect(inverted.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["David M. Groppe", "Stephan Bickel", "Christopher J. Honey"]);
    expect(inverted.authors[1]!.affiliation).toBe("Department of Neurology, Montefiore Medical Center, Bronx, NY 10467");
    // Family names in capitals, each before its given names.
    const capitals = readHeader(
      documentOf([
        ["Margin Calls and Fire Sales in Hong Kong Equities", 18],
        ["HO, Kei Shiu Edward and CHAN, Lai Wan", 10],
        ["Department of Finance", 10],
        ["The Chinese University of Hong Kong", 10],
        ["email: ho052@example.hk and lwchan@example.hk", 10],
      ]),
    );
    expect(capitals.authors.map((a) => [a.firstName, a.lastName, a.email])).toEqual([
      ["Kei Shiu Edward", "Ho", "ho052@example.hk"],
      ["Lai Wan", "Chan", "lwchan@example.hk"],
    ]);

    const plos = readHeader(
      documentOf([
        ["Genetic diversity of rice landraces in northern Taiwan", 16],
        ["Shu-meng Kuo 1, Yu-ru Chen 2, Yann-rong LinID 1 *", 11],
        ["1 Department of Agronomy, National Taiwan University, Taipei, Taiwan, 2 Crop Science Division,", 9],
        ["Taiwan Agricultural Research Institute, Taichung, Taiwan", 9],
        ["* Correspondence: ylin@ntu.edu.tw3", 9],
      ]),
    );
    expect(plos.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation, a.email])).toEqual([
      ["Shu-meng Kuo", "Department of Agronomy, National Taiwan University, Taipei", null],
      ["Yu-ru Chen", "Crop Science Division, Taiwan Agricultural Research Institute, Taichung", null],
      ["Yann-rong Lin", "Department of Agronomy, National Taiwan University, Taipei", "ylin@ntu.edu.tw"],
    ]);
  });

  it("gives each author the place whose markers list theirs together ('b,c,d Harbour Business School, …')", () => {
    const doc = documentOfLines([
      lineAt(1, 134, 151, 17.2, "Weak identification in the factor zoo"),
      lineOfSpans(1, 218, [[114, "Ada Moss", 12], [160, "a", 8, "Times", true], [166, ", Karl Lind", 12], [226, "b", 8, "Times", true], [232, ", and Lena Voss", 12], [316, "c", 8, "Times", true]]),
      lineOfSpans(1, 243, [[159, "a", 8, "Times", true], [164, "Université de Norland, 75775 Norland, France", 10.9]]),
      lineOfSpans(1, 256, [[141, "b,c", 8, "Times", true], [152, "Harbour Business School, Eastbury, CV4 7AL, United Kingdom", 10.9]]),
      lineAt(1, 72, 344, 12, "ABSTRACT"),
      lineAt(1, 72, 357, 10.9, "To explain the cross-section of asset returns, a zoo of factors has been proposed, most of them weakly identified."),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual([
      ["Moss", "Université de Norland, 75775 Norland", "France"],
      ["Lind", "Harbour Business School, Eastbury, CV4 7AL", "United Kingdom"],
      ["Voss", "Harbour Business School, Eastbury, CV4 7AL", "United Kingdom"],
    ]);
  });

  it("gives names set side by side on one row the place one line under them spans, and ends an entry at a heading set larger than its name", () => {
    const doc = documentOfLines([
      lineAt(1, 138, 132, 20.7, "How many harbour jobs can be done remotely?"),
      lineAt(1, 183, 168, 14.3, "Ada Moss"),
      lineAt(1, 342, 168, 14.3, "Karl Lind"),
      lineAt(1, 96, 197, 14.3, "Harbour University, School of Business, NBER, and CEPR"),
      lineAt(1, 264, 220, 14.3, "June 19, 2020"),
      lineAt(1, 282, 277, 10.9, "Abstract"),
      lineAt(1, 101, 298, 10.9, "We classify the feasibility of working remotely for every occupation in the port and merge it with counts."),
    ]);
    expect(readHeader(doc).authors.map((a) => a.affiliation)).toEqual(["Harbour University, School of Business, NBER, and CEPR", "Harbour University, School of Business, NBER, and CEPR"]);
    // (A cover's entries, each a name over its place and e-mail; the box of findings under the last entry is no place of theirs.)
    const cover = documentOfLines([
      lineAt(1, 36, 75, 24, "The Consequences of Harbour Fees"),
      lineAt(1, 36, 165, 13, "Ada Moss"),
      lineAt(1, 36, 178, 11, "ada.moss@example.org"),
      lineAt(1, 36, 210, 13, "Karl Lind"),
      lineAt(1, 36, 223, 11, "Office of Harbour Research"),
      lineAt(1, 36, 236, 11, "karl.lind@harbour.example.gov"),
      lineAt(1, 36, 268, 13, "Lena Voss"),
      lineAt(1, 36, 281, 11, "lena.voss@example.org"),
      lineAt(1, 36, 336, 20, "Why the findings matter"),
      lineAt(1, 36, 360, 20, "Findings of the Harbour Fees Study"),
      lineAt(1, 36, 384, 11, "Data from the Harbour Institute of Shipping Statistics"),
      lineAt(2, 287, 260, 10, "Abstract"),
      lineAt(2, 99, 282, 10, "This paper measures the effect of harbour fees on shipping and on the prices of the goods shipped."),
    ]);
    const entries = readHeader(cover).authors;
    expect(["Moss", "Lind", "Voss"].map((family) => entries.find((a) => a.lastName === family)?.affiliation)).toEqual([null, "Office of Harbour Research", null]);
  });

  it("reads an address labelled after its place as that place's: 'University of Harbour. Address: …'", () => {
    const doc = documentOfLines([
      lineAt(1, 72, 110, 16, "Transport modes and the elasticity of trade"),
      lineOfSpans(1, 150, [[72, "Ada Moss", 12], [124, "1", 7, "Times", true], [130, " and Karl Lind", 12], [210, "2", 7, "Times", true]]),
      lineAt(1, 72, 200, 11, "Abstract"),
      lineAt(1, 72, 214, 11, "We estimate how the choice between shipping by sea and by air responds to the cost of transport in"),
      lineAt(1, 72, 228, 11, "each sector, and find that the elasticities differ across sectors by a factor of five or more."),
      lineAt(1, 72, 400, 12, "1 Introduction"),
      lineOfSpans(1, 664, [[80, "1", 6, "Times", true], [84, "University of Harbour. Address: Department of Economics, 256 UCB, Eastbury, CO 80309-0256; E-mail:", 9]]),
      lineAt(1, 72, 675, 9, "ada.moss@harbour.edu."),
      lineOfSpans(1, 687, [[80, "2", 6, "Times", true], [84, "University of Harbour and CESifo. Mailing address: 12 Kestrel Road, Eastbury, CO 80309; E-mail:", 9]]),
      lineAt(1, 72, 698, 9, "karl.lind@harbour.edu."),
    ]);
    expect(readHeader(doc).authors.map((a) => a.affiliation)).toEqual([
      "University of Harbour, Department of Economics, 256 UCB, Eastbury, CO 80309-0256",
      "University of Harbour and CESifo, 12 Kestrel Road, Eastbury, CO 80309",
    ]);
    // (Not an address labelled after an e-mail: the place and the address stay two.)
    const afterMail = documentOfLines(doc.lines.map((l, i) => (i === 6 ? lineOfSpans(1, 664, [[80, "1", 6, "Times", true], [84, "University of Harbour. E-mail: ada.moss@harbour.edu. Address: Department of Economics, 256 UCB,", 9]]) : i === 7 ? lineAt(1, 72, 675, 9, "Eastbury, CO 80309-0256.") : l)));
    expect(readHeader(afterMail).authors[0]!.affiliation).toBe("University of Harbour; Department of Economics, 256 UCB, Eastbury, CO 80309-0256");
  });

  it("begins a note at a mark printed alone on its line that an author carries, a glyph the text layer could not name; a corresponding author's note adds no place to their own", () => {
    const doc = documentOfLines([
      lineAt(1, 45, 116, 18, "Pricing the risk of scheduled announcements"),
      lineOfSpans(1, 159, [[45, "Ada Moss", 11], [98, "1", 7.3, "Times", true], [103, ", Karl Lind", 11], [160, "2,", 7.3, "Times", true], [167, "\ufffd", 11, "Times", true]]),
      lineOfSpans(1, 190, [[45, "1", 6, "Times", true], [48, "Department of Finance, Harbour University, Harbour, Sweden", 9]]),
      lineOfSpans(1, 200, [[45, "2", 6, "Times", true], [48, "Department of Economics, Eastbury University, Eastbury, Greece", 9]]),
      lineAt(1, 45, 209, 8, "\ufffd"),
      lineAt(1, 49, 211, 8, "Corresponding author. Department of Economics, Eastbury University, 12 Kestrel Road, Eastbury,"),
      lineAt(1, 45, 220, 8, "Greece. Email: karl.lind@example.org"),
      lineAt(1, 45, 243, 10, "Abstract"),
      lineAt(1, 45, 254, 8, "We document that the prices of options on firms' shares change shape before scheduled announcements of"),
      lineAt(1, 45, 263, 8, "their earnings, and that the change foretells the size of the move in the price of the shares on the day."),
      lineAt(1, 45, 402, 11, "1. Introduction"),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation, a.email, a.isCorresponding])).toEqual([
      ["Moss", "Department of Finance, Harbour University, Harbour", null, false],
      ["Lind", "Department of Economics, Eastbury University, Eastbury", "karl.lind@example.org", true],
    ]);
    // (Where the corresponding author's note gives another place than their own note, it is theirs too.)
    const elsewhere = documentOfLines(doc.lines.map((l, i) => (i === 5 ? lineAt(1, 49, 211, 8, "Corresponding author. Kestrel Institute, 12 Kestrel Road, Eastbury,") : l)));
    expect(readHeader(elsewhere).authors[1]!.affiliation).toBe("Department of Economics, Eastbury University, Eastbury; Kestrel Institute, 12 Kestrel Road, Eastbury");
    // (Not a place without a number or a country: a cut sentence's list of institutions is no address to write to.)
    const listed = documentOfLines(doc.lines.map((l, i) => (i === 5 ? lineAt(1, 49, 211, 8, "Corresponding author. Reserve Board, Kestrel Institute, Harbour University.") : i === 6 ? lineAt(1, 45, 220, 8, "Email: karl.lind@example.org") : l)));
    expect(readHeader(listed).authors[1]!.affiliation).toBe("Department of Economics, Eastbury University, Eastbury");
  });

  it("reads a note's address printed one part to a line, and units printed alone sharing the institution under the last of them", () => {
    const read = readHeader(
      documentOf([
        ["Real Return Bonds and the Break-Even Inflation Rate", 18],
        ["Ian Carstairs^1, Frida Dunmore^2 and Chris Rede^2", 12],
        ["^1Monetary and Financial Analysis Department", 11],
        ["^2Financial Markets Department", 11],
        ["Bank of Canada", 11],
        ["Ottawa, Ontario, Canada K1A 0G9", 11],
        ["Abstract", 12],
        ["We study the break-even inflation rate of real return bonds and what it says of expectations.", 10],
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual([
      ["Carstairs", "Monetary and Financial Analysis Department, Bank of Canada, Ottawa, Ontario, K1A 0G9", "Canada"],
      ["Dunmore", "Financial Markets Department, Bank of Canada, Ottawa, Ontario, K1A 0G9", "Canada"],
      ["Rede", "Financial Markets Department, Bank of Canada, Ottawa, Ontario, K1A 0G9", "Canada"],
    ]);
    // (A footnote wrapped at its width, or at an open word, is joined as it was printed.)
    const wrapped = readHeader(
      documentOf([
        ["Real Return Bonds and the Break-Even Inflation Rate", 18],
        ["Ian Carstairs^1 and Frida Dunmore^1", 12],
        ["^1Department of Economics and Finance, Graduate School of", 9],
        ["Business Administration, Universidad de los Andes, Bogotá", 9],
        ["Abstract", 12],
        ["We study the break-even inflation rate of real return bonds and what it says of expectations.", 10],
      ]),
    );
    expect(wrapped.authors[0]!.affiliation).toBe("Department of Economics and Finance, Graduate School of Business Administration, Universidad de los Andes, Bogotá");
  });

  it("gives an author of a row of names the line of their block at the height where the author beside them has a place ('Sciences Po Paris' beside 'London School of Economics')", () => {
    const page = [
      lineAt(1, 92, 145, 20.7, "Testing Customized Behavioral Contracts in a Public"),
      lineAt(1, 91, 182, 20.7, "Sector Setting: Experimental Evidence from Pakistan"),
      lineAt(1, 133, 219, 20.7, "Preliminary and Incomplete. Do Not Cite."),
      lineAt(1, 183, 264, 14.3, "Michael Callen", 92),
      lineAt(1, 354, 264, 14.3, "Karrar Hussain", 88),
      lineAt(1, 160, 291, 10.9, "London School of Economics", 138),
      lineAt(1, 336, 291, 10.9, "Sciences Po Paris", 121),
      lineAt(1, 264, 322, 14.3, "October 3, 2023"),
      lineAt(1, 289, 385, 10.9, "Abstract"),
      lineAt(1, 125, 412, 10.9, "The question of how to incentivize behavioral change has been fundamental for"),
      lineAt(1, 108, 426, 10.9, "social scientists. While most incentives tend to be one-size-fits-all policies, we test"),
    ];
    // (The rules alone, no labeller to vouch for either line: the row's layout is what says it.)
    const read = readHeader(documentOfLines(page), []);
    expect(read.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Callen", "London School of Economics"],
      ["Hussain", "Sciences Po Paris"],
    ]);
  });

  it("reads a name whose family name only a masked address spells elsewhere ('renke.schmacker[at]unil[dot]ch') as a name, not as a word the text prints in lower case", () => {
    const read = readHeader(
      documentOfLines([
        lineAt(1, 234, 164, 17.2, "Protecting the Ego:"),
        lineAt(1, 137, 185, 17.2, "Motivated Information Selection and Updating"),
        lineAt(1, 242, 218, 12, "Alessandro Castagnetti"),
        lineAt(1, 257, 237, 12, "Renke Schmacker"),
        lineAt(1, 253, 264, 12, "November 19, 2020"),
        lineAt(1, 280, 319, 10, "Abstract"),
        lineAt(1, 123, 337, 10, "We investigate how individuals search for ego-relevant information and then use this information to update"),
        lineAt(1, 108, 349, 10, "their beliefs. In our lab experiment, subjects can select the information structure that gives them feedback."),
        lineAt(1, 94, 732, 9, "University of Warwick, S.Castagnetti[at]warwick[dot]ac[dot]uk"),
        lineAt(1, 94, 743, 9, "University of Lausanne and DIW Berlin, renke.schmacker[at]unil[dot]ch"),
      ]),
    );
    expect(read.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Alessandro Castagnetti", "Renke Schmacker"]);
    // And gives the authors the addresses the masks stand for, to write to.
    expect(read.authors.map((a) => a.email)).toEqual(["s.castagnetti@warwick.ac.uk", "renke.schmacker@unil.ch"]);
  });

  it("gives a corresponding author the address masked 'at domain', not the office's address printed after it", () => {
    const rows: Array<[string, number]> = [
      ["Forecasting Household Consumption with Card Data", 16],
      ["Maya Okonkwo^* and Daniel Ferreira^**", 12],
      ["Abstract", 12],
      ["We use card transactions to forecast household consumption in real time and find that the data improve", 11],
      ["forecasts of retail spending at every horizon, most at turning points of the business cycle.", 11],
      ["* Corresponding author: m.okonkwo at domain unsw.edu.au External Communications: comms-desk@example.gov.au", 9],
      ["** Reserve Bank of Australia. The views expressed are the authors' own.", 9],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => a.email)).toEqual(["m.okonkwo@unsw.edu.au", null]);
  });

  it("reads a grid of names whose second row the text layer ran into one line, each name over its own place", () => {
    const size = 14.3;
    const twoNames = lineAt(1, 171, 208, size, "Ines K. Dahlberg Pavel M. Horakova", 270);
    twoNames.spans = [
      { text: "Ines K. Dahlberg", x: 171, y: 208, width: 109, size, font: "Times", sup: false },
      { text: "Pavel M. Horakova", x: 304, y: 208, width: 137, size, font: "Times", sup: false },
    ];
    const read = readHeader(
      documentOfLines([
        lineAt(1, 99, 124, size, "When Should Standard Errors Be Clustered by Region?"),
        lineAt(1, 178, 165, size, "Lena Moreau"),
        lineAt(1, 334, 165, size, "Tomas Varga"),
        lineAt(1, 212, 184, size, "ETH"),
        lineAt(1, 346, 184, size, "Bocconi"),
        twoNames,
        lineAt(1, 199, 227, size, "Bocconi"),
        lineAt(1, 357, 227, size, "UCL"),
        lineAt(1, 246, 255, size, "September 20, 2022"),
        lineAt(1, 280, 308, 12, "Abstract"),
        lineAt(1, 101, 335, 12, "Standard errors clustered by region are common in applied work, and we ask when they should be used at all."),
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Moreau", "ETH"],
      ["Varga", "Bocconi"],
      ["Dahlberg", "Bocconi"],
      ["Horakova", "UCL"],
    ]);
  });

  it("gives an address made of a given name alone, or of initials, to the one author they fit", () => {
    const rows: Array<[string, number]> = [
      ["Audit Committee Expertise and Financial Reporting Quality", 16],
      ["Yuki Watanabe, Min-jun Park and Mei Ling Chen", 12],
      ["Faculty of Business and Commerce, Keio University, Tokyo, Japan", 10],
      ["E-mail addresses: yuki29@keio.ac.jp, min.park@snu.ac.kr, chen@vnu.edu.vn", 10],
      ["Abstract", 12],
      ["How does audit committee expertise affect financial reporting quality? We assemble a new data set", 11],
      ["covering 2,976 transactions from 1992 to 2016 and use a difference-in-differences design.", 11],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => a.email)).toEqual(["yuki29@keio.ac.jp", "min.park@snu.ac.kr", "chen@vnu.edu.vn"]);
    // Or of the initials, when they are one author's alone.
    const initials = readHeader(documentOf(rows.map(([t, size]) => [t.replace("yuki29@keio.ac.jp", "yw@keio.ac.jp").replace("chen@vnu.edu.vn", "mlc@vnu.edu.vn"), size])));
    expect(initials.authors.map((a) => a.email)).toEqual(["yw@keio.ac.jp", "min.park@snu.ac.kr", "mlc@vnu.edu.vn"]);
    // Or of the initials and a department's code after them.
    const coded = readHeader(documentOf(rows.map(([t, size]) => [t.replace("yuki29@keio.ac.jp", "yw.fi@keio.ac.jp").replace("chen@vnu.edu.vn", "mlc.acc@vnu.edu.vn"), size])));
    expect(coded.authors.map((a) => a.email)).toEqual(["yw.fi@keio.ac.jp", "min.park@snu.ac.kr", "mlc.acc@vnu.edu.vn"]);
  });

  it("gives a mailbox with a family name cut short to its owner, who is corresponding when a note says so", () => {
    const rows: Array<[string, number]> = [
      ["Assessing the Prevalence of Mycoplasma Contamination in Cell Culture", 16],
      ["Anthony O. Olarerin-George and John B. Hogenesch", 12],
      ["Department of Pharmacology, University of Pennsylvania, Philadelphia, PA", 10],
      ["To whom correspondence should be addressed. Email: hogenesc@mail.med.upenn.edu", 10],
      ["Abstract", 12],
      ["Mycoplasmas are notorious contaminants of cell culture and can have profound effects on host", 11],
      ["cell biology by depriving cells of nutrients and inducing global changes in gene expression.", 11],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => [a.lastName, a.email, a.isCorresponding])).toEqual([
      ["Olarerin-George", null, false],
      ["Hogenesch", "hogenesc@mail.med.upenn.edu", true],
    ]);
  });

  it("reads a list that wraps over rows, degrees on their own rows, 'et', and drops the citation line that repeats the names", () => {
    const rows: Array<[string, number]> = [
      ["Surgical Neurology 49:399-405", 9],
      ["The Significance of Retrograde Thrombosis in Elderly Patients", 16],
      ["Patrick W. Corrigan, Psy.D.", 11],
      ["Donna Kayton-Weinberg, MS, Michel Mpassi et Gérald", 11],
      ["Guillaumet", 11],
      ["Department of Neurosurgery, Kitasato University School of Medicine, Sagamihara, Japan", 10],
      ["Corrigan PW, Kayton-Weinberg D, Mpassi M, Guillaumet G. The significance of retrograde", 9],
      ["thrombosis in elderly patients. Surg Neurol 1998;49:399-405.", 9],
      ["Abstract", 12],
      ["Retrograde thrombosis of former feeding arteries should be considered as a distinct postoperative complication", 11],
      ["following surgery for arteriovenous malformation, and the patient's age bears on it in each of three cases.", 11],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => `${a.firstName} / ${a.lastName}`)).toEqual(["Patrick W. / Corrigan", "Donna / Kayton-Weinberg", "Michel / Mpassi", "Gérald / Guillaumet"]);
  });

  it("turns round a list printed family name first, and pairs addresses listed after their owners' names", () => {
    const rows: Array<[string, number]> = [
      ["Coexistence of circulating antigens and antibodies in chronic carriers", 16],
      ["Pancher Marie*, Ngo Yen, Thibault Vincent", 11],
      ["Pitié-Salpêtrière Hospital, Virology Department, Paris, France", 10],
      ["Email: Pancher Marie - marie.pancher@aphp.fr; Thibault Vincent - vt@aphp.fr", 10],
      ["Abstract", 12],
      ["The presence at the same time of the antigen and of its antibodies is an entity sometimes encountered in chronic", 11],
      ["carriers; this study was designed to characterise such profiles and the reliability of three assays in this setting.", 11],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => [a.firstName, a.lastName, a.email])).toEqual([
      ["Marie", "Pancher", "marie.pancher@aphp.fr"],
      ["Yen", "Ngo", null],
      ["Vincent", "Thibault", "vt@aphp.fr"],
    ]);
  });

  it("reads one author to a line, with degrees, post and a wrapping affiliation after the name", () => {
    const rows: Array<[string, number]> = [
      ["Title: Short-Term Debt and Bank Runs in Emerging Markets", 16],
      ["Amara N. Okafor, PhD, Associate Professor of Finance, Lagos Business School, Pan-Atlantic", 12],
      ["University, Lagos, Nigeria", 12],
      ["Lukas Brenner, MSc, Doctoral Student, Department of Banking and Finance, University of", 12],
      ["Zurich, Switzerland", 12],
      ["Corresponding author: Amara N. Okafor, a.okafor@example.ng", 12],
      ["Abstract", 12],
      ["We show that banks funded with short-term foreign debt face runs that local deposit insurance does not stop.", 10],
      ["The runs begin when the currency falls, and they end only when the central bank lends in dollars to the banks.", 10],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => [a.lastName, a.affiliation, a.country, a.email, a.isCorresponding])).toEqual([
      ["Okafor", "Lagos Business School, Pan-Atlantic University, Lagos", "Nigeria", "a.okafor@example.ng", true],
      ["Brenner", "Department of Banking and Finance, University of Zurich", "Switzerland", null, false],
    ]);
  });

  it("gives the block under a line of names to all of them, and reads the speaker of a collaboration", () => {
    const shared = readHeader(
      documentOf([
        ["A Server of Distributed Disk Pages", 16],
        ["Charles Falkenberg, Paul Hagger and Steve Kelley", 10],
        ["Institute for Advanced Computer Studies and", 10],
        ["The Department of Computer Science", 10],
        ["University of Maryland", 10],
        ["College Park, MD 20742 ABSTRACT", 10],
        ["As network latency drops below disk latency, access time to a remote disk will begin to approach local disk", 10],
        ["access time, and the performance of input and output may then be improved by spreading pages across servers.", 10],
      ]),
    );
    expect(shared.authors.map((a) => a.affiliation)).toEqual(Array(3).fill("Institute for Advanced Computer Studies, The Department of Computer Science, University of Maryland, College Park, MD 20742"));
    const speaker = readHeader(
      documentOf([
        ["Double Helicity Asymmetry of Inclusive Production in Polarized Collisions", 16],
        ["K. Aoki for the PHENIX Collaboration", 10],
        ["Department of Physics, Kyoto University, Kyoto, Japan", 9],
        ["Abstract. The proton spin structure is not understood yet and there has remained large uncertainty on the gluon", 9],
        ["spin contribution to the proton, which double helicity asymmetry in polarized collisions is used to constrain.", 9],
      ]),
    );
    expect(speaker.authors.map((a) => [a.firstName, a.lastName, a.affiliation, a.country])).toEqual([["K.", "Aoki", "Department of Physics, Kyoto University, Kyoto", "Japan"]]);
  });

  it("reads names after an 'Authors:' label, before an abstract's label, with letter markers, and never runs an address into a name", () => {
    const names = (rows: Array<[string, number]>) => readHeader(documentOf(rows)).authors.map((a) => `${a.firstName} ${a.lastName}`);
    const abstract: Array<[string, number]> = [
      ["We define counting classes closed under subtraction and show that they keep every other property the", 10],
      ["familiar classes have, which makes them the natural setting for the questions we study in this paper.", 10],
    ];
    expect(names([["Gap-Definable Counting Classes", 16], ["Authors: Leonardo Collado-Torres, Alyssa C. Frazee, Michael I. Love", 11], ["Abstract", 12], ...abstract])).toEqual(["Leonardo Collado-Torres", "Alyssa C. Frazee", "Michael I. Love"]);
    expect(names([["Gap-Definable Counting Classes", 16], ["Padhraic Smyth, David Heckerman, and Michael Jordan Abstract", 11], ...abstract])).toEqual(["Padhraic Smyth", "David Heckerman", "Michael Jordan"]);
    expect(names([["Gap-Definable Counting Classes", 16], ["Jean-Marc Bardet, Paul Doukhan ab, José Rafael León", 11], ["Abstract", 12], ...abstract])).toEqual(["Jean-Marc Bardet", "Paul Doukhan", "José Rafael León"]);
    expect(
      names([
        ["Gap-Definable Counting Classes", 16],
        ["Stephen A. Fenner", 11],
        ["Computer Science Department", 11],
        ["University of Southern Maine", 11],
        ["Portland, Maine 04103", 11],
        ["Lance J. Fortnow", 11],
        ["Department of Computer Science, University of Chicago", 11],
        ["Abstract", 12],
        ...abstract,
      ]),
    ).toEqual(["Stephen A. Fenner", "Lance J. Fortnow"]);
    // A postcode's line, a division's, are no names; a page number run into the names is no marker of theirs.
    expect(names([["Gap-Definable Counting Classes", 16], ["Owen McCusker", 11], ["Manufacturing Systems Integration Division", 11], ["Sonalysts, Inc.", 11], ["Waterford, CT 06385", 11], ["Abstract", 12], ...abstract])).toEqual(["Owen McCusker"]);
    expect(names([["Gap-Definable Counting Classes", 16], ["EVA PIP and G.G.C. ROBINSON 109", 11], ["Abstract", 12], ...abstract])).toEqual(["Eva Pip", "G.G.C. Robinson"]);
    // A street's line with its postcode; names in capitals joined by "ET".
    expect(names([["Gap-Definable Counting Classes", 16], ["Gérard Coudert", 11], ["30, Rue Lionnois, 54000 Nancy", 11], ["Abstract", 12], ...abstract])).toEqual(["Gérard Coudert"]);
    expect(names([["Gap-Definable Counting Classes", 16], ["MICHEL MPASSI ET GÉRALD GUILLAUMET", 11], ["Abstract", 12], ...abstract])).toEqual(["Michel Mpassi", "Gérald Guillaumet"]);
  });

  it("reads a corresponding author's note whose e-mail runs into the address, and cuts what a note runs into", () => {
    const rows: Array<[string, number]> = [
      ["Mechanisms downstream of reverse transcription in chronic infection", 18],
      ["Simon B. Larsson^*, Sebastian Malmström^1 and Magnus Lindh^1", 11],
      ["Abstract", 11],
      ["Background: Hepatitis B virus DNA in serum of chronically infected patients declines by three to four log units at", 10],
      ["the loss of the e antigen from serum, and the mechanisms behind this decline are still not well known to anyone.", 10],
      ["Keywords: HBV DNA, HBsAg, cccDNA", 10],
      ["* Correspondence: simon.b.larsson@gu.se", 9],
      ["Department of Infectious Diseases, University of Gothenburg, Gothenburg,", 9],
      ["Sweden", 9],
      ["Full list of author information is available at the end of the article", 9],
      ["^1 Institute of Biomedicine, Sahlgrenska Academy, Gothenburg, Sweden Received: 30 October 2015", 9],
    ];
    const authors = readHeader(documentOf(rows)).authors;
    expect(authors.map((a) => [a.lastName, a.email, a.affiliation])).toEqual([
      ["Larsson", "simon.b.larsson@gu.se", "Department of Infectious Diseases, University of Gothenburg, Gothenburg"],
      ["Malmström", null, "Institute of Biomedicine, Sahlgrenska Academy, Gothenburg"],
      ["Lindh", null, "Institute of Biomedicine, Sahlgrenska Academy, Gothenburg"],
    ]);
  });

  it("gives the corresponding author the address printed apart under names on one line, and takes a post and 'Permanent address:' off an affiliation", () => {
    const shared = readHeader(
      documentOf([
        ["Multipeak resonance behaviour tailored by magnetoelastic coupling in layered microwires", 18],
        ["Jacob Torrejón, Giovanni Badini and Manuel Vázquez", 10],
        ["Materials Science Institute of Madrid, CSIC. 28049 Madrid, Spain", 10],
        ["Correspondence should be addressed to Jacob Torrejón.", 10],
        ["Institute for Materials Science, CSIC. 28049 Madrid. Spain", 10],
        ["E-mail: jtorrejon@icmm.example.es", 10],
      ]),
    );
    expect(shared.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Torrejón", "Materials Science Institute of Madrid, CSIC. 28049 Madrid; Institute for Materials Science, CSIC. 28049 Madrid"],
      ["Badini", "Materials Science Institute of Madrid, CSIC. 28049 Madrid"],
      ["Vázquez", "Materials Science Institute of Madrid, CSIC. 28049 Madrid"],
    ]);
    const noted = readHeader(
      documentOf([
        ["Teaching Corporate Finance with Case Studies", 18],
        ["Helen Marsh^1 and Omar Haddad^2", 11],
        ["^1 Principal Lecturer, Manchester Metropolitan University, Manchester, UK", 9],
        ["^2 Permanent address: Institute of Limnology, Uppsala University, Uppsala, Sweden", 9],
      ]),
    );
    expect(noted.authors.map((a) => a.affiliation)).toEqual(["Manchester Metropolitan University, Manchester", "Institute of Limnology, Uppsala University, Uppsala"]);
  });

  it("keeps every name of a line the name model reads fewer people on and a name set smaller in a column of names, drops a post or an ORCID badge after a name, joins an address cut after a dot but not one that ends a sentence, and takes no laboratory for a person", () => {
    const twoOnALine = readHeader(
      documentOf([
        ["CTA telescopes as deep-space lasercom ground receivers", 18],
        ["José Manuel Sánchez-Pena, Ricardo Vergaz", 11],
        ["Electronic Technology Department, Carlos III University of Madrid", 10],
      ]),
    );
    expect(twoOnALine.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["José Manuel Sánchez-Pena", "Ricardo Vergaz"]);
    const column = readHeader(
      documentOf([
        ["Macronutrients, Food Groups, and Eating Patterns in the Management of Diabetes", 18],
        ["MADELYN L. WHEELER, MS^,RD^1", 10],
        ["STEPHANIE A. DUNBAR, MPH^,RD^2", 10],
        ["WAHIDA KARMALLY, DRPH, RD, CDE, CLS, FNLA 3", 9],
        ["ELIZABETH J. MAYER-DAVIS, MSPH^,PHD^4", 10],
      ]),
    );
    expect(column.authors.map((a) => a.lastName)).toEqual(["Wheeler", "Dunbar", "Karmally", "Mayer-Davis"]);
    // A post or an ORCID badge printed after a name is no part of it.
    const posts = documentOf([["Audrey L. Allison Director, Bruce A. Olcott and Thomas Burgoyne ID", 10]]);
    expect(namesOnLine(posts.lines[0]!, lowerCaseWords(posts.lines)).map((n) => n.name)).toEqual(["Audrey L. Allison", "Bruce A. Olcott", "Thomas Burgoyne"]);
    // A laboratory and its country, a slash after them, are no person.
    const lab = documentOf([["Elsevier Labs, USA /", 10]]);
    expect(namesOnLine(lab.lines[0]!, lowerCaseWords(lab.lines))).toEqual([]);
    const blocks = readHeader(
      documentOf([
        ["A Three-Way Perspective on Scientific Discourse Annotation", 18],
        ["Anita de Waard", 11],
        ["Elsevier Labs, USA /", 10],
        ["UiL-OTS, Universiteit Utrecht, NL", 10],
        ["a.dewaard@elsevier.com", 10],
        ["Paul Thompson", 11],
        ["University of Manchester, UK", 10],
        ["paul.thompson@manchester.", 10],
        ["ac.uk", 10],
      ]),
    );
    expect(blocks.authors.map((a) => [a.lastName, a.email])).toEqual([
      ["de Waard", "a.dewaard@elsevier.com"],
      ["Thompson", "paul.thompson@manchester.ac.uk"],
    ]);
    // An address that ends a sentence at a line's end is not joined to the next line's first word.
    const sentence = readHeader(
      documentOf([
        ["Liquidity Premia in Sovereign Bond Markets", 18],
        ["Jane Smith", 11],
        ["Department of Finance, University of Example", 10],
        ["Write to jane.smith@uni.example.edu.", 10],
        ["and the data are available from her on request.", 10],
      ]),
    );
    expect(sentence.authors[0]!.email).toBe("jane.smith@uni.example.edu");
  });

  it("never takes the mailboxes of a grouped address for words the text prints in lower case", () => {
    const rows: Array<[string, number]> = [
      ["Continuity-Discrimination Networks for Visual Object Tracking", 14],
      ["Hong Chang^† Shiguang Shan^†", 11],
      ["† Key Lab of Intelligent Information Processing, Chinese Academy of Sciences, Beijing, China", 10],
      ["{hong.chang, shiguang.shan}@vipl.example.cn", 10],
    ];
    const doc = documentOf(rows);
    expect(lowerCaseWords(doc.lines).has("chang")).toBe(false);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.email])).toEqual([
      ["Chang", "hong.chang@vipl.example.cn"],
      ["Shan", "shiguang.shan@vipl.example.cn"],
    ]);
  });

  it("reads a range of raised markers as every marker in it ('Kutalik¹⁰⁻¹²'), and finds names the labeller is sure of where they stand apart from the title", () => {
    const rows: Array<[string, number]> = [
      ["Across-cohort quality control of genome-wide association summary statistics", 16],
      ["Zoltán Kutalik^1^–^3, Ruth Loos^2", 11],
      ["^1 Department of Medical Genetics, University of Lausanne, Lausanne, Switzerland", 10],
      ["^2 Swiss Institute of Bioinformatics, Lausanne, Switzerland", 10],
      ["^3 Institute of Social and Preventive Medicine, Lausanne, Switzerland", 10],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => a.affiliation)).toEqual([
      "Department of Medical Genetics, University of Lausanne, Lausanne; Swiss Institute of Bioinformatics, Lausanne; Institute of Social and Preventive Medicine, Lausanne",
      "Swiss Institute of Bioinformatics, Lausanne",
    ]);
    // Names printed below the abstract: nothing between the title and the abstract is a name.
    const below = readHeader(
      documentOf([
        ["Liquidity Risk and the Cross-Section of Corporate Bond Returns", 16],
        ["Abstract", 10],
        ["We study how the liquidity of corporate bonds is priced. Bonds whose liquidity falls when the", 10],
        ["market falls earn a premium of two percent a year, which survives controls for credit risk,", 10],
        ["maturity and rating, and is larger in the years of the financial crisis than before it.", 10],
        ["Keywords: liquidity, corporate bonds, asset pricing", 10],
        ["Jens Dick-Nielsen^1, Peter Feldhütter^2", 11],
        ["^1 Copenhagen Business School, Frederiksberg, Denmark", 10],
        ["^2 London Business School, London, United Kingdom", 10],
      ]),
    );
    expect(below.abstract.value).toMatch(/^We study how .* before it\.$/);
    expect(below.authors.map((a) => [a.firstName, a.lastName, a.affiliation, a.country])).toEqual([
      ["Jens", "Dick-Nielsen", "Copenhagen Business School, Frederiksberg", "Denmark"],
      ["Peter", "Feldhütter", "London Business School, London", "United Kingdom"],
    ]);
  });

  it("reads no new author below a corresponding author's note nor in an institution's line between lines of names, and gives names sharing a line the block down to the next names", () => {
    const column = readHeader(
      documentOf([
        ["Parent Reports of Behavioral and Emotional Problems among Children in Kenya and Thailand", 18],
        ["John R. Weisz and Marian Sigman", 10],
        ["University of California, Los Angeles", 10],
        ["Bahr Weiss", 10],
        ["Vanderbilt University", 10],
        ["Julie Mosk", 10],
        ["University of California, Los Angeles", 10],
      ]),
    );
    expect(column.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual([
      ["John R. Weisz", "University of California, Los Angeles"],
      ["Marian Sigman", "University of California, Los Angeles"],
      ["Bahr Weiss", "Vanderbilt University"],
      ["Julie Mosk", "University of California, Los Angeles"],
    ]);
    const address = readHeader(
      documentOf([
        ["Fndc3a influences median fin fold development and caudal fin regeneration in zebrafish", 16],
        ["Daniel Liedtke^1^,^*, Melanie Orth^1", 11],
        ["^1 Institute of Human Genetics, University of Würzburg, Würzburg, Germany", 10],
        ["^* Corresponding author: Daniel Liedtke", 10],
        ["Biozentrum Am Hubland", 10],
        ["Sanderring Platz", 10],
        ["D-97074 Würzburg", 10],
      ]),
    );
    expect(address.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Daniel Liedtke", "Melanie Orth"]);
  });

  it("reads the last name of a cover's column of names that the labeller doubts, where the copyright line and the title page list it with the names above it", () => {
    const at = (page: number, y: number, text: string) => lineAt(page, page === 1 ? 306 - text.length * 2.7 : 72, y, 12, text);
    const cover = [
      at(1, 82, "WORKING PAPER SERIES"),
      at(1, 182, "LEVERAGE CYCLES:"),
      at(1, 196, "HOUSEHOLD DEBT AND THE PRICE OF HOUSING"),
      at(1, 224, "Teresa M. Okonkwo"),
      at(1, 238, "Ilja Vranken"),
      at(1, 252, "Camila Ferreyra"),
      at(1, 280, "Working Paper 31877"),
      at(1, 294, "http://www.example.org/papers/w31877"),
      at(1, 336, "BUREAU OF ECONOMIC STUDIES"),
      at(1, 350, "1050 Harbour Avenue"),
      at(1, 364, "Cambridge, MA 02138"),
      at(1, 378, "August 2025"),
      at(1, 704, "© 2025 by Teresa M. Okonkwo, Ilja Vranken, and Camila Ferreyra. All rights reserved. Short"),
      at(1, 718, "sections of text, not to exceed two paragraphs, may be quoted without explicit permission."),
      at(2, 262, "Leverage Cycles: Household Debt and the Price of Housing"),
      at(2, 276, "Teresa M. Okonkwo, Ilja Vranken, and Camila Ferreyra"),
      at(2, 290, "Working Paper No. 31877"),
      lineAt(2, 273, 346, 12, "ABSTRACT"),
      at(2, 374, "We study how household leverage moves house prices over the credit cycle, using loan-level data"),
      at(2, 388, "from three countries. Prices rise more where credit limits loosen most, and fall further after."),
    ];
    const doc = documentOfLines(cover);
    // A labeller that doubts every line set lower than the second name's: the third name's (a cover's
    // labeller read its third name as the title's) and the title page's list of all three.
    const byHeight = linearLabeller(doc, [0, 310, 0, 0, 0, 0, 0], (l, j) => (l === "author" && j === 8 ? -1000 : 0));
    const read = readHeader(doc, [byHeight]);
    expect(read.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Teresa M. Okonkwo", "Ilja Vranken", "Camila Ferreyra"]);
    // (A line printed under the names and named after them only as something else is not listed with them: "…, Harbour Press, 2025".)
    const press = cover.filter((l) => l.page === 1 && l.y <= 378).map((l) => (l.text === "Camila Ferreyra" ? { ...l, text: "Harbour Press", spans: [{ ...l.spans[0]!, text: "Harbour Press" }] } : l));
    const cited = [...press, at(1, 704, "Suggested citation: Teresa M. Okonkwo and Ilja Vranken, Harbour Press, 2025."), ...cover.filter((l) => l.page === 2).map((l) => (l.y === 276 ? { ...l, text: "Teresa M. Okonkwo and Ilja Vranken", spans: [{ ...l.spans[0]!, text: "Teresa M. Okonkwo and Ilja Vranken" }] } : l))];
    expect(readHeader(documentOfLines(cited), [byHeight]).authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Teresa M. Okonkwo", "Ilja Vranken"]);
  });

  it("gives the authors the places a series' cover keys to their names, never the series' own address printed there", () => {
    const cover = [
      lineAt(1, 62, 117, 17.6, "Bank of Ruritania"),
      lineAt(1, 313, 117, 17.6, "Research Department"),
      lineAt(1, 120, 220, 20, "Household Leverage and the Housing Cycle"),
      lineAt(1, 141, 318, 13, "Marta Olive and Tomas Brel"),
      lineAt(1, 87, 512, 11, "Marta Olive – Research Department, Bank of Ruritania. Email: m.olive@example.org"),
      lineAt(1, 87, 527, 11, "Tomas Brel – Monetary Department, Bank of Ruritania. Email: t.brel@example.org"),
      lineAt(1, 90, 725, 13, "Research Department, Bank of Ruritania. POB 780, 91007 Ostrava"),
    ];
    const titlePage = [
      lineAt(2, 96, 85, 14, "Household Leverage and the Housing Cycle"),
      lineAt(2, 150, 110, 12, "Marta Olive and Tomas Brel"),
      lineAt(2, 260, 150, 12, "Abstract"),
      ...[
        "We study how household leverage moves house prices over the credit cycle, using loan-level data",
        "from three regions. Prices rise more where credit limits loosen most, and fall further after the",
        "limits tighten again. A model with collateral constraints matches the size of both movements and",
        "says that a cap on loan-to-value ratios would have halved the fall. The effect is larger where the",
        "share of first-time buyers is high, as the model predicts, and it does not depend on the rate.",
      ].map((t, i) => lineAt(2, 72, 170 + i * 14, 11, t, 468)),
    ];
    const read = readHeader(documentOfLines([...cover, ...titlePage]));
    expect(read.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Olive", "Research Department, Bank of Ruritania"],
      ["Brel", "Monetary Department, Bank of Ruritania"],
    ]);
  });

  it("parts two notes printed on one line where the second begins with a doubled symbol, without a comma before it, and knows a state's country", () => {
    const header = readHeader(
      documentOf([
        ["The Demand for Public Schools After the Pandemic", 16],
        ["Tarja Okafor *", 12],
        ["Kevin Strand *", 12],
        ["Andrea Bauer-Hicks **", 12],
        ["Joan Goodwin **", 12],
        ["* University of Michigan ** Boston University", 12],
        ["Abstract", 12],
        ["We study how enrolment in public schools moved during the pandemic, with student-level records from one state", 11],
        ["and national survey data, and find that most of the students who left went to home schooling, not to private schools.", 11],
      ]),
    );
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Okafor", "University of Michigan"],
      ["Strand", "University of Michigan"],
      ["Bauer-Hicks", "Boston University"],
      ["Goodwin", "Boston University"],
    ]);
    // (Each in the United States: Boston is a city of it, Michigan a state.)
    expect(header.authors.map((a) => a.country)).toEqual(Array(4).fill("United States"));
  });

  it("never takes an organisation printed under an author for a second author: it is that author's affiliation", () => {
    const doc = documentOf([
      ["Publication Bias in Anomaly Returns", 17],
      ["Andrew Y. Okafor", 12],
      ["Federal Reserve Board", 12],
      ["December 2024", 11],
      ["Abstract", 11],
      ["We measure how much of the average anomaly return published in finance journals reflects the selection of", 11],
      ["significant results, using the distribution of t-statistics across hundreds of published and unpublished", 11],
      ["predictors, and find that the bias is small relative to the returns the literature reports for them.", 11],
    ]);
    const [author, ...others] = readHeader(doc).authors;
    expect(others).toEqual([]);
    // It is where the author is.
    expect([author?.firstName, author?.lastName, author?.affiliation]).toEqual(["Andrew Y.", "Okafor", "Federal Reserve Board"]);
    // (Nor an office or a bureau, "Congressional Budget Office": printed under a line of two names, it is both
    // authors' place, and the series' notice below is no one's.)
    const office = readHeader(
      documentOf([
        ["The Effect of Government Debt on Interest Rates", 17],
        ["Edwin Gambrel and Joan Selinski", 12],
        ["Congressional Budget Office", 12],
        ["Working Paper 2019-01", 11],
        ["To enhance the transparency of the work of the Congressional Budget Office and to encourage external", 10],
        ["review of that work, the working paper series includes papers that provide technical descriptions of", 10],
        ["Abstract", 11],
        ["We estimate how much interest rates rise with federal debt held by the public, across the studies of the effect", 11],
        ["and in a model of the economy, and find that each percentage point of debt raises the ten-year rate a little.", 11],
      ]),
    ).authors;
    expect(office.map((a) => [a.lastName, a.affiliation])).toEqual([["Gambrel", "Congressional Budget Office"], ["Selinski", "Congressional Budget Office"]]);
  });
  it("reads a list in capitals whole, a given name the model doubts included, and places printed in the names' order, each its own", () => {
    const header = readHeader(
      documentOf([
        ["Is There a Replication Crisis in Finance?", 14],
        ["THEIS INGERSLEV JENSEN,^* BRYAN KELLY, and LASSE HEJE PEDERSEN", 9],
        ["ABSTRACT", 9],
        ["Several papers argue that financial economics faces a replication crisis because the majority of studies", 8],
        ["cannot be replicated or are the result of multiple testing of too many factors. We develop a model.", 8],
        ["Theis Ingerslev Jensen is at Copenhagen Business School. Bryan Kelly is at Yale School of", 8],
        ["Management, AQR Capital Management, and NBER. Lasse Heje Pedersen is at AQR Capital", 8],
        ["Management, Copenhagen Business School, and CEPR. We are grateful for helpful comments from Nick Barber.", 8],
      ]),
    );
    expect(header.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Theis Ingerslev", "Jensen", "Copenhagen Business School"],
      ["Bryan", "Kelly", "Yale School of Management, AQR Capital Management, and NBER"],
      ["Lasse Heje", "Pedersen", "AQR Capital Management, Copenhagen Business School, and CEPR"],
    ]);
    const inOrder = readHeader(
      documentOf([
        ["A MODEL FOR A LARGE INVESTOR TRADING AT MARKET INDIFFERENCE PRICES", 11],
        ["BY PETRA BANKOWSKA AND DMITRI KRAMER", 8.8],
        ["Technische Universität Berlin and Carnegie Mellon University", 11],
        ["We develop from basic economic principles a continuous-time model for a large investor who trades with", 9],
        ["a finite number of market makers at their utility indifference prices, and study its continuous limit.", 9],
      ]),
    );
    expect(inOrder.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Bankowska", "Technische Universität Berlin"],
      ["Kramer", "Carnegie Mellon University"],
    ]);
    // One author's place and an association are no list in order: both are everyone's.
    const shared = readHeader(
      documentOf([
        ["Dealer capital and the price of liquidity", 16],
        ["Petra Bankowska and Dmitri Kramer", 12],
        ["Columbia University and NBER", 11],
        ["Abstract", 11],
        ["When dealers hold less capital, the bonds they trade become more expensive to buy and sell, and the", 10],
        ["effect is largest for the least liquid bonds. We measure it across ten years of transaction data.", 10],
      ]),
    );
    expect(shared.authors.map((a) => a.affiliation)).toEqual(["Columbia University and NBER", "Columbia University and NBER"]);
    // Nor a department and its university, one place under both names.
    const unit = readHeader(
      documentOf([
        ["Dealer capital and the price of liquidity", 16],
        ["Petra Bankowska and Dmitri Kramer", 12],
        ["Department of Economics, University of Chicago", 11],
        ["Abstract", 11],
        ["When dealers hold less capital, the bonds they trade become more expensive to buy and sell, and the", 10],
        ["effect is largest for the least liquid bonds. We measure it across ten years of transaction data.", 10],
      ]),
    );
    expect(unit.authors.map((a) => a.affiliation)).toEqual(["Department of Economics, University of Chicago", "Department of Economics, University of Chicago"]);
  });
  it("reads a name with its generation as a name alone, the generation kept with the family name, and leaves a contact's label out of the place", () => {
    const header = readHeader(
      documentOf([
        ["Nowcasting U.S. Headline and Core Inflation", 12],
        ["Edward S. Knotek II and Saeed Zaman", 11],
        ["Primary Contact: Federal Reserve Bank of Cleveland, East 6th Street, Cleveland, OH 44114", 9],
        ["Abstract", 11],
        ["Forecasting future inflation and nowcasting contemporaneous inflation are difficult, and we compare", 10],
        ["several models' nowcasts of headline and core inflation with those of professional forecasters.", 10],
      ]),
    );
    expect(header.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Edward S.", "Knotek II", "Federal Reserve Bank of Cleveland, East 6th Street, Cleveland, OH 44114"],
      ["Saeed", "Zaman", "Federal Reserve Bank of Cleveland, East 6th Street, Cleveland, OH 44114"],
    ]);
  });

  it("ends a name's block at a wide gap: a series' own address printed far below the last author's place is not theirs", () => {
    const doc = documentOfLines([
      lineAt(1, 105, 206, 20, "DISCUSSION PAPER SERIES"),
      lineAt(1, 105, 384, 20, "Immigrant Key Workers in the Pandemic"),
      lineAt(1, 105, 487, 12, "Ada Moss"),
      lineAt(1, 105, 499, 10, "Harbour University, CEPR and IZA"),
      lineAt(1, 105, 518, 12, "Ken Tanaka"),
      lineAt(1, 105, 530, 10, "University of Eastbury"),
      lineAt(1, 105, 592, 12, "MARCH 2024"),
      lineAt(1, 105, 657, 8, "Any opinions expressed in this paper are those of the author(s) and not those of the institute."),
      lineAt(1, 105, 673, 8, "Guiding Principles of Research Integrity."),
      lineAt(1, 240, 774, 8, "Norland Institute of Labor Economics"),
      lineAt(1, 105, 787, 8, "Schaumburg-Lippe-Straße 5–9"),
      lineAt(1, 105, 795, 8, "53113 Bonn, Germany"),
      lineAt(1, 256, 803, 8, "Email: publications@example.org"),
      lineAt(2, 105, 132, 20, "ABSTRACT"),
      lineAt(2, 105, 245, 10, "This paper studies the experience of migrant key workers in the labour markets of many countries during the pandemic."),
      lineAt(2, 105, 261, 10, "We document their over-representation in key occupations and the harsher fate they endured than native workers."),
      lineAt(2, 105, 300, 10, "1 Introduction"),
    ]);
    const read = readHeader(doc);
    expect(read.authors.map((a) => [a.lastName, a.affiliation, a.email])).toEqual([
      ["Moss", "Harbour University, CEPR and IZA", null],
      ["Tanaka", "University of Eastbury", null],
    ]);
  });

  it("gives each author the e-mail their own sentence of the note ends with, though the address spells no name", () => {
    const read = readHeader(
      documentOf([
        ["How Global is Predictability?", 17],
        ["Ada Moss, Pilar Ruiz and Ken Tanaka", 12],
        ["Abstract", 10],
        ["We study whether what predicts returns in one market predicts them in the others, and find that it mostly does.", 10],
        ["A model trained on every market at once predicts each of them better than one trained on that market alone.", 10],
        ["*Moss is at Harbour Business School, amo.fi@example.dk. Ruiz is at AQR Capital Management, Harbour Business", 9],
        ["School, and CEPR; pru.fi@example.dk, www.example.com. Tanaka is at Harbour Business School, kta.fi@example.dk.", 9],
        ["We are grateful for helpful comments from Tom Price.", 9],
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.email, a.affiliation])).toEqual([
      ["Moss", "amo.fi@example.dk", "Harbour Business School"],
      ["Ruiz", "pru.fi@example.dk", "AQR Capital Management, Harbour Business School, and CEPR"],
      ["Tanaka", "kta.fi@example.dk", "Harbour Business School"],
    ]);
    // (Not where the sentence's place names another author too.)
    const shared = readHeader(
      documentOf([
        ["How Global is Predictability?", 17],
        ["Ada Moss and Pilar Ruiz", 12],
        ["Abstract", 10],
        ["We study whether what predicts returns in one market predicts them in the others, and find that it mostly does.", 10],
        ["A model trained on every market at once predicts each of them better than one trained on that market alone.", 10],
        ["*Moss is at Harbour Business School, and Ruiz at Eastbury College; pru.fi@example.dk. We thank Tom Price.", 9],
      ]),
    );
    expect(shared.authors.map((a) => a.lastName)).toEqual(["Moss", "Ruiz"]);
    expect(shared.authors[0]!.email).not.toBe("pru.fi@example.dk");
  });

  it("ends a note's place where a line starts past where the note's text ends, as the page's furniture does", () => {
    const doc = documentOfLines([
      lineAt(1, 51, 102, 13, "Weak labels and the sentiment of financial news"),
      lineOfSpans(1, 145, [[51, "Ada Moss", 10], [92, "1", 7, "Times", true], [96, " · Karl Lind", 10], [150, "2", 7, "Times", true]]),
      lineAt(1, 51, 212, 10, "Abstract"),
      lineAt(1, 51, 224, 10, "This paper combines weak labels from news headlines with a model of named entities to label"),
      lineAt(1, 51, 236, 10, "the sentiment of each firm's news, and finds that labels so made agree with readers more often."),
      lineAt(1, 51, 441, 11, "1 Introduction"),
      lineOfSpans(1, 592, [[51, "1", 5.6, "Times", true], [65, "Department of Statistics, Harbour University, Harbour, Sweden", 8]]),
      lineOfSpans(1, 606, [[51, "2", 5.6, "Times", true], [65, "Department of Economics, Harbour University, Harbour, Sweden", 8]]),
      lineAt(1, 324, 632, 8, "Vol.:(0123456789)"),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual([
      ["Moss", "Department of Statistics, Harbour University, Harbour", "Sweden"],
      ["Lind", "Department of Economics, Harbour University, Harbour", "Sweden"],
    ]);
    // (After a marker printed alone on its line, the note's text starts to its right.)
    const alone = documentOfLines([
      lineAt(1, 38, 120, 14, "Estimating models of the business cycle with higher moments"),
      lineOfSpans(1, 160, [[38, "Ada Moss", 10], [80, "∗", 7, "Times", true]]),
      lineAt(1, 38, 220, 9, "Abstract"),
      lineAt(1, 38, 232, 8, "We estimate a model of the business cycle from the moments of its data up to the fourth and find"),
      lineAt(1, 38, 242, 8, "that the higher moments identify the parameters that the first two leave open, in every sample."),
      lineAt(1, 38, 400, 9, "1. Introduction"),
      lineAt(1, 44, 675, 6.9, "∗"),
      lineAt(1, 51, 678, 7.2, "Corresponding author."),
      lineAt(1, 50, 688, 7.2, "E-mail address: ada.moss@example.org (A. Moss)."),
    ]);
    expect(readHeader(alone).authors.map((a) => [a.lastName, a.email, a.isCorresponding])).toEqual([["Moss", "ada.moss@example.org", true]]);
    // (Nor where a justified note's row is cut at its wide spaces: the row's rest is on the note's baseline.)
    const justified = documentOfLines([
      ...alone.lines.slice(0, 6),
      lineOfSpans(1, 636, [[111, "∗", 7, "Times", true], [124, "University of Harbour,", 10]]),
      lineAt(1, 273, 636, 10, "Harbour,"),
      lineAt(1, 328, 636, 10, "United Kingdom."),
    ]);
    expect(readHeader(justified).authors.map((a) => [a.lastName, a.affiliation])).toEqual([["Moss", "University of Harbour, Harbour"]]);
  });

  it("marks as corresponding the author a note under an asterisk names with their address alone, not one that says where they are", () => {
    const page = (note: string) =>
      documentOfLines([
        lineAt(1, 51, 102, 13, "Weak labels and the sentiment of financial news"),
        lineOfSpans(1, 145, [[51, "Ada Moss", 10], [92, "1", 7, "Times", true], [96, " · Karl Lind", 10], [150, "1", 7, "Times", true]]),
        lineAt(1, 51, 212, 10, "Abstract"),
        lineAt(1, 51, 224, 10, "This paper combines weak labels from news headlines with a model of named entities to label"),
        lineAt(1, 51, 236, 10, "the sentiment of each firm's news, and finds that labels so made agree with readers more often."),
        lineAt(1, 51, 441, 11, "1 Introduction"),
        lineAt(1, 50, 563, 8, `* ${note}`),
        lineAt(1, 65, 573, 8, "karl.lind@example.se"),
        lineOfSpans(1, 592, [[51, "1", 5.6, "Times", true], [65, "Department of Statistics, Harbour University, Harbour, Sweden", 8]]),
      ]);
    expect(readHeader(page("Karl Lind")).authors.map((a) => [a.lastName, a.isCorresponding])).toEqual([
      ["Moss", false],
      ["Lind", true],
    ]);
    expect(readHeader(page("Karl Lind is with the Harbour Institute and thanks Ada Moss for her comments.")).authors.map((a) => a.isCorresponding)).toEqual([false, false]);
    // (Nor a note with a place beside the address, one of a note to each author, nor a contact note that lists both.)
    expect(readHeader(page("Karl Lind, Harbour University, karl.lind@example.se")).authors.map((a) => a.isCorresponding)).toEqual([false, false]);
    expect(readHeader(page("Karl Lind (karl.lind@example.se), Ada Moss (ada.moss@example.se)")).authors.map((a) => a.isCorresponding)).toEqual([false, false]);
  });

  it("gives a name on a series' cover the place the title page prints under it again", () => {
    const doc = documentOfLines([
      lineAt(1, 519, 162, 8, "ISSN 1725-3187"),
      lineAt(1, 351, 204, 18, "Fellowship initiative"),
      lineAt(1, 351, 226, 18, "The future of the union"),
      lineAt(1, 123, 292, 50, "HARBOUR"),
      lineAt(1, 137, 332, 50, "ECONOMY"),
      lineAt(1, 276, 381, 16, "Economic Papers 491 | April 2013"),
      lineAt(1, 276, 429, 24, "Design failures of a monetary union"),
      lineAt(1, 276, 476, 16, "Ada Moss"),
      lineAt(2, 71, 95, 11, "Economic Papers are written by the staff of the Directorate or by experts working with them."),
      lineAt(2, 71, 145, 11, "Comments and enquiries should be addressed to:"),
      lineAt(2, 71, 171, 11, "Harbour Commission"),
      lineAt(2, 71, 208, 11, "B-1049 Harbour"),
      lineAt(2, 71, 234, 11, "E-mail: dg-info@example.org"),
      lineAt(3, 71, 85, 14, "Harbour Commission"),
      lineAt(3, 71, 107, 14, "Directorate-General for Economic and Financial Affairs"),
      lineAt(3, 71, 226, 22, "Design failures of a monetary union"),
      lineAt(3, 71, 292, 16, "Ada Moss"),
      lineAt(3, 71, 326, 12, "Harbour School of Economics"),
      lineAt(3, 71, 394, 12, "Abstract"),
      lineAt(3, 71, 424, 12, "I analyse the failures in the design of a monetary union: booms and busts went on at the level"),
      lineAt(3, 71, 438, 12, "of its members, whose stabilisers the union took away without replacing them at its own level."),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation, a.email])).toEqual([["Moss", "Harbour School of Economics", null]]);
    // (Read whole, as where the title page behind a series' cover gave no author on its own: the cover's name comes first.)
    expect(readHeader(doc, undefined, { coverRead: true }).authors.map((a) => [a.lastName, a.affiliation, a.email])).toEqual([["Moss", "Harbour School of Economics", null]]);
  });

  it("gives no author an office's mailbox that names its office first, nor a biography's posts held before as a place", () => {
    const doc = documentOfLines([
      lineAt(1, 100, 152, 16, "Settlement hubs for regional payments"),
      lineOfSpans(1, 217, [[263, "Ada Moss", 12], [305, "1", 7.9, "Times", true]]),
      lineAt(1, 72, 270, 12, "Abstract: Central banks face rising costs of supervising banking groups that operate across"),
      lineAt(1, 72, 284, 12, "borders. We set out a settlement hub shared by the central banks of a region and its rules."),
      lineAt(1, 72, 298, 12, "Comments and enquiries should be addressed to the series' office: series-info@example.org."),
      lineOfSpans(1, 637, [[72, "1", 6.5, "Times", true], [78, "Author Note: Ada Moss, Ph.D., is a former consultant for the Harbour Secretariat, where she led", 10]]),
      lineAt(1, 72, 649, 10, "its work on payments. She has represented the region on the boards of the Harbour Development Bank."),
    ]);
    const [author] = readHeader(doc).authors;
    expect([author!.lastName, author!.email, author!.affiliation]).toEqual(["Moss", null, null]);
  });

  it("leaves a sole author every place printed under the name where their own note gives one of them again", () => {
    const doc = documentOfLines([
      lineAt(1, 43, 178, 13.4, "International Trade Without CES: Estimating Translog Gravity"),
      { ...lineAt(1, 43, 201, 10.6, "Ada Moss"), spans: [{ text: "Ada Moss", x: 43, y: 201, width: 45, size: 10.6, font: "Times", sup: false }, { text: "*", x: 89, y: 197, width: 3, size: 6, font: "Times", sup: true }] },
      lineAt(1, 43, 215, 6.4, "Harbour University, Department of Economics, Eastbury CV4 7AL, United Kingdom"),
      lineAt(1, 43, 224, 6.4, "Centre for Economic Policy Research (CEPR), United Kingdom"),
      lineAt(1, 43, 233, 6.4, "Centre for Economic Performance (CEP), United Kingdom"),
      lineAt(1, 43, 274, 9, "Abstract"),
      lineAt(1, 43, 294, 7.2, "This paper derives a gravity equation from a translog demand system that allows for flexible substitution patterns across goods."),
      lineAt(1, 43, 303, 7.2, "Trade is more sensitive to trade costs where the exporter provides a small share of the destination's imports."),
      lineAt(1, 43, 477, 8, "1. Introduction"),
      { ...lineAt(1, 43, 700, 6.4, "* Harbour University, Department of Economics, Eastbury CV4 7AL, United Kingdom. E-mail address: a.moss@example.ac.uk."), spans: [{ text: "*", x: 43, y: 697, width: 3, size: 4, font: "Times", sup: true }, { text: " Harbour University, Department of Economics, Eastbury CV4 7AL, United Kingdom. E-mail address: a.moss@example.ac.uk.", x: 47, y: 700, width: 300, size: 6.4, font: "Times", sup: false }] },
    ]);
    const read = readHeader(doc);
    expect(read.authors.map((a) => [a.lastName, a.affiliation, a.email])).toEqual([
      ["Moss", "Harbour University, Department of Economics, Eastbury CV4 7AL; Centre for Economic Policy Research (CEPR); Centre for Economic Performance (CEP)", "a.moss@example.ac.uk"],
    ]);
  });

  it("reads an author's entry set as sentences, full stops between its name, post, e-mail and place, the place going on below", () => {
    const read = readHeader(
      documentOfLines([
        lineAt(1, 113, 107, 14, "It has been easy to beat the index in the last twenty years. Some examples"),
        lineAt(1, 120, 129, 10, "Ada Moss. Professor of Corporate Finance. e-mail: amoss@example.edu Harbour Business School."),
        lineAt(1, 175, 140, 10, "University of Harbour. Camino del Puerto 3. 28023 Harbour. Spain."),
        lineAt(1, 125, 163, 10, "Karl Lind Ruiz. Industrial Engineering. Eastbury College. University of Harbour. Eastbury. Spain ."),
        lineAt(1, 240, 175, 10, "e-mail: k.lind@example.es"),
        lineAt(1, 364, 198, 10, "First version: May 23, 2018. June 16, 2018"),
        lineAt(1, 85, 220, 10, "We document that indexes weighting their stocks equally have done better than those weighted by size, for"),
        lineAt(1, 85, 232, 10, "every size of firm and every decade since the indexes were first computed, and that it was easy to see."),
      ]),
    );
    expect(read.authors.map((a) => [a.firstName, a.lastName, a.email, a.affiliation, a.country])).toEqual([
      ["Ada", "Moss", "amoss@example.edu", "Harbour Business School, University of Harbour, Camino del Puerto 3, 28023 Harbour", "Spain"],
      ["Karl", "Lind Ruiz", "k.lind@example.es", "Industrial Engineering, Eastbury College, University of Harbour, Eastbury", "Spain"],
    ]);
  });

  it("marks the author a labelled note at the page's foot names, no marker keying it, corresponding and gives them its address", () => {
    const rows = (foot: string) =>
      documentOfLines([
        lineAt(1, 51, 132, 17, "When Careers Stall: Temporary Work and the Timing of Births"),
        lineAt(1, 144, 193, 11, "Ada Moss and Karl Lind"),
        lineAt(1, 72, 219, 10, "Department of Economics, Harbour University, Norway"),
        lineAt(1, 283, 297, 12, "Abstract"),
        lineAt(1, 85, 312, 10, "We study how temporary contracts change when women have children, using a reform that made such contracts"),
        lineAt(1, 85, 325, 10, "easier to offer, and find that women hired under it have fewer children and have them later in life."),
        lineAt(1, 94, 632, 8, foot),
      ]);
    const read = readHeader(rows("Corresponding author: Ada Moss. Email: am77@example.no."));
    expect(read.authors.map((a) => [a.lastName, a.email, a.isCorresponding])).toEqual([
      ["Moss", "am77@example.no", true],
      ["Lind", null, false],
    ]);
    // (Not a note that only speaks of correspondence in passing.)
    const passing = readHeader(rows("We thank the corresponding author of an earlier study, Ruth Okafor, for her data."));
    expect(passing.authors.map((a) => [a.lastName, a.isCorresponding])).toEqual([
      ["Moss", false],
      ["Lind", false],
    ]);
  });

  it("gives no country from an e-mail's domain to an author whom no place is printed for", () => {
    const read = readHeader(
      documentOf([
        ["Capital Buffers and the Lending of Small Banks", 17],
        ["Ada Moss and Karl Lind", 12],
        ["Abstract", 12],
        ["We estimate how the buffers banks hold above their requirements change their lending to small firms, and find", 10],
        ["that lending falls where buffers are thin, most in the quarters after a loss on the banks' own loans.", 10],
        ["ada.moss@example.no, karl.lind@example.no", 10],
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.email, a.country ?? null])).toEqual([
      ["Moss", "ada.moss@example.no", null],
      ["Lind", "karl.lind@example.no", null],
    ]);
  });

  it("gives names on a byline no place from a note's sentence under the text that names universities, nor from the text below the first heading", () => {
    const page = documentOfLines([
      lineAt(1, 73, 104, 9, "IDENTIFICATION OF TREATMENT EFFECTS AT A THRESHOLD"),
      lineAt(1, 88, 138, 6.7, "BY ADA MOSS, KARL LIND, AND RUTH OKAFOR1"),
      lineAt(1, 186, 168, 6.5, "1. INTRODUCTION"),
      ...Array.from({ length: 8 }, (_, k) => lineAt(1, 46, 185 + k * 11, 6.8, `Where a rule assigns a treatment at a threshold of a score, its effect is found near it (case ${k + 1}).`)),
      lineAt(1, 56, 514, 7.1, "I We would like to thank Lena Berg, Omar Haddad and Tom Reyes for helpful comments. The paper has also"),
      lineAt(1, 46, 524, 6, "benefited from comments received at the 1997 Harbour Econometrics Group conference, the"),
      lineAt(1, 46, 534, 6, "1998 Eastbury meetings, the University of Harbour, the University of Eastbury, the joint Harbour/Eastbury"),
      lineAt(1, 46, 544, 6, "econometrics workshop, and the labor conference. Lind thanks the Harbour Centre of Applied Economics."),
    ]);
    expect(readHeader(page).authors.map((a) => [a.lastName, a.affiliation ?? ""])).toEqual([
      ["Moss", ""],
      ["Lind", ""],
      ["Okafor", ""],
    ]);
  });

  it("reads entries set as sentences whatever their e-mail's label, an abbreviation's full stop kept inside its part", () => {
    const entry = (first: string) =>
      readHeader(
        documentOfLines([
          lineAt(1, 113, 107, 14, "It has been easy to beat the index in the last twenty years. Some examples"),
          lineAt(1, 120, 129, 10, first),
          lineAt(1, 85, 220, 10, "We document that indexes weighting their stocks equally have done better than those weighted by size, for"),
          lineAt(1, 85, 232, 10, "every size of firm and every decade since the indexes were first computed, and that it was easy to see."),
        ]),
      ).authors.map((a) => [a.lastName, a.email, a.affiliation]);
    expect(entry("Ada Moss. Professor of Finance. E-mail address: amoss@example.es. Harbour Business School. Spain.")).toEqual([["Moss", "amoss@example.es", "Harbour Business School"]]);
    expect(entry("Ada Moss. Professor of Finance. amoss@example.es. Harbour Business School. Spain.")).toEqual([["Moss", "amoss@example.es", "Harbour Business School"]]);
    expect(entry("Ada Moss. Dept. of Economics. Harbour Business School. e-mail: amoss@example.es")).toEqual([["Moss", "amoss@example.es", "Dept. of Economics, Harbour Business School"]]);
  });

  it("reads two names set apart on one row, each with its place in brackets, and a name one goes by in brackets as part of a name", () => {
    const page = (names: string) =>
      documentOfLines([
        lineAt(1, 72, 100, 16, "Dealer Capital and the Spreads of Corporate Bonds"),
        lineAt(1, 72, 130, 11, names),
        lineAt(1, 72, 190, 11, "Abstract"),
        lineAt(1, 72, 206, 10, "We measure what dealers earn from the bonds they hold and how their capital limits the spreads of bonds."),
      ]);
    expect(readHeader(page("Ada Moss (Harbour University)   Karl Lind (Eastbury College)")).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Moss", "Harbour University"],
      ["Lind", "Eastbury College"],
    ]);
  });

  it("gives names on a byline the unit under them that is named after a section's word, the first heading below it", () => {
    const read = readHeader(
      documentOfLines([
        lineAt(1, 73, 104, 9, "IDENTIFICATION OF TREATMENT EFFECTS AT A THRESHOLD"),
        lineAt(1, 88, 138, 6.7, "BY ADA MOSS AND KARL LIND"),
        lineAt(1, 100, 150, 6.5, "Data Science Institute, Harbour University"),
        lineAt(1, 186, 168, 6.5, "1. INTRODUCTION"),
        ...Array.from({ length: 8 }, (_, k) => lineAt(1, 46, 185 + k * 11, 6.8, `Where a rule assigns a treatment at a threshold of a score, its effect is found near it (case ${k + 1}).`)),
      ]),
    );
    expect(read.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Moss", "Data Science Institute, Harbour University"],
      ["Lind", "Data Science Institute, Harbour University"],
    ]);
  });

  it("ends a centred list of names before a sentence that names some of them again", () => {
    const doc = documentOf([
      ["IMF Working Paper", 12],
      ["Harbour Department", 12],
      ["Will the Harbour Persist? Prognosis from Six Earlier", 12],
      ["Crises", 12],
      ["Prepared by Ana Moss, Karl Lind, Tomás Ferreira,", 12],
      ["Omar Haddad, Jonathan D. Berg, Pietro Rossi and Marta Silva", 12],
      ["Authorized for distribution by Jonathan D. Berg and Omar Haddad", 12],
      ["April 2021", 12],
      ["Abstract", 12],
      ["We study how harbours persist after the prices of their services fell in the crisis of the spring and what it costs.", 12],
      ["Author’s E-Mail Address: amoss@imf.org; klind@imf.org; t.ferreira@lse.ac.uk; ohaddad@imf.org;", 12],
      ["jberg@imf.org; pietro.rossi@unipa.it; marta.silva@polimi.it.", 12],
    ]);
    // (Centred, as a series' title page sets them.)
    for (const l of doc.lines) {
      const shift = 306 - l.width / 2 - l.x;
      l.x += shift;
      for (const s of l.spans) s.x += shift;
    }
    const names = readHeader(doc).authors.map((a) => [a.firstName, a.lastName]);
    expect(names).toEqual([
      ["Ana", "Moss"],
      ["Karl", "Lind"],
      ["Tomás", "Ferreira"],
      ["Omar", "Haddad"],
      ["Jonathan D.", "Berg"],
      ["Pietro", "Rossi"],
      ["Marta", "Silva"],
    ]);
  });

  it("reads the line right under the title that is a list of names and nothing else, set in the text's size, where the labeller doubts it", () => {
    const doc = documentOf([
      ["THE SLOW DECLINE OF THE HARBOUR SHARE*", 10],
      ["Loukan Karabarbou and Brendt Neimar", 10],
      ["The stability of the harbour share of income is a key foundation in trade", 8],
      ["models. We document, however, that the global harbour share has fallen.", 8],
      ["I. Introduction", 10],
      ["At least since the early work on ports, the stability of the harbour share", 10],
    ]);
    // A labeller that reads every line as something other than a name.
    const doubting = linearLabeller(doc, [0, 0, 0, 0, 0, 0, 50]);
    expect(readHeader(doc, [doubting]).authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Loukan Karabarbou", "Brendt Neimar"]);
    // (Not a subtitle under it, "Evidence from Harbours and Ports", nor places, nor names under a title's line left open.)
    for (const [title, under] of [
      ["THE SLOW DECLINE OF THE HARBOUR SHARE", "Evidence from Harbours and Ports"],
      ["THE SLOW DECLINE OF THE HARBOUR SHARE", "New Zealand and South Africa"],
      ["TRADE AGREEMENTS AND GROWTH IN", "Latin America and East Asia"],
      ["A MONETARY HISTORY OF THE HARBOUR REVISITED:", "Loukan Karabarbou and Brendt Neimar"],
    ]) {
      doc.lines[0]!.text = title!;
      doc.lines[0]!.spans = [{ ...doc.lines[0]!.spans[0]!, text: title! }];
      doc.lines[1]!.text = under!;
      doc.lines[1]!.spans = [{ ...doc.lines[1]!.spans[0]!, text: under! }];
      expect(readHeader(doc, [doubting]).authors, under).toEqual([]);
    }
  });

  it("reads a name with its place in brackets, set as the name and place in brackets above it, where the labeller takes it for a place", () => {
    const doc = documentOf([
      ["The Case for a Harbour Welfare Metric", 17],
      ["in Empirical Trade Analysis", 17],
      ["Nathan Hollis (Harbour University and Policy Lab)", 12],
      ["Ben Stroud-Keller (Harbour University and Policy Lab)", 12],
      ["May, 2022", 12],
      ["Abstract", 9],
    ]);
    // The labeller's word: the title, a name, then (the hyphened name) a place.
    const labels = [said(1, 0, 0), said(0.97, 0, 0), said(0, 0.8, 0.09), said(0, 0, 0.97), said(0, 0.1, 0), said(0, 0, 0)];
    const read = readWithLabels(doc.lines, labels, 5, 9);
    expect(read.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual([
      ["Nathan Hollis", "Harbour University and Policy Lab"],
      ["Ben Stroud-Keller", "Harbour University and Policy Lab"],
    ]);
  });

  it("gives names stacked one under another the one place printed under the last of them", () => {
    const doc = documentOf([
      ["From Many Harbours, One Cycle: Estimates of the Trade Cycle", 16],
      ["Charles A. Moss", 12],
      ["John M. Lindqvist", 12],
      ["Board of Governors of the Harbour Reserve System", 12],
      ["October 2011", 12],
      ["Abstract", 12],
      ["We construct new estimates of potential trade and the trade gap using a multivariate approach to measurement errors.", 12],
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Moss", "Board of Governors of the Harbour Reserve System"],
      ["Lindqvist", "Board of Governors of the Harbour Reserve System"],
    ]);
    // (Not two places under them, which may be one each.)
    doc.lines[3]!.text = "Harbour University, Eastbury College";
    doc.lines[3]!.spans = [{ ...doc.lines[3]!.spans[0]!, text: doc.lines[3]!.text }];
    expect(readHeader(doc).authors.map((a) => a.affiliation)[0]).toBeNull();
  });

  it("reads a second name over its place, set as the first name over its own, where the labeller doubts both the name and the place", () => {
    const doc = documentOf([
      ["Government Control of Privatized Harbours", 15.9],
      ["Bernardo Bortolani", 10],
      ["Department of Economics and Finance, Università di Harbour and FEEM", 10],
      ["Mara Falcetti", 10],
      ["Krannert School of Management, Eastbury University", 10],
      ["We study the change in government control of privatized harbours in OECD countries. At the end of 2000, after the", 8],
      ["largest privatization wave in history, governments retained control of most privatized harbours and their ports.", 8],
    ]);
    doc.lines.forEach((l, i) => {
      l.y = [70, 94, 106, 130, 142, 176, 186][i]!;
      for (const s of l.spans) s.y = l.y;
    });
    // A labeller sure of the first name alone: it doubts a line the more, the further down the page's lines it stands.
    // (The feature of a line's place among the page's lines, fourth from the end: `lineFeatures`'s context.)
    const sureOfTheFirst = linearLabeller(doc, [0, 5, 0, 0, 0, 0, 0], (l, j, width) => (l === "author" && j === width - 4 ? -150 : 0));
    const read = readHeader(doc, [sureOfTheFirst]);
    expect(read.authors.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual([
      ["Bernardo Bortolani", "Department of Economics and Finance, Università di Harbour and FEEM"],
      ["Mara Falcetti", "Krannert School of Management, Eastbury University"],
    ]);
  });
});

describe("a series' cover's list of names", () => {
  const person = (firstName: string, lastName: string): ExtractedAuthor => ({ firstName, lastName, email: null, affiliation: null, institution: null, department: null, country: null, isCorresponding: false, confidence: 0.9, source: null });
  const cover = [lineAt(1, 86, 238, 32, "Harbour Trade Between Two Cohorts"), lineAt(1, 86, 367, 14, "Lena Marwood, Pilar Ruiz, Tomas van Hegel"), lineAt(1, 86, 400, 9, "CESifo Working Papers 10337")];
  const words = lowerCaseWords(cover);
  const names = (list: ExtractedAuthor[]) => list.map((a) => `${a.firstName} ${a.lastName}`);

  it("gives the authors the title page's reader missed, in the cover's order, where it lists every author read", () => {
    const read = [person("Lena", "Marwood"), person("Tomas", "van Hegel")];
    const listed = authorsListedOnCover(cover, read, words);
    expect(names(listed)).toEqual(["Lena Marwood", "Pilar Ruiz", "Tomas van Hegel"]);
    expect(listed[0]).toBe(read[0]);
    expect(listed[1]!.source).toEqual({ page: 1, x: 86, y: 367 });
  });

  it("keeps the authors read where the cover lists someone else, or no more names than were read", () => {
    const other = [person("Lena", "Marwood"), person("Ada", "Moss")];
    expect(authorsListedOnCover(cover, other, words)).toBe(other);
    const all = [person("Lena", "Marwood"), person("Pilar", "Ruiz"), person("Tomas", "van Hegel")];
    expect(authorsListedOnCover(cover, all, words)).toBe(all);
    // Nor a line that says more than names: discussants, editors.
    const read = [person("Lena", "Marwood"), person("Tomas", "van Hegel")];
    for (const line of ["Lena Marwood, Tomas van Hegel, discussed by Pilar Ruiz", "Lena Marwood and Tomas van Hegel (editors), Pilar Ruiz"]) {
      const discussed = [cover[0]!, lineAt(1, 86, 367, 14, line)];
      expect(authorsListedOnCover(discussed, read, lowerCaseWords(discussed)), line).toBe(read);
    }
  });

  it("reads one author to a line with the place right after the name: after a comma, or set in another font", () => {
    const abstract: Array<[string, number]> = [
      ["Abstract", 11],
      ["Speculators who chase trends can destabilise the price of oil, and those who trade on fundamentals pull it back;", 10],
      ["we estimate a model of both and find that their interplay makes price cycles that last for years.", 10],
    ];
    const commas = readHeader(
      documentOf([
        ["Oil Price Cycles and the Speculators Who Make Them", 20],
        ["Maria Moss, Norland Bundesbank and Eastbury University", 14],
        ["Karl Lind, Norland Bundesbank", 14],
        ["This version: March 2021", 12],
        ...abstract,
      ]),
    );
    expect(commas.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Maria", "Moss", "Norland Bundesbank and Eastbury University"],
      ["Karl", "Lind", "Norland Bundesbank"],
    ]);
    // (Nor the place of names read above it that have none yet: "Virginia Tech, Department of Economics".)
    const shared = readHeader(
      documentOf([
        ["Oil Price Cycles and the Speculators Who Make Them", 20],
        ["Maria Moss and Karl Lind", 14],
        ["Virginia Tech, Department of Economics", 12],
        ["This version: March 2021", 12],
        ...abstract,
      ]),
    );
    expect(shared.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Moss", "Virginia Tech, Department of Economics"],
      ["Lind", "Virginia Tech, Department of Economics"],
    ]);
    // (Not a unit that opens an address: "Central Laser Facility, Harbour Laboratory".)
    const units = readHeader(
      documentOf([
        ["Oil Price Cycles and the Speculators Who Make Them", 20],
        ["Maria Moss and Karl Lind", 14],
        ["Central Laser Facility, Harbour Appleton Laboratory", 12],
        ["This version: March 2021", 12],
        ...abstract,
      ]),
    );
    expect(units.authors.map((a) => a.lastName)).toEqual(["Moss", "Lind"]);
    // (The name's first word a given name the lexicon knows, or a line set in the same two fonts as one whose is.)
    const fonts = readHeader(
      documentOfLines([
        lineAt(1, 110, 150, 20, "Oil Price Cycles and the Speculators Who Make Them"),
        lineOfSpans(1, 200, [[190, "Karl Moss", 14], [262, "Harbour University", 14, "Times-Italic"]]),
        lineOfSpans(1, 222, [[150, "Pilar Ruiz-Lind", 14], [252, "Federal Reserve Bank of Eastbury", 14, "Times-Italic"]]),
        lineAt(1, 250, 260, 12, "March 2021"),
        lineAt(1, 280, 320, 11, "Abstract"),
        lineAt(1, 90, 340, 10, "Speculators who chase trends can destabilise the price of oil, and those who trade on fundamentals"),
        lineAt(1, 90, 354, 10, "pull it back; we estimate a model of both and find that their interplay makes long price cycles."),
      ]),
    );
    expect(fonts.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Karl", "Moss", "Harbour University"],
      ["Pilar", "Ruiz-Lind", "Federal Reserve Bank of Eastbury"],
    ]);
    // (Not a role set in those fonts, and the place goes on only over lines in its own font.)
    const roles = readHeader(
      documentOfLines([
        lineAt(1, 110, 150, 20, "Oil Price Cycles and the Speculators Who Make Them"),
        lineOfSpans(1, 200, [[190, "Karl Moss", 14], [262, "Harbour University", 14, "Times-Italic"]]),
        lineOfSpans(1, 222, [[150, "Handling Editor", 14], [252, "Norland University", 14, "Times-Italic"]]),
        lineAt(1, 250, 260, 12, "March 2021"),
        lineAt(1, 280, 320, 11, "Abstract"),
        lineAt(1, 90, 340, 10, "Speculators who chase trends can destabilise the price of oil, and those who trade on fundamentals"),
        lineAt(1, 90, 354, 10, "pull it back; we estimate a model of both and find that their interplay makes long price cycles."),
      ]),
    );
    expect(roles.authors.map((a) => [a.lastName, a.affiliation])).toEqual([["Moss", "Harbour University"]]);
  });

  it("reads a person known by one name where an e-mail on the page has that name for its mailbox, and the place a note labels after the e-mail", () => {
    const doc = documentOfLines([
      lineAt(1, 150, 83, 14, "Bundled Leases and Entry Under Credit Frictions"),
      lineOfSpans(1, 127, [[285, "Tamsin", 10], [317, "1", 6, "Times", true]]),
      lineAt(1, 280, 154, 10, "March, 2025"),
      lineAt(1, 283, 200, 10, "Abstract:"),
      lineAt(1, 72, 220, 10, "Small independent cinemas often lease their projectors from the firm that sells them advertising; I show how"),
      lineAt(1, 72, 234, 10, "such bundles let firms enter markets where lenders cannot see revenues, and measure the gains to competition."),
      lineOfSpans(1, 674, [[72, "1", 5, "Times", true], [83, "tamsin@harbour.example.edu, Harbour School of Business, Harbour University", 8]]),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.firstName, a.lastName, a.email, a.affiliation])).toEqual([["", "Tamsin", "tamsin@harbour.example.edu", "Harbour School of Business, Harbour University"]]);
    // (Not without such a mailbox: a one-word line is as often a heading.)
    const unmailed = documentOfLines(doc.lines.slice(0, -1));
    expect(readHeader(unmailed).authors).toEqual([]);
    // The place a note labels after the author's e-mail: "email: …, address: …".
    const labelled = readHeader(
      documentOf([
        ["Sticky Forecasts of Inflation", 14],
        ["Ada Moss^1 and Karl Lind^2", 11],
        ["Abstract", 11],
        ["We study how professional forecasters revise their inflation forecasts and find their revisions sticky.", 10],
        ["^1 email: ada@harbour.example.edu, address: Harbour Bank, Research Centre, 14 Quay Street, 60431 Harbour, Germany.", 9],
        ["^2 email: lind@eastbury.example.edu, address: Department of Economics, Eastbury University, Eastbury, Canada.", 9],
      ]),
    );
    expect(labelled.authors.map((a) => [a.lastName, a.email, a.affiliation])).toEqual([
      ["Moss", "ada@harbour.example.edu", "Harbour Bank, Research Centre, 14 Quay Street, 60431 Harbour"],
      ["Lind", "lind@eastbury.example.edu", "Department of Economics, Eastbury University, Eastbury"],
    ]);
  });
});

describe("names beside the title, names with their own e-mails, a grid's places and correspondence notes", () => {
  it("reads a names column set beside the title that opens on the title's own rows, above the names under it", () => {
    const doc = documentOfLines([
      lineAt(1, 279, 206, 20, "Working Paper Series"),
      lineAt(1, 130, 237, 10, "Carla Altmann, Lukas Brenner,", 136),
      lineAt(1, 279, 240, 16, "Measuring harbour area trade policy"),
      lineAt(1, 109, 249, 10, "Reza S. Gundogdu, Roberta Motta,", 157),
      lineAt(1, 188, 261, 10, "Gianna Ragni", 78),
      lineAt(1, 291, 520, 14, "No 2281 / May 2019"),
      lineAt(1, 57, 818, 10, "Disclaimer: This paper should not be reported as representing the views of the Harbour Central Bank"),
    ]);
    expect(readHeader(doc).authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Carla Altmann", "Lukas Brenner", "Reza S. Gundogdu", "Roberta Motta", "Gianna Ragni"]);
  });

  it("reads a line of one person's name and their own e-mail as an author, with the address under it", () => {
    const doc = documentOf([
      ["Willingness to Pay for Harbour Labels of Origin", 14],
      ["Monika Sadler, monika.sadler@harbour-agro.example.fr", 12],
      ["CESAR, Harbour Agro Institute, Université de Norland, 26 rue du Port, 21000 Norland, France.", 12],
      ["Jean-Luc Ay, jean-luc.ay@harbour-agro.example.fr", 12],
      ["INRAE, Eastbury Centre for Food Economics, 17 rue Sully, 21000 Norland, France.", 12],
      ["Footnote: We thank an anonymous referee and the editor for their useful comments on this article.", 12],
      ["JEL Classification: Q18, Q28, L66", 12],
    ]);
    expect(readHeader(doc).authors.map((a) => [`${a.firstName} ${a.lastName}`, a.email, a.affiliation])).toEqual([
      ["Monika Sadler", "monika.sadler@harbour-agro.example.fr", "CESAR, Harbour Agro Institute, Université de Norland, 26 rue du Port, 21000 Norland"],
      ["Jean-Luc Ay", "jean-luc.ay@harbour-agro.example.fr", "INRAE, Eastbury Centre for Food Economics, 17 rue Sully, 21000 Norland"],
    ]);
    // (Not a name with a mailbox that spells somebody else: a contact line.)
    doc.lines[1]!.text = "Monika Sadler, office@harbour-agro.example.fr";
    doc.lines[1]!.spans = [{ ...doc.lines[1]!.spans[0]!, text: doc.lines[1]!.text }];
    expect(readHeader(doc).authors.map((a) => a.lastName)).not.toContain("Sadler");
  });

  it("takes a line set smaller right under a row of names side by side for their place, not a name, where the labeller reads it so", () => {
    const doc = documentOfLines([
      lineAt(1, 58, 119, 20.7, "Retailers’ Sales and Profit Shifting in"),
      lineAt(1, 237, 149, 20.7, "Harbour Havens"),
      lineAt(1, 123, 188, 14.3, "Sébastien Lafond"),
      lineAt(1, 331, 188, 14.3, "Farid Toumi"),
      lineAt(1, 135, 210, 10.9, "ENS Harbour-Saclay"),
      lineAt(1, 268, 210, 10.9, "University of Eastbury – PSL, LEDa"),
      lineAt(1, 121, 231, 10.9, "Université Harbour-Saclay"),
      lineAt(1, 308, 231, 10.9, "CEPII, CESifo and CEPR"),
      lineAt(1, 276, 306, 10.9, "Résumé"),
      lineAt(1, 100, 329, 10.9, "We show that multinationals record sales and the profit from these sales in harbour havens, while their"),
      lineAt(1, 83, 345, 10.9, "goods and services are physically sold in other countries. We propose a framework of sales shifting."),
    ]);
    const labels = [said(1, 0, 0), said(0.99, 0, 0), said(0, 1, 0), said(0, 1, 0), said(0, 0.33, 0.66), said(0, 0, 1), said(0, 0, 0.99), said(0, 0, 0.29), said(0, 0, 0), said(0, 0, 0), said(0, 0, 0)];
    const read = readWithLabels(doc.lines, labels, 9, 11);
    expect(read.map((a) => [`${a.firstName} ${a.lastName}`, a.affiliation])).toEqual([
      ["Sébastien Lafond", "ENS Harbour-Saclay, Université Harbour-Saclay"],
      // (The column's block ends at the gap above the abstract's label set under it.)
      ["Farid Toumi", "University of Eastbury – PSL, LEDa, CEPII, CESifo and CEPR"],
    ]);
  });

  it("reads the place in a note that the corresponding author's role opens", () => {
    const doc = documentOf([
      ["Do Safe Harbours Affect the Savings of Households Nearing Retirement?", 14.3],
      ["Yina Lau^† Xian Zhao^‡", 14.3],
      ["Abstract", 10.9],
      ["This study examines whether asset protection programmes motivate households to buy insurance against care costs.", 10],
      ["^† School of Applied Economics, Harbour University of China, 59 Quay Street, Harbour 100872, China. Email: yinalau@harbour.example.cn", 10],
      ["^‡ Corresponding Author, Department of Labour Demography, Eastbury Institute for Demographic Research, 1 Kestrel-Str., Eastbury, Germany. Email: zhao@eastbury.example.de", 10],
    ]);
    const zhao = readHeader(doc).authors[1]!;
    expect([zhao.affiliation, zhao.country]).toEqual(["Department of Labour Demography, Eastbury Institute for Demographic Research, 1 Kestrel-Str., Eastbury", "Germany"]);
  });

  it("gives a lone author the place a correspondence line of the title page opens with, where none is printed under the name", () => {
    const doc = documentOf([
      ["A Basket Half Full: Sparse Harbour Portfolios", 20.7],
      ["Katerina Serova", 14.3],
      ["March 3, 2021", 14.3],
      ["Abstract", 10.9],
      ["The existing approaches to sparse wealth allocations are limited to low-dimensional settings and fail when assets are many.", 10.9],
      ["I greatly appreciate thoughtful comments and immense support from Ted Lee and Jean Hall.", 10],
      ["Correspondence to: Department of Economics, Harbour University, Riverside, CA 92521, USA.", 8],
      ["E-mail: katerina.serova@harbour.example.edu.", 8],
    ]);
    const [serova] = readHeader(doc).authors;
    expect([serova!.affiliation, serova!.country]).toEqual(["Department of Economics, Harbour University, Riverside, CA 92521", "United States"]);
  });

  it("keeps an author's second place, the one their note gives before their own second e-mail, not taking it for another author's", () => {
    const doc = documentOf([
      ["The Effects of a Targeted Credit Constraint on the Harbour Market", 20.7],
      ["Lu Hahn^1 Chandra Lutes^2", 14.3],
      ["Abstract", 10.9],
      ["We study the housing market implications of credit constraints by exploiting a policy that capped mortgage insurance.", 10.9],
      ["^1 Harbour School of Management, University of Eastbury. lu.hahn@harbour.example.ca; Kestrel School of Business, University of Norland. lu.hahn@norland.example.edu.", 10],
      ["^2 Department of Economics, Eastbury College, lutes@eastbury.example.edu.", 10],
    ]);
    expect(readHeader(doc).authors[0]!.affiliation).toBe("Harbour School of Management, University of Eastbury; Kestrel School of Business, University of Norland");
  });

  describe("and what those rules leave as it was", () => {
    const abstract: Array<[string, number]> = [
      ["Abstract", 11],
      ["We estimate the pass-through of policy rates to deposit rates using branch-level data from a large banking system.", 10],
    ];
    const names = (doc: Document) => readHeader(doc).authors.map((a) => `${a.firstName} ${a.lastName}`);
    const title: [string, number] = ["Deposit Rates and the Harbour Transmission of Monetary Policy", 16];

    it("reads no second author from a line of an author's name and e-mail under a byline that named them already", () => {
      const doc = documentOf([title, ["Ada B. Moss and Karl J. Lind", 12], ["Harbour University", 11], ["Ada Moss: ada.moss@harbour.example.edu", 10], ["Karl Lind: karl.lind@harbour.example.edu", 10], ...abstract]);
      expect(readHeader(doc).authors.map((a) => [`${a.firstName} ${a.lastName}`, a.email, a.affiliation])).toEqual([
        ["Ada B. Moss", "ada.moss@harbour.example.edu", "Harbour University"],
        ["Karl J. Lind", "karl.lind@harbour.example.edu", "Harbour University"],
      ]);
      expect(names(documentOf([title, ["Katherine Moss and Karl Lind", 12], ["Harbour University", 11], ["Kate Moss, kate.moss@harbour.example.edu", 10], ["Karl Lind, karl.lind@harbour.example.edu", 10], ...abstract]))).toEqual(["Katherine Moss", "Karl Lind"]);
    });

    it("reads no author from a contact's or a supervisor's line with an e-mail", () => {
      expect(names(documentOf([title, ["Ada Moss^1, Karl Lind^2", 12], ["^1 Harbour University", 10], ["^2 Eastbury College", 10], ["Contact Karl Lind, karl.lind@eastbury.example.edu", 9], ...abstract]))).toEqual(["Ada Moss", "Karl Lind"]);
      expect(names(documentOf([title, ["Ada Moss", 12], ["Harbour University", 11], ["Job Market Paper", 11], ["Supervisor Karl Lind (klind@harbour.example.edu)", 10], ...abstract]))).toEqual(["Ada Moss"]);
    });

    it("reads no author from a lecture's line set beside the title above a names column", () => {
      const cover = (beside: string) =>
        documentOfLines([
          lineAt(1, 279, 206, 20, "Working Paper Series"),
          lineAt(1, 130, 237, 10, beside, 136),
          lineAt(1, 279, 240, 16, "Measuring harbour area trade policy"),
          lineAt(1, 130, 252, 10, "Carla Altmann, Lukas Brenner,", 136),
          lineAt(1, 130, 264, 10, "Reza S. Gundogdu and Roberta Motta", 136),
          lineAt(1, 291, 520, 14, "No 2281 / May 2019"),
        ]);
      for (const beside of ["The Jo Park Lecture", "Jo Park Memorial Lecture", "Foreword by Jo Park"]) {
        expect(names(cover(beside)), beside).toEqual(["Carla Altmann", "Lukas Brenner", "Reza S. Gundogdu", "Roberta Motta"]);
      }
    });

    it("keeps the place printed under the name where the corresponding author's note says no place of theirs after the role", () => {
      for (const note of [
        "^* Corresponding author, currently visiting Kestrel University.",
        "^* Corresponding author, on leave from Kestrel University during 2020.",
        "^* Corresponding author, Research Fellow of the Kestrel Centre for Economic Policy Research.",
      ]) {
        const page = (byline: string) =>
          documentOf([
            ["Bank Capital and the Harbour Lending Channel", 16],
            [byline, 12],
            ["Department of Economics, Eastbury College", 11],
            ["Abstract", 11],
            ["We study how bank capital requirements shape the supply of credit to firms in a small open economy.", 10],
            [note, 9],
          ]);
        expect(readHeader(page("Karl Lind^*")).authors.map((a) => a.affiliation), note).toEqual(["Department of Economics, Eastbury College"]);
        expect(readHeader(page("Ada Moss and Karl Lind^*")).authors.map((a) => a.affiliation), note).toEqual(["Department of Economics, Eastbury College", "Department of Economics, Eastbury College"]);
      }
    });

    it("cuts a co-author's place from an author's note where the co-author's e-mail fits them, of the same family name", () => {
      const doc = documentOf([
        ["Minimum Wages and the Harbour Labour Market", 16],
        ["Ana Moss^1 Karl Moss^2", 12],
        ["Abstract", 11],
        ["We study minimum wage increases across harbour towns using payroll records of small firms.", 10],
        ["^1 Harbour University and CEGA. Department of Economics, 1285 Harbour University, Eastbury, OR 97403. E-mail: ana.moss@example.edu", 9],
        ["Kestrel University, Department of Economics, 310A Lake Hall, 360 Quay Avenue, Boston, MA 02115, United States. E-mail: karl.moss@example.edu.", 9],
      ]);
      expect(readHeader(doc).authors.map((a) => a.affiliation)).toEqual([
        "Harbour University and CEGA; Department of Economics, 1285 Harbour University, Eastbury, OR 97403",
        "Kestrel University, Department of Economics, 310A Lake Hall, 360 Quay Avenue, Boston, MA 02115",
      ]);
    });
  });
});
