/**
 * `npm start`: the whole site locally on embedded defaults. Builds, applies migrations to the
 * local D1, loads the demo content once, starts a local SMTP server with a web inbox, and serves
 * the site under `wrangler dev`. Ctrl-C stops everything.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { build, migrate, OFFLINE_ENV, ROOT, seed, startWorker, stopProcess } from "./lib/local-stack.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 1025);
const INBOX_PORT = Number(process.env.INBOX_PORT ?? 1080);
const STATE = path.join(ROOT, ".wrangler", "state");

console.log("› Building the site …");
build({ quiet: true });
console.log("› Applying migrations to the local D1 …");
migrate(STATE, { quiet: true });
console.log(`› ${(await seed(STATE)) ? "Loaded the demo content." : "Demo content already loaded."}`);

const mail = spawn(path.join(ROOT, "node_modules", ".bin", "maildev"), ["--smtp", String(SMTP_PORT), "--web", String(INBOX_PORT), "--ip", "127.0.0.1", "--silent"], {
  cwd: ROOT,
  env: { ...process.env, ...OFFLINE_ENV },
  stdio: "inherit",
  detached: true,
});

const worker = await startWorker({ dir: STATE, port: PORT, log: "inherit" });

console.log(`
  The society's site is running.

    Site           ${worker.url}
    Mail inbox     http://127.0.0.1:${INBOX_PORT}   (SMTP on 127.0.0.1:${SMTP_PORT})
    Local data     .wrangler/state   (delete it to start again from the demo content)

  Press Ctrl-C to stop.
`);

async function shutdown() {
  await Promise.all([worker.stop(), stopProcess(mail)]);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
