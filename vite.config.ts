import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/server/load-context";
import { patchServerPackages } from "./scripts/vite/server-patches/patch";
import { reactStringChunkPatches } from "./scripts/vite/server-patches/react-string-chunks";
import { routeMatchingPatches } from "./scripts/vite/server-patches/route-matching";
import { passwordData } from "./scripts/vite/password-data";
import { worldCountries } from "./scripts/vite/world-countries";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    patchServerPackages([...routeMatchingPatches, ...reactStringChunkPatches]),
    worldCountries(),
    passwordData(),
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
            /\/app\/(components\/(ui\/(button|badge)|icons|error-state|rich-text|page-head)|components\/hooks\/|features\/conferences\/conference-meta|lib\/(seo|format))/.test(id) ||
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
