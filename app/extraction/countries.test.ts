import { describe, expect, it } from "vitest";
import { countryIn, countryOfAffiliation, countryOfEmail, countryOfInstitution, countryOfPlace, countryOfState, countryOfUsPostcode, trailingCountry } from "./countries";

describe("countries", () => {
  it("asks each of an author's places in turn, the printed country first and a state before a town's name", () => {
    expect(countryOfPlace("Department of Economics, Harbour University, Cambridge, Massachusetts")).toBe("United States");
    expect(countryOfPlace("Farmer School of Business, Oxford, OH 45056")).toBe("United States");
    expect(countryOfPlace("Harbour Institute, Cambridge, United Kingdom")).toBe("United Kingdom");
    // (The first place that says a country, in the order printed: a town's before another town's, an institution known
    // by name before a town named after it.)
    expect(countryOfPlace("Copenhagen Harbour School, Chicago Eastbury, NBER")).toBe("Denmark");
    expect(countryOfPlace("Bocconi University, University of Copenhagen, and the Harbour Institute")).toBe("Italy");
    expect(countryOfPlace("Harbour Savings Bank; Norges Bank")).toBe("Norway");
    expect(countryOfPlace("Norges Bank; Harbour Institute, Paris, France")).toBe("Norway");
    expect(countryOfPlace("Harbour University, Zurich Switzerland")).toBe("Switzerland");
    expect(countryOfPlace("Harbour Savings Bank")).toBe(null);
    // (A province or state after a town names the country, though the town shares its name with one elsewhere.)
    expect(countryOfPlace("Department of Economics, Harbour University, London, Ontario, N6A 5C2")).toBe("Canada");
    expect(countryOfPlace("Harbour Institute, Victoria, British Columbia")).toBe("Canada");
    expect(countryOfPlace("Harbour Business School, Perth, Western Australia 6009")).toBe("Australia");
    // (Not a province's name that towns and other states share: Victoria, New Brunswick.)
    expect(countryOfPlace("Harbour University, Victoria, BC V8P 5C2")).not.toBe("Australia");
    expect(countryOfPlace("Harbour Capital, 1 Palace Street, Victoria, London SW1E 5HE")).toBe("United Kingdom");
    expect(countryOfPlace("Harbour University, New Brunswick")).toBe(null);
    // (A country's name a "New" makes another place's: not Wales, Mexico or England.)
    expect(trailingCountry("School of Finance, The University of New South Wales")).toEqual({ rest: "School of Finance, The University of New South Wales", country: null });
    expect(countryOfPlace("School of Finance, The University of New South Wales")).toBe(null);
    expect(countryOfAffiliation("Harbour College, New England")).toBe(null);
    expect(countryOfAffiliation("Harbour Institute, Port Moresby, Papua New Guinea")).toBe("Papua New Guinea");
    expect(countryOfPlace(null)).toBe(null);
    // A country in brackets at a place's end is printed at its end; an acronym in brackets is no country.
    expect(trailingCountry("IRES, Harbour University & FNRS (Belgium)")).toEqual({ rest: "IRES, Harbour University & FNRS", country: "Belgium" });
    // (A country said of the place, "in" with it: "Harbour Capital in the Netherlands".)
    expect(trailingCountry("Harbour Capital in the Netherlands")).toEqual({ rest: "Harbour Capital", country: "Netherlands" });
    expect(trailingCountry("Harbour University / France")).toEqual({ rest: "Harbour University", country: "France" });
    expect(trailingCountry("Centre for Policy Studies (CPS)")).toEqual({ rest: "Centre for Policy Studies (CPS)", country: null });
  });
  it("takes no country of an affiliation from a capital's name that many places share", () => {
    expect(countryOfAffiliation("Georgetown University")).toBe(null);
    expect(countryOfAffiliation("Department of Economics, Queen's University, Kingston")).toBe(null);
    // (The labeller's feature still reads the capital, as it was trained to; other capitals and cities count.)
    expect(countryIn("Georgetown University")).toBe("Guyana");
    expect(countryOfAffiliation("Stockholm School of Economics")).toBe("Sweden");
    expect(countryOfAffiliation("Goethe University Frankfurt")).toBe("Germany");
  });

  it("knows the country of a national central bank named in its own language, no English name of the country in it", () => {
    expect(countryOfInstitution("Norges Bank")).toBe("Norway");
    expect(countryOfInstitution("Monetary Policy Department, Sveriges Riksbank")).toBe("Sweden");
    expect(countryOfInstitution("Danmarks Nationalbank")).toBe("Denmark");
    expect(countryOfInstitution("Norges Bank and CEPR")).toBe("Norway");
    expect(countryOfInstitution("Banka Slovenije")).toBe("Slovenia");
    // (Not a person named so, nor a bank of that word's town.)
    expect(countryOfInstitution("Harbour Savings Bank")).toBe(null);
  });

  it("finds the printed country, or the one an e-mail's domain names", () => {
    expect(trailingCountry("Tilburg University, The Netherlands")).toEqual({ rest: "Tilburg University", country: "Netherlands" });
    expect(trailingCountry("Koç University, Istanbul, Turkey")).toEqual({ rest: "Koç University, Istanbul", country: "Turkey" });
    // (Spelt with full stops, the last one cut or not.)
    for (const usa of ["U.S.A.", "U.S.A"]) expect(trailingCountry(`Rice University, Houston, TX 77005, ${usa}`)).toEqual({ rest: "Rice University, Houston, TX 77005", country: "United States" });
    expect(trailingCountry("University of Leeds, Leeds, U.K.").country).toBe("United Kingdom");
    // (Spelt with its own language's accents.)
    expect(trailingCountry("Division of Markets, Banco Central, Av. 5 de Mayo 2, CDMX 06000, México")).toEqual({ rest: "Division of Markets, Banco Central, Av. 5 de Mayo 2, CDMX 06000", country: "Mexico" });
    expect(trailingCountry("Universidad del Pacífico, Lima, Perú").country).toBe("Peru");
    // A country the postcode follows goes, the postcode stays.
    expect(trailingCountry("Department of Economics, University of Ottawa, Ottawa, Ontario, Canada, K1N 6N5")).toEqual({ rest: "Department of Economics, University of Ottawa, Ottawa, Ontario, K1N 6N5", country: "Canada" });
    // (Also printed in one part: the country and the postcode after it, no comma between.)
    expect(trailingCountry("Financial Markets Department, Bank of Canada, Ottawa, Ontario, Canada K1A 0G9")).toEqual({ rest: "Financial Markets Department, Bank of Canada, Ottawa, Ontario, K1A 0G9", country: "Canada" });
    expect(trailingCountry("Department of Economics, University of Chicago, Chicago, IL 60637").country).toBe(null);
    // (A state before a ZIP code and the country after it is no country before a postcode.)
    expect(trailingCountry("School of Economics, Georgia Institute of Technology, Atlanta, Georgia 30332 USA")).toEqual({ rest: "School of Economics, Georgia Institute of Technology, Atlanta, Georgia 30332", country: "United States" });
    expect(trailingCountry("School of Economics, Georgia Institute of Technology, Atlanta, Georgia GA 30332").country).not.toBe("Georgia");
    // (Not a state before a ZIP code.)
    expect(trailingCountry("School of Economics, Georgia Institute of Technology, Atlanta, Georgia, 30332").rest).toBe("School of Economics, Georgia Institute of Technology, Atlanta, Georgia, 30332");
    expect(trailingCountry("Yonsei University, Seoul")).toEqual({ rest: "Yonsei University, Seoul", country: null });
    // A country after "of", "de" … ends an institution's name.
    expect(trailingCountry("Banque de France")).toEqual({ rest: "Banque de France", country: null });
    expect(trailingCountry("Research Department, Bank of Italy")).toEqual({ rest: "Research Department, Bank of Italy", country: null });
    // (A part of the country named between them too: the country is the institution's, not an address's.)
    expect(trailingCountry("University of Southern Denmark")).toEqual({ rest: "University of Southern Denmark", country: null });
    expect(trailingCountry("UNIVERSITY OF SOUTHERN DENMARK").country).toBe(null);
    expect(trailingCountry("Department of Economics, University of Southern Denmark, Odense, Denmark")).toEqual({ rest: "Department of Economics, University of Southern Denmark, Odense", country: "Denmark" });
    expect(countryOfEmail("a@korea.ac.kr")).toBe("South Korea");
    expect(countryOfEmail("b@mit.edu")).toBe("United States");
    // (A domain a territory shares is its country's own.)
    expect(countryOfEmail("c@example.fr")).toBe("France");
    expect(countryOfEmail("d@example.us")).toBe("United States");
    expect(countryOfEmail("e@example.nl")).toBe("Netherlands");
    // A state of the United States in a place's name says the country; Georgia, a country's name too, does not.
    expect(["University of Michigan", "Ohio State University", "University of North Carolina at Chapel Hill", "New York University"].map(countryOfState)).toEqual(Array(4).fill("United States"));
    expect(["Georgia Institute of Technology", "University of Oxford", "Universidad de Washingtonia"].map(countryOfState)).toEqual([null, null, null]);
    // A state's postal code before a ZIP code; not a code of five digits alone, nor one of six.
    expect(["Federal Reserve Bank of Norland, 2200 N. Pearl St., Dallas, TX 75201", "Mail Stop 80, Washington, DC 20551-0001"].map(countryOfState)).toEqual(["United States", "United States"]);
    expect(["Via Festa del Perdono 7, 20122 Milano MI", "Indian Institute of Technology, Chennai, IN 600036", "Harbour University, 75201 Eastbury"].map(countryOfState)).toEqual([null, null, null]);
    // An institution's name: a nation's adjective in it, or an institution known by name; the first named decides.
    expect(["Norwegian Business School, CAMP and CEPR", "Department of Economics, Harvard University and NBER", "European University Institute, De Nederlandsche Bank, & CEPR", "Inter-American Development Bank"].map(countryOfInstitution)).toEqual(["Norway", "United States", "Italy", "United States"]);
    expect(["University of British Columbia", "Latin American Centre", "Harbour University", "European Research Council"].map(countryOfInstitution)).toEqual([null, null, null, null]);
    expect(["CNRS, OFCE and PSE", "EMLyon Business School", "IRES/LIDAM, UCLouvain & FNRS"].map(countryOfInstitution)).toEqual(["France", "France", "Belgium"]);
    // (Not a research network named after the author's own institution, a longer name, a subject taught, a town that
    // shares a university's name; the first institution that says a country, in the order printed.)
    expect(["Harbour Bank and CEPR", "Yale-NUS College", "Department of German, Harbour University", "Miami University, Oxford, Ohio"].map(countryOfInstitution)).toEqual([null, null, null, null]);
    expect(["Harbour University, EIEF, IGIER and CEPR", "CEPR and Harbour University"].map(countryOfInstitution)).toEqual(["Italy", "United Kingdom"]);
    // A state's postal code before a ZIP code says the United States before a town's or a country's name in the place.
    expect(["Miami University, 800 E High Street, Oxford, OH 45056", "Georgia Institute of Technology, 800 W Peachtree St NW, Atlanta, GA 30308"].map(countryOfUsPostcode)).toEqual(["United States", "United States"]);
  });
});
