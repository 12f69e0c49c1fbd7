import path from "node:path";
import type { Page } from "playwright-core";

/** The shared manuscripts (shared/fixtures/manuscripts) the wizard's tests upload. */
export const MANUSCRIPTS = path.resolve(__dirname, "../../../shared/fixtures/manuscripts");

/**
 * Step 4 as an author fills it: three research areas, each a category and one of its topics
 * (with JavaScript two selects per area, without it one select of every "category :: topic").
 */
export async function chooseThreeAreas(page: Page, js: boolean) {
  for (const [n, category, topic] of [
    [1, "I. Corporate Finance", "Capital Structure"],
    [2, "III. Financial Markets and Institutions", "Market Microstructure"],
    [3, "IV. Investments & Portfolio Management", "Asset Pricing"],
  ] as const) {
    if (js) {
      const area = page.getByRole("group", { name: [`Primary`, `Secondary`, `Tertiary`][n - 1] + " research area" });
      await area.locator("select").first().selectOption(category);
      await area.locator("select").nth(1).selectOption(topic);
    } else {
      await page.locator(`#researchArea${n}`).selectOption(`${category} :: ${topic}`);
    }
  }
}

/** Step 5's author cards completed as an author completes them: each opened, its rank chosen, a country and an institution where the manuscript gave none. */
export async function completeAuthorCards(page: Page) {
  const cards = page.locator(".author-card");
  // With JavaScript the address changes before the new step has rendered: wait for its cards.
  await cards.first().waitFor();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    if (!(await card.locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await card.locator("summary").click();
    await card.locator('select[name$="[rankTitle]"]').selectOption("Associate Professor");
    if (!(await card.locator('select[name$="[country]"]').inputValue())) await card.locator('select[name$="[country]"]').selectOption("GB");
    if (!(await card.locator('input[name$="[institution]"]').inputValue())) await card.locator('input[name$="[institution]"]').fill("Pennine University");
  }
}
