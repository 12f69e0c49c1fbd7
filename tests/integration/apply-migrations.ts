import { applyD1Migrations, env } from "cloudflare:test";
import type { D1Migration } from "@cloudflare/vitest-pool-workers";

// Setup files run outside isolated storage and may run more than once; applying is idempotent.
// TEST_MIGRATIONS is a test-only binding set in vitest.config.ts.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
