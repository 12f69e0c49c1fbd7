/**
 * Reading a spreadsheet from outside, which is hostile input (decision 049). It is parsed on the
 * server by @e965/xlsx 0.20.3, the SheetJS line with the fixes for CVE-2023-30533 (prototype
 * pollution through a comment's cell reference) and CVE-2024-22363 (slow regular expressions),
 * never by sheetjs-style, whose 0.15 reader has both. Before the parser sees a byte:
 * - the file is at most 5 MB, and is what its content says (a ZIP for .xlsx, an OLE compound
 *   file for .xls, text for .csv), whatever its name;
 * - an .xlsx's parts are unpacked and counted first by the extraction engine's counting decoder
 *   (decision 042), so a ZIP bomb is refused after a few MB rather than unpacked whole;
 * - a CSV is decoded as UTF-8 to a string (SheetJS garbles UTF-8 read as bytes).
 * The parser reads the first sheet only, at most `rows` rows, no formulas, styles or macros; rows
 * come out as arrays of strings, so nothing in the file ever names a property of ours.
 */
import * as XLSX from "@e965/xlsx";
import { ExtractionFailed } from "~/extraction/model";
import { UNPACK_LIMITS, UnpackRefused, unzipParts, zipPartNames } from "~/extraction/unpack";
import { AppError, invalid } from "~/server/errors.server";

const MB = 1024 * 1024;

export const SHEET_LIMITS = {
  /** The file as uploaded: 1,000 rows of id and status are about 30 KB in any format. */
  bytes: 5 * MB,
  /** Rows read, the header included. */
  rows: 5000,
  /** Columns of the sheet: the export writes 95; anything wider is not ours. */
  columns: 200,
  /** An .xlsx's parts together, unpacked (the export of 2,000 papers unpacks to about 8 MB). */
  unpacked: 24 * MB,
  /** Parts of an .xlsx (a one-sheet workbook has about a dozen). */
  parts: 200,
};

export const PARSE_FAILED = "Failed to parse Excel file. Please check the format and try again.";
export const SHEET_EXTENSIONS = [".xlsx", ".xls", ".csv"] as const;

const tooLarge = (message: string) => new AppError("too-large", message);

type Kind = "xlsx" | "xls" | "csv";

/** What the bytes are, by their first bytes and the name's extension; null when they do not agree. */
function kindOf(name: string, bytes: Uint8Array): Kind | null {
  const ext = name.toLowerCase().slice(name.lastIndexOf("."));
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (ext === ".xlsx") return zip ? "xlsx" : null;
  // Some programs save an .xlsx as .xls: the content decides.
  if (ext === ".xls") return ole ? "xls" : zip ? "xlsx" : null;
  if (ext === ".csv") return zip || ole ? null : "csv";
  return null;
}

/** Refuses an .xlsx whose parts unpack to more than the limits allow, before the parser opens it. */
function checkUnpacked(bytes: Uint8Array) {
  const names = zipPartNames(bytes);
  if (!names) throw invalid(PARSE_FAILED);
  if (names.length > SHEET_LIMITS.parts) throw tooLarge(`The file has more than ${SHEET_LIMITS.parts} parts; a spreadsheet of paper statuses has a dozen. Nothing was changed.`);
  try {
    unzipParts(bytes, names, { ...UNPACK_LIMITS, docxTotal: SHEET_LIMITS.unpacked });
  } catch (error) {
    if (error instanceof UnpackRefused) throw tooLarge(`The file unpacks to more than ${SHEET_LIMITS.unpacked / MB} MB, far more than a list of paper statuses; it was not read. Nothing was changed.`);
    if (error instanceof ExtractionFailed) throw invalid(PARSE_FAILED);
    throw error;
  }
}

/**
 * The first sheet's rows, each an array of the cells' text (trailing empty rows dropped). Throws
 * an AppError the page shows: the spec's parse failure, or a limit passed.
 */
export async function readSheetRows(file: File): Promise<string[][]> {
  if (file.size > SHEET_LIMITS.bytes) throw tooLarge(`The file is larger than ${SHEET_LIMITS.bytes / MB} MB. Nothing was changed.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(file.name, bytes);
  if (!kind) throw invalid(`Please choose an .xlsx, .xls or .csv file. ${PARSE_FAILED}`);
  if (kind === "xlsx") checkUnpacked(bytes);
  const options: XLSX.ParsingOptions = {
    dense: true,
    sheets: 0,
    sheetRows: SHEET_LIMITS.rows + 1,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
    bookDeps: false,
    bookFiles: false,
    WTF: false,
  };
  let book: XLSX.WorkBook;
  try {
    book =
      kind === "csv"
        ? XLSX.read(new TextDecoder("utf-8").decode(bytes).replace(/^\ufeff/, ""), { ...options, type: "string", raw: true })
        : XLSX.read(bytes, { ...options, type: "array" });
  } catch {
    throw invalid(PARSE_FAILED);
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) throw invalid(PARSE_FAILED);
  const full = XLSX.utils.decode_range(sheet["!fullref"] ?? sheet["!ref"] ?? "A1");
  if (full.e.r + 1 > SHEET_LIMITS.rows) throw tooLarge(`The file has more than ${SHEET_LIMITS.rows} rows. Please split it. Nothing was changed.`);
  if (full.e.c + 1 > SHEET_LIMITS.columns) throw tooLarge(`The file has more than ${SHEET_LIMITS.columns} columns. Nothing was changed.`);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false });
  return rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))));
}
