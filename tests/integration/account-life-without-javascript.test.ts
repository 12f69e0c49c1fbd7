import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, users } from "~/db/schema";
import { createUser, db, Jar, postForm, resetDatabase, sessionJar, signIn, textOf, visit } from "./fixtures";

/**
 * A new author's account life as a browser without JavaScript lives it: every step is a form
 * post answered by a page, so it is walked here through the Worker, and each page is read for
 * what the author sees. (The browser suite walks it with JavaScript, where the page's script
 * checks the fields before anything is posted.)
 */
beforeEach(resetDatabase);

const STEP_MESSAGE = "Please fill in all required fields correctly.";
const FINAL_MESSAGE = "Please fill in all required fields correctly and make sure that the two passwords match.";

const personal = (email: string) => ({ salutation: "Dr.", firstName: "Grace", lastName: "Hopper", primaryEmail: email, primaryEmailConfirm: email, workPhoneCountry: "+1", cellPhoneCountry: "+1" });
const affiliation = { primaryInstitution: "University of Testing", primaryRank: "Professor", primaryAddress1: "1 Campus Road", primaryCity: "Ithaca", primaryPostalCode: "14850", primaryCountry: "US", primaryState: "NY" };
// Without JavaScript an area is one choice among topics grouped by category: "category :: topic".
const areas = { primary1: "V. Derivatives :: Swaps", primary2: "II. Financial Accounting :: Auditing", primary3: "VI. Quantitative Finance :: Copula Models" };

async function step(jar: Jar, n: number, fields: Record<string, string>, intent = "next") {
  return postForm(jar, `/register?step=${n}`, { step: String(n), intent, ...fields });
}

/** Registers `email` with `password` through the four steps; returns the activation link the mail carries. */
async function register(email: string, password: string) {
  const jar = new Jar();
  await visit(jar, "/register");
  for (const [n, fields] of [[1, personal(email)], [2, affiliation], [3, areas]] as const) expect((await step(jar, n, fields)).status, `step ${n}`).toBe(302);
  const done = await step(jar, 4, { password, passwordRetype: password }, "submit");
  expect(done.headers.get("Location")).toBe("/registration-confirmation");
  return mailedLink(email, "activation");
}

async function mailedLink(to: string, template: string) {
  const rows = await db().select().from(outbox).where(eq(outbox.toAddress, to)).all();
  const row = rows.filter((r) => r.template === template).at(-1);
  expect(row, `no ${template} mail to ${to}`).toBeTruthy();
  return new URL((row!.payload as { link: string }).link);
}

describe("an author's account without JavaScript, as form posts", () => {
  it("registers in four steps, each refusal said on its step, and ends on the page that says what happens next", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    const email = "grace@example.org";
    const mismatch = await step(jar, 1, { ...personal(email), primaryEmailConfirm: "someone.else@example.org" });
    expect(mismatch.status).toBe(400);
    expect(textOf(await mismatch.text())).toMatch(new RegExp(`${STEP_MESSAGE}.*The two e-mail addresses do not match\\.`));
    expect((await step(jar, 1, personal(email))).headers.get("Location")).toBe("/register?step=2");

    // The United States needs a state.
    const noState = await step(jar, 2, { ...affiliation, primaryState: "" });
    expect(noState.status).toBe(400);
    const noStateText = textOf(await noState.text());
    expect(noStateText).toContain(STEP_MESSAGE);
    expect(noStateText).toContain("State is required for the United States.");
    // Previous keeps what was typed on the step left, and Next brings it back.
    expect((await step(jar, 2, affiliation, "previous")).headers.get("Location")).toBe("/register?step=1");
    expect(await (await visit(jar, "/register?step=1")).text()).toContain('value="Grace"');
    expect((await step(jar, 1, personal(email))).headers.get("Location")).toBe("/register?step=2");
    const step2 = await (await visit(jar, "/register?step=2")).text();
    expect(step2).toContain('value="Ithaca"');
    expect((await step(jar, 2, affiliation)).headers.get("Location")).toBe("/register?step=3");

    // Step 3 lists topics under their categories, and needs three areas.
    const step3 = await (await visit(jar, "/register?step=3")).text();
    expect(step3).toMatch(/<optgroup label="V\. Derivatives">[\s\S]*?Swaps/);
    expect(textOf(step3)).toContain("Topics are listed under their research category.");
    const twoAreas = await step(jar, 3, { ...areas, primary3: "" });
    expect(twoAreas.status).toBe(400);
    expect(textOf(await twoAreas.text())).toContain(STEP_MESSAGE);
    expect((await step(jar, 3, areas)).headers.get("Location")).toBe("/register?step=4");

    // Step 4: the username is the address; a short password and a mismatch are refused.
    expect(await (await visit(jar, "/register?step=4")).text()).toContain(`value="${email}"`);
    const short = await step(jar, 4, { password: "short", passwordRetype: "short" }, "submit");
    expect(short.status).toBe(400);
    const shortText = textOf(await short.text());
    expect(shortText).toContain(FINAL_MESSAGE);
    expect(shortText).toContain("Password must be at least 8 characters long.");
    const mismatched = await step(jar, 4, { password: "first-password-1", passwordRetype: "first-password-1!" }, "submit");
    expect(textOf(await mismatched.text())).toContain("Passwords do not match");
    expect(await db().select().from(users).all()).toEqual([]);
    const done = await step(jar, 4, { password: "first-password-1", passwordRetype: "first-password-1" }, "submit");
    expect(done.headers.get("Location")).toBe("/registration-confirmation");
    const confirmation = textOf(await (await visit(jar, "/registration-confirmation")).text());
    expect(confirmation).toContain("Please click the link in it");
    expect(confirmation).toContain("If that address already has an account, no new account was made");
    expect((await db().select().from(outbox).all()).map((m) => [m.template, m.toAddress])).toEqual([["activation", email]]);
  });

  it("cannot sign in before activating, is offered a new link on its own page, and activates with the mailed link once", async () => {
    const email = "grace@example.org";
    const link = await register(email, "first-password-1");
    const early = await postForm(new Jar(), "/login", { email, password: "first-password-1" });
    const earlyHtml = await early.text();
    expect(textOf(earlyHtml)).toContain("Invalid email or password");
    expect(earlyHtml).toContain(`href="/activate-account?email=${encodeURIComponent(email)}"`);
    const ask = await visit(new Jar(), `/activate-account?email=${encodeURIComponent(email)}`);
    const askText = textOf(await ask.text());
    expect(askText).toContain("Send the activation e-mail again");
    expect(askText).not.toContain("Invalid activation link");
    const resent = await postForm(new Jar(), "/activate-account", { intent: "resend", email });
    expect(textOf(await resent.text())).toContain("If the account exists, an activation email has been sent.");

    // The registration's own link: opening it asks for a click (a mail scanner's GET activates nothing).
    const jar = new Jar();
    const opened = await visit(jar, `${link.pathname}${link.search}`);
    expect(textOf(await opened.text())).toContain("Activate my account");
    expect((await db().select().from(users).where(eq(users.email, email)).get())!.status).toBe("inactive");
    const token = link.searchParams.get("token")!;
    const activated = await postForm(jar, `${link.pathname}${link.search}`, { intent: "activate", token });
    expect(textOf(await activated.text())).toContain("Your account has been successfully activated! You can now log in.");
    const again = await postForm(jar, `${link.pathname}${link.search}`, { intent: "activate", token });
    expect(textOf(await again.text())).toContain("already been used");
    const signedIn = await signIn(email, "first-password-1");
    expect(textOf(await (await visit(signedIn, "/dashboard")).text())).toContain("Grace Hopper");
  });

  it("edits the profile: a refused save says so and keeps the stored values, a saved one says so", async () => {
    const user = await createUser({ firstName: "Grace", lastName: "Hopper" });
    const jar = await sessionJar(user);
    const refused = await postForm(jar, "/profile?tab=personal", { tab: "personal", salutation: "Dr.", firstName: "", lastName: "Hopper" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain(STEP_MESSAGE);
    const saved = await postForm(jar, "/profile?tab=personal", { tab: "personal", salutation: "Dr.", firstName: "Grace", middleName: "Brewster", lastName: "Hopper", workPhoneCountry: "+1", cellPhoneCountry: "+1" });
    const page = await visit(jar, saved.headers.get("Location")!);
    const html = await page.text();
    expect(textOf(html)).toContain("Profile updated successfully!");
    expect(html).toContain('value="Brewster"');
    // Every tab is its own address.
    expect(await (await visit(jar, "/profile?tab=affiliations")).text()).toContain('id="primaryInstitution"');
    expect(await (await visit(jar, "/profile?tab=expertise")).text()).toContain('id="primary1"');
  });

  it("changes the password: each refusal says why, and the change empties the form and says what it did", async () => {
    const user = await createUser({ password: "first-password-1" });
    const jar = await sessionJar(user);
    const post = (currentPassword: string, newPassword: string, newPasswordRetype: string) =>
      postForm(jar, "/profile?tab=password", { tab: "password", currentPassword, newPassword, newPasswordRetype }).then(async (r) => ({ r, text: textOf(await r.text()) }));
    expect((await post("", "second-password-2", "second-password-2")).text).toContain("Current password is required to change password");
    expect((await post("first-password-1", "second-password-2", "second-password-2x")).text).toContain("New passwords do not match");
    expect((await post("first-password-1", "short", "short")).text).toContain("New password must be at least 8 characters long");
    const { r } = await post("first-password-1", "second-password-2", "second-password-2");
    expect(r.status).toBe(302);
    const after = await (await visit(jar, r.headers.get("Location")!)).text();
    expect(textOf(after)).toContain("Your password has been changed. Every other device where you were signed in has been signed out.");
    expect(after).not.toContain("second-password-2");
    await signIn(user.email, "second-password-2");
  });

  it("signs out from the page that asks first, and the dashboard then asks to sign in", async () => {
    const user = await createUser();
    const jar = await sessionJar(user);
    expect(textOf(await (await visit(jar, "/logout")).text())).toContain("Are you sure you want to logout?");
    const out = await postForm(jar, "/logout", {});
    expect(out.headers.get("Location")).toBe("/");
    expect((await visit(jar, "/dashboard")).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("recovers the password through the mailed link: a mismatch is refused, the reset says so, sends to login and mails the owner", async () => {
    const user = await createUser({ email: "grace@example.org" });
    const forgot = await postForm(new Jar(), "/forgot-password", { email: user.email });
    expect(textOf(await forgot.text())).toContain("If that email exists, a reset link has been sent.");
    const link = await mailedLink(user.email, "password_reset");
    const token = link.searchParams.get("token")!;
    const jar = new Jar();
    expect(textOf(await (await visit(jar, `${link.pathname}${link.search}`)).text())).toContain("Retype new password");
    const mismatch = await postForm(jar, `${link.pathname}${link.search}`, { token, newPassword: "third-password-3", newPasswordRetype: "third-password-3-" });
    expect(textOf(await mismatch.text())).toContain("Passwords do not match");
    const reset = await postForm(jar, `${link.pathname}${link.search}`, { token, newPassword: "third-password-3", newPasswordRetype: "third-password-3" });
    expect(textOf(await reset.text())).toContain("Password reset successful.");
    // Three seconds later, the login page (the Refresh header; with JavaScript, the page's script).
    expect(reset.headers.get("Refresh")).toBe("3; url=/login?reset=1");
    expect((await db().select().from(outbox).all()).map((m) => m.template)).toEqual(["password_reset", "password_changed"]);
    await signIn(user.email, "third-password-3");
  });
});
