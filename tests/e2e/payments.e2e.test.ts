import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessibleAsShown, launch, newAccount, newConference, signedInContext, stack, waitForHydration, watchErrors } from "./browser";
import { waitForMail } from "./mail";

/**
 * Registration payment as an author meets it, against the stack's local PayPal: Register on an
 * accepted paper, the dialog's choice and total, PayPal's buttons (JavaScript on) or its approval
 * page (off), the return pages, the paid registration with its receipt and mail, the membership
 * year; a cancelled payment, a declined card and a second try, and the Closed state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const FEES = { standard: 45000, student: 20000, accompaniedPerson: 10000, currency: "EUR" };

/** An author with an accepted paper of a conference of the test's own. */
async function acceptedPaper(label: string, registration: Parameters<typeof newConference>[0]["registration"] = FEES) {
  const author = await newAccount({ label, firstName: "Ada", lastName: "Lovelace" });
  const tag = `${label} ${crypto.randomUUID().slice(0, 6)}`;
  const conference = await newConference({
    title: `Conference ${tag}`,
    startDate: `${new Date().getUTCFullYear() + 1}-06-01`,
    registration,
    papers: [{ title: `Paper ${tag}`, status: "accepted", submitterId: author.id, authors: [{ firstName: "Ada", lastName: "Lovelace", email: author.email, userId: author.id }] }],
  });
  return { author, conference, paper: conference.papers[0]! };
}

async function mySubmissions(js: boolean, author: Awaited<ReturnType<typeof newAccount>>) {
  const context = await signedInContext(browser, author, { js });
  const page = await context.newPage();
  const noErrors = js ? watchErrors(page, { expectStatuses: [409, 422] }) : () => {};
  await page.goto("/dashboard?tab=submissions", { waitUntil: "domcontentloaded" });
  if (js) await waitForHydration(page);
  return { context, page, noErrors };
}

/** The paper's card in My Submissions. */
const cardOf = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

/** Register opens the dialog (a section of the page without JavaScript) with the standard fee and one accompanied person chosen. */
async function openAndChoose(page: Page, js: boolean, title: string) {
  await cardOf(page, title).getByRole("link", { name: /^Register/ }).click();
  await page.waitForURL(/\/dashboard\/submissions\/\d+\/register$/);
  const dialog = js ? page.getByRole("dialog") : page.locator("#record");
  await expect.poll(() => dialog.getByRole("heading", { name: /^Register for Conference/ }).isVisible()).toBe(true);
  await dialog.getByLabel(/^Standard/).check();
  await dialog.getByLabel(/One accompanied person/).check();
  if (js) await expect.poll(() => dialog.getByText("Total: EUR 550.00").isVisible()).toBe(true);
  return dialog;
}

/** Pays: with JavaScript PayPal's button in the dialog; without, the form's post and the approval page's Pay Now. */
async function pay(page: Page, js: boolean, dialog: ReturnType<Page["getByRole"]>) {
  if (js) {
    const button = dialog.getByRole("button", { name: "Pay with PayPal" });
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
  } else {
    await dialog.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.waitForURL(/\/checkoutnow\?token=/);
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.waitForURL(/\/registration\/payment\/success\?/);
  }
}

async function fault(spec: Record<string, unknown>) {
  const r = await fetch(`${stack().paypalUrl}/__fake/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(spec) });
  expect(r.ok).toBe(true);
}

const a11y = (page: Page, js: boolean) => expectAccessibleAsShown(browser, page, { js });

describe.each([true, false])("registration payment, JavaScript %s", (js) => {
  it("an accepted paper's author pays the standard fee with one accompanied person, and sees the registration, the receipt, its mail and the membership year", async () => {
    const { author, paper } = await acceptedPaper(js ? "payer.js" : "payer.nojs");
    const { context, page, noErrors } = await mySubmissions(js, author);
    const dialog = await openAndChoose(page, js, paper.title);
    await a11y(page, js);
    await pay(page, js, dialog);
    if (js) {
      // The dialog closes and the paper's registration shows at once.
      await page.waitForURL(/done=registered/);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    } else {
      await expect.poll(() => page.getByText("Payment completed successfully!").isVisible()).toBe(true);
      await a11y(page, js);
      await page.getByRole("link", { name: "Go to Dashboard" }).click();
      await page.goto("/dashboard?tab=submissions");
    }
    const card = cardOf(page, paper.title);
    await expect.poll(() => card.getByText("Registered", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText("Paid EUR 550.00").isVisible()).toBe(true);
    expect(await card.getByRole("link", { name: /^Register/ }).count()).toBe(0);
    // One year of membership from today.
    const until = new Date();
    until.setUTCFullYear(until.getUTCFullYear() + 1);
    const year = String(until.getUTCFullYear());
    await expect.poll(async () => (await page.getByRole("region", { name: "Membership" }).textContent()) ?? "").toMatch(new RegExp(`Your membership runs until .*${year}`));

    const mail = await waitForMail(author.email, "Registration for Conference");
    expect(mail.subject).toContain("confirmed (receipt R-");
    expect(mail.text).toContain("Amount paid: EUR 550.00");
    expect(mail.text).toContain("with 1 accompanied person");

    await card.getByRole("link", { name: /^Receipt R-/ }).click();
    await page.waitForURL(/\/dashboard\/registrations\/\d+\/receipt$/);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: /^Receipt R-/ }).isVisible()).toBe(true);
    expect(await page.getByText("EUR 550.00").isVisible()).toBe(true);
    expect(await page.getByText(paper.title, { exact: false }).first().isVisible()).toBe(true);
    await a11y(page, js);
    noErrors();
    await context.close();
  });

  it("a payment cancelled at PayPal leaves the paper to register, and says so", async () => {
    const { author, paper } = await acceptedPaper(js ? "canceller.js" : "canceller.nojs");
    const { context, page, noErrors } = await mySubmissions(js, author);
    const dialog = await openAndChoose(page, js, paper.title);
    if (js) {
      const close = dialog.getByRole("button", { name: "Close the PayPal window" });
      await expect.poll(() => close.isVisible()).toBe(true);
      await close.click();
      await expect.poll(() => dialog.getByText("Payment was cancelled.").isVisible()).toBe(true);
      // The buttons stay, to try again.
      expect(await dialog.getByRole("button", { name: "Pay with PayPal" }).isVisible()).toBe(true);
      await a11y(page, js);
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
    } else {
      await dialog.getByRole("button", { name: "Pay with PayPal" }).click();
      await page.waitForURL(/\/checkoutnow\?token=/);
      await page.getByRole("button", { name: "Cancel and return to the site" }).click();
      await page.waitForURL(/\/registration\/payment\/cancel\?/);
      await expect.poll(() => page.getByText("Payment was cancelled.").isVisible()).toBe(true);
      await a11y(page, js);
      await page.goto("/dashboard?tab=submissions");
    }
    await expect.poll(() => cardOf(page, paper.title).getByRole("link", { name: /^Register/ }).isVisible()).toBe(true);
    noErrors();
    await context.close();
  });

  it("a declined card, then a second try that pays", async () => {
    const { author, paper } = await acceptedPaper(js ? "declined.js" : "declined.nojs");
    const { context, page, noErrors } = await mySubmissions(js, author);
    const dialog = await openAndChoose(page, js, paper.title);
    await fault({ decline: 1 });
    const captures: unknown[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/registration/capture")) captures.push(r.json());
    });
    await pay(page, js, dialog);
    if (js) {
      // The capture is declined; PayPal's window asks for another way to pay (the local PayPal
      // approves again at once) and the second capture confirms.
      await page.waitForURL(/done=registered/);
      const answers = (await Promise.all(captures)) as Array<{ outcome: string; reason?: string }>;
      expect(answers.map((a) => a.outcome)).toEqual(["declined", "confirmed"]);
      expect(answers[0]!.reason).toMatch(/declined/i);
    } else {
      await expect.poll(() => page.getByText(/^Payment processing error: .*declined/i).isVisible()).toBe(true);
      await page.goto("/dashboard?tab=submissions");
      const again = await openAndChoose(page, js, paper.title);
      await pay(page, js, again);
      await expect.poll(() => page.getByText("Payment completed successfully!").isVisible()).toBe(true);
      await page.goto("/dashboard?tab=submissions");
    }
    await expect.poll(() => cardOf(page, paper.title).getByText("Paid EUR 550.00").isVisible()).toBe(true);
    noErrors();
    await context.close();
  });

  it("shows a locked Register and a Closed badge while the conference takes no registrations", async () => {
    const { author, paper } = await acceptedPaper(js ? "closed.js" : "closed.nojs", { ...FEES, enabled: false });
    const { context, page, noErrors } = await mySubmissions(js, author);
    const card = cardOf(page, paper.title);
    await expect.poll(() => card.getByText("Closed", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole("button", { name: /^Register/ }).isDisabled()).toBe(true);
    expect(await card.getByRole("link", { name: /^Register/ }).count()).toBe(0);
    await a11y(page, js);
    // The dialog's address says the same, and the order is refused whatever is posted.
    await page.goto(`/dashboard/submissions/${paper.id}/register`);
    await expect.poll(() => page.getByText("Registration for this conference is closed.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Pay with PayPal" }).count()).toBe(0);
    noErrors();
    await context.close();
  });
});
