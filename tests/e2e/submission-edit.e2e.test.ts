import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessibleAsShown, launch, newAccount, newConference, signedInContext, waitForHydration, watchErrors, type ViewportName, settle } from "./browser";
import { waitForMail } from "./mail";

/**
 * The submitter's edit of a submitted paper (decision 063), with JavaScript on a desktop and
 * without on a phone: from the paper's own page to its edit page, a refused save with its field's
 * message, a new co-author and a new title saved and shown, the new co-author's mail, and, once
 * the office moves the deadline into the past, no edit link and an edit address that refuses.
 * Axe checks every state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Run = { page: Page; js: boolean; viewport: ViewportName };
const a11y = (run: Run) => expectAccessibleAsShown(browser, run.page, run);

describe.each([
  [true, "desktop"],
  [false, "phone"],
] as const)("editing a submitted paper, JavaScript %s on %s", (js, viewport) => {
  it("edits and saves the details and authors, mails the added co-author, and refuses once the deadline passed", async () => {
    const tag = `${js ? "js" : "nojs"}${Date.now().toString(36)}`;
    const coAuthorAddress = `omar.${tag}@example.org`;
    const addedAddress = `Ines.${tag}@Example.org`;
    const author = await newAccount({ label: `edit.${tag}`, firstName: "Lena", lastName: js ? "Script" : "Plain" });
    const admin = await newAccount({ role: "admin", label: `office.${tag}` });
    const conference = await newConference({
      title: `Edit Conference ${tag}`,
      submissionDeadline: Date.parse("2031-03-15T23:59:00Z"),
      papers: [
        {
          title: `Paper Before ${tag}`,
          submitterId: author.id,
          manuscript: true,
          authors: [
            { firstName: "Lena", lastName: js ? "Script" : "Plain", email: author.email, userId: author.id },
            { firstName: "Omar", lastName: "Haddad", email: coAuthorAddress, corresponding: true },
          ],
        },
      ],
    });
    const paper = conference.papers[0]!;
    const own = `/dashboard/submissions/${paper.id}`;

    const context = await signedInContext(browser, author, { js, viewport });
    const run: Run = { page: await context.newPage(), js, viewport };
    const { page } = run;
    const noErrors = js ? watchErrors(page, { expectStatuses: [400, 409] }) : () => {};
    await page.goto(own, { waitUntil: "domcontentloaded" });
    await settle(run);
    await Promise.all([page.waitForURL(new RegExp(`${own}/edit$`)), page.getByRole("link", { name: "Edit submission" }).click()]);
    await settle(run);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Edit submission" }).isVisible()).toBe(true);
    expect(await page.locator("#manuscriptTitle").inputValue()).toBe(`Paper Before ${tag}`);
    await a11y(run);

    // A title left empty: refused with the field's message, nothing saved.
    await page.locator("#manuscriptTitle").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("#manuscriptTitle-error").textContent()).toBe("Title is required.");
    await a11y(run);

    // A new title and a third author.
    await page.locator("#manuscriptTitle").fill(`Paper After ${tag}`);
    await page.getByRole("button", { name: "Add an author" }).click();
    const cards = page.locator(".author-card");
    await expect.poll(() => cards.count()).toBe(3);
    if (!js) await expect.poll(() => page.locator("#manuscriptTitle").inputValue()).toBe(`Paper After ${tag}`);
    const added = cards.nth(2);
    await added.locator('input[name$="[firstName]"]').fill("Inês");
    await added.locator('input[name$="[lastName]"]').fill("Duarte");
    await added.locator('input[name$="[email]"]').fill(addedAddress);
    await added.locator('input[name$="[institution]"]').fill("Nova SBE");
    await added.locator('select[name$="[country]"]').selectOption("PT");
    await added.locator('select[name$="[rankTitle]"]').selectOption("Assistant Professor");
    await a11y(run);
    await Promise.all([page.waitForURL(/done=edited/, { timeout: 30_000 }), page.getByRole("button", { name: "Save changes" }).click()]);
    await settle(run);
    await expect.poll(() => page.getByText("Your changes are saved.").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: `Paper After ${tag}` }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Inês Duarte").isVisible()).toBe(true);
    await a11y(run);

    // The added co-author is told as a submission tells its co-authors; the co-author who stays, of the new list.
    const listed = await waitForMail(addedAddress, "You are listed as an author");
    expect(listed.text).toContain("Dear Inês Duarte,");
    expect(listed.text).toContain(`“Paper After ${tag}”`);
    expect(listed.text).toContain(`Submitted from the account of: Lena ${js ? "Script" : "Plain"}`);
    expect(listed.text).toContain(`  - Inês Duarte, Nova SBE`);
    expect(listed.text).toContain(paper.number);
    const changed = await waitForMail(coAuthorAddress, "have changed");
    expect(changed.text).toContain("Dear Omar Haddad,");
    expect(changed.text).toContain("Added:\n\n  - Inês Duarte\n");

    // The office moves the deadline into the past: the link goes and the edit address refuses.
    const adminContext = await signedInContext(browser, admin, { js, viewport });
    const office = await adminContext.newPage();
    await office.goto(`/admin/conferences/${conference.id}`, { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(office);
    const editor = js ? office.getByRole("dialog") : office.locator("#record");
    await editor.getByLabel("Submission deadline (UTC)").fill("2020-01-31T12:00");
    await Promise.all([office.waitForURL(/done=updated/, { timeout: 30_000 }), editor.getByRole("button", { name: "Save Changes" }).click()]);
    await adminContext.close();

    await page.goto(own, { waitUntil: "domcontentloaded" });
    await settle(run);
    const closed = `Submissions to Edit Conference ${tag} closed on 31 January 2020, 12:00 UTC: the paper can no longer be changed.`;
    await expect.poll(() => page.getByText(closed, { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Edit submission" }).count()).toBe(0);
    await a11y(run);
    const refused = await page.goto(`${own}/edit`, { waitUntil: "domcontentloaded" });
    expect(refused?.status()).toBe(409);
    await settle(run);
    await expect.poll(() => page.getByText(closed, { exact: false }).isVisible()).toBe(true);
    await a11y(run);

    noErrors();
    await context.close();
  }, 300_000);
});
