import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launch, newAccount, newContext, signedInContext, waitForHydration, watchErrors } from "./browser";

/** How visitors use the public site: menus, tabs, the gallery, sharing, with and without JavaScript. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function open(path: string, { js = true, viewport = "desktop" as "desktop" | "phone", permissions = [] as string[] } = {}) {
  const context = await newContext(browser, { js, viewport });
  if (permissions.length) await context.grantPermissions(permissions);
  const page = await context.newPage();
  const noErrors = js ? watchErrors(page) : () => {};
  await page.goto(path, { waitUntil: "domcontentloaded" });
  if (js) await waitForHydration(page);
  return { page, done: async () => (noErrors(), context.close()) };
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });

describe("The Society menu", () => {
  it("opens and is walked by keyboard, and Escape closes it", async () => {
    const { page, done } = await open("/");
    const summary = menu(page).getByText("The Society", { exact: true });
    await summary.focus();
    await page.keyboard.press("Enter");
    const board = menu(page).getByRole("link", { name: "Board of Directors" });
    await expect.poll(() => board.isVisible()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Board of Directors");
    await page.keyboard.press("Escape");
    await expect.poll(() => board.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("The Society");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/society");
    await expect.poll(() => page.locator("h1").textContent()).toBe("About the Society");
    await expect.poll(() => board.isVisible()).toBe(false);
    await done();
  });

  it("works without JavaScript on a phone", async () => {
    const { page, done } = await open("/", { js: false, viewport: "phone" });
    await menu(page).getByText("The Society", { exact: true }).click();
    await menu(page).getByRole("link", { name: "Multinational Finance Journal" }).click();
    await page.waitForURL("**/journal");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Multinational Finance Journal");
    await done();
  });

  it("closes when the visitor clicks elsewhere", async () => {
    const { page, done } = await open("/");
    await menu(page).getByText("The Society", { exact: true }).click();
    await expect.poll(() => menu(page).getByRole("link", { name: "Membership" }).isVisible()).toBe(true);
    await page.locator("h1").click();
    await expect.poll(() => menu(page).getByRole("link", { name: "Membership" }).isVisible()).toBe(false);
    await done();
  });
});

describe("the top bar", () => {
  it("shrinks once the page has scrolled more than 50 px, and grows back", async () => {
    const { page, done } = await open("/society/board");
    const header = page.locator("header.site-header");
    await expect.poll(() => header.getAttribute("class")).not.toContain("is-compact");
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    await expect.poll(() => header.getAttribute("class")).not.toContain("is-compact");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => header.getAttribute("class")).toContain("is-compact");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute("class")).not.toContain("is-compact");
    await done();
  });

  /**
   * A signed-in visitor's page on which the user menu's code waits until `release` lets it in;
   * `menuHydrated` waits until React has taken over the server's markup (React's own key on it).
   */
  async function pageWithMenuCodeHeld(label: string) {
    const account = await newAccount({ session: true, label });
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    const noErrors = watchErrors(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/user-menu-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/society/board", { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    const menuHydrated = () =>
      page.waitForFunction(() => {
        const details = document.querySelector("details.user-menu");
        return !!details && Object.keys(details).some((k) => k.startsWith("__reactFiber$"));
      });
    return { context, page, noErrors, release, menuHydrated };
  }

  it("shrinks while a signed-in visitor's menu is still loading, and the menu keeps the server's markup and then works", async () => {
    // The user menu's code arrives only after the page has hydrated and scrolled.
    const { context, page, noErrors, release, menuHydrated } = await pageWithMenuCodeHeld("menu-late");
    const header = page.locator("header.site-header");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => header.getAttribute("class")).toContain("is-compact");
    release();
    // Once its code has arrived and React has taken over the server's markup, the menu works: a
    // click lands on the hydrated menu, not on its way there.
    await menuHydrated();
    const summary = menu(page).locator("details.user-menu > summary");
    await summary.click();
    await expect.poll(() => menu(page).getByRole("link", { name: "Logout" }).isVisible()).toBe(true);
    noErrors();
    await context.close();
  });

  it("keeps the menu a visitor opened while its code was loading open once it hydrates, and closes it when the page changes", async () => {
    const { context, page, noErrors, release, menuHydrated } = await pageWithMenuCodeHeld("menu-early");
    // Opened natively, as the server's markup opens without the menu's code.
    await menu(page).locator("details.user-menu > summary").click();
    const dashboard = menu(page).getByRole("link", { name: "Dashboard" });
    await expect.poll(() => dashboard.isVisible()).toBe(true);
    release();
    await menuHydrated();
    // (React's effects run after it takes the markup over: give them a frame.)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator("details.user-menu").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await dashboard.click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.locator("details.user-menu").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    noErrors();
    await context.close();
  });
});

describe("journal sections", () => {
  it("are a navigation of links: each section has its address and marks itself current", async () => {
    const { page, done } = await open("/journal");
    const nav = page.getByRole("navigation", { name: "Journal information" });
    await nav.getByRole("link", { name: "Open Access" }).click();
    await page.waitForURL("**/journal?tab=open-access");
    await expect.poll(() => page.getByRole("region", { name: "Open Access" }).textContent()).toContain("CC BY-NC 4.0");
    await expect.poll(() => nav.getByRole("link", { name: "Open Access" }).getAttribute("aria-current")).toBe("page");
    await nav.getByRole("link", { name: "Open Access" }).focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Publication Ethics");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/journal?tab=ethics");
    await expect.poll(() => page.getByRole("region", { name: "Publication Ethics" }).textContent()).toContain("Authorship cannot change");
    await expectAccessible(page);
    await done();
  });

  it("work without JavaScript", async () => {
    const { page, done } = await open("/journal", { js: false });
    await page.getByRole("link", { name: "Guide for Authors" }).click();
    await page.waitForURL("**/journal?tab=guide");
    await expect.poll(() => page.locator("body").innerText()).toContain("at most 150 words");
    await done();
  });
});

describe("board periods", () => {
  it.each([true, false])("choosing a period shows it (JavaScript %s)", async (js) => {
    const { page, done } = await open("/society/board", { js });
    await page.getByRole("navigation", { name: "Board periods" }).getByRole("link", { name: /^2023-2024/ }).click();
    await page.waitForURL("**/society/board?period=2023-2024");
    await expect.poll(() => page.locator("#period-title").textContent()).toBe("Period 2023-2024");
    await expect.poll(() => page.locator("body").innerText()).toContain("Prof. Hiroshi Tanabe");
    await done();
  });
});

// The news list, reached from the header, home and an item's
// breadcrumb, with the same dates everywhere; the footer reads like a real society's.
describe.each([true, false])("news, JavaScript %s", (js) => {
  it("goes from home to the list, to an item and back by its breadcrumb, and the menu leads there too", async () => {
    const { page, done } = await open("/", { js, viewport: js ? "desktop" : "phone" });
    const firstOnHome = page.locator(".news-list > li").first();
    const title = (await firstOnHome.locator("h3").innerText()).trim();
    const datesOf = async (l: ReturnType<Page["locator"]>) => (await l.innerText()).trim().replace(/\s+/g, " ");
    const homeDates = await datesOf(firstOnHome.locator(".news-dates"));
    expect(homeDates).toMatch(/^Published \d{1,2} \w+ \d{4}/);
    expect(await page.getByRole("contentinfo").innerText()).not.toMatch(/Example|invented/);
    await page.getByRole("link", { name: "All news" }).click();
    await page.waitForURL(/\/news$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("News");
    // (Axe runs in the page: pages.e2e scans /news without JavaScript.)
    if (js) await expectAccessible(page);
    const item = page.locator(".news-list > li", { hasText: title });
    expect(await datesOf(item.locator(".news-dates"))).toBe(homeDates);
    await item.getByRole("link", { name: /^Read More/ }).click();
    await page.waitForURL(/\/news\/\d+$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(title);
    expect(await datesOf(page.locator(".page-head .news-dates"))).toBe(homeDates);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "News" }).click();
    await page.waitForURL(/\/news$/);
    await menu(page).getByText("The Society", { exact: true }).click();
    await menu(page).getByRole("link", { name: "News" }).click();
    await page.waitForURL(/\/news$/);
    await done();
  });
});

describe("conference pages", () => {
  it.each([true, false])("a visitor goes from the list to a conference and downloads its materials (JavaScript %s)", async (js) => {
    const { page, done } = await open("/conferences", { js });
    await page.locator("article", { hasText: "Porto" }).getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL(/\/conferences\/\d+$/);
    const link = page.getByRole("link", { name: /Call for Papers\.pdf/ });
    const href = await link.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const ics = await page.request.get(await page.getByRole("link", { name: "Download .ics file" }).getAttribute("href") as string);
    expect(await ics.text()).toContain("BEGIN:VEVENT");
    await done();
  });

  it("the gallery pages through slides and opens a photo in a dialog that copies its URL", async () => {
    const { page, done } = await open("/conferences/1", { permissions: ["clipboard-read", "clipboard-write"] });
    const gallery = page.locator("#gallery");
    await expect.poll(() => gallery.locator("ul.gallery-slide img").count()).toBe(6);
    await gallery.getByRole("link", { name: "Next ›" }).click();
    await page.waitForURL("**slide=2**");
    await expect.poll(() => gallery.locator("ul.gallery-slide img").count()).toBe(2);
    await gallery.getByRole("link", { name: "Open photo 8 full size" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.textContent()).toContain("Photo 8 of 8");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Copy URL" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("URL copied to clipboard");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/conferences\/photos\/[a-z0-9]+\.jpg$/);
    expect((await page.request.get(copied)).headers()["content-type"]).toBe("image/jpeg");
    const download = dialog.getByRole("link", { name: "Download" });
    expect(await download.getAttribute("href")).toMatch(/\?download$/);
    // Previous and next: links, the arrow keys, and a swipe on phones. The
    // last photo has no Next; going back past a slide's first photo shows the slide before.
    expect(await dialog.getByRole("link", { name: "Next photo ›" }).count()).toBe(0);
    await dialog.getByRole("link", { name: "‹ Previous photo" }).click();
    await expect.poll(() => dialog.getByRole("heading").textContent()).toContain("Photo 7 of 8");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toContain("Photo 6 of 8");
    await expect.poll(() => page.url()).toContain("slide=1");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toContain("Photo 7 of 8");
    const box = (await dialog.locator("img").boundingBox())!;
    const swipe = async (from: number, to: number) => {
      const y = box.y + box.height / 2;
      await dialog.locator("img").dispatchEvent("pointerdown", { pointerType: "touch", clientX: box.x + from, clientY: y, isPrimary: true });
      await dialog.locator("img").dispatchEvent("pointerup", { pointerType: "touch", clientX: box.x + to, clientY: y + 5, isPrimary: true });
    };
    await swipe(box.width - 20, 20);
    await expect.poll(() => dialog.getByRole("heading").textContent()).toContain("Photo 8 of 8");
    await swipe(20, box.width - 20);
    await expect.poll(() => dialog.getByRole("heading").textContent()).toContain("Photo 7 of 8");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.url()).not.toContain("photo=");
    // The focus returns to the thumbnail of the photo the dialog showed last, not the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open photo 7 full size");
    await done();
  });

  it("tells the visitor when copying fails", async () => {
    const { page, done } = await open("/conferences/1");
    await page.evaluate(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: /copy/i }).first().textContent()).toBe("Failed to copy URL");
    await done();
  });

  it("without JavaScript the photo opens as a page section with Download, the URL and Close", async () => {
    const { page, done } = await open("/conferences/1", { js: false });
    await page.getByRole("link", { name: "Open photo 2 full size" }).click();
    await page.waitForURL("**photo=**");
    const view = page.locator("#photo-view");
    await expect.poll(() => view.locator("h3").textContent()).toBe("Photo 2 of 8");
    await expect.poll(() => view.getByLabel("Photo URL").inputValue()).toMatch(/\/api\/conferences\/photos\/[a-z0-9]+\.jpg$/);
    // Previous and next are plain links.
    await view.getByRole("link", { name: "Next photo ›" }).click();
    await expect.poll(() => view.locator("h3").textContent()).toBe("Photo 3 of 8");
    await view.getByRole("link", { name: "‹ Previous photo" }).click();
    await expect.poll(() => view.locator("h3").textContent()).toBe("Photo 2 of 8");
    await view.getByRole("link", { name: "‹ Previous photo" }).click();
    await expect.poll(() => view.locator("h3").textContent()).toBe("Photo 1 of 8");
    expect(await view.getByRole("link", { name: "‹ Previous photo" }).count()).toBe(0);
    await view.getByRole("link", { name: "Next photo ›" }).click();
    await expect.poll(() => view.locator("h3").textContent()).toBe("Photo 2 of 8");
    await view.getByRole("link", { name: "Close" }).click();
    await page.waitForURL("**slide=1#gallery");
    await expect.poll(() => page.locator("#photo-view").count()).toBe(0);
    await done();
  });

  it("share links point at the conference's canonical address", async () => {
    const { page, done } = await open("/conferences/1", { js: false });
    const x = await page.getByRole("link", { name: /Share on X/ }).getAttribute("href");
    expect(new URL(x!).searchParams.get("url")).toMatch(/\/conferences\/1$/);
    await expect.poll(() => page.getByLabel("Link to this page").inputValue()).toMatch(/\/conferences\/1$/);
    await done();
  });
});

describe("home page", () => {
  it("leads from the upcoming conference to its page and from news to the item", async () => {
    const { page, done } = await open("/");
    // Whichever conference is next: other test files on this stack add conferences of their own.
    await page.getByRole("link", { name: /^Learn More about / }).first().click();
    await page.waitForURL(/\/conferences\/\d+$/);
    await page.goBack();
    await page.getByRole("link", { name: /Read More\W+Call for papers/ }).click();
    await page.waitForURL(/\/news\/\d+$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Call for papers: the annual conference in Porto");
    await done();
  });
});
