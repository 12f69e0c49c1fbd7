// Writes tests/fixtures/manuscripts/b4.docx and b7.docx: Word manuscripts as Word saves them
// (styles, runs with sizes, bold and superscripts, centred paragraphs), in layouts the dev set
// lacks: b4 has numbered affiliations after a single author line and an "Abstract:" run-in
// paragraph; b7 has the authors' affiliations in real Word footnotes (word/footnotes.xml).
// The package is written by the corpus's Word writer (scripts/corpus/docx.mjs).
import { writeFileSync } from "node:fs";
import { noteRef, para, run, writeDocx } from "./corpus/docx.mjs";

const body = [
  para([run("Short-Termism and Investment in Family Firms", { b: true, sz: 32 })], { center: true }),
  para([run("Carlos Mendes Ribeiro"), run("1", { sup: true }), run(", Yuki Tanaka"), run("2,*", { sup: true }), run(" and Fatima Zahra El Amrani"), run("1", { sup: true })], { center: true }),
  para([run("1", { sup: true, sz: 20 }), run("Department of Finance, ESADE Business School, Ramon Llull University, Barcelona, Spain", { sz: 20 })], { center: true }),
  para([run("2", { sup: true, sz: 20 }), run("Graduate School of Management, Kyoto University, Kyoto, Japan", { sz: 20 })], { center: true }),
  para([run("*", { sup: true, sz: 20 }), run("Corresponding author: Yuki Tanaka, yuki.tanaka@gsm.kyoto-u.ac.jp", { sz: 20 })], { center: true }),
  para([run("Abstract: ", { b: true }), run("Family firms are often said to take a longer view than firms run by professional managers. We test this claim with data on 6,240 listed firms in fifteen countries between 2005 and 2022, using the expiry of lock-up agreements and earnings guidance practices as measures of short-term pressure. Family-controlled firms cut research spending less when they narrowly miss analyst forecasts, and their investment is less sensitive to current earnings. The difference disappears when the founding family holds a minority of voting rights. The results suggest that concentrated control, rather than family ownership as such, protects long-term investment.")]),
  para([run("Keywords: ", { b: true }), run("Family firms; Short-termism; Corporate investment; Earnings guidance")]),
  para([run("JEL classification: ", { b: true }), run("G32, G34, D22")]),
  para([run("1. Introduction", { b: true, sz: 28 })]),
  para([run("Whether managers sacrifice long-term value to meet short-term targets is a central question in corporate finance.")]),
].join("");

writeFileSync(new URL("../tests/fixtures/manuscripts/b4.docx", import.meta.url), writeDocx({ body: [body] }));

const b7 = [
  para([run("Mobile Money and Household Savings: Evidence from West Africa", { b: true, sz: 32 })], { center: true }),
  para([run("Olumide Adebayo"), noteRef(1), run(" and Mei Ling Tan"), noteRef(2)], { center: true }),
  para([run("Abstract", { b: true })], { center: true }),
  para([run("Mobile money accounts have spread rapidly across West Africa, often reaching households that never held a bank account. Using survey data on 18,400 households in Nigeria, Ghana and Senegal between 2014 and 2022, we show that access to mobile money raises formal savings by 11 percent and reduces reliance on informal savings groups. The effect is larger for women and for households far from bank branches. Agent network expansion, which we use as an instrument for access, also lowers the volatility of household consumption after income shocks. The results indicate that digital payment infrastructure can substitute for bank branches in mobilising household savings.")]),
  para([run("Keywords: ", { b: true }), run("Mobile money, Household savings, Financial inclusion, West Africa")]),
  para([run("JEL classification: ", { b: true }), run("G21, O16, D14")]),
  para([run("1. Introduction", { b: true, sz: 28 })]),
  para([run("Financial inclusion has become a policy priority across sub-Saharan Africa.")]),
].join("");
const footnotes = [
  [1, "Lagos Business School, Pan-Atlantic University, Lagos, Nigeria. Email: oadebayo@lbs.edu.ng."],
  [2, "NUS Business School, National University of Singapore, Singapore. Email: meiling.tan@nus.edu.sg. Corresponding author."],
];
writeFileSync(new URL("../tests/fixtures/manuscripts/b7.docx", import.meta.url), writeDocx({ body: [b7], footnotes }));
console.log("b4.docx and b7.docx written");
