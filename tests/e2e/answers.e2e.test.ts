import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessibleAsShown, launch, newAccount, newPaper, signedInContext, waitForHydration, watchErrors, type ViewportName } from "./browser";

/**
 * Where a page answers: a refused form says its own reason on its field, the page opens at the
 * message (without JavaScript too), a confirmation opened over a list is where the page opens,
 * and an upload too large for the site gets the site's answer, never the browser's connection
 * error page.
 */
let browser: Browser;
let files: string;
beforeAll(async () => {
  browser = await launch();
  files = mkdtempSync(path.join(tmpdir(), "answers-"));
});
afterAll(async () => {
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

const MB = 1024 * 1024;

/**
 * Whether the element is focused and `shown` (the element itself unless told) stands wholly inside
 * the window.
 */
async function focusedInView(page: Page, selector: string, shown = selector) {
  return page.evaluate(
    ([sel, part]: [string, string]) => {
      const el = document.querySelector(sel);
      const seen = document.querySelector(part);
      if (!el || !seen) return `no ${el ? part : sel}`;
      const box = seen.getBoundingClientRect();
      const inView = box.top >= 0 && box.top < window.innerHeight && box.bottom <= window.innerHeight + 1;
      return document.activeElement === el && inView ? "focused in view" : `focused: ${document.activeElement?.tagName}#${document.activeElement?.id}, ${part} top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)} of ${window.innerHeight}`;
    },
    [selector, shown] as [string, string],
  );
}

/** A file of `bytes` that starts as a PDF, written once for the run. */
function pdfOf(bytes: number) {
  const file = path.join(files, `large-${bytes}.pdf`);
  const body = Buffer.alloc(bytes, 0x61);
  body.write("%PDF-1.7\n");
  writeFileSync(file, body);
  return file;
}

describe.each([
  [true, "desktop"],
  [false, "phone"],
] as const)("a refused form, JavaScript %s on %s", (js, viewport: ViewportName) => {
  it("profile: a wrong current password says so on that field, the page opens at the message, the new password is kept with JavaScript", async () => {
    const account = await newAccount({ label: js ? "answers.pw.js" : "answers.pw.nojs" });
    const context = await signedInContext(browser, account, { js, viewport });
    const page = await context.newPage();
    const noErrors = js ? watchErrors(page, { expectStatuses: [400] }) : () => {};
    await page.goto("/profile?tab=password", { waitUntil: "domcontentloaded" });
    if (js) await waitForHydration(page);
    await page.locator("#currentPassword").fill("not-the-password");
    await page.locator("#newPassword").fill("velvet orbit cactus anthem");
    await page.locator("#newPasswordRetype").fill("velvet orbit cactus anthem");
    await page.getByRole("button", { name: "Change Password" }).click();
    const alert = page.locator(".alert-error");
    await expect.poll(() => alert.textContent()).toBe("The current password is not correct.");
    expect(await page.getByText("Please fill in all required fields correctly").count()).toBe(0);
    // On its field, tied to it.
    const current = page.locator("#currentPassword");
    expect(await current.getAttribute("aria-invalid")).toBe("true");
    const described = (await current.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`#${described.split(" ").at(-1)}`).textContent()).toBe("The current password is not correct.");
    await expect.poll(() => focusedInView(page, ".alert-error")).toBe("focused in view");
    if (js) {
      // Only the wrong password is cleared; the new one stays as typed.
      expect(await current.inputValue()).toBe("");
      expect(await page.locator("#newPassword").inputValue()).toBe("velvet orbit cactus anthem");
      expect(await page.locator("#newPasswordRetype").inputValue()).toBe("velvet orbit cactus anthem");
    }
    await expectAccessibleAsShown(browser, page, { js, viewport });
    noErrors();
    await context.close();
  });
});

describe.each([true, false])("an author's e-mail given twice, JavaScript %s", (js) => {
  it("says so on that author's e-mail, not the sentence for fields left empty (the paper editor's authors, checked as the wizard's)", async () => {
    const { paperId } = await newPaper({ label: js ? "answers twice js" : "answers twice nojs" });
    const admin = await newAccount({ role: "admin", label: js ? "answers.twice.js" : "answers.twice.nojs" });
    const context = await signedInContext(browser, admin, { js });
    const page = await context.newPage();
    const noErrors = js ? watchErrors(page, { expectStatuses: [400] }) : () => {};
    const settle = async () => {
      await page.waitForLoadState("domcontentloaded");
      if (js) await waitForHydration(page);
    };
    await page.goto(`/admin/papers/${paperId}/edit`, { waitUntil: "domcontentloaded" });
    await settle();
    const editor = js ? page.getByRole("dialog") : page.locator("#record");
    await editor.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await settle();
    const first = await editor.locator('input[name="authors[0][email]"]').inputValue();
    const second = editor.locator("#author-2");
    if (!(await second.getByLabel(/^E-mail/).isVisible())) await second.getByText("Edit details").click();
    await second.getByLabel(/^E-mail/).fill(first);
    await editor.getByRole("button", { name: "Next" }).click();
    await settle();
    await expect.poll(() => editor.locator(".alert-error").textContent()).toBe("Another author has this e-mail address.");
    expect(await editor.getByText("Please fill in all required fields correctly.").count()).toBe(0);
    const email = second.getByLabel(/^E-mail/);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    const described = (await email.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`#${described.split(" ").at(-1)}`).textContent()).toBe("Another author has this e-mail address.");
    await expectAccessibleAsShown(browser, page, { js, viewport: "desktop" });
    noErrors();
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("a console record's confirmation is where the page opens, focused", async () => {
    const admin = await newAccount({ role: "admin", label: "answers.confirm" });
    const context = await signedInContext(browser, admin, { js: false, viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/admin/news/1/delete", { waitUntil: "load" });
    await expect.poll(() => page.getByRole("heading", { name: "Delete news" }).isVisible()).toBe(true);
    // The browser focuses an `autofocus` element, and scrolls to it, when it next renders, which
    // may come before the rest of the record has arrived: what it promises is the record focused
    // with its heading on the screen, not the whole record (which then grows below the heading).
    await expect.poll(() => focusedInView(page, "#record", "#route-dialog-title")).toBe("focused in view");
    await expectAccessibleAsShown(browser, page, { js: false, viewport: "phone" });
    await context.close();
  });

  it("a manuscript past the limits gets the site's answer: the wizard's message up to the page limit, the site's page above it", async () => {
    const author = await newAccount({ label: "answers.upload" });
    const context = await signedInContext(browser, author, { js: false, viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/dashboard?tab=submit&step=1", { waitUntil: "load" });
    await page.locator("#conferenceId").selectOption({ index: 1 });
    await page.locator("#manuscriptType").selectOption("regular");
    await Promise.all([page.waitForURL(/step=2/), page.getByRole("button", { name: "Next" }).click()]);

    // 30 MB: the wizard's own message, where the page opens.
    await page.locator("#manuscript").setInputFiles(pdfOf(30 * MB));
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: /Upload/ }).first().click()]);
    await expect.poll(() => page.locator(".alert-error").textContent(), { timeout: 60_000 }).toContain("File size too large. Maximum allowed size is 25MB.");
    await expect.poll(() => focusedInView(page, ".alert-error")).toBe("focused in view");
    await expectAccessibleAsShown(browser, page, { js: false, viewport: "phone" });

    // 80 MB, past what one form may carry: the site's page, not a connection reset.
    await page.locator("#manuscript").setInputFiles(pdfOf(80 * MB));
    const answer = page.waitForResponse((r) => r.request().method() === "POST", { timeout: 120_000 });
    await page.getByRole("button", { name: /Upload/ }).first().click();
    expect((await answer).status()).toBe(413);
    await expect.poll(() => page.getByRole("heading", { name: "Too much at once" }).isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.textContent("body")).toContain("Nothing was saved: one form can carry at most 50 MB of files.");
    await context.close();
  });
});
