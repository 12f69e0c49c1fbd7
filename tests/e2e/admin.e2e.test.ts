import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launch, newContext, scriptlessTwin, waitForHydration, watchErrors } from "./browser";

/** The administrator's console as the office uses it, with and without JavaScript. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInAdmin(js: boolean) {
  const context = await newContext(browser, { js });
  const page = await context.newPage();
  const noErrors = js ? watchErrors(page) : () => {};
  const { admin } = inject("accounts");
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  if (js) await waitForHydration(page);
  await page.getByLabel("E-mail").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return { context, page, noErrors };
}

async function a11y(page: Page, context: BrowserContext, js: boolean) {
  if (js) return expectAccessible(page);
  const url = new URL(page.url());
  const twin = await scriptlessTwin(browser, context, url.pathname + url.search, "desktop");
  try {
    await expectAccessible(twin.page);
  } finally {
    await twin.close();
  }
}

describe.each([true, false])("User Management, JavaScript %s", (js) => {
  it("searches, filters by role and changes a role in place", async () => {
    const { context, page, noErrors } = await signedInAdmin(js);
    const tabs = page.getByRole("navigation", { name: "Console sections" });
    for (const tab of ["Conferences", "News", "Papers", "Board", "Users"]) {
      await tabs.getByRole("link", { name: tab }).click();
      await page.waitForURL(new RegExp(`/admin/${tab.toLowerCase()}$`));
      await expect.poll(() => tabs.getByRole("link", { name: tab }).getAttribute("aria-current")).toBe("page");
      await a11y(page, context, js);
    }
    const table = page.getByRole("region", { name: "Users" });
    await page.getByLabel("Role", { exact: true }).selectOption("reviewer");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/role=reviewer/);
    await expect.poll(() => table.getByText("reviewer@example.org").first().isVisible()).toBe(true);
    await expect.poll(() => table.getByText("author@example.org").count()).toBe(0);

    const email = js ? "member.js@example.org" : "member.nojs@example.org";
    await page.getByLabel("Role", { exact: true }).selectOption("");
    await page.getByLabel("Search", { exact: true }).fill(js ? "member.js" : "member.nojs");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=member/);
    await expect.poll(() => page.getByText("Showing 1–1 of 1").isVisible()).toBe(true);
    await expect.poll(() => table.getByText(email).first().isVisible()).toBe(true);

    await table.getByRole("link", { name: /Change the role of/ }).click();
    const select = table.getByRole("combobox", { name: /Role of/ });
    await expect.poll(() => select.isVisible()).toBe(true);
    await a11y(page, context, js);
    await select.selectOption("reviewer");
    await table.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/done=role/);
    await expect.poll(() => page.getByText("User role updated successfully").isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("link", { name: /Role: reviewer/ }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Activity log" }).click();
    await page.waitForURL(/\/admin\/activity$/);
    await expect.poll(() => page.getByText("user.role").first().isVisible()).toBe(true);
    await a11y(page, context, js);
    noErrors();
    await context.close();
  });
});
