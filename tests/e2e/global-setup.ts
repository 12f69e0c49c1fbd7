import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, migrate, ROOT, seed, startWorker } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";
import { createSessionRow, generatePassword, upsertAccount } from "../../scripts/lib/accounts.mjs";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { OFFLINE_ENV } from "../../scripts/lib/local-stack.mjs";

/**
 * Stacks for the end-to-end tests, one per test worker (vitest.e2e.config.ts runs two test files
 * at a time): each a fresh local D1 and R2 with the demo content, the web, notices and extraction
 * Workers under one `wrangler dev`. A test file runs on one stack from start to end, so files on
 * different workers never see each other's data. The content is made once and copied.
 *
 * One SMTP server (maildev) takes every stack's mail: maildev keeps its SMTP server, web server and
 * inbox in module-level singletons, so a second instance in this process shares the first one's
 * inbox and, on close, closes only the last one's servers (the first then held the run open:
 * "close timed out … something prevents Vite server from exiting"). Tests tell their mail apart
 * by recipient: every account a test uses is its own (the account factory below).
 *
 * No account is made here. Each stack has an account factory (`POST /accounts` on `factoryUrl`,
 * `newAccount` in browser.ts): a fresh account with a unique address, a generated password and a session
 * cookie, written into that stack's D1 while it serves.
 */
export default async function setup(project: TestProject) {
  const template = path.join(ROOT, ".wrangler", "e2e-state");
  rmSync(template, { recursive: true, force: true });
  migrate(template, { quiet: true });
  await seed(template);
  const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });
  Object.assign(process.env, OFFLINE_ENV);
  const { getPlatformProxy } = await import("wrangler");
  const stacks = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, i) => {
      const stateDir = `${template}-${i + 1}`;
      rmSync(stateDir, { recursive: true, force: true });
      cpSync(template, stateDir, { recursive: true });
      const worker = await startWorker({ dir: stateDir, smtpPort: mail.smtpPort });
      const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(stateDir, "v3") } });
      const factory = await startAccountFactory(proxy.env.DB as D1Database, proxy.env.FILES as R2Bucket);
      return { worker, stateDir, proxy, factory };
    }),
  );
  project.provide(
    "stacks",
    stacks.map((s) => ({ baseUrl: s.worker.url, mailApi: mail.webUrl, stateDir: s.stateDir, factoryUrl: s.factory.url })),
  );
  return async () => {
    await Promise.all(
      stacks.map(async (s) => {
        await s.factory.close();
        await s.proxy.dispose();
        await s.worker.stop();
      }),
    );
    await mail.stop();
  };
}

type AccountRequest = { session?: boolean; role?: string; firstName?: string; lastName?: string; label?: string; email?: string; profile?: Parameters<typeof upsertAccount>[1]["profile"] };

/**
 * Makes accounts in one stack's D1 on request: `POST /accounts` with an AccountRequest answers
 * `{ id, email, password, session }` (no session with `session: false`). A new address unless `email` names an existing account of
 * the demo content (its password is then replaced and its sessions ended). `POST /papers` makes a
 * conference of the test's own with one paper, its authors and a stored manuscript (`makePaper`).
 */
async function startAccountFactory(db: D1Database, files: R2Bucket) {
  let made = 0;
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/papers") return void answerWith(req, res, async (input) => makePaper(db, files, input as PaperRequest, ++made));
    if (req.method !== "POST" || req.url !== "/accounts") return void res.writeHead(404).end();
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      try {
        const input = JSON.parse(body || "{}") as AccountRequest;
        made += 1;
        const email = input.email ?? `${(input.label ?? "someone").toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${made}.${randomBytes(3).toString("hex")}@example.org`;
        const password = generatePassword();
        const id = await upsertAccount(db, { email, password, role: input.role ?? "user", firstName: input.firstName ?? "Test", lastName: input.lastName ?? "Person", profile: input.profile ?? null });
        const session = input.session === false ? null : await createSessionRow(db, id);
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ id, email, password, session }));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function answerWith(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, make: (input: unknown) => Promise<unknown>) {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", async () => {
    try {
      const made = await make(JSON.parse(body || "{}"));
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(made));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}

type PaperRequest = { label?: string; authors?: Array<{ firstName: string; lastName: string; email: string; country?: string; rank?: string }> };

/**
 * A conference of its own (status open, a year ahead) with one paper under review: its authors
 * (the first corresponding), research areas from the categories' lists and a one-page PDF manuscript.
 */
async function makePaper(db: D1Database, files: R2Bucket, input: PaperRequest, n: number) {
  const tag = `${(input.label ?? "paper").replace(/[^A-Za-z0-9 ]+/g, "")} ${n}.${randomBytes(2).toString("hex")}`;
  const year = new Date().getUTCFullYear() + 1;
  const areas = [
    { category: "I. Corporate Finance", topic: "Capital Structure" },
    { category: "I. Corporate Finance", topic: "Agency Theory" },
    { category: "II. Financial Accounting", topic: "Accounting Conservatism" },
  ];
  const authors = input.authors ?? [
    { firstName: "Ada", lastName: "Lovelace", email: `ada.${n}@example.org`, country: "GB", rank: "Professor" },
    { firstName: "Bo", lastName: "Chen", email: `bo.${n}@example.org`, country: "CN", rank: "Lecturer" },
  ];
  const filename = `${randomBytes(13).toString("hex")}.pdf`;
  const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  await files.put(`manuscript/${filename}`, pdf, { httpMetadata: { contentType: "application/pdf" } });
  const title = `Paper ${tag}`;
  const paperId = "(select id from papers where title = ?)";
  // One batch (all or nothing), retried while the serving Worker holds the database.
  const write = () =>
    db.batch([
      db
        .prepare("insert into conferences (title, location, start_date, end_date, status, description, paper_counter) values (?, 'Testville', ?, ?, 'open', '<p>A test conference.</p>', 1)")
        .bind(`Conference ${tag}`, `${year}-06-01`, `${year}-06-03`),
      db
        .prepare("insert into papers (conference_id, paper_number, manuscript_type, title, abstract, research_areas) values ((select id from conferences where title = ?), 0, 'regular', ?, ?, ?)")
        .bind(`Conference ${tag}`, title, "We study how firms choose their capital structure across borders.", JSON.stringify(areas)),
      ...authors.map((a, i) =>
        db
          .prepare(`insert into paper_authors (paper_id, author_order, first_name, last_name, email, institution, rank, country, is_corresponding) values (${paperId}, ?, ?, ?, ?, 'Test University', ?, ?, ?)`)
          .bind(title, i + 1, a.firstName, a.lastName, a.email, a.rank ?? null, a.country ?? null, i === 0 ? 1 : 0),
      ),
      db
        .prepare(`insert into files (kind, filename, r2_key, original_name, content_type, size, paper_id) values ('manuscript', ?, ?, 'original.pdf', 'application/pdf', ?, ${paperId})`)
        .bind(filename, `manuscript/${filename}`, pdf.length, title),
    ]);
  for (let attempt = 1; ; attempt++) {
    const failed = await write().then(
      () => null,
      (error: unknown) => error,
    );
    if (!failed) break;
    if (attempt >= 10 || !/SQLITE_BUSY/.test(String(failed))) throw failed;
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
  const ids = await db.prepare(`select conference_id as conferenceId, id as paperId from papers where title = ?`).bind(title).first<{ conferenceId: number; paperId: number }>();
  return { ...ids!, title };
}

/** Test files run two at a time, each on its own stack (the machine has two cores). */
export const E2E_WORKERS = 2;

declare module "vitest" {
  export interface ProvidedContext {
    stacks: Array<{ baseUrl: string; mailApi: string; stateDir: string; factoryUrl: string }>;
  }
}
