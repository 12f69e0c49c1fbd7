/**
 * `npm start`: the whole site locally on embedded defaults. Builds, applies migrations to the
 * local D1, loads the demo content once, starts a local SMTP server with a web inbox and a local
 * PayPal (scripts/lib/paypal-fake.mjs), and serves the site under `wrangler dev`. Ctrl-C stops everything.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatePassword, upsertAccount } from "./lib/accounts.mjs";
import { startMailServer } from "./lib/mail-server.mjs";
import { paypalVars, startPayPalFake } from "./lib/paypal-fake.mjs";
import { DEMO_ACCOUNTS } from "./demo/content.mjs";
import { build, markServing, migrate, requirePortFree, ROOT, seed, startWorker } from "./lib/local-stack.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const SMTP_PORT = Number(process.env.SMTP_PORT ?? 1025);
const INBOX_PORT = Number(process.env.INBOX_PORT ?? 1080);
const PAYPAL_PORT = Number(process.env.PAYPAL_PORT ?? 8790);
const STATE = path.join(ROOT, ".wrangler", "state");

/**
 * The local site's SESSION_SECRET: made on the first start and kept with the local data, readable
 * by its owner alone, so a member's two-factor set-up and the download links it signs outlive a
 * restart (a fresh secret at every start turned them away). SESSION_SECRET in the environment wins;
 * deleting .wrangler/state starts again with a new one.
 */
function localSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(STATE, "session-secret");
  const kept = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  // (One shorter than the 32 characters the site requires, a file cut short, is made again.)
  if (kept.length >= 32) return kept;
  mkdirSync(STATE, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

await requirePortFree(PORT, "the site", "PORT");
await requirePortFree(SMTP_PORT, "SMTP", "SMTP_PORT");
await requirePortFree(INBOX_PORT, "the mail inbox", "INBOX_PORT");
await requirePortFree(PAYPAL_PORT, "the local PayPal", "PAYPAL_PORT");

markServing();
console.log("› Building the site …");
build({ quiet: true });
console.log("› Applying migrations to the local D1 …");
migrate(STATE, { quiet: true });
console.log(`› ${(await seed(STATE)) ? "Loaded the demo content." : "Demo content already loaded."}`);

// The demo accounts get fresh passwords at every start, printed below.
const accounts = DEMO_ACCOUNTS.map((a) => ({ ...a, password: generatePassword() }));
{
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(STATE, "v3") } });
  try {
    for (const a of accounts) await upsertAccount(proxy.env.DB, a);
  } finally {
    await proxy.dispose();
  }
}

const mail = await startMailServer({ smtpPort: SMTP_PORT, webPort: INBOX_PORT });

// PayPal's servers cannot be reached from here: a local one answers in their place and posts its
// webhook events to the site (README: how to use a PayPal sandbox account instead).
const paypal = await startPayPalFake({ port: PAYPAL_PORT, webhookTarget: `http://127.0.0.1:${PORT}/api/paypal/webhook` });

const worker = await startWorker({ dir: STATE, port: PORT, log: "inherit", smtpPort: SMTP_PORT, vars: { SESSION_SECRET: localSessionSecret(), ...paypalVars(paypal) } });

console.log(`
  The society's site is running.

    Site           ${worker.url}
    Mail inbox     http://127.0.0.1:${INBOX_PORT}   (SMTP on 127.0.0.1:${SMTP_PORT})
    PayPal         ${paypal.url}   (a local stand-in: payments are approved on its own page, no money moves)
    Local data     .wrangler/state   (delete it to start again from the demo content)

    Administrator  ${accounts[0].email}   password ${accounts[0].password}
    Author         ${accounts[1].email}   password ${accounts[1].password}
    (new passwords at every start; more admins: npm run admin:create -- you@example.org)

  This local demo lets administrators sign in with a password alone (ADMIN_TWO_FACTOR=optional).
  A deployed site requires two-factor sign-in for them: the console opens only once it is on.

  Every e-mail the site sends (activation, password reset, …) arrives in the mail inbox above.

  Press Ctrl-C to stop.
`);

async function shutdown() {
  await Promise.all([worker.stop(), mail.stop(), paypal.stop()]);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
