/**
 * Lines of names printed from annotated people (decision 039): the name model learns where one
 * person ends and the next begins from GROBID's 581 development author lines, too few to show each
 * way title pages print a list (side by side with no separator, as IEEE's author blocks read
 * across; all in capitals; initials; markers after every name; degrees; family names first in
 * capitals). Each line here prints real people (the development half's annotated names, given and
 * family names as people marked them) in one of those ways, as GROBID's author fields are
 * rebuilt (`toLine`), labelled from the same pieces. The persons of a line come from one fold, so
 * the line can be featured with a lexicon that never saw them.
 */
import { toLine } from "../grobid/names.mjs";
import { rng } from "./mlp.mjs";

const MARKS = ["1", "2", "3", "a", "b", "c", "*", "†", "‡"];
const DEGREES = ["PhD", "MD", "MSc", "MPH", "Ph.D.", "M.D."];

/**
 * `count` lines of names, each `{ pieces, fold }`: pieces as `readField` gives them (text, kind,
 * person, space). `people` are `{ firstName, lastName, fold }`.
 */
export function printedNameLines(people, count, seed = 1) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const usable = people.filter((p) => p.firstName && p.lastName && /^\p{Lu}/u.test(p.firstName) && /\p{L}{2}/u.test(p.lastName));
  const folds = [0, 1].map((f) => usable.filter((p) => p.fold === f));
  const lines = [];
  for (let n = 0; n < count; n++) {
    const fold = n % 2;
    const pool = folds[fold];
    const size = 1 + Math.floor(random() * random() * 8);
    const persons = Array.from({ length: size }, () => pick(pool));
    const capitals = random() < 0.15;
    const initials = random() < 0.2;
    const familyFirst = !initials && random() < 0.06;
    const layout = pick(["comma-and", "comma-and", "comma-and", "comma", "side", "side", "and-only", "semicolon"]);
    const marked = random() < 0.5;
    const degrees = !familyFirst && random() < 0.1;
    const pieces = [];
    const push = (text, kind, person, space = true) => pieces.push({ text, kind, person, space });
    const cased = (w) => (capitals ? w.toUpperCase() : w);
    persons.forEach((p, k) => {
      if (k > 0) {
        const last = k === persons.length - 1;
        if (layout === "semicolon") push(";", "other", -1, false);
        else if (layout === "comma" || (layout === "comma-and" && !(last && persons.length === 2))) push(",", "other", -1, false);
        if (last && (layout === "comma-and" || layout === "and-only")) push(capitals ? "AND" : "and", "other", -1);
        else if (layout === "and-only") push(",", "other", -1, false);
      }
      const given = p.firstName.split(/\s+/).map((w) => (initials ? w.split("-").map((x) => `${[...x][0]}.`).join("-") : cased(w)));
      const family = p.lastName.split(/\s+/).map((w) => (familyFirst ? w.toUpperCase() : cased(w)));
      const words = familyFirst ? [...family.map((w) => [w, "family"]), ...given.map((w) => [w, "given"])] : [...given.map((w) => [w, "given"]), ...family.map((w) => [w, "family"])];
      words.forEach(([w, kind]) => push(w, kind, k));
      if (marked) push(random() < 0.2 ? `${pick(MARKS)},${pick(MARKS)}` : pick(MARKS), "marker", k, false);
      if (degrees && random() < 0.7) {
        push(",", "other", -1, false);
        push(pick(DEGREES), "role", -1);
      }
    });
    lines.push({ pieces, fold, truth: persons });
  }
  return lines.map((l) => ({ ...l, line: toLine(l.pieces) }));
}
