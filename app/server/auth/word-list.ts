/**
 * A compact form for the password estimate's word lists (front coding): the words in
 * alphabetical order, one space between them, each starting with how many of its first
 * characters it shares with the word before (0 to 9) and then the rest of it, so
 * `password password1 passwords` is `0password 81 8s`: about half the size of the plain list.
 * Written by the Vite plugin at build time (scripts/vite/password-data.ts), read on the server.
 */

/** Front-codes `words` (sorted here); no word may hold white space. */
export function encodeWordList(words: readonly string[]): string {
  let previous = "";
  return [...words]
    .sort()
    .map((word) => {
      if (/\s/.test(word) || word.length === 0) throw new Error(`word list: cannot encode ${JSON.stringify(word)}`);
      let shared = 0;
      while (shared < 9 && shared < previous.length && shared < word.length && previous[shared] === word[shared]) shared++;
      previous = word;
      return `${shared}${word.slice(shared)}`;
    })
    .join(" ");
}

/** The words of a front-coded list, in its (alphabetical) order. */
export function decodeWordList(text: string): string[] {
  if (!text) return [];
  let previous = "";
  return text.split(" ").map((entry) => {
    previous = previous.slice(0, Number(entry[0])) + entry.slice(1);
    return previous;
  });
}
