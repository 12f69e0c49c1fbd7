import { afterAll, beforeAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { expectAccessibleAsShown, launch, newAccount, signedInContext, type ViewportName, waitForHydration, watchErrors } from "./browser";

/**
 * The console's browser tests' shared setup, one browser per test file: a new administrator of
 * the test's own, signed in by a session made in D1 (sign-in has tests of its own), and the axe
 * scan of a page as shown. The console's refused forms answer 400 on purpose; Chromium logs
 * those as errors.
 */
export function consoleBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());
  return {
    async signedInAdmin(js: boolean, opts: { viewport?: ViewportName } = {}) {
      const admin = await newAccount({ role: "admin", label: "console.admin", firstName: "Ada", lastName: "Administrator" });
      const context = await signedInContext(browser, admin, { js, viewport: opts.viewport });
      const page = await context.newPage();
      const noErrors = js ? watchErrors(page, { expectStatuses: [400] }) : () => {};
      await page.goto("/admin/dashboard", { waitUntil: "domcontentloaded" });
      if (js) await waitForHydration(page);
      return { context, page, noErrors };
    },
    a11y: (page: Page, js: boolean) => expectAccessibleAsShown(browser, page, { js }),
  };
}
