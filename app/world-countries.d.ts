declare module "virtual:world-countries" {
  /** [ISO 3166-1 alpha-2 code, common English name], sorted by name. */
  export const COUNTRIES: ReadonlyArray<readonly [string, string]>;
  /** [dial code such as "+44", label naming the countries that use it], sorted by code. */
  export const DIAL_CODES: ReadonlyArray<readonly [string, string]>;
}

declare module "virtual:common-passwords" {
  /** The most common passwords long enough to pass the length rule, lower-cased. */
  export const COMMON_PASSWORDS: readonly string[];
}
