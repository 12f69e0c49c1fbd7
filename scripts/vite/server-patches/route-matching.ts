import type { Patch } from "./patch";

/**
 * Route matching on the server, done once per isolate instead of on every request (decision 011).
 *
 * `@remix-run/router` re-flattens and re-ranks every route branch, recompiles each path pattern
 * into a RegExp and tries the branches one by one on every match; Remix matches several times per
 * document request (the server handler, the React router, the lazy-discovery manifest for each
 * parent path), and the React side builds a new route tree for every render, so nothing could be
 * kept between requests. On the server the route tree never changes, so:
 *
 * - compiled patterns are kept (bounded `Map`), ranked branches per route tree (`WeakMap`);
 * - the matches for a path are kept per route tree (at most 1,000 paths of up to 512 characters),
 *   and each caller gets fresh match objects (one params object shared by a branch's matches, as
 *   the original returns);
 * - `RemixServer` builds its route tree once per build manifest, and `createStaticRouter` converts
 *   it to data routes once, so the React side matches against the same tree every time.
 *
 * Applied to the server build only: the client's tree grows at run time (lazy route discovery).
 */
export const routeMatchingPatches: Patch[] = [
  {
    decision: "011",
    file: /@remix-run\/router\/dist\/router\.(c?js|cjs\.js)$/,
    name: "@remix-run/router",
    edits: [
      [
        "function compilePath(path, caseSensitive, end) {",
        `const __compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\0" + (caseSensitive === true) + "\\0" + (end !== false);
  let compiled = __compiledPaths.get(key);
  if (!compiled) {
    if (__compiledPaths.size > 1000) __compiledPaths.clear();
    compiled = __compilePathUncached(path, caseSensitive, end);
    __compiledPaths.set(key, compiled);
  }
  return compiled;
}
function __compilePathUncached(path, caseSensitive, end) {`,
      ],
      [
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);",
        `  let branches = __rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    __rankedBranches.set(routes, branches);
  }`,
      ],
      [
        "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        `const __rankedBranches = new WeakMap();
const __matchesByTree = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const path = typeof locationArg === "string" ? parsePath(locationArg).pathname : locationArg.pathname;
  const key = (path || "/") + "\\0" + (basename || "") + "\\0" + (allowPartial === true);
  let known = __matchesByTree.get(routes);
  if (!known) __matchesByTree.set(routes, (known = new Map()));
  let matches = known.get(key);
  if (matches === undefined) {
    matches = __matchRoutesUncached(routes, locationArg, basename, allowPartial);
    // Bounded: at most 1,000 addresses of up to 512 characters per route tree.
    if (key.length <= 512) {
      if (known.size >= 1000) known.clear();
      known.set(key, matches);
    }
  }
  if (matches === null) return null;
  if (matches.length === 0) return [];
  const params = { ...matches[matches.length - 1].params };
  return matches.map((match) => ({ ...match, params }));
}
function __matchRoutesUncached(routes, locationArg, basename, allowPartial) {`,
      ],
    ],
  },
  {
    file: /@remix-run\/react\/dist\/(esm\/)?server\.js$/,
    decision: "011",
    name: "@remix-run/react",
    edits: [
      [
        "  let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
        `  let routes = __serverRoutes.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    __serverRoutes.set(manifest.routes, routes);
  }`,
      ],
      ["function RemixServer({", "const __serverRoutes = new WeakMap();\nfunction RemixServer({"],
    ],
  },
  {
    file: /react-router-dom\/server\.m?js$/,
    decision: "011",
    name: "react-router-dom/server",
    edits: [
      [
        // The ESM and CommonJS files name the helpers differently; $1 and $2 keep their names.
        /  let manifest = \{\};\n  let dataRoutes = ([\w.]*UNSAFE_convertRoutesToDataRoutes)\(routes, ([\w.]*UNSAFE_mapRouteProperties), undefined, manifest\);/,
        `  let known = __dataRoutes.get(routes);
  if (!known) {
    const manifest = {};
    known = { manifest, dataRoutes: $1(routes, $2, undefined, manifest) };
    __dataRoutes.set(routes, known);
  }
  let { manifest, dataRoutes } = known;`,
      ],
      ["function createStaticRouter(routes, context, opts = {}) {", "const __dataRoutes = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {"],
    ],
  },
];
