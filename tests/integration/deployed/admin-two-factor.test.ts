import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, users } from "~/db/schema";
import { base32Decode, hotp, timeStep } from "~/server/auth/totp.server";
import { createUser, db, Jar, postForm, resetDatabase, sessionJar, textOf, visit } from "../fixtures";

beforeEach(resetDatabase);

const ENROL = "/profile/two-factor?for=console";

/**
 * ASVS 6.3.3: as deployed (ADMIN_TWO_FACTOR=required), an administrator
 * without a second factor is sent to set one up before the console opens, cannot turn it off,
 * and the office is warned when it makes such an account an administrator.
 */
describe("administrators' second factor, as deployed", () => {
  it("sends an administrator without it to set it up, and opens the console once it is on", async () => {
    const admin = await createUser({ role: "admin", email: "chief@example.org" });
    const jar = new Jar();
    const login = await postForm(jar, "/login", { email: admin.email, password: admin.password });
    expect(login.headers.get("Location")).toBe("/admin/dashboard");
    for (const path of ["/admin/dashboard", "/admin/users", "/admin/conferences", `/admin/users/${admin.id}`]) {
      const r = await visit(jar, path);
      expect(r.status, path).toBe(302);
      expect(r.headers.get("Location"), path).toBe(ENROL);
    }
    // Nor can it act: a role change is refused before it is made.
    const member = await createUser({ email: "member@example.org" });
    const change = await postForm(jar, "/admin/users", { intent: "role", userId: String(member.id), role: "admin" });
    expect(change.headers.get("Location")).toBe(ENROL);
    expect((await db().select().from(users).where(eq(users.id, member.id)).get())!.role).toBe("user");

    const page = textOf(await (await visit(jar, ENROL)).text());
    expect(page).toContain("Administrators must use two-factor sign-in on this site.");
    expect((await postForm(jar, "/profile/two-factor", { intent: "start", password: admin.password })).status).toBe(302);
    const secret = (await visit(jar, "/profile/two-factor").then((r) => r.text())).match(/([A-Z2-7]{4}(?: [A-Z2-7]{1,4}){7,})/)![1]!.replaceAll(" ", "");
    const code = await hotp(base32Decode(secret), timeStep());
    const confirmed = await postForm(jar, "/profile/two-factor", { intent: "confirm", code });
    expect(confirmed.status).toBe(200);
    expect(textOf(await confirmed.text())).toContain("Done: open the console");
    const console_ = await visit(jar, "/admin/dashboard");
    expect(console_.status).toBe(200);
    await console_.text();
  });

  it("does not let an administrator turn it off", async () => {
    const admin = await createUser({ role: "admin", email: "chief@example.org", totpEnabledAt: new Date() });
    const jar = await sessionJar(admin);
    const page = textOf(await (await visit(jar, "/profile/two-factor")).text());
    expect(page).toContain("Administrators must keep two-factor sign-in on.");
    expect(page).not.toContain("Turn off two-factor sign-in");
    const off = await postForm(jar, "/profile/two-factor", { intent: "disable", password: admin.password });
    expect(off.status).toBe(400);
    expect(textOf(await off.text())).toContain("Administrators must keep two-factor sign-in on.");
    expect((await db().select().from(users).where(eq(users.id, admin.id)).get())!.totpEnabledAt).not.toBeNull();
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("warns the office when it makes an account without it an administrator", async () => {
    const admin = await createUser({ role: "admin", email: "chief@example.org", totpEnabledAt: new Date() });
    const jar = await sessionJar(admin);
    const member = await createUser({ email: "member@example.org" });
    const edit = textOf(await (await visit(jar, `/admin/users/${member.id}`)).text());
    expect(edit).toContain("This account does not use two-factor sign-in: as an administrator it must set it up before the console opens.");

    const r = await postForm(jar, "/admin/users?q=member", { intent: "role", userId: String(member.id), role: "admin" });
    expect(r.headers.get("Location")).toBe("/admin/users?q=member&done=role-needs-2fa");
    const list = textOf(await (await visit(jar, "/admin/users?q=member&done=role-needs-2fa")).text());
    expect(list).toContain("User role updated successfully");
    expect(list).toContain("This administrator does not use two-factor sign-in yet: they will be asked to set it up before the console opens for them.");

    // An account that has it: no warning.
    const careful = await createUser({ email: "careful@example.org", totpEnabledAt: new Date() });
    const ok = await postForm(jar, "/admin/users?q=careful", { intent: "role", userId: String(careful.id), role: "admin" });
    expect(ok.headers.get("Location")).toBe("/admin/users?q=careful&done=role");
  });

  it("is what wrangler.toml deploys", () => {
    expect((env as unknown as { ADMIN_TWO_FACTOR: string }).ADMIN_TWO_FACTOR).toBe("required");
  });
});
