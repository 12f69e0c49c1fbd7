import { createRequire } from "node:module";
import type { Plugin } from "vite";

export type Country = {
  cca2: string;
  name: { common: string };
  unMember: boolean;
  idd: { root?: string; suffixes?: string[] };
};

/**
 * A country's telephone country codes (ITU E.164: one to three digits, no code the start of
 * another). The package gives a root and suffixes; a suffix is sometimes the rest of the code
 * ("+4" "4" is +44), sometimes an area code inside a shared code (+1 and +7 list hundreds), and
 * for Vatican City both: "+3" with "79" (+379) and "906698" (Rome's 06 698 under Italy's +39).
 * A joined number that starts with another country's code (+76 in Kazakhstan's list is +7's) is
 * read as that code.
 */
function dialCodesOf(country: Country, known: ReadonlySet<string>): string[] {
  const { root, suffixes = [] } = country.idd;
  if (!root) return [];
  if (suffixes.length > 3 || suffixes.length === 0) return [root];
  const codes = suffixes.map((suffix) => {
    const joined = `${root}${suffix}`;
    const prefix = [...known].find((code) => code !== joined && joined.startsWith(code));
    if (prefix) return prefix;
    if (joined.length <= 4) return joined;
    throw new Error(`world-countries: no country code starts ${joined} (${country.name.common})`);
  });
  return [...new Set(codes)];
}

/** The codes the package states outright: a root with one suffix, or a shared root (+1, +7). */
function knownCodes(all: readonly Country[]) {
  const known = new Set<string>();
  for (const c of all) {
    const only = c.idd.suffixes?.length === 1 ? `${c.idd.root}${c.idd.suffixes[0]}` : null;
    if (only && only.length <= 4) known.add(only);
    if (c.idd.root && (c.idd.suffixes?.length ?? 0) > 3) known.add(c.idd.root);
  }
  return known;
}

/** UN members and the two observer states, as the decisions note asks: 195 countries. */
const OBSERVER_STATES = new Set(["VA", "PS"]);
const ID = "virtual:world-countries";

/**
 * `virtual:world-countries`: the sovereign states and their telephone codes, read from the
 * maintained `world-countries` package when the app is built. The package is 1.4 MB of JSON;
 * what the forms need is about 6 KB, so only that reaches the bundles.
 */
export function worldCountries(): Plugin {
  return {
    name: "world-countries",
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    load(id) {
      if (id !== `\0${ID}`) return null;
      const all = createRequire(import.meta.url)("world-countries") as Country[];
      const sovereign = all.filter((c) => c.unMember || OBSERVER_STATES.has(c.cca2));
      const countries = sovereign
        .map((c) => [c.cca2, c.name.common] as const)
        .sort((a, b) => a[1].localeCompare(b[1], "en"));
      const byCode = new Map<string, string[]>();
      const known = knownCodes(sovereign);
      for (const c of sovereign) for (const code of dialCodesOf(c, known)) byCode.set(code, [...(byCode.get(code) ?? []), c.name.common]);
      const dialCodes = [...byCode.entries()]
        .sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)))
        .map(([code, names]) => [code, `${code} (${names.sort((x, y) => x.localeCompare(y, "en")).join(", ")})`] as const);
      return `export const COUNTRIES = ${JSON.stringify(countries)};\nexport const DIAL_CODES = ${JSON.stringify(dialCodes)};\n`;
    },
  };
}
