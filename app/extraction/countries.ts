/**
 * Countries in affiliations: the one printed at the end (in any of its usual spellings), or,
 * when none is printed, the one a capital city or the e-mail's domain points to.
 */
import { COUNTRY_DATA } from "./countries.data";
import { fold } from "./text";

/** Spellings seen in manuscripts that the data's own list lacks. */
const EXTRA: Record<string, string> = {
  USA: "United States",
  "U.S.A.": "United States",
  "U.S.": "United States",
  US: "United States",
  "United States of America": "United States",
  UK: "United Kingdom",
  "U.K.": "United Kingdom",
  England: "United Kingdom",
  Scotland: "United Kingdom",
  Wales: "United Kingdom",
  "Northern Ireland": "United Kingdom",
  "Great Britain": "United Kingdom",
  "The Netherlands": "Netherlands",
  Holland: "Netherlands",
  Korea: "South Korea",
  "Republic of Korea": "South Korea",
  "Korea (South)": "South Korea",
  "Viet Nam": "Vietnam",
  "P.R. China": "China",
  "PR China": "China",
  "People's Republic of China": "China",
  "Hong Kong SAR": "Hong Kong",
  "Czech Republic": "Czech Republic",
  Turkey: "Turkey",
  "Russian Federation": "Russia",
  UAE: "United Arab Emirates",
};

/** The names most manuscripts (and the society's forms of old) use, where the data has a newer one. */
const CUSTOMARY: Record<string, string> = { Czechia: "Czech Republic", "Türkiye": "Turkey" };

const byName = new Map<string, string>();
const byDomain = new Map<string, string>();
const byCapital = new Map<string, string>();
const codeOf = new Map<string, string>();
for (const [official, code, domains, capitals, others] of COUNTRY_DATA) {
  const name = CUSTOMARY[official] ?? official;
  codeOf.set(name, code);
  byName.set(official.toLowerCase(), name);
  byName.set(name.toLowerCase(), name);
  for (const o of others) byName.set(o.toLowerCase(), name);
  // (A domain a territory shares is its country's own: ".fr" is France's, not Saint Martin's, ".nl" the Netherlands'.)
  for (const d of domains.map((x) => x.toLowerCase())) if (d === code.toLowerCase() || !byDomain.has(d)) byDomain.set(d, name);
  for (const c of capitals) byCapital.set(c.toLowerCase(), name);
}
for (const [k, v] of Object.entries(EXTRA)) byName.set(k.toLowerCase(), v);
byDomain.set("edu", "United States");
byDomain.set("gov", "United States");
byDomain.set("uk", "United Kingdom");

/** Cities that host many finance departments but are not capitals. */
const CITIES: Record<string, string> = {
  "new york": "United States", chicago: "United States", boston: "United States", cambridge: "United Kingdom", philadelphia: "United States",
  "los angeles": "United States", stanford: "United States", "ann arbor": "United States", berkeley: "United States", atlanta: "United States",
  toronto: "Canada", montreal: "Canada", vancouver: "Canada", sydney: "Australia", melbourne: "Australia", brisbane: "Australia",
  auckland: "New Zealand", shanghai: "China", shenzhen: "China", guangzhou: "China", wuhan: "China", "ho chi minh city": "Vietnam",
  mumbai: "India", bangalore: "India", "sao paulo": "Brazil", "são paulo": "Brazil", "rio de janeiro": "Brazil", istanbul: "Turkey",
  frankfurt: "Germany", munich: "Germany", mannheim: "Germany", hamburg: "Germany", cologne: "Germany", milan: "Italy", bologna: "Italy",
  turin: "Italy", barcelona: "Spain", valencia: "Spain", geneva: "Switzerland", zurich: "Switzerland", "zürich": "Switzerland",
  lausanne: "Switzerland", rotterdam: "Netherlands", tilburg: "Netherlands", utrecht: "Netherlands", maastricht: "Netherlands",
  antwerp: "Belgium", ghent: "Belgium", leuven: "Belgium", lyon: "France", toulouse: "France", porto: "Portugal", gothenburg: "Sweden",
  aarhus: "Denmark", bergen: "Norway", thessaloniki: "Greece", krakow: "Poland", kraków: "Poland", seoul: "South Korea", busan: "South Korea",
  osaka: "Japan", kyoto: "Japan", edinburgh: "United Kingdom", manchester: "United Kingdom", oxford: "United Kingdom", warwick: "United Kingdom",
  "hong kong": "Hong Kong", singapore: "Singapore", "tel aviv": "Israel", johannesburg: "South Africa", "cape town": "South Africa",
};

const clean = (s: string) => s.trim().replace(/(?<![.;,])[.;,]+$/, "").trim();

/** The country a text names, exactly ("United Kingdom", "The Netherlands"), or null. */
export const countryNamed = (text: string) => byName.get(clean(text).toLowerCase()) ?? null;

/** The words that join an institution's name to a place it is named after. */
const OF = /^(?:of|de|du|des|del|della|di|da|do|von|der|für|i)$/i;
const REGION_OF = /^(?:Southern|Northern|Eastern|Western|Central|South|North|East|West)$/i;

/**
 * A postcode of letters and digits, as Canada's and Britain's are ("K1A 0G9", "EC2A 2AE"): each piece
 * holds a digit and one a letter. "30332" and "GA 30332" name a state's ZIP code, "30332 USA" a country after it.
 */
const isPostcode = (pieces: string[]) => pieces.length >= 1 && pieces.length <= 2 && pieces.every((p) => /^[A-Z\d-]{2,5}$/.test(p) && /\d/.test(p)) && pieces.some((p) => /[A-Z]/.test(p));

/** The country a text ends with, and the text without it: "…, Belgium", "… Belgium", "… (Belgium)". */
export function trailingCountry(text: string): { rest: string; country: string | null } {
  const bracketed = /^(.*\S)\s*\(([^()]{2,40})\)$/su.exec(text.trim());
  const inBrackets = bracketed ? byName.get(bracketed[2]!.trim().toLowerCase()) : undefined;
  if (bracketed && inBrackets) return { rest: clean(bracketed[1]!), country: inBrackets };
  const parts = text.split(",");
  for (let take = Math.min(3, parts.length - 1); take >= 1; take--) {
    const tail = clean(parts.slice(-take).join(","));
    // (A spelling with full stops, its last one cut: "U.S.A", "U.K"; a name printed with accents its English one
    // lacks: "México", "Perú". Only here: the name model's features ask `countryNamed`, and were trained on it as it is.)
    const key = tail.toLowerCase();
    const found = byName.get(key) ?? byName.get(`${key}.`) ?? byName.get(fold(key));
    if (found) return { rest: clean(parts.slice(0, -take).join(",")), country: found };
  }
  // (A country the postcode follows: "…, Ottawa, Ontario, Canada, K1N 6N5" is "…, Ottawa, Ontario, K1N 6N5".)
  const last = parts.length >= 2 ? clean(parts[parts.length - 1]!) : "";
  const pieces = last.length <= 60 ? last.split(/\s+/) : [];
  const before = parts.length >= 3 ? byName.get(clean(parts[parts.length - 2]!).toLowerCase()) : undefined;
  if (before && isPostcode(pieces)) return { rest: clean([...parts.slice(0, -2), parts[parts.length - 1]!].join(",")), country: before };
  // (Or the two in one part: "…, Ottawa, Ontario, Canada K1A 0G9" is "…, Ottawa, Ontario, K1A 0G9".)
  for (const n of [2, 1]) {
    const named = pieces.length > n && isPostcode(pieces.slice(-n)) ? byName.get(pieces.slice(0, -n).join(" ").toLowerCase()) : undefined;
    if (named) return { rest: clean([...parts.slice(0, -1), ` ${pieces.slice(-n).join(" ")}`].join(",")), country: named };
  }
  // "…University of Zurich, Switzerland" may also end "Zurich Switzerland" without a comma.
  const words = clean(text).split(/\s+/);
  for (let take = Math.min(4, words.length - 1); take >= 1; take--) {
    const found = byName.get(words.slice(-take).join(" ").toLowerCase());
    // (A country after "of", "de", "di" … ends an institution's name: "Bank of France", "Banque de France",
    // a part of the country named between them too: "University of Southern Denmark".)
    const before = words[words.length - take - 1]!;
    if (found && (OF.test(before) || (REGION_OF.test(before) && OF.test(words[words.length - take - 2] ?? "")))) return { rest: clean(text), country: null };
    // (Nor one a "New" names another place after: "New South Wales", "New Mexico", "New England".)
    if (found && (/^New$/.test(before) || (/^(?:South|North)$/.test(before) && /^New$/.test(words[words.length - take - 2] ?? "")))) return { rest: clean(text), country: null };
    // (Said of the place, "in" goes with it: "Robeco in the Netherlands" is Robeco, in the Netherlands.)
    // (A slash may part the place from its country: "Harbour University / France".)
    if (found && words.length - take >= 2) return { rest: clean(words.slice(0, -take).join(" ").replace(/,?\s+in$|\s*\/$/, "")), country: found };
  }
  return { rest: clean(text), country: null };
}

/** The ISO 3166-1 alpha-2 code of a country as the engine names it ("United Kingdom" → "GB"), or null. */
export const countryCode = (name: string | null | undefined) => (name ? (codeOf.get(name) ?? codeOf.get(countryNamed(name) ?? "") ?? null) : null);

/** A country named anywhere in the text, or one of its cities (a feature of the line labeller, trained on it as it is). */
export const countryIn = (text: string): string | null => countryNamedIn(text, NO_PLACES);

/**
 * The country an author's affiliation names, or one of its cities: as `countryIn`, but a capital
 * whose name many places share is no evidence ("Georgetown University" is in Washington, not Guyana;
 * "Kingston, Ontario"; "Hamilton, New Zealand"; "University of Victoria").
 */
export const countryOfAffiliation = (text: string): string | null => countryNamedIn(withoutNewPlaces(text), SHARED_CAPITAL_NAMES);
/** A country's name that a "New" makes another place's, left out: "New South Wales", "New Mexico" (not "Papua New Guinea"). */
const withoutNewPlaces = (text: string) => text.replace(/(?<!\bPapua\s)\bNew\s+(?:(?:South|North)\s+)?(\p{L}+)/gu, (said: string, word: string) => (byName.has(word.toLowerCase()) ? " " : said));

const NO_PLACES = new Set<string>();
const SHARED_CAPITAL_NAMES = new Set(["georgetown", "kingston", "hamilton", "victoria", "plymouth", "douglas", "stanley", "jamestown", "the valley"]);

/** The towns known, with their countries: the gazetteer's cities, then the capitals. */
const CITY_NAMES: Array<[string, string]> = [...Object.entries(CITIES), ...byCapital];
/**
 * The country of the first country or city the text names, in the order printed: "Copenhagen Business School, Chicago
 * Booth" says Denmark, the author's first place. A country's name before a city's where both begin at one word.
 */
function countryNamedIn(text: string, skipped: Set<string>): string | null {
  const lower = ` ${text.toLowerCase().replace(/[.,;()]/g, " ")} `;
  let firstAt = Infinity;
  let first: string | null = null;
  for (const [name, country] of byName) {
    const at = name.length > 3 ? lower.indexOf(` ${name} `) : -1;
    if (at >= 0 && at < firstAt) [firstAt, first] = [at, country];
  }
  for (const [city, country] of CITY_NAMES) {
    const at = country && city.length > 3 && !skipped.has(city) ? lower.indexOf(` ${city} `) : -1;
    if (at >= 0 && at < firstAt) [firstAt, first] = [at, country];
  }
  return first;
}

/** The states of the United States (not Georgia, a country's name too), as an institution's name carries one: "University of Michigan". */
const US_STATES = new Set(
  "alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada new-hampshire new-jersey new-mexico new-york north-carolina north-dakota ohio oklahoma oregon pennsylvania rhode-island south-carolina south-dakota tennessee texas utah vermont virginia washington west-virginia wisconsin wyoming"
    .split(" ")
    .map((s) => s.replace(/-/g, " ")),
);

/** A state's two-letter postal code and a ZIP code after it. */
const US_POSTAL = /\b(?:A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY])\s+\d{5}(?:-\d{4})?\b/;
/**
 * The country a place's name says where nothing else does: a state of the United States in it
 * ("University of Michigan", "Ohio State University"), or its postal code before a ZIP code. Asked last, after the printed country, a
 * city and the e-mail's domain; not by `countryIn`, whose answers are a feature the line labeller
 * was trained on.
 */
export function countryOfState(place: string | null): string | null {
  if (!place) return null;
  if (countryOfUsPostcode(place)) return "United States";
  const words = place.toLowerCase().replace(/[^\p{L}\s]+/gu, " ").split(/\s+/).filter(Boolean);
  for (let k = 0; k < words.length; k++) if (US_STATES.has(words[k]!) || US_STATES.has(`${words[k]} ${words[k + 1]}`)) return "United States";
  return null;
}

/**
 * The provinces of Canada and the states of Australia, spelled out as an address names them after its town; not those whose
 * names are towns' or other states' too (Victoria, in Canada and the Seychelles; New Brunswick, in New Jersey).
 */
const PROVINCES: Record<string, string> = {
  ontario: "Canada", quebec: "Canada", "british columbia": "Canada", alberta: "Canada", manitoba: "Canada", saskatchewan: "Canada", "nova scotia": "Canada", newfoundland: "Canada",
  "new south wales": "Australia", queensland: "Australia", tasmania: "Australia", "south australia": "Australia", "western australia": "Australia",
};
const AFTER_TOWN = new RegExp(`,\\s*(${Object.keys(PROVINCES).join("|")})(?=\\s*(?:,|$|\\(|\\s+[A-Z]\\d[A-Z]|\\s+\\d{4}\\b))`, "gi");
/**
 * The country of the province or state a place names after its town, the last one printed: "…, London, Ontario, N6A 5C2" is in
 * Canada though London is a town of England; "…, Vancouver, British Columbia" in Canada.
 */
export function countryOfProvince(place: string | null): string | null {
  const named = place ? [...place.matchAll(AFTER_TOWN)].at(-1) : undefined;
  return named ? PROVINCES[named[1]!.toLowerCase()]! : null;
}

/**
 * A nation's adjective as an institution's name carries it ("Norwegian Business School", "Australian National
 * University"), and the country it names. Not "British" (the University of British Columbia), "American" (the
 * Latin American and Caribbean bodies) nor "European"; not a subject taught ("Department of German").
 */
const DEMONYMS: Record<string, string> = {
  norwegian: "Norway", swedish: "Sweden", danish: "Denmark", finnish: "Finland", icelandic: "Iceland", dutch: "Netherlands",
  german: "Germany", french: "France", italian: "Italy", spanish: "Spain", portuguese: "Portugal", swiss: "Switzerland",
  austrian: "Austria", belgian: "Belgium", irish: "Ireland", polish: "Poland", czech: "Czech Republic", hungarian: "Hungary",
  greek: "Greece", turkish: "Turkey", israeli: "Israel", japanese: "Japan", korean: "South Korea", indian: "India",
  australian: "Australia", canadian: "Canada", mexican: "Mexico", brazilian: "Brazil", chilean: "Chile", argentine: "Argentina",
  colombian: "Colombia", peruvian: "Peru", "south african": "South Africa", "new zealand": "New Zealand", scottish: "United Kingdom",
};
/** A name standing alone, not part of a longer one: "Yale", not "Yale-NUS". */
const known = (names: string) => new RegExp(`(?<![\\p{L}\\p{N}-])(?:${names})(?![\\p{L}\\p{N}-])`, "u");
/**
 * Institutions whose names say no place, known by name the world over, and where they are: research universities and
 * the international and national bodies economists work at. A gazetteer, as the list of cities is; asked last.
 */
const KNOWN_INSTITUTIONS: Array<[RegExp, string]> = [
  [known("Harvard|Yale|Princeton|Stanford|Cornell|Duke University|Vanderbilt|Northwestern University|Columbia University|Brown University|Dartmouth|Johns Hopkins|Carnegie Mellon|Wharton|Kellogg School|Booth School|Sloan School|Tuck School|Swarthmore|Rice University|Emory|Tufts|Brandeis|MIT"), "United States"],
  [known("UCLA|NYU|Caltech|USC Marshall"), "United States"],
  [known("NBER|National Bureau of Economic Research|Federal Reserve|International Monetary Fund|IMF|World Bank|Inter-American Development Bank|IDB"), "United States"],
  [known("European University Institute|Bocconi|Bank of Italy|Banca d'Italia|EIEF"), "Italy"],
  [known("INSEAD|Sciences Po|HEC Paris|Banque de France|Toulouse School of Economics|Paris School of Economics|CNRS|OFCE|ESSEC|EDHEC|EMLyon|emlyon|EM Lyon|Paris Dauphine"), "France"],
  [known("UCLouvain|KU Leuven|National Bank of Belgium|Solvay Brussels School"), "Belgium"],
  [known("CEMFI|Pompeu Fabra|Banco de España|Bank of Spain"), "Spain"],
  [known("Bank for International Settlements|BIS|EPFL|ETH|Swiss Finance Institute"), "Switzerland"],
  [known("European Central Bank|ECB|Bundesbank"), "Germany"],
  // (National central banks named in their own language, the country's name in it no English one: "Norges Bank".)
  [known("Norges Bank"), "Norway"],
  [known("Sveriges Riksbank|Riksbank"), "Sweden"],
  [known("Danmarks Nationalbank"), "Denmark"],
  [known("Suomen Pankki"), "Finland"],
  [known("Oesterreichische Nationalbank|OeNB"), "Austria"],
  [known("Narodowy Bank Polski"), "Poland"],
  [known("Magyar Nemzeti Bank"), "Hungary"],
  [known("Česká národní banka|Ceska narodni banka"), "Czech Republic"],
  [known("Latvijas Banka"), "Latvia"],
  [known("Lietuvos bankas"), "Lithuania"],
  [known("Národná banka Slovenska"), "Slovakia"],
  [known("Banka Slovenije"), "Slovenia"],
  [known("Seðlabanki Íslands"), "Iceland"],
  [known("Schweizerische Nationalbank"), "Switzerland"],
  [known("De Nederlandsche Bank|Tilburg University|Erasmus University"), "Netherlands"],
  [known("University of Oxford|Oxford University|University of Warwick|Warwick Business School|LSE|Bank of England|CEPR|Institute for Fiscal Studies"), "United Kingdom"],
];
/** A unit's name, that says where only through its institution: "Department of Economics", "School of Finance". */
const UNIT_ONLY = /^(?:department|dept\.?|division|school|faculty|chair|group|section|unit|program(?:me)?|centre|center)\s+(?:of|for)\b(?!.*\b(?:universit|college|institute|bank)\w*\b)/i;

/** Research networks whose fellows work elsewhere: named after an author's own institution, they say nothing of where it is. */
const NETWORK = known("NBER|National Bureau of Economic Research|CEPR|Centre for Economic Policy Research|CESifo|IZA");

/**
 * The country an institution's name says where nothing printed does: a nation's adjective in it, or an institution
 * known by name ("Harvard University and NBER", "European University Institute"), the first that says one in the order
 * printed; a research network only where it is named first: "Norges Bank and CEPR" says nothing of the United Kingdom.
 */
export function countryOfInstitution(place: string | null): string | null {
  if (!place) return null;
  const parts = partsOf(place, /\s*(?:;|,|&|\band\b)\s*/).filter((p) => !UNIT_ONLY.test(p));
  return firstPartSaying(parts, (part) => {
    const lower = ` ${part.toLowerCase().replace(/[^\p{L}\s]+/gu, " ")} `;
    for (const [adjective, country] of Object.entries(DEMONYMS)) if (lower.includes(` ${adjective} `)) return country;
    for (const [name, country] of KNOWN_INSTITUTIONS) if (name.test(part)) return country;
    return null;
  });
}

const partsOf = (place: string, separators: RegExp) => place.split(separators).map((p) => p.trim()).filter(Boolean);

/**
 * The first country `ask` finds in a place's parts, in the order printed; a research network is asked only where it is
 * named first (its fellows work elsewhere).
 */
function firstPartSaying(parts: string[], ask: (part: string) => string | null): string | null {
  for (const [k, part] of parts.entries()) {
    if (k > 0 && NETWORK.test(part)) continue;
    const found = ask(part);
    if (found) return found;
  }
  return null;
}

/**
 * The United States where a place ends as an American address does, a state's postal code before a ZIP code ("Dallas,
 * TX 75201", "Washington, DC 20551-0001"): asked before a city's or a country's name in the place, which an American
 * town or institution may share ("Oxford, OH 45056", "Georgia Institute of Technology, …, GA 30308").
 */
export const countryOfUsPostcode = (place: string) => (US_POSTAL.test(place) ? "United States" : null);

/**
 * The country an author's place says, asked of each of its places in turn ("…; …", the author's own post before one
 * held besides) until one says it: the country printed at its end, an American state or postcode (asked before a
 * town's name, which a town elsewhere may share: "Cambridge, Massachusetts", "Oxford, OH 45056"), a country or town
 * named in it, then an institution known by name. The e-mail's domain is the caller's last resort, not asked here: it
 * says where a mailbox is, not where the author works.
 */
export function countryOfPlace(place: string | null): string | null {
  if (!place) return null;
  for (const p of place.split(/\s*;\s*/)) {
    const found = trailingCountry(p).country ?? countryOfState(p) ?? countryOfProvince(p) ?? firstNamed(p) ?? countryOfAffiliation(p) ?? countryOfInstitution(p);
    if (found) return found;
  }
  return null;
}

/**
 * The country of a place's first part that says one, a town's or an institution's, the parts in the order printed:
 * "Bocconi University, University of Copenhagen" is Italy; a research network only where it is named first.
 */
const firstNamed = (place: string): string | null =>
  firstPartSaying(partsOf(place, /\s*(?:,|&|\band\b)\s*/), (part) => countryOfAffiliation(part) ?? countryOfInstitution(part));

/** Whether a text is only the name of a town or a country the gazetteer knows ("São Paulo", "Hong Kong", "New Zealand"): no person's name. */
export function namesOnlyAPlace(text: string): boolean {
  const key = text.trim().replace(/\s+/g, " ").toLowerCase();
  return key in CITIES || byCapital.has(key) || byName.has(key);
}

/** The country an e-mail's domain belongs to (a national domain, or .edu for the United States). */
export function countryOfEmail(email: string | null): string | null {
  if (!email) return null;
  const tld = email.toLowerCase().split(".").pop() ?? "";
  return byDomain.get(tld) ?? null;
}
