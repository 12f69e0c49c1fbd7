import { describe, expect, it } from "vitest";
import { affiliationsFromNotes, withoutThanked } from "./author-notes";
import type { ExtractedAuthor, Line } from "./model";

function line(y: number, text: string, { x = 72, size = 8, page = 1 } = {}): Line {
  const width = text.length * size * 0.45;
  return { page, x, y, width, size, text, spans: [{ text, x, y, width, size, font: "Times", sup: false }] };
}
const lines = (texts: string[], options: { x?: number; size?: number; page?: number; from?: number; step?: number } = {}) =>
  texts.map((t, i) => line((options.from ?? 500) + i * (options.step ?? 9), t, options));
function author(firstName: string, lastName: string, affiliation: string | null = null): ExtractedAuthor {
  return { firstName, lastName, email: null, affiliation, institution: affiliation, department: null, country: null, isCorresponding: false, confidence: 0.9, source: null };
}

describe("author notes", () => {
  it("reads the AEA's note keyed by family name: each author's address up to their e-mail, the thanks after it left alone", () => {
    const note = lines([
      "* Okonjo: Department of Economics, University of Lagos, Akoka, Lagos 101017, Nigeria (e-mail: okonjo@unilag",
      "example.ng); Halvorsen: Norges Bank, Bankplassen 2, 0151 Oslo, Norway (e-mail: halvorsen@norges-bank.example.no).",
      "We thank Ingrid Solberg and seminar participants for helpful comments. Halvorsen acknowledges funding from the",
      "Research Council of Norway.",
    ]);
    const authors = [author("Adaeze", "Okonjo", "Research Council of Norway"), author("Erik", "Halvorsen")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => [a.affiliation, a.country])).toEqual([
      ["Department of Economics, University of Lagos, Akoka, Lagos 101017", "Nigeria"],
      ["Norges Bank, Bankplassen 2, 0151 Oslo", "Norway"],
    ]);
    expect(authors[1]!.email).toBe("halvorsen@norges-bank.example.no");
  });

  it("reads a street after the full stop that ends a place as the place's, and a double-spaced note's lines left open as one note", () => {
    // (Lines 24 points apart in a note set in 10-point type: a manuscript's double spacing.)
    const note = lines(
      [
        "Gavazza: Department of Economics, London School of Economics. Houghton Street, London WC2A 2AE, United Kingdom",
        "(e-mail: a.gavazza@lse.example.uk); Lizzeri: Department of Economics, New York University, 19 West 4th Street,",
        "New York, NY 10012 (e-mail: lizzeri@nyu.example.edu); Williams: Department of Economics,",
        "University of North Carolina at Chapel Hill, jonwms@unc.example.edu.",
      ],
      { size: 10, step: 24 },
    );
    const authors = [author("Alessandro", "Gavazza"), author("Alessandro", "Lizzeri"), author("Jonathan W.", "Williams")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual([
      "Department of Economics, London School of Economics. Houghton Street, London WC2A 2AE",
      "Department of Economics, New York University, 19 West 4th Street, New York, NY 10012",
      "Department of Economics, University of North Carolina at Chapel Hill",
    ]);
    expect(authors[2]!.email).toBe("jonwms@unc.example.edu");
  });

  it("takes the postal address an author's note gives after the thanks, in place of the short name printed under theirs", () => {
    const note = lines([
      "I thank Marta Quist, Oren Bale and seminar participants for helpful comments, and the Harbour Institute for financial support",
      "over many years of work on this project and the data behind it, which took far longer than planned. Department of Economics,",
      "The Kestrel School of Economics and Political Science, 12 Wren Street, KS1 4AB, Kestrel, United Kingdom, email: r.vale@example.ac.uk.",
    ]);
    const authors = [author("Rosa", "Vale", "The Kestrel School of Economics")];
    authors[0]!.email = "r.vale@example.ac.uk";
    affiliationsFromNotes(note, authors);
    expect([authors[0]!.affiliation, authors[0]!.country]).toEqual(["Department of Economics, The Kestrel School of Economics and Political Science, 12 Wren Street, KS1 4AB, Kestrel", "United Kingdom"]);
    // (Not a sentence that names the place: "Written at …" keeps the place read under the name.)
    const written = [author("Ruth", "Lowe", "Harbour University")];
    written[0]!.email = "lowe@example.edu";
    affiliationsFromNotes(lines(["Written at the Department of Economics, Harbour University, 14 Quay Road, Portsmouth. Email: lowe@example.edu."]), written);
    expect(written[0]!.affiliation).toBe("Harbour University");
    // (Nor another institution whose name begins as the place read, nor a place with a date.)
    for (const [read, note] of [
      ["Harbour University", "Department of Economics, Harbour University of Technology, 14 Quay Road, Eastbury. Email: lowe@example.edu."],
      ["Kestrel University", "Department of Surgery, Kestrel University Hospital, 14 Quay Road, Oslo, Norway. Email: lowe@example.edu."],
      ["Harbour University", "Department of Economics, Harbour University, 14 Quay Road, Portsmouth (until 2022). Email: lowe@example.edu."],
    ]) {
      const other = [author("Ruth", "Lowe", read!)];
      other[0]!.email = "lowe@example.edu";
      affiliationsFromNotes(lines([note!]), other);
      expect(other[0]!.affiliation, note).toBe(read);
    }
  });

  it("reads two places printed as two sentences before an author's e-mail, and takes the next author's place out of theirs", () => {
    const note = lines([
      "Harbour University and CEGA. Department of Economics, 1285 Harbour University, Eastbury, OR 97403.",
      "E-mail: moss@example.edu",
      "Kestrel University, Department of Economics, 310A Lake Hall, 360 Quay Avenue, Boston, MA 02115, United States. E-mail: lind@example.edu.",
    ]);
    const authors = [author("Ana", "Moss", "Harbour University and CEGA; Department of Economics, 1285 Harbour University, Eastbury, OR 97403; Kestrel University, Department of Economics, 310A Lake Hall, 360 Quay Avenue, Boston, MA 02115"), author("Karl", "Lind")];
    authors[0]!.email = "moss@example.edu";
    authors[1]!.email = "lind@example.edu";
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual([
      "Harbour University and CEGA; Department of Economics, 1285 Harbour University, Eastbury, OR 97403",
      "Kestrel University, Department of Economics, 310A Lake Hall, 360 Quay Avenue, Boston, MA 02115",
    ]);
    // (Not a sentence said of a place, a post held there; not a second place of one's own that begins as another's.)
    for (const first of ["Research supported by the National Science Foundation.", "Visiting Scholar, Harvard University."]) {
      const funded = [author("Ana", "Moss")];
      funded[0]!.email = "moss@example.edu";
      affiliationsFromNotes(lines([`${first} Department of Economics, Harbour University. Email: moss@example.edu`]), funded);
      expect(funded[0]!.affiliation, first).toBeNull();
    }
    // (Nor numbered places run together, though the second opens as a street might: "2 St Andrews University".)
    const numbered = [author("Ana", "Moss")];
    numbered[0]!.email = "moss@example.edu";
    affiliationsFromNotes(lines(["1 Harbour University, 2 St Kestrel University. Email: moss@example.edu"]), numbered);
    expect(numbered[0]!.affiliation).toBeNull();
    const two = [author("Ana", "Moss", "Harbour University; IZA Institute of Labor Economics"), author("Karl", "Lind")];
    two[0]!.email = "moss@example.edu";
    two[1]!.email = "lind@example.edu";
    affiliationsFromNotes(lines(["Harbour University. Email: moss@example.edu. IZA. Email: lind@example.edu."]), two);
    expect(two[0]!.affiliation).toBe("Harbour University; IZA Institute of Labor Economics");
  });

  it("adds to each author's place the street and town their own note prints before their e-mail", () => {
    const note = lines([
      "We are grateful to Ida Brun and seminar participants at many places for comments over the years, and we thank the staff of",
      "the statistics office for help with the data. The views expressed are the authors' own and not those of the Central Bank of",
      "Ruritania or its board. All results were reviewed so that no confidential information is disclosed.",
      "41st Street and Harbour Avenue N.W. Port Town, R.C. 20551. Email: a.moss@example.org.",
      "41st Street and Harbour Avenue N.W. Port Town, R.C. 20551. Email: k.lind@example.org.",
    ]);
    const authors = [author("Ana", "Moss", "Central Bank of Ruritania"), author("Karl", "Lind", "Central Bank of Ruritania")];
    authors[0]!.email = "a.moss@example.org";
    authors[1]!.email = "k.lind@example.org";
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual([0, 1].map(() => "Central Bank of Ruritania, 41st Street and Harbour Avenue N.W. Port Town, R.C. 20551"));
    // (A street alone is no one's place: an author with none read gets none from it.)
    const bare = [author("Ana", "Moss"), author("Karl", "Lind")];
    bare[0]!.email = "a.moss@example.org";
    affiliationsFromNotes(lines(["41st Street and Harbour Avenue N.W. Port Town, R.C. 20551. Email: a.moss@example.org."]), bare);
    expect(bare[0]!.affiliation).toBeNull();
    // (Nor a street before several authors' e-mails, nor one on a contact's line.)
    for (const said of ["41st Street and Harbour Avenue N.W. Port Town, R.C. 20551. Emails: a.moss@example.org, k.lind@example.org.", "41st Street and Harbour Avenue N.W. Port Town, R.C. 20551, Tel 202 555 1234. Email: a.moss@example.org."]) {
      const placed = [author("Ana", "Moss", "Central Bank of Ruritania"), author("Karl", "Lind", "Central Bank of Ruritania")];
      placed[0]!.email = "a.moss@example.org";
      placed[1]!.email = "k.lind@example.org";
      affiliationsFromNotes(lines([said]), placed);
      expect(placed[0]!.affiliation, said).toBe("Central Bank of Ruritania");
    }
  });

  it("adds to a sole author's place the town, postcode and country their note prints after the same place", () => {
    const note = lines([
      "Corresponding Author, Assistant Professor, School of Economics, Shandong University, Jinan, 250100,",
      "China. Fax: 86-531-88571371; Tel: 86-531-88364625; Email: qingsongpan@example.edu.",
      "I extend my deepest gratitude to Dan Ackerberg and Brendan Kline for their invaluable guidance.",
    ]);
    const authors = [author("Qingsong", "Pan", "School of Economics, Shandong University")];
    affiliationsFromNotes(note, authors);
    expect([authors[0]!.affiliation, authors[0]!.country]).toEqual(["School of Economics, Shandong University, Jinan, 250100", "China"]);
    // (Nor is a year after the place a postcode: "…, Harvard University, 2019.")
    const dated = [author("Ruth", "Lowe", "Department of Economics, Harvard University")];
    affiliationsFromNotes(lines(["Written at the Department of Economics, Harvard University, 2019. Email: lowe@example.edu."]), dated);
    expect(dated[0]!.affiliation).toBe("Department of Economics, Harvard University");
  });

  it("reads a series' entries before the abstract: the author's name, then one line with the place said 'at' and the e-mail", () => {
    const page = lines([
      "Acknowledgements",
      "We thank Philipp Hartmann for inspiring and supporting this project throughout all stages.",
      "Dániel Holló",
      "at Magyar Nemzeti Bank, 1054 Szabadság tér 8/9, 1850 Budapest, Hungary; e-mail: hollod@mnb.example.hu",
      "Manfred Kremer (corresponding author)",
      "at European Central Bank, Kaiserstrasse 29, D-60311 Frankfurt am Main, Germany; e-mail: kremer@ecb.example.eu",
    ], { step: 11 });
    const authors = [author("Dániel", "Holló"), author("Manfred", "Kremer")];
    affiliationsFromNotes(page, authors);
    expect(authors.map((a) => [a.affiliation, a.country, a.email])).toEqual([
      ["Magyar Nemzeti Bank, 1054 Szabadság tér 8/9, 1850 Budapest", "Hungary", "hollod@mnb.example.hu"],
      ["European Central Bank, Kaiserstrasse 29, D-60311 Frankfurt am Main", "Germany", "kremer@ecb.example.eu"],
    ]);
  });

  it("gives a sole author the place a note names by its city before their e-mail, and takes no sentence of what was done for a place", () => {
    const note = lines([
      "Mines Paris – PSL (email: guillaume.wald@minesparis.example.eu).",
      "Acknowledgements: This research is supported with funding from EDF. Access to some confidential data, on which",
      "this work is based, was made possible within a secure environment provided by CASD – Centre d’accès sécurisé aux données.",
    ]);
    const authors = [author("Guillaume", "Wald")];
    affiliationsFromNotes(note, authors);
    expect([authors[0]!.affiliation, authors[0]!.country]).toEqual(["Mines Paris – PSL", "France"]);
  });

  it("reads entries by family name and a comma, each ending at the author's e-mail in brackets", () => {
    const note = lines([
      "Moss, Harbour University, 308 College Drive, 437 Hall One, Eastbury, OK (moss@example.edu); Ruiz, Federal Reserve",
      "Bank of Norland and Eastbury University, 2200 N. Pearl St., Dallas, TX 75201 (ruiz@example.org); Tanaka, College of",
      "Eastbury, P.O. Box 8795, Williamsburg, VA 23187 (tanaka@example.edu). We thank Ada Lind for her contributions.",
    ]);
    const three = [author("Ada", "Moss"), author("Pilar", "Ruiz"), author("Ken", "Tanaka")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => [a.affiliation, a.email])).toEqual([
      ["Harbour University, 308 College Drive, 437 Hall One, Eastbury, OK", "moss@example.edu"],
      ["Federal Reserve Bank of Norland and Eastbury University, 2200 N. Pearl St., Dallas, TX 75201", "ruiz@example.org"],
      ["College of Eastbury, P.O. Box 8795, Williamsburg, VA 23187", "tanaka@example.edu"],
    ]);
    // (Not a name and a comma that no e-mail in brackets ends, nor an entry run across a sentence's end or naming another
    // author: those are left to the other rules.)
    const cited = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["Moss, Harbour University and Ruiz (2019) study the same question. We thank the referee."]), cited);
    expect(cited[0]!.affiliation).toBeNull();
    const thanked = [author("Ada", "Moss"), author("Pilar", "Ruiz")];
    affiliationsFromNotes(lines(["* Moss, Harbour University. We thank Pilar Ruiz (ruiz@example.org) for the data."]), thanked);
    expect([thanked[0]!.affiliation ?? "", thanked[0]!.email]).not.toContain("ruiz@example.org");
    expect(thanked[0]!.affiliation ?? "").not.toMatch(/thank/i);
    const pair = [author("Ada", "Moss"), author("Ken", "Tanaka")];
    affiliationsFromNotes(lines(["* Moss, Harbour University and Tanaka, Eastbury College (tanaka@example.edu) wrote the first draft."]), pair);
    expect([pair[0]!.affiliation, pair[0]!.email]).toEqual([null, null]);
  });

  it("gives the corresponding author the address their note prints after the label and their name", () => {
    const note = lines([
      "Corresponding author: Ana Ruiz, Department of Economics, Harbour University, Eastbury CV4 7AL, UK.",
      "Email: a.ruiz@example.ac.uk",
      "This paper was received on 14 June 2019 and accepted on 26 August 2021. The Editor was Tom Price.",
    ]);
    const pair = [author("Ana", "Ruiz"), author("Ken", "Tanaka")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => [a.affiliation, a.country])).toEqual([
      ["Department of Economics, Harbour University, Eastbury CV4 7AL", "United Kingdom"],
      [null, null],
    ]);
    // (A sentence said of them after the label is no place.)
    const thanking = [author("Ken", "Tanaka")];
    affiliationsFromNotes(lines(["Corresponding author: Ken Tanaka, who thanks the Harbour University Foundation for support. E-mail: k.tanaka@example.ac.uk"]), thanking);
    expect(thanking[0]!.affiliation).toBeNull();
  });

  it("reads a hostile note of entries that never end in linear time", () => {
    // (An entry by family name and a comma is sought wherever the name begins a sentence: each try reads at most one
    // sentence, not the rest of the note.)
    const note = lines([". Moss, A".repeat(25_000)]);
    const started = performance.now();
    affiliationsFromNotes(note, [author("Ada", "Moss"), author("Ken", "Tanaka")]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("reads an entry whose name carries its role in brackets before the colon", () => {
    const note = lines([
      "Ortega (corresponding author): Harbour University (Department of Economics & Center for Child Development) & CEPR. Email:",
      "ortega@example.ch. Lind: University of Eastbury, CEBI, IZA. Email: lind@example.dk. We are grateful to Tom Price.",
    ]);
    const pair = [author("Ana", "Ortega"), author("Meltem", "Lind")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => a.affiliation)).toEqual(["Harbour University (Department of Economics & Center for Child Development) & CEPR", "University of Eastbury, CEBI, IZA"]);
  });

  it("reads one sentence that speaks of every author in turn, a post without its article and initials in it", () => {
    const note = lines([
      "* Harrison Hong is in the Department of Economics, Princeton University; David A. Sraer is in the Department",
      "of Economics, UC Berkeley. We thank the referee.",
    ]);
    const pair = [author("Harrison", "Hong"), author("David A.", "Sraer")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => a.affiliation)).toEqual(["Department of Economics, Princeton University", "Department of Economics, UC Berkeley"]);
    const posts = lines([
      "Okafor is Vice President, Bank Supervision, Federal Reserve Bank of Richmond (okafor@example.org), Varga is J.R. Hale Jr.",
      "Professor, Booth School of Business, University of Chicago (varga@example.org), and Lund is Senior Economist, Sveriges Riksbank.",
    ]);
    const three = [author("Ngozi", "Okafor"), author("Ilona", "Varga"), author("Per", "Lund")];
    affiliationsFromNotes(posts, three);
    expect(three.map((a) => a.affiliation)).toEqual(["Bank Supervision, Federal Reserve Bank of Richmond", "Booth School of Business, University of Chicago", "Sveriges Riksbank"]);
    // An acronym's brackets and initials do not end an author's part; the next author's name does.
    const fed = lines(["Moss is at the London School of Economics (LSE) and CEPR. Ruiz is at the Federal Reserve Board, Washington, D.C. Tanaka is in part", "supported by a grant and is at Keio University."]);
    const others = [author("Ada", "Moss"), author("Pilar", "Ruiz"), author("Ken", "Tanaka")];
    affiliationsFromNotes(fed, others);
    expect(others.map((a) => a.affiliation)).toEqual(["London School of Economics (LSE) and CEPR", "Federal Reserve Board, Washington", null]);
  });

  it("reads an author's sentence that begins right after the e-mail ending the one before, a line to each author", () => {
    const note = lines([
      "Ada Moss is at the Harbour Business School and CEPR. email: ada.moss@example.edu",
      "Pilar Ruiz is at the Department of Finance, University of Eastbury and CEPR.",
      "email: pilar.ruiz@example.edu",
      "Ken Tanaka is at the Kestrel University Business School. email: k.tanaka@example.ac.uk",
    ]);
    const three = [author("Ada", "Moss"), author("Pilar", "Ruiz"), author("Ken", "Tanaka")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => a.affiliation)).toEqual(["Harbour Business School and CEPR", "Department of Finance, University of Eastbury and CEPR", "Kestrel University Business School"]);
  });

  it("reads entries of a family name, 'at' and a place, parted by their e-mails", () => {
    const note = lines([
      "Moss at Department of Finance, Harbour University; email: ada.moss@example.edu.",
      "Ruiz at Department of Economics, University of Eastbury; email:",
      "pilar.ruiz@example.edu. Tanaka at Kestrel Finance Institute, Kestrel University; email: ken@example.org.",
    ]);
    const three = [author("Ada", "Moss"), author("Pilar", "Ruiz"), author("Ken", "Tanaka")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => a.affiliation)).toEqual(["Department of Finance, Harbour University", "Department of Economics, University of Eastbury", "Kestrel Finance Institute, Kestrel University"]);
  });

  it("reads the first entry keyed by family name right after the note's label for correspondence", () => {
    const note = lines([
      "We thank seminar participants for comments. Address for correspondence: Moss: Harbour University, IGIER and CEPR, Via",
      "Roma 1, 20136 Milan, Italy, ada.moss@harbour.example.it. Ruiz: University of Eastbury, 3410 Gallagher Hall, Eastbury, CA",
      "95616, USA, pruiz@eastbury.example.edu.",
    ]);
    const two = [author("Ada", "Moss"), author("Pilar", "Ruiz")];
    affiliationsFromNotes(note, two);
    expect(two.map((a) => [a.affiliation, a.email])).toEqual([
      ["Harbour University, IGIER and CEPR, Via Roma 1, 20136 Milan", "ada.moss@harbour.example.it"],
      ["University of Eastbury, 3410 Gallagher Hall, Eastbury, CA 95616", "pruiz@eastbury.example.edu"],
    ]);
  });

  it("reads 'X is from Y' and 'X is the … Professor of …, Y' sentences, and keeps a country that ends an institution's name", () => {
    const note = lines([
      "Lindgren is from the Stockholm School of Economics and CEPR. Moreau is from Banque de France and the Bank of",
      "France. Tomás Ibarra is the Marcel Boiteux Professor of Finance, Universidad Carlos III de Madrid, Spain. We",
      "are grateful to the editor for comments.",
    ]);
    const authors = [author("Sofia", "Lindgren"), author("Claire", "Moreau"), author("Tomás", "Ibarra")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual(["Stockholm School of Economics and CEPR", "Banque de France and the Bank of France", "Universidad Carlos III de Madrid"]);
    expect(authors[2]!.country).toBe("Spain");
  });

  it("reads a biographical note's posts and places: an e-mail after the name, several places, a post every author holds besides", () => {
    const fund = lines([
      "Ada Moss (amoss@example.org) is Deputy Division Chief in the Western Hemisphere Department of the IMF; Karl",
      "Lind (k.lind@example.ac.uk) is a DPhil Student at the University of Eastbury and Visiting Research Fellow at Harbour",
      "College London; Rosa Quintana (rq@example.org) is Deputy Director of the Western Hemisphere Department of the IMF",
      "and a Research Fellow at the Centre for Policy Studies (CPS) in London. We thank Ian Perry for comments.",
    ]);
    const three = [author("Ada", "Moss"), author("Karl", "Lind"), author("Rosa", "Quintana")];
    affiliationsFromNotes(fund, three);
    expect(three.map((a) => a.affiliation)).toEqual([
      "Western Hemisphere Department of the IMF",
      "University of Eastbury; Harbour College London",
      "Western Hemisphere Department of the IMF; Centre for Policy Studies (CPS), London",
    ]);
    // (Of several places, the first one's country: the fund's, not London's.)
    expect(three[2]!.country).toBe("United States");
    const review = lines([
      "■ Ada Moss is Edwin and Betty L. Harbour Professor, University of Eastbury, Eastbury, Illinois. Karl Lind is the",
      "R. Quill Professor, of Economics and the John E. Marsh Faculty Fellow, Harbour Business School, Chicago, Illinois.",
      "Pia Noor is Economics PhD Student, Department of Economics, Kestrel University, PA 19122. Wei Li is Professor at",
      "Eastbury College and a co-director since 2019. All four authors are Research Associates, National Bureau of",
      "Economic Research, Cambridge, Massachusetts.",
    ]);
    const four = [author("Ada", "Moss"), author("Karl", "Lind"), author("Pia", "Noor"), author("Wei", "Li")];
    affiliationsFromNotes(review, four);
    const nber = "National Bureau of Economic Research, Cambridge, Massachusetts";
    expect(four.map((a) => a.affiliation)).toEqual([
      `University of Eastbury, Eastbury, Illinois; ${nber}`,
      `Harbour Business School, Chicago, Illinois; ${nber}`,
      `Department of Economics, Kestrel University, PA 19122; ${nber}`,
      `Eastbury College; ${nber}`,
    ]);
    // (The country of the first place that says one: the bureau's, Cambridge in Massachusetts, for a college that says none.)
    expect(four.map((a) => a.country)).toEqual(["United States", "United States", "United States", "United States"]);
  });

  it("reads of a biographical sentence the place alone: not what it goes on to say, a post held before or a learned society's fellowship", () => {
    const note = lines([
      "Ada Moss is Professor at Harbour University and Karl Lind is Economist at the Bank of Norland. Pia Noor is Associate",
      "Professor at Eastbury University, where she directs the Center for Banking. Rosa Quintana is an economist at the Bank",
      "for International Settlements since 2019. Wei Li is a former Economist at the Federal Reserve Board. Ola Berg is a",
      "Fellow of the Econometric Society. Tom Vik is a lecturer at Kestrel College working in Corporate Finance. Ina Roe is",
      "a researcher at the Institute for Research in Labour Economics.",
    ]);
    const eight = [author("Ada", "Moss"), author("Karl", "Lind"), author("Pia", "Noor"), author("Rosa", "Quintana"), author("Wei", "Li", "Harbour College"), author("Ola", "Berg", "University of Eastbury"), author("Tom", "Vik"), author("Ina", "Roe")];
    affiliationsFromNotes(note, eight);
    expect(eight.map((a) => a.affiliation)).toEqual(["Harbour University", "Bank of Norland", "Eastbury University", "Bank for International Settlements", "Harbour College", "University of Eastbury", "Kestrel College", "Institute for Research in Labour Economics"]);
    // Entries of the family name, the e-mail and the place, "; " between them, a role in brackets after a name.
    const jfqa = [author("Ada", "Moss"), author("Karl", "Lind"), author("Pia", "Noor")];
    affiliationsFromNotes(
      lines([
        "*Moss, amoss@harbour.edu, Harbour University, Kelley School of Business, Eastbury, IN 47405; Lind, lind@kestrel.edu, Kestrel",
        "University in St. Louis, Olin Business School, St. Louis, MO 63130; and Noor (corresponding author), noor@tern.ac.il, Tern",
        "University, School of Business, Tern 69978, Israel. We thank Ola Berg, Harbour College, for comments.",
      ]),
      jfqa,
    );
    expect(jfqa.map((a) => a.affiliation)).toEqual(["Harbour University, Kelley School of Business, Eastbury, IN 47405", "Kestrel University in St. Louis, Olin Business School, St. Louis, MO 63130", "Tern University, School of Business, Tern 69978"]);
    expect(jfqa.map((a) => a.country)).toEqual(["United States", "United States", "Israel"]);
    // Of two entries under one family name, each author takes the one whose mailbox fits them; none takes another's
    // mailbox; a place ends where a clause said of the author follows it.
    const lis = [author("Xia", "Li"), author("Yan", "Li")];
    affiliationsFromNotes(lines(["*Li, xia.li@harbour.edu, Harbour University, Eastbury, IN 47405; and Li (corresponding author), yan.li@tern.ac.il,", "Tern University, Tern 69978, Israel."]), lis);
    expect(lis.map((a) => [a.affiliation, a.email])).toEqual([["Harbour University, Eastbury, IN 47405", "xia.li@harbour.edu"], ["Tern University, Tern 69978", "yan.li@tern.ac.il"]]);
    const other = [author("Karl", "Lind")];
    affiliationsFromNotes(lines(["*Moss, Harbour University, Eastbury; Lind, amoss@harbour.edu, Kestrel University, Westbury, MO 63130."]), other);
    expect(other[0]!.affiliation).toBe(null);
    const clause = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["*Moss, amoss@harbour.edu, Harbour University, Eastbury, IN 47405, thanks the Kestrel Foundation for support."]), clause);
    expect(clause[0]!.affiliation).toBe("Harbour University, Eastbury, IN 47405");
    // A contact's line gives the postal address after the author's e-mail; a line of thanks after one does not.
    const sole = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["Contact: amoss@harbour.edu, Department of Economics, 12 Kestrel Hall, Harbour University, Eastbury, MD", "21218, https://amoss.example.org/."]), sole);
    expect(sole[0]!.affiliation).toBe("Department of Economics, 12 Kestrel Hall, Harbour University, Eastbury, MD 21218");
    // (Its sentence may hold a town's abbreviation: "St. Louis".)
    const fed = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["Contact: amoss@harbour.org, Research Division, Federal Reserve Bank of Harbour, P.O. Box 442, St. Louis, MO 63166."]), fed);
    expect(fed[0]!.affiliation).toBe("Research Division, Federal Reserve Bank of Harbour, P.O. Box 442, St. Louis, MO 63166");
    const thanked = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["Contact: amoss@harbour.edu, with thanks to the Department of Economics, Harbour University, for 12 months of support."]), thanked);
    expect(thanked[0]!.affiliation).toBe(null);
    // A post's name that goes on after a post's word ("Assistant Vice President") and another post joined by "and".
    const officer = [author("Ada", "Moss"), author("Karl", "Lind")];
    affiliationsFromNotes(lines(["Ada Moss is an assistant vice president and economist at the Federal Reserve Bank of Norland. Karl Lind is an", "assistant to the president of Harbour University."]), officer);
    expect(officer.map((a) => a.affiliation)).toEqual(["Federal Reserve Bank of Norland", null]);
    // (Not past a place printed with no word joining it to the post: "a doctoral candidate Harbour University and an analyst at …".)
    const unjoined = [author("Ada", "Moss")];
    affiliationsFromNotes(lines(["Ada Moss is a doctoral candidate Harbour University and an analyst at Kestrel Bank."]), unjoined);
    expect(unjoined[0]!.affiliation).toBe(null);
  });

  it("puts a post every author holds after the place read under each name, once, and never a post held before", () => {
    const note = lines(["All authors are Research Associates, National Bureau of Economic Research, Cambridge, Massachusetts. We thank Ian Perry."]);
    const two = [author("Ada", "Moss", "Harvard University"), author("Karl", "Lind", "Stanford University; National Bureau of Economic Research")];
    affiliationsFromNotes(note, two);
    expect(two.map((a) => [a.affiliation, a.country])).toEqual([
      ["Harvard University; National Bureau of Economic Research, Cambridge, Massachusetts", "United States"],
      ["Stanford University; National Bureau of Economic Research", "United States"],
    ]);
    const before = [author("Ada", "Moss", "Harvard University"), author("Karl", "Lind", "Stanford University")];
    affiliationsFromNotes(lines(["Both authors are former Economists at the International Monetary Fund."]), before);
    expect(before.map((a) => a.affiliation)).toEqual(["Harvard University", "Stanford University"]);
  });

  it("reads one note for all the authors, their places in order ('… respectively'), a misprinted name among them", () => {
    const note = lines([
      "Ferreira, Okafor, and Lindqvist are from Universidade Nova de Lisboa, University of California, Los Angeles, and",
      "Stockholm University, respectively. We thank Maria Ortega for comments.",
    ]);
    const authors = [author("Rui", "Ferreira"), author("Chidi", "Okafor"), author("Anna", "Lindkvist")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual(["Universidade Nova de Lisboa", "University of California, Los Angeles", "Stockholm University"]);
    // Places that do not match the authors one to one are nobody's.
    const two = [author("Rui", "Ferreira"), author("Chidi", "Okafor")];
    affiliationsFromNotes(note, two);
    expect(two.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("gives every author the place a note says they share, a unit at its institution read as an address prints it", () => {
    const note = lines([
      "* Both authors are at the Graduate School of Business at the University of Chicago. Rajan thanks the Center for Research",
      "in Security Prices for funding.",
    ]);
    const pair = [author("Amara", "Rajan"), author("Luca", "Zanetti")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => a.affiliation)).toEqual(["Graduate School of Business, University of Chicago", "Graduate School of Business, University of Chicago"]);
    // A note of one author's place is not everyone's.
    const one = [author("Amara", "Rajan"), author("Luca", "Zanetti")];
    affiliationsFromNotes(lines(["* Rajan is at the Booth School of Business at the University of Chicago."]), one);
    expect(one.map((a) => a.affiliation)).toEqual(["Booth School of Business, University of Chicago", null]);
    // The place goes on in the sentence after it where that is its institution and address alone.
    const addressed = lines([
      "Both authors are at Department of Finance and Center for Harbour Frictions (HFRIC). Eastbury Business School, Quay",
      "Plads 3, DK-2000 Eastbury, Denmark. E-mail: abn.fi@example.dk and dl.fi@example.dk. We acknowledge support from the",
      "Harbour Research Council.",
    ]);
    const two = [author("Dag", "Lund"), author("Anna Berg", "Nilsen")];
    affiliationsFromNotes(addressed, two);
    expect(two.map((a) => [a.affiliation, a.country])).toEqual([
      ["Department of Finance and Center for Harbour Frictions (HFRIC), Eastbury Business School, Quay Plads 3, DK-2000 Eastbury", "Denmark"],
      ["Department of Finance and Center for Harbour Frictions (HFRIC), Eastbury Business School, Quay Plads 3, DK-2000 Eastbury", "Denmark"],
    ]);
  });

  it("keeps the places read under the names where a note's shared place is already part of each", () => {
    // The byline's numbered places name the shared one with each author's second post; the note adds nothing to them.
    const note = lines([
      "* All authors are at Harbour Capital Partners. Ines Carvalho can be contacted at i.carvalho@example.com. Tomas",
      "Lind is also at Uppsala University and can be contacted at t.lind@example.com.",
    ]);
    const three = [author("Ines", "Carvalho", "Harbour Capital Partners"), author("Tomas", "Lind", "Uppsala University, Harbour Capital Partners"), author("Rhea", "Okoro", "KTH, Harbour Capital Partners")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => a.affiliation)).toEqual(["Harbour Capital Partners", "Uppsala University, Harbour Capital Partners", "KTH, Harbour Capital Partners"]);
    // A place read with the list's separators or an e-mail run into the shared one is mended by the note.
    const badly = [author("Ines", "Carvalho", "Harbour Capital Partners,,, and"), author("Tomas", "Lind", "Harbour Capital Partners, (e-mail: t.lind@example.com)")];
    affiliationsFromNotes(note, badly);
    expect(badly.map((a) => a.affiliation)).toEqual(["Harbour Capital Partners", "Harbour Capital Partners"]);
    // Where a place read does not name it, the note's shared place is the author's.
    const apart = [author("Ines", "Carvalho", "Harbour Capital Partners"), author("Tomas", "Lind", "Uppsala University")];
    affiliationsFromNotes(note, apart);
    expect(apart.map((a) => a.affiliation)).toEqual(["Harbour Capital Partners", "Harbour Capital Partners"]);
  });

  it("reads an address's abbreviations as no sentence's end, and leaves out an e-mail and honours", () => {
    const note = lines([
      "Higgins: Northwestern University, Kellogg School of Management, 2211 Campus Drive, Evanston, IL 60208 sean.higgins@kellogg.",
      "northwestern.edu. Seira: ITAM, Department of Economics, Av. Camino a Santa Teresa 930, Mexico City 10700, enrique.seira@itam.mx.",
      "Rose is B.T. Rocca Jr. Professor, Haas School of Business, University of California, Berkeley, ABFER senior fellow, CEPR",
      "research fellow, and NBER research associate (arose@haas.example.edu).",
    ]);
    const three = [author("Sean", "Higgins"), author("Enrique", "Seira"), author("Andrew K.", "Rose")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => a.affiliation)).toEqual([
      "Northwestern University, Kellogg School of Management, 2211 Campus Drive, Evanston, IL 60208",
      "ITAM, Department of Economics, Av. Camino a Santa Teresa 930, Mexico City 10700",
      "Haas School of Business, University of California, Berkeley",
    ]);
  });

  it("reads a note whose lines a page's other column stands between", () => {
    const note = [line(500, "* Okonjo: Department of Economics, University of Lagos,", { x: 60 }), line(503, "the rise of disability programs since the", { x: 320, size: 10 }), line(509, "Akoka (e-mail: okonjo@unilag.example.ng); Halvorsen: Norges", { x: 52 }), line(515, "Bank, Oslo (e-mail: halvorsen@norges-bank.example.no).", { x: 52 })];
    const authors = [author("Adaeze", "Okonjo"), author("Erik", "Halvorsen")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual(["Department of Economics, University of Lagos, Akoka", "Norges Bank, Oslo"]);
  });

  it("reads a series' address blocks after the abstract, side by side, each under its author's name", () => {
    const abstractEnd = line(300, "monetary policy in small open economies.", { size: 12 });
    const left = lines(["Hanna Virtanen", "Department of Economics", "University of Helsinki", "P.O. Box 17", "00014 Helsinki", "FINLAND", "and NBER", "hanna.virtanen@helsinki.example.fi"], { x: 72, size: 12, from: 340, step: 14 });
    const right = lines(["Rafael Quintero", "Banco de México", "Av. 5 de Mayo 2", "Mexico City 06000", "rquintero@banxico.example.mx"], { x: 320, size: 12, from: 340, step: 14 });
    // Read across, as a PDF gives two columns: the rows interleaved.
    const rows = left.flatMap((l, i) => (right[i] ? [l, right[i]!] : [l]));
    const authors = [author("Hanna", "Virtanen", "NATIONAL BUREAU OF ECONOMIC RESEARCH, 1050 Massachusetts Avenue"), author("Rafael", "Quintero")];
    affiliationsFromNotes([abstractEnd, ...rows], authors, abstractEnd);
    expect(authors.map((a) => a.affiliation)).toEqual(["Department of Economics, University of Helsinki, P.O. Box 17, 00014 Helsinki, and NBER", "Banco de México, Av. 5 de Mayo 2, Mexico City 06000"]);
    expect(authors.map((a) => a.email)).toEqual(["hanna.virtanen@helsinki.example.fi", "rquintero@banxico.example.mx"]);
    // Above the abstract, a name alone on a line is the title page's author list, not an address block.
    const before = [author("Hanna", "Virtanen"), author("Rafael", "Quintero")];
    affiliationsFromNotes([...rows, abstractEnd], before, abstractEnd);
    expect(before.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("reads address blocks set centred side by side, each line under its name's middle", () => {
    const abstractEnd = line(300, "monetary policy in small open economies.", { size: 12 });
    const centred = (middle: number, texts: string[]) => texts.map((t, i) => line(340 + i * 14, t, { x: middle - (t.length * 12 * 0.45) / 2, size: 12 }));
    const left = centred(180, ["Hanna Virtanen", "University of Harbour / Finland", "hanna.virtanen@harbour.example.fi"]);
    const right = centred(420, ["Rafael Quintero", "Eastbury University / Mexico", "rquintero@eastbury.example.mx"]);
    const rows = left.flatMap((l, i) => [l, right[i]!]);
    const authors = [author("Hanna", "Virtanen"), author("Rafael", "Quintero")];
    affiliationsFromNotes([abstractEnd, ...rows], authors, abstractEnd);
    expect(authors.map((a) => [a.affiliation, a.email, a.country])).toEqual([
      ["University of Harbour", "hanna.virtanen@harbour.example.fi", "Finland"],
      ["Eastbury University", "rquintero@eastbury.example.mx", "Mexico"],
    ]);
  });

  it("gives the place a note prints before the authors' e-mails to each author it lists, and fills or mends only", () => {
    // A central bank's staff paper: one place, then every author's address.
    const staff = lines([
      "Federal Reserve Board; kyung.park@frb.example.gov; tomas.lind@frb.example.gov; and min.oduya@frb.example.gov. The",
      "authors thank Dario Caldera and seminar participants at the Norges Bank for helpful comments.",
    ]);
    const authors = [author("Kyung", "Park"), author("Tomas", "Lind", "Federal Reserve Board,,, and"), author("Min", "Oduya")];
    authors[0]!.email = "kyung.park@frb.example.gov";
    affiliationsFromNotes(staff, authors);
    expect(authors.map((a) => a.affiliation)).toEqual(["Federal Reserve Board", "Federal Reserve Board", "Federal Reserve Board"]);
    // Numbered notes, each a place and one author's address; a place read elsewhere stays.
    const numbered = lines(["(1) International Monetary Fund. Email: spark2@imf.example.org", "(2) Bank of England. Email: anna.mell@bankofengland.example.co.uk"]);
    const two = [author("Sun", "Park"), author("Anna", "Mell", "Bank of England, Threadneedle Street")];
    affiliationsFromNotes(numbered, two);
    expect(two.map((a) => a.affiliation)).toEqual(["International Monetary Fund", "Bank of England, Threadneedle Street"]);
    // Not a correspondence line, nor thanks with an address in them.
    const others = lines(["Corresponding author: Department of Finance, University of Lagos. Email: sun.park@unilag.example.ng", "We thank the Bank of Ghana (data@bog.example.gh) for the data."]);
    const one = [author("Sun", "Park"), author("Kofi", "Data")];
    affiliationsFromNotes(others, one);
    expect(one.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("reads places said 'respectively' without the names, and a correspondence note's address over a line printed under every name", () => {
    const respective = lines(["*University of Pennsylvania and Princeton Univer-", "sity, respectively. Research support under National Science Foundation grants is acknowledged."]);
    const two = [author("Sanford", "Grossmann"), author("Joseph", "Stiegler")];
    affiliationsFromNotes(respective, two);
    expect(two.map((a) => a.affiliation)).toEqual(["University of Pennsylvania", "Princeton University"]);

    const correspondence = lines([
      "Correspondence to: Xiaoling Chen, Department of Economics, Yale University, Box 208281, New Haven, CT 06520, USA. E-mail:",
      "xiaoling.chen@yale.example.edu Correspondence to: Sydney C. Ludwig, Department of Economics, New York University, 19 W. 4th",
      "Street, New York, NY 10012. E-mail: sydney.ludwig@nyu.example.edu",
    ]);
    const shared = [author("Xiaoling", "Chen", "Yale, New York University and NBER"), author("Sydney C.", "Ludwig", "Yale, New York University and NBER")];
    affiliationsFromNotes(correspondence, shared);
    expect(shared.map((a) => [a.affiliation, a.country])).toEqual([
      ["Department of Economics, Yale University, Box 208281, New Haven, CT 06520", "United States"],
      ["Department of Economics, New York University, 19 W. 4th Street, New York, NY 10012", "United States"],
    ]);
    // An author's own place, read for them alone, stays.
    const own = [author("Xiaoling", "Chen", "Yale University"), author("Sydney C.", "Ludwig", "New York University")];
    affiliationsFromNotes(correspondence, own);
    expect(own.map((a) => a.affiliation)).toEqual(["Yale University", "New York University"]);
    // (A name whose initials the note sets close together: "Sydney C.D. Ludwig" for "Sydney C. D. Ludwig".)
    const close = [author("Xiaoling", "Chen"), author("Sydney C. D.", "Ludwig")];
    affiliationsFromNotes(lines(["Correspondence to: Sydney C.D. Ludwig, Department of Economics, New York University, 19 W. 4th Street, New York, NY 10012. E-mail:"]), close);
    expect(close[1]!.affiliation).toBe("Department of Economics, New York University, 19 W. 4th Street, New York, NY 10012");
  });

  it("reads a note keyed by name one entry to a line, each after the e-mail that ends the one before", () => {
    const note = lines([
      "Gürkan: Department of Economics, Bilkent University, 06800 Ankara, Turkey; refet@bilkent.example.tr",
      "Sackett: Macroeconomic Advisers, LLC, Washington DC 20006; sackett@macroadvisers.example.com",
      "Wrighton: Federal Reserve Board, Washington DC 20551; (202) 452 3605; j.wrighton@frb.example.gov",
    ]);
    const three = [author("Refet S.", "Gürkan"), author("Brian", "Sackett"), author("Jonathan H.", "Wrighton")];
    affiliationsFromNotes(note, three);
    expect(three.map((a) => a.affiliation)).toEqual(["Department of Economics, Bilkent University, 06800 Ankara", "Macroeconomic Advisers, LLC, Washington DC 20006", "Federal Reserve Board, Washington DC 20551"]);
  });

  it("reads entries keyed by name whose e-mail comes first, the name the text layer parted from its row at a justified line's wide space", () => {
    // ("Lind:" stands at the end of the second row, set apart from the rest of it; its entry goes on on the row below.)
    const note = [
      line(650, "Moss: ada.moss@harbour.example.edu, Department of Economics, 12 Quay Street, Harbour University, East-", { x: 90 }),
      line(659, "bury, NB 21218, https://harbour.example.edu/moss/, and National Bureau of Economic Research.", { x: 78 }),
      line(659, "Lind:", { x: 420 }),
      line(668, "k.lind@kestrel.example.eu, Kestrel Central Bank, Frankfurt am Main, Germany, https://lind.example.eu/.", { x: 78 }),
    ];
    const two = [author("Ada", "Moss"), author("Karl", "Lind")];
    affiliationsFromNotes(note, two);
    expect(two.map((a) => [a.affiliation, a.email, a.country])).toEqual([
      ["Department of Economics, 12 Quay Street, Harbour University, Eastbury, NB 21218, and National Bureau of Economic Research", "ada.moss@harbour.example.edu", "United States"],
      ["Kestrel Central Bank, Frankfurt am Main", "k.lind@kestrel.example.eu", "Germany"],
    ]);
    // (Not the next entry for a place after the e-mail, "Moss: ada@…, Lind: …"; nor a date printed far off on a row's end.)
    const mails = [author("Ada", "Moss"), author("Karl", "Lind")];
    affiliationsFromNotes(lines(["* We thank seminar participants at Harbour University for comments. E-mail addresses: Moss: ada.moss@harbour.example.edu, Lind: k.lind@eastbury.example.eu."]), mails);
    expect(mails.map((a) => a.affiliation)).toEqual([null, null]);
    const dated = [
      line(650, "* Moss: Harbour University, Department of Economics, 12 Quay Street, Eastbury. Lind: Eastbury Bank, Research", { x: 72 }),
      line(659, "Department, Norland", { x: 72 }),
      line(659, "First version: May 2019", { x: 300 }),
    ];
    const placed = [author("Ada", "Moss"), author("Karl", "Lind")];
    affiliationsFromNotes(dated, placed);
    expect(placed[1]!.affiliation).toBe("Eastbury Bank, Research Department, Norland");
  });

  it("reads a note that prints the authors' names in capitals, and a shared place followed by the e-mails said 'respectively'", () => {
    const note = lines([
      "NORA K. VALDÉS is at the Department of Finance, Utrecht University (E-mail: nora.valdes@example.org). PIETRO",
      "L. GALLI and ANNA B. ROSS are at the Swiss National Bank (E-mails: pietro.galli@example.ch, anna.ross@example.ch",
      "respectively).",
    ]);
    const authors = [author("Nora K.", "Valdés"), author("Pietro L.", "Galli"), author("Anna B.", "Ross")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => a.affiliation)).toEqual(["Department of Finance, Utrecht University", "Swiss National Bank", "Swiss National Bank"]);
  });

  it("reads entries run on with commas, each ended by its author's e-mail, plain or masked against harvesters", () => {
    const note = lines([
      "Lena Brandt: Aarhus University and CEPR, lena.brandt[at]econ[dot]au[dot]",
      "dk, Jonas Weber: University of Mannheim, jonas.weber@example.de. We thank seminar participants in Mannheim.",
    ]);
    const authors = [author("Jonas", "Weber"), author("Lena", "Brandt")];
    affiliationsFromNotes(note, authors);
    expect(authors.map((a) => [a.affiliation, a.email])).toEqual([
      ["University of Mannheim", "jonas.weber@example.de"],
      ["Aarhus University and CEPR", null],
    ]);
  });

  it("adds to a sole author's place the street address their note prints for it, up to the next sentence or a contact's label", () => {
    const opens = lines(["Mail Stop 12, 1801 K Street NW, Washington DC 20006. Email: rlowe@example.gov. I am grateful to", "the editor for comments. The views expressed are my own."]);
    const sole = [author("Ruth", "Lowe", "Division of Monetary Affairs, Federal Reserve Board")];
    affiliationsFromNotes(opens, sole);
    expect(sole[0]!.affiliation).toBe("Division of Monetary Affairs, Federal Reserve Board, Mail Stop 12, 1801 K Street NW, Washington DC 20006");
    const labelled = lines(["* I thank seminar participants for comments. Email: okafor@example.edu. Address: 30 Wellington Road, Dublin 4,", "Ireland. Phone: +353 1 555 0100."]);
    const other = [author("Chidi", "Okafor", "Trinity College Dublin")];
    affiliationsFromNotes(labelled, other);
    expect([other[0]!.affiliation, other[0]!.country]).toEqual(["Trinity College Dublin, 30 Wellington Road, Dublin 4", "Ireland"]);
    // Not a note's marker before a place, a year, or a sentence: no street's word follows the number.
    for (const text of ["2020 Elsevier Ltd, All rights reserved.", "2 The Federal Reserve Board, Washington DC 20551"]) {
      const one = [author("Ruth", "Lowe", "Harvard University")];
      affiliationsFromNotes(lines([text]), one);
      expect(one[0]!.affiliation).toBe("Harvard University");
    }
    // (A numbered note that prints the place again gives its town and ZIP code, not a street.)
    const numbered = [author("Ruth", "Lowe", "Harvard University")];
    affiliationsFromNotes(lines(["1 Harvard University, Cambridge, MA 02138. Email: a@example.edu"]), numbered);
    expect(numbered[0]!.affiliation).toBe("Harvard University, Cambridge, MA 02138");
    // Not where the paper has several authors: whose street it is, the note does not say.
    const pair = [author("Ruth", "Lowe", "Federal Reserve Board"), author("Ana", "Silva", "Federal Reserve Board")];
    affiliationsFromNotes(opens, pair);
    expect(pair.map((a) => a.affiliation)).toEqual(["Federal Reserve Board", "Federal Reserve Board"]);
  });

  it("reads a correspondence address through a school named with an initial, up to ', or e-mail'", () => {
    const note = lines([
      "We thank the referee. Address correspondence to Mara Quinn, Department of Finance, John E. Walker School of",
      "Business, Lakeside University, Riverton, OH 44101, or e-mail: mquinn@example.edu.",
    ]);
    const pair = [author("Mara", "Quinn", "Lakeside University"), author("Omar", "Haddad", "Lakeside University")];
    affiliationsFromNotes(note, pair);
    expect(pair[0]!.affiliation).toBe("Department of Finance, John E. Walker School of Business, Lakeside University, Riverton, OH 44101");
  });

  it("answers at once for a hostile note: one long word, a run of separators before an address, a run of initials", () => {
    const authors = [author("Ji", "An"), author("John", "Smith")];
    for (const text of ["a".repeat(50_000), `x${";".repeat(50_000)}x a@b.cc`, "A. ".repeat(17_000)]) {
      const started = performance.now();
      affiliationsFromNotes([line(500, text)], authors);
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(300);
    }
  });

  it("gives a place before e-mails to an author whose short family name is part of the place's words", () => {
    const two = [author("Ji", "An"), author("John", "Smith")];
    two[0]!.email = "j.an@bankofcanada.example.ca";
    affiliationsFromNotes(lines(["Bank of Canada; j.an@bankofcanada.example.ca; smith@bankofcanada.example.ca."]), two);
    expect(two.map((a) => a.affiliation)).toEqual(["Bank of Canada", "Bank of Canada"]);
  });

  it("reads entries keyed by name and a dash, on the title page or on a series' cover, and nothing else of the cover", () => {
    const entries = ["Marta Olive – Research Department, Bank of Ruritania. Email: m.olive@example.org", "Tomas Brel– Monetary Department, Bank of Ruritania. Email: t.brel@example.org"];
    const pair = [author("Marta", "Olive"), author("Tomas", "Brel")];
    affiliationsFromNotes(lines(entries), pair);
    expect(pair.map((a) => a.affiliation)).toEqual(["Research Department, Bank of Ruritania", "Monetary Department, Bank of Ruritania"]);
    // On the cover: the entries are read; the series' own address, printed there too, is no author's.
    const cover = [...lines(entries, { from: 500 }), ...lines(["Research Department, Bank of Ruritania. POB 780, 91007 Ostrava"], { from: 700, size: 13 })];
    const onCover = [author("Marta", "Olive"), author("Lena", "Voss")];
    affiliationsFromNotes(lines(["The views expressed are the authors' own."], { from: 600 }), onCover, undefined, cover);
    expect(onCover.map((a) => a.affiliation)).toEqual(["Research Department, Bank of Ruritania", null]);
    // (Entries run on with semicolons, each its own; a sentence after a dash is no place.)
    const runOn = [author("Marta", "Olive"), author("Lena", "Voss")];
    affiliationsFromNotes(lines(["* Marta Olive — Ruritania Institute; Lena Voss — Bank of Ruritania."]), runOn);
    expect(runOn.map((a) => a.affiliation)).toEqual(["Ruritania Institute", "Bank of Ruritania"]);
    const disclaimer = [author("Marta", "Olive", "Ruritania Institute")];
    affiliationsFromNotes(lines(["Marta Olive – The views expressed are those of the author and do not represent the Bank of Ruritania."]), disclaimer);
    expect(disclaimer[0]!.affiliation).toBe("Ruritania Institute");
    // (The cover's citation of the paper, by the author's whole name and a comma, is no entry.)
    const cited = [author("Marta", "Olive")];
    affiliationsFromNotes(lines(["The views are the author's own."], { from: 600 }), cited, undefined, lines(["Marta Olive, Leverage and Housing Cycles, Discussion Paper 2025.03, Bank of Ruritania."]));
    expect(cited[0]!.affiliation).toBe(null);
  });

  it("reads entries by whole name and comma run on in one note, each ending with its author's address", () => {
    const note = lines([
      "Mara Balogh, University of Oxford, Merton St, Oxford OX1 4JF, UK, mara.balogh@example.ac.uk. Anton Pleshko, European",
      "Bank for Reconstruction and Development, London, EC2A 2JN, UK. Email: pleshko@example.com Marta Skala, University of",
      "Bristol, 12A Priory Rd, Bristol BS8 1TU, UK, marta.skala@example.ac.uk The authors are grateful to Jose Damian for comments.",
    ]);
    const trio = [author("Mara", "Balogh"), author("Anton", "Pleshko"), author("Marta", "Skala")];
    affiliationsFromNotes(note, trio);
    expect(trio.map((a) => a.affiliation)).toEqual([
      "University of Oxford, Merton St, Oxford OX1 4JF",
      "European Bank for Reconstruction and Development, London, EC2A 2JN",
      "University of Bristol, 12A Priory Rd, Bristol BS8 1TU",
    ]);
  });

  it("gives the authors a sentence lists together the place it says they share, beside another author's own sentence", () => {
    const note = lines([
      "* Ines Marvall is with the Rotman School. Tomas K. Rheden and Ada Ostby are with the Rotman School and the",
      "NBER. We are grateful to Lena Weiss and Omar Haddad for comments. Weiss and Haddad are with the Fed.",
    ]);
    const trio = [author("Ines", "Marvall"), author("Tomas K.", "Rheden"), author("Ada", "Ostby", "Ines Marvall is with the Rotman School; Tomas K. Rheden")];
    affiliationsFromNotes(note, trio);
    expect(trio.map((a) => a.affiliation)).toEqual(["Rotman School", "Rotman School and the NBER", "Rotman School and the NBER"]);
    // (A generation after a name, and the note's first sentence another's: "*Corresponding author. Edward S. Knotek II and …".)
    const generation = lines(["*Corresponding author. Edward S. Knotek II and Saeed Zaman are at the Federal Reserve Bank of Cleveland. They thank", "Todd Clark."]);
    const pair2 = [author("Edward S.", "Knotek"), author("Saeed", "Zaman")];
    affiliationsFromNotes(generation, pair2);
    expect(pair2.map((a) => a.affiliation)).toEqual(["Federal Reserve Bank of Cleveland", "Federal Reserve Bank of Cleveland"]);
    // (A family name of two words, "van Florenstein Mulder"; and a sentence that names no place gives none.)
    const particle = lines(["* Adam Richter and Thomas van Florenstein Mulder are at the Reserve Bank of New Zealand. Richter and Mulder are with us."]);
    const pair3 = [author("Adam", "Richter"), author("Thomas", "van Florenstein Mulder")];
    affiliationsFromNotes(particle, pair3);
    expect(pair3.map((a) => a.affiliation)).toEqual(["Reserve Bank of New Zealand", "Reserve Bank of New Zealand"]);
    // (Each name with its e-mail in brackets, and a sentence of thanks right after a place that ends in a short word: "… of New York. The authors thank …".)
    const mailed = lines(["Ortega (p.ortega@example.org) and Lind (k.lind@example.org) are with the Federal Reserve Bank of New York. The authors thank", "Ana Ruiz for comments."]);
    const pair4 = [author("Paula", "Ortega"), author("Karl", "Lind")];
    affiliationsFromNotes(mailed, pair4);
    expect(pair4.map((a) => a.affiliation)).toEqual(["Federal Reserve Bank of New York", "Federal Reserve Bank of New York"]);
    // (A sentence naming people who are not all authors gives no one a place.)
    const pair = [author("Lena", "Weiss"), author("Ada", "Ostby")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("reads entries that open with an author's whole name and a comma, not a name a sentence of thanks lists", () => {
    const note = [
      ...lines(["We thank Aroha Ngata, Reserve Bank of New Zealand, and seminar participants for their valuable comments."], { from: 600 }),
      ...lines(["Aroha Ngata, Economics Department, Reserve Bank of New Zealand, 2 The Terrace, Wellington, New Zealand."], { from: 625 }),
      ...lines(["E-mail: aroha.ngata@rbnz.example.nz."], { from: 637, size: 10 }),
      ...lines(["Tui Marsden Vehbi, Bank of England, CAMA. E-mail: tui.vehbi@boe.example.uk. This work was completed while"], { from: 661 }),
    ];
    const pair = [author("Aroha", "Ngata"), author("Tui", "Marsden Vehbi")];
    affiliationsFromNotes(note, pair);
    expect(pair.map((a) => [a.affiliation, a.country])).toEqual([
      ["Economics Department, Reserve Bank of New Zealand, 2 The Terrace, Wellington", "New Zealand"],
      ["Bank of England, CAMA", pair[1]!.country],
    ]);
    // (Named only in thanks: no place.)
    const thanked = [author("Aroha", "Ngata"), author("Rangi", "Parata")];
    affiliationsFromNotes(lines(["We thank Aroha Ngata, Reserve Bank of New Zealand, for comments."]), thanked);
    expect(thanked.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("reads the street a correspondence note prints after the place read for an author alone", () => {
    const note = lines([
      "Please address questions regarding content to Patrick Hale, Research Department, Federal Reserve Bank of Atlanta,",
      "1000 Peachtree Street NE, Atlanta, GA 30309-4470, 404-498-7906, patrick.hale@atl.example.org.",
    ]);
    const one = [author("Patrick", "Hale", "Research Department, Federal Reserve Bank of Atlanta")];
    affiliationsFromNotes(note, one);
    expect(one[0]!.affiliation).toBe("Research Department, Federal Reserve Bank of Atlanta, 1000 Peachtree Street NE, Atlanta, GA 30309-4470");
    // (Not over another place read for them alone.)
    const other = [author("Patrick", "Hale", "Emory University")];
    affiliationsFromNotes(note, other);
    expect(other[0]!.affiliation).toBe("Emory University");
  });

  it("takes no funders said 'respectively' for places", () => {
    const two = [author("Ana", "Ruiz", "University of Zurich"), author("Bo", "Lind", "University of Geneva")];
    affiliationsFromNotes(lines(["* Financial support from the Swiss National Science Foundation and the European Research Council, respectively, is gratefully acknowledged."]), two);
    expect(two.map((a) => a.affiliation)).toEqual(["University of Zurich", "University of Geneva"]);
  });

  it("leaves out the people a note thanks, never an author named elsewhere or a funding statement's names", () => {
    const authors = [author("Nicholas", "Okafor"), author("Maria", "Lindqvist"), author("Lanier", "Benkard"), author("Sharon", "Belenzon")];
    const front = [
      ...lines(["Nicholas Okafor and Maria Lindqvist"], { size: 12, from: 120 }),
      ...lines(["We thank Lanier Benkard, Sharon Belenzon and seminar participants at Stanford for helpful comments. Okafor", "received funding from the Lindqvist Foundation."], { from: 600 }),
    ];
    expect(withoutThanked(front, authors).map((a) => a.lastName)).toEqual(["Okafor", "Lindqvist"]);
    // A funding statement is not thanks: the authors it names stay.
    const funded = [author("Abigail", "Kroch"), author("James", "Wilton")];
    expect(withoutThanked(lines(["Funding: AK and James Wilton received funding from the Ontario HIV Treatment Network."]), funded)).toHaveLength(2);
  });

  it("leaves out a person thanked whose family name the line cut after its hyphen", () => {
    const authors = [author("Nicholas", "Okafor"), author("Maria", "Lindqvist"), author("Pierre", "Moulin-")];
    const front = [
      ...lines(["Nicholas Okafor and Maria Lindqvist"], { size: 12, from: 120 }),
      ...lines(["The views are our own. We thank Jane Roe, Pierre Moulin-", "Delacroix and seminar participants for comments."], { from: 600 }),
    ];
    expect(withoutThanked(front, authors).map((a) => a.lastName)).toEqual(["Okafor", "Lindqvist"]);
  });

  it("reads a note of family names and places parted by semicolons, as the Federal Reserve's papers print it", () => {
    const note = lines([
      "Moss and Lind, Federal Reserve Bank of Harbour; Ruiz, Board of Governors; Tanaka, Eastbury Institute for",
      "International Economics. Tanaka worked on this paper while at the Federal Reserve Bank of Harbour. We thank Jane Roe",
      "for comments. The views expressed are those of the authors.",
    ]);
    const four = [author("Ada", "Moss"), author("Karl", "Lind"), author("Pilar", "Ruiz"), author("Kenji", "Tanaka")];
    affiliationsFromNotes(note, four);
    expect(four.map((a) => a.affiliation)).toEqual(["Federal Reserve Bank of Harbour", "Federal Reserve Bank of Harbour", "Board of Governors", "Eastbury Institute for International Economics"]);
    // (Not a disclosure's or a funder's entries, nor entries that leave an author out.)
    for (const said of [
      "Disclosures: Moss, consulting fees from Harbour Pharma Inc.; Lind, Harbour Pharma Inc.; Ruiz, Norland Medical Corporation; Tanaka, none.",
      "Moss, National Science Foundation grant SES-1234; Lind, European Research Council grant 5678; Ruiz and Tanaka, Norland Research Council.",
      "Moss and Lind, Federal Reserve Bank of Harbour; Ruiz, Board of Governors. We thank Jane Roe for comments.",
    ]) {
      const others = [author("Ada", "Moss"), author("Karl", "Lind"), author("Pilar", "Ruiz"), author("Kenji", "Tanaka")];
      affiliationsFromNotes(lines([said]), others);
      expect(others.map((a) => a.affiliation), said).toEqual([null, null, null, null]);
    }
    // (Not a list of names family name first: its "places" are given names.)
    const listed = [author("Ada", "Moss"), author("Karl", "Lind")];
    affiliationsFromNotes(lines(["Moss, Ada; Lind, Karl. We thank Jane Roe for comments."]), listed);
    expect(listed.map((a) => a.affiliation)).toEqual([null, null]);
  });

  it("keeps an author whose name line is printed in capitals, though a note cites their work in words a thanks uses", () => {
    const authors = [author("Marta", "Olivares-Kuhn"), author("Tomas", "Brel"), author("Lena", "Voss")];
    const front = [
      ...lines(["MARTA OLIVARES-KUHN, TOMAS BREL", "and LENA VOSS"], { size: 12, from: 120 }),
      ...lines(["4. For more detailed discussions, see Olivares-Kuhn (2016) and Olivares-Kuhn and Brel (2019)."], { from: 600 }),
    ];
    expect(withoutThanked(front, authors).map((a) => a.lastName)).toEqual(["Olivares-Kuhn", "Brel", "Voss"]);
    // (A word in lower case is no naming: an author Price thanked by name, "the price of housing" in the abstract.)
    const priced = [author("Ana", "Ruiz"), author("Tom", "Price")];
    const page = [...lines(["Ana Ruiz"], { size: 12, from: 120 }), ...lines(["We study the price of housing over the cycle."], { from: 300 }), ...lines(["* We thank Tom Price for comments."], { from: 600 })];
    expect(withoutThanked(page, priced).map((a) => a.lastName)).toEqual(["Ruiz"]);
  });
});
