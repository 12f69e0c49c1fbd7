import type { Plugin } from "vite";

/**
 * A change to a third-party file of the server build, made as text edits when Vite loads the
 * file. Each edit names text the file must contain: when an upgrade changes it, the build fails
 * instead of silently dropping the patch; `check` can insist on what the edited file must be.
 */
export type Patch = {
  /** The decision record that explains the patch. */
  decision: string;
  name: string;
  file: RegExp;
  /** `[from, to]`, or `[from, to, n]` when a string occurs n times and every one is replaced. */
  edits: Array<[from: string | RegExp, to: string, occurrences?: number]>;
  check?: (code: string) => string | null;
};

/** Applies the patches to the server build (never to the client's). */
export function patchServerPackages(patches: Patch[]): Plugin {
  const applied = new Set<string>();
  let command = "";
  return {
    name: "patch-server-packages",
    enforce: "pre",
    configResolved(config) {
      command = config.command;
    },
    transform(code, id, options) {
      if (!options?.ssr) return null;
      const patch = patches.find((p) => p.file.test(id));
      if (!patch) return null;
      applied.add(patch.name);
      let out = code;
      for (const [from, to, expected = 1] of patch.edits) {
        const found = typeof from === "string" ? out.split(from).length - 1 : from.test(out) ? 1 : 0;
        if (found !== expected) {
          throw new Error(`patch-server-packages: ${patch.name} changed, "${String(from).trim().slice(0, 50)}…" found ${found} times, not ${expected}; look at decision ${patch.decision}`);
        }
        out = typeof from === "string" ? out.replaceAll(from, to) : out.replace(from, to);
      }
      const problem = patch.check?.(out);
      if (problem) throw new Error(`patch-server-packages: ${patch.name}: ${problem}; look at decision ${patch.decision}`);
      return { code: out, map: null };
    },
    buildEnd(error) {
      // A server build that no longer loads a patched file (moved, renamed) must say so too.
      if (error || command !== "build" || applied.size === 0) return;
      const missing = patches.filter((p) => !applied.has(p.name));
      if (missing.length) {
        throw new Error(`patch-server-packages: the server build no longer loads ${missing.map((p) => `${p.name} (decision ${p.decision})`).join(", ")}`);
      }
    },
  };
}
