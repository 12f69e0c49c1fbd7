import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, migrate, ROOT, seed, startWorker } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";
import { createSessionRow, generatePassword, upsertAccount } from "../../scripts/lib/accounts.mjs";
import { OFFLINE_ENV } from "../../scripts/lib/local-stack.mjs";

/**
 * Stacks for the end-to-end tests, one per test worker (vitest.e2e.config.ts runs two test files
 * at a time): each a fresh local D1 and R2 with the demo content and the fixture accounts, the
 * web, notices and extraction Workers under one `wrangler dev`, and a real SMTP server (maildev)
 * whose inbox its tests read. A test file runs on one stack from start to end, so files on
 * different workers never see each other's data or mail. The content is made once and copied.
 */
export default async function setup(project: TestProject) {
  const template = path.join(ROOT, ".wrangler", "e2e-state");
  const dir = template;
  rmSync(dir, { recursive: true, force: true });
  migrate(dir, { quiet: true });
  await seed(dir);
  const sessions: Record<string, string> = {};
  const adminPassword = generatePassword();
  const authorPassword = generatePassword();
  {
    const { getPlatformProxy } = await import("wrangler");
    Object.assign(process.env, OFFLINE_ENV);
    const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
    try {
      await upsertAccount(proxy.env.DB, { email: "admin@example.org", password: adminPassword, role: "admin", firstName: "Ada", lastName: "Administrator" });
      await upsertAccount(proxy.env.DB, { email: "author@example.org", password: authorPassword, role: "user", firstName: "Alex", lastName: "Author" });
      // One administrator per console area, each signed in by a session made in D1: the console's
      // tests are not about signing in, and one area's changes never touch another's account.
      for (const area of CONSOLE_AREAS) {
        const email = `${area}.console@example.org`;
        const id = await upsertAccount(proxy.env.DB, { email, password: adminPassword, role: "admin", firstName: "Ada", lastName: "Administrator" });
        sessions[email] = await createSessionRow(proxy.env.DB, id);
      }
      // For the console's User Management tests, whose roles they change.
      await upsertAccount(proxy.env.DB, { email: "member.js@example.org", password: authorPassword, role: "user", firstName: "Mona", lastName: "Member" });
      await upsertAccount(proxy.env.DB, { email: "member.nojs@example.org", password: authorPassword, role: "user", firstName: "Nico", lastName: "Member" });
      for (const who of ["edit.js", "edit.nojs", "gone.js", "gone.nojs"]) {
        await upsertAccount(proxy.env.DB, { email: `${who}@example.org`, password: authorPassword, role: "user", firstName: "Eddie", lastName: who.replace(".", " ") });
      }
      await upsertAccount(proxy.env.DB, { email: "reviewer@example.org", password: authorPassword, role: "reviewer", firstName: "Rita", lastName: "Reviewer" });
      // The submission wizard's authors, one per run (their drafts and papers are their own).
      for (const who of ["submit.js", "submit.nojs"]) {
        const email = `${who}@example.org`;
        const id = await upsertAccount(proxy.env.DB, { email, password: authorPassword, role: "user", firstName: "Sam", lastName: who === "submit.js" ? "Script" : "Plain" });
        sessions[email] = await createSessionRow(proxy.env.DB, id);
      }
      // The wizard's draft kept across sign-ins: authors who sign in with their password, with a profile.
      for (const who of ["resume.js", "resume.nojs"]) {
        await upsertAccount(proxy.env.DB, {
          email: `${who}@example.org`,
          password: authorPassword,
          role: "user",
          firstName: "Rosa",
          lastName: who === "resume.js" ? "Script" : "Plain",
          profile: {
            primaryAffiliation: { institution: "Pennine University", rank: "Lecturer", department: "Finance", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } },
            expertise: [{ category: "I. Corporate Finance", topic: "Capital Structure" }],
          },
        });
      }
      // For the signed-in devices test, which signs its other sessions out.
      for (const email of ["devices-js@example.org", "devices-nojs@example.org"]) {
        await upsertAccount(proxy.env.DB, { email, password: authorPassword, role: "user", firstName: "Dev", lastName: "Ices" });
      }
      for (const email of ["tf-js@example.org", "tf-nojs@example.org"]) {
        await upsertAccount(proxy.env.DB, { email, password: authorPassword, role: "admin", firstName: "Tess", lastName: "Factor" });
      }
    } finally {
      await proxy.dispose();
    }
  }
  const stacks = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, i) => {
      const stateDir = `${template}-${i + 1}`;
      rmSync(stateDir, { recursive: true, force: true });
      cpSync(template, stateDir, { recursive: true });
      const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });
      const worker = await startWorker({ dir: stateDir, smtpPort: mail.smtpPort });
      return { worker, mail, stateDir };
    }),
  );
  project.provide(
    "stacks",
    stacks.map((s) => ({ baseUrl: s.worker.url, mailApi: s.mail.webUrl, stateDir: s.stateDir })),
  );
  project.provide("sessions", sessions);
  project.provide("accounts", { admin: { email: "admin@example.org", password: adminPassword }, author: { email: "author@example.org", password: authorPassword } });
  return async () => {
    await Promise.all(stacks.map(async (s) => {
      await s.worker.stop();
      await s.mail.stop();
    }));
  };
}

/** Test files run two at a time, each on its own stack (the machine has two cores). */
export const E2E_WORKERS = 2;

export const CONSOLE_AREAS = ["users", "edit-user", "board", "news", "conferences"] as const;

declare module "vitest" {
  export interface ProvidedContext {
    stacks: Array<{ baseUrl: string; mailApi: string; stateDir: string }>;
    /** Cookie values of sessions made in D1, by account e-mail. */
    sessions: Record<string, string>;
    accounts: Record<"admin" | "author", { email: string; password: string }>;
  }
}
