// Writes tests/fixtures/manuscripts/b4.docx and b7.docx: Word manuscripts as Word saves them
// (styles, runs with sizes, bold and superscripts, centred paragraphs), in layouts the dev set
// lacks: b4 has numbered affiliations after a single author line and an "Abstract:" run-in
// paragraph; b7 has the authors' affiliations in real Word footnotes (word/footnotes.xml).
import { writeFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const run = (text, { b = false, i = false, sz = 24, sup = false } = {}) =>
  `<w:r><w:rPr>${b ? "<w:b/>" : ""}${i ? "<w:i/>" : ""}<w:sz w:val="${sz}"/>${sup ? '<w:vertAlign w:val="superscript"/>' : ""}</w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (runs, { center = false, style = "" } = {}) =>
  `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ""}${center ? '<w:jc w:val="center"/>' : ""}</w:pPr>${runs.join("")}</w:p>`;

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

const documentXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;
const files = {
  "[Content_Types].xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`),
  "_rels/.rels": strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`),
  "word/_rels/document.xml.rels": strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`),
  "word/document.xml": strToU8(documentXml),
  "word/styles.xml": strToU8(stylesXml),
};
writeFileSync(new URL("../tests/fixtures/manuscripts/b4.docx", import.meta.url), zipSync(files, { mtime: new Date("2025-01-01T00:00:00Z") }));

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const noteRef = (id) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
const footnote = (id, text) =>
  `<w:footnote w:id="${id}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(` ${text}`, { sz: 20 })}</w:p></w:footnote>`;
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
const footnotesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${footnote(1, "Lagos Business School, Pan-Atlantic University, Lagos, Nigeria. Email: oadebayo@lbs.edu.ng.")}${footnote(2, "NUS Business School, National University of Singapore, Singapore. Email: meiling.tan@nus.edu.sg. Corresponding author.")}</w:footnotes>`;
const b7Files = {
  ...files,
  "[Content_Types].xml": strToU8(new TextDecoder().decode(files["[Content_Types].xml"]).replace("</Types>", '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>')),
  "word/_rels/document.xml.rels": strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>`),
  "word/document.xml": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${b7}<w:sectPr/></w:body></w:document>`),
  "word/footnotes.xml": strToU8(footnotesXml),
};
writeFileSync(new URL("../tests/fixtures/manuscripts/b7.docx", import.meta.url), zipSync(b7Files, { mtime: new Date("2025-01-01T00:00:00Z") }));
console.log("b4.docx and b7.docx written");
