import type { Plugin } from "vite";

const ID = "virtual:password-data";
/** How many of the most common passwords the estimate knows by rank (ASVS 6.2.4 asks for at least the top 3,000). */
export const COMMON_PASSWORD_COUNT = 10_000;
/** Shorter entries add nothing: two characters guessed blindly cost no more (100) than a two-letter "word". */
const SHORTEST_ENTRY = 3;
/** The keyboards whose walks are recognised: the usual layout and the numeric keypad. */
const KEYBOARDS = ["qwerty", "keypad"] as const;

/** The entries as one string, one space between them: a third smaller than a JSON array of strings. */
function joined(name: string, words: readonly string[]) {
  const bad = words.find((w) => /\s/.test(w));
  if (bad !== undefined) throw new Error(`password-data: an entry of ${name} holds white space, which separates entries: ${JSON.stringify(bad)}`);
  return JSON.stringify(words.join(" "));
}

/**
 * `virtual:password-data`: what the password strength estimate knows about how people choose
 * passwords, read from `@zxcvbn-ts/language-common` (a devDependency) when the app is built, so
 * the Worker carries the data and none of the zxcvbn-ts runtime:
 * - `COMMON_PASSWORDS`: the 10,000 most common passwords, lower-cased, most common first (the
 *   maintained zxcvbn-ts list, ordered by how often they appear in leaks); an entry's position
 *   is its rank, the number of guesses an attacker needs to reach it;
 * - `ENGLISH_WORDS`: the 7,776 common English words of the EFF's diceware list (unranked);
 * - `KEYBOARDS`: each key's neighbours on a QWERTY keyboard and a numeric keypad (zxcvbn's
 *   adjacency graphs), for keyboard walks such as `qwertyuiop` or `asdfghjkl`.
 * Checked on the server only, so no page carries any of it.
 */
export function passwordData(): Plugin {
  return {
    name: "password-data",
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const { dictionary, adjacencyGraphs } = (await import("@zxcvbn-ts/language-common")) as {
        dictionary: Record<string, string[]>;
        adjacencyGraphs: Record<string, Record<string, Array<string | null>>>;
      };
      const top = (dictionary["passwords-common"] ?? []).slice(0, COMMON_PASSWORD_COUNT);
      if (top.length < COMMON_PASSWORD_COUNT) throw new Error(`password-data: the password list has only ${top.length} entries`);
      const words = dictionary["diceware-common"] ?? [];
      if (words.length < 7_000) throw new Error(`password-data: the word list has only ${words.length} entries`);
      const keep = (list: string[]) => [...new Set(list.map((w) => w.toLowerCase()))].filter((w) => w.length >= SHORTEST_ENTRY);
      const graphs = Object.fromEntries(
        KEYBOARDS.map((name) => {
          const graph = adjacencyGraphs[name];
          if (!graph) throw new Error(`password-data: no ${name} keyboard in the package`);
          return [name, graph];
        }),
      );
      return [
        `export const COMMON_PASSWORDS = ${joined("passwords", keep(top))};`,
        `export const ENGLISH_WORDS = ${joined("words", keep(words))};`,
        `export const KEYBOARDS = ${JSON.stringify(graphs)};`,
        "",
      ].join("\n");
    },
  };
}
