import { describe, expect, it } from "vitest";
import { newPaper, settle } from "./browser";
import { consoleBrowser } from "./console";

/** The Admin Paper Edit dialog: its three steps as the office uses them, with and without JavaScript. */
const { signedInAdmin, a11y } = consoleBrowser();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

describe.each([true, false])("the paper editor, JavaScript %s", (js) => {
  it("edits the three steps, jumps back to an incomplete step on Save, replaces the manuscript and saves", async () => {
    const { paperId, conferenceId } = await newPaper({ label: js ? "editor js" : "editor nojs" });
    const { context, page, noErrors } = await signedInAdmin(js);
    const editor = js ? page.getByRole("dialog") : page.locator("#record");
    const atStep = (n: number) => expect.poll(() => editor.getByText(`Step ${n} of 3`).isVisible()).toBe(true);

    await page.goto(`/admin/papers/${paperId}/edit`, { waitUntil: "domcontentloaded" });
    await settle({ page, js });
    await atStep(1);
    expect(await editor.getByText("Maximum 300 words.").isVisible()).toBe(true);
    await a11y(page, js);

    // Step 1: an empty title is refused on Next, in the browser or by the server.
    await editor.getByLabel(/^Title/).fill("");
    await editor.getByRole("button", { name: "Next" }).click();
    await settle({ page, js });
    await expect.poll(() => editor.getByText("Please fill in all required fields correctly.").isVisible()).toBe(true);
    await atStep(1);
    const title = `Edited in the console ${js ? "with" : "without"} JavaScript`;
    await editor.getByLabel(/^Title/).fill(title);
    if (js) {
      await editor.getByLabel(/^Abstract/).fill("Three words here");
      await expect.poll(() => editor.getByText("3 words, 16 characters").isVisible()).toBe(true);
    }
    await editor.getByLabel(/^Status/).selectOption("revision_required");
    await editor.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await settle({ page, js });
    await atStep(2);
    await a11y(page, js);

    // Step 2: a third author added and left empty; Previous keeps it unchecked.
    await editor.getByRole("button", { name: "Add an author" }).click();
    await settle({ page, js });
    await expect.poll(() => editor.locator("#author-3").isVisible()).toBe(true);
    await editor.getByRole("button", { name: "Previous" }).click();
    await page.waitForURL(/step=1/);
    await settle({ page, js });
    await atStep(1);
    // Save checks every step: the dialog opens the authors with the spec's message.
    await editor.getByRole("button", { name: "Save" }).click();
    await settle({ page, js });
    await expect.poll(() => editor.getByText("Please complete all required fields in section 2.").isVisible()).toBe(true);
    await atStep(2);
    await a11y(page, js);
    const third = editor.locator("#author-3");
    if (!(await third.getByLabel(/^First name/).isVisible())) await third.getByText("Edit details").click();
    await third.getByLabel("Salutation").selectOption("Dr.");
    await third.getByLabel(/^First name/).fill("Carmen");
    await third.getByLabel(/^Last name/).fill("Ortiz");
    await third.getByLabel(/^E-mail/).fill(`carmen.${js ? "js" : "nojs"}@example.org`);
    await third.getByLabel(/^Affiliation/).fill("Universidad de Prueba");
    await third.getByLabel(/^Country/).selectOption("US");
    await third.getByLabel("State").selectOption("CA");
    await third.getByLabel(/^Academic rank/).selectOption("Other");
    await third.getByLabel(/^Rank \(if Other\)/).fill("Research Fellow");
    await editor.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=3/);
    await settle({ page, js });
    await atStep(3);
    expect(await editor.getByText("original.pdf").isVisible()).toBe(true);
    await a11y(page, js);

    // Step 3: a new manuscript replaces the stored one; the blind copy is left empty.
    await editor.getByLabel("Replace the full manuscript").setInputFiles({ name: "revised.pdf", mimeType: "application/pdf", buffer: PDF });
    await editor.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(new RegExp(`/admin/papers\\?conference=${conferenceId}&done=updated`));
    await settle({ page, js });
    await expect.poll(() => page.getByText("Paper updated successfully!").isVisible()).toBe(true);

    // Opened again: everything saved.
    await page.goto(`/admin/papers/${paperId}/edit`, { waitUntil: "domcontentloaded" });
    await settle({ page, js });
    expect(await editor.getByLabel(/^Title/).inputValue()).toBe(title);
    expect(await editor.getByLabel(/^Status/).inputValue()).toBe("revision_required");
    await page.goto(`/admin/papers/${paperId}/edit?step=3`, { waitUntil: "domcontentloaded" });
    await settle({ page, js });
    await expect.poll(() => editor.getByText("revised.pdf").isVisible()).toBe(true);
    expect(await editor.getByText("original.pdf").count()).toBe(0);
    await page.goto(`/admin/papers/${paperId}/edit?step=2`, { waitUntil: "domcontentloaded" });
    await settle({ page, js });
    await expect.poll(() => editor.locator("#author-3").getByRole("heading", { name: "Carmen Ortiz" }).isVisible()).toBe(true);
    noErrors();
    await context.close();
  });
});
