import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launch, newAccount, passwordSignIn, expectAccessibleAsShown, signedInContext, waitForHydration, watchErrors, type ViewportName } from "./browser";
import { chooseThreeAreas, completeAuthorCards, MANUSCRIPTS } from "./wizard";
import { waitForMail } from "./mail";

/**
 * An author submits a paper through the five-step wizard, with JavaScript (desktop) and without
 * (phone): a real manuscript from the shared fixtures read by the extraction Worker, every step's
 * refusal on its step, the author cards, the submit, the receipt in the mail server, My
 * Submissions and the delete. Then the other way round (JavaScript on a phone, without on a
 * desktop): a scan the engine cannot read and the fields typed by hand, the draft found again
 * after signing in anew, a DOCX read in its place, and Exit. Axe checks every state.
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
] as const)("the submission wizard, JavaScript %s on %s", (js, viewport) => {
  it("submits a real manuscript with its fields pre-filled, then lists and deletes it", async () => {
    const author = await newAccount({ label: js ? "submit.js" : "submit.nojs", firstName: "Sam", lastName: js ? "Script" : "Plain" });
    const email = author.email;
    const context = await signedInContext(browser, author, { js, viewport });
    const page = await context.newPage();
    const run: Run = { page, context, js, viewport };
    const noErrors = js ? watchErrors(page, { expectStatuses: [400, 422] }) : () => {};
    await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await expect.poll(() => page.getByText("Step 1 of 5").isVisible()).toBe(true);
    await a11y(run);

    // Step 1: Next with nothing chosen is refused on the step.
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please fill in all required fields correctly.").isVisible()).toBe(true);
    await page.locator("#conferenceId").selectOption({ index: 1 });
    await page.locator("#manuscriptType").selectOption("regular");
    await next(run, 2);
    await a11y(run);

    // Step 2: a file of another type is refused; the real manuscript is read by the extraction Worker.
    await page.locator("#manuscript").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a manuscript") });
    if (!js) await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByText("Please select a PDF or DOCX file.").isVisible()).toBe(true);
    await page.locator("#manuscript").setInputFiles(path.join(MANUSCRIPTS, "01.pdf"));
    if (!js) await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByText(/Extraction complete/).isVisible(), { timeout: 60_000 }).toBe(true);
    await a11y(run);
    await next(run, 3);

    // Step 3: pre-filled, with where it was found; the word count follows the abstract.
    await expect.poll(() => page.locator("#manuscriptTitle").inputValue()).toBe(TITLE);
    await expect.poll(() => page.getByText(/Filled in from your manuscript \(page 1\)/).first().isVisible()).toBe(true);
    if (js) {
      await page.locator("#manuscriptAbstract").fill("Too short to matter but counted word by word.");
      await expect.poll(() => page.getByText("9 of at most 250 words").isVisible()).toBe(true);
    }
    await a11y(run);
    await next(run, 4);

    // Step 4: three areas required.
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please fill in all required fields correctly.").isVisible()).toBe(true);
    await chooseThreeAreas(page, js);
    await a11y(run);
    await next(run, 5);

    // Step 5: the manuscript's two authors and the signed-in author, who cannot be removed.
    const cards = page.locator(".author-card");
    await expect.poll(() => cards.count()).toBe(3);
    await expect.poll(() => cards.nth(0).locator(".author-card-title").textContent()).toContain("Katharina Müller");
    await expect.poll(() => cards.nth(2).locator(".author-badges").textContent()).toContain("You");
    await expect.poll(() => page.getByText("Missing Info").first().isVisible()).toBe(true);
    await a11y(run);
    await cards.nth(2).getByRole("button", { name: /^Remove/ }).click();
    await expect.poll(() => page.getByText("Cannot remove the current user from the authors list.", { exact: false }).isVisible()).toBe(true);
    // Move the signed-in author first.
    await cards.nth(2).getByRole("button", { name: /up$/ }).click();
    await page.locator(".author-card").nth(1).getByRole("button", { name: /up$/ }).click();
    await expect.poll(() => page.locator(".author-card").nth(0).locator(".author-badges").textContent()).toContain("You");
    // Submit before the ranks are chosen: refused with the spec's message.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("Please ensure all required fields are completed and at least one corresponding author is selected.").isVisible()).toBe(true);
    await completeAuthorCards(page);
    await Promise.all([page.waitForURL(/review=1/, { timeout: 30_000 }), page.getByRole("button", { name: "Review and submit" }).click()]);
    await Promise.all([page.waitForURL(/tab=submissions/, { timeout: 30_000 }), page.getByRole("button", { name: "Submit", exact: true }).click()]);
    await expect.poll(() => page.getByText("Paper submitted successfully! Your submission appears below.").isVisible()).toBe(true);
    if (js) {
      // The banner leaves the address at once and the page after 5 seconds.
      await expect.poll(() => page.url()).not.toContain("submitted=true");
      await expect.poll(() => page.getByText("Paper submitted successfully!").count(), { timeout: 8000 }).toBe(0);
    }
    const card = page.locator(".submission-card", { hasText: TITLE });
    await expect.poll(() => card.getByText("Under Review").isVisible()).toBe(true);
    await a11y(run);

    const receipt = await waitForMail(email, "Paper received");
    expect(receipt.text).toContain(TITLE);
    expect(receipt.text).toMatch(/MS\d{2}~\d{3}/);
    expect(receipt.text).toContain("Katharina Müller");

    // Delete, after the confirmation.
    await card.getByRole("link", { name: /^Delete/ }).click();
    await expect.poll(() => page.getByText("This action cannot be undone").isVisible()).toBe(true);
    await a11y(run);
    await Promise.all([page.waitForURL(/done=deleted/), page.getByRole("button", { name: "Delete", exact: true }).click()]);
    await expect.poll(() => page.locator(".submission-card", { hasText: TITLE }).count()).toBe(0);
    noErrors();
    await context.close();
  }, 240_000);
});

describe.each([
  [true, "phone"],
  [false, "desktop"],
] as const)("a draft, JavaScript %s on %s", (js, viewport) => {
  /** An author who signs in with their password, with a profile (made once for this describe). */
  let author: Awaited<ReturnType<typeof newAccount>>;
  beforeAll(async () => {
    author = await newAccount({
      label: js ? "resume.js" : "resume.nojs",
      firstName: "Rosa",
      lastName: js ? "Script" : "Plain",
      profile: {
        primaryAffiliation: { institution: "Pennine University", rank: "Lecturer", department: "Finance", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } },
        expertise: [{ category: "I. Corporate Finance", topic: "Capital Structure" }],
      },
    });
  });
  const TYPED = "Trade Credit Chains in a Scanned Draft";

  async function signIn() {
    // The dashboard opens the draft's step when there is one.
    const { page, context } = await passwordSignIn(browser, author.email, author.password, { js, viewport, redirectTo: "/dashboard", lands: /\/dashboard(\?tab=submit&step=\d)?$/ });
    return { page, context, js, viewport } satisfies Run;
  }
  const upload = async (run: Run, file: string | { name: string; mimeType: string; buffer: Buffer }) => {
    await run.page.locator("#manuscript").setInputFiles(file);
    if (!run.js) await run.page.getByRole("button", { name: "Upload" }).click();
  };

  /** A retry starts where the first attempt did: without a draft (Exit from step 1 asks on a page of its own). */
  async function withoutDraft(run: Run) {
    await run.page.goto("/dashboard?tab=submit&step=1&exit=1#exit", { waitUntil: "domcontentloaded" });
    await Promise.all([run.page.waitForURL(/tab=submissions/), run.page.getByRole("button", { name: "Exit and delete the draft" }).click()]);
    await run.page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    if (run.js) await waitForHydration(run.page);
  }

  it("keeps what was typed after a scan could not be read, resumes after a new sign-in, reads a DOCX instead, and exits", async () => {
    const first = await signIn();
    const { page } = first;
    await withoutDraft(first);
    const noErrors = js ? watchErrors(page, { expectStatuses: [400, 413, 422] }) : () => {};
    await expect.poll(() => page.getByText("Step 1 of 5").isVisible()).toBe(true);
    await page.locator("#conferenceId").selectOption({ index: 1 });
    await page.locator("#manuscriptType").selectOption("doctoral");
    await next(first, 2);

    // Step 2's refusals: no file, then a file over 25 MB (refused in the page with JavaScript, by the server without).
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please select a file to upload first.").isVisible()).toBe(true);
    // From a file on disk: Chromium reads it itself, where a buffer would cross the protocol in base64.
    const huge = path.join(mkdtempSync(path.join(tmpdir(), "e2e-")), "huge.pdf");
    writeFileSync(huge, Buffer.alloc(26_214_401, 32));
    await upload(first, huge);
    await expect.poll(() => page.getByText("File size too large. Maximum allowed size is 25MB. Your file is 25.01MB. It is 26,214,401 bytes; at most 26,214,400 bytes are allowed.").isVisible(), { timeout: 30_000 }).toBe(true);
    await a11y(first);

    // A scan: the engine finds no text; the step says so and the author goes on by hand.
    await upload(first, path.resolve(__dirname, "../fixtures/manuscripts/failing/scanned.pdf"));
    await expect.poll(() => page.getByText(/The PDF has no text to read: it may be a scanned image\./).isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByText(/You can manually enter the information in the next steps\./).isVisible()).toBe(true);
    await a11y(first);
    await next(first, 3);
    await expect.poll(() => page.locator("#manuscriptTitle").inputValue()).toBe("");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please fill in all required fields correctly.").isVisible()).toBe(true);
    await page.locator("#manuscriptTitle").fill(TYPED);
    await page.locator("#manuscriptAbstract").fill("Typed by hand because the manuscript was a scan.");
    await next(first, 4);
    await page.locator(js ? "#researchArea1Category" : "#researchArea1").selectOption(js ? "I. Corporate Finance" : "I. Corporate Finance :: Capital Structure");
    if (js) await page.locator("#researchArea1").selectOption("Capital Structure");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Please fill in all required fields correctly.").isVisible()).toBe(true);
    // With JavaScript the refused step never posted: the page saved it in the background.
    if (js) await expect.poll(() => page.getByText(/^Draft saved at \d\d:\d\d\.$/).isVisible()).toBe(true);
    await a11y(first);
    await first.context.close();

    // Another day, another browser: the draft is where it was left, with everything typed.
    const second = await signIn();
    await expect.poll(() => second.page.getByText("Step 4 of 5").isVisible()).toBe(true);
    await expect.poll(() => second.page.locator(js ? "#researchArea1Category" : "#researchArea1").inputValue()).toBe(js ? "I. Corporate Finance" : "I. Corporate Finance :: Capital Structure");
    await a11y(second);
    await Promise.all([second.page.waitForURL(/step=3/), second.page.getByRole("button", { name: "Previous" }).click()]);
    await expect.poll(() => second.page.locator("#manuscriptTitle").inputValue()).toBe(TYPED);
    await Promise.all([second.page.waitForURL(/step=2/), second.page.getByRole("button", { name: "Previous" }).click()]);
    if (js) await waitForHydration(second.page);

    // A Word manuscript in the scan's place: read, and asked first, its title replaces the typed one.
    await upload(second, path.join(MANUSCRIPTS, "05.docx"));
    await expect.poll(() => second.page.getByText(/Extraction complete/).isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => second.page.getByText("scanned image").count()).toBe(0);
    await expect.poll(() => second.page.getByRole("heading", { name: "Keep your corrections?" }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => second.page.getByText("You had changed the title and the abstract.", { exact: false }).isVisible()).toBe(true);
    await a11y(second);
    await Promise.all([second.page.waitForURL(/step=3/), second.page.getByRole("button", { name: "Use the new file's values" }).click()]);
    if (js) await waitForHydration(second.page);
    await expect.poll(() => second.page.locator("#manuscriptTitle").inputValue()).toBe("Key Audit Matters and the Informativeness of Earnings: Evidence from the United Kingdom");
    await a11y(second);

    // Exit from step 1: asked first, then the draft is gone.
    await Promise.all([second.page.waitForURL(/step=2/), second.page.getByRole("button", { name: "Previous" }).click()]);
    await Promise.all([second.page.waitForURL(/step=1/), second.page.getByRole("button", { name: "Previous" }).click()]);
    if (js) await waitForHydration(second.page);
    await second.page.getByRole("link", { name: "Exit" }).click();
    await expect.poll(() => second.page.getByText("All your progress will be lost", { exact: false }).isVisible()).toBe(true);
    await a11y(second);
    await Promise.all([
      second.page.waitForURL(/tab=submissions/),
      second.page.getByRole(js ? "dialog" : "region", { name: "Exit the submission?" }).getByRole("button", { name: /^Exit/ }).click(),
    ]);
    await second.page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    await expect.poll(() => second.page.getByText("Step 1 of 5").isVisible()).toBe(true);
    await expect.poll(() => second.page.locator("#manuscriptType").inputValue()).toBe("");
    noErrors();
    await second.context.close();
  }, 240_000);
});

describe("the demo author's papers", () => {
  it("lists the demo content's papers in every status with their roles, and downloads a manuscript", async () => {
    // The demo content's author, whose papers the demo content holds (a new password for this run).
    const author = await newAccount({ email: "author@example.org", role: "user", firstName: "Alex", lastName: "Author" });
    const { page, context } = await passwordSignIn(browser, author.email, author.password, { redirectTo: "/dashboard?tab=submissions", lands: /tab=submissions$/ });
    const cards = page.locator(".submission-card");
    await expect.poll(() => cards.count()).toBe(6);
    for (const status of ["Under Review", "Revision Required", "Incomplete", "Accepted", "Rejected"]) {
      await expect.poll(() => page.locator(".submission-card .badge", { hasText: status }).count()).toBeGreaterThan(0);
    }
    const coAuthored = cards.filter({ hasText: "Green Bond Certification" });
    await expect.poll(() => coAuthored.getByText("Co-author").isVisible()).toBe(true);
    await expect.poll(() => coAuthored.getByRole("link", { name: /^Delete/ }).count()).toBe(0);
    // The manuscript through the spec's path, with this browser's session.
    const href = await cards.first().getByRole("link", { name: /Download manuscript/ }).getAttribute("href");
    expect(href).toMatch(/^\/api\/papers\/\d+\/download\/fullManuscript$/);
    const pdf = await context.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expectAccessible(page);
    await context.close();
  }, 60_000);
});
