import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { createUser, db, Jar, postForm, resetDatabase, signIn, textOf, visit } from "./fixtures";

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
    expect(papers).toContain("comes with manuscript submission");
  });
});

describe("User Management", () => {
  it("searches names, e-mail and username, filters by role, counts and pages on the server", async () => {
    const { jar } = await adminJar();
    await createUser({ email: "ada@uni.example", firstName: "Ada", lastName: "Lovelace" });
    await createUser({ email: "reviewer@uni.example", firstName: "Rita", lastName: "Reviewer", role: "reviewer" });
    for (let i = 0; i < 30; i++) await createUser({ email: `bulk${String(i).padStart(2, "0")}@example.org`, firstName: "Bulk", lastName: `Person ${i}` });

    const all = textOf(await (await visit(jar, "/admin/users")).text());
    expect(all).toContain("Showing 1–25 of 33");
    expect(all).toContain("Page 1 of 2");
    const second = textOf(await (await visit(jar, "/admin/users?page=2")).text());
    expect(second).toContain("Showing 26–33 of 33");

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
    expect((await visit(jar, "/admin/users?role=emperor&page=-4")).status).toBe(200);
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
