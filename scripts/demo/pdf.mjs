/**
 * Small, valid PDFs for the demo content, written without a typesetter (a fresh machine has none):
 * one-page materials (`makePdf`) and manuscripts laid out as authors send them (`makeManuscriptPdf`):
 * a title page with title, authors, affiliations, e-mails, abstract and keywords, then body pages.
 */

/** A one-page PDF with a title and lines of text (conference and news materials). */
export function makePdf(title, lines) {
  return pdfDocument([[{ font: "F1", size: 20, x: 72, y: 760, text: title }, ...lines.map((l, i) => ({ font: "F1", size: 11, x: 72, y: 720 - i * 18, text: l }))]], {
    F1: "Helvetica",
  });
}

const PAGE = { width: 612, height: 792, margin: 72 };
// Average advance of a Times character in thousandths of the size: enough to wrap lines by.
const AVERAGE_WIDTH = { F1: 0.47, F2: 0.5, F3: 0.45 };

function wrap(text, font, size, width) {
  const perLine = Math.floor(width / (size * AVERAGE_WIDTH[font]));
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A manuscript: `paper` = { title, authors: [{ name, institution, department, city, country, email }],
 * abstract, keywords, jel, sections: [{ heading, paragraphs }] }. Each author is a centred block
 * (name, affiliation, place, e-mail), as many working papers print them; pages are numbered.
 */
export function makeManuscriptPdf(paper) {
  const pages = [];
  let items = [];
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const newPage = () => {
    pages.push(items);
    items = [];
    y = PAGE.height - PAGE.margin;
  };
  const put = (text, font, size, { gap = 0.4, centre = false, indent = 0 } = {}) => {
    for (const line of wrap(text, font, size, width - indent)) {
      if (y < PAGE.margin + size) newPage();
      const x = centre ? Math.max(PAGE.margin, (PAGE.width - line.length * size * AVERAGE_WIDTH[font]) / 2) : PAGE.margin + indent;
      items.push({ font, size, x, y, text: line });
      y -= size * 1.3;
    }
    y -= size * gap;
  };

  put(paper.title, "F2", 17, { centre: true, gap: 1 });
  for (const a of paper.authors) {
    put(a.name, "F1", 12, { centre: true, gap: 0 });
    put([a.department, a.institution].filter(Boolean).join(", "), "F3", 10, { centre: true, gap: 0 });
    put([a.city, a.country].filter(Boolean).join(", "), "F3", 10, { centre: true, gap: 0 });
    put(a.email, "F1", 10, { centre: true, gap: 0.9 });
  }
  y -= 12;
  put("Abstract", "F2", 11, { gap: 0.2 });
  put(paper.abstract, "F1", 10.5, { indent: 18, gap: 0.8 });
  put(`Keywords: ${paper.keywords.join("; ")}`, "F1", 10.5, { gap: 0.2 });
  put(`JEL classification: ${paper.jel.join(", ")}`, "F1", 10.5);
  newPage();
  for (const section of paper.sections) {
    put(section.heading, "F2", 12, { gap: 0.4 });
    for (const p of section.paragraphs) put(p, "F1", 11, { gap: 0.7 });
  }
  if (items.length) newPage();
  pages.forEach((page, i) => page.push({ font: "F1", size: 9, x: PAGE.width / 2 - 4, y: 40, text: String(i + 1) }));
  return pdfDocument(pages, { F1: "Times-Roman", F2: "Times-Bold", F3: "Times-Italic" });
}

/** Writes the objects: catalog, pages, one content stream per page, the standard fonts (WinAnsi, so Latin-1 names print). */
function pdfDocument(pages, fonts) {
  const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, "?");
  const fontNames = Object.keys(fonts);
  const firstFont = 3 + pages.length * 2;
  const fontRefs = fontNames.map((name, i) => `/${name} ${firstFont + i} 0 R`).join(" ");
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(" ")}] /Count ${pages.length} >>`];
  for (const [i, page] of pages.entries()) {
    const stream = page.map((t) => `BT /${t.font} ${t.size} Tf ${t.x.toFixed(1)} ${t.y.toFixed(1)} Td (${esc(t.text)}) Tj ET`).join("\n");
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fontRefs} >> >> /Contents ${4 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  }
  for (const name of fontNames) objects.push(`<< /Type /Font /Subtype /Type1 /BaseFont /${fonts[name]} /Encoding /WinAnsiEncoding >>`);
  let body = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}
