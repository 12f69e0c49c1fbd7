import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { passwordData } from "./scripts/vite/password-data";
import { freePort } from "./scripts/lib/local-stack.mjs";
import { FAKE_CREDENTIALS } from "./scripts/lib/paypal-fake.mjs";
import { worldCountries } from "./scripts/vite/world-countries";

/**
 * Integration and unit tests run inside workerd with the real bindings: D1 with the migrations
 * applied, R2 and the queues, all local. Requests go through the Worker entry and so through the
 * built Remix bundle: `npm test` builds first.
 *
 * Two projects, one Worker: `integration` runs with a local stack's settings (every request's
 * D1 round trips in Server-Timing, the instrument of the round-trip tests); `deployed` runs the
 * tests in `tests/integration/deployed/` with wrangler.toml's settings as they are deployed, for
 * what a deployed site must do differently (decision 030).
 */
const DEPLOYED_TESTS = "tests/integration/deployed/**/*.test.ts";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  // The local PayPal the integration tests pay against: its port is chosen here, where the
  // Worker's bindings are written, and tests/integration/global-setup.ts starts it there.
  process.env.PAYPAL_FAKE_PORT ??= String(await freePort());
  const paypal = {
    PAYPAL_API_BASE: `http://127.0.0.1:${process.env.PAYPAL_FAKE_PORT}`,
    PAYPAL_CLIENT_ID: FAKE_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: FAKE_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: FAKE_CREDENTIALS.webhookId,
    PAYPAL_SDK_URL: `http://127.0.0.1:${process.env.PAYPAL_FAKE_PORT}/sdk/js`,
  };
  const project = (name: string, include: string[], exclude: string[], settings: Record<string, string>, globalSetup: string[]) => ({
    plugins: [
      tsconfigPaths(),
      worldCountries(),
      passwordData(),
      cloudflareTest({
        main: "./workers/web/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SITE_URL: "https://society.test",
            CONTENT_VERSION_TTL_MS: "0",
            SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
            ...settings,
          },
        },
      }),
    ],
    ssr: { resolve: { mainFields: ["main", "module"] } },
    test: {
      name,
      include,
      exclude,
      setupFiles: ["./tests/integration/apply-migrations.ts", "./tests/integration/console-errors.ts"],
      // A hang catcher, not a budget: vitest's default of 5 s was outrun by tests that post 31
      // photos or count a limit's 20 attempts while other work shared the machine's two cores.
      testTimeout: 30_000,
      globalSetup,
    },
  });
  return {
    test: {
      projects: [
        project("integration", ["app/**/*.test.ts", "tests/integration/**/*.test.ts"], [DEPLOYED_TESTS], { SERVER_TIMING: "all", ADMIN_TWO_FACTOR: "optional", ...paypal }, ["./tests/integration/global-setup.ts"]),
        project("deployed", [DEPLOYED_TESTS], [], {}, []),
      ],
    },
  };
});
