import { appendFileSync, cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, migrate, ROOT, seed, startWorker } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";
import { paypalVars, startPayPalFake } from "../../scripts/lib/paypal-fake.mjs";
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
      // Each stack its own local PayPal, whose webhook events go to that stack's site. What
      // wrangler prints stays in the state folder: a test that meets wrangler's own 503
      // ("worker restarted mid-request") names the reload that caused it (stackLog in browser.ts).
      const paypal = await startPayPalFake();
      const worker = await startWorker({ dir: stateDir, smtpPort: mail.smtpPort, vars: paypalVars(paypal), logFile: path.join(stateDir, "wrangler.log") });
      paypal.setWebhookTarget(`${worker.url}/api/paypal/webhook`);
      const bindings = await localBindings(() => getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(stateDir, "v3") } }));
      const factory = await startAccountFactory(bindings);
      return { worker, stateDir, proxy: bindings, factory, paypal };
    }),
  );
  project.provide(
    "stacks",
    stacks.map((s) => ({ baseUrl: s.worker.url, mailApi: mail.webUrl, stateDir: s.stateDir, factoryUrl: s.factory.url, paypalUrl: s.paypal.url })),
  );
  return async () => {
    // A stack whose server died mid-run fails every later test on it with refused connections,
    // hundreds of lines away from why: the reason goes where `npm test` prints it last.
    for (const s of stacks) {
      if (s.worker.child.exitCode === null && s.worker.child.signalCode === null) continue;
      const why = `The stack at ${s.worker.url} exited during the run (code ${s.worker.child.exitCode}, signal ${s.worker.child.signalCode}); wrangler's last output:\n${s.worker.output().slice(-3000)}\n`;
      console.error(`\n${why}`);
      mkdirSync(path.join(ROOT, ".cache", "test-reports"), { recursive: true });
      appendFileSync(path.join(ROOT, ".cache", "test-reports", "stack-exits.txt"), why);
    }
    // A stack's Worker reloaded mid-run answers posts with wrangler's 503 and stalls pages: said
    // here, once, with what wrangler printed around it.
    for (const s of stacks) {
      const log = s.worker.output();
      const at = log.indexOf("Reloading local server");
      if (at >= 0) console.error(`\nThe stack at ${s.worker.url} reloaded its Workers during the run:\n${log.slice(Math.max(0, at - 2000), at + 1000)}\n`);
    }
    await Promise.all(
      stacks.map(async (s) => {
        await s.factory.close();
        await s.proxy.dispose();
        await s.worker.stop();
        await s.paypal.stop();
      }),
    );
    await mail.stop();
  };
}

type AccountRequest = { session?: boolean; role?: string; firstName?: string; lastName?: string; label?: string; email?: string; profile?: Parameters<typeof upsertAccount>[1]["profile"] };

/**
 * Makes accounts in one stack's D1 on request: `POST /accounts` with an AccountRequest answers
 * `{ id, email, password, session }` (no session with `session: false`). A new address unless `email` names an existing account of
 * the demo content (its password is then replaced and its sessions ended).
 * `POST /outbox` with `{ to, template, payload, status, attempts, lastError }` writes an outbox row
 * as the notices Worker leaves one it gave up on (the Outbox tab's Resend), answering `{ id }`.
 * `POST /conferences` makes a conference with papers and authors (`makeConference`).
 * `POST /submission-drafts` gives an account a submission draft at step 2 whose manuscript has been read (`makeSubmissionDraft`).
 */
type Proxy = { env: Record<string, unknown>; dispose(): Promise<void> };
type Bindings = { db: () => D1Database; files: () => R2Bucket; reopen(): Promise<void>; dispose(): Promise<void> };

/**
 * The stack's D1 and R2 as the factory writes them, through wrangler's platform proxy (a workerd
 * of its own). Late in a long run that proxy's connection has been seen to drop ("Network
 * connection lost", then every call failing an assertion of miniflare's): `reopen` starts a new
 * one on the same state, so one lost connection does not fail every later test of the stack.
 */
async function localBindings(open: () => Promise<Proxy>): Promise<Bindings> {
  let proxy = await open();
  return {
    db: () => proxy.env.DB as D1Database,
    files: () => proxy.env.FILES as R2Bucket,
    reopen: async () => {
      await proxy.dispose().catch(() => {});
      proxy = await open();
    },
    dispose: () => proxy.dispose(),
  };
}

/** A lost connection to the platform proxy, as opposed to a refusal of the write itself. */
const PROXY_LOST = /Network connection lost|ERR_ASSERTION|disconnected|ECONNRESET|ECONNREFUSED|fetch failed/;

async function startAccountFactory(bindings: Bindings) {
  let made = 0;
  const makeAccount = async (input: AccountRequest) => {
    const db = bindings.db();
    made += 1;
    const email = input.email ?? `${(input.label ?? "someone").toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${made}.${randomBytes(3).toString("hex")}@example.org`;
    const password = generatePassword();
    const id = await upsertAccount(db, { email, password, role: input.role ?? "user", firstName: input.firstName ?? "Test", lastName: input.lastName ?? "Person", profile: input.profile ?? null });
    const session = input.session === false ? null : await createSessionRow(db, id);
    return { id, email, password, session };
  };
  const makeOutboxRow = async (m: { to: string; template: string; payload: unknown; status: string; attempts: number; lastError: string | null }) => {
    const row = await bindings
      .db()
      .prepare("insert into outbox (template, to_address, payload, status, attempts, last_error) values (?, ?, ?, ?, ?, ?) returning id")
      .bind(m.template, m.to, JSON.stringify(m.payload), m.status, m.attempts, m.lastError)
      .first<{ id: number }>();
    return { id: row!.id };
  };
  const makers: Record<string, (input: never) => Promise<unknown>> = {
    "/accounts": makeAccount,
    "/conferences": (input: ConferenceRequest) => makeConference(bindings.db(), bindings.files(), input),
    "/outbox": makeOutboxRow,
    "/submission-drafts": (input: SubmissionDraftRequest) => makeSubmissionDraft(bindings.db(), bindings.files(), input),
  };
  const server = createServer((req, res) => {
    const maker = req.method === "POST" ? makers[req.url ?? ""] : undefined;
    const make =
      maker &&
      (async (input: never) => {
        try {
          return await whileBusy(() => maker(input));
        } catch (error) {
          if (!PROXY_LOST.test(String(error))) throw error;
          await bindings.reopen();
          return whileBusy(() => maker(input));
        }
      });
    if (!make) return void res.writeHead(404).end();
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      try {
        const made = await make(JSON.parse(body || "{}") as never);
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(made));
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

/**
 * Runs a factory's write again while the serving Worker holds the database (SQLITE_BUSY: the
 * factory writes the same local D1 from another process), up to ten times, waiting longer each time.
 * Under load the local D1 may give the same collision as its own "internal error; reference = …"
 * (seen while making a conference under load): retried alike. A retried write starts over: what a
 * failed one made is left unused (a conference's batch is all or nothing; an account has an address
 * of its own), never handed to a test.
 */
const BUSY = /SQLITE_BUSY|D1_ERROR: Failed to parse body as JSON, got: Error: internal error; reference = /;
async function whileBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 10 || !BUSY.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

type ConferenceRequest = {
  title: string;
  status?: string;
  startDate?: string;
  /** Registration: fees in minor units (null: not offered), enabled unless told, the deadline's day. */
  registration?: { standard: number | null; student: number | null; accompaniedPerson: number | null; currency?: string; enabled?: boolean; deadline?: string | null };
  /** The submission deadline, an instant in milliseconds (none unless told). */
  submissionDeadline?: number | null;
  papers: Array<{
    title: string;
    status?: string;
    /** The account that submitted it (its authors' own accounts are named by `userId`). */
    submitterId?: number;
    /** Store a one-page PDF as the paper's full manuscript. */
    manuscript?: boolean;
    authors: Array<{ firstName: string; lastName: string; email: string; corresponding?: boolean; country?: string; rank?: string; userId?: number }>;
  }>;
};

/** A one-page PDF, as a stored manuscript. */
const TEST_PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/**
 * A conference of a test's own with its papers, their authors (the first corresponding unless
 * told), research areas from the categories' lists and, when asked, a stored PDF manuscript:
 * `POST /conferences` on the factory (`newConference`, `newPaper` in browser.ts). The console's
 * papers tests need papers nobody else touches. One batch, all or nothing.
 */
async function makeConference(db: D1Database, files: R2Bucket, input: ConferenceRequest) {
  const start = input.startDate ?? "2027-06-01";
  const areas = [
    { category: "I. Corporate Finance", topic: "Capital Structure" },
    { category: "I. Corporate Finance", topic: "Agency Theory" },
    { category: "II. Financial Accounting", topic: "Accounting Conservatism" },
  ];
  // The newest conference of the title: a batch the platform proxy sends again after a dropped connection has already
  // made one, and its papers are the second conference's, not a clash with the first's numbers.
  const conferenceId = "(select max(id) from conferences where title = ?)";
  const paperId = `(select id from papers where conference_id = ${conferenceId} and paper_number = ?)`;
  const stored = await Promise.all(
    input.papers.map(async (paper) => {
      if (!paper.manuscript) return null;
      const filename = `${randomBytes(13).toString("hex")}.pdf`;
      await files.put(`manuscript/${filename}`, TEST_PDF, { httpMetadata: { contentType: "application/pdf" } });
      return filename;
    }),
  );
  const now = Date.now();
  const fees = input.registration;
  const statements = [
    db
      .prepare(
        "insert into conferences (title, location, start_date, end_date, status, description, paper_counter, fee_standard, fee_student, fee_accompanied_person, currency, registration_enabled, registration_deadline, submission_deadline, created_at, updated_at) values (?, 'Lisbon, Portugal', ?, ?, ?, '<p>A test conference.</p>', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(input.title, start, start, input.status ?? "open", input.papers.length, fees?.standard ?? null, fees?.student ?? null, fees?.accompaniedPerson ?? null, fees?.currency ?? "EUR", fees?.enabled === false ? 0 : 1, fees?.deadline ?? null, input.submissionDeadline ?? null, now, now),
    ...input.papers.flatMap((paper, n) => [
      db
        .prepare(`insert into papers (conference_id, paper_number, manuscript_type, title, abstract, status, research_areas, submitter_id, submitted_at, updated_at) values (${conferenceId}, ?, 'regular', ?, ?, ?, ?, ?, ?, ?)`)
        .bind(input.title, n, paper.title, `We study ${paper.title.toLowerCase()} across borders.`, paper.status ?? "under_review", JSON.stringify(areas), paper.submitterId ?? null, now - n * 60_000, now),
      ...paper.authors.map((a, i) =>
        db
          .prepare(`insert into paper_authors (paper_id, author_order, first_name, last_name, email, institution, country, rank, is_corresponding, user_id) values (${paperId}, ?, ?, ?, ?, 'Test University', ?, ?, ?, ?)`)
          .bind(input.title, n, i + 1, a.firstName, a.lastName, a.email, a.country ?? "PT", a.rank ?? "Professor", (a.corresponding ?? i === 0) ? 1 : 0, a.userId ?? null),
      ),
      ...(stored[n]
        ? [
            db
              .prepare(`insert into files (kind, filename, r2_key, original_name, content_type, size, paper_id) values ('manuscript', ?, ?, 'original.pdf', 'application/pdf', ?, ${paperId})`)
              .bind(stored[n], `manuscript/${stored[n]}`, TEST_PDF.length, input.title, n),
          ]
        : []),
    ]),
  ];
  await db.batch(statements);
  const made = await db.prepare(`select id, paper_number as n from papers where conference_id = ${conferenceId} order by paper_number`).bind(input.title).all<{ id: number; n: number }>();
  const id = (await db.prepare(`select max(id) as id from conferences where title = ?`).bind(input.title).first<{ id: number }>())!.id;
  return { id, papers: made.results.map((p) => ({ id: p.id, number: `MS${start.slice(2, 4)}~${p.n + 101}`, title: input.papers[p.n]!.title })) };
}

type SubmissionDraftRequest = { userId: number; conferenceId: number; fileName: string; result: Record<string, unknown> };

/**
 * An account's submission draft at step 2, as the wizard leaves it once an upload was read: the
 * conference and type chosen, a stored one-page PDF, and its extraction job complete with
 * `result` (the engine's answer in the shape the extraction Worker stores), not yet poured into
 * the fields. For manuscripts no fixture reads the same way every time (a note naming 25 people).
 */
async function makeSubmissionDraft(db: D1Database, files: R2Bucket, input: SubmissionDraftRequest) {
  const name = `${randomBytes(13).toString("hex")}.pdf`;
  const key = `draft/manuscript/${name}`;
  const jobId = randomBytes(18).toString("base64url");
  await files.put(key, TEST_PDF, { httpMetadata: { contentType: "application/pdf" } });
  const now = Date.now();
  const data = {
    conferenceId: String(input.conferenceId),
    manuscriptType: "regular",
    uploadedFileName: input.fileName,
    uploadedFileSize: TEST_PDF.length,
    extractionJobId: jobId,
    extractionApplied: false,
    submissionKey: randomBytes(18).toString("base64url"),
  };
  await db.batch([
    db
      .prepare("insert into files (kind, filename, r2_key, original_name, content_type, size, uploaded_by, created_at) values ('manuscript', ?, ?, ?, 'application/pdf', ?, ?, ?)")
      .bind(name, key, input.fileName, TEST_PDF.length, input.userId, now),
    db
      .prepare("insert into extraction_jobs (id, user_id, file_id, status, result, created_at, updated_at) values (?, ?, (select id from files where r2_key = ?), 'complete', ?, ?, ?)")
      .bind(jobId, input.userId, key, JSON.stringify(input.result), now, now),
    db
      .prepare("insert into wizard_drafts (id, wizard, user_id, step, data, file_key, created_at, updated_at) values (?, 'submission', ?, 2, ?, ?, ?, ?)")
      .bind(`user:${input.userId}:submission`, input.userId, JSON.stringify(data), key, now, now),
  ]);
  return { jobId };
}

/** Test files run two at a time, each on its own stack (the machine has two cores). */
export const E2E_WORKERS = 2;

declare module "vitest" {
  export interface ProvidedContext {
    stacks: Array<{ baseUrl: string; mailApi: string; stateDir: string; factoryUrl: string; /** The stack's local PayPal (faults: POST {paypalUrl}/__fake/faults). */ paypalUrl: string }>;
  }
}
