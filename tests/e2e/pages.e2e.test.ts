import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoHorizontalOverflow, launch, newContext, VIEWPORTS, type ViewportName, waitForHydration } from "./browser";

/**
 * Every public page and state, as the demo content shows them (conference 1 is the Open one with
 * files and eight photos, news 1 has files and a future date, news 6 is a draft), with JavaScript
 * on and off, at phone and desktop widths, each scanned by axe; and the account pages visitors see.
 */
const PAGES: Array<{ path: string; status: number; heading: string | RegExp; text?: string[]; dialog?: RegExp }> = [
  { path: "/", status: 200, heading: "Welcome to the Multinational Finance Society", text: ["Upcoming Conference", "Submit Manuscript", "Latest News", "28"] },
  { path: "/society", status: 200, heading: "About the Society", text: ["Our Mission", "Key Highlights"] },
  { path: "/membership", status: 200, heading: "Membership", text: ["80 euros", "Benefits"] },
  { path: "/journal", status: 200, heading: "Multinational Finance Journal", text: ["Aims & Scope", "Since 1997"] },
  { path: "/journal?tab=editorial-board", status: 200, heading: "Multinational Finance Journal", text: ["Editor-in-Chief"] },
  { path: "/journal?tab=open-access", status: 200, heading: "Multinational Finance Journal", text: ["CC BY-NC 4.0"] },
  { path: "/journal?tab=ethics", status: 200, heading: "Multinational Finance Journal", text: ["Publication Ethics"] },
  { path: "/journal?tab=submission", status: 200, heading: "Multinational Finance Journal", text: ["EUR 50.00", "manager@example.org"] },
  { path: "/journal?tab=guide", status: 200, heading: "Multinational Finance Journal", text: ["at most 150 words", "4 to 6 keywords"] },
  { path: "/society/board", status: 200, heading: "Board of Directors", text: ["Period 2024-2025", "To Be Announced", "Past Presidents"] },
  { path: "/society/board?period=2010-2011", status: 200, heading: "Board of Directors", text: ["has not been published yet"] },
  { path: "/society/board?period=1900-1901", status: 404, heading: "Board Period Not Found" },
  { path: "/conferences", status: 200, heading: "Conferences", text: ["Upcoming", "Past", "View Details"] },
  { path: "/conferences/1", status: 200, heading: /Annual Conference of the Multinational Finance Society/, text: ["Conference Materials", "Call for Papers.pdf", "Photo Gallery", "Keynote Speakers", "Google Calendar"] },
  { path: "/conferences/3", status: 200, heading: /Annual Conference/, text: ["Ended", "Final Programme.pdf"] },
  { path: "/conferences/1?slide=1&photo=__first__", status: 200, heading: /Annual Conference/, text: ["Download"], dialog: /Photo 1 of 8/ },
  { path: "/conferences/424242", status: 404, heading: "Conference Not Found", text: ["Return to Home"] },
  { path: "/news/1", status: 200, heading: "Call for papers: the annual conference in Porto", text: ["Conference", "Register", "Call for Papers.pdf", "Contact Information"] },
  { path: "/news/7", status: 200, heading: "Conference in Gdańsk: programme", text: ["Archived"] },
  { path: "/news/6", status: 404, heading: "News Not Found" },
  { path: "/news", status: 200, heading: "News", text: ["Published", "Event date", "Read More"] },
  { path: "/news?page=9", status: 404, heading: "Page Not Found", text: ["There is no such page of news."] },
  { path: "/activate-account?email=someone%40example.org", status: 200, heading: "Send the activation e-mail again", text: ["Send activation e-mail"] },
  { path: "/no-such-page", status: 404, heading: "Page Not Found" },
  { path: "/api-reference", status: 200, heading: "API reference", text: ["POST /api/auth/login", "Who may call it: Signed in", "/api/openapi.json"] },
  // The account pages a visitor sees (signed-in pages are walked in accounts.e2e.test.ts).
  { path: "/login", status: 200, heading: "Login", text: ["Forgot password?", "Create an account"] },
  { path: "/register", status: 200, heading: "Create your account", text: ["Step 1 of 4", "Already have an account?"] },
  { path: "/registration-confirmation", status: 200, heading: "Check your e-mail", text: ["Go to Login"] },
  { path: "/activate-account?token=bad", status: 200, heading: "Account activation", text: ["Invalid activation link. Token parameter is missing or malformed."] },
  { path: "/forgot-password", status: 200, heading: "Forgot password", text: ["Send reset link"] },
  { path: "/reset-password", status: 200, heading: "Reset password", text: ["Missing or invalid reset token."] },
  { path: "/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 200, heading: "Reset password", text: ["Retype new password"] },
];

let browser: Browser;
let firstPhoto = "";
beforeAll(async () => {
  browser = await launch();
  const html = await (await fetch(`${baseUrl()}/conferences/1`)).text();
  firstPhoto = decodeURIComponent(/photo=([^&#"]+)/.exec(html)?.[1] ?? "");
});
afterAll(() => browser?.close());

/**
 * Each rendering once in its own browser page, reused from page to page (no isolation is needed
 * to read public pages). With JavaScript the page itself, hydrated; without, the page with the
 * application's scripts blocked: exactly the server's document, and, unlike a page with
 * JavaScript turned off, one Playwright can measure and axe can scan (see openScriptless).
 *
 * Axe scans each page twice, not four times: with JavaScript at desktop width and without at
 * phone width. The markup is the same at both widths, and the same with and without JavaScript
 * except where the page's script changes it (an opened photo is a dialog with JavaScript and a
 * section of the page without), so every distinct rendering is scanned, and each width too.
 * Every rendering is measured for sideways overflow at its width.
 */
const RENDERINGS: Array<{ js: boolean; viewport: ViewportName; scan: boolean }> = [
  { js: true, viewport: "desktop", scan: true },
  { js: false, viewport: "desktop", scan: false },
  { js: true, viewport: "phone", scan: false },
  { js: false, viewport: "phone", scan: true },
];

describe.each(RENDERINGS)("JavaScript $js, $viewport", ({ js, viewport, scan }) => {
  let page: Page;
  let context: BrowserContext;
  let errors: string[] = [];
  beforeAll(async () => {
    if (js) {
      context = await newContext(browser, { js, viewport });
    } else {
      context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    }
    page = await context.newPage();
    // With JavaScript, an error the page raises fails its test (Chromium logs the page's own 404s
    // as console errors: those are expected). Without, the blocked scripts are logged as failed loads.
    if (!js) return;
    page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 404\b/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
  });
  afterAll(() => context?.close());

  it.each(PAGES)("$path", async ({ path: template, status, heading, text = [], dialog }) => {
    errors = [];
    const path = template.replace("__first__", firstPhoto);
    // With its style sheet ("load"), for the overflow and contrast checks.
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status()).toBe(status);
    if (js) await waitForHydration(page);
    await expect(page.locator("h1").first().textContent()).resolves.toMatch(heading);
    // With JavaScript an opened photo is a modal dialog; without, a section of the page.
    if (dialog && js) await expect(page.getByRole("dialog").textContent()).resolves.toMatch(dialog);
    const body = await page.locator("body").innerText();
    for (const t of text) expect(body, t).toContain(t);
    await expectNoHorizontalOverflow(page);
    if (scan || dialog) await expectAccessible(page);
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

/**
 * Every answer carries the same security headers, whether the Worker made
 * it (a page, a refusal of an over-long address) or Workers Assets served a file before the
 * Worker ran (`public/_headers`).
 */
describe("one set of security headers on every answer", () => {
  const SECURITY = ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "cross-origin-resource-policy", "permissions-policy"];
  const securityOf = (r: Response) => Object.fromEntries(SECURITY.map((h) => [h, r.headers.get(h)]));

  it("gives static assets, pages and a 414 the same headers, and assets HSTS", async () => {
    const page = await fetch(`${baseUrl()}/`);
    await page.text();
    expect(Object.values(securityOf(page)).every(Boolean)).toBe(true);
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)![1];
    for (const path of ["/favicon.svg", asset!]) {
      const r = await fetch(`${baseUrl()}${path}`);
      expect(r.status, path).toBe(200);
      await r.arrayBuffer();
      expect(securityOf(r), path).toEqual(securityOf(page));
      // Browsers ignore HSTS over plain HTTP (the local stack), so assets may send it always.
      expect(r.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
    }
    const long = await fetch(`${baseUrl()}/conferences?q=${"x".repeat(5000)}`);
    expect(long.status).toBe(414);
    await long.text();
    expect(securityOf(long)).toEqual(securityOf(page));
  });
});
