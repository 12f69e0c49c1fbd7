import type { Plugin } from "vite";
import { decodeWordList, encodeWordList } from "../../app/server/auth/word-list";

const ID = "virtual:password-data";
/** How many of the most common passwords the estimate knows by rank (ASVS 6.2.4 asks for at least the top 3,000). */
export const COMMON_PASSWORD_COUNT = 10_000;
/** Shorter entries add nothing: two characters guessed blindly cost no more (100) than a two-letter "word". */
const SHORTEST_ENTRY = 3;
/** The keyboards whose walks are recognised: the usual layout and the numeric keypad. */
const KEYBOARDS = ["qwerty", "keypad"] as const;

/**
 * The password list is kept in bands of rank, each a factor of about 3 (√10) wide: within a band
 * the words are in alphabetical order, which lets them be front-coded (about half the size), and
 * each counts the guesses of the band's middle rank, within a factor of 1.8 of its own.
 */
const RANK_BANDS = [3, 10, 32, 100, 316, 1_000, 3_162, 10_000];

/** A front-coded list, checked to read back as written. */
function encoded(name: string, words: readonly string[]) {
  const text = encodeWordList(words);
  const sorted = [...words].sort();
  const back = decodeWordList(text);
  if (back.length !== sorted.length || back.some((w, i) => w !== sorted[i])) throw new Error(`password-data: the ${name} list does not read back`);
  return text;
}

/**
 * `virtual:password-data`: what the password strength estimate knows about how people choose
 * passwords, read from `@zxcvbn-ts/language-common` (a devDependency) when the app is built, so
 * the Worker carries the data and none of the zxcvbn-ts runtime:
 * - `COMMON_PASSWORDS`: the 10,000 most common passwords (the maintained zxcvbn-ts list, ordered
 *   by how often they appear in leaks), lower-cased, in bands of rank (`COMMON_PASSWORD_BANDS`,
 *   the highest rank of each): an entry's rank is the number of guesses an attacker needs to
 *   reach it;
 * - `ENGLISH_WORDS`: the 7,776 common English words of the EFF's diceware list (unranked);
 * - `KEYBOARDS`: each key's neighbours on a QWERTY keyboard and a numeric keypad (zxcvbn's
 *   adjacency graphs), for keyboard walks such as `qwertyuiop` or `asdfghjkl`.
 * The lists are front-coded (app/server/auth/word-list.ts); entries shorter than 3 characters
 * are left out. Checked on the server only, so no page carries any of it.
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
      const usable = (w: string) => w.length >= SHORTEST_ENTRY;
      const seen = new Set<string>();
      const bands = RANK_BANDS.map((high, b) => {
        const band: string[] = [];
        top.slice(b === 0 ? 0 : RANK_BANDS[b - 1], high).forEach((w) => {
          const word = w.toLowerCase();
          if (usable(word) && !seen.has(word)) band.push(word);
          seen.add(word);
        });
        return encoded(`passwords to rank ${high}`, band);
      });
      const english = [...new Set(words.map((w) => w.toLowerCase()))].filter(usable);
      const graphs = Object.fromEntries(
        KEYBOARDS.map((name) => {
          const graph = adjacencyGraphs[name];
          if (!graph) throw new Error(`password-data: no ${name} keyboard in the package`);
          return [name, graph];
        }),
      );
      return [
        `export const COMMON_PASSWORDS = ${JSON.stringify(bands)};`,
        `export const COMMON_PASSWORD_BANDS = ${JSON.stringify(RANK_BANDS)};`,
        `export const ENGLISH_WORDS = ${JSON.stringify(encoded("words", english))};`,
        `export const KEYBOARDS = ${JSON.stringify(graphs)};`,
        "",
      ].join("\n");
    },
  };
}
