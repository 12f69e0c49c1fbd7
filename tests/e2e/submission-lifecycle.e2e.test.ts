import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessibleAsShown, launch, newAccount, newConference, signedInContext, watchErrors, type ViewportName, settle } from "./browser";
import { chooseThreeAreas, completeAuthorCards, MANUSCRIPTS } from "./wizard";
import { waitForMail } from "./mail";

/**
 * After the wizard (decision 061), with JavaScript on a desktop and without on a phone: the office
 * chooses on the console's Settings tab where new papers are mailed; the conference page and step
 * 1 show the submission deadline; a submit after the deadline is refused with its message and
 * goes through once the office moves the deadline; the office's mail arrives; the author opens a
 * paper's own page from My Submissions and deletes it there, and its co-author is told. Axe checks
 * every state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Run = { page: Page; js: boolean; viewport: ViewportName };
const a11y = (run: Run) => expectAccessibleAsShown(browser, run.page, run);

/** The console's conference editor: its submission deadline set to `value` (UTC) and saved. */
async function setDeadline(run: Run, conferenceId: number, value: string) {
  await run.page.goto(`/admin/conferences/${conferenceId}`, { waitUntil: "domcontentloaded" });
  await settle(run);
  const editor = run.js ? run.page.getByRole("dialog") : run.page.locator("#record");
  await editor.getByLabel("Submission deadline (UTC)").fill(value);
  await Promise.all([run.page.waitForURL(/done=updated/, { timeout: 30_000 }), editor.getByRole("button", { name: "Save Changes" }).click()]);
}

describe.each([
  [true, "desktop"],
  [false, "phone"],
] as const)("a submission's life, JavaScript %s on %s", (js, viewport) => {
  it("shows the deadline, refuses after it, mails the office, shows the paper's own page and tells the co-author of its deletion", async () => {
    const tag = `${js ? "js" : "nojs"}${Date.now().toString(36)}`;
    const officeAddress = `office.${tag}@example.org`;
    const coAuthorAddress = `coauthor.${tag}@example.org`;
    const author = await newAccount({ label: `life.${tag}`, firstName: "Lena", lastName: js ? "Script" : "Plain" });
    const admin = await newAccount({ role: "admin", label: `office.${tag}` });
    const title = `Deadline Conference ${tag}`;
    const conference = await newConference({
      title,
      submissionDeadline: Date.parse("2031-03-15T23:59:00Z"),
      papers: [
        {
          title: `Earlier Paper ${tag}`,
          submitterId: author.id,
          manuscript: true,
          authors: [
            { firstName: "Lena", lastName: js ? "Script" : "Plain", email: author.email, userId: author.id },
            { firstName: "Omar", lastName: "Haddad", email: coAuthorAddress, corresponding: true },
          ],
        },
      ],
    });

    // The office says where new papers are mailed.
    const adminContext = await signedInContext(browser, admin, { js, viewport });
    const office: Run = { page: await adminContext.newPage(), js, viewport };
    await office.page.goto("/admin/settings", { waitUntil: "domcontentloaded" });
    await settle(office);
    await office.page.getByLabel("Office e-mail address").fill("not an address");
    await office.page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => office.page.locator("#address-error").textContent()).toBe("Enter the office's e-mail address, e.g. office@example.org.");
    await a11y(office);
    await office.page.getByLabel("Tell the office").selectOption("each");
    await office.page.getByLabel("Office e-mail address").fill(officeAddress);
    await Promise.all([office.page.waitForURL(/done=saved/), office.page.getByRole("button", { name: "Save settings" }).click()]);
    await expect.poll(() => office.page.getByText("Settings saved.").isVisible()).toBe(true);
    await a11y(office);

    // The conference page and step 1 show the deadline, in UTC.
    const context = await signedInContext(browser, author, { js, viewport });
    const run: Run = { page: await context.newPage(), js, viewport };
    const { page } = run;
    const noErrors = js ? watchErrors(page, { expectStatuses: [400, 409] }) : () => {};
    await page.goto(`/conferences/${conference.id}`, { waitUntil: "domcontentloaded" });
    await settle(run);
    await expect.poll(() => page.getByText("Submission deadline: 15 March 2031, 23:59 UTC.").isVisible()).toBe(true);
    await a11y(run);

    await page.goto("/dashboard?tab=submit&step=1", { waitUntil: "domcontentloaded" });
    await settle(run);
    const option = page.locator("#conferenceId option", { hasText: title });
    await expect.poll(() => option.textContent()).toContain("submissions close 15 March 2031, 23:59 UTC");
    await page.locator("#conferenceId").selectOption(String(conference.id));
    await page.locator("#manuscriptType").selectOption("regular");
    const next = async (to: number) => {
      await Promise.all([page.waitForURL(new RegExp(`step=${to}`), { timeout: 60_000 }), page.getByRole("button", { name: "Next" }).click()]);
      await settle(run);
    };
    await next(2);
    await page.locator("#manuscript").setInputFiles(path.join(MANUSCRIPTS, "01.pdf"));
    if (!js) await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByText(/Extraction complete/).isVisible(), { timeout: 60_000 }).toBe(true);
    await next(3);
    const paperTitle = await page.locator("#manuscriptTitle").inputValue();
    await next(4);
    await chooseThreeAreas(page, js);
    await next(5);
    // The office closes the call while the author is on the last step.
    await setDeadline(office, conference.id, "2020-01-31T12:00");
    await completeAuthorCards(page);
    // The cards are kept as they are (a refused last look keeps them).
    await page.getByRole("button", { name: "Review and submit" }).click();
    const refusal = page.getByText("Submissions to " + title + " closed on 31 January 2020, 12:00 UTC.", { exact: false });
    await expect
      .poll(() => refusal.isVisible(), { timeout: 30_000 })
      .toBe(true)
      .catch(async (error: unknown) => {
        throw new Error(`no refusal; the page says: ${(await page.locator(".alert").allTextContents()).join(" | ")} at ${page.url()}; the step: ${(await page.locator("form").last().innerText()).slice(0, 1500)}`, { cause: error });
      });
    await a11y(run);
    // A refusal that says what to do, not a fault: no 'if this happens again' line beside it.
    expect(await page.getByText("If this happens again", { exact: false }).count()).toBe(0);

    // The conference page says so too; then the office extends the deadline and the paper goes in.
    const visitor = await signedInContext(browser, author, { js, viewport });
    const look = await visitor.newPage();
    await look.goto(`/conferences/${conference.id}`, { waitUntil: "domcontentloaded" });
    await expect.poll(() => look.getByText("Submissions closed on 31 January 2020, 12:00 UTC.").isVisible()).toBe(true);
    await visitor.close();
    await setDeadline(office, conference.id, "2031-03-15T23:59");
    await page.goto("/dashboard?tab=submit&step=5", { waitUntil: "domcontentloaded" });
    await settle(run);
    await Promise.all([page.waitForURL(/review=1/, { timeout: 30_000 }), page.getByRole("button", { name: "Review and submit" }).click()]);
    await settle(run);
    await Promise.all([page.waitForURL(/tab=submissions/, { timeout: 30_000 }), page.getByRole("button", { name: "Submit", exact: true }).click()]);
    const officeMail = await waitForMail(officeAddress, "New paper");
    expect(officeMail.text).toContain(paperTitle.slice(0, 40));
    expect(officeMail.text).toContain(`Submitted by: Lena ${js ? "Script" : "Plain"} <${author.email}>`);
    expect(officeMail.text).toContain(`/admin/papers?conference=${conference.id}`);

    // The earlier paper's own page, from My Submissions.
    await page.goto("/dashboard?tab=submissions", { waitUntil: "domcontentloaded" });
    await settle(run);
    const card = page.locator(".submission-card", { hasText: `Earlier Paper ${tag}` });
    await Promise.all([page.waitForURL(new RegExp(`/dashboard/submissions/${conference.papers[0]!.id}$`)), card.getByRole("link", { name: /^Details and history/ }).click()]);
    await settle(run);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: `Earlier Paper ${tag}` }).isVisible()).toBe(true);
    for (const text of ["Submission deadline", "15 March 2031, 23:59 UTC", "Omar Haddad", coAuthorAddress, "original.pdf", "submitted, under review"]) {
      await expect.poll(() => page.getByText(text, { exact: false }).first().isVisible(), { message: text }).toBe(true);
    }
    await a11y(run);

    // Delete it there: the co-author, told they were listed, is told it was withdrawn.
    await page.getByRole("link", { name: "Delete submission" }).click();
    await expect.poll(() => page.getByText("This action cannot be undone").isVisible()).toBe(true);
    await a11y(run);
    await Promise.all([page.waitForURL(/done=deleted/), page.getByRole("button", { name: "Delete", exact: true }).click()]);
    const withdrawn = await waitForMail(coAuthorAddress, "was withdrawn");
    expect(withdrawn.text).toContain("Dear Omar Haddad,");
    expect(withdrawn.text).toContain(`“Earlier Paper ${tag}”`);
    expect(withdrawn.text).toContain(conference.papers[0]!.number);

    // Someone else gets the 404 of a paper that does not exist.
    const stranger = await signedInContext(browser, await newAccount({ label: `stranger.${tag}` }), { js, viewport });
    const theirs = await stranger.newPage();
    const answer = await theirs.goto(`/dashboard/submissions/${conference.papers[0]!.id}`);
    expect(answer?.status()).toBe(404);
    await stranger.close();

    noErrors();
    await context.close();
    await adminContext.close();
  }, 300_000);
});
