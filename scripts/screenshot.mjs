// Looks at pages as a person would: `node scripts/screenshot.mjs URL OUT.png [width] [--no-js] [--full]`.
import { chromium } from "playwright-core";

const [url, out, width = "1280", ...flags] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 600 ? 800 : 900 }, javaScriptEnabled: !flags.includes("--no-js") });
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: flags.includes("--full") });
await browser.close();
