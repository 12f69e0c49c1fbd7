/**
 * What the generated manuscripts are made of: people from many naming traditions,
 * institutions in many countries, and the titles, abstracts and keywords of finance, economics
 * and accounting papers. Written for the corpus; the institutions are real places, the people
 * and the papers are invented.
 */

/**
 * Names by tradition: given names (some in several parts) and family names (some with
 * particles or in two parts). `latex: false` marks a tradition whose letters pdflatex's T1
 * fonts cannot print (those go into Word manuscripts only).
 */
export const NAME_POOLS = {
  english: { given: ["Emily", "James", "Olivia", "Thomas", "Charlotte", "William", "Hannah", "Robert", "Grace", "Daniel", "Mary Ellen", "John Paul"], family: ["Harrington", "Whitfield", "Thompson", "Clarke", "O’Neill", "MacDonald", "Fitzgerald", "Ashworth", "Pemberton", "Collins", "Bradshaw", "McAllister"] },
  german: { given: ["Katharina", "Matthias", "Lena", "Florian", "Johannes", "Anna-Lena", "Karl-Heinz", "Sophie", "Maximilian", "Ute"], family: ["Müller", "Schäfer", "von Bülow", "Weißmann", "Krüger", "zu Eltz", "Hoffmann", "Groß", "Vogel", "Bäumer"] },
  dutch: { given: ["Pieter", "Femke", "Joost", "Anouk", "Maarten", "Sanne", "Willem", "Eline"], family: ["van der Berg", "de Vries", "van Dijk", "Bakker", "ter Horst", "van den Heuvel", "Jansen", "de Jong"] },
  italian: { given: ["Giulia", "Marco", "Francesca", "Lorenzo", "Chiara", "Alessandro", "Gian Luca", "Maria Grazia"], family: ["Lo Russo", "Di Stefano", "De Luca", "Esposito", "La Rocca", "Ferrari", "Dell’Aquila", "Bianchi"] },
  spanish: { given: ["Lucía", "Javier", "María José", "Alejandro", "Carmen", "Juan Carlos", "Inés", "Álvaro"], family: ["García Márquez", "Fernández", "López de Haro", "Martínez", "Sánchez-Vidal", "Ruiz", "Ortega y Gasset", "Núñez"] },
  catalan: { given: ["Jordi", "Montserrat", "Pau", "Núria", "Arnau", "Mireia"], family: ["Vidal i Puig", "Ferrer", "Puigdemont", "Casals i Roca", "Soler", "Pujol"] },
  portuguese: { given: ["João", "Beatriz", "Tiago", "Inês", "Gonçalo", "Mariana"], family: ["da Silva", "dos Santos", "Gonçalves", "Sousa Pinto", "de Almeida", "Magalhães"] },
  french: { given: ["Élodie", "Julien", "Amélie", "François", "Chloé", "Jean-Baptiste", "Hélène", "Sébastien"], family: ["Lefèvre", "Dubois", "Le Goff", "de la Fontaine", "Mercier", "Girard", "Delacroix", "Rousseau"] },
  arabic: { given: ["Fatima Zahra", "Omar", "Layla", "Youssef", "Nour", "Karim", "Amina", "Tariq"], family: ["El Amrani", "Al-Khatib", "Haddad", "El-Sayed", "Benali", "Al Mansouri", "Khoury", "Abdel-Rahman"] },
  turkish: { given: ["Ayşe", "Mehmet", "Zeynep", "Emre", "Elif", "Burak"], family: ["Yılmaz", "Demir", "Şahin", "Öztürk", "Kılıç", "Çelik"] },
  polish: { given: ["Agnieszka", "Łukasz", "Małgorzata", "Tomasz", "Katarzyna", "Paweł"], family: ["Wójcik", "Kowalczyk", "Zieliński", "Nowak", "Dąbrowska", "Szymański"] },
  nordic: { given: ["Søren", "Ingrid", "Åsa", "Lars", "Sigríður", "Mikael", "Eija", "Bjørn"], family: ["Jørgensen", "Lindqvist", "Åberg", "Nyström", "Halvorsen", "Virtanen", "Sæther", "Björklund"] },
  greek: { given: ["Dimitrios", "Eleni", "Konstantinos", "Georgia", "Nikolaos", "Sofia"], family: ["Papadopoulos", "Georgiou", "Konstantinidis", "Alexandrou", "Vlachou", "Karamanlis"] },
  hungarian: { given: ["Zsófia", "Bence", "Eszter", "Gergő"], family: ["Kovács", "Szőke", "Nagy", "Tóth"] },
  czech: { given: ["Jiří", "Tereza", "Ondřej", "Kateřina"], family: ["Dvořák", "Novotná", "Černý", "Procházka"] },
  chinese: { given: ["Wei", "Xiaoming", "Mei Ling", "Jianhua", "Yuqing", "Hao", "Li-Ting", "Zhen"], family: ["Zhang", "Wang", "Li", "Chen", "Liu", "Huang", "Zhao", "Xu"] },
  japanese: { given: ["Yuki", "Haruto", "Sakura", "Kenji", "Aiko", "Takeshi"], family: ["Tanaka", "Watanabe", "Yamamoto", "Nakamura", "Kobayashi", "Sato"] },
  korean: { given: ["Ji-woo", "Min-jun", "Seo-yeon", "Hyun-woo", "Ji-hoon"], family: ["Kim", "Park", "Lee", "Choi", "Jeong"] },
  indian: { given: ["Priya", "Rahul", "Ananya", "Venkata Ramana", "Lakshmi", "Arjun", "Sai Krishna", "Deepika"], family: ["Sharma", "Iyer", "Venkataraman", "Chatterjee", "Reddy", "Krishnamurthy", "Banerjee", "Nair"] },
  african: { given: ["Olumide", "Chiamaka", "Kwame", "Ama", "Tendai", "Lindiwe", "Oluwaseun", "Wanjiru"], family: ["Adebayo", "Okonkwo", "Mensah", "Osei-Bonsu", "Moyo", "Ndlovu", "Adeyemi", "Kamau"] },
  vietnamese: { latex: false, given: ["Thị Minh Khai", "Văn Đức", "Thu Hương", "Quốc Bảo"], family: ["Nguyễn", "Trần", "Phạm", "Lê"] },
  romanian: { latex: false, given: ["Ștefan", "Ioana", "Mihai", "Alexandra"], family: ["Popescu", "Țurcanu", "Ionescu", "Dumitrașcu"] },
};

/** Institutions: name, departments it has, city, country (English name, as ground truth gives it). */
export const INSTITUTIONS = [
  ["University of Oxford", ["Saïd Business School", "Department of Economics"], "Oxford", "United Kingdom"],
  ["London School of Economics and Political Science", ["Department of Finance", "Department of Accounting"], "London", "United Kingdom"],
  ["University of Edinburgh", ["Business School"], "Edinburgh", "United Kingdom"],
  ["University College Dublin", ["Michael Smurfit Graduate Business School"], "Dublin", "Ireland"],
  ["Goethe University Frankfurt", ["House of Finance", "Faculty of Economics and Business"], "Frankfurt am Main", "Germany"],
  ["University of Mannheim", ["Business School", "Department of Economics"], "Mannheim", "Germany"],
  ["Humboldt-Universität zu Berlin", ["School of Business and Economics"], "Berlin", "Germany"],
  ["University of Vienna", ["Department of Finance"], "Vienna", "Austria"],
  ["University of Zurich", ["Department of Banking and Finance"], "Zurich", "Switzerland"],
  ["Université de Genève", ["Geneva Finance Research Institute"], "Geneva", "Switzerland"],
  ["Maastricht University", ["School of Business and Economics"], "Maastricht", "Netherlands"],
  ["Erasmus University Rotterdam", ["Erasmus School of Economics", "Rotterdam School of Management"], "Rotterdam", "Netherlands"],
  ["Tilburg University", ["Department of Finance"], "Tilburg", "Netherlands"],
  ["KU Leuven", ["Faculty of Economics and Business"], "Leuven", "Belgium"],
  ["HEC Paris", ["Department of Finance"], "Jouy-en-Josas", "France"],
  ["Université Paris-Dauphine", ["DRM Finance"], "Paris", "France"],
  ["Toulouse School of Economics", [], "Toulouse", "France"],
  ["Bocconi University", ["Department of Finance", "Department of Accounting"], "Milan", "Italy"],
  ["Sapienza University of Rome", ["Department of Management"], "Rome", "Italy"],
  ["Università degli Studi di Napoli Federico II", ["Department of Economics and Statistics"], "Naples", "Italy"],
  ["Universidad Carlos III de Madrid", ["Department of Business Administration"], "Getafe", "Spain"],
  ["Universitat Pompeu Fabra", ["Department of Economics and Business"], "Barcelona", "Spain"],
  ["ESADE Business School", ["Department of Finance"], "Barcelona", "Spain"],
  ["Universidade Nova de Lisboa", ["Nova School of Business and Economics"], "Carcavelos", "Portugal"],
  ["University of Porto", ["School of Economics and Management"], "Porto", "Portugal"],
  ["Stockholm School of Economics", ["Swedish House of Finance"], "Stockholm", "Sweden"],
  ["Copenhagen Business School", ["Department of Finance"], "Frederiksberg", "Denmark"],
  ["Norwegian School of Economics", ["Department of Finance"], "Bergen", "Norway"],
  ["Aalto University", ["School of Business"], "Espoo", "Finland"],
  ["University of Iceland", ["School of Business"], "Reykjavík", "Iceland"],
  ["Warsaw School of Economics", ["Institute of Banking"], "Warsaw", "Poland"],
  ["Charles University", ["Institute of Economic Studies"], "Prague", "Czech Republic"],
  ["Corvinus University of Budapest", ["Institute of Finance"], "Budapest", "Hungary"],
  ["Athens University of Economics and Business", ["Department of Accounting and Finance"], "Athens", "Greece"],
  ["University of Cyprus", ["Department of Accounting and Finance"], "Nicosia", "Cyprus"],
  ["Koç University", ["Graduate School of Business"], "Istanbul", "Turkey"],
  ["Bilkent University", ["Faculty of Business Administration"], "Ankara", "Turkey"],
  ["American University of Beirut", ["Olayan School of Business"], "Beirut", "Lebanon"],
  ["Qatar University", ["College of Business and Economics"], "Doha", "Qatar"],
  ["Université Mohammed V de Rabat", ["Faculté des Sciences Juridiques, Économiques et Sociales"], "Rabat", "Morocco"],
  ["University of Cape Town", ["Department of Finance and Tax"], "Cape Town", "South Africa"],
  ["Lagos Business School", [], "Lagos", "Nigeria"],
  ["University of Ghana", ["Business School"], "Accra", "Ghana"],
  ["Strathmore University", ["Business School"], "Nairobi", "Kenya"],
  ["Harvard University", ["Harvard Business School", "Department of Economics"], "Cambridge, MA", "United States"],
  ["University of Chicago", ["Booth School of Business"], "Chicago", "United States"],
  ["New York University", ["Stern School of Business"], "New York", "United States"],
  ["University of California, Berkeley", ["Haas School of Business"], "Berkeley", "United States"],
  ["Federal Reserve Bank of New York", ["Research and Statistics Group"], "New York", "United States"],
  ["University of Toronto", ["Rotman School of Management"], "Toronto", "Canada"],
  ["HEC Montréal", ["Department of Finance"], "Montréal", "Canada"],
  ["Universidade de São Paulo", ["School of Economics, Business and Accounting"], "São Paulo", "Brazil"],
  ["Pontificia Universidad Católica de Chile", ["School of Business"], "Santiago", "Chile"],
  ["Universidad de los Andes", ["School of Management"], "Bogotá", "Colombia"],
  ["Instituto Tecnológico Autónomo de México", ["Department of Business Administration"], "Mexico City", "Mexico"],
  ["National University of Singapore", ["NUS Business School"], "Singapore", "Singapore"],
  ["The University of Hong Kong", ["Faculty of Business and Economics"], "Hong Kong", "Hong Kong"],
  ["Peking University", ["Guanghua School of Management"], "Beijing", "China"],
  ["Fudan University", ["School of Management"], "Shanghai", "China"],
  ["National Taiwan University", ["Department of Finance"], "Taipei", "Taiwan"],
  ["Keio University", ["Faculty of Business and Commerce"], "Tokyo", "Japan"],
  ["Kyoto University", ["Graduate School of Management"], "Kyoto", "Japan"],
  ["Seoul National University", ["Business School"], "Seoul", "South Korea"],
  ["Indian Institute of Management Ahmedabad", ["Finance and Accounting Area"], "Ahmedabad", "India"],
  ["Indian School of Business", [], "Hyderabad", "India"],
  ["Vietnam National University", ["University of Economics and Business"], "Hanoi", "Vietnam"],
  ["University of Melbourne", ["Department of Finance"], "Melbourne", "Australia"],
  ["University of Auckland", ["Business School"], "Auckland", "New Zealand"],
];

/** Where a tradition's people tend to work (most of the time; anyone can work anywhere). */
export const HOME_COUNTRIES = {
  english: ["United Kingdom", "Ireland", "United States", "Canada", "Australia", "New Zealand"],
  german: ["Germany", "Austria", "Switzerland"],
  dutch: ["Netherlands", "Belgium"],
  italian: ["Italy", "Switzerland"],
  spanish: ["Spain", "Mexico", "Chile", "Colombia"],
  catalan: ["Spain"],
  portuguese: ["Portugal", "Brazil"],
  french: ["France", "Belgium", "Switzerland", "Canada"],
  arabic: ["Lebanon", "Qatar", "Morocco"],
  turkish: ["Turkey"],
  polish: ["Poland"],
  nordic: ["Sweden", "Denmark", "Norway", "Finland", "Iceland"],
  greek: ["Greece", "Cyprus"],
  hungarian: ["Hungary"],
  czech: ["Czech Republic"],
  chinese: ["China", "Hong Kong", "Taiwan", "Singapore"],
  japanese: ["Japan"],
  korean: ["South Korea"],
  indian: ["India", "Singapore", "United States"],
  african: ["Nigeria", "Ghana", "Kenya", "South Africa"],
  vietnamese: ["Vietnam"],
  romanian: ["Germany", "France", "Italy"],
};

const TOPICS = [
  ["Bank Capital Requirements", "Lending to Small Firms"],
  ["Mutual Fund Flows", "Stock Price Fragility"],
  ["Sovereign Credit Ratings", "Corporate Bond Spreads"],
  ["Climate Risk Disclosure", "the Cost of Equity"],
  ["Analyst Coverage", "Earnings Management"],
  ["Cross-Border Mergers", "Target Shareholder Returns"],
  ["Central Bank Communication", "Interest Rate Expectations"],
  ["Dividend Taxation", "Corporate Payout Policy"],
  ["Venture Capital Syndication", "Startup Survival"],
  ["Foreign Exchange Intervention", "Carry Trade Returns"],
  ["Audit Committee Expertise", "Financial Reporting Quality"],
  ["Household Leverage", "Consumption after House Price Shocks"],
  ["Short Selling Constraints", "Price Discovery"],
  ["Executive Pay Disclosure", "Firm Performance"],
  ["Fintech Lending", "Credit Access of Minority Borrowers"],
  ["Green Bonds", "Investor Demand"],
  ["Pension Fund Regulation", "Asset Allocation"],
  ["Trade Credit", "Supply-Chain Shocks"],
  ["IFRS Adoption", "Foreign Portfolio Investment"],
  ["Option-Implied Volatility", "Future Realised Returns"],
  ["Cryptocurrency Exchanges", "Market Manipulation"],
  ["Deposit Insurance", "Bank Risk Taking"],
  ["Board Independence", "Corporate Innovation"],
  ["Inflation Expectations", "the Term Structure of Interest Rates"],
  ["Microfinance Interest Caps", "Borrower Welfare"],
  ["Liquidity Mismatch", "Money Market Fund Runs"],
  ["Tax Avoidance", "the Cost of Private Debt"],
  ["Institutional Ownership", "ESG Ratings Divergence"],
];
const SETTINGS = ["Evidence from Europe", "Evidence from Emerging Markets", "A Natural Experiment", "International Evidence", "Evidence from China", "Evidence from the Euro Area", "Theory and Evidence", "A Structural Estimation", "Evidence from Loan-Level Data", "Lessons from the 2008 Crisis"];
const TITLE_FORMS = [
  (a, b) => `${a} and ${b}`,
  (a, b, s) => `${a} and ${b}: ${s}`,
  (a, b) => `Do ${a} Affect ${b}?`,
  (a, b, s) => `The Effect of ${a} on ${b}: ${s}`,
  (a, b) => `${a}, ${b}, and Market Frictions`,
  (a, b) => `When Does ${a} Matter for ${b}?`,
  (a, b, s) => `${a} and ${b}. ${s}`,
];

const OPENINGS = [
  (a, b) => `We study how ${a.toLowerCase()} shapes ${b.toLowerCase()}.`,
  (a, b) => `This paper examines the relation between ${a.toLowerCase()} and ${b.toLowerCase()}.`,
  (a, b) => `How does ${a.toLowerCase()} affect ${b.toLowerCase()}?`,
  (a, b) => `We ask whether ${a.toLowerCase()} changes ${b.toLowerCase()}, a question that matters to investors and regulators alike.`,
];
const DATA = [
  "Using a panel of {n} firms in {k} countries between {y0} and {y1}, we exploit staggered regulatory changes as a source of exogenous variation.",
  "We assemble a new data set covering {n} transactions from {y0} to {y1} and use a difference-in-differences design.",
  "Our identification relies on a discontinuity in eligibility rules that affects {n} otherwise similar institutions.",
  "Loan-level data on {n} contracts from {k} banks allow us to separate demand from supply effects between {y0} and {y1}.",
];
const RESULTS = [
  "We find that a one-standard-deviation increase lowers the outcome by {p} percent, an effect that is both statistically and economically significant.",
  "The effect is concentrated among smaller and more opaque firms, consistent with an information channel.",
  "Results are robust to alternative definitions, placebo tests and the exclusion of the financial crisis years.",
  "The estimates imply annual gains of {p} basis points for the median investor.",
  "We document substantial heterogeneity: firms with weak governance respond twice as strongly.",
  "A simple model rationalises these patterns and yields further predictions that the data confirm.",
];
const CLOSINGS = [
  "Our findings have implications for the design of disclosure regulation.",
  "These results suggest that policy makers should account for spillovers across markets.",
  "Overall, the evidence points to frictions that standard models overlook.",
  "We discuss the implications for investors, firms and supervisors.",
];
export const KEYWORDS = [
  "Capital structure", "Corporate governance", "Banking", "Monetary policy", "Asset pricing", "Liquidity", "Credit risk", "Disclosure", "Earnings quality",
  "Institutional investors", "Market microstructure", "Sovereign debt", "ESG", "Climate finance", "Household finance", "Mergers and acquisitions",
  "Financial regulation", "Emerging markets", "Volatility", "Mutual funds", "Venture capital", "Fintech", "Trade credit", "Dividend policy", "Analyst forecasts",
];
export const JEL = ["G10", "G11", "G12", "G14", "G15", "G21", "G23", "G28", "G30", "G32", "G34", "G35", "E43", "E44", "E52", "F31", "F34", "M41", "M42", "O16"];

/** A small seeded generator (mulberry32): the corpus is the same at every run. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const sample = (list, n) => {
    const pool = [...list];
    const out = [];
    while (out.length < n && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return out;
  };
  return { next, int, pick, chance, sample };
}

const fill = (r, s) => s.replace("{n}", String(r.int(120, 9800)).replace(/\B(?=(\d{3})+$)/, ",")).replace("{k}", String(r.int(3, 45))).replace("{y0}", String(r.int(1990, 2008))).replace("{y1}", String(r.int(2012, 2024))).replace("{p}", String(r.int(3, 48)));

/** A paper: title, abstract (about 90 to 200 words), the introduction's first sentences, keywords and JEL codes. */
export function makePaper(r) {
  const [a, b] = r.pick(TOPICS);
  const title = r.pick(TITLE_FORMS)(a, b, r.pick(SETTINGS));
  const sentences = [r.pick(OPENINGS)(a, b), fill(r, r.pick(DATA)), ...r.sample(RESULTS, r.int(2, 4)).map((s) => fill(r, s)), r.pick(CLOSINGS)];
  const intro = `A large literature studies ${a.toLowerCase()}, yet little is known about its consequences for ${b.toLowerCase()}. This paper fills that gap with new data and a credible research design.`;
  return { title, abstract: sentences.join(" "), intro, keywords: r.sample(KEYWORDS, r.int(3, 6)), jel: r.sample(JEL, r.int(2, 4)) };
}

/** A name as an e-mail address spells it: lower case first (so "Ł" becomes "ł"), then plain letters only. */
const ascii = (s) => s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ł/g, "l").replace(/ø/g, "o").replace(/ß/g, "ss").replace(/ı/g, "i").replace(/[đð]/g, "d").replace(/æ/g, "ae").replace(/þ/g, "th").replace(/œ/g, "oe").replace(/[^a-z]/g, "");

/** An author of a tradition: names, an institution (near home most of the time), e-mail. */
export function makeAuthor(r, { latex }) {
  const traditions = Object.entries(NAME_POOLS).filter(([, p]) => !latex || p.latex !== false);
  const [tradition, pool] = r.pick(traditions);
  const firstName = r.pick(pool.given);
  const lastName = r.pick(pool.family);
  const homes = HOME_COUNTRIES[tradition];
  const candidates = r.chance(0.75) ? INSTITUTIONS.filter((i) => homes.includes(i[3])) : INSTITUTIONS;
  const [institution, departments, city, country] = r.pick(candidates.length ? candidates : INSTITUTIONS);
  const department = departments.length && r.chance(0.8) ? r.pick(departments) : null;
  const domain = institution.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/^the /, "").replace(/university of |universit[ya] |universidad |universidade |universitat |de |degli studi di |zu /g, "").replace(/[^a-z]+/g, "").slice(0, 14) || "univ";
  const local = r.pick([
    () => `${ascii(firstName.split(/[\s-]/)[0])}.${ascii(lastName)}`,
    () => `${ascii(firstName)[0]}${ascii(lastName)}`,
    () => `${ascii(lastName)}`,
    () => `${ascii(firstName.split(/[\s-]/)[0])}${r.int(1, 99)}`,
  ])();
  const tld = { "United States": "edu", "United Kingdom": "ac.uk", Japan: "ac.jp", China: "edu.cn", India: "ac.in", Australia: "edu.au", "New Zealand": "ac.nz", "South Korea": "ac.kr", Taiwan: "edu.tw", "South Africa": "ac.za" }[country] ?? "eu";
  return { firstName, lastName, email: `${local}@${domain}.${tld}`, institution, department, city, country, tradition };
}

/** The affiliation as the ground truth writes it (and the engine returns it): department, institution. */
export const affiliationOf = (a) => [a.department, a.institution].filter(Boolean).join(", ");

/** The authors' affiliations numbered in order of first appearance: each author's number, and one author per number. */
export function affiliationGroups(authors) {
  const keys = [];
  const index = authors.map((a) => {
    const k = `${affiliationOf(a)}|${a.city}|${a.country}`;
    if (!keys.includes(k)) keys.push(k);
    return keys.indexOf(k);
  });
  return { index, groups: keys.map((_, g) => authors[index.indexOf(g)]) };
}
