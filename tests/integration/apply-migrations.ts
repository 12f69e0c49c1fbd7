import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run outside isolated storage and may run more than once; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
