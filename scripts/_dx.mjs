import { readFileSync } from "node:fs";
import { readDocx } from "../app/extraction/read-docx.ts";
import { openPdf, readPdfPages } from "../app/extraction/read-pdf.ts";
const f = process.argv[2];
const bytes = new Uint8Array(readFileSync(f));
const doc = f.endsWith(".docx") ? readDocx(bytes) : await readPdfPages(await openPdf(bytes), [1]);
for (const l of doc.lines.slice(0, 10)) console.log(l.page, Math.round(l.x), Math.round(l.y), l.size, l.bold ? "B" : "", l.centered ? "C" : "", JSON.stringify(l.text.slice(0, 70)), l.spans.filter((s) => s.sup).map((s) => s.text).join("|"));
