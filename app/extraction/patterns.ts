/**
 * What the engine's rules and its line labeller both recognise in a printed line: labels,
 * institutions, e-mail addresses, markers and the noise of a manuscript's first pages.
 */
import type { Line } from "./model";

/** A banner in letters spaced apart: "L A N D E S B I O S C I E N C E", "W O R K I N G PA P E R S", a line "p a p e r". */
export const LETTER_SPACED = /(?:\b\p{L}\s){6}|^\s*(?:\p{L}\s){2,}\p{L}\s*$/u;
export const ABSTRACT_LABEL = /^\s*(?:a\s?b\s?s\s?t\s?r\s?a\s?c\s?t|summary)\b\s*[:.—–-]?\s*(.*)$/i;
export const KEYWORDS_LABEL = /^\s*(?:key\s*-?\s*words?(?:\s+and\s+phrases)?|index terms)\s*(?:\([^)]*\))?\s*[:.—–-]\s*(.*)$/i;
/**
 * The list after a keywords label, or null where the line has none: a label with its colon or dash ("Keywords: …"), or a
 * label set apart by its type alone, its list on the same line in another font with no mark between (a publisher's bold
 * "Keywords" before "Sentiment analysis · Labeling"). Not a word that only begins with one ("keyword-based methods").
 */
export function keywordsAfterLabel(l: Line): string | null {
  // (A word that begins with the label, hyphenated in lower case: "keyword-based methods".)
  if (/^\s*[Kk]ey\s*-?\s*[Ww]ords?-\p{Ll}/u.test(l.text)) return null;
  const labelled = KEYWORDS_LABEL.exec(l.text);
  if (labelled) return labelled[1]!;
  // (Set apart by type, the label is capitalised: "keywords" in lower case before an italic word is a sentence's.)
  const [label, next] = l.spans.filter((s) => s.text.trim() && !s.sup);
  if (!label || !next || label.font === next.font || !/^\s*(?:Key\s*-?\s*words?|KEY\s*-?\s*WORDS?|Index\s+[Tt]erms|INDEX\s+TERMS)\s*$/.test(label.text)) return null;
  return l.text.replace(/^\s*(?:key\s*-?\s*words?|index\s+terms)\s*/i, "");
}
/** The keywords' label alone on its line, the list on the lines below, plain or in letters spaced apart: "K E Y W O R D S". */
export const KEYWORDS_ALONE = /^\s*(?:k\s?e\s?y\s?-?\s?w\s?o\s?r\s?d\s?s?|index\s+terms)\s*()$/i;
export const JEL_LABEL = /^\s*JEL(?:\s+(?:classifications?|codes?|classification\s+codes?|subject\s+codes?))?\s*(?:\([^)]*\))?\s*[:.—–-]?\s*(.*)$/i;
/**
 * A line of JEL codes as the header reads it: labelled as `JEL_LABEL` (the labeller's feature), or
 * in parentheses as the AEA's journals print it under the abstract ("(JEL E24, F14, J23)").
 */
export const JEL_LINE = /^\s*\(?JEL\b(?:\s+(?:classifications?(?:\s+(?:codes?|numbers?))?|codes?|subject\s+codes?))?\s*(?:\([^)]*\))?\s*[:.—–-]?\s*(.*?)\)?\s*$/i;
/** JEL codes run into the end of an abstract's last line: "… from both.(JEL C13, C90)", "… families. JEL Codes: O3, I2, R3." */
// (One run of separators between codes, so a long line of codes that fails at its end fails in linear time.)
export const JEL_RUN_IN = /\s*\(?\bJEL(?:\s+(?:[Cc]lassifications?|[Cc]odes?))?\s*[:.]?\s*((?:[A-Z]\d{1,2}[,;\s]*)+)\)?\.?\s*$/;
/**
 * A line that begins with the word of a first section, in any case: a feature of the labeller
 * (trained with it), which weighs it with the line's size and neighbours.
 */
export const HEADING_WORD = /^(?:(?:\d{1,2}\.?|[IVX]{1,4}\.)\s+)?(?:introduction|literature review|background|data|motivation)\b/i;
/**
 * A first section's heading, for the rules, which end the abstract there: numbered and
 * capitalised ("2. Data and sample", "I. INTRODUCTION"), or capitalised and short ("Introduction",
 * "Data and Methods"). Not an abstract's line that begins with the word ("data set covering 2,976
 * transactions…" ended an abstract after its first line).
 */
const HEADING_WORDS = "(?:Introduction|Literature [Rr]eview|Background|Data|Motivation|INTRODUCTION|LITERATURE REVIEW|BACKGROUND|DATA|MOTIVATION)\\b";
export const HEADING = new RegExp(`^(?:(?:\\d{1,2}\\.?|[IVX]{1,4}\\.)\\s+${HEADING_WORDS}|${HEADING_WORDS}(?:\\s+\\S+){0,5}\\s*$)`);
/** The parts of a structured abstract (medicine, biology): "Background" begins an abstract there, not a section. */
export const STRUCTURED_ABSTRACT = /^(?:background|objectives?|aims?|purpose|context|methods?|results?|findings|conclusions?)\b/i;
export const INSTITUTION = /\b(universit\w*|univ\.?|school|college|institute|institut(?!ional)\w*|istituto|department|departamento|departement|département|dipartimento|dept\.?|dpto\.?|faculty|facult\w*|centre|center|centro|zentrum|bank|(?:bundes|national|riks|landes|zentral)bank|academy|hochschule|business|research|laborator\w*|laboratoire|labs?|division|observatory|librar(?:y|ies)|museum|hospital|hôpital|clinic\w*|klinik\w*|polytechnic|ministry|authority|agency|fund|council|foundation|association|bureau|commission|corporation|company|inc|ltd|gmbh|cnrs|inserm|csic|management|economics|finance|accounting)\b/i;
export const NOISE = /\b(running (?:title|head)|short title|(?:nih|hhs) public access|word count|preliminary|draft|do not (?:cite|circulate|quote)|this version|first version|working paper|discussion paper|paper series|discussion series|preprint submitted|submitted to|forthcoming|comments welcome|manuscript|page \d+ of \d+|all rights reserved|ssrn|electronic copy|arxiv:\s*(?:\d{4}\.\d{4,5}|[a-z-]+\/\d{7})(?:v\d+)?)\b/i;
export const MONTH_DATE = /^(?:this version:?\s*)?(?:\d{1,2}\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\s*(?:\d{1,2},?\s*)?\d{4}$|^\d{4}-\d{2}-\d{2}$/i;
// (Begun only where its first part does: tried at every letter of a long word, it read to the word's end each time.)
export const EMAIL = /(?<![\w.+'-])[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/g;
export const GROUPED_EMAIL = /\{([^{}]+)\}\s*@\s*([\w-]+(?:\.[\w-]+)+)/g;
/**
 * The symbols printed as footnote markers (∗ is TeX's asterisk; LaTeX's \thanks runs *, †, ‡, §, ¶, ‖). "⇤" is TeX's asterisk
 * as a font without its own map for it gives it to the text layer ("Debt De-risking⇤").
 */
const SYMBOLS = "*∗†‡§¶‖☯#⇤";
export const MARKER = new RegExp(`^[\\d${SYMBOLS}#a-z,]+$`);
/** One marker symbol. */
export const SYMBOL = new RegExp(`[${SYMBOLS}]`);
/** Markers at the end of a text ("Thornton∗", "Title†"). */
export const TRAILING_SYMBOLS = new RegExp(`(?<![${SYMBOLS}])[${SYMBOLS}]+$`);
/** A marker symbol or a run of them, captured, with what follows: for names' trailing markers. */
/** A marker after the comma that ends a name ("Futami, M.D.,* Junkoh Yamashita"): the name before's. */
export const LEADING_SYMBOL_RUN = new RegExp(`^[${SYMBOLS}\\s]+`);
export const TRAILING_SYMBOL_RUN = new RegExp(`(?<![${SYMBOLS}])([${SYMBOLS}]+)\\s*$`);
/** A note's leading marker: a symbol or one printed two or three times ("** Bank of Italy"), or a number before a capital ("1 Department …"). */
export const LEADING_MARKER = new RegExp(`^((?<symbol>[${SYMBOLS}])\\k<symbol>{0,2}|\\d{1,2}(?=[.-]?\\s*\\p{Lu}))[.-]?\\s*`, "u");
/** A leading marker to strip: a symbol (or its run) or a number, and the space after it. */
export const LEADING_MARKER_TEXT = new RegExp(`^((?<symbol>[${SYMBOLS}])\\k<symbol>{0,2}|\\d{1,2}(?:\\.|-(?=\\p{Lu}))?)\\s*`, "u");
/** Symbols and commas, where a name is cleaned for splitting. */
export const SYMBOLS_OR_COMMAS = new RegExp(`[${SYMBOLS},]+`, "g");
/** A web address printed among a place's or a note's parts: "…, https://harbour.example.edu/moss/, and NBER". */
export const WEB_ADDRESS = /(?:https?:\/\/|\bwww\.)[^\s,;]+/gi;
/** A working paper's link to its latest version: "Click here for the most recent version", "Latest version here". */
export const LATEST_VERSION = /^(?:please\s+)?click\s+here\b|^(?:(?:a\s+)?link\s+to\s+|for\s+|see\s+)?(?:the\s+)?(?:most\s+recent|latest|current|newest)\s+version\b/iu;
/**
 * Markers (symbols or numbers) before an affiliation's first capital ("1 Department of …", "** Harbour University", "†‡1 …",
 * markers run together, "123 Department of …"); a number of three digits before a street's name is its number, "155 Bishopsgate".
 */
export const AFFILIATION_MARKER = new RegExp(
  `^\\s*(?:[${SYMBOLS}]{1,3}\\d{0,2}|\\d{1,2}[${SYMBOLS}]{0,2}|\\d{3}(?=\\s+(?:Department|Dept|School|Faculty|Institute|University|College|Centre|Center|Division|Laboratory|Graduate)\\b))\\s+(?=\\p{Lu})`,
  "u",
);
/**
 * Words a first page prints capitalised between the title and the abstract that are no part of a
 * person's name: article types and badges ("Open Access", "Case Description"), labels and dates
 * ("Key Words", "Received February"), the names of fields, teams and journals ("Cell Death",
 * "Metabolic Disorders Team", "Public Health"), addresses ("Via A. Poerio", "Memphis, Tennessee").
 * Words that are also names ("Case", "Key", "Short", "Lane", "Montana", "To", "An") are left out.
 */
export const NOT_NAME_WORDS = new Set(
  (
    "the of for with from " +
    "open access article research original review letter editorial commentary communication report reports brief rapid description correspondence " +
    "words keywords abstract summary introduction background methods results conclusion conclusions discussion objective objectives purpose highlights " +
    "received revised accepted published available online copyright licence license citation cite volume issue supplement " +
    "journal proceedings society association team consortium collaboration committee network group program programme project " +
    "health medicine medical clinical cell death cancer disease diseases disorders therapeutics therapy drug drugs discovery metabolic endocrine vascular " +
    "public science sciences physics chemistry biology engineering economics finance financial economic studies " +
    "via street road avenue boulevard floor building campus straße strasse parc station " +
    "division unit units service services limited securities school schools ecole école universidad universidade linguistics paper survey " +
    "tennessee massachusetts pennsylvania illinois ohio michigan minnesota wisconsin connecticut california texas florida arizona oklahoma kansas nebraska iowa missouri kentucky alabama mississippi louisiana arkansas oregon colorado utah nevada idaho wyoming alaska hawaii maryland delaware vermont"
  ).split(" "),
);
/** "Corresponding author" as printed: capitalised or not, or in capitals. */
const CORRESPONDING_AUTHOR = String.raw`(?:[Cc]orresponding\s+[Aa]uthor|CORRESPONDING\s+AUTHOR)`;
/**
 * A role, post or badge printed after an author's name, no part of it: "Manfred Kremer (corresponding
 * author)", "Kremer*", "Audrey L. Allison, Director", "Thomas Burgoyne ID" (an ORCID badge).
 */
export const ROLE_AFTER_NAME = new RegExp(String.raw`(?:\s*\(${CORRESPONDING_AUTHOR}\)|\s*[*∗]|\s+(?:ID|[Dd]irector|[Ee]ditor|[Cc]aptain|[Jj]ournalist))$`, "u");
/** The role in brackets between an entry's name and its colon, where printed: "Costa-Ramón (corresponding author): University of Zurich …". */
export const ROLE_BEFORE_COLON = String.raw`(?:\s*\((?:the\s+)?${CORRESPONDING_AUTHOR}\))?`;
/** The corresponding author's label before their name: "Corresponding author: Natalie Chen, Department of …". */
export const CORRESPONDING_LABEL = String.raw`${CORRESPONDING_AUTHOR}\s*:\s*`;
/** A verb of place after an author's name and "is": "is from", "is at", "is in" (not "in part"), "is with", "is affiliated with". */
export const SAID_AT = String.raw`(?:from|at|in(?!\s+part\b)|with|affiliated with)`;
/** The corresponding author's role said after a place in a note, between commas: ", corresponding author". */
export const CORRESPONDING_ROLE = /,\s*(?:the\s+)?corresponding author(?=\s*[,;:])/gi;
/** The role opening a note before a comma, "Corresponding Author, Department of …" (not a label, "Corresponding author: Ada Moss, …"). */
export const CORRESPONDING_ROLE_FIRST = /^\s*[*∗]?\s*corresponding author\s*,\s*/i;
/** Generational suffixes after a family name ("Yancy Jr.", "Mohler III"): no part of it. */
export const GENERATIONAL = /^(?:Jr|Sr|II|III|IV)\.?$/i;

export const PARTICLES = new Set(["van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "das", "du", "la", "le", "ten", "ter", "bin", "al", "el", "st.", "mac", "'t", "’t"]);


/** The size most of the text has (the body text's). */
export function bodySize(lines: Line[]) {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(Math.round(l.size * 2) / 2, (counts.get(Math.round(l.size * 2) / 2) ?? 0) + l.text.length);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/**
 * An e-mail address written to keep it from harvesters: "renke.schmacker[at]unil[dot]ch", "(at)", "{dot}",
 * "luke.hartigan at domain sydney.edu.au".
 */
// (Each part bounded, and begun only where a word does: a hostile text's long runs are read in linear time.)
export const MASKED_EMAIL = /(?<![^\s,;:(<])[^\s[({]{1,64}\s?[[({]at[\])}]\s?\S{1,64}|(?<![\w.-])[\w-]{1,64}[._][\w.-]{1,64}\s+at\s+(?:domain\s+)?[\w-]{1,64}(?:\.[\w-]{1,64}){1,6}/;

// The addresses whose words `lowerCaseWords` leaves out. (Each begun only where a word does: tried at every
// letter of a long word, a pattern read to the word's end each time.)
// (The mailboxes of a grouped address, "{hong.chang, shiguang.shan}@vipl.ict.ac.cn", and any address: they spell the
// authors' names. The line labeller's features count a web address's and a masked address's words, as the labeller
// was trained; the names' readers leave those out too.)
const MAILBOXES = String.raw`[{(][^{}()]*[})]\s*@\S*|(?<!\S)\S*@\S*`;
const ADDRESSES_IN_FEATURES = new RegExp(MAILBOXES, "g");
const ADDRESSES = new RegExp(`${MAILBOXES}|${MASKED_EMAIL.source}|\\b(?:https?:\\/\\/|www\\.)\\S*`, "gi");

/** Words printed entirely in lower case somewhere in the text. */
export function lowerCaseWords(lines: Line[], { webAddresses = false } = {}) {
  const out = new Set<string>();
  const addresses = webAddresses ? ADDRESSES_IN_FEATURES : ADDRESSES;
  for (const l of lines) for (const w of l.text.replace(addresses, " ").match(/(?<![\p{L}])[\p{Ll}]{3,}(?![\p{L}])/gu) ?? []) out.add(w);
  return out;
}
/** The states and provinces an address names before (or instead of) its country, spelled out and as postal codes. */
export const REGIONS = new Set(
  [
    "Alabama AL", "Alaska AK", "Arizona AZ", "Arkansas AR", "California CA", "Colorado CO", "Connecticut CT", "Delaware DE", "Florida FL", "Georgia GA", "Hawaii HI", "Idaho ID", "Illinois IL",
    "Indiana IN", "Iowa IA", "Kansas KS", "Kentucky KY", "Louisiana LA", "Maine ME", "Maryland MD", "Massachusetts MA", "Michigan MI", "Minnesota MN", "Mississippi MS", "Missouri MO", "Montana MT",
    "Nebraska NE", "Nevada NV", "New_Hampshire NH", "New_Jersey NJ", "New_Mexico NM", "New_York NY", "North_Carolina NC", "North_Dakota ND", "Ohio OH", "Oklahoma OK", "Oregon OR", "Pennsylvania PA",
    "Rhode_Island RI", "South_Carolina SC", "South_Dakota SD", "Tennessee TN", "Texas TX", "Utah UT", "Vermont VT", "Virginia VA", "Washington WA", "West_Virginia WV", "Wisconsin WI", "Wyoming WY",
    "District_of_Columbia DC", "Ontario ON", "Quebec QC", "British_Columbia BC", "Alberta AB", "Manitoba MB", "Saskatchewan SK", "Nova_Scotia NS", "New_Brunswick NB", "Newfoundland NL",
    "New_South_Wales NSW", "Queensland QLD", "Victoria VIC", "Tasmania TAS", "South_Australia SA", "Western_Australia WA",
  ].flatMap((pair) => {
    const [name, code] = pair.split(" ") as [string, string];
    return [name.replace(/_/g, " "), code];
  }),
);

/** Degrees and titles printed after a name ("MD", "Ph.D.", "F.R.C.S. Ed.", "FAAN", "MSPH"), in any case: a piece that is only these is no name. */
export const DEGREES = /^(?:(?:M\.?D|Ph\.?\s?D|D\.?Phil|M\.?Phil|M\.?P\.?H|M\.?B\.?A|M\.?Sc?|M\.?Ed|M\.?A|B\.?Sc?|B\.?A|R\.?N|F\.?A\.?A\.?N|Psy\.?\s?D|Pharm\.?D|D\.?Sc|Dr\.?P\.?H|CRNP|AOCN|ANP|R\.?Ph|F\.?R\.?C\.?[SP]\.?(?:\s?(?:ED|Ed|C|Edin)\.?)?|FRCPC|D\.?D\.?S|D\.?V\.?M|MBBS|MBChB|J\.?D|LL\.?[BM]|CFA|CPA|F\.?A\.?C\.?[PS]|MSN|BSN|MHS|MSW|DPT|MSc|MEd|MPhil|PhD|MD|R\.?D|F\.?A\.?D\.?A|C\.?D\.?E|M\.?S\.?P\.?H|Ed\.?D|M\.?Res|D\.?M\.?Sc|M\.?Stat|M\.?B|B\.?Chir|C\.?L\.?S|F\.?N\.?L\.?A|Dipl\.?-?\s?Ing)\.?\s*)+$/i;

/** Short words of small letters a name can end on, which are no markers after it (as "ab" is in "Paul Doukhan ab"). */
export const NOT_LETTER_MARKERS = /^(?:da|de|dè|ha)$/;

/** A post's own word, the last of its name: "Professor", "Student", "Economist". */
export const POST_HEADS = "professor|lecturer|reader|fellow|student|researcher|scientist|director|head|chair|candidate|statistician|economist|analyst|manager|officer|consultant|dean|associate|assistant|instructor|postdoc|physician|nurse|clinician|partner|advisor|adviser";
/** A post held, printed between a name and its institution ("Reader", "Professor of Health Economics", "Research Fellow"). */
export const POST = new RegExp(String.raw`^(?:(?:senior|principal|associate|assistant|full|adjunct|visiting|emeritus|honorary|research|teaching|postdoctoral|doctoral|graduate|phd|chief|deputy|medical)\s+)*(?:${POST_HEADS})\b`, "i");
/**
 * Words a post's subject shares with an institution's name, which name no institution in a subject: "of Finance", "of
 * Business Economics". Global, for `replace` (all of them out); not for `test`, which would keep its place between calls.
 */
export const SUBJECT_WORDS = /\b(?:economics|finance|accounting|management|business|research)\b/gi;

/**
 * Institutions that finance and economics papers print by a short name with no institution's word
 * in it: research bureaus and networks, central banks and regulators, universities and schools known
 * by their initials, a University of California campus as "UC" and its place ("UCLA and NBER", "UC Santa Cruz",
 * "Federal Reserve Board"). In capitals as printed.
 */
const KNOWN_INSTITUTION =
  /\b(?:NBER|CEPR|CESifo|IZA|ECGI|UCLA|UCSD|UCSB|UCI|USC|MIT|NYU|CUNY|UNC|UIUC|UBC|CMU|LSE|UCL|HEC|INSEAD|IESE|ESSEC|EDHEC|CEMFI|CREST|EIEF|CREI|EPFL|ETH|ECB|IMF|OECD|FDIC|CFTC)\b|\bUC(?:\s+\p{Lu}\p{Ll}+){1,2}\b|\bFederal Reserve\b|\bBoard of Governors\b|(?<!\p{L})(?:Banque|Banco|Banca|Bundesbank|Riksbank|Nationalbank|Universidad|Universidade|Escuela|École|Ecole|ÉCOLE|Collège|COLLÈGE|Scuola|Fundación|Fundação|Fondation|Fondazione)(?!\p{L})/u;
/**
 * Whether a text names an institution known by its short name ("UC Berkeley", "NBER") or by a word
 * of another language than the patterns' ("Banque de France", "Universidad de Chile").
 */
export const namesKnownInstitution = (text: string) => KNOWN_INSTITUTION.test(text);
/** Whether a text names an institution: by an institution's word, or as one known by its short name. */
/**
 * A public office by its capitalised word ("Congressional Budget Office", "Office of Financial Research"):
 * an institution's name, kept out of `INSTITUTION`, whose matches the trained models count as they were trained.
 */
const PUBLIC_OFFICE = /\b(?:Office|Secretariat)\b/;
export const namesInstitution = (text: string) => INSTITUTION.test(text) || PUBLIC_OFFICE.test(text) || namesKnownInstitution(text);

/**
 * A sentence of thanks: who commented, assisted or discussed the paper ("We thank …", "… are grateful
 * to …", "… provided outstanding research assistance"). Not a funding statement: its names are often
 * the authors' own ("AEK received funding from …").
 */
export const THANKS = /\b(?:we|I|authors?)\s+(?:\w+\s+)?(?:thank|are grateful|am grateful|acknowledge)\b|\bthanks?\s+(?:to|go)\b|\bgrateful\s+(?:to|for)\b|\bgratitude\b|\bindebted\s+to\b|\bresearch assistance\b|\bdiscussants?\b|\b(?:helpful|valuable|useful|insightful|detailed)\s+(?:\w+\s+)?(?:comments|suggestions|discussions)\b|\bbenefit(?:ed|ted|s)?\s+(?:\w+\s+)?from\s+(?:the\s+)?(?:comments|suggestions|discussions|conversations)\b/i;

/** A line naming a series of papers: "NBER Working Paper Series", "Finance and Economics Discussion Series". */
export const SERIES_BANNER = /\b(?:working|discussion|occasional|staff|research)\s+(?:papers?\s+)?series\b/i;
/**
 * A series' kind alone, after its issuer's name in capitals and in a second language after a slash:
 * "IMF Working Paper", "Working Papers / Documents de travail" (never "How to Write Policy Papers").
 */
export const SERIES_KIND = /^(?:(?:\p{Lu}{2,}|\p{Lu}[\p{Ll}&.]*)\s+){0,2}(?:Working|Discussion|Occasional|Staff|Research|Policy)\s+Papers?(?:\s*\/\s*\p{L}+(?:\s+\p{L}+){0,3})?$/u;
/** A line that names a series: its banner or its kind alone. */
export const isSeriesName = (text: string) => SERIES_KIND.test(text.trim()) || SERIES_BANNER.test(text);
/**
 * An issuer's name as a whole line, words in capitals ending in an institution's head word and the place or
 * field it is of: "Board of Governors of the Federal Reserve System", "Central Bank of Norland",
 * "Bank for International Settlements" (not "Central Bank Digital Currency and Bank Runs").
 */
export const ISSUER = /^(?:The\s+)?(?:\p{Lu}[\p{L}.&'’-]*\s+(?:(?:of|for|and|the|de|du|des|di|del|der|für)\s+)*){0,6}(?:Bank|Board|Fund|Reserve System|Institute|Authority|Commission|Bureau|Agency|Office|Ministry|Treasury|Organi[sz]ation|Council|Cent(?:er|re)|University|School|Foundation)(?:\s+(?:of|for)\s+(?:the\s+)?\p{Lu}[\p{L}.'’-]*(?:\s+(?:and\s+)?\p{Lu}[\p{L}.'’-]*){0,4})?$/u;

/** A street's word in an address: "Houghton Street", "800 W Peachtree St NW", "Am Hubland Allee". */
export const STREET_WORD = String.raw`(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Drive|Dr\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Way|Place|Pl\.?|Plaza|Square|Sq\.?|Terrace|Court|Ct\.?|Parkway|Pkwy\.?|Highway|Hwy\.?|Row|Circle|Walk|Quay|Strasse|Straße|Allee|Platz)(?=[\s,.]|$)`;
/**
 * A street address that opens what follows a full stop, which goes on with the place before it rather
 * than beginning a sentence: "London School of Economics. Houghton Street, London WC2A 2AE", "Yale University.
 * 28 Hillhouse Avenue, …", "Academia General Militar. Ctra. Huesca s/n. 50090, Zaragoza". A number and a
 * street's name; up to three capitalised words, not a sentence's opening word, and a street's word in full
 * before a comma; or a street's word that comes first in Spanish, Portuguese, French or Italian ("Via" before a
 * number only). Not "The Supreme Court ruling", "Random Walk models", "Contact Dr. Jane Doe", "Via NSF grant".
 */
export const STREET_NEXT = String.raw`(?:\d{1,5}(?:st|nd|rd|th|[A-Za-z])?\s+(?:\p{Lu}[\p{L}'’.-]*\s+){0,3}${STREET_WORD}|(?!(?:The|This|These|Those|Our|We|It|Its|Their|His|Her|A|An)\s)(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:Street|Avenue|Road|Boulevard|Lane|Square|Drive|Terrace|Parkway|Highway|Quay|Strasse|Straße|Allee|Platz|Plaza)(?=\s*,)|(?:Ctra|Calle|Carrer|Carretera|Avenida|Avda|Rua|Rue|Paseo|Piazza|Viale)\.?\s+\p{L}|Via\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}\d)`;
