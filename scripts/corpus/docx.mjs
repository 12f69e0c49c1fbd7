/**
 * Word layouts of the generated corpus, written as Word saves a document (runs with sizes,
 * bold, italics and superscripts, centred paragraphs, tables, real footnotes, a header with a
 * running head, line numbers). LibreOffice prints each to PDF as well, so the corpus holds both.
 */
import { strToU8, zipSync } from "fflate";
import { affiliationGroups } from "./data.mjs";

const x = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
export const run = (text, { b = false, i = false, sz = 24, sup = false } = {}) =>
  `<w:r><w:rPr>${b ? "<w:b/>" : ""}${i ? "<w:i/>" : ""}<w:sz w:val="${sz}"/>${sup ? '<w:vertAlign w:val="superscript"/>' : ""}</w:rPr><w:t xml:space="preserve">${x(text)}</w:t></w:r>`;
export const para = (runs, { center = false, after = 120, pageBreakBefore = false } = {}) =>
  `<w:p><w:pPr>${pageBreakBefore ? "<w:pageBreakBefore/>" : ""}<w:spacing w:after="${after}"/>${center ? '<w:jc w:val="center"/>' : ""}</w:pPr>${runs.join("")}</w:p>`;
export const noteRef = (id) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
const name = (a) => `${a.firstName} ${a.lastName}`;
const place = (a) => [a.department, a.institution, a.city, a.country].filter(Boolean).join(", ");
const joinNames = (parts) => (parts.length > 1 ? [...parts.slice(0, -1).flatMap((p, i) => (i ? [run(", "), ...p] : p)), run(" and "), ...parts.at(-1)] : (parts[0] ?? []));

function abstractAndKeywords(doc, { label = "Abstract", pageBreakBefore = false } = {}) {
  return [
    para([run(label, { b: true })], { pageBreakBefore }),
    para([run(doc.paper.abstract)]),
    para([run("Keywords: ", { b: true }), run(doc.paper.keywords.join("; "))]),
    para([run("JEL classification: ", { b: true }), run(doc.paper.jel.join(", "))]),
    para([run("1. Introduction", { b: true, sz: 28 })], { pageBreakBefore: true }),
    para([run(`${doc.paper.intro} The rest of the paper is organised as follows.`)]),
  ];
}

/** Layouts: (doc) => { body: paragraphs, footnotes?, header?, lineNumbers?, corresponding } */
export const DOCX_LAYOUTS = {
  "word-lines": (doc) => {
    const { index, groups } = affiliationGroups(doc.authors);
    const many = groups.length > 1;
    const parts = doc.authors.map((a, i) => [run(name(a)), ...(many || i === doc.corresponding ? [run(`${many ? index[i] + 1 : ""}${i === doc.corresponding ? "*" : ""}`, { sup: true })] : [])]);
    return {
      body: [
        para([run(doc.paper.title, { b: true, sz: 32 })], { center: true, after: 240 }),
        ...(doc.authors.length ? [para(joinNames(parts), { center: true })] : []),
        ...groups.map((a, g) => para([...(many ? [run(String(g + 1), { sup: true, sz: 20 })] : []), run(place(a), { sz: 20, i: true })], { center: true, after: 0 })),
        ...(doc.authors.length ? [para([run(`*Corresponding author. E-mail addresses: ${doc.authors.map((a) => a.email).join(", ")}`, { sz: 20 })], { center: true, after: 240 })] : []),
        ...abstractAndKeywords(doc),
      ],
      corresponding: true,
    };
  },
  "word-blocks": (doc) => ({
    body: [
      para([run(doc.paper.title, { b: true, sz: 34 })], { center: true, after: 360 }),
      ...doc.authors.flatMap((a) => [
        para([run(name(a), { b: true })], { center: true, after: 0 }),
        ...(a.department ? [para([run(a.department, { sz: 20 })], { center: true, after: 0 })] : []),
        para([run(a.institution, { sz: 20 })], { center: true, after: 0 }),
        para([run(`${a.city}, ${a.country}`, { sz: 20 })], { center: true, after: 0 }),
        para([run(a.email, { sz: 20 })], { center: true, after: 200 }),
      ]),
      ...abstractAndKeywords(doc),
    ],
    corresponding: false,
  }),
  "word-table": (doc) => {
    const cell = (a) =>
      `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${[
        para([run(name(a), { b: true })], { center: true, after: 0 }),
        para([run(a.institution, { sz: 20 })], { center: true, after: 0 }),
        para([run(`${a.city}, ${a.country}`, { sz: 20 })], { center: true, after: 0 }),
        para([run(a.email, { sz: 20 })], { center: true, after: 0 }),
      ].join("")}</w:tc>`;
    const rows = [];
    for (let i = 0; i < doc.authors.length; i += 3) rows.push(`<w:tr>${doc.authors.slice(i, i + 3).map(cell).join("")}</w:tr>`);
    const table = rows.length ? `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:jc w:val="center"/></w:tblPr>${rows.join("")}</w:tbl>` : "";
    return {
      body: [para([run(doc.paper.title, { b: true, sz: 32 })], { center: true, after: 240 }), table, para([run("")]), ...abstractAndKeywords(doc)],
      corresponding: false,
      departments: false,
    };
  },
  "word-footnotes": (doc) => ({
    body: [
      para([run(doc.paper.title, { b: true, sz: 32 })], { center: true, after: 240 }),
      ...(doc.authors.length ? [para(joinNames(doc.authors.map((a, i) => [run(name(a)), noteRef(i + 1)])), { center: true, after: 240 })] : []),
      ...abstractAndKeywords(doc, { label: "ABSTRACT" }),
    ],
    footnotes: doc.authors.map((a, i) => [i + 1, `${place(a)}. Email: ${a.email}.${i === doc.corresponding ? " Corresponding author." : ""}`]),
    corresponding: true,
  }),
  "word-titlepage": (doc) => {
    const { index, groups } = affiliationGroups(doc.authors);
    const many = groups.length > 1;
    return {
      body: [
        para([run(doc.paper.title, { b: true, sz: 28 })], { center: true, after: 360 }),
        ...(doc.authors.length ? [para(joinNames(doc.authors.map((a, i) => [run(name(a)), ...(many ? [run(String(index[i] + 1), { sup: true })] : [])])), { center: true })] : []),
        ...groups.map((a, g) => para([...(many ? [run(String(g + 1), { sup: true, sz: 22 })] : []), run(place(a), { sz: 22 })], { center: true, after: 0 })),
        ...(doc.authors.length
          ? [
              para([run("Author note", { b: true })], { after: 0 }),
              para([run(`Correspondence concerning this article should be addressed to ${name(doc.authors[doc.corresponding])}, ${doc.authors[doc.corresponding].institution}. E-mail: ${doc.authors[doc.corresponding].email}`, { sz: 22 })]),
              para([run(`Other authors: ${doc.authors.filter((_, i) => i !== doc.corresponding).map((a) => `${name(a)} (${a.email})`).join("; ") || "none"}.`, { sz: 22 })]),
            ]
          : []),
        ...abstractAndKeywords(doc, { pageBreakBefore: true }),
      ],
      header: doc.paper.title.split(":")[0].toUpperCase().slice(0, 50),
      lineNumbers: true,
      corresponding: true,
    };
  },
};

/** The .docx file of a layout's output: `{ body: paragraphs, footnotes?: [id, text][], header?, lineNumbers? }`. */
export function writeDocx(layout) {
  const rels = ['<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'];
  const types = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>',
  ];
  const files = {};
  if (layout.footnotes?.length) {
    rels.push('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>');
    types.push('<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>');
    const notes = layout.footnotes
      .map(([id, text]) => `<w:footnote w:id="${id}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(` ${text}`, { sz: 20 })}</w:p></w:footnote>`)
      .join("");
    files["word/footnotes.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${notes}</w:footnotes>`);
  }
  let headerRef = "";
  if (layout.header) {
    rels.push('<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>');
    types.push('<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>');
    files["word/header1.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${W}>${para([run(`Running head: ${layout.header}`, { sz: 18 })], { after: 0 })}</w:hdr>`);
    headerRef = '<w:headerReference w:type="default" r:id="rId3"/>';
  }
  const sect = `<w:sectPr>${headerRef}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/>${layout.lineNumbers ? '<w:lnNumType w:countBy="1" w:restart="continuous"/>' : ""}</w:sectPr>`;
  files["[Content_Types].xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${types.join("")}</Types>`);
  files["_rels/.rels"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  files["word/_rels/document.xml.rels"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`);
  files["word/document.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${layout.body.join("")}${sect}</w:body></w:document>`);
  files["word/styles.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif" w:cs="Liberation Serif"/><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`);
  return zipSync(files, { mtime: new Date("2025-01-01T00:00:00Z") });
}
