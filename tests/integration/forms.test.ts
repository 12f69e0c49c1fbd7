import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, users } from "~/db/schema";
import { createConference, createUser, db, Jar, postForm, resetDatabase, sessionJar, textOf } from "./fixtures";

beforeEach(resetDatabase);

/**
 * Forms read through their zod validators (decision 028): bad input is a 400 naming the field,
 * what was typed comes back where that is safe, and nothing is written.
 */
describe("forms read through one validator", () => {
  it("forgot password: a malformed address is refused at its field and kept; no mail", async () => {
    const r = await postForm(new Jar(), "/forgot-password", { email: "not-an-address" });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(textOf(html)).toContain("Enter a valid e-mail address.");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-address"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*aria-invalid="true"/);
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("two-factor settings: an unknown intent and an empty password are refused, nothing changes", async () => {
    const user = await createUser();
    const jar = await sessionJar(user);
    const unknown = await postForm(jar, "/profile/two-factor", { intent: "take-over" });
    expect(unknown.status).toBe(400);
    const empty = await postForm(jar, "/profile/two-factor", { intent: "disable", password: "" });
    expect(empty.status).toBe(400);
    // While a setup waits for its code, an empty code is refused at the field.
    expect((await postForm(jar, "/profile/two-factor", { intent: "start" })).status).toBe(302);
    const confirm = await postForm(jar, "/profile/two-factor", { intent: "confirm", code: "" });
    expect(confirm.status).toBe(400);
    expect(textOf(await confirm.text())).toContain("Enter the code from your app.");
    const after = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(after!.totpEnabledAt).toBeNull();
  });

  it("activation: resend without an address says the spec's message", async () => {
    const r = await postForm(new Jar(), "/activate-account", { intent: "resend", email: "" });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("Cannot resend activation: email not provided in URL.");
    const bad = await postForm(new Jar(), "/activate-account", { intent: "resend", email: "nobody" });
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("That e-mail address is not valid.");
    const noToken = await postForm(new Jar(), "/activate-account", { token: "short" });
    expect(noToken.status).toBe(400);
    expect(textOf(await noToken.text())).toContain("Invalid activation link. Token parameter is missing or malformed.");
  });

  it("the role editor refuses a role it does not offer and a malformed id", async () => {
    const admin = await createUser({ role: "admin", email: "admin@example.org" });
    const member = await createUser({ email: "member@example.org" });
    const jar = await sessionJar(admin);
    for (const fields of [
      { intent: "role", userId: String(member.id), role: "moderator" },
      { intent: "role", userId: "1e3", role: "admin" },
      { intent: "promote", userId: String(member.id), role: "admin" },
    ]) {
      const r = await postForm(jar, "/admin/users", fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(textOf(await r.text())).toContain("Failed to update user role");
    }
    expect((await db().select().from(users).where(eq(users.id, member.id)).get())!.role).toBe("user");
  });

  it("Edit User's reset refuses a mode it does not know and resets nothing", async () => {
    const admin = await createUser({ role: "admin", email: "admin@example.org" });
    const member = await createUser({ email: "member@example.org" });
    const jar = await sessionJar(admin);
    const r = await postForm(jar, `/admin/users/${member.id}`, { intent: "reset-password", mode: "sms" });
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("Choose how to reset the password.");
    expect((await db().select().from(users).where(eq(users.id, member.id)).get())!.passwordHash).toBe(member.passwordHash);
  });

  it("the header-photo buttons refuse an id that is not one, by JSON or by redirect", async () => {
    const admin = await createUser({ role: "admin", email: "admin@example.org" });
    const conference = await createConference();
    const jar = await sessionJar(admin);
    const json = await postForm(jar, `/admin/conferences/${conference.id}/header-photo`, { reply: "json", fileId: "x1" });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ ok: false, message: "Failed to set header photo: choose one of the conference's photos." });
    const page = await postForm(jar, `/admin/conferences/${conference.id}/header-photo`, { fileId: "-3" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/admin/conferences/${conference.id}?done=header-failed`);
  });
});
