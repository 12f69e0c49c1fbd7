/**
 * The one answer path and the one input reader (decision 045), held by a check in `npm test`:
 *
 * - every route's loader and action that reads its request is `loads(…)` / `acts(…)`, and no route
 *   file answers a fault itself: no `503`, no `console.error`, no `catch` (routes throw; `loads`,
 *   `acts` and `settled` in app/server/answers.server.ts answer);
 * - nothing in app/ reads a posted body but the reader (app/server/forms.server.ts): no
 *   `.formData()`, `.json()` on a request, or `form.get(`.
 *
 * `--self-test` plants each fault in memory and fails unless every one is caught.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const READER = "app/server/forms.server.ts";

const ROUTE_RULES = [
  { pattern: /^export (async )?function (loader|action)\(\s*[{\w]/, why: "a loader or action that reads the request outside loads/acts" },
  { pattern: /\b503\b/, why: "answers a fault with its own 503" },
  { pattern: /console\.error\(/, why: "logs a fault itself" },
  // A try's catch, or a promise's (zod's `.catch(value)` defaults are not catches).
  { pattern: /\}\s*catch\b|\.catch\(\s*(async\s*)?\(?\s*\w*\s*(:\s*\w+)?\s*\)?\s*=>/, why: "catches instead of throwing to loads/acts" },
];
const BODY_RULES = [
  { pattern: /\.formData\(\)/, why: "reads a form outside the reader" },
  { pattern: /\brequest\.json\(\)/, why: "reads a JSON body outside the reader" },
  { pattern: /\bform\.get(All)?\(/, why: "reads a posted field outside the reader" },
];

/** The faults of one file, as `path: why` lines. */
export function faultsOf(file, text) {
  const faults = [];
  const rules = [...(file.startsWith("app/routes/") || file === "app/root.tsx" ? ROUTE_RULES : []), ...(file === READER ? [] : BODY_RULES)];
  text.split("\n").forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const rule of rules) if (rule.pattern.test(line)) faults.push(`${file}:${i + 1}: ${rule.why}`);
  });
  return faults;
}

function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.ts$/.test(name) ? [rel] : [];
  });
}

if (process.argv.includes("--self-test")) {
  const planted = [
    ["app/routes/x.tsx", 'throw data("x", { status: 503 });'],
    ["app/routes/x.tsx", "export async function loader({ context }: LoaderFunctionArgs) {"],
    ["app/routes/x.tsx", 'console.error("failed", error);'],
    ["app/routes/x.tsx", "} catch (error) {"],
    ["app/routes/x.tsx", "await save().catch((error: unknown) => null);"],
    ["app/features/x.server.ts", "const form = await request.formData();"],
    ["app/features/x.server.ts", "const body = await request.json();"],
    ["app/routes/x.tsx", 'const intent = form.get("intent");'],
  ];
  const missed = planted.filter(([file, text]) => faultsOf(file, text).length === 0);
  const clean = faultsOf(READER, "const form = await request.formData();");
  if (missed.length || clean.length) {
    console.error("The answer-path check missed planted faults:", missed, clean);
    process.exit(1);
  }
  console.log(`The answer-path check catches all ${planted.length} planted faults.`);
  process.exit(0);
}

const faults = [...sourceFiles("app"), "app/root.tsx"].filter((f, i, all) => all.indexOf(f) === i).flatMap((file) => faultsOf(file, readFileSync(path.join(ROOT, file), "utf8")));
if (faults.length) {
  console.error(`${faults.length} place(s) leave the one answer path or the one input reader:\n${faults.join("\n")}`);
  process.exit(1);
}
console.log("Every route answers through loads/acts, and every body is read by the one reader.");
