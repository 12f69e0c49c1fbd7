import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessibleAsShown, expectNoHorizontalOverflow, launch, newAccount, newConference, signedInContext, waitForHydration, watchErrors, type ViewportName } from "./browser";
import { MANUSCRIPTS } from "./wizard";

/**
 * A revision (decision 064), in Chromium with JavaScript (desktop) and without (phone): the office
 * asked for one; the author's submission page offers the upload, a file that is not a PDF is
 * refused with the wizard's message, the revised manuscript goes up with a note, and the page
 * shows the paper under review again with both versions; the office's paper details list both,
 * each with who uploaded it. Axe checks every state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each([
  [true, "desktop"],
  [false, "phone"],
] as const)("a revision, JavaScript %s on %s", (js, viewport: ViewportName) => {
  it("is uploaded by the author, returns the paper to review, and both versions are listed for the author and the office", async () => {
    const tag = `${js ? "js" : "nojs"}${crypto.randomUUID().slice(0, 6)}`;
    const author = await newAccount({ label: `revision.${tag}`, firstName: "Ada", lastName: "Reviser" });
    const office = await newAccount({ label: `office.${tag}`, role: "admin", firstName: "Olga", lastName: "Office" });
    const conference = await newConference({
      title: `Revision Conference ${tag}`,
      startDate: `${new Date().getUTCFullYear() + 1}-06-01`,
      papers: [
        {
          title: `Revised Paper ${tag}`,
          status: "revision_required",
          manuscript: true,
          submitterId: author.id,
          authors: [{ firstName: "Ada", lastName: "Reviser", email: author.email, userId: author.id, corresponding: true, country: "GB", rank: "Professor" }],
        },
      ],
    });
    const paperId = conference.papers[0]!.id;
    const context = await signedInContext(browser, author, { js, viewport });
    const page = await context.newPage();
    const noErrors = js ? watchErrors(page, { expectStatuses: [422] }) : () => {};
    const a11y = () => expectAccessibleAsShown(browser, page, { js, viewport });

    await page.goto(`/dashboard/submissions/${paperId}`, { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await expect.poll(() => page.getByText("The programme committee asks for a revision").isVisible()).toBe(true);
    await a11y();
    await Promise.all([page.waitForURL(/\/files$/), page.getByRole("link", { name: "Upload the revised manuscript" }).click()]);
    if (js) await waitForHydration(page);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Upload the revised manuscript" }).isVisible()).toBe(true);
    await a11y();
    await expectNoHorizontalOverflow(page);

    // A file named .pdf that is not one: the wizard's message, nothing stored.
    await page.locator("#manuscript").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("only some notes, not a PDF") });
    await page.getByRole("button", { name: "Send the revision" }).click();
    const refused = page.locator(".field-error", { hasText: "Please select a PDF or DOCX file." });
    await expect.poll(() => refused.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByText('"notes.pdf" is not really a .pdf file').first().isVisible()).toBe(true);
    await a11y();

    await page.locator("#manuscript").setInputFiles(path.join(MANUSCRIPTS, "01.pdf"));
    await page.getByLabel("A note to the office (optional)").fill("Section 4 rewritten as the referee asked.");
    await Promise.all([page.waitForURL(/done=revision/, { timeout: 60_000 }), page.getByRole("button", { name: "Send the revision" }).click()]);
    if (js) await waitForHydration(page);
    await expect.poll(() => page.getByText("The revised manuscript was received").isVisible()).toBe(true);
    const head = page.locator(".submission-head");
    await expect.poll(() => head.textContent()).toContain("Under Review");
    await expect.poll(() => page.locator(".status-history").textContent()).toContain("revision received, under review");
    const versions = page.locator(".file-versions").first();
    await expect.poll(() => versions.locator("li").allTextContents()).toEqual([expect.stringMatching(/^01\.pdf\s*Current/), expect.stringMatching(/^original\.pdf/)]);
    // The earlier version is still downloadable by its author.
    const earlier = await versions.getByRole("link", { name: "original.pdf" }).getAttribute("href");
    const download = await page.request.get(earlier!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await a11y();
    noErrors();
    await context.close();

    // The office sees both versions in the paper's details, who uploaded the new one and when.
    const officeContext = await signedInContext(browser, office, { js, viewport });
    const console_ = await officeContext.newPage();
    await console_.goto(`/admin/papers/${paperId}?conference=${conference.id}`, { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(console_);
    // A dialog with JavaScript; without, a section of the page.
    const dialog = js ? console_.getByRole("dialog") : console_.locator("section.route-section");
    await expect.poll(() => dialog.locator(".file-versions li").allTextContents()).toEqual([expect.stringMatching(/^01\.pdf\s*Current.*by Ada Reviser/s), expect.stringMatching(/^original\.pdf/)]);
    await expectAccessibleAsShown(browser, console_, { js, viewport });
    await officeContext.close();
  });
});
