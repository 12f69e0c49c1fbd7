import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, recoveryCodes, sessions, users } from "~/db/schema";
import { beginSetup, confirmSetup } from "../../app/features/accounts/two-factor.server";
import { base32Decode, hotp, newSecret, sealSecret, timeStep } from "~/server/auth/totp.server";
import { clearOfRateWindowEdge, createUser, db, Jar, postForm, resetDatabase, services, sessionJar, textOf, visit } from "./fixtures";
import { expectConsoleError } from "./console-errors";

beforeEach(resetDatabase);

const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const codeFor = async (secret: string, offset = 0) => hotp(base32Decode(secret), timeStep() + offset);

/** An account with two-factor sign-in on; returns its secret and recovery codes. */
async function withTwoFactor() {
  const user = await createUser({ email: "tf@example.org", role: "admin" });
  const secret = await beginSetup({ db: db() }, user.id, SECRET);
  const codes = (await confirmSetup(services(), user.id, await codeFor(secret, -1), "no-session"))?.codes;
  expect(codes).toHaveLength(10);
  await db().delete(outbox); // an account that already had it: no mail of its setting up
  return { user, secret, codes: codes! };
}

/**
 * A per-account limit that counted every attempt from everywhere, successes included, before the
 * password was checked, would let anyone lock any account out: these tests hold the limits to less.
 */
describe("sign-in limits cannot lock the owner out", () => {
  // (One of these once ran across 09:45:00 and saw no slowing.)
  beforeEach(clearOfRateWindowEdge, 30_000);
  const attacker = "203.0.113.9";
  const owner = "198.51.100.7";

  it("refuses an address after five wrong passwords for the account, and lets the owner in from another", async () => {
    const user = await createUser({ email: "member@example.org" });
    for (let i = 0; i < 5; i++) expect((await postForm(new Jar(), "/login", { email: user.email, password: "guess-" + i }, { address: attacker })).status).toBe(401);
    const refused = await postForm(new Jar(), "/login", { email: user.email, password: user.password }, { address: attacker });
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toMatch(/Too many attempts/);
    const ownerIn = await postForm(new Jar(), "/login", { email: user.email, password: user.password }, { address: owner });
    expect(ownerIn.status).toBe(302);
    expect(ownerIn.headers.get("Location")).toBe("/dashboard");
  });

  it("never counts a success: twelve sign-ins in a row from one address all pass", async () => {
    const user = await createUser({ email: "member@example.org" });
    for (let i = 0; i < 12; i++) expect((await postForm(new Jar(), "/login", { email: user.email, password: user.password }, { address: owner })).status, `sign-in ${i + 1}`).toBe(302);
    const rows = await env.DB.prepare("select key, count from rate_limits").all();
    expect(rows.results.every((r) => r.count === 0)).toBe(true);
  });

  it("slows a guess spread over many addresses, never blocks it: the owner's password and code still get in", async () => {
    const { user, secret } = await withTwoFactor();
    for (let i = 0; i < 23; i++) {
      const r = await postForm(new Jar(), "/login", { email: user.email, password: "guess-" + i }, { address: `192.0.2.${i + 1}` });
      expect(r.status, `guess ${i + 1}`).toBe(401);
    }
    const jar = new Jar();
    const started = Date.now();
    const password = await postForm(jar, "/login", { email: user.email, password: user.password }, { address: owner });
    // Past the per-account limit (20) every attempt waits a little longer: 4 over, 800 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(password.status).toBe(302);
    expect(password.headers.get("Location")).toMatch(/^\/login\/two-factor/);
    const code = await postForm(jar, "/login/two-factor", { code: await codeFor(secret) }, { address: owner });
    expect(code.status).toBe(302);
    expect(code.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("two-factor sign-in", () => {
  it("asks for a code after the password; the half-signed-in session opens nothing", async () => {
    const { user, secret } = await withTwoFactor();
    const jar = new Jar();
    const login = await postForm(jar, "/login", { email: user.email, password: user.password });
    expect(login.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fadmin%2Fdashboard");
    const pendingId = (await db().select().from(sessions).get())!.id;
    expect((await visit(jar, "/admin/dashboard")).status).toBe(302);
    expect((await visit(jar, "/dashboard")).status).toBe(302);

    const wrong = await postForm(jar, "/login/two-factor?redirectTo=%2Fadmin%2Fdashboard", { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain("That code is not valid.");

    const ok = await postForm(jar, "/login/two-factor?redirectTo=%2Fadmin%2Fdashboard", { code: await codeFor(secret) });
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
    // A new session replaces the pending one.
    const rows = await db().select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(pendingId);
    expect(rows[0]!.secondFactorPending).toBe(false);
    const console = await visit(jar, "/admin/dashboard");
    expect(console.status).toBe(200);
    expect(textOf(await console.text())).not.toContain("Turn on two-factor sign-in");
  });

  it("accepts each code once, so a code seen over a shoulder cannot be replayed", async () => {
    const { user, secret } = await withTwoFactor();
    const code = await codeFor(secret);
    const first = new Jar();
    await postForm(first, "/login", { email: user.email, password: user.password });
    expect((await postForm(first, "/login/two-factor", { code })).status).toBe(302);
    const second = new Jar();
    await postForm(second, "/login", { email: user.email, password: user.password });
    expect((await postForm(second, "/login/two-factor", { code })).status).toBe(401);
  });

  it("accepts a recovery code once, and counts what is left", async () => {
    const { user, codes } = await withTwoFactor();
    const jar = new Jar();
    await postForm(jar, "/login", { email: user.email, password: user.password });
    expect((await postForm(jar, "/login/two-factor", { code: codes[0]!.toUpperCase() })).status).toBe(302);
    const again = new Jar();
    await postForm(again, "/login", { email: user.email, password: user.password });
    expect((await postForm(again, "/login/two-factor", { code: codes[0]! })).status).toBe(401);
    const page = await visit(jar, "/profile/two-factor");
    expect(textOf(await page.text())).toContain("9 recovery codes left");
  });

  it("limits guesses per account", async () => {
    const { user } = await withTwoFactor();
    const jar = new Jar();
    await postForm(jar, "/login", { email: user.email, password: user.password });
    for (let i = 0; i < 10; i++) await postForm(jar, "/login/two-factor", { code: "000000" });
    expect((await postForm(jar, "/login/two-factor", { code: "000000" })).status).toBe(429);
  });

  it("does not count a right code: an owner who signs in often is never held back", async () => {
    const { user, secret } = await withTwoFactor();
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const jar = new Jar();
      expect((await postForm(jar, "/login", { email: user.email, password: user.password })).status).toBe(302);
      // A code is good once (no replay): the codes of the step before, this one and the next, in turn.
      const r = await postForm(jar, "/login/two-factor", { code: await codeFor(secret, (i % 3) - 1) });
      if (r.status !== 302) {
        expect(r.status).toBe(401); // its code was used already; never 429
        refused++;
      }
      await r.text();
    }
    expect(12 - refused).toBeGreaterThanOrEqual(2); // the right codes: had they counted, the twelve would pass the limit (10)
    const count = await env.DB.prepare("select count from rate_limits where key = ?").bind(`2fa:acct:${user.id}`).first("count");
    expect(count).toBe(refused);
  });

  it("is set up from the profile with a code from the app, and turned off only with the password", async () => {
    const user = await createUser({ email: "setup@example.org" });
    const jar = new Jar();
    await postForm(jar, "/login", { email: user.email, password: user.password });
    expect((await postForm(jar, "/profile/two-factor", { intent: "start", password: user.password })).status).toBe(302);
    const page = textOf(await (await visit(jar, "/profile/two-factor")).text());
    const key = page.match(/Key: ((?:[A-Z2-7]{4} ?)+)/)![1]!.replace(/\s/g, "");
    const row = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(row!.totpPendingSecret).not.toContain(key); // sealed at rest
    expect((await postForm(jar, "/profile/two-factor", { intent: "confirm", code: "123456" })).status).toBe(400);
    const on = await postForm(jar, "/profile/two-factor", { intent: "confirm", code: await codeFor(key) });
    expect(on.status).toBe(200);
    expect(textOf(await on.text())).toContain("Your recovery codes");
    expect(await db().select().from(recoveryCodes).all()).toHaveLength(10);
    expect((await postForm(jar, "/profile/two-factor", { intent: "disable", password: "wrong" })).status).toBe(400);
    expect((await postForm(jar, "/profile/two-factor", { intent: "disable", password: user.password })).status).toBe(302);
    const off = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(off).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await db().select().from(recoveryCodes).all()).toHaveLength(0);
  });

  it("sends a visitor without a pending sign-in back to login", async () => {
    expect((await visit(new Jar(), "/login/two-factor")).headers.get("Location")).toBe("/login");
  });
});

/** Changes of the second factor, from inside a signed-in session. */
describe("changing the second factor", () => {
  const mailed = async () => (await db().select().from(outbox).all()).filter((m) => m.template === "two_factor_changed").map((m) => (m.payload as { change: string }).change);

  it("asks for the password before every change; a stolen session alone cannot start one", async () => {
    const { user } = await withTwoFactor();
    const jar = await sessionJar(user);
    const before = await db().select().from(users).where(eq(users.id, user.id)).get();
    for (const intent of ["start", "codes", "disable"]) {
      expect((await postForm(jar, "/profile/two-factor", { intent })).status, intent).toBe(400);
      expect((await postForm(jar, "/profile/two-factor", { intent, password: "not-the-password" })).status, intent).toBe(400);
    }
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toEqual(before);
    expect(await mailed()).toEqual([]);
  });

  it("keeps the current app in force while a new one is enrolled, then moves to it and says so by mail", async () => {
    const { user, secret: oldSecret } = await withTwoFactor();
    const jar = await sessionJar(user);
    expect((await postForm(jar, "/profile/two-factor", { intent: "start", password: user.password })).status).toBe(302);
    // Still on, with the old app: sign-in asks for the code and the old app's code works.
    const during = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(during!.totpEnabledAt).not.toBeNull();
    const signIn = new Jar();
    expect((await postForm(signIn, "/login", { email: user.email, password: user.password })).headers.get("Location")).toMatch(/^\/login\/two-factor/);
    expect((await postForm(signIn, "/login/two-factor", { code: await codeFor(oldSecret) })).status).toBe(302);
    // Confirm the new app.
    const page = textOf(await (await visit(jar, "/profile/two-factor")).text());
    expect(page).toContain("Your current app keeps working until the new one is confirmed here.");
    const newKey = page.match(/Key: ((?:[A-Z2-7]{4} ?)+)/)![1]!.replace(/\s/g, "");
    const pending = (await db().select().from(users).where(eq(users.id, user.id)).get())!.totpPendingSecret;
    const moved = await postForm(jar, "/profile/two-factor", { intent: "confirm", code: await codeFor(newKey, 1) });
    expect(moved.status).toBe(200);
    expect(textOf(await moved.text())).toContain("Two-factor sign-in now uses your new app.");
    // The new app's secret is the factor now; the old one is gone.
    const after = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(after).toMatchObject({ totpSecret: pending, totpPendingSecret: null });
    expect(after!.totpSecret).not.toBe(during!.totpSecret);
    expect(await mailed()).toEqual(["moved"]);
  });

  it("mails new recovery codes and turning off", async () => {
    const { user } = await withTwoFactor();
    const jar = await sessionJar(user);
    expect((await postForm(jar, "/profile/two-factor", { intent: "codes", password: user.password })).status).toBe(200);
    expect((await postForm(jar, "/profile/two-factor", { intent: "disable", password: user.password })).status).toBe(302);
    expect(await mailed()).toEqual(["codes", "off"]);
  });

  it("stops checking passwords and codes after five wrong ones, even the right one, as at sign-in", async () => {
    const { user } = await withTwoFactor();
    const jar = await sessionJar(user);
    for (let i = 0; i < 5; i++) expect((await postForm(jar, "/profile/two-factor", { intent: "disable", password: `wrong-${i}` })).status).toBe(400);
    const blocked = await postForm(jar, "/profile/two-factor", { intent: "disable", password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.totpEnabledAt).not.toBeNull();
  });

  it("limits wrong current passwords on the profile's password tab the same way", async () => {
    const user = await createUser({ password: "old-password-1" });
    const jar = await sessionJar(user);
    const change = (current: string) => postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: current, newPassword: "a-new-password-8", newPasswordRetype: "a-new-password-8" });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).status).toBe(400);
    expect((await change("old-password-1")).status).toBe(429);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(user.passwordHash);
  });
});

describe("a secret sealed under another SESSION_SECRET", () => {
  it("is not an error: an enrolment starts again, and a code for it is refused while recovery codes still work", async () => {
    // Not an error for the person; logged for the operator, whose secret changed.
    expectConsoleError(/a sealed TOTP secret could not be opened/);
    const foreign = await sealSecret(newSecret(), "another-secret-another-secret-another-0123");
    const enrolling = await createUser({ email: "enrolling@example.org" });
    await db().update(users).set({ totpPendingSecret: foreign }).where(eq(users.id, enrolling.id));
    const page = await visit(await sessionJar(enrolling), "/profile/two-factor");
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("Set up two-factor sign-in");

    const { user, codes } = await withTwoFactor();
    await db().update(users).set({ totpSecret: foreign }).where(eq(users.id, user.id));
    const jar = new Jar();
    await postForm(jar, "/login", { email: user.email, password: user.password });
    expect((await postForm(jar, "/login/two-factor", { code: "123456" })).status).toBe(401);
    expect((await postForm(jar, "/login/two-factor", { code: codes[0]! })).status).toBe(302);
  });
});
