/**
 * Imports point one way (decision 046). Every module under app/ and workers/ belongs to a layer,
 * and may import only from its own layer and the layers its entry below names:
 *
 *   workers → routes → features → components | models → mail → server → lib → db
 *
 * components, models and mail share a tier: components (browser code) import neither of the
 * others, models may import mail (a change writes the mail that reports it in the same batch),
 * mail imports neither. The extraction engine stands alone: it imports nothing of the app, and
 * the layers that run it (models, features, routes, workers) may import it like a package. The
 * check also fails on any cycle between modules (type-only imports included), so no two modules
 * lean on each other inside a layer either. Imports are resolved with TypeScript's own resolver
 * and the project's tsconfig (the `~/` alias, index files, `.server` names).
 *
 *   node scripts/check-layers.mjs              check the tree
 *   node scripts/check-layers.mjs --self-test  prove the check fails on planted faults
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Layers from the top down: a module may import from its own layer and from those in `below`. */
export const LAYERS = {
  workers: { paths: ["workers/"], below: ["routes", "features", "components", "models", "mail", "server", "lib", "db", "extraction"] },
  routes: { paths: ["app/routes/", "app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx"], below: ["features", "components", "models", "mail", "server", "lib", "db", "extraction"] },
  features: { paths: ["app/features/"], below: ["components", "models", "mail", "server", "lib", "db", "extraction"] },
  components: { paths: ["app/components/"], below: ["server", "lib", "db"] },
  models: { paths: ["app/models/"], below: ["mail", "server", "lib", "db", "extraction"] },
  mail: { paths: ["app/mail/"], below: ["server", "lib", "db"] },
  server: { paths: ["app/server/"], below: ["lib", "db"] },
  lib: { paths: ["app/lib/"], below: ["db"] },
  db: { paths: ["app/db/"], below: [] },
  extraction: { paths: ["app/extraction/"], below: [] },
};

/** Files under app/ that are no module of any layer (styles, ambient declarations). */
const NOT_MODULES = [/\.css$/, /\.d\.ts$/];

export function layerOf(rel) {
  for (const [name, layer] of Object.entries(LAYERS)) if (layer.paths.some((p) => (p.endsWith("/") ? rel.startsWith(p) : rel === p))) return name;
  return null;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !NOT_MODULES.some((re) => re.test(entry.name))) yield full;
  }
}

/** Every module specifier a file names: static and dynamic imports, re-exports, `import("…")` types. */
export function specifiersOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  // Walked with a stack of its own: a long generated expression (the model weights) is deeper
  // than Node's call stack.
  const pending = [source];
  while (pending.length) {
    const node = pending.pop();
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) found.push(node.moduleReference.expression.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    ts.forEachChild(node, (child) => void pending.push(child));
  }
  return found;
}

function compilerOptions() {
  const configPath = path.join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/**
 * The import graph of the given files (paths relative to ROOT): edges to other files of the
 * project only; packages and generated output (build/) are left out. `read` supplies a file's
 * text, so the self-test can plant imports without touching the tree.
 */
export function importGraph(files, read = (rel) => readFileSync(path.join(ROOT, rel), "utf8")) {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const graph = new Map();
  for (const rel of files) {
    const edges = new Set();
    for (const spec of specifiersOf(rel, read(rel))) {
      const bare = spec.replace(/\?.*$/, "");
      const resolved = ts.resolveModuleName(bare, path.join(ROOT, rel), options, host).resolvedModule;
      let target = resolved && !resolved.isExternalLibraryImport ? resolved.resolvedFileName : null;
      if (!target && (bare.startsWith(".") || bare.startsWith("~/"))) target = bare.startsWith("~/") ? path.join(ROOT, "app", bare.slice(2)) : path.resolve(ROOT, path.dirname(rel), bare);
      if (!target) continue;
      const to = path.relative(ROOT, target).split(path.sep).join("/");
      if (to.startsWith("..") || to.startsWith("node_modules/") || to.startsWith("build/")) continue;
      edges.add(to);
    }
    graph.set(rel, edges);
  }
  return graph;
}

/** Imports that point up or sideways: `from` may not import from `to`'s layer. */
export function wrongWay(graph) {
  const faults = [];
  for (const [from, edges] of graph) {
    const fromLayer = layerOf(from);
    if (!fromLayer) continue;
    for (const to of edges) {
      if (NOT_MODULES.some((re) => re.test(to))) continue;
      const toLayer = layerOf(to);
      if (toLayer === fromLayer) continue;
      if (toLayer && LAYERS[fromLayer].below.includes(toLayer)) continue;
      faults.push({ from, to, fromLayer, toLayer: toLayer ?? "outside app/ and workers/" });
    }
  }
  return faults;
}

/** Cycles between modules (Tarjan's strongly connected components of more than one module, or a module importing itself). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const connect = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!info.has(w)) {
        connect(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v).has(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) connect(v);
  return found;
}

export function projectFiles() {
  return [...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "workers"))].map((f) => path.relative(ROOT, f).split(path.sep).join("/")).sort();
}

export function check(files = projectFiles(), read) {
  const graph = importGraph(files, read);
  const unplaced = files.filter((f) => !layerOf(f));
  return { graph, unplaced, wrong: wrongWay(graph), cycles: cycles(graph) };
}

function report({ graph, unplaced, wrong, cycles: circles }) {
  for (const f of unplaced) console.error(`  ${f}: in no layer (add its folder to a layer in scripts/check-layers.mjs)`);
  for (const w of wrong) console.error(`  ${w.from} (${w.fromLayer}) imports ${w.to} (${w.toLayer})`);
  for (const c of circles) console.error(`  cycle: ${c.join(" ↔ ")}`);
  const bad = unplaced.length + wrong.length + circles.length;
  if (!bad) console.log(`✓ ${graph.size} modules, every import points down its layers, no cycles`);
  return bad;
}

/**
 * Plants faults in an in-memory copy of the tree and expects each to be caught: an upward
 * import (db → features, through the `~/` alias), a sideways one (mail → models, relative), a
 * cycle inside one layer, and the extraction engine reaching into the app. The real tree must
 * be clean of each planted fault before planting, or the proof proves nothing.
 */
function selfTest() {
  const files = projectFiles();
  const plant = (file, line) => (rel) => {
    const text = readFileSync(path.join(ROOT, rel), "utf8");
    return rel === file ? `${line}\n${text}` : text;
  };
  const pick = (prefix) => files.find((f) => f.startsWith(prefix) && !f.includes(".test."));
  const dbFile = pick("app/db/");
  const modelFile = pick("app/models/");
  const mailFile = pick("app/mail/");
  const libFiles = files.filter((f) => f.startsWith("app/lib/") && !f.includes(".test."));
  const extractionFile = pick("app/extraction/");
  const rel = (from, to) => {
    const r = path.relative(path.dirname(from), to).replace(/\.tsx?$/, "");
    return r.startsWith(".") ? r : `./${r}`;
  };
  const cases = [
    { name: "an upward import (db → features)", read: plant(dbFile, `import "~/features/users/users";`), expect: (r) => r.wrong.some((w) => w.from === dbFile && w.toLayer === "features") },
    { name: "a sideways import (mail → models)", read: plant(mailFile, `import { x } from "${rel(mailFile, modelFile)}";`), expect: (r) => r.wrong.some((w) => w.from === mailFile && w.toLayer === "models") },
    {
      name: "a cycle inside one layer (lib ↔ lib)",
      read: (f) => plant(libFiles[0], `import type { X } from "${rel(libFiles[0], libFiles[1])}";`)(f).replace(/^/, f === libFiles[1] ? `import type { Y } from "${rel(libFiles[1], libFiles[0])}";\n` : ""),
      expect: (r) => r.cycles.some((c) => c.includes(libFiles[0]) && c.includes(libFiles[1])),
    },
    { name: "the extraction engine importing the app (extraction → lib)", read: plant(extractionFile, `import "~/lib/dates";`), expect: (r) => r.wrong.some((w) => w.from === extractionFile && w.toLayer === "lib") },
  ];
  const clean = check(files);
  let failed = 0;
  for (const c of cases) {
    const caught = check(files, c.read);
    const ok = c.expect(caught) && !c.expect(clean);
    console.log(`${ok ? "✓" : "✗"} catches ${c.name}`);
    if (!ok) failed += 1;
  }
  return failed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--self-test")) process.exit(selfTest() ? 1 : 0);
  const result = check();
  if (result.unplaced.length + result.wrong.length + result.cycles.length) console.error("✗ imports that do not point down the layers (decision 046):");
  process.exit(report(result) ? 1 : 0);
}
