import * as XLSX from "@e965/xlsx";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newConference, waitForHydration } from "./browser";
import { consoleBrowser } from "./console";

/** The Papers tab's files out and spreadsheets in, in Chromium, with and without JavaScript. */
const { signedInAdmin, a11y } = consoleBrowser();

/** The demo content's conference with the given status, by its row in the console's list. */
async function conferenceId(page: Page, status: "Open") {
  await page.goto("/admin/conferences", { waitUntil: "domcontentloaded" });
  const row = page.locator("tr", { has: page.getByText(status, { exact: true }) }).first();
  const href = await row.locator('a[href*="/fees"]').first().getAttribute("href");
  return Number(/\/admin\/conferences\/(\d+)\/fees/.exec(href ?? "")![1]);
}

/** The export of a conference, read back: its header and rows as objects. */
async function exported(page: Page, conference: number) {
  const response = await page.request.get(`/admin/papers/export?conference=${conference}`);
  expect(response.status()).toBe(200);
  const book = XLSX.read(await response.body(), { type: "buffer" });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Papers!, { header: 1, raw: true });
  const header = rows[0] as string[];
  return { header, papers: rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, (r as unknown[])[i]]))) };
}

const STATUSES = ["under_review", "accepted", "rejected", "incomplete", "revision_required"];

describe.each([true, false])("Papers files and bulk update, JavaScript %s", (js) => {
  it("exports the spreadsheet, zips the manuscripts, and bulk-updates through a dry run", async () => {
    const { context, page, noErrors } = await signedInAdmin(js);
    const open = await conferenceId(page, "Open");
    // The bulk update works on a conference of this test's own, open for decisions.
    const t = crypto.randomUUID().slice(0, 8);
    const own = (
      await newConference({
        title: `Bulk Update ${t}`,
        status: "open",
        papers: [{ title: `Bulk paper ${t}`, manuscript: true, authors: [{ firstName: "Ada", lastName: "Bulk", email: `ada.bulk.${t}@example.org` }] }],
      })
    ).id;

    const { header, papers } = await exported(page, open);
    expect(header.slice(0, 8)).toEqual(["MS#", "MSTitle", "Abstract", "Decision", "CAuthor", "MSType", "SDate", "REGxyz"]);
    expect(header.slice(-3)).toEqual(["Paper ID", "URL", "#END#"]);
    expect(papers.length).toBeGreaterThan(0);
    expect(String(papers[0]!["MS#"])).toMatch(/^MS\d{2}~\d{3,}$/);

    const zip = await page.request.get(`/admin/papers/download-all?conference=${open}`);
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-disposition"]).toMatch(/Conference_Papers_\d{4}-\d{2}-\d{2}\.zip/);
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.body())));
    expect(entries.length).toBeGreaterThan(0);
    for (const name of entries) expect(name).toMatch(/^MS\d{2}~\d{3,} - .+/);

    const target = (await exported(page, own)).papers.find((p) => Number(p.Decision) <= 4)!;
    const id = Number(target["Paper ID"]);
    const before = STATUSES[Number(target.Decision) - 1]!;
    const after = before === "incomplete" ? "rejected" : "incomplete";

    const update = async (status: string, file: string) => {
      await page.goto(`/admin/papers/bulk-update?conference=${own}`, { waitUntil: "domcontentloaded" });
      if (js) await waitForHydration(page);
      const dialog = js ? page.getByRole("dialog") : page.locator("#record");
      await expect.poll(() => dialog.getByText("Bulk Update Paper Status").first().isVisible()).toBe(true);
      await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(`id,Status\n${id}, ${status.toUpperCase()} \n,accepted\n`) });
      if (js) await expect.poll(() => dialog.getByText(`File selected: ${file}`).isVisible()).toBe(true);
      await a11y(page, js);
      await dialog.getByRole("button", { name: "Check File" }).click();
      await expect.poll(() => page.getByText(`Will change from ${before === status ? after : before} to ${status}`).isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Skipped: Missing paper ID or status").isVisible()).toBe(true);
      await a11y(page, js);
      await page.getByRole("button", { name: "Upload & Update" }).click();
      const results = js ? page.getByRole("dialog") : page.locator("#record");
      await expect.poll(() => results.getByText("Bulk Update Results").first().isVisible()).toBe(true);
      await expect.poll(() => results.getByRole("region", { name: "Successful updates" }).getByText(String(id), { exact: true }).isVisible()).toBe(true);
      await a11y(page, js);
    };
    await update(after, js ? "statuses-js.csv" : "statuses.csv");
    expect((await exported(page, own)).papers.find((p) => p["Paper ID"] === id)!.Decision).toBe(STATUSES.indexOf(after) + 1);
    await update(before, "back.csv");
    expect((await exported(page, own)).papers.find((p) => p["Paper ID"] === id)!.Decision).toBe(STATUSES.indexOf(before) + 1);

    // A refusal of a file link is said over the list.
    await page.goto("/admin/papers/download-all", { waitUntil: "domcontentloaded" });
    await expect.poll(() => page.getByText("Please select a conference first").isVisible()).toBe(true);
    await a11y(page, js);
    noErrors();
    await context.close();
  });
});
