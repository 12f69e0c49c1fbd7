import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { worldCountries } from "./scripts/vite/world-countries";

/**
 * Integration and unit tests run inside workerd with the real bindings: D1 with the migrations
 * applied, R2 and the queues, all local. Requests go through the Worker entry and so through the
 * built Remix bundle: `npm test` builds first.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    plugins: [
      tsconfigPaths(),
      worldCountries(),
      cloudflareTest({
        main: "./workers/web/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SITE_URL: "https://society.test",
            CONTENT_VERSION_TTL_MS: "0",
            SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
          },
        },
      }),
    ],
    ssr: { resolve: { mainFields: ["main", "module"] } },
    test: {
      include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
      setupFiles: ["./tests/integration/apply-migrations.ts"],
      globalSetup: ["./tests/integration/global-setup.ts"],
    },
  };
});
