/**
 * How many guesses a password would take an attacker who knows how people choose passwords: a
 * compact estimate in the manner of zxcvbn (Wheeler, USENIX Security 2016), over the data the
 * build already ships (`virtual:password-data`), without the zxcvbn-ts runtime.
 *
 * The password is split into the cheapest sequence of pieces an attacker would try: common
 * passwords and English words (also capitalised, spelt backwards or with look-alike symbols such
 * as `p@ssw0rd`), the person's own name and e-mail address, repeats (`aaaa`, `abcabc`), runs in
 * order (`abcd`, `1234`, `9753`), keyboard walks (`qwertyuiop`, `asdfghjkl`, `7894561`), years
 * and dates, and anything else guessed blindly at 10 guesses a character (zxcvbn's figure,
 * whatever the characters). A sequence of l pieces costs l! times the product of their guesses
 * (the attacker does not know the order of the pieces either); the estimate is the cheapest one.
 * Unlike zxcvbn, nothing is added for the number of pieces (its 10,000^(l−1)): that term makes
 * every password of three pieces pass 10^8, `!iloveyou123` included, while guessers try a
 * common password with digits and symbols around it among their first rules.
 *
 * Everything is in log10 of guesses, so long passwords never overflow.
 */
import { COMMON_PASSWORD_BANDS, COMMON_PASSWORDS, ENGLISH_WORDS, KEYBOARDS } from "virtual:password-data";
import { decodeWordList } from "./word-list";

export type PieceKind = "common" | "word" | "personal" | "repeat" | "sequence" | "keyboard" | "date" | "year" | "other";

export type Piece = {
  kind: PieceKind;
  /** First and last index (inclusive) in the password. */
  i: number;
  j: number;
  token: string;
  /** log10 of the guesses for this piece alone. */
  log10: number;
  /** A dictionary piece with look-alike symbols for letters (`p@ssw0rd`). */
  l33t?: boolean;
  /** A dictionary piece spelt backwards. */
  reversed?: boolean;
};

export type Strength = { log10: number; pieces: Piece[] };

/** zxcvbn's guesses per character guessed blindly, whatever the characters. */
const BRUTEFORCE_CARDINALITY = 10;
/** A piece that is not the whole password costs at least this much (zxcvbn's floor). */
const MIN_PIECE_GUESSES = { single: 10, multi: 50 };
/** An English word of the diceware list: half the list, the average guesses to reach a word drawn from it. */
const ENGLISH_WORD_GUESSES = 7776 / 2;
/** Years this far from the current one at least, so `2024` in 2026 is not cheaper than 20 guesses. */
const MIN_YEAR_SPACE = 20;
/**
 * Only the first characters are estimated, as zxcvbn-ts does (its default): a longer password
 * is judged by its first 256 characters alone, which never makes a weak one pass, and keeps the
 * work bounded (the length limit is 1,024).
 */
const ANALYSED_LENGTH = 256;
/** Sequences of more pieces are never the cheapest that matters: 20! alone is 2.4 × 10^18 guesses. */
const MAX_PIECES = 20;
/** Look-alike substitutions tried for a piece at most (a run of `1`s could be i or l at every place). */
const MAX_L33T_READINGS = 32;

const log10 = Math.log10;

/**
 * Every dictionary entry with its guesses and kind. A common password counts the middle
 * (geometric mean) of its band of rank, so `password` (rank 2) costs about 2 guesses and a
 * password ranked 5,000 about 5,600.
 */
const DICTIONARY = new Map<string, { guesses: number; kind: PieceKind }>();
COMMON_PASSWORDS.forEach((band, b) => {
  const guesses = Math.sqrt((b === 0 ? 1 : COMMON_PASSWORD_BANDS[b - 1]! + 1) * COMMON_PASSWORD_BANDS[b]!);
  for (const w of decodeWordList(band)) if (!DICTIONARY.has(w)) DICTIONARY.set(w, { guesses, kind: "common" });
});
for (const w of decodeWordList(ENGLISH_WORDS)) {
  const known = DICTIONARY.get(w);
  if (!known || known.guesses > ENGLISH_WORD_GUESSES) DICTIONARY.set(w, { guesses: ENGLISH_WORD_GUESSES, kind: "word" });
}
let LONGEST_ENTRY = 0;
for (const w of DICTIONARY.keys()) LONGEST_ENTRY = Math.max(LONGEST_ENTRY, w.length);

/** Which letters a look-alike symbol may stand for (zxcvbn's table). */
const L33T: Record<string, string[]> = {
  "4": ["a"], "@": ["a"], "8": ["b"], "(": ["c"], "{": ["c"], "[": ["c"], "<": ["c"], "3": ["e"], "6": ["g"], "9": ["g"],
  "1": ["i", "l"], "!": ["i"], "|": ["i", "l"], "7": ["l", "t"], "0": ["o"], "$": ["s"], "5": ["s"], "+": ["t"], "%": ["x"], "2": ["z"],
};

function binomial(n: number, k: number) {
  if (k > n) return 0;
  let r = 1;
  for (let d = 1; d <= k; d++) r = (r * (n - k + d)) / d;
  return r;
}

const factorialLog10 = (n: number) => {
  let r = 0;
  for (let k = 2; k <= n; k++) r += log10(k);
  return r;
};

/** Capitalisations an attacker tries: `Password` and `PASSWORD` cost 2, a mix of cases more. */
function uppercaseVariations(token: string) {
  if (!/\p{Lu}/u.test(token)) return 1;
  if (/^\p{Lu}[^\p{Lu}]+$/u.test(token) || /^[^\p{Lu}]+\p{Lu}$/u.test(token) || !/\p{Ll}/u.test(token)) return 2;
  const upper = token.match(/\p{Lu}/gu)!.length;
  const lower = (token.match(/\p{Ll}/gu) ?? []).length;
  let variations = 0;
  for (let k = 1; k <= Math.min(upper, lower); k++) variations += binomial(upper + lower, k);
  return variations;
}

/** Look-alike readings of a token: each symbol of the table as itself or as each letter it may stand for. */
function l33tReadings(lower: string): Array<{ word: string; subs: Map<string, string> }> {
  // A word written with symbols keeps some of its letters: `1234` or `@!` is no word in disguise.
  if (!/\p{L}/u.test(lower)) return [];
  const at = [...lower].map((c, index) => ({ c, index })).filter(({ c }) => L33T[c]);
  if (at.length === 0) return [];
  let count = 1;
  for (const { c } of at) {
    count *= L33T[c]!.length + 1;
    if (count > MAX_L33T_READINGS) return [];
  }
  let readings: Array<{ chars: string[]; subs: Map<string, string> }> = [{ chars: [...lower], subs: new Map() }];
  for (const { c, index } of at) {
    const next: typeof readings = [];
    for (const r of readings) {
      next.push(r);
      for (const letter of L33T[c]!) {
        // One symbol stands for one letter throughout a token, as zxcvbn reads it.
        if (r.subs.has(c) && r.subs.get(c) !== letter) continue;
        const chars = [...r.chars];
        chars[index] = letter;
        next.push({ chars, subs: new Map(r.subs).set(c, letter) });
      }
    }
    readings = next;
  }
  return readings.filter((r) => r.subs.size > 0).map((r) => ({ word: r.chars.join(""), subs: r.subs }));
}

/** How many ways the symbols could have been put in: a word with every `a` as `@` costs 2, a mix more. */
function l33tVariations(lower: string, subs: Map<string, string>) {
  let variations = 1;
  for (const [symbol, letter] of subs) {
    const s = [...lower].filter((c) => c === symbol).length;
    const u = [...lower].filter((c) => c === letter).length;
    if (u === 0) variations *= 2;
    else {
      let possible = 0;
      for (let k = 1; k <= Math.min(u, s); k++) possible += binomial(u + s, k);
      variations *= possible;
    }
  }
  return variations;
}

function dictionaryPieces(password: string, personal: Map<string, number>): Piece[] {
  const pieces: Piece[] = [];
  // Lower-cased character by character, so indices still match the password (`İ` would grow).
  const lower = Array.from(password, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join("");
  // Substrings as long as the longest dictionary entry: the person's own longer words (a 254-character
  // address) are found where they stand below, so a long address cannot make this loop quadratic.
  const longest = LONGEST_ENTRY;
  const lookUp = (word: string) => {
    const rank = personal.get(word);
    const known = DICTIONARY.get(word);
    if (rank !== undefined && (!known || rank <= known.guesses)) return { guesses: rank, kind: "personal" as const };
    return known;
  };
  for (let i = 0; i < password.length; i++) {
    for (let j = i + 2; j < Math.min(password.length, i + longest); j++) {
      const token = password.slice(i, j + 1);
      const sub = lower.slice(i, j + 1);
      const base = log10(uppercaseVariations(token));
      const plain = lookUp(sub);
      if (plain) pieces.push({ kind: plain.kind, i, j, token, log10: log10(plain.guesses) + base });
      const backwards = [...sub].reverse().join("");
      const reversed = backwards === sub ? undefined : lookUp(backwards);
      if (reversed) pieces.push({ kind: reversed.kind, i, j, token, log10: log10(reversed.guesses) + base + log10(2), reversed: true });
      for (const reading of l33tReadings(sub)) {
        const found = lookUp(reading.word);
        if (found) pieces.push({ kind: found.kind, i, j, token, log10: log10(found.guesses) + base + log10(l33tVariations(sub, reading.subs)), l33t: true });
      }
    }
  }
  for (const [word, rank] of personal) {
    if (word.length <= longest) continue;
    const backwards = [...word].reverse().join("");
    for (const [form, reversed] of [[word, false], [backwards, true]] as const) {
      for (let at = lower.indexOf(form); at >= 0; at = lower.indexOf(form, at + 1)) {
        const token = password.slice(at, at + form.length);
        pieces.push({ kind: "personal", i: at, j: at + form.length - 1, token, log10: log10(rank) + log10(uppercaseVariations(token)) + (reversed ? log10(2) : 0), ...(reversed ? { reversed } : {}) });
      }
    }
  }
  return pieces;
}

function sameChars(text: string, a: number, b: number, length: number) {
  for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/** A block repeated (`aaaaaa`, `abcabcabc`, `1212`): the block's own guesses times the repeats. */
function repeatPieces(password: string, personal: Map<string, number>): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < password.length - 1) {
    let best: { unit: number; count: number } | null = null;
    for (let unit = 1; i + 2 * unit <= password.length; unit++) {
      let count = 1;
      while (i + (count + 1) * unit <= password.length && sameChars(password, i, i + count * unit, unit)) count++;
      if (count > 1 && (!best || unit * count > best.unit * best.count)) best = { unit, count };
    }
    if (!best) {
      i++;
      continue;
    }
    const block = password.slice(i, i + best.unit);
    const j = i + best.unit * best.count - 1;
    pieces.push({ kind: "repeat", i, j, token: password.slice(i, j + 1), log10: estimate(block, personal).log10 + log10(best.count) });
    i = j + 1;
  }
  return pieces;
}

/** Characters in order, a constant step of at most 5 apart (`abcd`, `1357`, `zyx`). */
function sequencePieces(password: string): Piece[] {
  const pieces: Piece[] = [];
  const code = (k: number) => password.codePointAt(k)!;
  const add = (i: number, j: number, delta: number) => {
    if (!(j - i > 1 || Math.abs(delta) === 1) || delta === 0 || Math.abs(delta) > 5) return;
    const token = password.slice(i, j + 1);
    if (!/^([a-z]+|[A-Z]+|[0-9]+)$/.test(token)) return;
    const first = token[0]!;
    let base = "aAzZ019".includes(first) ? 4 : /\d/.test(first) ? 10 : 26;
    if (delta < 0) base *= 2;
    pieces.push({ kind: "sequence", i, j, token, log10: log10(base * token.length) });
  };
  if (password.length < 2) return pieces;
  let i = 0;
  let last: number | null = null;
  for (let k = 1; k < password.length; k++) {
    const delta = code(k) - code(k - 1);
    last ??= delta;
    if (delta === last) continue;
    add(i, k - 1, last);
    i = k - 1;
    last = delta;
  }
  add(i, password.length - 1, last!);
  return pieces;
}

const SHIFTED = /[~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:"ZXCVBNM<>?]/;
const GRAPHS = Object.entries(KEYBOARDS).map(([name, graph]) => {
  const keys = Object.keys(graph);
  const degree = keys.reduce((sum, k) => sum + graph[k]!.filter(Boolean).length, 0) / keys.length;
  return { name, graph, starts: keys.length, degree };
});

/** Neighbouring keys (`qwerty`, `zaq1`, `asdfghjkl`, `7894561`): start key, length, turns and shifts. */
function keyboardPieces(password: string): Piece[] {
  const pieces: Piece[] = [];
  for (const { name, graph, starts, degree } of GRAPHS) {
    let i = 0;
    while (i < password.length - 1) {
      let j = i + 1;
      let lastDirection = -1;
      let turns = 0;
      let shifted = name === "qwerty" && SHIFTED.test(password[i]!) ? 1 : 0;
      for (;;) {
        const neighbours = graph[password[j - 1]!] ?? [];
        let found = false;
        if (j < password.length) {
          const c = password[j]!;
          for (let direction = 0; direction < neighbours.length; direction++) {
            const key = neighbours[direction];
            if (!key || !key.includes(c)) continue;
            found = true;
            if (key.indexOf(c) === 1) shifted++;
            if (direction !== lastDirection) {
              turns++;
              lastDirection = direction;
            }
            break;
          }
        }
        if (found) {
          j++;
          continue;
        }
        if (j - i > 2) {
          const length = j - i;
          let guesses = 0;
          for (let k = 2; k <= length; k++) {
            for (let t = 1; t <= Math.min(turns, k - 1); t++) guesses += binomial(k - 1, t - 1) * starts * degree ** t;
          }
          const unshifted = length - shifted;
          if (shifted > 0) {
            if (unshifted === 0) guesses *= 2;
            else {
              let variations = 0;
              for (let k = 1; k <= Math.min(shifted, unshifted); k++) variations += binomial(length, k);
              guesses *= variations;
            }
          }
          pieces.push({ kind: "keyboard", i, j: j - 1, token: password.slice(i, j), log10: log10(guesses) });
        }
        i = j;
        break;
      }
    }
  }
  return pieces;
}

/** Ways to read 4 to 8 digits as day, month and year, by where they split into three numbers. */
const DATE_SPLITS: Record<number, Array<[number, number]>> = {
  4: [[1, 2], [2, 3]],
  5: [[1, 3], [2, 3]],
  6: [[1, 2], [2, 4], [4, 5]],
  7: [[1, 3], [2, 3], [4, 5], [4, 6]],
  8: [[2, 4], [4, 6]],
};

/** The year closest to now that three numbers can be read as a date of (day, month, year in any usual order). */
function dateYear(parts: string[], reference: number): number | null {
  let best: number | null = null;
  for (const [y, a, b] of [[0, 1, 2], [0, 2, 1], [2, 0, 1], [2, 1, 0]] as const) {
    const yearText = parts[y]!;
    let year = Number(yearText);
    if (yearText.length === 2) year += year > 50 ? 1900 : 2000;
    else if (yearText.length !== 4 || year < 1000 || year > 2050) continue;
    const day = Number(parts[a]);
    const month = Number(parts[b]);
    if (parts[a]!.length > 2 || parts[b]!.length > 2 || day < 1 || day > 31 || month < 1 || month > 12) continue;
    if (best === null || Math.abs(year - reference) < Math.abs(best - reference)) best = year;
  }
  return best;
}

/** Years (1900–2099) and dates (`19851205`, `5/12/85`, `12-05-1985`). */
function datePieces(password: string, reference: number): Piece[] {
  const pieces: Piece[] = [];
  const yearSpace = (year: number) => Math.max(Math.abs(year - reference), MIN_YEAR_SPACE);
  for (let i = 0; i + 4 <= password.length; i++) {
    const four = password.slice(i, i + 4);
    if (/^(19|20)\d\d$/.test(four)) pieces.push({ kind: "year", i, j: i + 3, token: four, log10: log10(yearSpace(Number(four))) });
    for (let length = 4; length <= 10 && i + length <= password.length; length++) {
      const token = password.slice(i, i + length);
      let year: number | null = null;
      let separated = false;
      if (/^\d+$/.test(token) && DATE_SPLITS[length]) {
        for (const [a, b] of DATE_SPLITS[length]!) {
          const found = dateYear([token.slice(0, a), token.slice(a, b), token.slice(b)], reference);
          if (found !== null && (year === null || Math.abs(found - reference) < Math.abs(year - reference))) year = found;
        }
      } else {
        const m = /^(\d{1,4})([\s/\\_.-])(\d{1,2})\2(\d{1,4})$/.exec(token);
        if (m) {
          year = dateYear([m[1]!, m[3]!, m[4]!], reference);
          separated = true;
        }
      }
      if (year !== null) pieces.push({ kind: "date", i, j: i + length - 1, token, log10: log10(yearSpace(year) * 365 * (separated ? 4 : 1)) });
    }
  }
  return pieces;
}

/** The person's own words, most telling first: each becomes a dictionary entry of that rank. */
function personalRanks(inputs: readonly string[]) {
  const ranks = new Map<string, number>();
  for (const input of inputs) {
    const word = input.toLowerCase();
    if (word.length >= 3 && !/\s/.test(word) && !ranks.has(word)) ranks.set(word, ranks.size + 1);
  }
  return ranks;
}

function estimate(password: string, personal: Map<string, number>): Strength {
  const n = password.length;
  if (n === 0) return { log10: 0, pieces: [] };
  const reference = new Date().getUTCFullYear();
  const byEnd: Piece[][] = Array.from({ length: n }, () => []);
  for (const piece of [
    ...dictionaryPieces(password, personal),
    ...repeatPieces(password, personal),
    ...sequencePieces(password),
    ...keyboardPieces(password),
    ...datePieces(password, reference),
  ]) {
    byEnd[piece.j]!.push(piece);
  }
  const cost = (piece: Piece) => {
    if (piece.i === 0 && piece.j === n - 1) return piece.log10;
    const floor = piece.i === piece.j ? MIN_PIECE_GUESSES.single : MIN_PIECE_GUESSES.multi;
    return Math.max(piece.log10, log10(floor));
  };
  // best[k][l]: the cheapest product (log10) of l pieces covering the first k + 1 characters, and
  // its last piece (null: guessed blindly from `i`, made into a piece only if it is in the answer).
  type Step = { log10: number; i: number; piece: Piece | null };
  const best: Array<Array<Step | undefined>> = Array.from({ length: n }, () => []);
  const offer = (i: number, j: number, c: number, piece: Piece | null) => {
    const here = best[j]!;
    if (i === 0) {
      if (!here[1] || c < here[1].log10) here[1] = { log10: c, i, piece };
      return;
    }
    const before = best[i - 1]!;
    for (let l = 1; l < Math.min(before.length, MAX_PIECES); l++) {
      const prior = before[l];
      if (!prior) continue;
      const total = prior.log10 + c;
      const current = here[l + 1];
      if (!current || total < current.log10) here[l + 1] = { log10: total, i, piece };
    }
  };
  const blind = (length: number) => (length === 1 ? log10(BRUTEFORCE_CARDINALITY + 1) : length * log10(BRUTEFORCE_CARDINALITY));
  for (let k = 0; k < n; k++) {
    for (const piece of byEnd[k]!) offer(piece.i, k, cost(piece), piece);
    for (let i = 0; i <= k; i++) offer(i, k, blind(k - i + 1), null);
  }
  let cheapest = { log10: Infinity, l: 0 };
  best[n - 1]!.forEach((entry, l) => {
    const total = entry ? entry.log10 + factorialLog10(l) : Infinity;
    if (total < cheapest.log10) cheapest = { log10: total, l };
  });
  const pieces: Piece[] = [];
  for (let k = n - 1, l = cheapest.l; k >= 0 && l > 0; l--) {
    const step = best[k]![l]!;
    pieces.unshift(step.piece ?? { kind: "other", i: step.i, j: k, token: password.slice(step.i, k + 1), log10: blind(k - step.i + 1) });
    k = step.i - 1;
  }
  return { log10: cheapest.log10, pieces };
}

/**
 * The estimate for `password`, given the person's own words (e-mail address, its local part,
 * names), which count as the first words an attacker who knows the account would try.
 */
export function passwordStrength(password: string, personalWords: readonly string[] = []): Strength {
  return estimate(password.slice(0, ANALYSED_LENGTH), personalRanks(personalWords));
}
