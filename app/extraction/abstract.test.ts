import { describe, expect, it } from "vitest";
import { abstractGoesOn, paragraphAfter, readAbstract } from "./abstract";
import { vocabularyOf } from "./text";
import { readHeader } from "./header";
import { documentOf, documentOfLines, lineAt, lineOfSpans } from "./test-document";

describe("the abstract reader", () => {
  it("ends an abstract that fills its page where the next page opens in another size after a finished sentence", () => {
    const abstract = [
      "The size and distribution of surplus in markets where the quality of harbour services is conveyed through labels",
      "depend on how the labels change what shippers believe and on how ports choose the quality they provide in",
      "response. I design an experiment in the laboratory where I change what buyers believe of quality and measure",
      "the effects on the quality provided and on the surplus of the market, which rise at the higher end of the",
      "spectrum and fall for the low-quality segment of the market.",
    ];
    const doc = documentOfLines([
      lineAt(1, 83, 149, 20.7, "Harbour labels and the quality of port services"),
      lineAt(1, 259, 239, 14.3, "Ada Moss"),
      lineAt(1, 250, 269, 14.3, "Harbour University"),
      lineAt(1, 282, 336, 10.9, "Abstract"),
      ...abstract.map((t, k) => lineAt(1, 101, 370 + k * 13.5, 10.9, t)),
      lineAt(2, 90, 84, 12, "Labels identifying unobserved qualities of services have proliferated in the markets of port"),
      lineAt(2, 72, 108, 12, "services. Their popularity rests on the assumption that they help shippers choose better and"),
      lineAt(2, 72, 132, 12, "remove the asymmetries of information between ports and the firms that ship through them."),
    ]);
    expect(readHeader(doc).abstract.value).toBe(abstract.join(" "));
    // (Not a scan's abstract, each line sized by its own height, that goes on over the page a little larger.)
    const sizes = [10.9, 11.2, 10.8, 11.0, 10.9];
    const scanned = documentOfLines([
      ...doc.lines.slice(0, 4),
      ...abstract.map((t, k) => lineAt(1, 101, 370 + k * 13.5, sizes[k]!, t)),
      lineAt(2, 72, 84, 11.6, "and the ports that follow them. We show that labels raise the quality the better ports provide."),
      lineAt(2, 72, 98, 11.5, "Our findings hold for every market the experiment covers."),
      lineAt(2, 72, 130, 11, "Keywords: harbour labels, port services, quality"),
    ]);
    expect(readHeader(scanned).abstract.value).toContain("Our findings hold for every market");
  });

  it("passes over the title printed again between the label and the text, as a discussion paper's abstract page prints it", () => {
    const text = [
      "We ask how the harbour dues a port sets change where shipping lines call, using every call at eleven ports over",
      "twenty years and the dues each port published. Lines move their calls within a season when dues rise, and the",
      "ports that raised them lost most of the transshipment trade to their nearest rivals within two years of the rise.",
    ];
    const doc = documentOfLines([
      lineAt(1, 108, 106, 24, "Harbour Dues and Where Shipping"),
      lineAt(1, 110, 134, 24, "Lines Call: Evidence from Eleven Ports"),
      lineAt(1, 247, 209, 16, "Ada Moss"),
      lineAt(1, 242, 223, 11, "Harbour University"),
      lineAt(2, 254, 196, 16, "ABSTRACT"),
      lineAt(2, 133, 232, 16, "Harbour Dues and Where Shipping Lines"),
      lineAt(2, 209, 251, 16, "Call: Evidence from Eleven Ports"),
      ...text.map((t, k) => lineAt(2, 71, 283 + 12.6 * k, 11, t, 454)),
      lineAt(2, 71, 340, 11, "JEL Classification: R41, L91"),
    ]);
    expect(readHeader(doc).abstract.value).toBe(text.join(" "));
    // (An abstract that opens with the title's words in its own size keeps them.)
    const inText = documentOfLines([
      ...doc.lines.filter((l) => l.page === 1 || l.text === "ABSTRACT"),
      lineAt(2, 71, 232, 11, "Harbour Dues and Where Shipping Lines Call: Evidence from Eleven Ports", 454),
      ...text.map((t, k) => lineAt(2, 71, 245 + 12.6 * k, 11, t, 454)),
    ]);
    expect(readHeader(inText).abstract.value).toBe(`Harbour Dues and Where Shipping Lines Call: Evidence from Eleven Ports ${text.join(" ")}`);
  });

  it("ends an abstract set justified in a narrower measure where the introduction's wider text goes on under it, a point larger and close", () => {
    const text = [
      "Recent work argues that harbour dues rose sharply at the largest ports since the 1980s. Using the",
      "dues each port published, I find that dues rose only modestly over this period, and stayed within",
      "their historical range. These figures improve on earlier ones by counting pilotage and berthing",
      "charges, which I show are a rising share of what a call costs. Dues rise with a port's size and",
      "vary by region; weighted by calls, they were flat or even fell.",
    ];
    const doc = documentOfLines([
      lineAt(1, 167, 165, 17.2, "Are Harbour Dues Rising? Trends from Port Tariffs"),
      lineAt(1, 272, 225, 12, "Ada Moss"),
      lineAt(1, 269, 250, 12, "February 2018"),
      lineAt(1, 286, 299, 9, "Abstract"),
      ...text.map((t, k) => lineAt(1, k === 0 ? 147 : 133, 317 + 13.7 * k, 9, t, k === 0 ? 332 : k === text.length - 1 ? 240 : 346)),
      ...[
        "Recent work argues that harbour dues rose sharply at the largest ports since the 1980s. For example,",
        "one study argues that only a rise in dues can explain the fall in calls at the largest ports and the",
        "rise at their smaller rivals. These papers are compelling because they address two trends at once.",
      ].map((t, k) => lineAt(1, 108, 393 + 14.9 * k, 10, t, 396)),
    ]);
    expect(readHeader(doc).abstract.value).toBe(text.join(" "));
    // (A line of the block's own size that sticks out of its measure, a long address LaTeX could not break, goes on.)
    const longer = [...text.slice(0, 4), "vary by region; the tariffs are at https://tariffs.example.org/norland/harbour-dues/2018/full.", "Weighted by calls, they were flat or even fell."];
    const sticking = documentOfLines([
      ...doc.lines.filter((l) => l.size > 10 || l.text === "Abstract"),
      ...longer.map((t, k) => lineAt(1, 133, 317 + 13.7 * k, 9, t, k === 4 ? 354 : k === longer.length - 1 ? 200 : 346)),
    ]);
    expect(readHeader(sticking).abstract.value).toBe(longer.join(" "));
  });

  it("measures an abstract's spacing among its own lines: a double-spaced one read whole over single-spaced notes, a single-spaced one ended under a loosely led author block", () => {
    const text = [
      "This paper studies the pricing of harbour loans relative to the dues that ports publish. The analysis uses",
      "a new sample of loans matched with the dues of the same port on the same date. After accounting for",
      "seniority, lenders earn a large premium relative to the dues-implied spread. In a sample of secured loans",
      "to small ports, the average premium is 140 to 170 bps or about half of the spread. This is the first",
      "evidence of ports' willingness to pay for bank credit.",
    ];
    const notes = [
      "Ada Moss is with Harbour University. I thank Karl Lind, Ruth Okafor and seminar participants at Norland for",
      "helpful comments, and the participants of the port economics workshops at Vesterby, Harbour and Quayside,",
      "the Norland Finance Summit, the Harbour Junior Workshop in Empirical Finance, and the Quayside Forum on",
      "Corporate Finance for their suggestions. I am also grateful for discussions with the staff of three ports and",
      "two banks of Norland. Karl Lind and Ruth Okafor provided excellent research assistance. I have read the",
      "journal's disclosure policy and have no conflicts of interest to disclose. I have a consulting relationship",
      "with a firm that provides access to the dues data used in this paper, and none with any port or bank. The",
      "views expressed here are mine and not those of the port authority of Norland or of any of the banks whose",
      "loans the paper studies. All errors are my own. The data and the code that builds every table are available",
      "from the journal's site, with a guide to the steps that rebuild the sample of loans from the public filings.",
      "An earlier version circulated under the title \"Harbour Loans and the Price of Bank Credit\" in March 2017.",
    ];
    const doc = documentOfLines([
      lineAt(1, 115, 144, 17.2, "Does Borrowing from Banks Cost Ports More?"),
      lineAt(1, 234, 227, 14.3, "ADA MOSS"),
      lineAt(1, 268, 294, 12, "ABSTRACT"),
      ...text.map((t, k) => lineAt(1, 72, 317 + 24 * k, 12, t, k === text.length - 1 ? 280 : 468)),
      ...notes.map((t, k) => lineAt(1, 72, 577 + 12 * k, 10, t, 468)),
      lineAt(2, 72, 84, 12, "The two primary sources of debt for ports are bank loans and the dues they levy on", 468),
      lineAt(2, 72, 108, 12, "the ships that call. The literature offers a number of theories on how the two interact", 468),
      lineAt(2, 72, 132, 12, "and evidence on the quantities of each, but little on their relative prices.", 400),
    ]);
    expect(readHeader(doc).abstract.value).toBe(text.join(" "));
    // (Its paragraph is read at its own spacing, not at the notes', which outnumber its lines.)
    const from = doc.lines.findIndex((l) => l.text === text[0]);
    expect(paragraphAfter(doc.lines, from, doc, 12).map((l) => l.text)).toEqual(text);
    // (Nor at the leading of the author block above it: a single-spaced abstract ends before a line set apart under it.)
    const block = ["Ada Moss", "Harbour University", "Karl Lind", "Quayside College", "Ruth Okafor", "Vesterby School", "Jan Uhl", "Norland Bank"];
    const single = text.slice(0, 3);
    const tight = documentOfLines([
      ...block.map((t, k) => lineAt(1, 250, 120 + 16 * k, 10, t)),
      lineAt(1, 280, 270, 10, "Abstract"),
      ...single.map((t, k) => lineAt(1, 72, 290 + 12 * k, 10, t, 468)),
      lineAt(1, 72, 334, 10, "This version: March 2019"),
    ]);
    const opens = tight.lines.findIndex((l) => l.text === single[0]);
    expect(paragraphAfter(tight.lines, opens, tight, 10).map((l) => l.text)).toEqual(single);
  });

  it("ends an abstract at a section heading, not at its own line that begins with the heading's word", () => {
    const rows: Array<[string, number]> = [
      ["Audit Committee Expertise and Financial Reporting Quality", 16],
      ["Yuki Watanabe and Mei Ling Chen", 12],
      ["Faculty of Business and Commerce, Keio University, Tokyo, Japan", 10],
      ["Abstract", 12],
      ["How does audit committee expertise affect financial reporting quality? We assemble a new", 11],
      ["data set covering 2,976 transactions from 1992 to 2016 and use a difference-in-differences", 11],
      ["design. Firms with weak governance respond twice as strongly to the new disclosure rule.", 11],
      ["1. Introduction", 14],
      ["A large literature studies audit committee expertise, yet little is known about its effects", 11],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.abstract.value).toMatch(/^How does .* twice as strongly to the new disclosure rule\.$/);
  });

  it("finds the abstract's label printed at the end of another line, two columns read across", () => {
    const header = readHeader(
      documentOf([
        ["A Language Model Approach to Keyphrase Extraction", 16],
        ["Takashi Tomokiyo and Matthew Hurst", 11],
        ["Applied Research Center, Intelliseek, Inc.", 11],
        ["Pittsburgh, PA 15213 ABSTRACT", 11],
        ["We present a new approach to extracting keyphrases based on statistical", 10],
        ["language models. Our approach is to use pointwise divergence between", 10],
        ["multiple language models for scoring both phraseness and informativeness,", 10],
        ["which can be unified into a single score to rank extracted phrases.", 10],
      ]),
    );
    expect(header.abstract.value).toMatch(/^We present a new approach .* to rank extracted phrases\.$/);
    expect(header.authors.map((a) => a.affiliation)).toEqual(Array(2).fill("Applied Research Center, Intelliseek, Inc., Pittsburgh, PA 15213"));
    // A heading run into the end of a sentence is no label.
    const prose = readHeader(
      documentOf([
        ["Who Pays for Liquidity? Evidence from Corporate Bond Dealers", 16],
        ["Hanna Lindqvist", 11],
        ["Stockholm School of Economics", 10],
        ["We study how dealers price liquidity when their balance sheets are constrained, comparing otherwise", 10],
        ["similar trades that differ in their exposure to the dealers' capital requirements of interest. Summary", 10],
        ["statistics are reported in the appendix, and every result holds in each of the subsamples we examine.", 10],
      ]),
    );
    expect(prose.abstract.value).toMatch(/^We study how dealers/);
  });

  it("carries an abstract on through its paragraph where the labeller leans away from a line, and across one line it doubts before one it is sure of, not where it is sure a line is not the abstract's", () => {
    const doc = documentOf([
      ["Methodology/Principal Findings: We performed a cross-sectional analysis of laboratory results", 10],
      ["for employees and their spouses, focusing on three common health conditions: hyperlipidemia,", 10],
      ["diabetes mellitus and chronic kidney disease; 52,270 first-time participants (24%, 12,392)", 10],
      ["were analyzed. Nearly all participants had access to health insurance coverage at the time.", 10],
      ["Conclusions: These results support laboratory testing as an integral part of assessments.", 10],
      ["Introduction", 12],
    ]);
    // The conclusions are a paragraph of their own: a wider gap above them.
    for (const l of doc.lines.slice(4)) l.y += 12;
    const sure = (p: number) => ({ title: 0, author: 0, affiliation: 0, email: 0, abstract: p, keywords: 0, other: 1 - p });
    const text = (lines: typeof doc.lines) => lines.map((l) => l.text.split(" ")[0]);
    const goesOn = (...p: number[]) => text(abstractGoesOn(doc.lines, 1, p.map(sure)));
    // Its paragraph goes on where the labeller leans away; the next paragraph is the labeller's to say.
    expect(goesOn(1, 0.9, 0.3, 0.3, 0.9, 0.9)).toEqual(["for", "diabetes", "were", "Conclusions:"]);
    expect(goesOn(1, 0.9, 0.3, 0.3, 0.3, 0.9)).toEqual(["for", "diabetes", "were"]);
    // Not where the labeller is sure a line is not the abstract's, unless the next one is sure it is.
    expect(goesOn(1, 0.9, 0.05, 0.9, 0.9, 0.9)).toEqual(["for", "diabetes", "were", "Conclusions:"]);
    expect(goesOn(1, 0.9, 0.05, 0.6, 0.9, 0.9)).toEqual(["for"]);
    expect(goesOn(1, 0.9, 0.05, 0.05, 0.9, 0.9)).toEqual(["for"]);
    // Nor a smaller note set under it.
    for (const l of doc.lines.slice(3)) l.size = 8;
    expect(goesOn(1, 0.9, 0.9, 0.3, 0.3, 0.3)).toEqual(["for", "diabetes"]);
  });

  it("reads PLOS's abstract: its label at the end of the line above with the first part's heading, the next part's heading at the end of a line of text", () => {
    const rows: Array<[string, number]> = [
      ["Trends in HIV care cascade engagement among diagnosed people living with HIV in Ontario", 18],
      ["James Wilton^1, Abigail E. Kroch^1^*", 12],
      ["^1 Ontario HIV Treatment Network, Toronto, Canada", 10],
      ["* akroch@ohtn.example.ca Abstract Background", 11],
      ["The HIV cascade is an important framework for assessing systems of care, but population-based", 11],
      ["assessment is lacking for most jurisdictions worldwide. We measured cascade indicators over time", 11],
      ["in a population-based cohort of diagnosed people living with HIV in Ontario, Canada. Methods", 11],
      ["We created a retrospective cohort of diagnosed people using a centralized laboratory database", 11],
      ["with diagnostic and viral load test records linked at the individual level across the province.", 11],
    ];
    const doc = documentOf(rows);
    for (const l of doc.lines.slice(7)) l.y += 8;
    expect(readHeader(doc).abstract.value).toMatch(/^Background The HIV cascade .* Canada\. Methods We created .* the province\.$/);
    // The part after the heading is the abstract's even where the labeller doubts it; not after a line without one.
    const doubt = (p: number) => ({ title: 0, author: 0, affiliation: 0, email: 0, abstract: p, keywords: 0, other: 1 - p });
    const labels = [0, 0, 0, 0, 1, 1, 1, 0, 0.3].map(doubt);
    expect(abstractGoesOn(doc.lines, 7, labels, doc.lines.slice(4, 7)).map((l) => l.text.split(" ")[1])).toEqual(["created", "diagnostic"]);
    doc.lines[6]!.text = "in a population-based cohort of diagnosed people living with HIV in Ontario, Canada.";
    expect(abstractGoesOn(doc.lines, 7, labels, doc.lines.slice(4, 7))).toEqual([]);
  });

  it("ends an abstract set in a narrower measure where the wider text below begins, and at its JEL codes", () => {
    // An AER first page: the abstract inset on both sides, justified; the introduction in the full
    // measure right below, in the same size, with no heading between them.
    const rows: Array<[string, number]> = [
      ["Household Leverage and the Transmission of Monetary Policy", 14],
      ["By Mariana Oyelaran and Tobias Feldkamp*", 11],
      ["We study how household leverage shapes the response of consumption to", 11],
      ["monetary policy, using loan-level data on adjustable-rate mortgages and", 11],
      ["spending records for two million households over fifteen years. Highly", 11],
      ["leveraged households cut spending more after a tightening than others do.", 11],
      ["The pass-through of policy rates into household budgets is the mechanism", 11],
      ["that a large literature on monetary transmission has argued about since the", 11],
      ["early work on credit channels, and the evidence on it is still limited.", 11],
    ];
    const doc = documentOf(rows);
    const inset = (i: number, x: number, width: number) => Object.assign(doc.lines[i]!, { x, width });
    for (let i = 2; i <= 5; i++) inset(i, 102, 300);
    for (let i = 6; i <= 8; i++) inset(i, 69, 366);
    for (const l of doc.lines.slice(2)) l.spans = [{ text: l.text, x: l.x, y: l.y, width: l.width, size: 11, font: "Times", sup: false }];
    const sure = (p: number) => ({ title: 0, author: 0, affiliation: 0, email: 0, abstract: p, keywords: 0, other: 1 - p });
    // However sure the labeller is of the introduction, the measure ends the abstract.
    const first = (lines: typeof doc.lines) => lines.map((l) => l.text.split(" ")[0]);
    expect(first(abstractGoesOn(doc.lines, 5, [0, 0, 1, 1, 1, 0.9, 0.9, 0.9, 0.9].map(sure), doc.lines.slice(2, 5)))).toEqual(["leveraged"]);
    // Ragged lines say nothing of a measure: the labeller decides.
    for (let i = 2; i <= 5; i++) doc.lines[i]!.width = 280 + i * 4;
    expect(first(abstractGoesOn(doc.lines, 5, [0, 0, 1, 1, 1, 0.9, 0.9, 0.9, 0.9].map(sure), doc.lines.slice(2, 5)))).toEqual(["leveraged", "The", "that", "early"]);
    // The AEA's JEL codes run into the last line end it, and are the paper's codes.
    const aer = documentOf([...rows.slice(0, 5), ["leveraged households cut spending more after a tightening.(JEL E21, E52, G21)", 11]]);
    const header = readHeader(aer);
    expect(header.abstract.value).toMatch(/ after a tightening\.$/);
    expect(header.jel.value).toEqual(["E21", "E52", "G21"]);
  });
  it("judges an unlabelled abstract whole, from its first line, where the labeller doubts its first lines", () => {
    const paragraph = [
      "The charter divided the province between two reserve districts, and during the slump",
      "their policies differed. The western district lent freely to banks that ran short of",
      "cash, while the eastern one kept to the rules it had followed before the crisis began.",
      "During the panic of the first winter the western district lent within days of a run.",
      "The eastern district did not. Outcomes differed across the line that divided them:",
      "in the west banks survived at higher rates and lending went on at higher levels,",
      "trade contracted less and the recovery began earlier than it did in the east.",
    ];
    const head = [lineAt(1, 150, 80, 16, "Reserve Districts and Bank Runs"), lineAt(1, 150, 110, 13, "Hanna Lindqvist")];
    const lines = [...head, ...paragraph.map((t, i) => lineAt(1, 170, 160 + i * 10, 9, t, 300)), lineAt(1, 150, 260, 8, "We thank colleagues for advice and encouragement.")];
    const doc = documentOfLines(lines);
    const label = (p: number) => ({ title: 0, author: 0, affiliation: 0, email: 0, abstract: p, keywords: 0, other: 1 - p });
    const read = (labels: number[]) =>
      readAbstract(lines, { labelIndex: -1, labelTrails: false, labels: [label(0), label(0), ...labels.map(label), label(0)], model: true, indexOf: new Map(lines.map((l, i) => [l, i])), titleEnd: 0, doc, body: 9, vocabulary: vocabularyOf(lines.map((l) => l.text)) }).text;
    // The labeller doubts the first four lines: the paragraph it is sure of from the fifth is read from its first line.
    expect(read([0, 0, 0, 0, 0.7, 0.3, 0.6])).toMatch(/^The charter divided .* than it did in the east\.$/);
    // A paragraph too short to be an abstract, whole (43 words), stays unread.
    const short = [...head, ...paragraph.slice(0, 3).map((t, i) => lineAt(1, 170, 160 + i * 10, 9, t, 300))];
    expect(readAbstract(short, { labelIndex: -1, labelTrails: false, labels: [label(0), label(0), label(0), label(0.7), label(0.7)], model: true, indexOf: new Map(short.map((l, i) => [l, i])), titleEnd: 0, doc: documentOfLines(short), body: 9, vocabulary: new Set() }).text).toBeNull();
  });

  it("reads no unlabelled abstract from text set in two columns: a paper without one opens with its introduction", () => {
    const left = [
      "A long tradition in asset pricing holds that",
      "investors trade on signals that are correlated",
      "across the market, and that such trading moves",
      "prices away from fundamentals for long periods.",
      "The leading objection to this view is that the",
      "traders who make such mistakes lose money and",
    ];
    const right = [
      "the economy has two dates and a single good;",
      "a riskless asset pays one unit at the end and",
      "a risky asset pays an amount that is normally",
      "distributed with a known mean and variance. An",
      "investor holding a share of the risky asset has",
      "wealth at the end that depends on the price paid",
    ];
    const head = [lineAt(1, 150, 72, 15, "Market Sentiment and the Cost of Mistakes"), lineAt(1, 190, 100, 10, "By Lena Moreau and Tomas Varga")];
    const columns = left.flatMap((t, i) => [lineAt(1, 72, 160 + i * 12, 10.5, t, 225), lineAt(1, 315, 160 + i * 12, 10.5, right[i]!, 225)]);
    expect(readHeader(documentOfLines([...head, ...columns])).abstract.value).toBeNull();
    // An unlabelled abstract set across the page above the columns is read, and ends where they begin.
    const across = [
      "We study whether investors who trade on correlated signals survive in a market where",
      "others learn from prices. In a noisy rational expectations model with costly attention,",
      "a small cost of ignoring market sentiment is enough to sustain large deviations of prices",
      "from fundamentals, and those who follow the sentiment earn almost as much as those who do",
      "not. The model explains why mistakes that are correlated across traders persist for years.",
    ].map((t, i) => lineAt(1, 72, 125 + i * 12, 10.5, t, 468));
    const shifted = columns.map((l) => ({ ...l, y: l.y + 40, spans: l.spans.map((s) => ({ ...s, y: s.y + 40 })) }));
    expect(readHeader(documentOfLines([...head, ...across, ...shifted])).abstract.value).toMatch(/^We study whether .* persist for years\.$/);
  });
  it("reads no unlabelled abstract from a paragraph that opens with a drop cap: a review's article begins with its body", () => {
    const head = [lineAt(1, 78, 90, 16, "The Quiet Decline of Regional Banking"), lineAt(1, 78, 140, 16, "Lena Moreau and Tomas Varga")];
    const indented = [
      "he number of banks headquartered outside the largest cities has fallen",
      "by half since 1990, and the loans they made to small firms fell with",
    ].map((t, i) => lineAt(1, 115, 200 + i * 13, 10, t, 400));
    const rest = [
      "them. Many authors have commented on this decline, and several have asked whether",
      "the firms that lost a local lender found another one, at what price, and how long",
      "it took them. We bring new data on the loans of every bank in the country to the",
      "question, and we find that the answer depends on the distance to the next branch.",
      "Firms more than thirty miles away paid more for credit for at least five years.",
    ].map((t, i) => lineAt(1, 78, 239 + i * 13, 10, t, 437));
    // The letter, 40 points high, is printed at the left of the third line, whose words go on after it.
    const dropped = lineOfSpans(1, 226, [[78, "T", 40], [115, "decline in lending is largest in the counties with the fewest branches left.", 10]]);
    const lines = [...head, ...indented, { ...dropped, size: 10 }, ...rest];
    expect(readHeader(documentOfLines(lines)).abstract.value).toBeNull();
    // The same paragraph with its first letter in the line's size is read as an unlabelled abstract.
    const plain = lineOfSpans(1, 226, [[78, "T", 10], [84, "decline in lending is largest in the counties with the fewest branches left.", 10]]);
    expect(readHeader(documentOfLines([...head, ...indented, plain, ...rest])).abstract.value).toMatch(/^he number of banks .* for at least five years\.$/);
    // A large letter beside a paragraph whose words begin anew ("The number …") is some other glyph, not its first letter.
    const whole = indented.map((l, i) => (i ? l : { ...l, text: `T${l.text}`, spans: l.spans.map((sp) => ({ ...sp, text: `T${sp.text}` })) }));
    expect(readHeader(documentOfLines([...head, ...whole, { ...dropped, size: 10 }, ...rest])).abstract.value).toMatch(/^The number of banks .* for at least five years\.$/);
    // An abstract above a body that opens with one is read: its lines begin where the letter does, not beside it.
    const abstract = [
      "We ask whether firms that lost their local bank found another lender, and at what price. Using",
      "the loans of every bank in the country, we follow each firm for ten years after its bank closed.",
      "Most firms found another lender within a year, but paid more for credit where the next branch",
      "was far away, and firms more than thirty miles from a branch invested less for five years after.",
    ].map((t, i) => lineAt(1, 78, 170 + i * 13, 10, t, 437));
    const below = [...indented, { ...dropped, size: 10 }, ...rest].map((l) => ({ ...l, y: l.y + 60, spans: l.spans.map((sp) => ({ ...sp, y: sp.y + 60 })) }));
    expect(readHeader(documentOfLines([...head, ...abstract, ...below])).abstract.value).toMatch(/^We ask whether .* for five years after\.$/);
  });

  it("reads an abstract whose run-in label opens the left one of two columns, not the other column's lines beside it", () => {
    const left = [
      "Abstract—Order books hold every resting order of a market,",
      "and a trading agent that reads them well can quote tighter",
      "spreads. We train a reinforcement learning agent on order",
      "book data with a convolutional network and a reward that",
      "penalises inventory, and it earns more than its benchmarks.",
    ];
    const right = [
      "important features of the order book. In an electronic market,",
      "designing an agent that makes a market has become a practical",
      "problem for exchanges and for the firms that trade on them.",
      "This paper presents an agent for market making in a simulated",
      "environment built from a year of order book messages.",
    ];
    const lines = [
      lineAt(1, 80, 72, 22, "Market Making with Order Book Learning"),
      lineAt(1, 200, 110, 11, "Wen Zhao and Karin Holt"),
      ...left.flatMap((t, i) => [lineAt(1, 49, 226 + i * 10, 9, t, 240), lineAt(1, 312, 226 + i * 12, 10, right[i]!, 240)]),
    ];
    expect(readHeader(documentOfLines(lines)).abstract.value).toBe(
      "Order books hold every resting order of a market, and a trading agent that reads them well can quote tighter spreads. We train a reinforcement learning agent on order book data with a convolutional network and a reward that penalises inventory, and it earns more than its benchmarks.",
    );
  });

  it("ends where a note set in its size stands below it by a gap of more than two and a half lines", () => {
    const doc = documentOf([
      ["From Many Harbours, One Cycle: Estimates of the Trade Cycle", 16],
      ["Ada Moss and Karl Lind", 12],
      ["Board of Governors of the Harbour Reserve System", 12],
      ["Abstract", 12],
      ["We construct new estimates of potential trade and the trade gap using a multivariate", 12],
      ["approach that allows for an explicit role for measurement errors in the decomposition of", 12],
      ["real trade. We find that harbour variables are the most informative indicators of the", 12],
      ["state of the trade cycle, and that the gap after the recent crisis was very large.", 12],
      ["The analysis and conclusions set forth are those of the authors and do not indicate", 12],
      ["concurrence by other members of the research staff or the Board of Governors. We are", 12],
      ["grateful to Ines Albrecht for able research assistance and to Kofi Mensah for comments.", 12],
    ]);
    doc.lines.slice(8).forEach((l) => (l.y += 32));
    const read = readHeader(doc);
    expect(read.abstract.value).toMatch(/^We construct new estimates .* was very large\.$/);
    // (A second paragraph of the abstract set as far apart goes on.)
    const paragraphs = documentOf(doc.lines.slice(0, 8).map((l) => [l.text, l.size] as [string, number]).concat([["Second, we show that the income-side measures of trade are about as informative as the", 12], ["product-side measures about the level of structural productivity in the harbours.", 12]]));
    paragraphs.lines.slice(8).forEach((l) => (l.y += 32));
    expect(readHeader(paragraphs).abstract.value).toMatch(/ in the harbours\.$/);
  });
});
