import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/local-stack.mjs";

/**
 * The stack this test file runs against: one per test worker (global-setup.ts), chosen by the
 * worker's number, so a file keeps its stack from start to end.
 */
export function stack() {
  const stacks = inject("stacks");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return stacks[(worker - 1) % stacks.length]!;
}

export const baseUrl = () => stack().baseUrl;

/**
 * The last lines wrangler printed for this file's stack: put in an assertion's message where an
 * answer may be wrangler's own (its proxy's 503 while the Worker reloads), so a failure says why.
 */
export function stackLog(lines = 40) {
  try {
    return readFileSync(`${stack().stateDir}/wrangler.log`, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no wrangler log)";
  }
}

/** An account made for one test by its stack's account factory (global-setup.ts), with a session. */
export type Account = { id: number; email: string; password: string; session: string };

/**
 * A fresh account for this test: a unique address (starting with `label`), a generated password
 * and a session cookie made in D1 (none with `session: false`). `email` instead re-passwords an account of the demo content.
 */
export async function newAccount(input: { session?: boolean; role?: "user" | "admin" | "reviewer" | "moderator"; label?: string; firstName?: string; lastName?: string; email?: string; profile?: unknown } = {}): Promise<Account> {
  const response = await fetch(`${stack().factoryUrl}/accounts`, { method: "POST", body: JSON.stringify(input) });
  if (!response.ok) throw new Error(`the account factory failed: ${await response.text()}`);
  return (await response.json()) as Account;
}

/** A conference of this test's own with papers and authors, made in the stack's D1 (global-setup.ts). */
export async function newConference(input: {
  title: string;
  status?: string;
  startDate?: string;
  registration?: { standard: number | null; student: number | null; accompaniedPerson: number | null; currency?: string; enabled?: boolean; deadline?: string | null };
  submissionDeadline?: number | null;
  papers: Array<{
    title: string;
    status?: string;
    manuscript?: boolean;
    submitterId?: number;
    authors: Array<{ firstName: string; lastName: string; email: string; corresponding?: boolean; country?: string; rank?: string; userId?: number }>;
  }>;
}): Promise<{ id: number; papers: Array<{ id: number; number: string; title: string }> }> {
  const response = await fetch(`${stack().factoryUrl}/conferences`, { method: "POST", body: JSON.stringify(input) });
  if (!response.ok) throw new Error(`the conference factory failed: ${await response.text()}`);
  return (await response.json()) as { id: number; papers: Array<{ id: number; number: string; title: string }> };
}

/** An outbox row written in this stack's D1 as the notices Worker leaves one it gave up on (status dead). */
export async function deadMail(input: { to: string; template: string; payload: unknown; attempts?: number; lastError?: string }): Promise<{ id: number }> {
  const response = await fetch(`${stack().factoryUrl}/outbox`, { method: "POST", body: JSON.stringify({ status: "dead", attempts: 7, lastError: "The SMTP server closed the connection.", ...input }) });
  if (!response.ok) throw new Error(`the outbox factory failed: ${await response.text()}`);
  return (await response.json()) as { id: number };
}

/**
 * A browser context already signed in as `account`, through its session made in D1: for tests
 * that are not about signing in (the sign-in tests go through the form).
 */
export async function signedInContext(browser: Browser, account: Account, opts: { js?: boolean; viewport?: ViewportName } = {}) {
  const context = await newContext(browser, opts);
  await context.addCookies([{ name: "session", value: account.session, url: baseUrl(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/**
 * A new browser signed in through the login form with a password, as a returning author signs
 * in: lands on `redirectTo` (the page may send it on, `lands` says where it may end up).
 */
export async function passwordSignIn(browser: Browser, email: string, password: string, opts: { js?: boolean; viewport?: ViewportName; redirectTo: string; lands: RegExp }) {
  const js = opts.js ?? true;
  const context = await newContext(browser, { js, viewport: opts.viewport });
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(opts.redirectTo)}`, { waitUntil: "domcontentloaded" });
  if (js) await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await Promise.all([page.waitForURL(opts.lands), page.getByRole("button", { name: "Login" }).click()]);
  if (js) await waitForHydration(page);
  return { context, page };
}

export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newContext(browser: Browser, { js = true, viewport = "desktop" as ViewportName } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  context.on("page", trackRequests);
  return context;
}

/**
 * Fails the test on any console error or uncaught exception the page raises. `expectStatuses`
 * names answers the test provokes on purpose (a refused form is a 400, a wrong password a 401):
 * Chromium logs those as console errors too.
 */
export function watchErrors(page: Page, { expectStatuses = [] as number[] } = {}) {
  const expected = new RegExp(`status of (${[404, 503, ...expectStatuses].join("|")})\\b`);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !expected.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return () => expect(errors, errors.join("\n")).toEqual([]);
}

/** Requests a page has started and not finished: named in timeouts, to show what stalled. */
const pendingByPage = new WeakMap<Page, Set<string>>();
/** The pages open now, named with a failed test's error (on-failure.ts). */
const openPages = new Set<Page>();
export function trackRequests(page: Page) {
  const pending = new Set<string>();
  pendingByPage.set(page, pending);
  openPages.add(page);
  page.on("close", () => openPages.delete(page));
  page.on("request", (r) => pending.add(`${r.method()} ${r.url()}`));
  page.on("requestfinished", (r) => pending.delete(`${r.method()} ${r.url()}`));
  page.on("requestfailed", (r) => pending.delete(`${r.method()} ${r.url()}`));
}

/**
 * Each open page's address, the requests it still waits for and the start of what it shows:
 * what a timeout waited on.
 */
export async function openPagesNow() {
  // (A page mid-navigation may not answer at all: what it shows is given up on after a few seconds.)
  const within = <T,>(ms: number, work: Promise<T>, otherwise: T) => Promise.race([work.catch(() => otherwise), new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);
  return Promise.all(
    [...openPages].map(async (page) => {
      const pending = [...(pendingByPage.get(page) ?? [])];
      const read = async () => {
        const main = page.locator("main").first();
        const text = await ((await main.count()) ? main : page.locator("body")).innerText({ timeout: 2_000 });
        return text.replace(/\s+/g, " ").trim().slice(0, 240);
      };
      const shown = await within(3_000, read(), "(not readable)");
      return `${page.url()} (requests pending: ${pending.join(", ") || "none"}; shows: ${shown})`;
    }),
  );
}

/** A page after a navigation or a post: loaded, and with JavaScript on, hydrated. */
export async function settle({ page, js }: { page: Page; js: boolean }) {
  await page.waitForLoadState("domcontentloaded");
  if (js) await waitForHydration(page);
}

/** Once a page has hydrated, React has attached its handlers. */
export async function waitForHydration(page: Page) {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true,
      undefined,
      { timeout: 20_000 },
    );
  } catch (error) {
    const pending = [...(pendingByPage.get(page) ?? [])];
    throw new Error(`The page did not hydrate; requests still pending: ${pending.join(", ") || "none"}`, { cause: error });
  }
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// The axe-core that @axe-core/playwright (the declared dependency) brings.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe with the WCAG 2.0, 2.1 and 2.2 A and AA rules: zero violations. axe-core runs in the page
 * itself (injected once per document), reporting violations only. @axe-core/playwright's
 * `analyze()` opened a second, blank page for every scan and injected axe into both, which made a
 * scan take 4 to 5 s on a loaded two-core machine where this takes about one.
 */
export async function expectAccessible(page: Page) {
  // From the top, as the page arrives: the sticky header over a button scrolled past is not a small target.
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      return (await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })).violations;
    },
    AXE_TAGS,
  );
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`);
  expect(summary, summary.join("\n")).toEqual([]);
}

/**
 * Playwright cannot evaluate scripts in a page with JavaScript disabled, and axe is a script. So
 * a no-JS page is checked in a twin: the same URL with the application's scripts blocked, which
 * leaves exactly the server-rendered document a browser without JavaScript shows.
 */
export async function openScriptless(browser: Browser, path: string, viewport: ViewportName) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "load" }); // with its style sheet, for the contrast rules
  return { page, close: () => context.close() };
}

/** Nothing sticks out sideways at this width. */
export async function expectNoHorizontalOverflow(page: Page) {
  await page.waitForLoadState("load"); // the style sheet applied
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * Twin pages, one per browser and width, kept open: a fresh context for every scan cost about a
 * second, and axe ran slower in it than in a page it had run in before.
 */
type Twin = { page: Page; documents: Map<string, string> };
const twins = new WeakMap<Browser, Map<ViewportName, Promise<Twin>>>();

async function openTwin(browser: Browser, viewport: ViewportName): Promise<Twin> {
  const documents = new Map<string, string>();
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await context.route(
    (url) => documents.has(url.href),
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: documents.get(route.request().url())! }),
  );
  return { page: await context.newPage(), documents };
}

/**
 * Axe on the page as it is now: the page itself with JavaScript; without, its scriptless twin,
 * the very document the page shows (after a refused post too, which a fresh request would not
 * show) served again at its own address with the application's scripts blocked, since Playwright
 * cannot run axe in a page with JavaScript disabled (see openScriptless).
 */
export async function expectAccessibleAsShown(browser: Browser, page: Page, { js, viewport = "desktop" as ViewportName }: { js: boolean; viewport?: ViewportName }) {
  if (js) return expectAccessible(page);
  let byWidth = twins.get(browser);
  if (!byWidth) twins.set(browser, (byWidth = new Map()));
  if (!byWidth.has(viewport)) byWidth.set(viewport, openTwin(browser, viewport));
  const twin = await byWidth.get(viewport)!;
  // Without its fragment: a request carries none, and a new fragment alone would not reload the twin.
  const url = page.url().replace(/#.*$/, "");
  twin.documents.clear();
  twin.documents.set(url, await page.content());
  await twin.page.goto(url, { waitUntil: "load" }); // with its style sheet, for the contrast rules
  await expectAccessible(twin.page);
}

/** A conference of this test's own with one paper under review, two authors and a stored manuscript (`newConference`). */
export async function newPaper(input: { label?: string } = {}): Promise<{ conferenceId: number; paperId: number; title: string }> {
  const tag = `${(input.label ?? "paper").replace(/[^A-Za-z0-9 ]+/g, "")} ${crypto.randomUUID().slice(0, 6)}`;
  const year = new Date().getUTCFullYear() + 1;
  const conference = await newConference({
    title: `Conference ${tag}`,
    startDate: `${year}-06-01`,
    papers: [
      {
        title: `Paper ${tag}`,
        manuscript: true,
        authors: [
          { firstName: "Ada", lastName: "Lovelace", email: `ada.${tag.replace(/ /g, ".")}@example.org`.toLowerCase(), country: "GB", rank: "Professor" },
          { firstName: "Bo", lastName: "Chen", email: `bo.${tag.replace(/ /g, ".")}@example.org`.toLowerCase(), country: "CN", rank: "Lecturer" },
        ],
      },
    ],
  });
  return { conferenceId: conference.id, paperId: conference.papers[0]!.id, title: conference.papers[0]!.title };
}
