import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noteResult } from "../fixtures/note-people";
import { chooseThreeAreas } from "./wizard";
import { expectAccessibleAsShown, launch, newAccount, newConference, signedInContext, stack, waitForHydration, watchErrors, type ViewportName } from "./browser";

/**
 * Correcting what the extraction read, with JavaScript (on a phone, where the wizard starts below
 * the fold) and without (desktop): a working paper whose first-page note names 25 people is
 * trimmed to its two authors in a few actions and stays so after a reload; where each value came
 * from and how sure, gone once changed; focus after Next; the refused submit's cards opened and
 * marked, the message linked to the field, and (with JavaScript) gone once the field is right.
 * Axe checks every state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stepPath = (n: number) => `/dashboard?tab=submit&step=${n}`;

/** An author with a profile and a draft whose manuscript has been read (the note's 25 people), at step 2. */
async function authorWithNoteDraft(label: string) {
  const author = await newAccount({
    label,
    firstName: "Nadia",
    lastName: "Okafor",
    profile: {
      primaryAffiliation: { institution: "Pennine University", rank: "Professor", department: "Finance", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } },
      expertise: [{ category: "I. Corporate Finance", topic: "Capital Structure" }],
    },
  });
  const conference = await newConference({ title: `Corrections ${label} ${crypto.randomUUID().slice(0, 6)}`, papers: [] });
  const response = await fetch(`${stack().factoryUrl}/submission-drafts`, { method: "POST", body: JSON.stringify({ userId: author.id, conferenceId: conference.id, fileName: "working-paper.pdf", result: noteResult() }) });
  if (!response.ok) throw new Error(await response.text());
  return author;
}

/** Where focus is and whether it is in view. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const box = el?.getBoundingClientRect();
    // In view means below the sticky header, not under it.
    const headerBottom = document.querySelector("header.site-header")?.getBoundingClientRect().bottom ?? 0;
    const wizardTop = document.querySelector(".wizard")?.getBoundingClientRect().top ?? 0;
    return { id: el?.id ?? "", tag: el?.tagName ?? "", text: el?.textContent?.trim() ?? "", inView: !!box && box.top >= headerBottom && box.bottom <= window.innerHeight, wizardBelowHeader: wizardTop >= headerBottom, scrollY: window.scrollY };
  });

describe.each([
  [true, "phone"],
  [false, "desktop"],
] as const)("correcting what was read, JavaScript %s on %s", (js: boolean, viewport: ViewportName) => {
  it("trims 25 people read from a note to the paper's authors in a few actions, kept across a reload", async () => {
    const author = await authorWithNoteDraft(js ? "note.js" : "note.nojs");
    const context = await signedInContext(browser, author, { js, viewport });
    const page = await context.newPage();
    const run = { js, viewport };
    const a11y = () => expectAccessibleAsShown(browser, page, run);
    const noErrors = js ? watchErrors(page, { expectStatuses: [400] }) : () => {};
    const ready = async () => {
      if (js) await waitForHydration(page);
    };
    await page.goto(stepPath(2), { waitUntil: "domcontentloaded" });
    await ready();
    await expect.poll(() => page.getByText(/Extraction complete: found the title, the abstract, 25 authors/).isVisible()).toBe(true);

    // Next: with JavaScript the new step's heading has focus, in view (not the page's top).
    await Promise.all([page.waitForURL(/step=3/), page.getByRole("button", { name: "Next" }).click()]);
    await ready();
    if (js) {
      await expect.poll(async () => (await focusOf(page)).id).toBe("wizard-step-title");
      const focus = await focusOf(page);
      expect(focus.text).toBe("Title and abstract");
      expect(focus.inView).toBe(true);
      // The progress line ('Step 3 of 5') shows whole, below the header.
      expect(focus.wizardBelowHeader).toBe(true);
      expect(focus.scrollY).toBeGreaterThan(0);
    }
    // Where the title and abstract came from, and how sure: three levels told apart by words and mark.
    const titleHint = page.locator("#manuscriptTitle-hint .provenance");
    await expect.poll(() => titleHint.textContent()).toBe("Filled in from your manuscript (page 1), ✔ high confidence.");
    await expect.poll(() => page.locator("#manuscriptAbstract-hint .provenance").textContent()).toBe("Filled in from your manuscript (page 1), ⚠ low confidence: likely wrong, please check it.");
    await a11y();
    // A rewritten title loses its hint (with JavaScript as typed; without, once posted).
    await page.locator("#manuscriptTitle").fill("Trade Credit Chains");
    if (js) await expect.poll(() => titleHint.count()).toBe(0);
    await Promise.all([page.waitForURL(/step=4/), page.getByRole("button", { name: "Next" }).click()]);
    await ready();
    if (js) await expect.poll(async () => (await focusOf(page)).text).toBe("Research areas");
    if (js) {
      const area = page.getByRole("group", { name: "Primary research area" });
      for (const [n, category, topic] of [
        [1, "I. Corporate Finance", "Capital Structure"],
        [2, "III. Financial Markets and Institutions", "Market Microstructure"],
        [3, "IV. Investments & Portfolio Management", "Asset Pricing"],
      ] as const) {
        const group = n === 1 ? area : page.getByRole("group", { name: `${n === 2 ? "Secondary" : "Tertiary"} research area` });
        await group.locator("select").first().selectOption(category);
        await group.locator("select").nth(1).selectOption(topic);
      }
    } else {
      await page.locator("#researchArea1").selectOption("I. Corporate Finance :: Capital Structure");
      await page.locator("#researchArea2").selectOption("III. Financial Markets and Institutions :: Market Microstructure");
      await page.locator("#researchArea3").selectOption("IV. Investments & Portfolio Management :: Asset Pricing");
    }
    await Promise.all([page.waitForURL(/step=5/), page.getByRole("button", { name: "Next" }).click()]);
    await ready();
    if (!js) {
      await page.goto(stepPath(3), { waitUntil: "domcontentloaded" });
      await expect.poll(() => page.locator("#manuscriptTitle-hint .provenance").count()).toBe(0);
      await page.goto(stepPath(5), { waitUntil: "domcontentloaded" });
    }

    // The authors step says how many were read, where, and who did not fit.
    const cards = page.locator(".author-card");
    await expect.poll(() => cards.count()).toBe(20);
    await expect.poll(() => page.getByText("25 people read from your manuscript on page 1; 19 shown.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/so 6 were left out: Tara Nolan, Uma Rao, Viktor Berg, Wen Li, Yara Saleh, Zeno Fabbri\./).isVisible()).toBe(true);
    await expect.poll(() => cards.nth(0).locator(".author-card-source").textContent()).toBe("Read from page 1, ✔ high confidence");
    await expect.poll(() => cards.nth(2).locator(".author-card-source").textContent()).toBe("Read from page 1, ⚠ low confidence: likely wrong, please check it");
    await expect.poll(() => cards.nth(19).locator(".author-card-source").textContent()).toBe("From your profile.");
    await a11y();

    // Two ticked and removed together; then everyone below the second author in one click.
    await cards.nth(2).getByRole("checkbox", { name: /^Select author 3/ }).check();
    await cards.nth(3).getByRole("checkbox", { name: /^Select author 4/ }).check();
    const removeSelected = page.getByRole("button", { name: /^Remove selected( \(2\))?$/ });
    if (js) await removeSelected.click();
    else await Promise.all([page.waitForURL(/removed=2/), removeSelected.click()]);
    await expect.poll(() => cards.count()).toBe(18);
    if (js) await expect.poll(async () => (await focusOf(page)).tag).toBe("BUTTON");
    else await expect.poll(() => page.getByText("2 authors removed; 18 left.").isVisible()).toBe(true);
    await a11y();
    const below = cards.nth(1).getByRole("button", { name: "Remove all below author 2, Bruno Feld" });
    // With JavaScript the page saves the draft at once (the autosave's post).
    const saved = js ? page.waitForResponse((r) => r.request().method() === "POST" && /(^|&)intent=save(&|$)/.test(r.request().postData() ?? "") && /authors%5B2%5D/.test(r.request().postData() ?? "") && !/authors%5B3%5D/.test(r.request().postData() ?? "")) : null;
    if (js) await below.click();
    else await Promise.all([page.waitForURL(/removed=15/), below.click()]);
    // The signed-in author's card stays, and says why.
    await expect.poll(() => cards.count()).toBe(3);
    await expect.poll(() => cards.nth(2).locator(".author-card-title").textContent()).toContain("Nadia Okafor");
    if (js) {
      await expect.poll(() => page.getByRole("status").filter({ hasText: "15 authors removed; 3 left. Your own card stays" }).count()).toBe(1);
      // Focus on the card now below the second author (the signed-in author's), not lost on the page.
      await expect.poll(async () => (await focusOf(page)).tag).toBe("BUTTON");
      expect((await saved)!.status()).toBe(200);
      await expect.poll(() => page.getByText(/^Draft saved at \d\d:\d\d\.$/).isVisible()).toBe(true);
    } else {
      await expect.poll(() => page.getByText("15 authors removed; 3 left. Your own card stays", { exact: false }).isVisible()).toBe(true);
    }
    await a11y();

    // A reload brings nobody back.
    await page.reload({ waitUntil: "domcontentloaded" });
    await ready();
    await expect.poll(() => cards.count()).toBe(3);
    await expect.poll(async () => (await cards.locator(".author-card-title").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual(["1. Amara Quist", "2. Bruno Feld", "3. Nadia Okafor"]);

    // Submit with a wrong address and no ranks: refused; the cards at fault open and marked, the message a link to the field.
    const first = cards.nth(0);
    if (!(await first.locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await first.locator("summary").click();
    await first.locator('input[name$="[email]"]').fill("amara@");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("Author 1 (Amara Quist), E-mail: Enter a valid e-mail address.").isVisible()).toBe(true);
    await expect.poll(() => first.getByText("Check this card").isVisible()).toBe(true);
    await expect.poll(() => first.locator("details").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // The rank papers never print: the spec's note is its one message, no '… is required.' beside it.
    await expect.poll(() => first.locator(".author-rankTitle .field-error").textContent()).toBe("This required field is missing from AI extraction");
    await expect.poll(() => first.locator(".author-rankTitle").getByText("Academic rank is required.").count()).toBe(0);
    await a11y();
    await page.getByRole("link", { name: "Author 1 (Amara Quist), E-mail: Enter a valid e-mail address." }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#author-\d+-email$/);
    if (js) {
      // Fixed in the page, the field's message goes at once.
      await first.locator('input[name$="[email]"]').fill("amara@pennine.example");
      await expect.poll(() => first.locator(".author-email .field-error").count()).toBe(0);
      await first.locator('select[name$="[rankTitle]"]').selectOption("Professor");
      await expect.poll(() => first.locator(".author-rankTitle .field-error").count()).toBe(0);
      await expect.poll(() => first.locator('select[name$="[rankTitle]"]').getAttribute("aria-invalid")).toBeNull();
    }
    noErrors();
    await context.close();
  }, 240_000);
});

describe("the draft's autosave", () => {
  it("saves one change at a time: a change made while a save is on its way is saved after it, and a reload shows the latest", async () => {
    const author = await authorWithNoteDraft("autosave.order");
    const context = await signedInContext(browser, author, { js: true, viewport: "desktop" });
    const page = await context.newPage();
    const noErrors = watchErrors(page);
    await page.goto(stepPath(2), { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    for (const next of [3, 4]) await Promise.all([page.waitForURL(new RegExp(`step=${next}`)), page.getByRole("button", { name: "Next" }).click()]);
    await chooseThreeAreas(page, true);
    await Promise.all([page.waitForURL(/step=5/), page.getByRole("button", { name: "Next" }).click()]);
    const saves: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/dashboard(\.data)?\?/, async (route) => {
      const body = route.request().postData() ?? "";
      if (route.request().method() !== "POST" || !/(^|&)intent=save(&|$)/.test(body)) return route.continue();
      saves.push(body);
      // The first save is held on its way; the later ones go as they come.
      if (saves.length === 1) await held;
      await route.continue();
    });
    const cards = page.locator(".author-card");
    const email = (n: number) => cards.nth(n).locator('input[name$="[email]"]');
    for (const n of [0, 1]) {
      if (!(await cards.nth(n).locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await cards.nth(n).locator("summary").click();
    }
    await email(0).fill("amara.first@pennine.example");
    await expect.poll(() => saves.length).toBe(1);
    await email(1).fill("bruno.second@pennine.example");
    // A second past the last change the next save is due, but the first has not been answered.
    await page.waitForTimeout(2_000);
    expect(saves.length).toBe(1);
    const second = page.waitForResponse((r) => r.request().method() === "POST" && /bruno\.second%40pennine\.example/.test(r.request().postData() ?? ""));
    release();
    expect((await second).status()).toBe(200);
    expect(saves.length).toBe(2);
    await expect.poll(() => page.getByText(/^Draft saved at \d\d:\d\d\.$/).isVisible()).toBe(true);

    await page.unroute(/\/dashboard(\.data)?\?/);
    await page.reload({ waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    for (const n of [0, 1]) {
      if (!(await cards.nth(n).locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await cards.nth(n).locator("summary").click();
    }
    await expect.poll(() => email(0).inputValue()).toBe("amara.first@pennine.example");
    await expect.poll(() => email(1).inputValue()).toBe("bruno.second@pennine.example");
    noErrors();
    await context.close();
  });
});
