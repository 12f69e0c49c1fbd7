import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/local-stack.mjs";
import { readFileSync } from "node:fs";
const log = readFileSync("/tmp/start.log", "utf8");
const pw = log.match(/Author\s+author@example.org\s+password (\S+)/)[1];
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [name, width] of [["d", 1280], ["m", 390]]) {
  const c = await b.newContext({ baseURL: "http://127.0.0.1:8787", viewport: { width, height: 900 } });
  const p = await c.newPage();
  await p.goto("/login"); await p.screenshot({ path: `/tmp/s-login-${name}.png`, fullPage: true });
  await p.getByLabel("E-mail").fill("author@example.org"); await p.getByLabel("Password").fill(pw);
  await p.getByRole("button", { name: "Login" }).click(); await p.waitForURL(/dashboard/);
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/s-dash-${name}.png`, fullPage: true });
  await p.goto("/profile?tab=affiliations"); await p.screenshot({ path: `/tmp/s-prof-${name}.png`, fullPage: true });
  await p.goto("/profile/two-factor"); await p.getByRole("button", { name: "Set up two-factor sign-in" }).click(); await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/s-2fa-${name}.png`, fullPage: true });
  await p.goto("/dashboard"); await p.waitForTimeout(800);
  await p.getByRole("navigation", { name: "Main" }).getByText("Alex Author").click();
  await p.screenshot({ path: `/tmp/s-menu-${name}.png` });
  await p.getByRole("link", { name: "Logout" }).click(); await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/s-logout-${name}.png` });
  await p.goto("/register?step=1");
  await c.close();
}
await b.close();
