/**
 * Known given and family names, learned from the names people annotated in real articles
 * (GROBID's training data; `scripts/grobid/lexicon.mjs`). Evidence, never a rule: most authors'
 * names are in no list.
 */
import { FAMILY_NAMES, GIVEN_NAMES } from "./lexicon.data";

let given: Set<string> | null = null;
let family: Set<string> | null = null;

/** A word as the lexicon holds it: NFC, lower case, no symbols at either end. */
export const lexiconKey = (word: string) => word.normalize("NFC").toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");

export function isGivenName(word: string) {
  given ??= new Set(GIVEN_NAMES.split(" "));
  return given.has(lexiconKey(word));
}

export function isFamilyName(word: string) {
  family ??= new Set(FAMILY_NAMES.split(" "));
  return family.has(lexiconKey(word));
}
