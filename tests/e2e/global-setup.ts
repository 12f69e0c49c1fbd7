import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, migrate, ROOT, seed, startWorker } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";
import { generatePassword, upsertAccount } from "../../scripts/lib/accounts.mjs";
import { OFFLINE_ENV } from "../../scripts/lib/local-stack.mjs";

/**
 * A fresh local D1 and R2 with the demo content, the web and notices Workers under one
 * `wrangler dev`, and a real SMTP server (maildev) whose inbox the tests read.
 */
export default async function setup(project: TestProject) {
  const dir = path.join(ROOT, ".wrangler", "e2e-state");
  rmSync(dir, { recursive: true, force: true });
  migrate(dir, { quiet: true });
  await seed(dir);
  const adminPassword = generatePassword();
  const authorPassword = generatePassword();
  {
    const { getPlatformProxy } = await import("wrangler");
    Object.assign(process.env, OFFLINE_ENV);
    const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
    try {
      await upsertAccount(proxy.env.DB, { email: "admin@example.org", password: adminPassword, role: "admin", firstName: "Ada", lastName: "Administrator" });
      await upsertAccount(proxy.env.DB, { email: "author@example.org", password: authorPassword, role: "user", firstName: "Alex", lastName: "Author" });
      // One administrator per console area, so the per-account sign-in limit (10 in 15 minutes)
      // is never what a console test meets.
      for (const area of CONSOLE_AREAS) {
        await upsertAccount(proxy.env.DB, { email: `${area}.console@example.org`, password: adminPassword, role: "admin", firstName: "Ada", lastName: "Administrator" });
      }
      // For the console's User Management tests, whose roles they change.
      await upsertAccount(proxy.env.DB, { email: "member.js@example.org", password: authorPassword, role: "user", firstName: "Mona", lastName: "Member" });
      await upsertAccount(proxy.env.DB, { email: "member.nojs@example.org", password: authorPassword, role: "user", firstName: "Nico", lastName: "Member" });
      for (const who of ["edit.js", "edit.nojs", "gone.js", "gone.nojs"]) {
        await upsertAccount(proxy.env.DB, { email: `${who}@example.org`, password: authorPassword, role: "user", firstName: "Eddie", lastName: who.replace(".", " ") });
      }
      await upsertAccount(proxy.env.DB, { email: "reviewer@example.org", password: authorPassword, role: "reviewer", firstName: "Rita", lastName: "Reviewer" });
      for (const email of ["tf-js@example.org", "tf-nojs@example.org"]) {
        await upsertAccount(proxy.env.DB, { email, password: authorPassword, role: "admin", firstName: "Tess", lastName: "Factor" });
      }
    } finally {
      await proxy.dispose();
    }
  }
  const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });
  const worker = await startWorker({ dir, smtpPort: mail.smtpPort });
  project.provide("baseUrl", worker.url);
  project.provide("mailApi", mail.webUrl);
  project.provide("stateDir", dir);
  project.provide("accounts", { admin: { email: "admin@example.org", password: adminPassword }, author: { email: "author@example.org", password: authorPassword } });
  return async () => {
    await worker.stop();
    await mail.stop();
  };
}

export const CONSOLE_AREAS = ["users", "edit-user", "board", "news", "conferences"] as const;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    mailApi: string;
    stateDir: string;
    accounts: Record<"admin" | "author", { email: string; password: string }>;
  }
}
