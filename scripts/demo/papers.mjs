/**
 * Demo papers: submitted to the open conference and to the last ended one, in every status, some
 * by the demo author (as submitter, corresponding author or co-author), with manuscripts made by
 * `makeManuscriptPdf`. Authors are the demo author (`"me"`), a demo member (a number: their index
 * in `demoMembers`) or someone without an account (an object).
 */

const CF = "I. Corporate Finance";
const FA = "II. Financial Accounting";
const MI = "III. Financial Markets and Institutions";
const IP = "IV. Investments & Portfolio Management";
const DV = "V. Derivatives";
const QF = "VI. Quantitative Finance";
const OT = "VII. Other Topics";

const guest = (firstName, lastName, email, institution, department, city, country) => ({ firstName, lastName, email, institution, department, city, country });

export const DEMO_PAPERS = [
  {
    conference: "open",
    status: "under_review",
    type: "regular",
    daysAgo: 6,
    submitter: "me",
    authors: ["me", 1],
    corresponding: 0,
    title: "Leverage Targets after Interest Rate Shocks: Evidence from European Listed Firms",
    abstract:
      "We study how listed firms in eleven European countries adjust their leverage after unexpected changes in policy rates between 2008 and 2024. Using high-frequency identification of monetary shocks around central bank announcements, we find that firms close about a third of the gap to their target leverage within a year when rates fall, but only a fifth when rates rise. The asymmetry is strongest for firms that rely on bank loans and weakest for firms with public bonds outstanding. Our results suggest that the speed of adjustment documented in earlier work depends on the rate cycle and on the firm's access to market debt.",
    keywords: ["capital structure", "speed of adjustment", "monetary policy", "bank dependence"],
    jel: ["G32", "E52", "G21"],
    areas: [[CF, "Capital Structure"], [MI, "Central Banking and Monetary Policy Transmission"], [QF, "Financial Econometrics"]],
  },
  {
    conference: "open",
    status: "revision_required",
    type: "regular",
    daysAgo: 34,
    submitter: "me",
    authors: ["me", guest("Tomasz", "Wójcik", "t.wojcik@kozminski.example.net", "Kozminski University", "Department of Finance", "Warsaw", "PL")],
    corresponding: 0,
    title: "Factor Premia in Frontier Equity Markets: Liquidity, Ownership and Trading Frictions",
    abstract:
      "Frontier equity markets offer high average returns, but how much of them can an investor capture? We assemble daily prices, volumes and ownership records for 4,100 stocks in 27 frontier markets and estimate value, momentum and size premia net of measured trading costs. Gross premia are large, yet after costs only the value premium survives in portfolios that a mid-sized fund could hold. Foreign ownership limits explain much of the gap: premia are larger in stocks close to their limits, where arbitrage capital cannot enter.",
    keywords: ["factor premia", "frontier markets", "trading costs", "foreign ownership limits"],
    jel: ["G12", "G15"],
    areas: [[IP, "Factor Models and Anomalies"], [MI, "Emerging Markets Finance"], [MI, "Market Microstructure"]],
  },
  {
    conference: "open",
    status: "incomplete",
    type: "invited",
    daysAgo: 12,
    submitter: 3,
    authors: [3, "me", 14],
    corresponding: 0,
    title: "Green Bond Certification and the Cost of Debt for Municipal Issuers",
    abstract:
      "Do third-party green certifications lower the cost of borrowing for local governments? We match 1,850 certified green municipal bonds with conventional bonds of the same issuer and maturity. Certified bonds price about six basis points below their matched conventional bonds at issue, and the difference persists in secondary market trading. The discount is concentrated in issues certified by verifiers with a record of withdrawing certifications, consistent with investors paying for credible monitoring rather than for the label itself.",
    keywords: ["green bonds", "certification", "municipal finance", "cost of debt"],
    jel: ["G12", "H74", "Q56"],
    areas: [[OT, "Climate Finance"], [MI, "Bond Markets"], [IP, "Sustainable and Responsible Investing"]],
  },
  {
    conference: "open",
    status: "under_review",
    type: "regular",
    daysAgo: 3,
    submitter: 9,
    authors: [9],
    corresponding: 0,
    title: "Auditor Rotation and Earnings Quality: A Regression Discontinuity Approach",
    abstract:
      "The European audit reform requires public-interest entities to rotate their audit firm after ten years. We exploit the mandatory rotation threshold in a regression discontinuity design and find that absolute discretionary accruals fall by 12 percent in the first year after rotation, with no change in audit fees. The effect fades within three years, suggesting that new auditors scrutinise their clients most closely when the relationship is young.",
    keywords: ["audit firm rotation", "earnings quality", "regression discontinuity"],
    jel: ["M42", "M41"],
    areas: [[FA, "Auditing"], [FA, "Earnings Management"], [FA, "Accounting Regulation"]],
  },
  {
    conference: "open",
    status: "accepted",
    type: "regular",
    daysAgo: 58,
    submitter: 10,
    authors: [10, 15],
    corresponding: 1,
    title: "Deposit Competition and Bank Risk Taking when Payment Apps Arrive",
    abstract:
      "We study how the arrival of instant payment apps affects deposit competition between banks. Using the staggered launch of a national payment app across regions, we show that small banks lose transaction deposits to large banks that integrate the app first. Banks that lose deposits replace them with wholesale funding and shift lending toward riskier commercial real estate. The results point to a link between payment innovation and financial stability that regulators have so far overlooked.",
    keywords: ["deposit competition", "payment innovation", "bank risk"],
    jel: ["G21", "G28", "E42"],
    areas: [[MI, "Banking"], [MI, "Fintech and Digital Payments"], [MI, "Bank Regulation and Supervision"]],
  },
  {
    conference: "open",
    status: "rejected",
    type: "regular",
    daysAgo: 71,
    submitter: 12,
    authors: [12],
    corresponding: 0,
    title: "Do Retail Investors Chase Volatility? Evidence from Leveraged Exchange-Traded Products",
    abstract:
      "Retail trading in leveraged exchange-traded products has grown tenfold in a decade. Using account-level data from a European broker, we document that retail investors buy leveraged products after periods of high realised volatility and hold them for longer than the products' daily rebalancing makes sensible. Losses from volatility decay amount to 4 percent of invested capital per year for the median investor.",
    keywords: ["retail investors", "leveraged ETFs", "volatility"],
    jel: ["G11", "G41"],
    areas: [[IP, "Behavioral Finance"], [IP, "Household Finance"]],
  },
  {
    conference: "open",
    status: "under_review",
    type: "doctoral",
    daysAgo: 9,
    submitter: 17,
    authors: [17, guest("Aiyana", "Redcloud", "a.redcloud@plainsuniversity.example.net", "Plains State University", "Department of Economics", "Lincoln", "US")],
    corresponding: 0,
    title: "Option-Implied Tail Risk and the Cross-Section of Corporate Bond Returns",
    abstract:
      "We construct a measure of left-tail risk from the prices of deep out-of-the-money equity options and relate it to the returns of the same firms' corporate bonds. Bonds of firms in the highest tail-risk quintile earn 3.1 percent per year more than bonds in the lowest quintile, after controlling for ratings, duration and bond liquidity. The premium is higher for bonds held by insurers facing capital constraints.",
    keywords: ["tail risk", "option-implied moments", "corporate bonds"],
    jel: ["G12", "G13"],
    areas: [[DV, "Option Pricing"], [MI, "Bond Markets"], [QF, "Extreme Value Theory"]],
  },
  {
    conference: "open",
    status: "revision_required",
    type: "regular",
    daysAgo: 40,
    submitter: 20,
    authors: [20, 26],
    corresponding: 0,
    title: "Dividend Smoothing in Family Firms across Legal Systems",
    abstract:
      "Family firms smooth dividends more than other firms in common-law countries but less in civil-law countries. We argue that dividends serve as a commitment device for controlling families where minority investors have strong legal rights, and as a residual where they do not. Evidence from 31 countries and changes in shareholder protection laws supports this view.",
    keywords: ["dividend smoothing", "family firms", "investor protection"],
    jel: ["G35", "G32", "K22"],
    areas: [[CF, "Payout Policy and Dividends"], [CF, "Ownership Structure"], [OT, "Law and Finance"]],
  },
  {
    conference: "ended",
    status: "accepted",
    type: "regular",
    daysAgo: 260,
    submitter: "me",
    authors: ["me", 23],
    corresponding: 0,
    title: "Covenant Violations and Investment in Intangible Capital",
    abstract:
      "When firms violate a loan covenant, creditors gain control rights and investment falls. We show that the fall is concentrated in intangible investment: research and development and organisational capital drop by twice as much as capital expenditure. The drop is larger when the lender has less industry expertise, suggesting that creditors cut the investments they can least evaluate. Firms that cut intangible investment after a violation have lower patent citations and sales growth five years later.",
    keywords: ["debt covenants", "intangible capital", "creditor control"],
    jel: ["G32", "G21", "O32"],
    areas: [[CF, "Investment Policy"], [CF, "Financing Policy"], [FA, "Accounting for Intangible Assets"]],
  },
  {
    conference: "ended",
    status: "accepted",
    type: "invited",
    daysAgo: 275,
    submitter: 4,
    authors: [4, "me"],
    corresponding: 1,
    title: "Currency Hedging by Non-Financial Firms after the Introduction of Margin Rules",
    abstract:
      "Margin requirements for non-centrally cleared derivatives took effect in stages between 2016 and 2022. Using transaction-level data from a European trade repository, we show that non-financial firms close to the thresholds reduced their currency hedges by a quarter and that their cash flows became more sensitive to exchange rates. Firms with committed credit lines were less affected, because they could fund variation margin.",
    keywords: ["currency hedging", "margin requirements", "derivatives regulation"],
    jel: ["G32", "F31", "G28"],
    areas: [[DV, "Hedging Strategies"], [DV, "Derivatives Market Regulation"], [OT, "International Finance and Exchange Rates"]],
  },
  {
    conference: "ended",
    status: "rejected",
    type: "regular",
    daysAgo: 290,
    submitter: "me",
    authors: ["me"],
    corresponding: 0,
    title: "Forecasting Realised Volatility with Analyst Disagreement",
    abstract:
      "We ask whether the dispersion of analysts' earnings forecasts helps to forecast realised stock return volatility beyond its own history and option-implied volatility. Out of sample, adding analyst disagreement to a heterogeneous autoregressive model lowers the mean squared forecast error by 3 percent at the monthly horizon, with larger gains around earnings announcements.",
    keywords: ["realised volatility", "analyst dispersion", "forecasting"],
    jel: ["G17", "C53"],
    areas: [[QF, "Volatility Forecasting"], [FA, "Analyst Forecasts"], [QF, "Time Series Models of Returns"]],
  },
  {
    conference: "ended",
    status: "accepted",
    type: "regular",
    daysAgo: 281,
    submitter: 6,
    authors: [6],
    corresponding: 0,
    title: "Sovereign Spreads and Bank Lending Abroad",
    abstract:
      "When the spread on a country's government bonds widens, its banks cut lending to borrowers in other countries more than at home. Using loan-level syndicated lending data, we show that the cut is driven by banks holding more domestic sovereign debt, consistent with a balance sheet channel that transmits sovereign stress across borders.",
    keywords: ["sovereign risk", "cross-border lending", "bank balance sheets"],
    jel: ["F34", "G21", "H63"],
    areas: [[MI, "Banking"], [MI, "Financial Crises"], [OT, "International Finance and Exchange Rates"]],
  },
  {
    conference: "ended",
    status: "rejected",
    type: "regular",
    daysAgo: 300,
    submitter: 8,
    authors: [8, 11],
    corresponding: 0,
    title: "Board Gender Quotas and Merger Outcomes",
    abstract:
      "We use the introduction of board gender quotas in four European countries to study whether board composition affects acquisition decisions. Firms that added women directors to meet the quota made fewer diversifying acquisitions and paid lower premia, and their announcement returns improved by 0.8 percentage points on average.",
    keywords: ["board diversity", "mergers and acquisitions", "gender quotas"],
    jel: ["G34", "J16"],
    areas: [[CF, "Corporate Governance"], [CF, "Mergers and Acquisitions"]],
  },
  {
    conference: "ended",
    status: "accepted",
    type: "doctoral",
    daysAgo: 268,
    submitter: 13,
    authors: [13],
    corresponding: 0,
    title: "Analyst Coverage after Cross-Listing",
    abstract:
      "Foreign firms that cross-list in New York attract more analysts, but do the new analysts improve the information environment at home? Using a sample of 620 cross-listings, we find that home-market forecast accuracy improves only when the new analysts are employed by brokers with local offices, and that bid-ask spreads on the home exchange narrow in step.",
    keywords: ["cross-listing", "analyst coverage", "information environment"],
    jel: ["G15", "G24"],
    areas: [[FA, "Analyst Forecasts"], [IP, "International Portfolio Investment"], [FA, "Disclosure and Transparency"]],
  },
  {
    conference: "ended",
    status: "incomplete",
    type: "regular",
    daysAgo: 255,
    submitter: 16,
    authors: [16, guest("Kenji", "Morimoto", "k.morimoto@kansai.example.net", "Kansai University of Commerce", "Graduate School of Finance", "Osaka", "JP")],
    corresponding: 1,
    title: "Pension Fund Herding in Government Bond Auctions",
    abstract:
      "Defined-benefit pension funds bid in government bond auctions alongside banks and foreign investors. Using bidder-level data from a euro-area debt management office, we show that pension funds bid in herds after changes in their regulatory discount rate, raising auction yields by two basis points on the days when several funds rebalance together.",
    keywords: ["pension funds", "bond auctions", "herding"],
    jel: ["G23", "H63"],
    areas: [[MI, "Pension Funds"], [MI, "Bond Markets"]],
  },
];

/** The body pages of a demo manuscript: short, plausible and the same shape for every paper. */
export function manuscriptSections(paper) {
  return [
    {
      heading: "1 Introduction",
      paragraphs: [
        `${paper.abstract.split(". ")[0]}. This question matters for investors, for the firms themselves and for the regulators who set the rules under which they operate.`,
        "We contribute to three strands of the literature. First, we provide new evidence on a setting that earlier studies could not observe directly. Second, we use an identification strategy that separates our mechanism from the most likely alternatives. Third, we quantify the economic magnitude of the effect and show that it is large relative to the costs that the previous literature has documented.",
        "The rest of the paper is organised as follows. Section 2 describes the data and the construction of our main variables. Section 3 presents the empirical design. Section 4 reports the results and Section 5 concludes.",
      ],
    },
    {
      heading: "2 Data",
      paragraphs: [
        "Our sample combines market data, accounting statements and hand-collected institutional information. We exclude financial firms and utilities where their regulation makes the variables of interest hard to compare, winsorise continuous variables at the 1st and 99th percentiles, and require at least three years of data per firm.",
        "Table 1 reports summary statistics. The average firm in the sample is larger than the median listed firm in its country, which reflects the coverage of our data sources; we show in the appendix that the results hold in the subsample of smaller firms.",
      ],
    },
    {
      heading: "3 Empirical design",
      paragraphs: [
        "We estimate panel regressions with firm and time fixed effects and cluster standard errors by firm and by time. The coefficient of interest measures the response of the outcome to the shock, relative to comparable firms that the shock did not reach.",
        "Identification rests on the assumption that, absent the shock, treated and control firms would have followed parallel paths. We test this assumption in the years before the shock and find no significant differences in trends.",
      ],
    },
    {
      heading: "4 Results",
      paragraphs: [
        "The estimates are economically and statistically significant, robust to alternative definitions of the main variables and to the exclusion of any single country or year. Placebo tests with randomly assigned shock dates produce coefficients centred on zero.",
      ],
    },
    {
      heading: "5 Conclusion",
      paragraphs: [`${paper.abstract.split(". ").slice(-1)[0].replace(/\.$/, "")}. Further work could extend the analysis to other markets and periods.`],
    },
  ];
}
