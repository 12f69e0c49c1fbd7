import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/server/load-context";
import { worldCountries } from "./scripts/vite/world-countries";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * @remix-run/router re-flattens and re-ranks every route branch and recompiles each path pattern
 * into a RegExp on every match, and Remix matches twice per request: about a third of the CPU of a
 * simple request. On the server the route tree never changes, so both are memoised there
 * (decision 011). The client is left alone: lazy route discovery adds routes to its tree at run time.
 */
function memoizeServerRouteMatching(): Plugin {
  const file = /@remix-run\/router\/dist\/router\.(c?js|cjs\.js)$/;
  const patches: Array<[string, string]> = [
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
    ["function matchRoutesImpl(routes, locationArg, basename, allowPartial) {", "const __rankedBranches = new WeakMap();\nfunction matchRoutesImpl(routes, locationArg, basename, allowPartial) {"],
  ];
  return {
    name: "memoize-server-route-matching",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !file.test(id)) return null;
      let out = code;
      for (const [from, to] of patches) {
        if (!out.includes(from)) throw new Error(`memoize-server-route-matching: @remix-run/router changed, "${from.slice(0, 40)}…" not found`);
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    memoizeServerRouteMatching(),
    worldCountries(),
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      ignoredRouteFiles: ["**/*.test.*", "**/__*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
    // Bundle everything into the server build so wrangler gets one self-contained module.
    noExternal: command === "build" ? true : undefined,
    target: "webworker",
  },
  build: {
    // Terser packs the client's modules about 2% tighter than esbuild (measured by npm run bench).
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    cssMinify: true,
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? // Wasm stays an import: wrangler compiles it into a WebAssembly.Module (argon2, decision 013).
        { external: [/\.wasm$/] }
      : {
      output: {
        // The app's small shared modules travel together: fewer requests, less per-file overhead.
        manualChunks(id) {
          if (
            /\/app\/(components\/(ui\/(button|badge)|icons|error-state|rich-text|page-head|conference-meta)|lib\/(seo|use-hydrated|use-details-menu|nonce|format))/.test(id) ||
            /\/node_modules\/get-nonce\//.test(id) ||
            // Vite's helper for lazy imports (dialogs, the user menu): one file fewer on every page.
            id.includes("vite/preload-helper")
          ) {
            return "app-shared";
          }
        },
      },
      },
  },
}));
