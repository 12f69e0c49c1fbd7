import { describe, expect, it } from "vitest";
import { deadMail } from "./browser";
import { consoleBrowser } from "./console";
import { waitForMail } from "./mail";

/** The console's Outbox tab: find a mail the notices Worker gave up on and send it again; with and without JavaScript. */
const { signedInAdmin, a11y } = consoleBrowser();

describe.each([true, false])("the Outbox tab, JavaScript %s", (js) => {
  it("lists a dead mail with its error, filters by status, and resends it: the mail arrives and the row reads Sent", async () => {
    const to = `outbox.${js ? "js" : "nojs"}.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const { id } = await deadMail({ to, template: "activation", payload: { name: "Dr. Ada Lovelace", link: "https://www.example.org/activate-account?token=abc" } });
    const { context, page, noErrors } = await signedInAdmin(js);
    const tabs = page.getByRole("navigation", { name: "Console sections" });
    await tabs.getByRole("link", { name: "Outbox" }).click();
    await page.waitForURL(/\/admin\/outbox$/);
    await expect.poll(() => tabs.getByRole("link", { name: "Outbox" }).getAttribute("aria-current")).toBe("page");
    await a11y(page, js);

    await page.getByLabel("Status", { exact: true }).selectOption("dead");
    await page.getByLabel("Search", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/status=dead/);
    const table = page.getByRole("region", { name: "E-mails in the outbox" });
    const row = table.getByRole("row").filter({ hasText: to });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText("Dead").isVisible()).toBe(true);
    await expect.poll(() => row.getByText("The SMTP server closed the connection.").isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Account activation").isVisible()).toBe(true);
    await a11y(page, js);

    await row.getByRole("button", { name: `Resend e-mail #${id}` }).click();
    await page.waitForURL(/done=resent/);
    await expect.poll(() => page.getByText("The e-mail was queued to be sent again.").isVisible()).toBe(true);
    const mail = await waitForMail(to, "Activate your account");
    expect(mail.text).toContain("Dear Dr. Ada Lovelace,");

    await page.goto(`/admin/outbox?q=${encodeURIComponent(to)}`, { waitUntil: "domcontentloaded" });
    const sent = page.getByRole("region", { name: "E-mails in the outbox" }).getByRole("row").filter({ hasText: to });
    await expect.poll(() => sent.getByText("Sent", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => sent.getByRole("button", { name: /Resend/ }).count()).toBe(0);
    await a11y(page, js);
    noErrors();
    await context.close();
  });
});
