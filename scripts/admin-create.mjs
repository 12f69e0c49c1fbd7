/**
 * `npm run admin:create -- someone@example.org [--name "First Last"] [--remote]`
 *
 * Makes an administrator account (or turns an existing account into one) with a generated
 * password, printed once. Locally it writes to the D1 that `npm start` uses; with --remote,
 * to the deployed D1 through `wrangler d1 execute`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { generatePassword, hashPassword, upsertAccount } from "./lib/accounts.mjs";
import { migrate, OFFLINE_ENV, ROOT } from "./lib/local-stack.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, remote: { type: "boolean", default: false }, state: { type: "string" } },
});
const email = positionals[0] ?? "";
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("Usage: npm run admin:create -- someone@example.org [--name \"First Last\"] [--remote]");
  process.exit(2);
}
const [firstName = "Site", ...rest] = (values.name ?? "Site Administrator").split(" ");
const lastName = rest.join(" ") || "Administrator";
const password = generatePassword();

if (values.remote) {
  const hash = await hashPassword(password);
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
  const now = Date.now();
  const address = email.toLowerCase();
  const sql = `insert into users (email, username, password_hash, role, status, email_confirmed_at, salutation, first_name, last_name, created_at, updated_at)
    values (${q(address)}, ${q(address)}, ${q(hash)}, 'admin', 'active', ${now}, 'Dr.', ${q(firstName)}, ${q(lastName)}, ${now}, ${now})
    on conflict (email) do update set password_hash = excluded.password_hash, role = 'admin', status = 'active', deleted_at = null, updated_at = ${now};
    delete from sessions where user_id = (select id from users where email = ${q(address)});`;
  const r = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--remote", "--command", sql], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else {
  const state = values.state ?? path.join(ROOT, ".wrangler", "state");
  migrate(state, { quiet: true });
  const { getPlatformProxy } = await import("wrangler");
  Object.assign(process.env, OFFLINE_ENV);
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(state, "v3") } });
  try {
    await upsertAccount(proxy.env.DB, { email, password, role: "admin", firstName, lastName });
  } finally {
    await proxy.dispose();
  }
}

console.log(`\nAdministrator ready.\n  E-mail:   ${email.toLowerCase()}\n  Password: ${password}\n\nThe password is shown only now. Sign in and change it under Profile → Password.\n`);
