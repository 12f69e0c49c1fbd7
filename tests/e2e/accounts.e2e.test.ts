import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoHorizontalOverflow, launch, newAccount, newContext, expectAccessibleAsShown, VIEWPORTS, type ViewportName, watchErrors, settle } from "./browser";
import { createHmac } from "node:crypto";
import { linkIn, waitForMail } from "./mail";

/** What an authenticator app shows now for a base32 key (RFC 6238). */
function totpNow(key: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of key.replace(/\s/g, "")) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const o = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * A new author's whole account life, as they would live it, once with JavaScript (desktop) and
 * once without (phone): register in four steps with every rule and message on its step, receive
 * the mail, activate, sign in, edit the profile, change the password, sign out, and recover the
 * password through the mailed link. Axe checks every page on the way.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const STEP_MESSAGE = "Please fill in all required fields correctly.";
const FINAL_MESSAGE = "Please fill in all required fields correctly and make sure that the two passwords match.";

type Run = { page: Page; context: BrowserContext; js: boolean; viewport: ViewportName };

const checkA11y = (run: Run) => expectAccessibleAsShown(browser, run.page, run);

async function clickAndSettle(run: Run, name: string | RegExp) {
  await run.page.getByRole("button", { name, exact: typeof name === "string" }).click();
  await settle(run);
}

const alertText = (page: Page) => page.locator(".alert").first().innerText();

/** A step opens without a message: one shows only after trying to leave it. */
async function expectNoMessage(page: Page) {
  await page.waitForTimeout(300);
  expect(await page.locator(".alert").count()).toBe(0);
}

async function registerFlow(run: Run, email: string, password: string) {
  const { page, js } = run;
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await settle(run);
  await expect.poll(() => page.getByText("Step 1 of 4").isVisible()).toBe(true);
  await expect.poll(() => page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
  await checkA11y(run);

  // Step 1: personal. The two e-mails must match.
  await page.getByLabel("Salutation").selectOption("Dr.");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel("Confirm e-mail").fill("someone.else@example.org");
  await clickAndSettle(run, "Next");
  await expect.poll(() => alertText(page)).toBe(STEP_MESSAGE);
  await expect.poll(() => page.getByText("The two e-mail addresses do not match.").isVisible()).toBe(true);
  await checkA11y(run);
  await page.getByLabel("Confirm e-mail").fill(email);
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=2/);
  await expect.poll(() => page.getByText("Step 2 of 4").isVisible()).toBe(true);
  await expectNoMessage(page);

  // Step 2: affiliations. Other rank asks for its text; the state only for the United States.
  const rankOther = page.locator("#primaryRankOther");
  const state = page.locator("#primaryState");
  await expect.poll(() => rankOther.isVisible()).toBe(false);
  await page.locator("#primaryRank").selectOption("Other");
  await expect.poll(() => rankOther.isVisible()).toBe(true);
  await rankOther.fill("Research Fellow");
  await page.locator("#primaryRank").selectOption("Professor");
  await expect.poll(() => rankOther.isVisible()).toBe(false);
  if (js) expect(await rankOther.inputValue()).toBe("");
  await page.locator("#primaryInstitution").fill("University of Testing");
  await page.locator("#primaryAddress1").fill("1 Campus Road");
  await page.locator("#primaryCity").fill("Ithaca");
  await page.locator("#primaryPostalCode").fill("14850");
  await expect.poll(() => state.isVisible()).toBe(false);
  await page.locator("#primaryCountry").selectOption("US");
  await expect.poll(() => state.isVisible()).toBe(true);
  // The secondary affiliation shows with its box; unticking empties it.
  const secondary = page.locator("#secondaryInstitution");
  await expect.poll(() => secondary.isVisible()).toBe(false);
  await page.getByLabel("I have a secondary affiliation").check();
  await expect.poll(() => secondary.isVisible()).toBe(true);
  await secondary.fill("Second University");
  await page.getByLabel("I have a secondary affiliation").uncheck();
  await expect.poll(() => secondary.isVisible()).toBe(false);
  if (js) expect(await secondary.inputValue()).toBe("");
  // Missing state: the step is refused with its message.
  await clickAndSettle(run, "Next");
  await expect.poll(() => alertText(page)).toBe(STEP_MESSAGE);
  await expect.poll(() => page.getByText("State is required for the United States.").isVisible()).toBe(true);
  await state.selectOption("NY");
  await checkA11y(run);

  // Previous keeps what was typed, and Next brings it back.
  await clickAndSettle(run, "Previous");
  await page.waitForURL(/step=1/);
  await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Grace");
  // The draft is kept in D1 under an opaque cookie (decision 028): nothing typed travels in a
  // cookie, and a reload shows the step as the server has it.
  const cookies = await page.context().cookies();
  // (`__Host-draft` over HTTPS; plain `draft` on the local stack's HTTP.)
  expect(cookies.filter((c) => /^(__Host-)?draft$/.test(c.name))).toHaveLength(1);
  expect(cookies.map((c) => decodeURIComponent(c.value)).join(" ")).not.toMatch(/Grace|Hopper|University of Testing/);
  await page.reload({ waitUntil: "domcontentloaded" });
  await settle(run);
  await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Grace");
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=2/);
  await expect.poll(() => page.locator("#primaryCity").inputValue()).toBe("Ithaca");
  await expect.poll(() => state.inputValue()).toBe("NY");
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=3/);

  // Step 3: exactly three areas. With JavaScript a topic shows only after its category and lists
  // that category's topics; a new category clears it. Without, one choice per area among topics
  // grouped by category, so the pair cannot disagree.
  await expectNoMessage(page);
  const topic1 = page.locator("#primary1");
  if (js) await expect.poll(() => topic1.isVisible()).toBe(false);
  await clickAndSettle(run, "Next");
  await expect.poll(() => alertText(page)).toBe(STEP_MESSAGE);
  await expect.poll(() => page.getByText("Choose research category 1.").isVisible()).toBe(true);
  const area = async (n: number, category: string, topic: string) => {
    if (js) {
      await page.locator(`#primary${n}Category`).selectOption(category);
      await page.locator(`#primary${n}`).selectOption(topic);
    } else {
      await page.locator(`#primary${n}`).selectOption(`${category} :: ${topic}`);
    }
  };
  if (js) {
    await page.locator("#primary1Category").selectOption("I. Corporate Finance");
    await expect.poll(() => topic1.isVisible()).toBe(true);
    const options = await topic1.locator("option").allInnerTexts();
    expect(options).toContain("Capital Structure");
    expect(options).not.toContain("Swaps");
    await topic1.selectOption("Capital Structure");
    await page.locator("#primary1Category").selectOption("V. Derivatives");
    await expect.poll(() => page.locator("#primary1").inputValue()).toBe("");
  } else {
    expect(await page.locator("#primary1Category").count()).toBe(0);
    expect(await topic1.locator('optgroup[label="V. Derivatives"] option').allInnerTexts()).toContain("Swaps");
    await expect.poll(() => page.getByText("Topics are listed under their research category.").first().isVisible()).toBe(true);
  }
  await area(1, "V. Derivatives", "Swaps");
  await area(2, "II. Financial Accounting", "Auditing");
  await area(3, "VI. Quantitative Finance", "Copula Models");
  await checkA11y(run);
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=4/);
  await expectNoMessage(page);
  // Back to step 3: the chosen topics stay once the page's script runs.
  await clickAndSettle(run, "Previous");
  await page.waitForURL(/step=3/);
  await expectAreas(run, ["V. Derivatives", "Swaps"], ["II. Financial Accounting", "Auditing"], ["VI. Quantitative Finance", "Copula Models"]);
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=4/);
  await expectNoMessage(page);

  // Step 4: the username is the e-mail; passwords of 8 or more characters that match.
  await expect.poll(() => page.getByLabel("Username").inputValue()).toBe(email);
  await page.getByLabel(/^Password/).fill("short");
  await page.getByLabel("Retype password").fill("short");
  await clickAndSettle(run, "Complete Registration");
  await expect.poll(() => alertText(page)).toBe(FINAL_MESSAGE);
  await expect.poll(() => page.getByText("Password must be at least 8 characters long.").isVisible()).toBe(true);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Retype password").fill(`${password}!`);
  await clickAndSettle(run, "Complete Registration");
  await expect.poll(() => page.getByText("Passwords do not match").isVisible()).toBe(true);
  await checkA11y(run);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Retype password").fill(password);
  await clickAndSettle(run, "Complete Registration");
  await page.waitForURL(/\/registration-confirmation$/);
  await expect.poll(() => page.getByText("Please click the link in it", { exact: false }).isVisible()).toBe(true);
  // The same page whether or not the address had an account: it says what happens in both cases.
  await expect.poll(() => page.getByText("If that address already has an account, no new account was made", { exact: false }).isVisible()).toBe(true);
  await checkA11y(run);
}

/** The areas of expertise the form shows, once the page has settled (and hydrated, with JavaScript). */
async function expectAreas(run: Run, ...areas: Array<[category: string, topic: string]>) {
  const { page, js } = run;
  await page.waitForTimeout(300);
  for (const [i, [category, topic]] of areas.entries()) {
    const n = i + 1;
    if (js) {
      expect(await page.locator(`#primary${n}Category`).inputValue()).toBe(category);
      expect(await page.locator(`#primary${n}`).inputValue()).toBe(topic);
    } else {
      expect(await page.locator(`#primary${n}`).inputValue()).toBe(`${category} :: ${topic}`);
    }
  }
}

async function activate(run: Run, email: string, seen: Set<string>) {
  const { page, js } = run;
  const mail = await waitForMail(email, "Activate your account", seen);
  expect(mail.subject).toBe("Multinational Finance Society: Activate your account");
  expect(mail.html).toContain("Activate your account");
  const link = linkIn(mail, "/activate-account");
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await settle(run);
  if (!js) await clickAndSettle(run, "Activate my account");
  await expect.poll(() => page.getByText("Your account has been successfully activated! You can now log in.").isVisible(), { timeout: 10_000 }).toBe(true);
  await checkA11y(run);
  // The link works once.
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await settle(run);
  if (!js) await clickAndSettle(run, "Activate my account");
  await expect.poll(() => page.getByText("already been used").isVisible(), { timeout: 10_000 }).toBe(true);
}

async function login(run: Run, email: string, password: string, expectPath = /\/dashboard$/) {
  const { page } = run;
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await settle(run);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await clickAndSettle(run, "Login");
  await page.waitForURL(expectPath);
}

async function profileFlow(run: Run, email: string, password: string, newPassword: string) {
  const { page } = run;
  await page.goto("/profile", { waitUntil: "domcontentloaded" });
  await settle(run);
  await expect.poll(() => page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
  await checkA11y(run);
  // A refused save says so until the field is put right (with JavaScript, at once).
  await page.getByLabel("First name").fill("");
  await clickAndSettle(run, "Save Changes");
  await expect.poll(() => alertText(page)).toBe(STEP_MESSAGE);
  await page.getByLabel("First name").fill("Grace");
  if (run.js) await expect.poll(() => page.locator(".alert").count()).toBe(0);
  await page.getByLabel("Middle name").fill("Brewster");
  await clickAndSettle(run, "Save Changes");
  await expect.poll(() => page.getByText("Profile updated successfully!").isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel("Middle name").inputValue()).toBe("Brewster");

  // Every tab is its own address.
  for (const [tab, field] of [["Affiliations", "#primaryInstitution"], ["Areas of Expertise", "#primary1"]] as const) {
    await page.getByRole("link", { name: tab }).click();
    await settle(run);
    await expect.poll(() => page.locator(field).isVisible()).toBe(true);
    await checkA11y(run);
  }
  // The stored areas survive a reload and hydration, and save again unchanged.
  await page.reload({ waitUntil: "domcontentloaded" });
  await settle(run);
  await expectAreas(run, ["V. Derivatives", "Swaps"], ["II. Financial Accounting", "Auditing"], ["VI. Quantitative Finance", "Copula Models"]);
  await clickAndSettle(run, "Save Changes");
  await expect.poll(() => page.getByText("Profile updated successfully!").isVisible()).toBe(true);
  await expectAreas(run, ["V. Derivatives", "Swaps"], ["II. Financial Accounting", "Auditing"], ["VI. Quantitative Finance", "Copula Models"]);

  await page.getByRole("link", { name: "Password" }).click();
  await settle(run);
  const fill = async (current: string, next: string, retype: string) => {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel(/^New password/).fill(next);
    await page.getByLabel("Retype new password").fill(retype);
    await clickAndSettle(run, "Change Password");
  };
  await fill("", newPassword, newPassword);
  await expect.poll(() => page.getByText("Current password is required to change password").isVisible()).toBe(true);
  await fill(password, newPassword, `${newPassword}x`);
  await expect.poll(() => page.getByText("New passwords do not match").isVisible()).toBe(true);
  await fill(password, "short", "short");
  await expect.poll(() => page.getByText("New password must be at least 8 characters long").isVisible()).toBe(true);
  await checkA11y(run);
  await fill(password, newPassword, newPassword);
  // Said plainly, and the form is empty again.
  await expect
    .poll(() => alertText(page))
    .toBe("Your password has been changed. Every other device where you were signed in has been signed out.");
  for (const label of ["Current password", /^New password/, "Retype new password"]) expect(await page.getByLabel(label).inputValue()).toBe("");
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function logout(run: Run) {
  const { page, js } = run;
  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByText("Grace Hopper").click();
  await menu.getByRole("link", { name: "Logout" }).click();
  if (js) {
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText("Are you sure you want to logout?").isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Logout" }).click();
  } else {
    await page.waitForURL(/\/logout$/);
    await expect.poll(() => page.getByText("Are you sure you want to logout?").isVisible()).toBe(true);
    await checkA11y(run);
    await page.getByRole("button", { name: "Logout" }).click();
  }
  await page.waitForURL((url) => url.pathname === "/");
  await expect.poll(() => menu.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
  // Signed out for real: the dashboard sends us to login.
  await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
  await page.waitForURL(/\/login\?redirectTo=%2Fdashboard$/);
}

async function recover(run: Run, email: string, finalPassword: string, seen: Set<string>) {
  const { page } = run;
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await settle(run);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(/\/forgot-password$/);
  await settle(run);
  await checkA11y(run);
  await page.getByLabel("E-mail").fill(email);
  await clickAndSettle(run, "Send reset link");
  await expect.poll(() => page.getByText("If that email exists, a reset link has been sent.").isVisible()).toBe(true);
  const mail = await waitForMail(email, "Reset your password", seen);
  await page.goto(linkIn(mail, "/reset-password"), { waitUntil: "domcontentloaded" });
  await settle(run);
  await checkA11y(run);
  await page.getByLabel(/^New password/).fill(finalPassword);
  await page.getByLabel("Retype new password").fill(`${finalPassword}-`);
  await clickAndSettle(run, "Reset password");
  await expect.poll(() => page.getByText("Passwords do not match").isVisible()).toBe(true);
  await page.getByLabel(/^New password/).fill(finalPassword);
  await page.getByLabel("Retype new password").fill(finalPassword);
  await clickAndSettle(run, "Reset password");
  await expect.poll(() => page.getByText("Password reset successful.").first().isVisible()).toBe(true);
  // Three seconds later, the login page, by script or by the Refresh header.
  await page.waitForURL(/\/login\?reset=1$/, { timeout: 10_000 });
  await waitForMail(email, "Your password was changed", seen);
}

/**
 * With JavaScript (desktop). Without JavaScript every step is a form post answered by a page:
 * that walk is in tests/integration/account-life-without-javascript.test.ts, through the Worker,
 * and the renderings only a browser without JavaScript gets are scanned below.
 */
describe.each([{ js: true, viewport: "desktop" as ViewportName }])("an author's account, JavaScript $js ($viewport)", ({ js, viewport }) => {
  it("registers, activates, signs in, edits the profile, changes the password, signs out and recovers it", async () => {
    const context = await newContext(browser, { js, viewport });
    const page = await context.newPage();
    const noErrors = js ? watchErrors(page, { expectStatuses: [400, 401] }) : () => {};
    const run: Run = { page, context, js, viewport };
    const email = `grace.${js ? "js" : "nojs"}.${Date.now()}@example.org`;
    const seen = new Set<string>();
    try {
      await registerFlow(run, email, "first-password-1");
      // Not active yet: sign-in fails with the one message and offers a new link.
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await settle(run);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("first-password-1");
      await clickAndSettle(run, "Login");
      await expect.poll(() => page.getByText("Invalid email or password").isVisible()).toBe(true);
      await expect.poll(() => page.getByRole("link", { name: "Send the activation e-mail again" }).isVisible()).toBe(true);
      // Asking for a new link is its own page, not a broken activation. The
      // registration's own mail stays unread here: its link is the one that activates the
      // password chosen above (a resent link asks for a password instead).
      await waitForMail(email, "Activate your account", new Set());
      await page.getByRole("link", { name: "Send the activation e-mail again" }).click();
      await page.waitForURL(/\/activate-account\?email=/);
      await settle(run);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Send the activation e-mail again");
      expect(await page.getByRole("textbox", { name: "E-mail" }).inputValue()).toBe(email);
      await checkA11y(run);
      await clickAndSettle(run, "Send activation e-mail");
      await expect.poll(() => page.getByText("If the account exists, an activation email has been sent.", { exact: false }).isVisible()).toBe(true);
      expect(await page.getByText("Invalid activation link").count()).toBe(0);
      await checkA11y(run);

      await activate(run, email, seen);
      await login(run, email, "first-password-1");
      await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByText("Grace Hopper").isVisible()).toBe(true);
      await checkA11y(run);
      if (viewport === "phone") await expectNoHorizontalOverflow(page);
      await profileFlow(run, email, "first-password-1", "second-password-2");
      await logout(run);
      await recover(run, email, "third-password-3", seen);
      await login(run, email, "third-password-3");
      noErrors();
    } finally {
      await context.close();
    }
    // The whole life of an account in one test: five mails, three password hashes and seventeen
    // pages, each scanned. The timeout catches a hang, it is not a speed budget.
  }, 240_000);
});

/** The four steps filled in as a person with JavaScript would, without the checks `registerFlow` makes on the way. */
async function quickRegister(run: Run, email: string, password: string, firstName: string) {
  const { page } = run;
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await settle(run);
  await page.getByLabel("Salutation").selectOption("Dr.");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel("Confirm e-mail").fill(email);
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=2/);
  await page.locator("#primaryInstitution").fill(`${firstName} Institute`);
  await page.locator("#primaryRank").selectOption("Professor");
  await page.locator("#primaryAddress1").fill("1 Campus Road");
  await page.locator("#primaryCity").fill("Leeds");
  await page.locator("#primaryPostalCode").fill("LS1");
  await page.locator("#primaryCountry").selectOption("GB");
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=3/);
  for (const [n, category, topic] of [[1, "V. Derivatives", "Swaps"], [2, "II. Financial Accounting", "Auditing"], [3, "VI. Quantitative Finance", "Copula Models"]] as const) {
    await page.locator(`#primary${n}Category`).selectOption(category);
    await page.locator(`#primary${n}`).selectOption(topic);
  }
  await clickAndSettle(run, "Next");
  await page.waitForURL(/step=4/);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Retype password").fill(password);
  await clickAndSettle(run, "Complete Registration");
  await page.waitForURL(/\/registration-confirmation$/);
}

describe("an address a stranger registered before its owner", () => {
  it("is the owner's once the owner activates it from their inbox: the owner signs in with their own password, the stranger cannot", async () => {
    const email = `owner.${Date.now()}@example.org`;
    const seen = new Set<string>();
    const stranger = await newContext(browser, { js: true, viewport: "desktop" });
    const owner = await newContext(browser, { js: true, viewport: "desktop" });
    try {
      const strangerRun: Run = { page: await stranger.newPage(), context: stranger, js: true, viewport: "desktop" };
      await quickRegister(strangerRun, email, "stranger-chose-this-1", "Mallory");
      await waitForMail(email, "Activate your account", seen);
      const ownerRun: Run = { page: await owner.newPage(), context: owner, js: true, viewport: "desktop" };
      await quickRegister(ownerRun, email, "owner-chose-this-1", "Grace");
      // The owner opens the mail their own registration sent.
      await activate(ownerRun, email, seen);
      await login(ownerRun, email, "owner-chose-this-1");
      await expect.poll(() => ownerRun.page.getByRole("navigation", { name: "Main" }).getByText("Grace Hopper").isVisible()).toBe(true);
      // The stranger's password opens nothing.
      const page = strangerRun.page;
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await settle(strangerRun);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("stranger-chose-this-1");
      await clickAndSettle(strangerRun, "Login");
      await expect.poll(() => page.getByText("Invalid email or password").isVisible()).toBe(true);
      expect(page.url()).toMatch(/\/login/);
    } finally {
      await stranger.close();
      await owner.close();
    }
  }, 120_000);
});

describe("sign-in and the pages it guards", () => {
  async function fresh(js = true) {
    const context = await newContext(browser, { js });
    const page = await context.newPage();
    return { run: { page, context, js, viewport: "desktop" as ViewportName }, page, context };
  }

  it("sends a visitor to login and back to where they were going", async () => {
    const { run, page, context } = await fresh();
    const author = await newAccount({ label: "returning.author" });
    await page.goto("/profile?tab=password", { waitUntil: "domcontentloaded" });
    await page.waitForURL(/\/login\?redirectTo=%2Fprofile%3Ftab%3Dpassword$/);
    await settle(run);
    await page.getByLabel("E-mail").fill(author.email);
    await page.getByLabel("Password").fill("not-the-password");
    await clickAndSettle(run, "Login");
    await expect.poll(() => page.getByText("Invalid email or password").isVisible()).toBe(true);
    await checkA11y(run);
    await page.getByLabel("Password").fill(author.password);
    await clickAndSettle(run, "Login");
    await page.waitForURL(/\/profile\?tab=password$/);
    // A signed-in author is refused the console, by the server.
    const response = await page.goto("/admin/dashboard", { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(403);
    await expect.poll(() => page.getByRole("heading", { name: "Access Denied" }).isVisible()).toBe(true);
    await context.close();
  });

  it("sends an administrator to the console, which asks for two-factor sign-in", async () => {
    for (const js of [true, false]) {
      const { run, page, context } = await fresh(js);
      const admin = await newAccount({ role: "admin", label: `admin.${js ? "js" : "nojs"}`, firstName: "Ada", lastName: "Administrator" });
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await settle(run);
      await page.getByLabel("E-mail").fill(admin.email);
      await page.getByLabel("Password").fill(admin.password);
      await clickAndSettle(run, "Login");
      await page.waitForURL(/\/admin\/dashboard$/);
      await expect.poll(() => page.getByRole("heading", { name: "Admin Dashboard" }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole("link", { name: "Turn on two-factor sign-in" }).isVisible()).toBe(true);
      const menu = page.getByRole("navigation", { name: "Main" });
      const adminLink = menu.getByRole("link", { name: "Admin" });
      // (The account menu is opened again until it shows: under load a click can land before the menu answers it.)
      await expect
        .poll(async () => {
          if (!(await adminLink.isVisible())) await menu.getByText("Ada Administrator").click();
          return adminLink.isVisible();
        })
        .toBe(true);
      await checkA11y(run);
      await context.close();
    }
  });

  it.each([true, false])("shows where the account is signed in and signs another device out (JavaScript %s)", async (js) => {
    const { email, password } = await newAccount({ session: false, label: `devices.${js ? "js" : "nojs"}`, firstName: "Dev", lastName: "Ices" });
    const other = await fresh(true);
    await login(other.run, email, password);
    const { run, page, context } = await fresh(js);
    await login(run, email, password);
    await page.goto("/profile?tab=password", { waitUntil: "domcontentloaded" });
    await settle(run);
    await page.getByRole("link", { name: "See where you are signed in" }).click();
    await page.waitForURL(/\/profile\/sessions$/);
    await settle(run);
    const table = page.getByRole("table");
    await expect.poll(() => table.getByText("This device").isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("row").count()).toBe(3); // the header and two devices
    await checkA11y(run);
    await table.getByRole("button", { name: /^Sign out / }).click();
    await settle(run);
    await page.waitForURL(/done=ended/);
    await expect.poll(() => page.getByText("That device was signed out.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No other device is signed in.").isVisible()).toBe(true);
    await checkA11y(run);
    // The other browser is signed out: its next page asks it to sign in.
    await other.page.goto("/dashboard", { waitUntil: "domcontentloaded" });
    await other.page.waitForURL(/\/login\?redirectTo=%2Fdashboard$/);
    await other.context.close();
    await context.close();
  });

  it.each([true, false])("turns on two-factor sign-in and signs in with it (JavaScript %s)", async (js) => {
    const { run, page, context } = await fresh(js);
    const { email, password } = await newAccount({ role: "admin", label: `two.factor.${js ? "js" : "nojs"}`, firstName: "Tess", lastName: "Factor" });
    await login(run, email, password, /\/admin\/dashboard$/);
    await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
    await page.waitForURL(/\/profile\/two-factor$/);
    await settle(run);
    await checkA11y(run);
    await page.getByLabel("Your password").fill(password);
    await clickAndSettle(run, "Set up two-factor sign-in");
    await expect.poll(() => page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    await checkA11y(run);
    const key = await page.locator(".totp-key").innerText();
    await page.getByLabel("Code from your app").fill("000000");
    await clickAndSettle(run, "Turn on");
    await expect.poll(() => page.getByText("That code is not valid.").isVisible()).toBe(true);
    await page.getByLabel("Code from your app").fill(totpNow(key));
    await clickAndSettle(run, "Turn on");
    await expect.poll(() => page.getByText("Your recovery codes").isVisible()).toBe(true);
    const codes = await page.locator(".recovery-codes code").allInnerTexts();
    expect(codes).toHaveLength(10);
    await checkA11y(run);
    // Sign out and in again: the password, then a recovery code (the app's code was just used).
    await context.clearCookies();
    await login(run, email, password, /\/login\/two-factor\?redirectTo=/);
    await checkA11y(run);
    await page.getByLabel("Authentication code").fill(codes[0]!);
    await clickAndSettle(run, "Verify");
    await page.waitForURL(/\/admin\/dashboard$/);
    await expect.poll(() => page.getByRole("link", { name: "Turn on two-factor sign-in" }).count()).toBe(0);
    // With it on, every change asks for the password: new codes, a new app, turning off.
    await page.goto("/profile/two-factor", { waitUntil: "domcontentloaded" });
    await settle(run);
    for (const form of ["New recovery codes", "Move to a new app", "Turn off"]) {
      await expect.poll(() => page.getByRole("form", { name: form }).getByLabel("Your password").isVisible()).toBe(true);
    }
    await checkA11y(run);
    await context.close();
  });
});

describe("the account pages a browser without JavaScript gets", () => {
  it("pass axe and fit a phone: the registration's areas as topics under categories, the profile's areas tab, the logout page and the dashboard", async () => {
    // The application's scripts blocked: the server's document as a browser without JavaScript
    // shows it, in a page axe can run in (see openScriptless).
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl() });
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const submit = async (name: string, url: RegExp) => Promise.all([page.waitForURL(url), page.getByRole("button", { name, exact: true }).click()]);
    try {
      await page.goto("/register", { waitUntil: "load" });
      await page.getByLabel("Salutation").selectOption("Dr.");
      await page.getByLabel("First name").fill("Grace");
      await page.getByLabel("Last name").fill("Hopper");
      await page.getByLabel(/^E-mail/).fill("grace.scriptless@example.org");
      await page.getByLabel("Confirm e-mail").fill("grace.scriptless@example.org");
      await submit("Next", /step=2/);
      await page.locator("#primaryInstitution").fill("University of Testing");
      await page.locator("#primaryRank").selectOption("Professor");
      await page.locator("#primaryAddress1").fill("1 Campus Road");
      await page.locator("#primaryCity").fill("Leeds");
      await page.locator("#primaryPostalCode").fill("LS1");
      await page.locator("#primaryCountry").selectOption("GB");
      await submit("Next", /step=3/);
      await page.waitForLoadState("load");
      expect(await page.locator("#primary1Category").count()).toBe(0);
      expect(await page.locator('#primary1 optgroup[label="V. Derivatives"] option').allInnerTexts()).toContain("Swaps");
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);

      const author = await newAccount({ label: "scriptless", firstName: "Grace", lastName: "Hopper" });
      await context.addCookies([{ name: "session", value: author.session, url: baseUrl(), httpOnly: true, sameSite: "Lax" }]);
      for (const [path, shows] of [["/dashboard", "Grace Hopper"], ["/profile?tab=expertise", "Topics are listed under their research category."], ["/logout", "Are you sure you want to logout?"]] as const) {
        await page.goto(path, { waitUntil: "load" });
        await expect.poll(() => page.getByText(shows).first().isVisible()).toBe(true);
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page);
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
