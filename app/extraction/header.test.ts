import { describe, expect, it } from "vitest";
import { readHeader } from "./header";
import { findTitle } from "./title";
import { JEL_RUN_IN, lowerCaseWords, namesInstitution } from "./patterns";
import { documentOf, documentOfLines, lineAt, lineOfSpans } from "./test-document";

describe("the front matter read whole", () => {
  it("gives each author their place from a line of places with countries and semicolons between, in their order", () => {
    const doc = documentOfLines([
      lineAt(1, 87, 85, 10, "THE DYNAMICS OF HARBOUR DUES WITH COST-REDUCING INVESTMENTS"),
      lineAt(1, 140, 121, 10, "BY ADA MOSS, KARL LIND, AND RUTH OKAFOR"),
      lineAt(1, 90, 145, 10, "Harbour University, Australia; Quayside College, U.S.A.; University of Copenhagen,"),
      lineAt(1, 230, 157, 10, "Denmark"),
      lineAt(1, 100, 187, 8, "We extend the classic model of harbour dues to a setting where competing ports invest in a stochastically", 400),
      lineAt(1, 100, 197, 8, "improving technology of cargo handling. We find a huge multiplicity of equilibria in which ports leapfrog.", 400),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual([
      ["Moss", "Harbour University", "Australia"],
      ["Lind", "Quayside College", "United States"],
      ["Okafor", "University of Copenhagen", "Denmark"],
    ]);
  });

  it("gives each author the e-mail a note lists after their name, one to a line under the abstract, however little the mailbox spells it", () => {
    const doc = documentOfLines([
      lineAt(1, 150, 70, 12, "LOCALLY ROBUST HARBOUR DUES"),
      lineAt(1, 193, 96, 10.5, "ADA MOSS"),
      lineAt(1, 160, 109, 8, "Department of Economics, Harbour University"),
      lineAt(1, 193, 130, 10.5, "KARL LIND"),
      lineAt(1, 160, 143, 8, "Department of Economics, Quayside College"),
      lineAt(1, 100, 180, 9, "We give a general method of estimating harbour dues that is locally robust to the first step of the", 400),
      lineAt(1, 100, 191, 9, "estimation, and we show how it can be used for many models of port competition and shipping routes.", 400),
      lineAt(1, 100, 202, 9, "The estimators are consistent and asymptotically normal under weak conditions on the first step.", 400),
      lineAt(1, 72, 547, 8.5, "Ada Moss: zq81@harbour.example.edu"),
      lineAt(1, 72, 557, 8.5, "Karl Lind: lind@quayside.example.edu"),
    ]);
    expect(readHeader(doc).authors.map((a) => [a.lastName, a.email])).toEqual([
      ["Moss", "zq81@harbour.example.edu"],
      ["Lind", "lind@quayside.example.edu"],
    ]);
    // (Or in brackets after the name, in a note that says where each author is.)
    const said = documentOfLines([
      ...doc.lines.filter((l) => l.y < 500),
      lineAt(1, 72, 547, 8.5, "Ada Moss (zq81@harbour.example.edu) is Assistant Professor of Economics at Harbour University. Karl"),
      lineAt(1, 72, 557, 8.5, "Lind (lind@quayside.example.edu) is Professor of Economics at Quayside College."),
    ]);
    expect(readHeader(said).authors.map((a) => a.email)).toEqual(["zq81@harbour.example.edu", "lind@quayside.example.edu"]);
    // (Not a sentence that names another's address, nor a longer name that holds an author's: "Karl Lindqvist".)
    const thanks = documentOfLines([
      ...doc.lines.filter((l) => l.y < 500),
      lineAt(1, 72, 547, 8.5, "We thank Karl Lindqvist (klq@vesterby.example.edu) for comments. Karl Lind thanks Ruth Okafor"),
      lineAt(1, 72, 557, 8.5, "(r.okafor@norland-bank.example.org) for the data."),
    ]);
    expect(readHeader(thanks).authors.map((a) => a.email)).toEqual([null, null]);
  });

  it("reads a town's name under a stack of names as every one's place, not as an author", () => {
    const names = ["Ada Moss", "Karl Lind", "Ruth Okafor"];
    const doc = (town: string) =>
      documentOfLines([
        lineAt(1, 91, 145, 20.7, "Harbour Dues and Where Shipping Lines Call"),
        ...names.map((n, k) => lineAt(1, 221, 206 + 18 * k, 14.3, n)),
        lineAt(1, 265, 276, 14.3, town),
        lineAt(1, 269, 304, 14.3, "May 2020"),
        lineAt(1, 274, 361, 10.9, "Abstract"),
        lineAt(1, 114, 381, 10.9, "We ask how the harbour dues a port sets change where shipping lines call, using every call at eleven ports.", 367),
        lineAt(1, 114, 395, 10.9, "Lines move their calls within a season when dues rise, and ports that raised them lost trade to rivals.", 367),
      ]);
    const read = readHeader(doc("São Paulo"));
    expect(read.authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual(names.map((n) => [n.split(" ")[1], "São Paulo", "Brazil"]));
    // (A person's name under the stack is an author.)
    expect(readHeader(doc("Jane Doe")).authors.map((a) => a.lastName)).toEqual(["Moss", "Lind", "Okafor", "Doe"]);
  });

  it("reads a medical title page: degrees after names, a bracketed marker, a structured abstract", () => {
    const rows: Array<[string, number]> = [
      ["Journal of Neurosurgery 88:1020-1031", 9],
      ["Do Cerebral Aneurysms Originate at the Site of Medial Defects?", 16],
      ["Kazuya Futami, M.D.,* Junkoh Yamashita, M.D., Ph.D., F.R.C.S. Ed.,* and", 10],
      ["Sotaro Higashi, M.D. (†)", 10],
      ["*Department of Neurosurgery, Kanazawa University School of Medicine, Kanazawa, and", 9],
      ["†Division of Neurosurgery, Keijyu General Hospital, Nanao, Japan", 9],
      ["arXiv:0708.0304v3 [q-bio.TO] 17 Dec 2007", 12],
      ["Background The origin of cerebral aneurysms is debated: medial defects at the apex of", 10],
      ["bifurcations have long been held responsible, but aneurysms also arise where no defect", 10],
      ["is seen. Methods We induced aneurysms in forty rats by ligating one carotid artery and", 10],
      ["examined the fenestrated anterior cerebral artery under the light and electron microscope", 10],
      ["after three months. Results Early aneurysmal changes began at the distal end of the", 10],
      ["fenestration, not at medial defects. Conclusions Medial defects are not where aneurysms", 10],
      ["begin; haemodynamic stress at the fenestration's end is a more likely cause of them.", 10],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.title.value).toBe("Do Cerebral Aneurysms Originate at the Site of Medial Defects?");
    expect(header.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Kazuya Futami", "Junkoh Yamashita", "Sotaro Higashi"]);
    expect(header.abstract.value).toMatch(/^Background The origin .* more likely cause of them\.$/);
  });

  it("starts a labelled title at its label and reads a semicolon list of family names first, particles and all, under a cover page's numbered heading", () => {
    const header = readHeader(
      documentOf([
        ["1. GENERAL INFORMATION", 14],
        ["Article Type: Research Paper", 14],
        ["Title: High evolutionary potential in the chemical defenses of a butterfly", 14],
        ["Authors: Mattila, Anniina L. K.^1; Opedal, Øystein H.^1^,^2;", 14],
        ["de Castro, Érika^2; Saastamoinen, Marjo^1", 14],
        ["Author affiliations:", 14],
        ["1. Research Centre for Ecological Change, University of Helsinki, Finland", 14],
        ["2. Department of Biology, Lund University, Sweden", 14],
      ]),
    );
    expect(header.title.value).toBe("High evolutionary potential in the chemical defenses of a butterfly");
    expect(header.authors.map((a) => [a.firstName, a.lastName, a.affiliation])).toEqual([
      ["Anniina L. K.", "Mattila", "Research Centre for Ecological Change, University of Helsinki"],
      ["Øystein H.", "Opedal", "Research Centre for Ecological Change, University of Helsinki; Department of Biology, Lund University"],
      ["Érika", "de Castro", "Department of Biology, Lund University"],
      ["Marjo", "Saastamoinen", "Research Centre for Ecological Change, University of Helsinki"],
    ]);
    // Where the labeller reads a cover page's lines as likely titles as the labelled one, the label decides.
    const cover = documentOf([
      ["GENERAL INFORMATION AND SCOPE", 14],
      ["Article Type: Research Paper", 14],
      ["Title: High evolutionary potential in the chemical defenses of a butterfly", 14],
      ["Authors: Mattila, Anniina L. K.; Opedal, Øystein H.", 12],
    ]);
    const title = (p: number) => ({ title: p, author: 0, affiliation: 0, email: 0, abstract: 0, keywords: 0, other: 1 - p });
    expect(findTitle(cover.lines, 4, cover, lowerCaseWords(cover.lines), [title(0.6), title(0.6), title(0.9), title(0)])).toEqual([2]);
    // A running head set like the title is no part of it.
    const running = readHeader(
      documentOf([
        ["Collado-Torres et al.", 12],
        ["derfinder: Software for annotation-agnostic RNA-seq differential expression analysis", 12],
        ["Leonardo Collado-Torres^1 and Jeffrey T. Leek^1", 10],
      ]),
    );
    expect(running.title.value).toBe("derfinder: Software for annotation-agnostic RNA-seq differential expression analysis");
  });

  it("reads JEL codes run into a line's end, and answers at once for a long line of codes that does not end as codes do", () => {
    expect(JEL_RUN_IN.exec("similar results from both.(JEL C13, C90, I23)")?.[1]).toBe("C13, C90, I23");
    expect(JEL_RUN_IN.exec("low-income families. JEL Codes: O3, I2, R3.")?.[1]).toBe("O3, I2, R3");
    // A hostile text layer: codes with wide gaps, then no end. An ambiguous pattern backtracks
    // exponentially (5^n ways for n codes): seconds for eleven, minutes for fourteen, so the bound here
    // is far above what a linear pattern takes, and eleven codes keep a regression from hanging the run.
    const started = performance.now();
    expect(JEL_RUN_IN.test(`JEL ${"A1    ".repeat(11)}x`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("places under the names", () => {
  it("never reads a French college's name under an author, set as a name is, for another author", () => {
    const header = readHeader(
      documentOf([
        ["Wealth Dynamics in Continuous Time", 24],
        ["ODILE MARCHAND", 12],
        ["Collège de France", 10],
        ["and", 12],
        ["TOMASZ WIECZOREK", 12],
        ["London School of Economics", 10],
        ["We recast a model of income and wealth in continuous time and show that it reduces to a system of equations that", 8],
        ["can be solved quickly, and we give new results on the saving of the poor and the wealth distribution's tails.", 8],
      ]),
    );
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Marchand", "Collège de France"],
      ["Wieczorek", "London School of Economics"],
    ]);
    expect(namesInstitution("COLLÈGE DE FRANCE")).toBe(true);
  });

  it("reads a place under the names after the marker an author carries, set in the names' size", () => {
    const header = readHeader(
      documentOf([
        ["What Determines Household Expectations?", 20],
        ["Amaka Nwosu^1 and Ritu Bhandari^2", 14],
        ["^1Federal Reserve Board of Governors", 14],
        ["^2Shiv Nadar Institution of Eminence", 14],
        ["Abstract", 11],
        ["This paper examines which macroeconomic signals shape household expectations and finds that", 11],
        ["unemployment shocks play a more influential role than inflation shocks in how households revise them.", 11],
      ]),
    );
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Nwosu", "Federal Reserve Board of Governors"],
      ["Bhandari", "Shiv Nadar Institution of Eminence"],
    ]);
  });

  it("keeps a place printed near the top of a page cropped high: only the page's top band holds its running head", () => {
    const at = (y: number, size: number, text: string) => lineAt(1, 153, y, size, text);
    const header = readHeader(
      documentOfLines([
        at(-26, 15.9, "Estimating and Testing Dynamic Corporate"),
        at(-6, 15.9, "Finance Models"),
        at(18, 10, "Santiago Ibarra"),
        at(30, 10, "Banco de México"),
        at(54, 10, "R. Jay Okafor"),
        at(66, 10, "University of Michigan"),
        at(133, 8, "We assess the finite sample performance of simulation estimators that are used to estimate the"),
        at(143, 8, "parameters of dynamic corporate finance models, and formulate an external validity test for them."),
        lineAt(2, 72, 40, 9, "Estimating and Testing Dynamic Corporate Finance Models"),
        lineAt(2, 72, 80, 10, "A large literature in finance and economics studies dynamic models of firms and their financing."),
      ]),
    );
    expect(header.authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Ibarra", "Banco de México"],
      ["Okafor", "University of Michigan"],
    ]);
  });
});

describe("keywords", () => {
  const at = (x: number, y: number, size: number, text: string) => lineAt(1, x, y, size, text);
  it("reads a list printed one keyword to a line in a column beside the abstract, none of the abstract's lines", () => {
    const page = documentOfLines([
        at(38, 189, 13.4, "Dealer capital and corporate bond spreads"),
        at(38, 229, 10.6, "Henrike Aaltonen, Rafael Quintero"),
        at(202, 292, 9, "a b s t r a c t"),
        at(202, 312, 7.2, "We measure what dealers earn from the bonds they hold and how their capital"),
        at(38, 365, 6.4, "Keywords:"),
        at(202, 366, 7.2, "limits the spreads of the bonds they trade, across ten years of dealer data."),
        at(38, 374, 6.4, "Dealer capital"),
        at(202, 375, 7.2, "Spreads widen when dealers' capital is scarce, most for the least liquid bonds."),
        at(38, 383, 6.4, "Corporate bonds"),
        at(38, 392, 6.4, "Liquidity"),
    ]);
    expect(readHeader(page).keywords.value).toEqual(["Dealer capital", "Corporate bonds", "Liquidity"]);
  });

  it("reads a list after a label set apart by its type alone, and no list from a word that begins with the label", () => {
    const page = documentOfLines([
      at(51, 102, 13, "Weak labels and the sentiment of financial news"),
      at(51, 145, 10, "Ada Moss · Karl Lind"),
      at(51, 212, 10, "Abstract"),
      at(51, 224, 10, "This paper combines weak labels from news headlines with a model of named entities, and"),
      at(51, 236, 10, "keyword-based rules with a vote among them, to label the sentiment of each firm's news."),
      at(51, 248, 10, "Labels so made agree with readers more often than those of the archive, for every firm."),
      lineOfSpans(1, 272, [[51, "Keywords", 10, "Bold"], [95, "Sentiment analysis · Weak labels · Named entities", 10, "Roman"]]),
      at(51, 310, 11, "1 Introduction"),
      at(51, 334, 10, "News moves prices, and a reader of the news can be modelled."),
    ]);
    const read = readHeader(page);
    expect(read.keywords.value).toEqual(["Sentiment analysis", "Weak labels", "Named entities"]);
    expect(read.abstract.value).toMatch(/^This paper combines .* for every firm\.$/);
    // (The same words in one font are a line of text, no label.)
    const plain = documentOfLines(page.lines.map((l) => (l.y === 272 ? at(51, 272, 10, l.text) : l)));
    expect(readHeader(plain).keywords.value).toEqual([]);
    // (Nor the word in lower case before an italic one, where a sentence wraps: "… that contain the" / "keywords uncertainty …".)
    const wrapped = documentOfLines([
      ...page.lines.slice(0, 4),
      lineOfSpans(1, 236, [[51, "keywords", 10, "Roman"], [95, "uncertainty", 10, "Italic"], [150, " and economy, and find that bond spreads widen", 10, "Roman"]]),
      ...page.lines.slice(5),
    ]);
    expect(readHeader(wrapped).keywords.value).toEqual(["Sentiment analysis", "Weak labels", "Named entities"]);
    // (A label hyphenated before its list in capitals is a label: "Keywords-Uncertainty, …".)
    const hyphen = documentOfLines(page.lines.map((l) => (l.y === 272 ? at(51, 272, 10, "Keywords-Uncertainty, corporate bonds, text analysis") : l)));
    expect(readHeader(hyphen).keywords.value).toEqual(["Uncertainty", "corporate bonds", "text analysis"]);
  });

  it("reads an abstract and its keywords past a side column of editors and addresses read between their lines", () => {
    const page = documentOfLines([
      at(176, 147, 20.9, "Household costs of interrupted power"),
      at(176, 219, 9, "Ada Moss, Karl Lind and Ruth Okafor"),
      at(176, 237, 7, "Harbour Centre for Energy Economics, Harbour University, Harbour, China"),
      at(176, 274, 10, "Facing the fluctuating supply of wind and solar power, grids need households that can give way"),
      at(176, 288, 10, "at the peak. We survey households on what they would accept to have appliances interrupted,"),
      at(176, 302, 10, "and estimate how their willingness to accept varies with the length of an interruption and"),
      at(125, 306, 7, "Edited by:"),
      at(176, 316, 10, "the appliance. Most households take part even when the compensation offered is small, and"),
      at(115, 318, 7, "Lena Berg,"),
      at(176, 330, 10, "the terminals that matter differ from one household to the next."),
      at(176, 352, 7, "Keywords: power interruption, willingness to accept, demand response,"),
      at(123, 355, 7, "Ruth Okafor"),
      at(176, 362, 7, "household survey"),
      at(104, 365, 7, "rokafor@example.edu"),
      at(176, 400, 12, "INTRODUCTION"),
    ]);
    const read = readHeader(page);
    expect(read.abstract.value).toMatch(/^Facing the fluctuating supply .* from one household to the next\.$/);
    expect(read.keywords.value).toEqual(["power interruption", "willingness to accept", "demand response", "household survey"]);
  });

  it("reads a form's keywords and JEL codes in the column right of their labels, each label at the height of one of its value's rows", () => {
    const page = documentOfLines([
      at(183, 101, 9.5, "Dealer capital and the spreads of corporate bonds"),
      at(196, 150, 9.5, "Prepared by Ada Moss and Karl Lind"),
      at(72, 335, 9.5, "ABSTRACT: We measure what dealers earn from the bonds they hold and how their capital limits the spreads"),
      at(72, 346, 9.5, "of the bonds they trade, across ten years of dealer data and every bond the dealers hold."),
      at(80, 484, 9.5, "JEL Classification Numbers:"),
      at(238, 484, 9.5, "G12, G14, E44"),
      at(238, 507, 9.5, "dealer capital; corporate bonds; market"),
      at(80, 513, 9.5, "Keywords:"),
      at(238, 518, 9.5, "liquidity; spreads"),
      at(80, 542, 9.5, "Author's E-Mail Address:"),
      at(238, 542, 9.5, "amoss@example.org; klind@example.org"),
    ]);
    const read = readHeader(page);
    expect(read.keywords.value).toEqual(["dealer capital", "corporate bonds", "market liquidity", "spreads"]);
    expect(read.jel.value).toEqual(["G12", "G14", "E44"]);
    // (A label that heads a list under it in its own column reads that list, not the text beside it.)
    const headed = documentOfLines([
      ...page.lines.slice(0, 4),
      at(80, 484, 9.5, "Keywords:"),
      at(238, 484, 9.5, "We show that spreads widen when capital is scarce."),
      at(80, 495, 9.5, "dealer capital; spreads"),
    ]);
    expect(readHeader(headed).keywords.value).toEqual(["dealer capital", "spreads"]);
    // (Nor a heading without a colon in a page's left column, the other column's text at its height, its list below it
    // past a heading's space: "Table A1 and Figure B2" are no codes.)
    const twoColumns = documentOfLines([
      at(50, 80, 16, "Dealer Capital and the Spreads of Corporate Bonds"),
      at(50, 110, 11, "Ada Moss and Karl Lind"),
      at(50, 140, 9, "Abstract"),
      at(50, 152, 9, "We measure what dealers earn from the bonds they"),
      at(50, 163, 9, "hold and how their capital limits the spreads."),
      at(320, 179, 9, "The data cover ten years of trades by every dealer in"),
      at(320, 190, 9, "the registry, as reported in Table A1 and Figure B2,"),
      at(320, 201, 9, "and we drop trades between two dealers."),
      at(50, 190, 9, "JEL classification"),
      at(50, 215, 9, "G12; G14; E44"),
    ]);
    expect(readHeader(twoColumns).jel.value).not.toContain("A1");
  });

  it("takes JEL codes in brackets at a keywords list's end for the paper's codes, no keyword", () => {
    const page = documentOfLines([
      at(72, 100, 16, "Dealer capital and the spreads of corporate bonds"),
      at(72, 130, 11, "Ada Moss, Karl Lind"),
      at(72, 170, 11, "Abstract"),
      at(72, 186, 10, "We measure what dealers earn from the bonds they hold and how their capital limits the spreads."),
      at(72, 210, 10, "Keywords: Dealer Capital, Corporate Bonds, Spreads (JEL: G12, G14)"),
    ]);
    const read = readHeader(page);
    expect(read.keywords.value).toEqual(["Dealer Capital", "Corporate Bonds", "Spreads"]);
    expect(read.jel.value).toEqual(["G12", "G14"]);
    // (In square brackets too.)
    const square = documentOfLines(page.lines.map((l) => (l.y === 210 ? at(72, 210, 10, "Keywords: Dealer Capital, Spreads [JEL: G12, G14]") : l)));
    expect([readHeader(square).keywords.value, readHeader(square).jel.value]).toEqual([["Dealer Capital", "Spreads"], ["G12", "G14"]]);
  });

  it("reads a list under its label set alone on a line, in letters spaced apart", () => {
    const page = documentOfLines([
      at(41, 113, 18, "Informal settlements and the ladder out of poverty"),
      at(41, 153, 12, "Ana Moss | Karl Lind"),
      at(208, 195, 10, "Abstract"),
      at(208, 210, 10, "Informal settlements house a large share of the world's city dwellers, yet little is known"),
      at(208, 225, 10, "of how far they help their residents up the ladder of income over a decade."),
      at(208, 429, 8, "K E Y W O R D S"),
      at(208, 442, 8, "informal settlements, poverty dynamics, social mobility,"),
      at(208, 455, 8, "urban livelihoods"),
      at(41, 490, 12, "1 | INTRODUCTION"),
    ]);
    expect(readHeader(page).keywords.value).toEqual(["informal settlements", "poverty dynamics", "social mobility", "urban livelihoods"]);
  });
});
