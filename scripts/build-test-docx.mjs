// Writes tests/fixtures/manuscripts/b4.docx: a Word manuscript as Word saves one (styles,
// runs with sizes, bold and superscripts, centred paragraphs), in a layout the dev set lacks:
// numbered affiliations after a single author line, an "Abstract:" run-in paragraph.
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
console.log("b4.docx written");
