import type { Plugin } from "vite";

const ID = "virtual:common-passwords";
/** How many of the most common passwords are refused (ASVS 6.2.4 asks for at least the top 3,000). */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * `virtual:common-passwords`: the 10,000 most common passwords of the maintained zxcvbn-ts list
 * (`@zxcvbn-ts/language-common`, ordered by how often they appear in leaks), read when the app
 * is built. Only those the length rule would let through (8 characters or more) reach the
 * server bundle, about 3,500 words and 40 KB; the rest are refused as too short anyway. Checked
 * on the server only, so no page carries the list.
 */
export function commonPasswords({ minLength }: { minLength: number }): Plugin {
  return {
    name: "common-passwords",
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const { dictionary } = (await import("@zxcvbn-ts/language-common")) as { dictionary: Record<string, string[]> };
      const top = (dictionary["passwords-common"] ?? []).slice(0, COMMON_PASSWORD_COUNT);
      if (top.length < COMMON_PASSWORD_COUNT) throw new Error(`common-passwords: the list has only ${top.length} entries`);
      const kept = top.filter((p) => p.length >= minLength).map((p) => p.toLowerCase());
      return `export const COMMON_PASSWORDS = ${JSON.stringify(kept)};\n`;
    },
  };
}
