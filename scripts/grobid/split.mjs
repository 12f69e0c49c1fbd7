/**
 * GROBID's annotated headers (kermitt2/grobid, Apache-2.0) as data for the extraction engine
 *: where a checkout is, and which half of its documents is held out. The split is
 * fixed by each document's name (FNV-1a hash, odd = held out), so it never changes as files are
 * added, and everything learned from GROBID (the name lexicon, the line labeller) uses only the
 * development half.
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

/** The dataset folder of an extracted GROBID checkout: GROBID_DATASET, or the fetched mirror unpacked to /tmp. */
export function datasetDir() {
  const wanted = process.env.GROBID_DATASET ?? "/tmp/grobid/grobid-trainer/resources/dataset";
  if (existsSync(wanted)) return wanted;
  const mirror = "/work/.mirror/kermitt2+grobid/repo";
  if (!existsSync(mirror)) throw new Error("No GROBID checkout: set GROBID_DATASET to grobid-trainer/resources/dataset of a kermitt2/grobid checkout.");
  execFileSync("sh", ["-c", `mkdir -p /tmp/grobid && git --git-dir=${mirror} archive HEAD grobid-trainer/resources/dataset/header/corpus grobid-trainer/resources/dataset/name/header | tar -x -C /tmp/grobid`]);
  return wanted;
}

export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const c of Buffer.from(text, "utf8")) {
    h ^= c;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Which of two folds a document of one half falls in (`salt` names the split), for training on
 * one fold and reading the other. From a high bit of the hash: FNV-1a's lowest bit is the parity
 * of the text's bytes, so `fnv1a(id + salt) % 2` is the same for every document of a half (the
 * half is `fnv1a(id) % 2`); split that way, the labeller's cross-fitted pair would be one model
 * trained on all of the real dev half and one on none of it (decision 036).
 */
export const foldOf = (id, salt) => (fnv1a(`${id}#${salt}`) >>> 16) & 1;

/** A document's id from its file name ("0070234.training.header.tei.xml" → "0070234"). */
export const documentId = (file) => path.basename(file).replace(/\.(?:training\.)?header(?:\.tei\.xml)?$|\.authors\.tei\.xml$/, "");
export const isHeldOut = (id) => fnv1a(id) % 2 === 1;
