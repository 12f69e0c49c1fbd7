import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/server/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
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
    cssMinify: true,
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? undefined
      : {
      output: {
        // The app's small shared modules travel together: fewer requests, less per-file overhead.
        manualChunks(id) {
          if (
            /\/app\/(components\/(ui\/|icons|error-state|rich-text|page-head|conference-meta)|lib\/(seo|use-hydrated|nonce|format))/.test(id) ||
            /\/node_modules\/get-nonce\//.test(id)
          ) {
            return "app-shared";
          }
        },
      },
      },
  },
}));
