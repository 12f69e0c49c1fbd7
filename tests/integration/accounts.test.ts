import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authTokens, outbox, sessions, users } from "~/db/schema";
import { sha256Hex } from "~/server/auth/crypto.server";
import { PASSWORD_IS_PERSONAL, PASSWORD_TOO_COMMON } from "~/server/auth/password-policy.server";
import { issueToken, TOKEN_LIFETIME_MS } from "~/server/auth/tokens.server";
import { clearOfRateWindowEdge, createUser, db, Jar, postForm, registrationOf, resetDatabase, signIn, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const loginMessage = "Invalid email or password";

async function tokenFromOutbox(template: string) {
  const row = await db().select().from(outbox).where(eq(outbox.template, template)).get();
  expect(row, `no ${template} mail in the outbox`).toBeTruthy();
  const link = new URL((row!.payload as { link: string }).link);
  return { row: row!, link, token: link.searchParams.get("token")! };
}

describe("registration", () => {
  const step1 = {
    salutation: "Dr.", firstName: "Ada", lastName: "Lovelace", primaryEmail: "Ada@Example.org", primaryEmailConfirm: "ada@example.org",
    workPhoneCountry: "+44", cellPhoneCountry: "+1",
  };
  const step2 = {
    primaryInstitution: "University of London", primaryRank: "Other", primaryRankOther: "Visiting Scholar", primaryAddress1: "Gower Street",
    primaryCity: "London", primaryPostalCode: "WC1E 6BT", primaryCountry: "GB", primaryState: "NY", secondaryInstitution: "Ignored because unticked",
  };
  const step3 = {
    primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps",
    primary3Category: "II. Financial Accounting", primary3: "Auditing",
  };

  async function walk(jar: Jar, email = "ada@example.org") {
    await visit(jar, "/register");
    const first = { ...step1, primaryEmail: email, primaryEmailConfirm: email };
    if (email === "ada@example.org") first.primaryEmail = step1.primaryEmail; // typed with capitals
    for (const [step, fields] of [[1, first], [2, step2], [3, step3]] as const) {
      const r = await postForm(jar, `/register?step=${step}`, { step: String(step), intent: "next", ...fields });
      expect(r.status, `step ${step}`).toBe(302);
      expect(r.headers.get("Location")).toBe(`/register?step=${step + 1}`);
    }
  }

  it("refuses a common password, one that is easy to guess, and one that is the person's e-mail or name, and creates nothing", async () => {
    for (const [password, message] of [
      ["12345678", PASSWORD_TOO_COMMON],
      ["Password", PASSWORD_TOO_COMMON],
      ["ada@example.org", PASSWORD_IS_PERSONAL],
      ["Ada Lovelace", PASSWORD_IS_PERSONAL],
      // Not on the list itself, but a common password with digits added: the strength estimate.
      ["iloveyou123", "This password is too easy to guess: it is a common password, with a few digits or symbols added."],
      ["lovelace1815", "This password is too easy to guess: it is your name or e-mail address, with a few digits or symbols added."],
    ]) {
      const jar = new Jar();
      await walk(jar);
      const r = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: password!, passwordRetype: password! });
      expect(r.status, password).toBe(400);
      expect(textOf(await r.text()), password).toContain(message);
    }
    expect(await db().select().from(users).all()).toEqual([]);
  });

  it("walks the four steps as form posts and creates an inactive account with an activation mail", async () => {
    const jar = new Jar();
    await walk(jar);
    const done = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/registration-confirmation");
    const user = await db().select().from(users).where(eq(users.email, "ada@example.org")).get();
    expect(user).toMatchObject({ username: "ada@example.org", status: "inactive", role: "user", firstName: "Ada", institution: "University of London" });
    expect(user!.primaryAffiliation).toMatchObject({ rank: "Other", rankOther: "Visiting Scholar", address: { country: "GB" } });
    expect(user!.primaryAffiliation!.address.state).toBeUndefined(); // only for the United States
    expect(user!.secondaryAffiliation).toBeNull(); // the box was not ticked
    expect(user!.expertise).toHaveLength(3);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const { link, token } = await tokenFromOutbox("activation");
    expect(link.origin + link.pathname).toBe("https://society.test/activate-account");
    expect(link.searchParams.get("email")).toBe("ada@example.org");
    // Stored only as a hash.
    const stored = await db().select().from(authTokens).get();
    expect(stored!.tokenHash).toBe(await sha256Hex(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(TOKEN_LIFETIME_MS.activation - 60_000);
  });

  it("refuses an invalid step with 400 and the step's message, and remembers what was typed", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    const r = await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1, primaryEmailConfirm: "other@example.org" });
    expect(r.status).toBe(400);
    const text = textOf(await r.text());
    expect(text).toContain("Please fill in all required fields correctly.");
    expect(text).toContain("The two e-mail addresses do not match.");
    // Step 2 cannot be skipped to.
    const skip = await visit(jar, "/register?step=3");
    expect(skip.headers.get("Location")).toBe("/register?step=1");
    const again = await visit(jar, "/register?step=1");
    expect(await again.text()).toContain('value="Lovelace"');
    expect(await db().select().from(users).all()).toHaveLength(0);
  });

  it("refuses mismatched passwords with the final message and creates nothing", async () => {
    const jar = new Jar();
    await walk(jar);
    const r = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-2" });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("Please fill in all required fields correctly and make sure that the two passwords match.");
    expect(await db().select().from(users).all()).toHaveLength(0);
  });

  it("answers an address that has an account exactly as a new one, and mails its owner instead", async () => {
    await createUser({ email: "ada@example.org" });
    const jar = new Jar();
    await walk(jar);
    const done = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-1" });
    expect(done.headers.get("Location")).toBe("/registration-confirmation");
    expect(await db().select().from(users).all()).toHaveLength(1);
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => m.template)).toEqual(["account_exists"]);
    expect(mails[0]).toMatchObject({ toAddress: "ada@example.org", payload: { name: "Dr. Test Person", loginLink: "https://society.test/login" } });
  });

  // The last step hashes a password whether or not the address is new, so its time tells nothing.
  it("does the same work for a new address, an active account's and an inactive one's: one hash, the same D1 round trips", async () => {
    await createUser({ email: "active@example.org" });
    await createUser({ email: "waiting@example.org", status: "inactive" });
    const work: Record<string, Work> = {};
    for (const email of ["new@example.org", "active@example.org", "waiting@example.org"]) {
      const jar = new Jar();
      await walk(jar, email);
      const done = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-1" });
      expect(done.headers.get("Location"), email).toBe("/registration-confirmation");
      work[email] = workOf(done);
    }
    expect(work["new@example.org"]!.hashes).toBe(1);
    expect(work["active@example.org"]).toEqual(work["new@example.org"]);
    expect(work["waiting@example.org"]).toEqual(work["new@example.org"]);
    // Each still got its own mail.
    const mails = await db().select().from(outbox).orderBy(outbox.id).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([
      ["activation", "new@example.org"],
      ["account_exists", "active@example.org"],
      ["activation", "waiting@example.org"],
    ]);
    // The new registration replaced the unproven account's name, and its mail greets it so.
    expect(mails[2]!.payload).toMatchObject({ name: "Dr. Ada Lovelace" });
  });
});

type Work = { roundTrips: number; hashes: number };
/** What the request did, from its Server-Timing (every local stack sends it). */
function workOf(response: Response): Work {
  const timing = response.headers.get("Server-Timing") ?? "";
  const figure = (name: string) => Number(new RegExp(`${name};desc=(\\d+)`).exec(timing)?.[1] ?? NaN);
  return { roundTrips: figure("d1-render"), hashes: figure("password-hashes") };
}

// Forgot-password makes the same D1 round trips with and without an account, so they tell nothing.
describe("recovery does the same work whether the address has an account", () => {
  it("forgot-password: the same round trips and hashes for an active account, an inactive one and none", async () => {
    await createUser({ email: "active@example.org" });
    await createUser({ email: "waiting@example.org", status: "inactive" });
    const work = [];
    for (const email of ["active@example.org", "waiting@example.org", "nobody@example.org"]) {
      const r = await postForm(new Jar(), "/forgot-password", { email });
      expect(r.status).toBe(200);
      work.push(workOf(r));
    }
    expect(work[0]).toEqual({ roundTrips: expect.any(Number), hashes: 0 });
    expect(work[0]!.roundTrips).toBeGreaterThan(0); // NaN (no Server-Timing) would match any(Number)
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([["password_reset", "active@example.org"]]);
    const link = new URL((mails[0]!.payload as { link: string }).link);
    const stored = await db().select().from(authTokens).get();
    expect(stored!.tokenHash).toBe(await sha256Hex(link.searchParams.get("token")!));
  });

  it("resend-activation: the same round trips for an inactive account, an active one and none", async () => {
    await createUser({ email: "active@example.org" });
    await createUser({ email: "waiting@example.org", status: "inactive" });
    const work = [];
    for (const email of ["waiting@example.org", "active@example.org", "nobody@example.org"]) {
      const r = await postForm(new Jar(), "/activate-account", { intent: "resend", email });
      expect(r.status).toBeLessThan(400);
      work.push(workOf(r));
    }
    expect(Number.isFinite(work[0]!.roundTrips)).toBe(true);
    expect(work[0]!.roundTrips).toBeGreaterThan(0);
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([["activation", "waiting@example.org"]]);
  });
});

describe("activation tokens", () => {
  /** A registration's link: it carries the password and profile the registration chose. */
  async function registeredToken() {
    const user = await createUser({ email: "new@example.org", status: "inactive" });
    const token = await issueToken(db(), user.id, "activation");
    await db().update(authTokens).set({ registration: registrationOf(user) }).where(eq(authTokens.userId, user.id)).run();
    return { user, token };
  }
  const activate = (jar: Jar, token: string) => postForm(jar, "/activate-account", { intent: "activate", token });

  it("activates once; the same link again says it was used", async () => {
    const { user, token } = await registeredToken();
    const jar = new Jar();
    const first = await activate(jar, token);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Your account has been successfully activated! You can now log in.");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.status).toBe("active");
    const second = await activate(jar, token);
    expect(second.status).toBe(400);
    expect(await second.text()).toContain("already been used");
  });

  it("refuses an expired, a tampered and a malformed token", async () => {
    const { token } = await registeredToken();
    const jar = new Jar();
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const r1 = await activate(jar, tampered);
    expect(r1.status).toBe(400);
    expect(await r1.text()).toContain("This activation link is not valid.");
    const r2 = await activate(jar, "not-a-token");
    expect(await r2.text()).toContain("Invalid activation link. Token parameter is missing or malformed.");
    await db().update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).run();
    const r3 = await activate(jar, token);
    expect(await r3.text()).toContain("This activation link has expired.");
    expect((await db().select().from(users).get())!.status).toBe("inactive");
  });

  it("shows a malformed link as such, asking for a new link as its own page, and resends only with an e-mail", async () => {
    for (const path of ["/activate-account?token=", "/activate-account?token=short&email=a%40b.org"]) {
      expect(textOf(await (await visit(new Jar(), path)).text()), path).toContain("Invalid activation link. Token parameter is missing or malformed.");
    }
    // Opened without a token (the login page's link), nothing failed.
    const ask = textOf(await (await visit(new Jar(), "/activate-account?email=new%40example.org")).text());
    expect(ask).toContain("Send the activation e-mail again");
    expect(ask).not.toContain("Invalid activation link");
    const jar = new Jar();
    const noEmail = await postForm(jar, "/activate-account", { intent: "resend", email: "" });
    expect(await noEmail.text()).toContain("Cannot resend activation: email not provided in URL.");
    await createUser({ email: "new@example.org", status: "inactive" });
    for (const email of ["new@example.org", "nobody@example.org"]) {
      const r = await postForm(jar, "/activate-account", { intent: "resend", email });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain("If the account exists, an activation email has been sent.");
    }
    expect((await db().select().from(outbox).all()).map((m) => m.toAddress)).toEqual(["new@example.org"]);
  });
});

describe("sign-in", () => {
  it("gives one message for a wrong password, an unknown address, an inactive or suspended account", async () => {
    await createUser({ email: "active@example.org", password: "right-password" });
    await createUser({ email: "inactive@example.org", password: "right-password", status: "inactive" });
    await createUser({ email: "suspended@example.org", password: "right-password", status: "suspended" });
    const bodies = new Set<string>();
    for (const [email, password] of [
      ["active@example.org", "wrong-password"],
      ["nobody@example.org", "right-password"],
      ["inactive@example.org", "right-password"],
      ["suspended@example.org", "right-password"],
    ]) {
      const jar = new Jar();
      const r = await postForm(jar, "/login", { email: email!, password: password! });
      expect(r.status, email).toBe(401);
      const text = textOf(await r.text());
      expect(text).toContain(loginMessage);
      expect(jar.get("__Host-session")).toBeUndefined();
      bodies.add(text.replace(email!, "EMAIL"));
    }
    expect(bodies.size).toBe(1);
  });

  it("sends admins to the console, others to the dashboard, or back to a local redirectTo only", async () => {
    const admin = await createUser({ email: "admin@example.org", role: "admin" });
    const user = await createUser({ email: "user@example.org" });
    const go = async (email: string, password: string, redirectTo?: string) =>
      (await postForm(new Jar(), "/login", { email, password, ...(redirectTo !== undefined ? { redirectTo } : {}) })).headers.get("Location");
    expect(await go(admin.email, admin.password)).toBe("/admin/dashboard");
    expect(await go(user.email, user.password)).toBe("/dashboard");
    expect(await go(user.email, user.password, "/profile?tab=password")).toBe("/profile?tab=password");
    expect(await go(user.email, user.password, "//evil.example/steal")).toBe("/dashboard");
    expect(await go(user.email, user.password, "https://evil.example/")).toBe("/dashboard");
    expect(await go(user.email, user.password, "/\\evil.example")).toBe("/dashboard");
  });

  it("upgrades a hash made with weaker parameters at sign-in", async () => {
    const user = await createUser({ email: "old@example.org", password: "old-password-1" });
    const { default: Argon2 } = await import("@phi-ag/argon2");
    const { default: wasm } = await import("@phi-ag/argon2/argon2.wasm");
    const argon2 = new Argon2(await WebAssembly.instantiate(wasm));
    const weak = argon2.hash("old-password-1", { memoryCost: 4096, timeCost: 1, parallelism: 1, hashLength: 32, type: 2, version: 19 }).encoded;
    await db().update(users).set({ passwordHash: weak }).where(eq(users.id, user.id)).run();
    await signIn(user.email, "old-password-1");
    const after = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(after!.passwordHash).toMatch(/m=19456,t=2,p=1/);
    expect(after!.lastLoginAt).not.toBeNull();
    await signIn(user.email, "old-password-1");
  });

  it("refuses a password over 1,024 characters without hashing it", async () => {
    const user = await createUser({ email: "long@example.org" });
    const r = await postForm(new Jar(), "/login", { email: user.email, password: "x".repeat(5000) });
    // Refused by the form's own limit, with the one sign-in message, before any hash is computed.
    expect(r.status).toBe(400);
    expect(r.headers.get("Server-Timing")).toContain("password-hashes;desc=0");
    expect(textOf(await r.text())).toContain("Invalid email or password");
  });
});

describe("sessions", () => {
  it("sets a __Host- cookie, HttpOnly, Secure, SameSite=Lax, and stores only its hash", async () => {
    const user = await createUser();
    const jar = new Jar();
    const r = await postForm(jar, "/login", { email: user.email, password: user.password });
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    const value = jar.get("__Host-session")!;
    const row = await db().select().from(sessions).get();
    expect(row!.id).toBe(await sha256Hex(value));
  });

  it("gives a new session id at sign-in, whatever cookie the browser brought (no fixation)", async () => {
    const user = await createUser();
    const planted = "A".repeat(43);
    const jar = new Jar();
    jar.set("__Host-session", planted);
    await signIn(user.email, user.password, jar);
    expect(jar.get("__Host-session")).not.toBe(planted);
    const fixed = new Jar();
    fixed.set("__Host-session", planted);
    expect((await visit(fixed, "/dashboard")).status).toBe(302);
    // Signing in twice gives two different sessions.
    const again = await signIn(user.email, user.password);
    expect(again.get("__Host-session")).not.toBe(jar.get("__Host-session"));
  });

  it("logout deletes the session row", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    const stolen = jar.get("__Host-session")!;
    expect((await visit(jar, "/dashboard")).status).toBe(200);
    const out = await postForm(jar, "/logout", {});
    expect(out.headers.get("Location")).toBe("/");
    expect(await db().select().from(sessions).all()).toHaveLength(0);
    const replay = new Jar();
    replay.set("__Host-session", stolen);
    expect((await visit(replay, "/dashboard")).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("ends at once when the account is suspended or deleted", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, user.id)).run();
    expect((await visit(jar, "/dashboard")).status).toBe(302);
    await db().update(users).set({ status: "active", deletedAt: new Date() }).where(eq(users.id, user.id)).run();
    expect((await visit(jar, "/dashboard")).status).toBe(302);
  });

  it("expires after a week idle and after thirty days in any case", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    await db().update(sessions).set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) }).run();
    expect((await visit(jar, "/dashboard")).status).toBe(302);
    const jar2 = await signIn(user.email, user.password);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).run();
    expect((await visit(jar2, "/dashboard")).status).toBe(302);
  });

  it("a password reset ends every session of the account; a change ends all others", async () => {
    const user = await createUser();
    const phone = await signIn(user.email, user.password);
    const laptop = await signIn(user.email, user.password);
    const change = await postForm(laptop, "/profile?tab=password", { tab: "password", currentPassword: user.password, newPassword: "brand-new-pass", newPasswordRetype: "brand-new-pass" });
    expect(change.headers.get("Location")).toBe("/profile?tab=password&saved=1");
    expect((await visit(phone, "/dashboard")).status).toBe(302);
    expect((await visit(laptop, "/dashboard")).status).toBe(200);

    const forgot = await postForm(new Jar(), "/forgot-password", { email: user.email });
    expect(await forgot.text()).toContain("If that email exists, a reset link has been sent.");
    const { token } = await tokenFromOutbox("password_reset");
    const reset = await postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: "after-reset-9", newPasswordRetype: "after-reset-9" });
    expect(reset.status).toBe(200);
    expect(reset.headers.get("Refresh")).toBe("3; url=/login?reset=1");
    expect(await reset.text()).toContain("Password reset successful.");
    expect((await visit(laptop, "/dashboard")).status).toBe(302);
    await signIn(user.email, "after-reset-9");
    // The reset link works once, and only for an hour.
    const reuse = await postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: "x-after-reset", newPasswordRetype: "x-after-reset" });
    expect(reuse.status).toBe(400);
    expect(await reuse.text()).toContain("Missing or invalid reset token.");
  });

  it("answers a reset link that is expired, or missing its token", async () => {
    const user = await createUser();
    const token = await issueToken(db(), user.id, "password_reset", Date.now() - 2 * 3600_000);
    const r = await postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: "whatever-next-123", newPasswordRetype: "whatever-next-123" });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("This reset link has expired.");
    const missing = await visit(new Jar(), "/reset-password");
    expect(textOf(await missing.text())).toContain("Missing or invalid reset token.");
  });
});

describe("who may open what", () => {
  it("guards /dashboard, /profile and /admin for visitors, users and admins, on the server", async () => {
    const user = await createUser({ email: "u@example.org" });
    const admin = await createUser({ email: "a@example.org", role: "admin" });
    const visitor = new Jar();
    const userJar = await signIn(user.email, user.password);
    const adminJar = await signIn(admin.email, admin.password);
    const expectations: Array<[string, number, number, number]> = [
      ["/dashboard", 302, 200, 200],
      ["/profile", 302, 200, 200],
      ["/profile?tab=password", 302, 200, 200],
      ["/admin", 302, 403, 200],
      ["/admin/dashboard", 302, 403, 200],
    ];
    for (const [path, anon, asUser, asAdmin] of expectations) {
      const r = await visit(visitor, path);
      expect(r.status, `visitor ${path}`).toBe(anon);
      expect(r.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await visit(userJar, path)).status, `user ${path}`).toBe(asUser);
      expect((await visit(adminJar, path)).status, `admin ${path}`).toBe(asAdmin);
    }
    // Data requests of client navigations are guarded the same way.
    const data = await visit(userJar, "/admin/dashboard.data");
    expect(data.status).toBe(403);
  });

  it("sends a client navigation's data request back to the page itself after login, not to its .data address", async () => {
    const r = await visit(new Jar(), "/profile.data?tab=password&_routes=routes%2Fprofile");
    const body = await r.text();
    expect(body).toContain("/login?redirectTo=%2Fprofile%3Ftab%3Dpassword");
    expect(body).not.toContain("_routes");
  });

  it("refuses a profile post from a visitor and saves nothing", async () => {
    const r = await postForm(new Jar(), "/profile", { tab: "personal", salutation: "Dr.", firstName: "X", lastName: "Y" });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("CSRF", () => {
  it("refuses a post without the token, with a wrong one, or from another site, and does nothing", async () => {
    const user = await createUser();
    const jar = new Jar();
    await visit(jar, "/login");
    const attempts = [
      await postForm(jar, "/login", { email: user.email, password: user.password }, { csrf: null }),
      await postForm(jar, "/login", { email: user.email, password: user.password }, { csrf: "x".repeat(32) }),
      await postForm(jar, "/login", { email: user.email, password: user.password }, { origin: "https://evil.example" }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(403);
      expect(await r.text()).toContain("This form has expired");
    }
    expect(await db().select().from(sessions).all()).toHaveLength(0);
  });

  it("refuses a cross-site logout, so a foreign page cannot end a session", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    const r = await postForm(jar, "/logout", {}, { origin: "https://evil.example" });
    expect(r.status).toBe(403);
    expect(await db().select().from(sessions).all()).toHaveLength(1);
  });
});

describe("rate limits", () => {
  beforeEach(clearOfRateWindowEdge, 30_000);
  it("answers 429 with a clear message after five wrong passwords for one account from one address", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await postForm(new Jar(), "/login", { email: user.email, password: "wrong" })).status).toBe(401);
    const r = await postForm(new Jar(), "/login", { email: user.email, password: user.password });
    expect(r.status).toBe(429);
    expect(textOf(await r.text())).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("limits password-reset and activation mails per address", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await postForm(new Jar(), "/forgot-password", { email: user.email })).status).toBe(200);
    expect((await postForm(new Jar(), "/forgot-password", { email: user.email })).status).toBe(429);
    expect(await db().select().from(outbox).all()).toHaveLength(5);
    for (let i = 0; i < 5; i++) await postForm(new Jar(), "/activate-account", { intent: "resend", email: "x@example.org" });
    expect((await postForm(new Jar(), "/activate-account", { intent: "resend", email: "x@example.org" })).status).toBe(429);
  });

  it("counts in D1, so every isolate sees the same count", async () => {
    await postForm(new Jar(), "/login", { email: "someone@example.org", password: "x" });
    const rows = await env.DB.prepare("select key, count from rate_limits order by key").all();
    expect(rows.results).toEqual([
      { key: "login:acct:someone@example.org", count: 1 },
      { key: "login:ip:local", count: 1 },
      { key: "login:pair:someone@example.org:local", count: 1 },
    ]);
  });
});

describe("profile", () => {
  it("saves each tab and says so; refuses bad input with 400 and keeps the old values", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    const ok = await postForm(jar, "/profile?tab=personal", {
      tab: "personal", salutation: "Prof.", firstName: "Marie", lastName: "Curie", workPhoneCountry: "+33", cellPhoneCountry: "+33",
    });
    expect(ok.headers.get("Location")).toBe("/profile?tab=personal&saved=1");
    const page = await visit(jar, "/profile?tab=personal&saved=1");
    expect(textOf(await page.text())).toContain("Profile updated successfully!");
    const bad = await postForm(jar, "/profile?tab=personal", { tab: "personal", salutation: "Prof.", firstName: "", lastName: "Curie" });
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("First name is required.");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.firstName).toBe("Marie");
    const wrong = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "not-it", newPassword: "another-pass-5", newPasswordRetype: "another-pass-5" });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("The current password is not correct.");
  });
});

describe("areas of expertise", () => {
  const areas = (pairs: string[]) => Object.fromEntries(pairs.map((p, i) => [`primary${i + 1}`, p]));

  it("takes the scriptless form's category-and-topic choices, which cannot disagree", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    const ok = await postForm(jar, "/profile?tab=expertise", {
      tab: "expertise",
      ...areas(["V. Derivatives :: Swaps", "I. Corporate Finance :: Capital Structure", "II. Financial Accounting :: Auditing"]),
    });
    expect(ok.status).toBe(302);
    const saved = (await db().select().from(users).where(eq(users.id, user.id)).get())!.expertise;
    expect(saved).toEqual([
      { category: "V. Derivatives", topic: "Swaps" },
      { category: "I. Corporate Finance", topic: "Capital Structure" },
      { category: "II. Financial Accounting", topic: "Auditing" },
    ]);
  });

  it("refuses a topic that is not of its category, or a made-up pair, and says which category it must come from", async () => {
    const user = await createUser();
    const jar = await signIn(user.email, user.password);
    const before = (await db().select().from(users).where(eq(users.id, user.id)).get())!.expertise;
    for (const fields of [
      { primary1Category: "I. Corporate Finance", primary1: "Swaps", primary2: "V. Derivatives :: Option Pricing", primary3: "II. Financial Accounting :: Auditing" },
      { primary1Category: "", primary1: "I. Corporate Finance :: Swaps", primary2: "V. Derivatives :: Option Pricing", primary3: "II. Financial Accounting :: Auditing" },
    ]) {
      const r = await postForm(jar, "/profile?tab=expertise", { tab: "expertise", ...fields });
      expect(r.status).toBe(400);
      expect(textOf(await r.text())).toContain("Choose a topic of I. Corporate Finance for area 1.");
    }
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.expertise).toEqual(before);
  });
});
