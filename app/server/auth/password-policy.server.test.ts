import { describe, expect, it } from "vitest";
import { ENGLISH_WORDS } from "virtual:password-data";
import { MIN_GUESSES_LOG10, PASSWORD_IS_PERSONAL, PASSWORD_TOO_COMMON, passwordRefusal } from "./password-policy.server";
import { passwordStrength, type PieceKind } from "./password-strength.server";
import { decodeWordList, encodeWordList } from "./word-list";

const ADA = { email: "ada.lovelace@example.org", firstName: "Ada", middleName: "", lastName: "Lovelace" };
const WEAK = "This password is too easy to guess: ";

/** The kinds of piece the estimate splits a password into, in order, and whether it is below the bar. */
function split(password: string, personal: string[] = []) {
  const s = passwordStrength(password, personal);
  return { weak: s.log10 < MIN_GUESSES_LOG10, kinds: s.pieces.map((p) => p.kind as PieceKind), l33t: s.pieces.some((p) => p.l33t), reversed: s.pieces.some((p) => p.reversed) };
}

/** A seeded generator (mulberry32), so the generated cases are the same at every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the password strength estimate: what it recognises", () => {
  it("a common password or word with digits or symbols before or after it", () => {
    for (const password of ["iloveyou123", "Password1!", "qwerty2024", "monkey847", "!iloveyou123", "Summer2024!", "elephant123", "dragon!!"]) {
      const s = split(password);
      expect(s.weak, password).toBe(true);
      expect(s.kinds.some((k) => k === "common" || k === "word"), password).toBe(true);
      expect(passwordRefusal(password, ADA), password).toBe(
        `${WEAK}it is a common password, with a few digits or symbols added. Please choose another: a few unrelated words together make a strong password that is easy to remember.`,
      );
    }
  });

  it("look-alike symbols for letters", () => {
    for (const password of ["p@ssw0rd", "P@$$w0rd1", "m0nk3y123", "5unsh1ne"]) {
      expect(split(password), password).toMatchObject({ weak: true, l33t: true });
      expect(passwordRefusal(password, ADA), password).toContain("with symbols for look-alike letters (like @ for a)");
    }
  });

  it("a common password spelt backwards", () => {
    expect(split("drowssap1")).toMatchObject({ weak: true, reversed: true });
    expect(passwordRefusal("drowssap1", ADA)).toContain("a common password spelt backwards");
  });

  it("the same characters repeated", () => {
    for (const password of ["aaaaaaaaaa", "xyzxyzxyzxyz", "monkeymonkey", "asdfasdfasdf", "1".repeat(300)]) {
      expect(split(password), password).toMatchObject({ weak: true, kinds: ["repeat"] });
    }
    expect(passwordRefusal("aaaaaaaaaa", ADA)).toContain(`${WEAK}it is the same characters repeated.`);
  });

  it("letters or digits in order, up or down", () => {
    for (const password of ["mnopqrstuvwx", "zyxwvuts", "9876543210", "acegikmo"]) expect(split(password), password).toMatchObject({ weak: true, kinds: ["sequence"] });
    expect(split("abcdefgh1234").weak).toBe(true);
    expect(passwordRefusal("abcdefgh1234", ADA)).toContain("letters or digits in order (like abcd or 1234)");
  });

  it("keyboard walks", () => {
    for (const password of ["zxcvbnm,./", ";lkjhgfdsa"]) expect(split(password), password).toMatchObject({ weak: true, kinds: ["keyboard"] });
    expect(passwordRefusal(";lkjhgfdsa", ADA)).toContain("a row of neighbouring keys (like qwerty)");
    // The best-known walks are common passwords too, and are refused as such.
    for (const password of ["qwertyuiop", "asdfghjkl", "1qaz2wsx3edc"]) expect(passwordRefusal(password, ADA), password).toBe(PASSWORD_TOO_COMMON);
  });

  it("a year or a date alone", () => {
    expect(split("2024")).toMatchObject({ weak: true, kinds: ["year"] });
    for (const password of ["19851205", "05121985", "12/05/1985", "1985-12-05", "11.11.2011"]) {
      expect(split(password), password).toMatchObject({ weak: true, kinds: ["date"] });
      expect(passwordRefusal(password, ADA), password).toContain(`${WEAK}it is a date.`);
    }
  });

  it("the person's own name and e-mail address, alone or with digits and symbols", () => {
    for (const password of ["ada.lovelace@example.org", "Ada.Lovelace", "ADALOVELACE", "Lovelace"]) expect(passwordRefusal(password, ADA), password).toBe(PASSWORD_IS_PERSONAL);
    for (const password of ["lovelace1815", "L0v3lace!", "ada.lovelace1"]) {
      expect(passwordRefusal(password, ADA), password).toContain(`${WEAK}it is your name or e-mail address`);
    }
    // An address longer than any word of the lists is found where it stands, reversed too.
    const long = { email: `${"quartermaster".repeat(8)}@example.org`, firstName: "Q", lastName: "M" };
    for (const password of [`${long.email}1`, `!${[...long.email].reverse().join("")}`]) {
      expect(passwordRefusal(password, long), password).toContain(`${WEAK}it is your name or e-mail address`);
    }
    // Someone else's name is no weakness of its own.
    expect(passwordRefusal("lovelace-quartz-harbor", { email: "grace@example.org", firstName: "Grace", lastName: "Hopper" })).toBeNull();
  });

  it("the most common passwords exactly, in any case, with the message for them", () => {
    for (const password of ["12345678", "Password", "PASSWORD", "sunshine", "iloveyou", "baseball"]) expect(passwordRefusal(password, ADA), password).toBe(PASSWORD_TOO_COMMON);
  });

  it("splits the whole password into pieces in order, whatever its letters", () => {
    for (const password of ["iloveyou123", "İstanbul2024!", "Ünïcödé-päss-wörd", "🔑🔑🔑🔑password", "p@ssw0rd", "x"]) {
      const { pieces } = passwordStrength(password);
      expect(pieces.map((p) => p.token).join(""), password).toBe(password);
      pieces.forEach((p) => expect(password.slice(p.i, p.j + 1), password).toBe(p.token));
    }
  });

  it("never repeats the password in its message", () => {
    for (const password of ["iloveyou123", "p@ssw0rd", "lovelace1815", "zxcvbnm,./", "19851205", "abcdefgh1234"]) {
      const message = passwordRefusal(password, ADA)!;
      expect(message, password).not.toContain(password);
      expect(message.toLowerCase(), password).not.toContain(password.slice(0, 6).toLowerCase());
    }
  });
});

describe("the compact word lists", () => {
  it("read back as written, in alphabetical order, about half the size", () => {
    const words = ["password", "password1", "passwords", "pass", "zebra", "p@ss", "iloveyou", "i-love-you"];
    const text = encodeWordList(words);
    expect(decodeWordList(text)).toEqual([...words].sort());
    expect(text).toBe("0i-love-you 1loveyou 0p@ss 1ass 4word 81 8s 0zebra");
    expect(decodeWordList("")).toEqual([]);
    expect(() => encodeWordList(["two words"])).toThrow();
  });
});

describe("the password strength estimate: what passes", () => {
  it("passphrases of unrelated words, random strings, and the passwords the tests and demo set", () => {
    for (const password of [
      "correct horse battery staple",
      "gravel mango lantern obey",
      "velvetorbitcactusanthem",
      "Tr0ub4dor&3",
      "hj3k-px9q-2mzr-t7wb", // the shape of the demo's and the console's random passwords
      "xkqjvmzp", // eight characters that are nothing known: 10^8 guesses exactly
      "kJ8$wq2Lz!pR5vN",
      "long-enough-1",
      "brand-new-pass",
      "after-reset-9",
      "x-after-reset",
      "new-password-2",
      "attacker-pass-3",
      "fresh-password-4",
      "a-fine-password-7",
      "old-password-1",
      "Correct-Horse-7",
    ]) {
      expect(passwordRefusal(password, ADA), password).toBeNull();
    }
  });

  it("passes 200 passphrases of four words drawn at random from the word list", () => {
    const words = decodeWordList(ENGLISH_WORDS);
    expect(words.length).toBeGreaterThan(7000);
    const random = seeded(44);
    for (let n = 0; n < 200; n++) {
      const phrase = Array.from({ length: 4 }, () => words[Math.floor(random() * words.length)]!).join(n % 2 ? " " : "-");
      expect(passwordRefusal(phrase, ADA), phrase).toBeNull();
    }
  });

  it("passes 200 random strings of 12 characters, and estimates at most 256 characters", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-=?@_";
    const random = seeded(7);
    const draw = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (let n = 0; n < 200; n++) {
      const password = draw(12);
      expect(passwordRefusal(password, ADA), password).toBeNull();
    }
    const long = draw(1024);
    expect(passwordStrength(long).log10).toBeGreaterThanOrEqual(200);
    expect(passwordStrength(long).pieces.at(-1)!.j).toBe(255);
  });
});
