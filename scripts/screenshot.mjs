// Looks at pages as a person would:
//   node scripts/screenshot.mjs URL OUT.png [width] [--no-js] [--full] [--login=EMAIL:PASSWORD] [--click=SELECTOR]...
// --login signs in first (on the same origin); each --click clicks a selector before the picture.
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/local-stack.mjs";

const [url, out, width = "1280", ...flags] = process.argv.slice(2);
const option = (name) => flags.filter((f) => f.startsWith(`--${name}=`)).map((f) => f.slice(name.length + 3));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 600 ? 800 : 900 }, javaScriptEnabled: !flags.includes("--no-js") });
const page = await context.newPage();
for (const login of option("login")) {
  const [email, password] = login.split(":");
  await page.goto(new URL("/login", url).href);
  await page.fill("#email", email);
  await page.fill("#password", password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.click("form[aria-label=Login] button[type=submit]")]);
}
await page.goto(url, { waitUntil: "networkidle" });
for (const selector of option("click")) {
  await page.click(selector);
  await page.waitForTimeout(400);
}
await page.screenshot({ path: out, fullPage: flags.includes("--full") });
await browser.close();
