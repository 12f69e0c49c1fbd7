/**
 * The owner's spreadsheet writer, sheetjs-style, for files we make (decision 049). It is never
 * given a file from outside: its reader has CVE-2023-30533 and CVE-2024-22363 (hostile files are
 * read by spreadsheet-reader.server.ts). The globals it needs are declared first.
 */
import "./sheetjs-globals";
import XLSX from "sheetjs-style";

export type SheetCell = string | number | { text: string; link: string };

/**
 * One sheet as .xlsx bytes: a bold header row, the given column widths (characters), and cells
 * that are text, numbers or hyperlinks. Strings stay strings (never formulas).
 */
export function writeSheet(sheetName: string, header: readonly string[], rows: readonly SheetCell[][], widths: readonly number[]): Uint8Array<ArrayBuffer> {
  // The cells are written straight into the sheet: sheetjs-style's aoa_to_sheet spent about a
  // quarter of the export's CPU on 95,000 cells working out what this already knows.
  const columns = header.map((_, c) => XLSX.utils.encode_col(c));
  const sheet: XLSX.WorkSheet = {};
  header.forEach((name, c) => (sheet[`${columns[c]}1`] = { t: "s", v: name, s: { font: { bold: true } } }));
  rows.forEach((row, r) => {
    const n = String(r + 2);
    row.forEach((cell, c) => {
      sheet[columns[c] + n] =
        typeof cell === "number" ? { t: "n", v: cell } : typeof cell === "string" ? { t: "s", v: cell } : { t: "s", v: cell.text, l: { Target: cell.link, Tooltip: cell.text } };
    });
  });
  sheet["!ref"] = `A1:${columns[header.length - 1]}${rows.length + 1}`;
  sheet["!cols"] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
