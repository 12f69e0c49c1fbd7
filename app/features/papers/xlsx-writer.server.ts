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
  const plain = rows.map((row) => row.map((cell) => (typeof cell === "object" ? cell.text : cell)));
  const sheet = XLSX.utils.aoa_to_sheet([header as string[], ...plain], { cellDates: false });
  header.forEach((_, c) => {
    const cell = sheet[XLSX.utils.encode_cell({ r: 0, c })];
    if (cell) cell.s = { font: { bold: true } };
  });
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell !== "object") return;
      const target = sheet[XLSX.utils.encode_cell({ r: r + 1, c })];
      if (target) target.l = { Target: cell.link, Tooltip: cell.text };
    }),
  );
  sheet["!cols"] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
