import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, MANUSCRIPT_TYPES, paperAuthors, papers, users } from "~/db/schema";
import { createConference, createPaper, createUser, db, Jar, postForm, resetDatabase, signIn, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

async function adminJar() {
  const admin = await createUser({ email: "chief@example.org", role: "admin", firstName: "Chief", lastName: "Admin" });
  return { admin, jar: await signIn(admin.email, admin.password) };
}

describe("the console's frame and tabs", () => {
  it("lets only administrators in: visitors to login, others a 403, on every tab and the activity log", async () => {
    const user = await createUser({ email: "plain@example.org" });
    const userJar = await signIn(user.email, user.password);
    const { jar } = await adminJar();
    for (const path of ["/admin", "/admin/dashboard", "/admin/conferences", "/admin/news", "/admin/papers", "/admin/users", "/admin/board", "/admin/activity"]) {
      expect((await visit(new Jar(), path)).headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await visit(userJar, path)).status, path).toBe(403);
      const page = await visit(jar, path);
      expect(page.status, path).toBe(200);
      expect(textOf(await page.text())).toContain("Admin Dashboard");
    }
    const papers = textOf(await (await visit(jar, "/admin/papers")).text());
    expect(papers).toMatch(/Conference is (active|inactive) - paper status|There are no conferences yet/);
  });
});

describe("User Management", () => {
  it("searches names, e-mail and username, filters by role, counts and pages on the server", async () => {
    const { jar } = await adminJar();
    await createUser({ email: "ada@uni.example", firstName: "Ada", lastName: "Lovelace" });
    await createUser({ email: "reviewer@uni.example", firstName: "Rita", lastName: "Reviewer", role: "reviewer" });
    for (let i = 0; i < 30; i++) await createUser({ email: `bulk${String(i).padStart(2, "0")}@example.org`, firstName: "Bulk", lastName: `Person ${i}` });

    const firstPage = await visit(jar, "/admin/users");
    const firstHtml = await firstPage.text();
    const all = textOf(firstHtml);
    expect(all).toContain("Showing 1–25 of 33");
    expect(all).toContain("Page 1 of 2");
    // Keyset paging: the page and the count read about a page of rows, not the table. The 26 rows
    // of the page and its look-ahead, the count's few, and the session lookup's (counted since it
    // is a prepared query answered with D1's row counts).
    const rowsRead = Number(/d1-rows-read;desc=(\d+)/.exec(firstPage.headers.get("Server-Timing") ?? "")?.[1]);
    expect(rowsRead).toBeGreaterThan(0);
    expect(rowsRead).toBeLessThanOrEqual(26 + 5);
    const nextHref = /href="(\/admin\/users\?[^"]*after=[^"]+)"/.exec(firstHtml)?.[1]?.replaceAll("&amp;", "&");
    expect(nextHref).toBeTruthy();
    const secondHtml = await (await visit(jar, nextHref!)).text();
    const second = textOf(secondHtml);
    expect(second).toContain("Showing 26–33 of 33");
    expect(second).toContain("Page 2 of 2");
    const prevHref = /href="(\/admin\/users\?[^"]*before=[^"]+)"/.exec(secondHtml)?.[1]?.replaceAll("&amp;", "&");
    expect(textOf(await (await visit(jar, prevHref!)).text())).toContain("Showing 1–25 of 33");

    const byName = textOf(await (await visit(jar, "/admin/users?q=LOVELACE")).text());
    expect(byName).toContain("Showing 1–1 of 1");
    expect(byName).toContain("ada@uni.example");
    expect(textOf(await (await visit(jar, "/admin/users?q=uni.example")).text())).toContain("Showing 1–2 of 2");
    const reviewers = textOf(await (await visit(jar, "/admin/users?role=reviewer")).text());
    expect(reviewers).toContain("Showing 1–1 of 1");
    expect(reviewers).toContain("Rita Reviewer");
    // LIKE's wildcards are taken literally.
    expect(textOf(await (await visit(jar, "/admin/users?q=%25")).text())).toContain("No users match your search criteria.");
    expect(textOf(await (await visit(jar, "/admin/users?q=_")).text())).toContain("No users match your search criteria.");
    // Nonsense parameters fall back to defaults.
    expect((await visit(jar, "/admin/users?role=emperor&after=x.y&start=-4")).status).toBe(200);
  });

  it("changes a role in place, records it in the activity log, and says so", async () => {
    const { admin, jar } = await adminJar();
    const user = await createUser({ email: "promote@example.org" });
    const r = await postForm(jar, "/admin/users?q=promote&edit-role=" + user.id, { intent: "role", userId: String(user.id), role: "reviewer" });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/admin/users?q=promote&done=role");
    expect(textOf(await (await visit(jar, "/admin/users?q=promote&done=role")).text())).toContain("User role updated successfully");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.role).toBe("reviewer");
    const [entry] = await db().select().from(auditLog).all();
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.role", entityType: "user", entityId: String(user.id), details: { from: "user", to: "reviewer" } });
    const log = textOf(await (await visit(jar, "/admin/activity")).text());
    expect(log).toContain("User role changed");
    expect(log).toContain("user.role");
    expect(log).toContain("chief@example.org");
  });

  it("never leaves the site without an administrator, and an administrator cannot demote themself", async () => {
    const { admin, jar } = await adminJar();
    const self = await postForm(jar, "/admin/users", { intent: "role", userId: String(admin.id), role: "user" });
    expect(self.status).toBe(409);
    expect(textOf(await self.text())).toContain("You cannot remove your own administrator role.");
    // A second admin, suspended: the active admin is still the last one.
    const other = await createUser({ email: "other-admin@example.org", role: "admin", status: "suspended" });
    const otherJar = new Jar();
    expect((await postForm(otherJar, "/login", { email: other.email, password: other.password })).status).toBe(401);
    await db().update(users).set({ status: "active" }).where(eq(users.id, other.id)).run();
    // Now two active admins: one may demote the other, once.
    expect((await postForm(jar, "/admin/users", { intent: "role", userId: String(other.id), role: "user" })).status).toBe(302);
    expect((await db().select().from(users).where(eq(users.role, "admin")).all()).map((u) => u.id)).toEqual([admin.id]);
    expect(await db().select().from(auditLog).all()).toHaveLength(1);
  });

  it("refuses every change from a non-administrator, and bad input, changing nothing", async () => {
    const user = await createUser({ email: "sneaky@example.org" });
    const userJar = await signIn(user.email, user.password);
    const attempt = await postForm(userJar, "/admin/users", { intent: "role", userId: String(user.id), role: "admin" });
    expect(attempt.status).toBe(403);
    const { jar } = await adminJar();
    for (const fields of <Array<Record<string, string>>>[
      { intent: "role", userId: String(user.id), role: "emperor" },
      { intent: "role", userId: "abc", role: "admin" },
      { intent: "explode" },
    ]) {
      expect((await postForm(jar, "/admin/users", fields)).status).toBe(400);
    }
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.role).toBe("user");
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
  });
});

describe("editing, resetting and deleting a user", () => {
  const complete = (over: Record<string, string> = {}) => ({
    intent: "save",
    salutation: "Dr.",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.org",
    workPhoneCountry: "+1",
    cellPhoneCountry: "+1",
    primaryInstitution: "Navy Research",
    primaryRank: "Professor",
    primaryAddress1: "1 Pier",
    primaryCity: "Arlington",
    primaryPostalCode: "22201",
    primaryCountry: "US",
    primaryState: "VA",
    primary1Category: "VI. Quantitative Finance",
    primary1: "Numerical Methods and Monte Carlo",
    primary2Category: "V. Derivatives",
    primary2: "Swaps",
    primary3Category: "I. Corporate Finance",
    primary3: "Capital Structure",
    role: "reviewer",
    status: "active",
    ...over,
  });

  it("saves the whole form with its audit entry; suspending signs the user out at once", async () => {
    const { admin, jar } = await adminJar();
    const user = await createUser({ email: "grace@example.org" });
    const userJar = await signIn(user.email, user.password);
    const saved = await postForm(jar, `/admin/users/${user.id}?q=grace`, complete());
    expect(saved.headers.get("Location")).toBe("/admin/users?q=grace&done=saved");
    expect(textOf(await (await visit(jar, "/admin/users?q=grace&done=saved")).text())).toContain("User updated successfully");
    const row = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(row).toMatchObject({ firstName: "Grace", role: "reviewer", institution: "Navy Research" });
    expect(row!.primaryAffiliation!.address).toMatchObject({ country: "US", state: "VA" });
    const [entry] = await db().select().from(auditLog).all();
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.update", details: { role: { from: "user", to: "reviewer" } } });
    expect((await visit(userJar, "/dashboard")).status).toBe(200);
    await postForm(jar, `/admin/users/${user.id}`, complete({ status: "suspended" }));
    expect((await visit(userJar, "/dashboard")).status).toBe(302);
  });

  it("gives an account the office activates the papers its address was listed on", async () => {
    const { jar } = await adminJar();
    const user = await createUser({ email: "grace@example.org", status: "inactive" });
    const conference = await createConference({ status: "open" });
    await createPaper({ conferenceId: conference.id, submitterId: null, authors: [{ email: "someone@example.org" }, { email: "grace@example.org", userId: null }] });
    await postForm(jar, `/admin/users/${user.id}`, complete({ status: "inactive" }));
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.email, "grace@example.org")).get())!.userId).toBeNull();
    await postForm(jar, `/admin/users/${user.id}`, complete());
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.email, "grace@example.org")).get())!.userId).toBe(user.id);
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.email, "someone@example.org")).get())!.userId).toBeNull();
  });

  it("refuses bad input, a taken e-mail and self-demotion, and changes nothing", async () => {
    const { admin, jar } = await adminJar();
    const user = await createUser({ email: "grace@example.org" });
    await createUser({ email: "taken@example.org" });
    const bad = await postForm(jar, `/admin/users/${user.id}`, complete({ lastName: "", primaryCity: "" }));
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Last name is required.");
    const taken = await postForm(jar, `/admin/users/${user.id}`, complete({ email: "taken@example.org" }));
    expect(taken.status).toBe(409);
    expect(textOf(await taken.text())).toContain("Another account already uses that e-mail address.");
    const self = await postForm(jar, `/admin/users/${admin.id}`, complete({ email: admin.email, role: "user" }));
    expect(self.status).toBe(409);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.lastName).toBe("Person");
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
    expect((await visit(jar, "/admin/users/999999")).status).toBe(404);
    expect((await visit(jar, "/admin/users/abc")).status).toBe(404);
  });

  it("resets a password to a random one shown once, or by a mailed link; either way the user is signed out", async () => {
    const { jar } = await adminJar();
    const user = await createUser({ email: "forgetful@example.org" });
    const userJar = await signIn(user.email, user.password);
    const random = await postForm(jar, `/admin/users/${user.id}`, { intent: "reset-password", mode: "random" });
    const text = textOf(await random.text());
    const password = /New password: ([a-z0-9-]{23})/.exec(text)?.[1];
    expect(password).toBeTruthy();
    expect((await visit(userJar, "/dashboard")).status).toBe(302);
    await signIn(user.email, password!);
    expect((await postForm(new Jar(), "/login", { email: user.email, password: user.password })).status).toBe(401);
    const mailed = await postForm(jar, `/admin/users/${user.id}`, { intent: "reset-password", mode: "email" });
    expect(textOf(await mailed.text())).toContain("Password reset successfully. User will receive an email with reset instructions.");
    const { outbox } = await import("~/db/schema");
    expect((await db().select().from(outbox).all()).map((m) => m.template)).toEqual(["admin_password_set", "admin_password_reset"]);
    expect((await db().select().from(auditLog).all()).map((a) => a.action)).toEqual(["user.password_reset", "user.password_reset"]);
  });

  it("deletes a person but keeps the row their papers point at, anonymised", async () => {
    const { admin, jar } = await adminJar();
    const user = await createUser({ email: "leaving@example.org", firstName: "Leah", lastName: "Leaving", workPhone: "555 0100" });
    const userJar = await signIn(user.email, user.password);
    const conference = await createConference();
    const [paper] = await db()
      .insert(papers)
      .values({ conferenceId: conference.id, paperNumber: 0, manuscriptType: MANUSCRIPT_TYPES[0], title: "On leaving", abstract: "A.", researchAreas: [], submitterId: user.id })
      .returning();
    const confirm = await visit(jar, `/admin/users/${user.id}/delete`);
    expect(textOf(await confirm.text())).toContain("This action cannot be undone.");
    const r = await postForm(jar, `/admin/users/${user.id}/delete`, {});
    expect(r.headers.get("Location")).toBe("/admin/users?done=deleted");
    const row = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(row).toMatchObject({ email: `deleted-user-${user.id}@invalid`, firstName: "Deleted", lastName: "user", workPhone: null, passwordHash: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await visit(userJar, "/dashboard")).status).toBe(302);
    expect(textOf(await (await visit(jar, "/admin/users")).text())).not.toContain("Leah");
    expect((await visit(jar, `/admin/users/${user.id}`)).status).toBe(404);
    expect((await db().select().from(auditLog).all()).map((a) => a.action)).toEqual(["user.delete"]);
    expect((await db().select().from(papers).where(eq(papers.id, paper!.id)).get())!.submitterId).toBe(user.id);
    // Not oneself.
    const self = await postForm(jar, `/admin/users/${admin.id}/delete`, {});
    expect(self.status).toBe(409);
    expect(textOf(await self.text())).toContain("You cannot delete your own account here.");
  });
});
