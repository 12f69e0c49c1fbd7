import { defineConfig } from "vitest/config";
import { E2E_WORKERS } from "./tests/e2e/global-setup";

/**
 * End-to-end tests: Debian's Chromium against the site served as `npm start` serves it. Two test
 * files at a time, each on a stack of its own (tests/e2e/global-setup.ts).
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    setupFiles: ["./tests/e2e/on-failure.ts"],
    // A hang catcher, not a budget: a long console flow takes 30 s alone and three times that in
    // CI with a second file beside it on two cores.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    pool: "forks",
    maxWorkers: E2E_WORKERS,
    // No retry: a flaky test fails, and is fixed (decision 047 supersedes decision 012's retry).
    retry: 0,
    // A page answers a click within a second alone, within several with CI's load: polls wait for
    // what the browser shows for up to ten (vitest's default is one, which CI outran).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
