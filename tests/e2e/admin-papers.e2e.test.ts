import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newConference, waitForHydration } from "./browser";
import { consoleBrowser } from "./console";
import { mailsTo, waitForMail } from "./mail";

/** The console's Papers tab: decisions staged on the server, saved with the letters they send, discarded; a paper's details and deletion. */
const { signedInAdmin, a11y } = consoleBrowser();

const tag = () => crypto.randomUUID().slice(0, 8);

async function season(js: boolean, status = "open") {
  const t = tag();
  const authors = { ada: `ada.${t}@example.org`, grace: `grace.${t}@example.org`, alan: `alan.${t}@example.org` };
  const conference = await newConference({
    title: `Review Season ${t}`,
    status,
    papers: [
      { title: `Liquidity in Bond Markets ${t}`, authors: [{ firstName: "Ada", lastName: "Byron", email: authors.ada }, { firstName: "Grace", lastName: "Hopper", email: authors.grace, corresponding: false }] },
      { title: `Options and Volatility ${t}`, authors: [{ firstName: "Alan", lastName: "Turing", email: authors.alan }] },
    ],
  });
  const admin = await signedInAdmin(js);
  await admin.page.goto(`/admin/papers?conference=${conference.id}`, { waitUntil: "domcontentloaded" });
  if (js) await waitForHydration(admin.page);
  return { ...admin, conference, authors, t };
}

/** Chooses a status in a row: with JavaScript the choice stages itself; without, the Stage button posts the selects. */
async function choose(page: Page, js: boolean, choices: Array<[number, string]>) {
  for (const [paperId, status] of choices) {
    await page.locator(`#status-${paperId}`).selectOption(status);
    if (js) await expect.poll(() => page.locator(`#status-${paperId}`).locator("xpath=ancestor::tr").getAttribute("class")).toBe(status === "under_review" ? null : "row-staged");
  }
  if (!js) {
    await Promise.all([page.waitForURL(/done=staged/), page.getByRole("button", { name: "Stage status changes" }).click()]);
  }
}

describe.each([true, false])("decisions on the Papers tab, JavaScript %s", (js) => {
  it("stages and unstages, keeps what is staged across a reload, saves after confirming, and each author gets one letter", async () => {
    const { context, page, noErrors, conference, authors, t } = await season(js);
    const [first, second] = [conference.papers[0]!, conference.papers[1]!];
    await expect.poll(() => page.getByText("Conference is active - paper status can be edited").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Showing 2 of 2 papers").isVisible()).toBe(true);
    await a11y(page, js);

    await choose(page, js, [[first.id, "accepted"]]);
    await expect.poll(() => page.getByText("1 unsaved status change.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Email for status change to be sent").count()).toBe(1);
    await choose(page, js, [[first.id, "under_review"]]);
    await expect.poll(() => page.getByText("1 unsaved status change.").count()).toBe(0);

    await choose(page, js, [
      [first.id, "accepted"],
      [second.id, "rejected"],
    ]);
    // The banner counts what the server holds: once it says two, no staging post is still on its way for the reload to cut off.
    await expect.poll(() => page.getByText("2 unsaved status changes.").isVisible()).toBe(true);
    await page.reload({ waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await expect.poll(() => page.getByText("2 unsaved status changes.").isVisible()).toBe(true);
    await expect.poll(() => page.locator(`#status-${second.id}`).inputValue()).toBe("rejected");
    await a11y(page, js);

    await page.getByRole("link", { name: "Email letter(s) the author(s) of 2 paper and Save Changes" }).click();
    await page.waitForURL(/\/admin\/papers\/save\?/);
    const dialog = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => dialog.getByText(`Grace Hopper <${authors.grace}>`).isVisible()).toBe(true);
    await dialog.locator("summary").first().click();
    await expect.poll(() => dialog.locator(".letter-preview").first().isVisible()).toBe(true);
    await a11y(page, js);
    await Promise.all([page.waitForURL(/done=saved/), dialog.getByRole("button", { name: "Email letter(s) the author(s) of 2 paper and Save Changes" }).click()]);
    await expect.poll(() => page.getByText("Status changes saved for 2 paper(s).").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("unsaved status change").count()).toBe(0);
    await expect.poll(() => page.locator(`#status-${first.id}`).inputValue()).toBe("accepted");

    for (const to of [authors.ada, authors.grace, authors.alan]) await waitForMail(to, `Review Season ${t}`);
    const grace = await mailsTo(authors.grace);
    expect(grace).toHaveLength(1);
    expect(grace[0]!.text).toContain("Dear Grace Hopper");
    expect(grace[0]!.text).toContain(first.number);
    noErrors();
    await context.close();
  });

  it("discards staged decisions after asking, and mails nobody", async () => {
    const { context, page, noErrors, conference, authors } = await season(js);
    const first = conference.papers[0]!;
    await choose(page, js, [[first.id, "incomplete"]]);
    await page.getByRole("link", { name: "Discard Changes" }).click();
    await page.waitForURL(/\/admin\/papers\/discard\?/);
    const dialog = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => dialog.getByText("Are you sure you want to discard all pending changes?").isVisible()).toBe(true);
    await a11y(page, js);
    await Promise.all([page.waitForURL(/done=discarded/), dialog.getByRole("button", { name: "Discard Changes" }).click()]);
    await expect.poll(() => page.getByText("Pending status changes discarded.").isVisible()).toBe(true);
    await expect.poll(() => page.locator(`#status-${first.id}`).inputValue()).toBe("under_review");
    expect(await mailsTo(authors.ada)).toEqual([]);
    noErrors();
    await context.close();
  });

  it("searches, shows a paper's details, and deletes a paper after asking", async () => {
    const { context, page, noErrors, conference, authors, t } = await season(js);
    const [first, second] = [conference.papers[0]!, conference.papers[1]!];
    await page.getByLabel("Search", { exact: true }).fill(authors.alan);
    await Promise.all([page.waitForURL(/q=alan/), page.getByRole("button", { name: "Search" }).click()]);
    await expect.poll(() => page.getByText("Showing 1 of 2 papers").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect.poll(() => page.getByText("Showing 2 of 2 papers").isVisible()).toBe(true);

    // With JavaScript a row's link opens the paper over the list without loading a new document.
    await page.evaluate(() => Object.assign(window, { listDocument: true }));
    await page.getByRole("link", { name: `View details of Liquidity in Bond Markets ${t}` }).click();
    await page.waitForURL(new RegExp(`/admin/papers/${first.id}\\?`));
    const dialog = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => dialog.getByRole("link", { name: "Contact Primary Author" }).getAttribute("href")).toContain(`mailto:${authors.ada}`);
    expect(await page.evaluate(() => "listDocument" in window)).toBe(js);
    await expect.poll(() => dialog.getByText("Grace Hopper").isVisible()).toBe(true);
    await a11y(page, js);
    if (js) await page.keyboard.press("Escape");
    else await dialog.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(new RegExp(`/admin/papers\\?conference=${conference.id}$`));

    await page.getByRole("link", { name: `Delete Options and Volatility ${t}` }).click();
    await page.waitForURL(new RegExp(`/admin/papers/${second.id}/delete`));
    const confirm = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => confirm.getByText("This action cannot be undone").isVisible()).toBe(true);
    await a11y(page, js);
    await Promise.all([page.waitForURL(/done=deleted/), confirm.getByRole("button", { name: "Delete paper" }).click()]);
    await expect.poll(() => page.getByText("Paper deleted successfully!").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Showing 1 of 1 papers").isVisible()).toBe(true);
    noErrors();
    await context.close();
  });

  it("shows the statuses of an inactive conference as text", async () => {
    const { context, page, noErrors, conference } = await season(js, "ended");
    await expect.poll(() => page.getByText("Conference is inactive - paper status is read-only").isVisible()).toBe(true);
    expect(await page.locator(`#status-${conference.papers[0]!.id}`).count()).toBe(0);
    await expect.poll(() => page.getByText("Under Review").count()).toBe(2);
    await a11y(page, js);
    noErrors();
    await context.close();
  });
});
