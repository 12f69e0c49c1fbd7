import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { PASSWORD_IS_PERSONAL, PASSWORD_TOO_COMMON } from "~/server/auth/password-policy.server";
import { issueToken } from "~/server/auth/tokens.server";
import { createUser, db, Jar, postForm, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

/** What a signed-in page leaves behind, and links that outlive a password. */
describe("secrets are not stored, and a logout clears the browser", () => {
  it("sends every signed-in page with no-store: two-factor settings, the users list, a new password", async () => {
    const admin = await createUser({ role: "admin", email: "admin@example.org" });
    const member = await createUser({ email: "member@example.org" });
    const jar = await sessionJar(admin);
    for (const path of ["/profile/two-factor", "/admin/users", `/admin/users/${member.id}`, "/dashboard"]) {
      const r = await visit(jar, path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get("Cache-Control"), path).toBe("private, no-store");
      await r.text();
    }
    const reset = await postForm(jar, `/admin/users/${member.id}`, { intent: "reset-password", mode: "random" });
    expect(reset.status).toBe(200);
    expect(reset.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await reset.text()).toContain("New password");
    // A visitor's page stays revalidated, not unstorable.
    const visitor = await visit(new Jar(), "/login");
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-cache");
    await visitor.text();
  });

  it("asks the browser to clear the site's cookies and cache on logout", async () => {
    const jar = await sessionJar(await createUser());
    const r = await postForm(jar, "/logout", {});
    expect(r.status).toBe(302);
    expect(r.headers.get("Clear-Site-Data")).toBe('"cache", "cookies"');
  });
});

describe("a password change ends every link mailed before it", () => {
  it("a reset link and an activation link issued before a change of password no longer work", async () => {
    const user = await createUser({ email: "member@example.org", password: "old-password-1" });
    const reset = await issueToken(db(), user.id, "password_reset");
    const activation = await issueToken(db(), user.id, "activation");
    const jar = await sessionJar(user);
    const changed = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "old-password-1", newPassword: "new-password-2", newPasswordRetype: "new-password-2" });
    expect(changed.status).toBeLessThan(400);
    const hashAfterChange = (await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash;
    const late = await postForm(new Jar(), `/reset-password?token=${reset}`, { token: reset, newPassword: "attacker-pass-3", newPasswordRetype: "attacker-pass-3" });
    expect(late.status).toBe(400);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(hashAfterChange);
    const activate = await postForm(new Jar(), "/activate-account", { token: activation });
    expect(activate.status).toBe(400);
  });

  it("a reset through one link ends the other links of the account", async () => {
    const user = await createUser({ email: "member@example.org" });
    const first = await issueToken(db(), user.id, "activation");
    const reset = await issueToken(db(), user.id, "password_reset");
    const done = await postForm(new Jar(), `/reset-password?token=${reset}`, { token: reset, newPassword: "fresh-password-4", newPasswordRetype: "fresh-password-4" });
    expect(done.status).toBeLessThan(400);
    expect((await postForm(new Jar(), "/activate-account", { token: first })).status).toBe(400);
  });
});

/** A password is refused if it is easy to guess (common, or built on a common word) or the person's own, wherever it is set. */
describe("common, easy and personal passwords", () => {
  it("a reset refuses 'password', a disguised one with digits added and the account's e-mail, and the link still works for a good one", async () => {
    const user = await createUser({ email: "grace.hopper@example.org", firstName: "Grace", lastName: "Hopper" });
    const token = await issueToken(db(), user.id, "password_reset");
    for (const [password, message] of [
      ["password", PASSWORD_TOO_COMMON],
      ["Grace.Hopper@example.org", PASSWORD_IS_PERSONAL],
      ["gracehopper", PASSWORD_IS_PERSONAL],
      ["P@ssw0rd2024", "This password is too easy to guess: it is a common password with symbols for look-alike letters (like @ for a), with a few digits or symbols added."],
    ]) {
      const r = await postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: password!, newPasswordRetype: password! });
      expect(r.status, password).toBe(400);
      expect(textOf(await r.text()), password).toContain(message);
    }
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(user.passwordHash);
    const ok = await postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: "a-fine-password-7", newPasswordRetype: "a-fine-password-7" });
    expect(ok.status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).not.toBe(user.passwordHash);
  });

  it("the profile's password change refuses a common password and keeps the old one", async () => {
    const user = await createUser({ password: "old-password-1" });
    const jar = await sessionJar(user);
    const r = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "old-password-1", newPassword: "qwertyuiop", newPasswordRetype: "qwertyuiop" });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain(PASSWORD_TOO_COMMON);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(user.passwordHash);
  });

  it("the profile's password change refuses a common password with digits added, saying why, and keeps the old one", async () => {
    const user = await createUser({ password: "old-password-1" });
    const jar = await sessionJar(user);
    const r = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "old-password-1", newPassword: "iloveyou123", newPasswordRetype: "iloveyou123" });
    expect(r.status).toBe(400);
    const text = textOf(await r.text());
    expect(text).toContain("This password is too easy to guess: it is a common password, with a few digits or symbols added.");
    expect(text).not.toContain("iloveyou123");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(user.passwordHash);
    const ok = await postForm(jar, "/profile?tab=password", { tab: "password", currentPassword: "old-password-1", newPassword: "velvet orbit cactus anthem", newPasswordRetype: "velvet orbit cactus anthem" });
    expect(ok.status).toBe(302);
  });
});
