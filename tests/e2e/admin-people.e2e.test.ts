import { describe, expect, it } from "vitest";
import { newAccount, waitForHydration } from "./browser";
import { consoleBrowser } from "./console";

/** The console's people: User Management and a user's dialog, and every console page on a phone; with and without JavaScript. */
const { signedInAdmin, a11y } = consoleBrowser();

describe.each([true, false])("User Management, JavaScript %s", (js) => {
  it("searches, filters by role and changes a role in place", async () => {
    const reviewer = await newAccount({ role: "reviewer", label: "reviewer", firstName: "Rita", lastName: "Reviewer" });
    const member = await newAccount({ label: js ? "member.js" : "member.nojs", firstName: "Mona", lastName: "Member" });
    const { context, page, noErrors } = await signedInAdmin(js);
    const tabs = page.getByRole("navigation", { name: "Console sections" });
    for (const tab of ["Conferences", "News", "Papers", "Board", "Users"]) {
      await tabs.getByRole("link", { name: tab }).click();
      await page.waitForURL(new RegExp(`/admin/${tab.toLowerCase()}$`));
      await expect.poll(() => tabs.getByRole("link", { name: tab }).getAttribute("aria-current")).toBe("page");
      await a11y(page, js);
    }
    const table = page.getByRole("region", { name: "User list" });
    await page.getByLabel("Role", { exact: true }).selectOption("reviewer");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/role=reviewer/);
    await expect.poll(() => table.getByText(reviewer.email).first().isVisible()).toBe(true);
    await expect.poll(() => table.getByText(member.email).count()).toBe(0);

    const email = member.email;
    await page.getByLabel("Role", { exact: true }).selectOption("");
    await page.getByLabel("Search", { exact: true }).fill(member.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=member/);
    await expect.poll(() => page.getByText("Showing 1–1 of 1").isVisible()).toBe(true);
    await expect.poll(() => table.getByText(email).first().isVisible()).toBe(true);

    await table.getByRole("link", { name: /Change the role of/ }).click();
    const select = table.getByRole("combobox", { name: /Role of/ });
    await expect.poll(() => select.isVisible()).toBe(true);
    await a11y(page, js);
    await select.selectOption("reviewer");
    await table.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/done=role/);
    await expect.poll(() => page.getByText("User role updated successfully").isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("link", { name: /Role: reviewer/ }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Activity log" }).click();
    await page.waitForURL(/\/admin\/activity$/);
    await expect.poll(() => page.getByText("User role changed").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("user.role").first().isVisible()).toBe(true);
    await a11y(page, js);
    noErrors();
    await context.close();
  });
});

describe.each([true, false])("editing and deleting a user, JavaScript %s", (js) => {
  it("edits every section, resets the password and deletes a user, with confirmation", async () => {
    const edited = await newAccount({ label: js ? "edit.js" : "edit.nojs", firstName: "Eddie", lastName: "Edit" });
    const deleted = await newAccount({ label: js ? "gone.js" : "gone.nojs", firstName: "Eddie", lastName: "Gone" });
    const { context, page, noErrors } = await signedInAdmin(js);
    const who = edited.email;
    await page.goto(`/admin/users?q=${who}`, { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: /^Edit / }).click();
    await page.waitForURL(new RegExp(`/admin/users/${edited.id}\\?q=`));
    const dialog = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => dialog.getByText(`Edit User: ${who}`).isVisible()).toBe(true);
    await a11y(page, js);
    const open = async (tab: string) => {
      if (js) await dialog.getByRole("tab", { name: tab }).click();
    };
    await dialog.getByLabel("First name").fill("Edith");
    await open("Affiliations");
    await dialog.locator("#primaryInstitution").fill("Institute of Editing");
    await dialog.locator("#primaryRank").selectOption("Lecturer");
    await dialog.locator("#primaryAddress1").fill("2 Quay");
    await dialog.locator("#primaryCity").fill("Bergen");
    await dialog.locator("#primaryPostalCode").fill("5003");
    await dialog.locator("#primaryCountry").selectOption("NO");
    await open("Expertise");
    for (const [n, category, topic] of [[1, "V. Derivatives", "Swaps"], [2, "II. Financial Accounting", "Auditing"], [3, "VI. Quantitative Finance", "Copula Models"]] as const) {
      if (js) {
        await dialog.locator(`#primary${n}Category`).selectOption(category);
        await dialog.locator(`#primary${n}`).selectOption(topic);
      } else {
        // Without JavaScript an area is one choice among topics grouped by category.
        await dialog.locator(`#primary${n}`).selectOption(`${category} :: ${topic}`);
      }
    }
    await open("Account");
    if (js) await a11y(page, js);
    await dialog.locator("#role").selectOption("moderator");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/done=saved/);
    await expect.poll(() => page.getByText("User updated successfully").isVisible()).toBe(true);
    const table = page.getByRole("region", { name: "User list" });
    await expect.poll(() => table.getByText("Edith").first().isVisible()).toBe(true);
    await expect.poll(() => table.getByText("Institute of Editing").isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("link", { name: /Role: moderator/ }).isVisible()).toBe(true);

    // Reset the password to a random one, shown once.
    await table.getByRole("link", { name: /^Edit / }).click();
    await page.waitForURL(/\/admin\/users\/\d+/);
    await dialog.getByLabel("Generate a random password and show it to me once").check();
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => dialog.getByText(/Password reset successfully\. New password: [a-z0-9-]{23}/).isVisible()).toBe(true);

    // Delete another user, with the confirmation.
    const gone = deleted.email;
    await page.goto(`/admin/users?q=${gone}`, { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: /^Delete / }).click();
    const confirm = js ? page.getByRole("dialog") : page.locator("#record");
    await expect.poll(() => confirm.getByText("This action cannot be undone.", { exact: false }).isVisible()).toBe(true);
    await a11y(page, js);
    await confirm.getByRole("button", { name: "Delete user" }).click();
    await page.waitForURL(/done=deleted/);
    await expect.poll(() => page.getByText("User deleted successfully").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No users match your search criteria.").isVisible()).toBe(true);
    noErrors();
    await context.close();
  });
});

describe.each([true, false])("the console on a phone, JavaScript %s", (js) => {
  it("fits every page to the screen, and the header does not wrap", async () => {
    const { context, page } = await signedInAdmin(js, { viewport: "phone" });
    try {
      for (const path of ["/admin/users", "/admin/board", "/admin/board/new", "/admin/news", "/admin/news/new", "/admin/conferences", "/admin/conferences/new", "/admin/activity", "/admin/outbox", "/profile/sessions"]) {
        // Measured once the style sheet has arrived: without scripts the document is ready before
        // it, and under load an unstyled table measured 815 px on a 360 px screen.
        await page.goto(path, { waitUntil: "load" });
        if (js) await waitForHydration(page);
        const sizes = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          screen: document.documentElement.clientWidth,
          // Each header item is one line: no taller than the account's menu button.
          items: [...document.querySelectorAll(".main-nav > ul > li > a, .main-nav > ul > li > details > summary")].map((e) => Math.round(e.getBoundingClientRect().height)),
        }));
        expect(sizes.page, path).toBeLessThanOrEqual(sizes.screen);
        expect(Math.max(...sizes.items), `${path}: ${sizes.items.join(", ")}`).toBeLessThan(48);
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
