declare module "virtual:world-countries" {
  /** [ISO 3166-1 alpha-2 code, common English name], sorted by name. */
  export const COUNTRIES: ReadonlyArray<readonly [string, string]>;
  /** [dial code such as "+44", label naming the countries that use it], sorted by code. */
  export const DIAL_CODES: ReadonlyArray<readonly [string, string]>;
}

declare module "virtual:password-data" {
  /** The 10,000 most common passwords, lower-cased, in bands of rank, each band front-coded (app/server/auth/word-list.ts). */
  export const COMMON_PASSWORDS: readonly string[];
  /** The highest rank in each band of COMMON_PASSWORDS. */
  export const COMMON_PASSWORD_BANDS: readonly number[];
  /** Common English words (the EFF's diceware list), lower-cased, front-coded. */
  export const ENGLISH_WORDS: string;
  /** Each key's neighbours, clockwise from the left, with the shifted character second ("aA"); null at an edge. */
  export const KEYBOARDS: Readonly<Record<"qwerty" | "keypad", Readonly<Record<string, ReadonlyArray<string | null>>>>>;
}
