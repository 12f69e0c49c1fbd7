import { describe, expect, it } from "vitest";
import { countryOfEmail, trailingCountry } from "./countries";
import { looksLikeName, splitAffiliation, splitName } from "./header";
import { fixLigatures, joinLines, similarity, vocabularyOf } from "./text";

describe("extraction rules", () => {
  it("splits names with particles, initials and capitalised particles", () => {
    expect(splitName("Pieter van der Berg")).toEqual({ firstName: "Pieter", lastName: "van der Berg" });
    expect(splitName("Michael J. Thornton")).toEqual({ firstName: "Michael J.", lastName: "Thornton" });
    expect(splitName("Ciarán Ó Briain")).toEqual({ firstName: "Ciarán", lastName: "Ó Briain" });
    expect(splitName("María José de la Cruz")).toEqual({ firstName: "María José", lastName: "de la Cruz" });
  });

  it("keeps family names joined by a conjunction or a particle, and capitalised Italian particles (issue 16)", () => {
    expect(splitName("Núria Vidal i Puig")).toEqual({ firstName: "Núria", lastName: "Vidal i Puig" });
    expect(splitName("Carmen Ortega y Gasset")).toEqual({ firstName: "Carmen", lastName: "Ortega y Gasset" });
    expect(splitName("Javier López de Haro")).toEqual({ firstName: "Javier", lastName: "López de Haro" });
    expect(splitName("Juan Carlos de la Vega")).toEqual({ firstName: "Juan Carlos", lastName: "de la Vega" });
    expect(splitName("Giulia Lo Russo")).toEqual({ firstName: "Giulia", lastName: "Lo Russo" });
    expect(splitName("Maria Grazia La Rocca")).toEqual({ firstName: "Maria Grazia", lastName: "La Rocca" });
    expect(looksLikeName("Núria Vidal i Puig")).toBe(true);
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

  it("measures similarity as normalised Levenshtein", () => {
    expect(similarity("kitten", "sitting")).toBeCloseTo(1 - 3 / 7);
    expect(similarity("same", "same")).toBe(1);
  });
});
