/**
 * The enumerations of the account forms. Countries and telephone codes come from the
 * `world-countries` library through a build-time module (see `vite/world-countries.ts`); the
 * research categories are written from the JEL classification (G: financial economics, M4:
 * accounting), one module for the forms, the profile and the exports.
 */
export const SALUTATIONS = ["Dr.", "Prof.", "Miss", "Mr.", "Mrs.", "Ms.", "Mx."] as const;

export const ACADEMIC_RANKS = [
  "Professor",
  "Associate Professor",
  "Assistant Professor",
  "Lecturer",
  "Senior Lecturer",
  "Instructor",
  "PhD Student",
  "Other",
] as const;

export const RESEARCH_CATEGORIES: ReadonlyArray<{ name: string; topics: readonly string[] }> = [
  {
    name: "I. Corporate Finance",
    topics: [
      "Agency Theory",
      "Capital Budgeting",
      "Capital Structure",
      "Corporate Governance",
      "Corporate Restructuring and Bankruptcy",
      "Corporate Social Responsibility and ESG",
      "Cost of Capital",
      "Entrepreneurial Finance",
      "Executive Compensation",
      "Financing Policy",
      "Initial Public Offerings",
      "Investment Policy",
      "Mergers and Acquisitions",
      "Multinational Corporate Finance",
      "Ownership Structure",
      "Payout Policy and Dividends",
      "Seasoned Equity Offerings",
      "Venture Capital and Private Equity",
      "Working Capital Management",
    ],
  },
  {
    name: "II. Financial Accounting",
    topics: [
      "Accounting Conservatism",
      "Accounting for Intangible Assets",
      "Accounting Information Systems",
      "Accounting Regulation",
      "Accounting Standards (IFRS and US GAAP)",
      "Accruals and Cash Flows",
      "Analyst Forecasts",
      "Auditing",
      "Disclosure and Transparency",
      "Earnings Management",
      "Fair Value Accounting",
      "Financial Reporting Quality",
      "Management Accounting",
      "Sustainability Reporting",
      "Tax Accounting",
      "Valuation Using Accounting Information",
    ],
  },
  {
    name: "III. Financial Markets and Institutions",
    topics: [
      "Bank Regulation and Supervision",
      "Banking",
      "Bond Markets",
      "Central Banking and Monetary Policy Transmission",
      "Credit Markets",
      "Emerging Markets Finance",
      "Financial Crises",
      "Financial Intermediation",
      "Financial Regulation",
      "Fintech and Digital Payments",
      "Insurance",
      "Islamic Finance",
      "Market Microstructure",
      "Microfinance",
      "Money Markets",
      "Mutual Funds and Investment Companies",
      "Pension Funds",
      "Shadow Banking",
      "Systemic Risk",
    ],
  },
  {
    name: "IV. Investments & Portfolio Management",
    topics: [
      "Alternative Investments",
      "Asset Allocation",
      "Asset Pricing",
      "Behavioral Finance",
      "Commodities",
      "Cryptocurrencies and Digital Assets",
      "Equity Valuation",
      "Factor Models and Anomalies",
      "Fixed Income Investment",
      "Hedge Funds",
      "Household Finance",
      "International Portfolio Investment",
      "Market Efficiency",
      "Performance Evaluation",
      "Portfolio Choice",
      "Real Estate Finance",
      "Sustainable and Responsible Investing",
    ],
  },
  {
    name: "V. Derivatives",
    topics: [
      "Counterparty Credit Risk",
      "Credit Derivatives",
      "Derivatives Market Regulation",
      "Energy and Commodity Derivatives",
      "Exotic Options",
      "Futures and Forwards",
      "Hedging Strategies",
      "Interest Rate Derivatives",
      "Option Pricing",
      "Real Options Valuation",
      "Risk-Neutral Valuation",
      "Structured Products",
      "Swaps",
      "Volatility Modelling",
    ],
  },
  {
    name: "VI. Quantitative Finance",
    topics: [
      "Copula Models",
      "Credit Risk Modelling",
      "Extreme Value Theory",
      "Financial Econometrics",
      "Financial Forecasting and Simulation",
      "High-Frequency Data",
      "Machine Learning in Finance",
      "Numerical Methods and Monte Carlo",
      "Portfolio Optimisation",
      "Risk Management and Value at Risk",
      "Stochastic Calculus in Finance",
      "Term Structure Models",
      "Time Series Models of Returns",
      "Volatility Forecasting",
    ],
  },
  {
    name: "VII. Other Topics",
    topics: [
      "Climate Finance",
      "Energy and Environmental Finance",
      "Ethics in Finance",
      "Financial Development and Economic Growth",
      "Financial Literacy and Education",
      "Financial Technology and Society",
      "History of Finance",
      "International Finance and Exchange Rates",
      "Law and Finance",
      "Public Finance",
      "Real Estate Markets",
      "Taxation and Finance",
      "Teaching of Finance",
      "Interdisciplinary Finance Research",
      "Other",
    ],
  },
];

const topicsByCategory = new Map(RESEARCH_CATEGORIES.map((c) => [c.name, new Set(c.topics)]));

export function isCategory(name: string) {
  return topicsByCategory.has(name);
}

export function isTopicOf(category: string, topic: string) {
  return topicsByCategory.get(category)?.has(topic) ?? false;
}

export function topicsOf(category: string): readonly string[] {
  return RESEARCH_CATEGORIES.find((c) => c.name === category)?.topics ?? [];
}

/** The fifty states and the District of Columbia, by USPS code. */
export const US_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"],
  ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"],
  ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"],
  ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"],
  ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"],
  ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"],
  ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"],
  ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
];

export const UNITED_STATES = "US";
