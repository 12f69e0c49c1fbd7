import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { recoveryCodes, sessions, users } from "~/db/schema";
import { beginSetup, confirmSetup } from "../../app/features/accounts/two-factor.server";
import { base32Decode, hotp, timeStep } from "~/server/auth/totp.server";
import { createUser, db, Jar, postForm, resetDatabase, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const codeFor = async (secret: string, offset = 0) => hotp(base32Decode(secret), timeStep() + offset);

/** An account with two-factor sign-in on; returns its secret and recovery codes. */
async function withTwoFactor() {
  const user = await createUser({ email: "tf@example.org", role: "admin" });
  const secret = await beginSetup(db(), user.id, SECRET);
  const codes = await confirmSetup(db(), user.id, await codeFor(secret, -1), SECRET);
  expect(codes).toHaveLength(10);
  return { user, secret, codes: codes! };
}

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

  it("is set up from the profile with a code from the app, and turned off only with the password", async () => {
    const user = await createUser({ email: "setup@example.org" });
    const jar = new Jar();
    await postForm(jar, "/login", { email: user.email, password: user.password });
    expect((await postForm(jar, "/profile/two-factor", { intent: "start" })).status).toBe(302);
    const page = textOf(await (await visit(jar, "/profile/two-factor")).text());
    const key = page.match(/Key: ((?:[A-Z2-7]{4} ?)+)/)![1]!.replace(/\s/g, "");
    const row = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(row!.totpSecret).not.toContain(key); // sealed at rest
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
