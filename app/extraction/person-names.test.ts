import { describe, expect, it } from "vitest";
import { lowerCaseWords } from "./patterns";
import { byline, familyNameAsMailed, isCommonWords, isPlace, looksLikeName, namesOnLine, samePerson, splitName } from "./person-names";
import { lineAt } from "./test-document";

describe("person names", () => {
  it("knows a byline by its lead words, 'Prepared by', and its names, a name one goes by in brackets among them", () => {
    const says = (text: string) => byline(lineAt(1, 72, 100, 10, text), new Set(["staff", "the", "of", "for", "distribution"]));
    expect(says("Prepared by Ines Albrecht and Lena (Ping) Zhou")).toBe(true);
    expect(says("By Ada Moss, Karl Lind and Ruth Okafor")).toBe(true);
    // (Not an approver's line, nor a byline of no person.)
    expect(says("Authorized for distribution by Kofi Mensah")).toBe(false);
    expect(says("Prepared by the staff of the Harbour Fund")).toBe(false);
    expect(says("Ines Albrecht and Lena Zhou")).toBe(false);
    // (A job-market paper's co-authors under its author: "Co-authored with …", "(Joint with …)".)
    expect(says("Co-authored with Ada Moss*")).toBe(true);
    expect(says("(Joint with Ada Moss and Karl Lind)")).toBe(true);
    expect(says("Joint with the Harbour Fund")).toBe(false);
    // (A paper under discussion, its authors "(by …)" in brackets, is no byline.)
    expect(says("(by Karl Lind and Ruth Okafor)")).toBe(false);
    // (A bracketed word stands among the given names, never last: "(Chair)" after a name is a role.)
    expect(looksLikeName("Lena (Ping) Zhou")).toBe(true);
    expect(looksLikeName("Ada Moss (Chair)")).toBe(false);
  });

  it("splits names with particles, initials and capitalised particles", () => {
    expect(splitName("Pieter van der Berg")).toEqual({ firstName: "Pieter", lastName: "van der Berg" });
    // A Dutch or German particle in lower case begins the family name, however many names follow it; a Spanish given name keeps its "de los".
    expect(splitName("Thomas van Florenstein Mulder")).toEqual({ firstName: "Thomas", lastName: "van Florenstein Mulder" });
    expect(splitName("Maria de los Angeles Garcia")).toEqual({ firstName: "Maria de los Angeles", lastName: "Garcia" });
    expect(splitName("Michael J. Thornton")).toEqual({ firstName: "Michael J.", lastName: "Thornton" });
    expect(splitName("Ciarán Ó Briain")).toEqual({ firstName: "Ciarán", lastName: "Ó Briain" });
    expect(splitName("María José de la Cruz")).toEqual({ firstName: "María José", lastName: "de la Cruz" });
    // (An initial printed against the particle: two words.)
    expect(splitName("Hugo S.van Dalen")).toEqual({ firstName: "Hugo S.", lastName: "van Dalen" });
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

  it("tells names from affiliations, dates and notes", () => {
    expect(looksLikeName("Diego García-Márquez")).toBe(true);
    expect(looksLikeName("Åsa Lindström")).toBe(true);
    expect(looksLikeName("Department of Finance")).toBe(false);
    // An institution known by a short name has no institution's word in it.
    expect(looksLikeName("UC Santa Cruz")).toBe(false);
    expect(looksLikeName("Federal Reserve Board")).toBe(false);
    // Nor one named in another language than the patterns' words.
    expect(looksLikeName("Banque de France")).toBe(false);
    expect(looksLikeName("Universidad de Chile")).toBe(false);
    expect(looksLikeName("IZA KOWALSKA")).toBe(true);
    expect(looksLikeName("March 2024")).toBe(false);
    expect(looksLikeName("Preliminary draft")).toBe(false);
  });

  it("keeps a generational suffix with the family name, and leaves a first page's capitalised words out of names", () => {
    expect(splitName("William S. Yancy Jr.")).toEqual({ firstName: "William S.", lastName: "Yancy Jr." });
    expect(splitName("EMILE R. MOHLER III")).toEqual({ firstName: "Emile R.", lastName: "Mohler III" });
    expect(splitName("Ada de la Cruz II")).toEqual({ firstName: "Ada", lastName: "de la Cruz II" });
    expect(splitName("Hugh Moss JR")).toEqual({ firstName: "Hugh", lastName: "Moss Jr." });
    // One person whether the generation is printed or not.
    expect(samePerson("Edward S. Knotek II", "Edward S. Knotek")).toBe(true);
    expect(samePerson("Ada Moss Jr.", "Ada Moss")).toBe(true);
    expect(splitName("ELIZABETH J. MAYER-DAVIS")).toEqual({ firstName: "Elizabeth J.", lastName: "Mayer-Davis" });
    for (const words of ["Open Access", "Key Words", "Case Description", "Cell Death", "Metabolic Disorders Team", "Received February", "Memphis Tennessee"]) expect(looksLikeName(words)).toBe(false);
    // Words that are also family names stay names.
    expect(looksLikeName("Anne Case")).toBe(true);
    expect(looksLikeName("Philip Lane")).toBe(true);
  });

  it("takes no name for common words because a web address or an e-mail spells it", () => {
    const line = (text: string) => ({ page: 1, x: 72, y: 700, width: 400, size: 9, text, spans: [] });
    const words = lowerCaseWords([line("Banque de France, tommaso.gasparini@banque-france.fr, https://tommaso-gasparini-econ."), line("we study the propagation of shocks")]);
    expect(isCommonWords("Tommaso Gasparini", words)).toBe(false);
    expect(isCommonWords("Propagation", words)).toBe(true);
    // The line labeller counts a web address's words, as it was trained.
    expect(lowerCaseWords([line("https://tommaso-gasparini-econ.github.io")], { webAddresses: true }).has("gasparini")).toBe(true);
  });

  it("answers at once for a hostile line: a long run of slashes, of digits, of open brackets or of note symbols that something else ends", () => {
    for (const text of [`${"/".repeat(50_000)}x`, `${"1".repeat(50_000)}x`, `${"1-".repeat(25_000)}x`, `${"(".repeat(50_000)}x`, `${"†".repeat(50_000)}x`]) {
      const started = performance.now();
      isPlace(text);
      namesOnLine(lineAt(1, 72, 100, 10, text), new Set(), { model: false });
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(300);
    }
    // (The patterns' answers are the same: a place's trailing marks and postcode go, a name's trailing bracket goes.)
    expect(isPlace("Denmark;")).toBe(true);
    expect(isPlace("Denmark 2100")).toBe(true);
    expect(isPlace("Denmark. ;")).toBe(true);
    expect(namesOnLine(lineAt(1, 72, 100, 10, "Ada Moss (, Karl Lind"), new Set(), { model: false }).map((n) => n.name)).toEqual(["Ada Moss", "Karl Lind"]);
    expect(namesOnLine(lineAt(1, 72, 100, 10, "Ada Moss†, Karl Lind‡§"), new Set(), { model: false }).map((n) => n.name)).toEqual(["Ada Moss", "Karl Lind"]);
  });

  it("takes a family name of several words where the author's e-mail spells them joined, and only then", () => {
    const mailed = (firstName: string, lastName: string, email: string) => {
      const a = { firstName, lastName, email };
      familyNameAsMailed(a);
      return `${a.firstName} | ${a.lastName}`;
    };
    expect(mailed("Irena Quorn", "Valdak", "i.quorn-valdak@harbour.example.edu")).toBe("Irena | Quorn Valdak");
    expect(mailed("Tomas Beryl", "Ostend", "tomas.berylostend@quay.example.ch")).toBe("Tomas | Beryl Ostend");
    expect(mailed("Ruben K. Marro", "Lisk", "rmarrolisk@bank.example.org")).toBe("Ruben K. | Marro Lisk");
    // (The last word alone mailed says nothing against two; a split that two readings fit is left.)
    expect(mailed("Paulo", "Sarne Dovel", "dovel@quay.example.br")).toBe("Paulo | Sarne Dovel");
    expect(mailed("Ada Lynn", "Moss", "adalynnmoss@harbour.example.edu")).toBe("Ada Lynn | Moss");
    expect(mailed("Ana Bo Ka", "Lu", "kalu.bokalu@quay.example.edu")).toBe("Ana Bo Ka | Lu");
    // (Initials are no family name, and a given name of initials alone is a second name gone by.)
    expect(mailed("Karl C.D.", "Lind", "kcdlind@quay.example.edu")).toBe("Karl C.D. | Lind");
    expect(mailed("Q. Orrin", "Ta", "orrinta@harbour.example.hk")).toBe("Q. Orrin | Ta");
    expect(mailed("Ada", "Moss", "ada.moss@harbour.example.edu")).toBe("Ada | Moss");
    // (A second given name the mailbox spells with the family name stays a given name; a "+" tag is no part of it.)
    expect(mailed("Karl Paul", "Lind", "kpaullind@quay.example.edu")).toBe("Karl Paul | Lind");
    expect(mailed("Andrés Felipe", "Quorn", "felipequorn@quay.example.co")).toBe("Andrés Felipe | Quorn");
    expect(mailed("Irena Quorn", "Valdak", "irena+quornvaldak@harbour.example.edu")).toBe("Irena Quorn | Valdak");
  });
});
