import { readFileSync } from "node:fs";
import { readHeader } from "../app/extraction/header.ts";
import { loadHalf } from "./grobid/headers.mjs";
import { fnv1a } from "./grobid/split.mjs";
const cross = JSON.parse(readFileSync("node_modules/.cache/labeller-cross.json", "utf8"));
const norm = (s: string) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
const nameKey = (s: string) => norm(s).normalize("NFKC").replace(/\./g, " ").replace(/\s*-\s*/g, "-").replace(/\s*['’]\s*/g, "'").replace(/\s+/g, " ").trim();
for (const half of ["dev", "held-out"]) {
  const kinds: Record<string, number> = {};
  for (const { id, doc, truth } of loadHalf(half)) {
    if (!truth.authors?.length) continue;
    const got = readHeader(doc, half === "dev" ? cross[fnv1a(`grobid:${id}#cross`) % 2] : undefined).authors.map((a) => nameKey(`${a.firstName} ${a.lastName}`));
    const people = new Map(); for (const x of truth.authors) if (!people.has(`${nameKey(x.firstName).charAt(0)} ${nameKey(x.lastName)}`)) people.set(`${nameKey(x.firstName).charAt(0)} ${nameKey(x.lastName)}`, nameKey(`${x.firstName} ${x.lastName}`));
    const want = [...people.values()];
    let k;
    if (got.join(";") === want.join(";")) k = "right";
    else if (!got.length) k = "none found";
    else {
      const gs = new Set(got), ws = new Set(want);
      const missing = want.filter((w) => !gs.has(w)).length, extra = got.filter((g) => !ws.has(g)).length;
      const lastOk = want.filter((w) => got.some((g) => g.split(" ").pop() === w.split(" ").pop())).length;
      k = missing === 0 && extra === 0 ? "order" : `missing ${missing > 2 ? "3+" : missing}, extra ${extra > 2 ? "3+" : extra}${lastOk === want.length ? " (family names all found)" : ""}`;
      if (half === "dev" && process.env.SHOW) console.log(k, "|", got.join("; "), "\n   ", want.join("; "));
    }
    kinds[k] = (kinds[k] ?? 0) + 1;
  }
  console.log(half, JSON.stringify(Object.entries(kinds).sort((a, b) => b[1] - a[1])));
}
