/**
 * A paper's keywords and JEL codes as the wizard and the office's paper editor take them: one
 * text field each, items separated by commas or semicolons, kept in the draft as the normalised
 * text ("Liquidity, Asset pricing"; "G12, E44") and stored with the paper as a list. Both are
 * optional: not every call for papers asks for them, and the manuscript may print neither.
 * Safe for the browser.
 */
import { z } from "zod";

export const MAX_KEYWORDS = 10;
export const KEYWORD_MAX_CHARS = 80;
export const MAX_JEL_CODES = 10;

/**
 * The letters the JEL classification uses (S, T, U, V, W and X are not JEL categories). A code
 * is the letter with one or two digits: G1 (a subcategory) or G12.
 */
const JEL_LETTERS = "ABCDEFGHIJKLMNOPQRYZ";
const JEL_CODE = new RegExp(`^[${JEL_LETTERS}][0-9]{1,2}$`);

/** The items of a field's text, trimmed, empty ones dropped, each once (case-insensitive), in their order. */
function itemsOf(text: string) {
  const seen = new Set<string>();
  return text
    .split(/[,;\n]/u)
    .map((s) => s.replace(/\s+/gu, " ").trim())
    .filter((s) => {
      const key = s.toLocaleLowerCase();
      if (!s || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The keywords of a field's text. */
export const parseKeywords = (text: string): string[] => itemsOf(text);

/** The JEL codes of a field's text, upper-case ("g12 e44" reads as G12, E44: spaces separate codes too). */
export const parseJelCodes = (text: string): string[] => [...new Set(itemsOf(text.replace(/\s+/gu, ",")).map((c) => c.toUpperCase()))];

/** A list as the field shows it. */
export const joinItems = (items: readonly string[]) => items.join(", ");

export const isJelCode = (code: string) => JEL_CODE.test(code);

/** What is wrong with a list of JEL codes, or null. */
export function jelCodesProblem(codes: readonly string[]): string | null {
  const wrong = codes.filter((c) => !isJelCode(c));
  if (wrong.length) {
    const named = wrong.slice(0, 3).map((c) => `"${c.slice(0, 12)}"`).join(", ");
    return `${named} ${wrong.length === 1 ? "is not a JEL code" : "are not JEL codes"}: a JEL code is a letter and one or two digits, such as G12 or E44.`;
  }
  if (codes.length > MAX_JEL_CODES) return `At most ${MAX_JEL_CODES} JEL codes.`;
  return null;
}

/** What is wrong with a list of keywords, or null. */
export function keywordsProblem(keywords: readonly string[]): string | null {
  const long = keywords.find((k) => k.length > KEYWORD_MAX_CHARS);
  if (long) return `Each keyword is at most ${KEYWORD_MAX_CHARS} characters: "${long.slice(0, 30)}…" is longer. Separate keywords with commas.`;
  if (keywords.length > MAX_KEYWORDS) return `At most ${MAX_KEYWORDS} keywords.`;
  return null;
}

/**
 * The two fields, checked, each giving its normalised text: what the draft keeps and the form
 * shows again (the schema's output passes the schema, so the wizard's later checks of kept values hold).
 */
export const keywordFieldSchemas = {
  keywords: z
    .string()
    .max(2000, "At most 2,000 characters.")
    .default("")
    .transform((v) => parseKeywords(v))
    .superRefine((list, ctx) => {
      const problem = keywordsProblem(list);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform(joinItems),
  jelCodes: z
    .string()
    .max(500, "At most 500 characters.")
    .default("")
    .transform((v) => parseJelCodes(v))
    .superRefine((list, ctx) => {
      const problem = jelCodesProblem(list);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform(joinItems),
};
