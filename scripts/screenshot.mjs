// Looks at pages as a person would: `node scripts/screenshot.mjs URL OUT.png [width] [--no-js] [--full]`.
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/local-stack.mjs";

const [url, out, width = "1280", ...flags] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 600 ? 800 : 900 }, javaScriptEnabled: !flags.includes("--no-js") });
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: flags.includes("--full") });
await browser.close();
