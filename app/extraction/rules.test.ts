import { describe, expect, it } from "vitest";
import { countryOfEmail, trailingCountry } from "./countries";
import { abstractGoesOn } from "./abstract";
import { findTitle, looksLikeName, namesOnLine, readHeader, splitAffiliation, splitName } from "./header";
import { JEL_RUN_IN, lowerCaseWords } from "./patterns";
import type { Document } from "./model";
import { fixLigatures, joinLines, joinSpans, similarity, vocabularyOf } from "./text";

describe("extraction rules", () => {
  it("splits names with particles, initials and capitalised particles", () => {
    expect(splitName("Pieter van der Berg")).toEqual({ firstName: "Pieter", lastName: "van der Berg" });
    expect(splitName("Michael J. Thornton")).toEqual({ firstName: "Michael J.", lastName: "Thornton" });
    expect(splitName("Ciarán Ó Briain")).toEqual({ firstName: "Ciarán", lastName: "Ó Briain" });
    expect(splitName("María José de la Cruz")).toEqual({ firstName: "María José", lastName: "de la Cruz" });
  });

  it("keeps family names joined by a conjunction or a particle, and capitalised Italian particles", () => {
    expect(splitName("Núria Vidal i Puig")).toEqual({ firstName: "Núria", lastName: "Vidal i Puig" });
    expect(splitName("Carmen Ortega y Gasset")).toEqual({ firstName: "Carmen", lastName: "Ortega y Gasset" });
    expect(splitName("Javier López de Haro")).toEqual({ firstName: "Javier", lastName: "López de Haro" });
    expect(splitName("Juan Carlos de la Vega")).toEqual({ firstName: "Juan Carlos", lastName: "de la Vega" });
    expect(splitName("Giulia Lo Russo")).toEqual({ firstName: "Giulia", lastName: "Lo Russo" });
    expect(splitName("Maria Grazia La Rocca")).toEqual({ firstName: "Maria Grazia", lastName: "La Rocca" });
    expect(looksLikeName("Núria Vidal i Puig")).toBe(true);
  });

  it("reads a family name printed in capitals wherever it stands, and drops a title before a name", () => {
    expect(splitName("PANCHER Marie")).toEqual({ firstName: "Marie", lastName: "Pancher" });
    expect(splitName("Anne-Laure AMILHAT SZARY")).toEqual({ firstName: "Anne-Laure", lastName: "Amilhat Szary" });
    expect(splitName("Margaret Moy LUM-KWONG")).toEqual({ firstName: "Margaret Moy", lastName: "Lum-Kwong" });
    expect(splitName("WILLIAM McGUIRE")).toEqual({ firstName: "William", lastName: "McGuire" });
    expect(splitName("Dr Vincent Thibault")).toEqual({ firstName: "Vincent", lastName: "Thibault" });
    // Initials in capitals are not a family name.
    expect(splitName("JP Morgan")).toEqual({ firstName: "JP", lastName: "Morgan" });
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

  it("tells names from affiliations, dates and notes", () => {
    expect(looksLikeName("Diego García-Márquez")).toBe(true);
    expect(looksLikeName("Åsa Lindström")).toBe(true);
    expect(looksLikeName("Department of Finance")).toBe(false);
    expect(looksLikeName("March 2024")).toBe(false);
    expect(looksLikeName("Preliminary draft")).toBe(false);
  });

  it("undoes line-end hyphenation but keeps real compounds", () => {
    const vocabulary = vocabularyOf(["banks reduced their risk-taking", "market"]);
    expect(joinLines(["Deposit rates rose slower than mar-", "ket rates"], vocabulary)).toBe("Deposit rates rose slower than market rates");
    expect(joinLines(["reduced their risk-", "taking"], vocabulary)).toBe("reduced their risk-taking");
    expect(joinLines(["a one-standard-", "deviation"], vocabulary)).toBe("a one-standard-deviation");
  });

  it("repairs ligatures and TeX's loose accents", () => {
    expect(fixLigatures("ﬁrm eﬀect")).toBe("firm effect");
    expect(fixLigatures("Dvoˇrák")).toBe("Dvořák");
  });

  it("finds the printed country, or the one an e-mail's domain names", () => {
    expect(trailingCountry("Tilburg University, The Netherlands")).toEqual({ rest: "Tilburg University", country: "Netherlands" });
    expect(trailingCountry("Koç University, Istanbul, Turkey")).toEqual({ rest: "Koç University, Istanbul", country: "Turkey" });
    expect(trailingCountry("Yonsei University, Seoul")).toEqual({ rest: "Yonsei University, Seoul", country: null });
    expect(countryOfEmail("a@korea.ac.kr")).toBe("South Korea");
    expect(countryOfEmail("b@mit.edu")).toBe("United States");
  });

  it("separates the department from the institution when both are printed", () => {
    expect(splitAffiliation("Department of Finance, Tilburg School of Economics and Management, Tilburg University")).toEqual({
      department: "Department of Finance",
      institution: "Tilburg School of Economics and Management, Tilburg University",
    });
    expect(splitAffiliation("Korea University Business School, Seoul")).toEqual({ department: null, institution: "Korea University Business School, Seoul" });
    expect(splitAffiliation("School of Finance, Shanghai University of Finance and Economics, Shanghai")).toEqual({
      department: "School of Finance",
      institution: "Shanghai University of Finance and Economics, Shanghai",
    });
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

  it("leaves generational suffixes and a first page's capitalised words out of names", () => {
    expect(splitName("William S. Yancy Jr.")).toEqual({ firstName: "William S.", lastName: "Yancy" });
    expect(splitName("EMILE R. MOHLER III")).toEqual({ firstName: "Emile R.", lastName: "Mohler" });
    expect(splitName("ELIZABETH J. MAYER-DAVIS")).toEqual({ firstName: "Elizabeth J.", lastName: "Mayer-Davis" });
    for (const words of ["Open Access", "Key Words", "Case Description", "Cell Death", "Metabolic Disorders Team", "Received February", "Memphis Tennessee"]) expect(looksLikeName(words)).toBe(false);
    // Words that are also family names stay names.
    expect(looksLikeName("Anne Case")).toBe(true);
    expect(looksLikeName("Philip Lane")).toBe(true);
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

  it("cuts a paragraph of numbered affiliations at its raised numbers, and finds e-mails printed below the abstract", () => {
    const rows: Array<[string, number]> = [
      ["Genetic analysis of hybridization between wild lemurs", 16],
      ["Jennifer Pastorini^*^1^,^2, Alphonse Zaramody^3 and Nicholas I Mundy^2", 11],
      ["Address: ^1Anthropologisches Institut, Universität Zürich, 8057 Zürich, Switzerland, ^2Department of", 9],
      ["Zoology, University of Cambridge, Cambridge, UK and ^3Département des Sciences de la Terre, Université de", 9],
      ["Mahajanga, Mahajanga, Madagascar", 9],
      ["Abstract", 12],
      ["Hybrid zones generally represent areas of secondary contact after speciation, and the nature of the interaction", 10],
      ["between genes of individuals in such a zone is of interest in the study of evolutionary processes in general.", 10],
      ["Correspondence: jennifer.pastorini@aim.uzh.ch; permissions: journals.permissions@example.org", 8],
      ["Contact: n.mundy@cam.ac.uk", 8],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => [a.lastName, a.affiliation, a.email])).toEqual([
      ["Pastorini", "Anthropologisches Institut, Universität Zürich, 8057 Zürich; Department of Zoology, University of Cambridge, Cambridge", "jennifer.pastorini@aim.uzh.ch"],
      ["Zaramody", "Département des Sciences de la Terre, Université de Mahajanga, Mahajanga", null],
      ["Mundy", "Department of Zoology, University of Cambridge, Cambridge", "n.mundy@cam.ac.uk"],
    ]);
  });

  it("ends a footnote affiliation before the licence or a line of running text, and reads the labeller's affiliation after a marker at a line's end", () => {
    const rows: Array<[string, number]> = [
      ["R E S E A R C H A R T I C L E", 10],
      ["Liquidity timing in small-cap mutual funds", 18],
      ["Astrid Holmqvist^1^* and Tomasz Wierzbicki^2", 10],
      ["Abstract", 10],
      ["Background: Fund managers are said to time liquidity as well as the market. We ask whether", 10],
      ["small-cap funds do, using daily holdings and the spread of every stock they hold over ten years.", 10],
      ["Results: Funds that hold more illiquid stocks trim them before spreads widen, and the timing", 10],
      ["adds a third of a percentage point a year. Conclusions: Liquidity timing is a skill of its own.", 10],
      ["Keywords: Mutual funds, Liquidity, Market timing", 10],
      ["* Correspondence: astrid.holmqvist@example.se^1", 9],
      ["Department of Finance, Stockholm School of Economics, Box 6501, 11383", 9],
      ["Stockholm, Sweden", 9],
      ["Full list of author information is available at the end of the article", 9],
      ["© 2019 Holmqvist and Wierzbicki. Open Access This article is distributed under the terms of the licence.", 9],
    ];
    const header = readHeader(documentOf(rows));
    expect(header.authors.map((a) => [a.lastName, a.affiliation, a.country])).toEqual([
      ["Holmqvist", "Department of Finance, Stockholm School of Economics, Box 6501, 11383 Stockholm", "Sweden"],
      ["Wierzbicki", null, null],
    ]);
  });

  it("reads 'From the¹ …; the² …' notes at the text's size, past a stray raised '²' in the abstract and an unlisted degree", () => {
    const rows: Array<[string, number]> = [
      ["Bank Capital and the Pricing of Deposit Insurance", 18],
      ["MARGARET L. OKONKWO, MS, RD, CD^1", 10],
      ["DANIEL R. HOLLIS, MBA^2", 10],
      ["PRIYA S. RAMAN, PHD^3", 10],
      ["OBJECTIVE-We ask whether deposit insurance is priced fairly when bank capital is measured at market", 10],
      ["value rather than at book value, and how far the gap grows in a crisis (losses above 1.73 m^2", 10],
      ["per dollar insured). RESEARCH DESIGN AND METHODS-We use quarterly filings of every insured bank", 10],
      ["from 1992 to 2019 and the premiums each paid, and value the insurance as a put on the bank assets.", 10],
      ["From the^1 Federal Deposit Insurance Corporation, Washington, District of", 10],
      ["Columbia; the^2 Department of Finance, Kellogg School of Management, North-", 10],
      ["western University, Evanston, Illinois; and the^3 Division of Banking", 10],
      ["Research, Federal Reserve Bank of Chicago, Economic Research", 10],
      ["Department, Chicago, Illinois.", 10],
      ["Corresponding author: Margaret L. Okonkwo, mokonkwo@example.org.", 10],
      ["Received 11 June 2019 and accepted 17 August 2019.", 10],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => [a.lastName, a.affiliation])).toEqual([
      ["Okonkwo", "Federal Deposit Insurance Corporation, Washington, District of Columbia"],
      ["Hollis", "Department of Finance, Kellogg School of Management, Northwestern University, Evanston, Illinois"],
      ["Raman", "Division of Banking Research, Federal Reserve Bank of Chicago, Economic Research Department, Chicago, Illinois"],
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

  it("ends an affiliation at its country, and leaves a keywords line out of it", () => {
    const header = readHeader(
      documentOf([
        ["Contamination of Retail Food by Resistant Bacteria", 16],
        ["Aoife Brennan", 11],
        ["School of Veterinary Medicine, University College Dublin, Ireland", 10],
        ["Diagnostic Bacteriology Laboratory, National Veterinary Services, Ames, Iowa, USA", 10],
        ["Keywords Marketing management, Food safety, Agriculture", 10],
        ["Abstract", 12],
        ["Resistant bacteria were isolated from retail food in two countries over three years, and the share of", 10],
        ["resistant isolates rose in both, most in poultry, least in vegetables sold loose at markets and shops.", 10],
      ]),
    );
    expect(header.authors.map((a) => [a.affiliation, a.country])).toEqual([
      ["School of Veterinary Medicine, University College Dublin; Diagnostic Bacteriology Laboratory, National Veterinary Services, Ames, Iowa", "Ireland"],
    ]);
  });

  it("keeps a title's first line the labeller doubts, and a line the title plainly goes on to, but not a name an address spells", () => {
    const doc = documentOf([
      ["Large common deletions associate with", 18],
      ["mortality at old age", 18],
      ["Maris Kuningas, Karol Estrada and Henning Tiemeier", 11],
    ]);
    const said = (title: number, author: number) => ({ title, author, affiliation: 0, email: 0, abstract: 0, keywords: 0, other: 1 - title - author });
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
    for (const banner of ["SLAC-PUB-12820", "cond-mat/9903395 v2 24 Oct 1999", "3400 N. Charles Street, Baltimore, MD 21218", "© 2014 The Authors. Published by Elsevier B.V.", "2 0 0 6 L A N D E S B I O S C I E N C E", "ORIGINAL RESEARCH published: 13 January 2021", "BMC Cancer", "BIOINFORMATICS REVIEW", "Presented as a RobustML workshop paper at ICLR 2021", "Frontiers in Finance | www.example-journal.org", "Meridian Analytics, Inc. 1717 West Sixth Street, Suite 290"]) {
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

  it("measures similarity as normalised Levenshtein", () => {
    expect(similarity("kitten", "sitting")).toBeCloseTo(1 - 3 / 7);
    expect(similarity("same", "same")).toBe(1);
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

  it("splits a note at an address's country where an institution begins, not where the country is the institution's name", () => {
    const rows: Array<[string, number]> = [
      ["Shell Structure of Exotic Nuclei Far from Stability", 18],
      ["Anna Kowalska^1 and Min-jun Park^2^,^3", 11],
      ["^1 Physics Division, Oak Ridge National Laboratory, Oak Ridge, Tennessee 37831, USA Department of Physics,", 9],
      ["University of Warsaw, Warsaw, Poland", 9],
      ["^2 Department of Physics, Korea University, Seoul, Korea", 9],
      ["^3 Centre de Recherche Cerveau et Cognition, CNRS, 31052 Toulouse Cedex, France, Université Paul Sabatier, Toulouse, France", 9],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => a.affiliation)).toEqual([
      "Physics Division, Oak Ridge National Laboratory, Oak Ridge, Tennessee 37831; Department of Physics, University of Warsaw, Warsaw",
      "Department of Physics, Korea University, Seoul; Centre de Recherche Cerveau et Cognition, CNRS, 31052 Toulouse Cedex; Université Paul Sabatier, Toulouse",
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

  it("reads notes numbered with a hyphen ('1-AP-HP, …'), splits a note where a research body's acronym follows a country, and keeps 'U.S.' whole", () => {
    const rows: Array<[string, number]> = [
      ["Coexistence of circulating antigens and antibodies in chronic carriers", 18],
      ["Marie Pancher^1, Yen Ngo^2", 11],
      ["1-AP-HP, Pitié-Salpêtrière Hospital, Virology Department, Paris, France", 10],
      ["2-Univ. Grenoble Alpes, G2Elab, F-38000 Grenoble, France, CNRS, G2Elab, F-38000 Grenoble, France", 10],
    ];
    expect(readHeader(documentOf(rows)).authors.map((a) => a.affiliation)).toEqual([
      "AP-HP, Pitié-Salpêtrière Hospital, Virology Department, Paris",
      "Univ. Grenoble Alpes, G2Elab, F-38000 Grenoble; CNRS, G2Elab, F-38000 Grenoble",
    ]);
    // Initials with their full stops end no sentence: "U.S. Geological Survey" is one.
    const survey = documentOf([
      ["An exact solution for ideal dam-break floods on steep slopes", 18],
      ["Richard M. Iverson^2", 11],
      ["^2 U.S. Geological Survey, Cascades Volcano Observatory, Vancouver, Washington, USA", 10],
    ]);
    expect(readHeader(survey).authors[0]!.affiliation).toBe("U.S. Geological Survey, Cascades Volcano Observatory, Vancouver, Washington");
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

  it("gives no author a sentence of thanks or funding, or a fragment cut mid-word, for an affiliation", () => {
    const doc = documentOf([
      ["Who Becomes a Dealer? Entry and Capital Rules", 17],
      ["Helena Brandt^*", 12],
      ["We characterize which firms become dealers in corporate bond markets and how entry responds to the capital", 10],
      ["rules that govern them, using regulatory filings on every dealer registered in the United States since 2002.", 10],
      ["Entry falls sharply after capital requirements rise, and the firms that stay out are the smallest ones.", 10],
      ["^* Gratitude is also extended to the staff of the Securities and Exchange Commission for their help with the data.", 8],
      ["dation, the National Institute on Aging Grant T32AG000186, Harvard University, and the European Research Council.", 8],
    ]);
    expect(readHeader(doc).authors.map((a) => a.affiliation)).toEqual([null]);
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

  it("takes no publisher's imprint in a footnote for an affiliation, though it names a university", () => {
    const rows: Array<[string, number]> = [
      ["Predicting renal graft failure using multivariate longitudinal profiles", 18],
      ["Steffen Fieuws^*", 12],
      ["We model the risk of graft failure from repeated measurements of several markers of renal function.", 10],
      ["^* Biostatistical Centre, Katholieke Universiteit Leuven, Leuven, Belgium. Published by Oxford University Press.", 8],
    ];
    const [author] = readHeader(documentOf(rows)).authors;
    expect(author?.affiliation).toBe("Biostatistical Centre, Katholieke Universiteit Leuven, Leuven");
  });
});

/**
 * A one-page PDF-like document of left-aligned lines, 16 points apart. "^1" or "^*" in a row is a
 * raised marker: its own small span, left out of the line's text as the PDF reader leaves it.
 */
function documentOf(rows: Array<[string, number]>): Document {
  return {
    kind: "pdf",
    pages: 1,
    pageWidth: 612,
    pageHeight: 792,
    lines: rows.map(([row, size], i) => {
      const y = 80 + i * 16;
      let x = 72;
      const spans = row
        .split(/(\^(?:\d+|[*†‡§]+|[a-h]|,|–))/)
        .filter(Boolean)
        .map((part) => {
          const sup = part.startsWith("^");
          const text = sup ? part.slice(1) : part;
          const span = { text, x, y: sup ? y - 3 : y, width: text.length * size * (sup ? 0.3 : 0.45), size: sup ? size * 0.6 : size, font: "Times", sup };
          x += span.width;
          return span;
        });
      return { page: 1, x: 72, y, width: x - 72, size, text: joinSpans(spans.filter((s) => !s.sup)), spans };
    }),
  };
}
