import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../fixtures/text-pdf";
import { expectAccessibleAsShown, launch, newAccount, signedInContext, waitForHydration, watchErrors, type ViewportName } from "./browser";
import { chooseThreeAreas, completeAuthorCards, MANUSCRIPTS } from "./wizard";

/**
 * What the wizard asks besides the spec's fields, in Chromium with JavaScript (desktop) and
 * without (phone): keywords and JEL codes pre-filled from a real manuscript, kept and shown in My
 * Submissions; a blind copy whose first page names the author, warned of on its step and in the
 * summary, then downloadable; the last look before Submit with a link back to a step, then Submit.
 * Axe checks every state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const TITLE = "Supplier Concentration and the Cost of Trade Credit: Evidence from Mandatory Payment-Term Disclosure";

type Run = { page: Page; context: BrowserContext; js: boolean; viewport: ViewportName };
const a11y = (run: Run) => expectAccessibleAsShown(browser, run.page, run);

async function next(run: Run, to: number) {
  await Promise.all([run.page.waitForURL(new RegExp(`step=${to}`), { timeout: 60_000 }), run.page.getByRole("button", { name: "Next" }).click()]);
  if (run.js) await waitForHydration(run.page);
}

describe.each([
  [true, "desktop"],
  [false, "phone"],
] as const)("keywords, the blind copy and the last look, JavaScript %s on %s", (js, viewport) => {
  it("pre-fills keywords and JEL codes, warns of a blind copy that names the author, and submits after the summary", async () => {
    const lastName = js ? "Blindscript" : "Blindplain";
    const author = await newAccount({ label: js ? "review.js" : "review.nojs", firstName: "Ada", lastName });
    const context = await signedInContext(browser, author, { js, viewport });
    const page = await context.newPage();
    const run: Run = { page, context, js, viewport };
    const noErrors = js ? watchErrors(page) : () => {};
    await page.goto("/dashboard?tab=submit&step=1", { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await page.locator("#conferenceId").selectOption({ index: 1 });
    await page.locator("#manuscriptType").selectOption("regular");
    await next(run, 2);

    // Step 2: the manuscript, then a blind copy whose first page still names the author.
    await page.locator("#manuscript").setInputFiles(path.join(MANUSCRIPTS, "01.pdf"));
    if (!js) await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByText(/Extraction complete/).isVisible(), { timeout: 60_000 }).toBe(true);
    const blind = textPdf([TITLE, `Ada ${lastName}, Pennine University`, "Abstract", "We study trade credit and supplier concentration.", "1. Introduction", "The text of the paper."]);
    await page.locator("#blindCopy").setInputFiles({ name: "blind.pdf", mimeType: "application/pdf", buffer: Buffer.from(blind) });
    if (!js) await page.getByRole("button", { name: "Upload" }).click();
    const warning = page.getByText("The blind copy may reveal who wrote the paper.");
    await expect.poll(() => warning.isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.locator(".blind-copy").textContent()).toContain(`Ada ${lastName}`);
    await expect.poll(() => page.getByText("blind.pdf", { exact: true }).isVisible()).toBe(true);
    await a11y(run);
    await next(run, 3);

    // Step 3: keywords and JEL codes as the manuscript prints them, with where they were found.
    await expect.poll(() => page.locator("#keywords").inputValue()).toBe("Trade credit, Supplier concentration, Payment terms, Disclosure regulation, Bargaining power");
    await expect.poll(() => page.locator("#jelCodes").inputValue()).toBe("G32, G31, L14, M48");
    await expect.poll(() => page.locator("#jelCodes-hint").textContent()).toMatch(/Filled in from your manuscript/);
    // A code the classification has not: refused on its field.
    await page.locator("#jelCodes").fill("G32, X99");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.locator("#jelCodes-error").textContent()).toBe('"X99" is not a JEL code: a JEL code is a letter and one or two digits, such as G12 or E44.');
    await a11y(run);
    await page.locator("#jelCodes").fill("g32 g31");
    await next(run, 4);

    await chooseThreeAreas(page, js);
    await next(run, 5);

    // Step 5: every card completed, then the last look instead of a submission.
    const cards = page.locator(".author-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    await completeAuthorCards(page);
    await Promise.all([page.waitForURL(/review=1/, { timeout: 30_000 }), page.getByRole("button", { name: "Review and submit" }).click()]);
    if (js) await waitForHydration(page);
    const summary = page.locator(".submission-summary");
    await expect.poll(() => summary.getByRole("heading", { name: "Check your submission" }).isVisible()).toBe(true);
    for (const text of [TITLE, "JEL codes", "G32, G31", "Trade credit, Supplier concentration", "Capital Structure", "01.pdf", "blind.pdf", "The blind copy may reveal who wrote the paper."]) {
      await expect.poll(() => summary.textContent()).toContain(text);
    }
    await a11y(run);

    // A link back to a step, and on again to the summary.
    await Promise.all([page.waitForURL(/step=3$/), summary.getByRole("link", { name: "Change title and abstract" }).click()]);
    if (js) await waitForHydration(page);
    await expect.poll(() => page.locator("#jelCodes").inputValue()).toBe("G32, G31");
    await page.locator("#keywords").fill("Trade credit, Payment terms");
    await next(run, 4);
    await next(run, 5);
    await Promise.all([page.waitForURL(/review=1/, { timeout: 30_000 }), page.getByRole("button", { name: "Review and submit" }).click()]);
    await expect.poll(() => summary.textContent()).toContain("Trade credit, Payment terms");

    await Promise.all([page.waitForURL(/tab=submissions/, { timeout: 30_000 }), summary.getByRole("button", { name: "Submit", exact: true }).click()]);
    const card = page.locator(".submission-card", { hasText: TITLE });
    await expect.poll(() => card.textContent()).toContain("JEL codesG32, G31");
    await expect.poll(() => card.textContent()).toContain("KeywordsTrade credit, Payment terms");
    const download = card.getByRole("link", { name: /^Download blind copy/ });
    await expect.poll(() => download.isVisible()).toBe(true);
    const href = await download.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await a11y(run);
    noErrors();
    await context.close();
  }, 240_000);
});
