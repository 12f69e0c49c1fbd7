import { createRequire } from "node:module";
import type { Plugin } from "vite";

type Country = {
  cca2: string;
  name: { common: string };
  unMember: boolean;
  idd: { root?: string; suffixes?: string[] };
};

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
      for (const c of sovereign) {
        const { root, suffixes = [] } = c.idd;
        if (!root) continue;
        // Countries sharing a root (+1, +7) list many area codes: their dial code is the root.
        const code = suffixes.length === 1 ? `${root}${suffixes[0]}` : root;
        byCode.set(code, [...(byCode.get(code) ?? []), c.name.common]);
      }
      const dialCodes = [...byCode.entries()]
        .sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)))
        .map(([code, names]) => [code, `${code} (${names.sort((x, y) => x.localeCompare(y, "en")).join(", ")})`] as const);
      return `export const COUNTRIES = ${JSON.stringify(countries)};\nexport const DIAL_CODES = ${JSON.stringify(dialCodes)};\n`;
    },
  };
}
