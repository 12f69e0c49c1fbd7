import { defineConfig } from "vitest/config";

/** End-to-end tests: Debian's Chromium against the site served as `npm start` serves it. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One retry: about 2 in 300 page loads saw a request stall in the local runtime (decision 012);
    // a test that fails for a reason of its own fails twice.
    retry: 1,
  },
});
