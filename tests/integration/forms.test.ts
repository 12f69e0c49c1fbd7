import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { boardYears, conferences, news, outbox, users } from "~/db/schema";
import { createConference, createUser, db, Jar, postForm, postMultipart, resetDatabase, sessionJar, textOf } from "./fixtures";

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
    expect((await postForm(jar, "/profile/two-factor", { intent: "start", password: user.password })).status).toBe(302);
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

  it("the header-photo buttons refuse an id that is not one, on a page with the way back", async () => {
    const admin = await createUser({ role: "admin", email: "admin@example.org" });
    const conference = await createConference();
    const jar = await sessionJar(admin);
    const page = await postForm(jar, `/admin/conferences/${conference.id}/header-photo`, { fileId: "-3" });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(textOf(html)).toContain("Failed to set header photo: choose one of the conference's photos.");
    expect(html).toContain(`href="/admin/conferences/${conference.id}"`);
  });

  it("the news editor: a refused save names each field, keeps what was typed (never the token) and stores nothing", async () => {
    const jar = await sessionJar(await createUser({ role: "admin", email: "admin@example.org" }));
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", title: "Kept <title>", status: "published", newsDate: "2026-13-45", content: "<p> </p>", details: "<p>Details kept</p>" })) form.set(k, v);
    const r = await postMultipart(jar, "/admin/news/new", form);
    expect(r.status).toBe(400);
    const html = await r.text();
    for (const message of ["Please correct the fields marked below.", "Content is required", "Enter a date as YYYY-MM-DD."]) expect(textOf(html)).toContain(message);
    expect(html).toMatch(/<input[^>]*name="title"[^>]*value="Kept &lt;title&gt;"/);
    expect(html).toMatch(/<input[^>]*name="newsDate"[^>]*aria-invalid="true"/);
    expect(html).toContain("&lt;p&gt;Details kept&lt;/p&gt;</textarea>");
    expect(html).not.toMatch(/repopulateFields[^<]*_csrf/);
    expect(await db().select().from(news).all()).toEqual([]);
  });

  it("the fees dialog keeps an unticked box unticked when it refuses a fee", async () => {
    const jar = await sessionJar(await createUser({ role: "admin", email: "admin@example.org" }));
    const c = await createConference({ feeStandard: 50000, registrationEnabled: true });
    const r = await postForm(jar, `/admin/conferences/${c.id}/fees`, { feeStandard: "12.5", feeStudent: "", feeAccompaniedPerson: "", currency: "EUR", feeDescription: "", registrationDeadline: "" });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(textOf(html)).toContain("Enter a whole amount of 0 or more (no cents), or leave it empty.");
    expect(html).toMatch(/<input[^>]*name="feeStandard"[^>]*value="12.5"/);
    expect(html).not.toMatch(/<input[^>]*name="registrationEnabled"[^>]*checked/);
    expect((await db().select().from(conferences).get())!.feeStandard).toBe(50000);
  });

  it("the board year editor names the row without a name, as posted, and saves nothing", async () => {
    const jar = await sessionJar(await createUser({ role: "admin", email: "admin@example.org" }));
    const r = await postForm(jar, "/admin/board/new", {
      intent: "save",
      period: "2031-2032",
      "directors[0][name]": "",
      "directors[1][position]": "Treasurer",
      "directors[2][name]": "Kept Person",
    });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(textOf(html)).toContain("Name is required for each row (write TBA if not yet known).");
    // Row 2 (index 1) is the refused one; the blank row 1 and the named row 3 are not.
    expect(html).toMatch(/<input[^>]*name="directors\[1\]\[name\]"[^>]*aria-invalid="true"/);
    expect(html).not.toMatch(/<input[^>]*name="directors\[0\]\[name\]"[^>]*aria-invalid/);
    expect(html).toMatch(/<input[^>]*name="directors\[2\]\[name\]"[^>]*value="Kept Person"/);
    expect(html).toMatch(/<input[^>]*name="period"[^>]*value="2031-2032"/);
    expect(await db().select().from(boardYears).all()).toEqual([]);
  });
});
