import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { users, wizardDrafts } from "~/db/schema";
import { extractManuscript } from "~/extraction";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { submissionOwner } from "~/features/submissions/submission.server";
import { PASSWORD_TOO_COMMON } from "~/server/auth/password-policy.server";
import { authorFields, bytesOf, clearBucket, createConference, createUser, db, Jar, postForm, postMultipart, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

/**
 * A refused form, as a browser without JavaScript sees it: the refusal's own message (never the
 * page's sentence for wrong fields when something else was wrong), on its field and tied to it by
 * `aria-describedby`, and the message at the top is where the page opens (`autofocus`).
 */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

/** The opening tag of the element whose `attribute` is `value`. */
function tagWith(html: string, attribute: string, value: string) {
  const at = html.indexOf(`${attribute}="${value}"`);
  expect(at, `${attribute}="${value}"`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
}

/** The text of the element whose id is `id`. */
function textOfId(html: string, id: string) {
  const tag = tagWith(html, "id", id);
  const start = html.indexOf(tag) + tag.length;
  return textOf(html.slice(start, html.indexOf("</", start)));
}

/** The form's message: the alert the page opens at after the post. */
function openingMessage(html: string) {
  const match = /<div[^>]*class="alert alert-error"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  expect(match, "an error message").not.toBeNull();
  expect(match![0]).toMatch(/autofocus=""/);
  expect(match![0]).toMatch(/tabindex="-1"/);
  return textOf(match![1]!);
}

function expectOnField(html: string, controlId: string, errorId: string, message: string) {
  expect(tagWith(html, "id", controlId)).toMatch(new RegExp(`aria-describedby="[^"]*\\b${errorId.replace(/[[\]]/g, "\\$&")}\\b`));
  expect(textOfId(html, errorId)).toBe(message);
}

describe("a refusal of the domain says its own message on its field", () => {
  it("profile: a wrong current password says so, at the top and on the current password field", async () => {
    const user = await createUser({ password: "old-password-1" });
    const jar = await sessionJar(user);
    const r = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "not-it", newPassword: "another-pass-5", newPasswordRetype: "another-pass-5" });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(openingMessage(html)).toBe("The current password is not correct.");
    expect(textOf(html)).not.toContain("Please fill in all required fields correctly");
    expectOnField(html, "currentPassword", "currentPassword-error", "The current password is not correct.");
    // No password travels back in the page.
    expect(html).not.toContain("another-pass-5");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(user.passwordHash);
  });

  it("register: a common password at the last step says why, on the password field, not that the passwords do not match", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    const steps: Array<Record<string, string>> = [
      { salutation: "Dr.", firstName: "Ada", lastName: "Lovelace", primaryEmail: "ada@example.org", primaryEmailConfirm: "ada@example.org", workPhoneCountry: "+44", cellPhoneCountry: "+1" },
      { primaryInstitution: "University of London", primaryRank: "Professor", primaryAddress1: "Gower Street", primaryCity: "London", primaryPostalCode: "WC1E 6BT", primaryCountry: "GB" },
      { primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing" },
    ];
    for (const [i, fields] of steps.entries()) expect((await postForm(jar, `/register?step=${i + 1}`, { step: String(i + 1), intent: "next", ...fields })).status).toBe(302);
    const r = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "password", passwordRetype: "password" });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(openingMessage(html)).toBe(PASSWORD_TOO_COMMON);
    expect(textOf(html)).not.toContain("make sure that the two passwords match");
    expectOnField(html, "password", "password-error", PASSWORD_TOO_COMMON);
    expect(await db().select().from(users).all()).toHaveLength(0);
  });

  it("register: a step with a field left empty still gets the spec's sentence", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    const r = await postForm(jar, "/register?step=1", { step: "1", intent: "next", firstName: "" });
    expect(r.status).toBe(400);
    expect(openingMessage(await r.text())).toBe("Please fill in all required fields correctly.");
  });
});

describe("a check that says more than the page's sentence is shown as itself", () => {
  const docs = () => inject("manuscripts");
  beforeAll(() => extractManuscript(bytesOf(docs().pdf)), 60_000);
  const stepPath = (n: number) => `/dashboard?tab=submit&step=${n}`;

  it("submission wizard: an author's e-mail given twice says so on that author's e-mail, not that a corresponding author is missing", async () => {
    const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-04" });
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    expect((await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conference.id), manuscriptType: "regular" })).status).toBe(302);
    const form = new FormData();
    form.set("step", "2");
    form.set("intent", "upload");
    form.set("manuscript", new File([bytesOf(docs().pdf) as Uint8Array<ArrayBuffer>], "paper.pdf"));
    expect((await postMultipart(jar, stepPath(2), form)).status).toBe(302);
    const draft = (await db().select().from(wizardDrafts).where(eq(wizardDrafts.id, submissionOwner(user.id).id)).get())!;
    await runExtractionJob({ db: db(), files: env.FILES }, draft.data.extractionJobId as string);
    expect((await postForm(jar, stepPath(2), { step: "2", intent: "next" })).status).toBe(302);
    expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "Liquidity and its Discontents", manuscriptAbstract: "An abstract long enough to pass." })).status).toBe(302);
    const areas = {
      researchArea1: "III. Financial Markets and Institutions :: Market Microstructure",
      researchArea2: "IV. Investments & Portfolio Management :: Asset Pricing",
      researchArea3: "I. Corporate Finance :: Capital Structure",
    };
    expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).status).toBe(302);
    const me = { firstName: "Nadia", lastName: "Okafor", email: user.email, institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" };
    const twin = { firstName: "Tomás", lastName: "O’Connell", email: user.email, institution: "University College Dublin", country: "IE", rankTitle: "Lecturer" };
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([me, twin]) });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(openingMessage(html)).toBe("Another author has this e-mail address.");
    expect(textOf(html)).not.toContain("at least one corresponding author is selected");
    const controlId = tagWith(html, "name", "authors[1][email]").match(/id="([^"]+)"/)![1]!;
    expectOnField(html, controlId, `${controlId}-error`, "Another author has this e-mail address.");
  });
});
