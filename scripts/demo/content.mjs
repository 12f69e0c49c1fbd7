/**
 * Demo content for local use: written for this society, with invented people and institutions.
 * Conference dates are relative to the day of seeding, so the demo always has one Open
 * conference ahead, one announced (Active) after it, and past ones (Close, Ended).
 */
const addDays = (iso, days) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] ?? "th";
  return `${n}${suffix}`;
};
const p = (...paras) => paras.map((t) => `<p>${t}</p>`).join("");
const ul = (...items) => `<ul>${items.map((t) => `<li>${t}</li>`).join("")}</ul>`;

export const PHOTO_ALT = [
  "Illustration: a navy city skyline at dusk above a row of conference participants in silhouette",
  "Illustration: green-toned old town rooftops with lit windows and a crowd in the square",
  "Illustration: plum and coral evening skyline with an audience in silhouette",
  "Illustration: teal harbour buildings with participants gathered in the foreground",
  "Illustration: slate towers under an orange sky with a line of delegates",
  "Illustration: olive and amber townscape with seated listeners in silhouette",
  "Illustration: dark blue towers with golden windows above a poster-session crowd",
  "Illustration: warm brown buildings at sunset with an award audience in silhouette",
];

export function demoContent(today) {
  const year = Number(today.slice(0, 4));
  const open = addDays(today, 220);
  const conferences = [
    {
      key: "open",
      title: `${ordinal(year - 1994 + 1)} Annual Conference of the Multinational Finance Society`,
      location: "Porto, Portugal",
      startDate: open,
      endDate: addDays(open, 3),
      status: "open",
      description: p(
        "The society invites papers in all areas of finance and accounting for its annual international conference, hosted by the <strong>School of Economics of the University of Porto Atlântico</strong>.",
        "The programme combines keynote lectures, parallel paper sessions with discussants, doctoral tutorials and the society's paper awards.",
      ),
      introduction: p("For three days the conference brings together researchers, doctoral students and practitioners from more than forty countries. Every accepted paper is presented with a discussant, and every session has a chair from the society's board."),
      venue: p("University of Porto Atlântico, Campus da Foz, Rua do Farol 120, Porto. The campus is 20 minutes from the airport by metro (line E) and a short walk from the river front."),
      keynoteSpeakers: ul("<strong>Prof. Ingrid Solberg</strong>, Nordic School of Finance: <em>Cross-border capital flows after the rate cycle</em>", "<strong>Prof. Rafael Quintero</strong>, Andean Institute of Management: <em>Disclosure, liquidity and the cost of equity</em>"),
      programChairs: ul("Prof. Beatriz Lacerda, University of Porto Atlântico", "Prof. Jonas Albrecht, Hanseatic University"),
      sponsoringInstitutions: ul("University of Porto Atlântico, School of Economics", "Lusitanian Foundation for Financial Research"),
      conferenceObjective: p("To foster high-quality research on international finance and accounting and to give young researchers detailed feedback from senior colleagues."),
      areasOfInterest: ul("Corporate finance and governance", "Financial accounting and disclosure", "Financial markets and institutions", "Investments and portfolio management", "Derivatives and risk management", "Quantitative and computational finance"),
      doctoralTutorials: p("Doctoral students present work in progress on the first day to a panel of two senior faculty. Places are limited to twelve; apply by submitting your paper as a Doctoral Paper."),
      submissionGuidelines: p("Submit the full paper as a PDF through your dashboard, with a blind copy if you can. Abstracts are limited to 250 words. Each paper needs three research areas. Decisions are sent by e-mail.") + ul("Submission deadline: four months before the conference", "Decisions: ten weeks before the conference", "Registration deadline for presenters: six weeks before the conference"),
      paperAwards: ul("Best Paper Award (EUR 1,000)", "Best Doctoral Paper Award (EUR 500)", "Best Discussant Award"),
      registrationFeeInfo: p("Standard EUR 500, student EUR 250, accompanied person EUR 100. Registration includes one year of membership of the society, the conference dinner and all lunches."),
      furtherInformation: p('Questions about the programme: <a href="mailto:info@example.org">info@example.org</a>. The call for papers is available as a PDF under Conference Materials.'),
      scientificCommittee: ul("Prof. Helena Marlowe, University of Northbridge", "Prof. Tomás Ibarra, Universidad del Litoral", "Dr. Anneli Virtanen, Baltic School of Economics", "Prof. Kwame Osei-Bonsu, Coastal Institute of Finance"),
      localOrganizingCommittee: ul("Prof. Beatriz Lacerda (chair)", "Dr. Miguel Arantes", "Ms. Sofia Reis, conference office"),
      fees: { standard: 50000, student: 25000, accompaniedPerson: 10000, currency: "EUR" },
      files: [
        { name: "Call for Papers.pdf", title: "Call for Papers", lines: ["The Multinational Finance Society invites submissions.", "Submit through your dashboard at the society's website.", "All areas of finance and accounting are welcome."] },
        { name: "Conference Programme (draft).pdf", title: "Conference Programme (draft)", lines: ["Day 1: doctoral tutorials, welcome reception", "Day 2: keynote, paper sessions", "Day 3: paper sessions, conference dinner", "Day 4: paper sessions, awards"] },
      ],
      photos: [1, 2, 3, 4, 5, 6, 7, 8],
      headerPhoto: 2,
    },
    {
      key: "active",
      title: `${ordinal(year - 1994 + 2)} Annual Conference of the Multinational Finance Society`,
      location: "Ljubljana, Slovenia",
      startDate: addDays(open, 365),
      endDate: addDays(open, 368),
      status: "active",
      description: p("Announced: the society's conference the year after next will be hosted in Ljubljana. The call for papers opens after this year's conference."),
      fees: {},
    },
    {
      key: "ended",
      title: `${ordinal(year - 1994)} Annual Conference of the Multinational Finance Society`,
      location: "Valletta, Malta",
      startDate: addDays(today, -145),
      endDate: addDays(today, -142),
      status: "ended",
      description: p("Held at the Mediterranean Business School with 214 papers from 38 countries. Thank you to all authors, discussants and chairs."),
      paperAwards: ul("Best Paper: <em>Sovereign spreads and bank lending abroad</em>", "Best Doctoral Paper: <em>Analyst coverage after cross-listing</em>"),
      fees: { standard: 45000, student: 22500, currency: "EUR" },
      files: [{ name: "Final Programme.pdf", title: "Final Programme", lines: ["Four days, 62 sessions, 214 papers."] }],
      photos: [4, 5, 8],
    },
    {
      key: "close",
      title: `${ordinal(year - 1995)} Annual Conference of the Multinational Finance Society`,
      location: "Gdańsk, Poland",
      startDate: addDays(today, -510),
      endDate: addDays(today, -507),
      status: "close",
      description: p("Hosted by the Baltic School of Economics. Registration is closed."),
      fees: {},
    },
    {
      key: "ended2",
      title: `${ordinal(year - 1996)} Annual Conference of the Multinational Finance Society`,
      location: "Thessaloniki, Greece",
      startDate: addDays(today, -875),
      endDate: addDays(today, -872),
      status: "ended",
      description: p("Hosted by the Aegean Business School."),
      fees: {},
    },
  ];

  const news = [
    {
      title: "Call for papers: the annual conference in Porto",
      category: "Conference",
      status: "published",
      newsDate: open,
      content: p("Submissions for the society's annual conference in Porto are open. Submit your paper through your dashboard; doctoral students can apply for the tutorials by choosing <em>Doctoral Paper</em>.", "Accepted papers are presented with a discussant; the best papers receive the society's awards."),
      details: ul("Submission through the dashboard, PDF preferred", "Three research areas per paper", "Registration includes one year of membership"),
      contactInfo: p('Conference office: <a href="mailto:info@example.org">info@example.org</a>'),
      files: [{ name: "Call for Papers.pdf", title: "Call for Papers", lines: ["Submit through your dashboard."] }],
      featuredPhoto: 1,
      ageDays: 2,
    },
    {
      title: "New issue of the Multinational Finance Journal",
      category: "Journal",
      status: "published",
      newsDate: null,
      content: p("The latest issue is online, open access, with six articles on cross-listing, sovereign risk, analyst coverage, currency hedging, dividend policy and bank capital."),
      ageDays: 9,
    },
    {
      title: "Best Paper Awards announced",
      category: "Awards",
      status: "published",
      newsDate: null,
      content: p("Congratulations to this year's winners of the Best Paper and Best Doctoral Paper awards, presented at the conference dinner in Valletta."),
      ageDays: 140,
    },
    {
      title: "Doctoral tutorials: apply by submitting a Doctoral Paper",
      category: "Doctoral",
      status: "published",
      newsDate: addDays(open, -120),
      content: p("Twelve doctoral students will present work in progress to senior faculty on the first day of the conference."),
      ageDays: 20,
    },
    {
      title: "Membership renewals for the coming year",
      category: "Society",
      status: "published",
      newsDate: null,
      content: p("Membership runs for one year from the day you register for a conference. The fee for members who do not attend is 80 euros a year."),
      ageDays: 45,
    },
    { title: "Board elections: nominations (draft)", category: "Society", status: "draft", content: p("Draft: the nominating committee will announce the procedure."), ageDays: 1 },
    { title: "Conference in Gdańsk: programme", category: "Conference", status: "archived", content: p("The programme of the conference in Gdańsk, kept for reference."), ageDays: 500 },
  ];

  const member = (position, name, term, affiliation) => ({ position, name, term, affiliation });
  const board = [
    {
      period: "2024-2025",
      title: "2024-2025",
      sponsoringInstitution: "Mediterranean Business School",
      directors: [
        member("President", "Prof. Helena Marlowe", "2024-2026", "University of Northbridge"),
        member("President-Elect", "Prof. Tomás Ibarra", "2024-2026", "Universidad del Litoral"),
        member("Vice President", "Prof. Kwame Osei-Bonsu", "2023-2025", "Coastal Institute of Finance"),
        member("Secretary", "Dr. Anneli Virtanen", "2024-2027", "Baltic School of Economics"),
        member("Treasurer", "Prof. Jonas Albrecht", "2022-2025", "Hanseatic University"),
        member("Director", "Prof. Beatriz Lacerda", "2024-2027", "University of Porto Atlântico"),
        member("Director", "TBA", "2025-2028", ""),
      ],
      trustees: [
        { name: "Prof. Constantin Varga", affiliation: "Founding member, Danube University" },
        { name: "Prof. Eleanor Whitcombe", affiliation: "Founding member, University of Northbridge" },
        { name: "Prof. Hiroshi Tanabe", affiliation: "Past President, Eastern Harbour University" },
      ],
      executive: [
        member("Chair", "Prof. Helena Marlowe", "2024-2026", "University of Northbridge"),
        member("Member", "Prof. Jonas Albrecht", "2022-2025", "Hanseatic University"),
        member("Member", "Dr. Anneli Virtanen", "2024-2027", "Baltic School of Economics"),
      ],
      nominating: [
        member("Chair", "Prof. Dimitra Kallergi", "2024-2025", "Aegean Business School"),
        member("Member", "Dr. Mei-Ling Hsu", "2024-2025", "Eastern Harbour University"),
      ],
      administration: [member("Administrative Manager", "Ms. Clara Westwood", "", "Society Office"), member("Conference Office", "Ms. Sofia Reis", "", "Society Office")],
    },
    {
      period: "2023-2024",
      title: "2023-2024",
      sponsoringInstitution: "Baltic School of Economics",
      directors: [
        member("President", "Prof. Hiroshi Tanabe", "2022-2024", "Eastern Harbour University"),
        member("President-Elect", "Prof. Helena Marlowe", "2022-2024", "University of Northbridge"),
        member("Treasurer", "Prof. Jonas Albrecht", "2022-2025", "Hanseatic University"),
        member("Director", "Prof. Dimitra Kallergi", "2021-2024", "Aegean Business School"),
      ],
      trustees: [
        { name: "Prof. Constantin Varga", affiliation: "Founding member, Danube University" },
        { name: "Prof. Eleanor Whitcombe", affiliation: "Founding member, University of Northbridge" },
      ],
      executive: [member("Chair", "Prof. Hiroshi Tanabe", "2022-2024", "Eastern Harbour University")],
      nominating: [],
      administration: [member("Administrative Manager", "Ms. Clara Westwood", "", "Society Office")],
    },
    {
      period: "2022-2023",
      title: null,
      sponsoringInstitution: "Aegean Business School",
      directors: [member("President", "Prof. Hiroshi Tanabe", "2022-2024", "Eastern Harbour University"), member("Director", "TBA", "", "")],
      trustees: [{ name: "Prof. Constantin Varga", affiliation: "Founding member, Danube University" }],
      executive: [],
      nominating: [],
      administration: [member("Administrative Manager", "Ms. Clara Westwood", "", "Society Office")],
    },
  ];

  const pastPresidents = [
    { years: "1995 – 1997", name: "Prof. Constantin Varga", note: "Founding President" },
    { years: "1997 – 1999", name: "Prof. Albrecht Sommerfeld", note: "Deceased" },
    { years: "1999 – 2001", name: "Prof. Eleanor Whitcombe", note: "" },
    { years: "2001 – 2003", name: "Prof. Pietro Lanza", note: "Deceased" },
    { years: "2003 – 2006", name: "Prof. Marguerite Delaunay", note: "" },
    { years: "2006 – 2010", name: "Prof. Samuel Adeyemi", note: "" },
    { years: "2010 – 2014", name: "Prof. Inês Carvalhal", note: "" },
    { years: "2014 – 2018", name: "Prof. Lars Henningsen", note: "" },
    { years: "2018 – 2022", name: "Prof. Rania Haddad", note: "" },
    { years: "2022 – 2024", name: "Prof. Hiroshi Tanabe", note: "" },
  ];

  return { conferences, news, board, pastPresidents };
}

/**
 * The accounts `npm start` signs in with (new passwords at every start). The seed makes the
 * author's account first, so the demo papers can name them; the start sets their password.
 */
export const DEMO_ACCOUNTS = [
  { email: "admin@example.org", role: "admin", firstName: "Helen", lastName: "Marsh" },
  {
    email: "author@example.org",
    role: "user",
    firstName: "Nadia",
    lastName: "Okafor",
    profile: {
      primaryAffiliation: { institution: "Pennine University", rank: "Associate Professor", department: "School of Accounting and Finance", address: { address1: "3 Founders' Walk", city: "Leeds", postalCode: "LS2 9QT", country: "GB" } },
      expertise: [
        { category: "I. Corporate Finance", topic: "Capital Structure" },
        { category: "IV. Investments & Portfolio Management", topic: "Asset Pricing" },
        { category: "VI. Quantitative Finance", topic: "Financial Econometrics" },
      ],
    },
  },
];

/**
 * Members for the console's user list: names, institutions, countries and research areas of the
 * kind the society has. They have no password (nobody signs in as them); a few are reviewers,
 * a few have not activated their account yet, one is suspended.
 */
export function demoMembers(now = Date.now()) {
  const first = ["Amelia", "Bruno", "Chiara", "Daniel", "Eleni", "Farid", "Greta", "Hiroshi", "Ingrid", "Javier", "Kavya", "Lukas", "Mariam", "Nikolai", "Olivia", "Pedro", "Qing", "Rania", "Stefan", "Tomoko"];
  const last = ["Andersen", "Bianchi", "Chen", "Dimitriou", "Esposito", "Fischer", "García", "Haddad", "Ivanova", "Jansen", "Kowalski", "Lefebvre", "Moreau", "Nakamura", "Okafor", "Papadopoulos", "Quinn", "Rossi", "Schmidt", "Tanaka"];
  const places = [
    ["University of Cyprus", "Department of Accounting and Finance", "CY", "Nicosia"],
    ["Athens University of Economics and Business", "Department of Finance", "GR", "Athens"],
    ["Bocconi University", "Department of Finance", "IT", "Milan"],
    ["Goethe University Frankfurt", "House of Finance", "DE", "Frankfurt am Main"],
    ["University of Porto", "School of Economics and Management", "PT", "Porto"],
    ["Warsaw School of Economics", "Institute of Banking", "PL", "Warsaw"],
    ["Rutgers University", "Department of Finance and Economics", "US", "Newark"],
    ["Keio University", "Faculty of Business and Commerce", "JP", "Tokyo"],
    ["University of Cape Town", "Department of Finance and Tax", "ZA", "Cape Town"],
    ["Erasmus University Rotterdam", "Erasmus School of Economics", "NL", "Rotterdam"],
  ];
  const ranks = ["Professor", "Associate Professor", "Assistant Professor", "Lecturer", "PhD Student"];
  const areas = [
    [{ category: "I. Corporate Finance", topic: "Capital Structure" }, { category: "I. Corporate Finance", topic: "Corporate Governance" }, { category: "III. Financial Markets and Institutions", topic: "Banking" }],
    [{ category: "IV. Investments & Portfolio Management", topic: "Asset Pricing" }, { category: "V. Derivatives", topic: "Option Pricing" }, { category: "VI. Quantitative Finance", topic: "Financial Econometrics" }],
    [{ category: "II. Financial Accounting", topic: "Earnings Management" }, { category: "II. Financial Accounting", topic: "Auditing" }, { category: "I. Corporate Finance", topic: "Executive Compensation" }],
  ];
  return Array.from({ length: 40 }, (_, i) => {
    const [institution, department, country, city] = places[i % places.length];
    const firstName = first[i % first.length];
    const lastName = last[(i * 7) % last.length];
    const email = `${firstName}.${lastName}.${i}`.toLowerCase().normalize("NFD").replace(/[^a-z0-9.]/g, "") + "@example.org";
    const createdAt = now - (40 - i) * 5 * 86_400_000;
    const status = i === 7 ? "suspended" : i % 13 === 5 ? "inactive" : "active";
    return {
      email,
      firstName,
      lastName,
      salutation: i % 3 === 0 ? "Prof." : "Dr.",
      role: i % 9 === 4 ? "reviewer" : "user",
      status,
      emailConfirmedAt: status === "inactive" ? null : createdAt + 3_600_000,
      workPhoneCountry: "+1",
      workPhone: i % 2 ? `555 01${String(i).padStart(2, "0")}` : null,
      institution,
      primaryAffiliation: { institution, rank: ranks[i % ranks.length], department, address: { address1: `${10 + i} University Avenue`, city, postalCode: `${1000 + i * 17}`, country, ...(country === "US" ? { state: "NJ" } : {}) } },
      expertise: areas[i % areas.length],
      createdAt,
      lastLoginAt: status === "active" && i % 4 !== 0 ? now - i * 3_600_000 : null,
    };
  });
}
