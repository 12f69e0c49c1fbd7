import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, boardMembers, boardYears, outbox, pastPresidents, users } from "~/db/schema";
import { call, openApi } from "./api-contract";
import { apiToken, createBoardYear, createPastPresident, createUser, db, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const EXPERTISE = {
  primary: [
    { category: "I. Corporate Finance", topic: "Capital Structure" },
    { category: "V. Derivatives", topic: "Swaps" },
    { category: "II. Financial Accounting", topic: "Auditing" },
  ],
};
const AFFILIATION = { institution: "Yale", rank: "Professor", department: "Economics", address: { address1: "1 Hillhouse", city: "New Haven", postalCode: "06511", country: "US", state: "CT" } };

/** The whole user form as a client sends it: the nested profile, the login e-mail, role and status. */
function userForm(u: { email: string }, extra: Record<string, unknown> = {}) {
  return { salutation: "Dr.", firstName: "Grace", lastName: "Hopper", email: u.email, role: "user", status: "active", primaryAffiliation: AFFILIATION, areasOfExpertise: EXPERTISE, ...extra };
}

async function cast() {
  const admin = await createUser({ role: "admin", email: "admin@example.org" });
  const member = await createUser({ email: "member@example.org" });
  const subject = await createUser({ email: "subject@example.org", firstName: "Sub", lastName: "Ject" });
  return { admin, member, subject, adminToken: await apiToken(admin), memberToken: await apiToken(member) };
}

const userRow = (id: number) => db().select().from(users).where(eq(users.id, id)).get();

async function pageText(user: { id: number }, path: string) {
  const r = await visit(await sessionJar(user), path);
  expect(r.status, path).toBe(200);
  return textOf(await r.text());
}

describe("who may make the administrator's users and board calls", () => {
  it("are in the OpenAPI document with the bearer token", async () => {
    const doc = (await openApi()) as unknown as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const [path, method] of [
      ["/api/admin/users", "get"],
      ["/api/admin/users/{id}", "get"],
      ["/api/admin/users/{id}", "put"],
      ["/api/admin/users/{id}", "delete"],
      ["/api/admin/users/{id}/role", "put"],
      ["/api/admin/users/{id}/reset-password", "post"],
      ["/api/board/years", "post"],
      ["/api/board/years/{period}", "delete"],
      ["/api/board/past-presidents", "post"],
      ["/api/board/past-presidents/{id}", "delete"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerToken: [] }]);
    }
  });


  it("answers 401 to a visitor and 403 to a signed-in user for every call, before reading the body or changing anything", async () => {
    const { member, memberToken, subject } = await cast();
    await createBoardYear("2024-2025");
    const president = await createPastPresident({ years: "1990-1991", name: "Old President", sortOrder: 0 });
    const calls: Array<[string, string, string, unknown]> = [
      ["GET", "/api/admin/users", "/api/admin/users", undefined],
      ["GET", "/api/admin/users/{id}", `/api/admin/users/${subject.id}`, undefined],
      ["PUT", "/api/admin/users/{id}", `/api/admin/users/${subject.id}`, userForm(subject, { role: "admin" })],
      ["PUT", "/api/admin/users/{id}/role", `/api/admin/users/${subject.id}/role`, { role: "admin" }],
      ["DELETE", "/api/admin/users/{id}", `/api/admin/users/${subject.id}`, undefined],
      ["POST", "/api/admin/users/{id}/reset-password", `/api/admin/users/${subject.id}/reset-password`, { generateRandom: true }],
      ["POST", "/api/board/years", "/api/board/years", { period: "2025-2026" }],
      ["DELETE", "/api/board/years/{period}", "/api/board/years/2024-2025", undefined],
      ["POST", "/api/board/past-presidents", "/api/board/past-presidents", { years: "1", name: "x" }],
      ["DELETE", "/api/board/past-presidents/{id}", `/api/board/past-presidents/${president.id}`, undefined],
    ];
    for (const [method, template, path, json] of calls) {
      expect((await call(method, template, { path, json })).status, `${method} ${path} as a visitor`).toBe(401);
      const asMember = await call(method, template, { path, json, token: memberToken });
      expect(asMember.status, `${method} ${path} as a user`).toBe(403);
      expect(asMember.body).toMatchObject({ message: "This call is for administrators." });
    }
    expect(await userRow(subject.id)).toMatchObject({ role: "user", status: "active", deletedAt: null, passwordHash: subject.passwordHash });
    expect(await userRow(member.id)).toMatchObject({ role: "user" });
    expect(await db().select().from(boardYears).all()).toHaveLength(1);
    expect(await db().select().from(pastPresidents).all()).toHaveLength(1);
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
  });
});

describe("the users list and one user", () => {
  it("lists users in the spec's User shape, searches, filters by role and pages by cursor, and never answers a password hash or a second-factor secret", async () => {
    const { adminToken } = await cast();
    for (let i = 0; i < 25; i++) await createUser({ email: `bulk${i}@example.org`, lastName: `Bulk${i}`, totpSecret: "sealed-secret" });
    const first = await call<{ users: Array<Record<string, unknown>>; total: number; next: string | null; previous: string | null }>("GET", "/api/admin/users", { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(28);
    expect(first.body.users).toHaveLength(25);
    expect(first.body.previous).toBeNull();
    const text = JSON.stringify(first.body);
    expect(text).not.toMatch(/passwordHash|password_hash|totpSecret|sealed-secret|\$argon|pbkdf2/i);
    expect(first.body.users[0]).toMatchObject({ _id: expect.any(Number), role: "user", status: "active", isEmailConfirmed: expect.any(Boolean), registrationDate: expect.any(String) });
    const second = await call<{ users: Array<{ email: string }>; next: string | null; previous: string | null }>("GET", "/api/admin/users", { path: `/api/admin/users?after=${first.body.next}&start=26`, token: adminToken });
    expect(second.body.users).toHaveLength(3);
    expect(second.body.next).toBeNull();
    const seen = new Set([...first.body.users.map((u) => u.email), ...second.body.users.map((u) => u.email)]);
    expect(seen.size).toBe(28);

    const search = await call<{ users: Array<{ email: string }>; total: number }>("GET", "/api/admin/users", { path: "/api/admin/users?q=subject", token: adminToken });
    expect(search.body).toMatchObject({ total: 1, users: [{ email: "subject@example.org", firstName: "Sub", lastName: "Ject" }] });
    const admins = await call<{ users: Array<{ email: string }>; total: number }>("GET", "/api/admin/users", { path: "/api/admin/users?role=admin", token: adminToken });
    expect(admins.body.users.map((u) => u.email)).toEqual(["admin@example.org"]);
  });

  it("refuses an unknown query parameter, a role that is no filter and a malformed cursor", async () => {
    const { adminToken } = await cast();
    for (const query of ["?status=active", "?role=moderator", "?after=abc", "?start=-1"]) {
      const r = await call("GET", "/api/admin/users", { path: `/api/admin/users${query}`, token: adminToken });
      expect(r.status, query).toBe(400);
    }
  });

  it("answers one user with the profile nested as the spec's User entity, and 404 for no such user, a deleted one and a malformed id", async () => {
    const { adminToken, subject } = await cast();
    await db()
      .update(users)
      .set({ primaryAffiliation: { institution: "MIT", rank: "Professor", address: { address1: "77 Mass Ave", city: "Cambridge", postalCode: "02139", country: "US", state: "MA" } }, expertise: EXPERTISE.primary })
      .where(eq(users.id, subject.id));
    const r = await call("GET", "/api/admin/users/{id}", { path: `/api/admin/users/${subject.id}`, token: adminToken });
    expect(r.body).toMatchObject({
      _id: subject.id,
      email: "subject@example.org",
      username: "subject@example.org",
      firstName: "Sub",
      role: "user",
      status: "active",
      primaryAffiliation: { institution: "MIT", address: { city: "Cambridge", state: "MA" } },
      secondaryAffiliation: null,
      areasOfExpertise: { primary: EXPERTISE.primary },
      lastLogin: null,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password|totp/i);
    const deleted = await createUser({ deletedAt: new Date() });
    for (const path of ["/api/admin/users/999999", `/api/admin/users/${deleted.id}`, "/api/admin/users/abc"]) {
      const missing = await call("GET", "/api/admin/users/{id}", { path, token: adminToken });
      expect(missing.status, path).toBe(404);
    }
  });
});

describe("editing a user through the API", () => {
  it("saves the whole form, nested, with role and status, and the console shows it", async () => {
    const { admin, adminToken, subject } = await cast();
    const saved = await call("PUT", "/api/admin/users/{id}", { path: `/api/admin/users/${subject.id}`, token: adminToken, json: userForm(subject, { email: "Grace@Example.org", role: "reviewer" }) });
    expect(saved).toMatchObject({ status: 200, body: { message: "User updated successfully" } });
    expect(await userRow(subject.id)).toMatchObject({ firstName: "Grace", email: "grace@example.org", username: "grace@example.org", role: "reviewer", institution: "Yale" });
    const text = await pageText(admin, "/admin/users?q=grace");
    expect(text).toContain("Dr. Grace Hopper");
    expect(text).toContain("reviewer");
    expect(text).toContain("Economics");
  });

  it("activating an account whose address nobody proved clears its password and mails the holder a link to choose one", async () => {
    const { adminToken } = await cast();
    const waiting = await createUser({ email: "waiting@example.org", status: "inactive", emailConfirmedAt: null });
    const r = await call("PUT", "/api/admin/users/{id}", { path: `/api/admin/users/${waiting.id}`, token: adminToken, json: userForm(waiting, { status: "active" }) });
    expect(r.status).toBe(200);
    expect(await userRow(waiting.id)).toMatchObject({ status: "active", passwordHash: null, emailConfirmedAt: expect.any(Date) });
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, "waiting@example.org")).all();
    expect(mails.map((m) => m.template)).toEqual(["admin_password_reset"]);
  });

  it("takes back the answer of GET edited, read-only fields and all", async () => {
    const { adminToken, subject } = await cast();
    await db().update(users).set({ primaryAffiliation: AFFILIATION, expertise: EXPERTISE.primary }).where(eq(users.id, subject.id));
    const read = await call<Record<string, unknown>>("GET", "/api/admin/users/{id}", { path: `/api/admin/users/${subject.id}`, token: adminToken });
    const saved = await call("PUT", "/api/admin/users/{id}", { path: `/api/admin/users/${subject.id}`, token: adminToken, json: { ...read.body, lastName: "Edited" } });
    expect(saved.status).toBe(200);
    expect(await userRow(subject.id)).toMatchObject({ lastName: "Edited", role: "user", status: "active" });
  });

  it("refuses with the dialog's messages under the nested names, and saves nothing", async () => {
    const { adminToken, subject } = await cast();
    const path = `/api/admin/users/${subject.id}`;
    const missing = await call("PUT", "/api/admin/users/{id}", { path, token: adminToken, json: userForm(subject, { firstName: "Nobody", primaryAffiliation: { ...AFFILIATION, institution: "" } }) });
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { "primaryAffiliation.institution": "Institution is required." } } });
    const several = await call("PUT", "/api/admin/users/{id}", { path, token: adminToken, json: userForm(subject, { firstName: "Nobody", salutation: "King", areasOfExpertise: { primary: [] } }) });
    expect(several.status).toBe(400);
    expect(Object.keys((several.body as { fieldErrors: object }).fieldErrors)).toEqual(expect.arrayContaining(["salutation", "areasOfExpertise.primary.0.category"]));
    for (const json of [
      userForm(subject, { firstName: "Nobody", passwordHash: "x" }),
      userForm(subject, { firstName: "Nobody", totpSecret: "x" }),
      userForm(subject, { firstName: "Nobody", role: "superuser" }),
      userForm(subject, { firstName: "Nobody", status: "banned" }),
      userForm(subject, { firstName: 5 }),
      userForm(subject, { firstName: "N".repeat(10_000) }),
      userForm(subject, { firstName: "Nobody", primaryAffiliation: { ...AFFILIATION, owner: 1 } }),
      userForm(subject, { firstName: "Nobody", _id: subject.id + 1 }),
      { firstName: "Nobody" },
      [],
    ]) {
      const r = await call("PUT", "/api/admin/users/{id}", { path, token: adminToken, json });
      expect(r.status, JSON.stringify(json).slice(0, 120)).toBe(400);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(userForm(subject, { firstName: "Nobody" }))) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    expect((await call("PUT", "/api/admin/users/{id}", { path, token: adminToken, form })).status).toBe(415);
    const taken = await call("PUT", "/api/admin/users/{id}", { path, token: adminToken, json: userForm(subject, { firstName: "Nobody", email: "member@example.org" }) });
    expect(taken).toMatchObject({ status: 409, body: { message: "Another account already uses that e-mail address." } });
    expect(await userRow(subject.id)).toMatchObject({ firstName: "Sub", email: "subject@example.org", role: "user", status: "active" });
    expect((await call("PUT", "/api/admin/users/{id}", { path: "/api/admin/users/999999", token: adminToken, json: userForm(subject) })).status).toBe(404);
  });

  it("ends a suspended user's API tokens at once, and refuses an administrator suspending or demoting themself", async () => {
    const { admin, adminToken, member, memberToken } = await cast();
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(200);
    const suspended = await call("PUT", "/api/admin/users/{id}", { path: `/api/admin/users/${member.id}`, token: adminToken, json: userForm(member, { status: "suspended" }) });
    expect(suspended.status).toBe(200);
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { json: { email: member.email, password: member.password } })).status).toBe(401);
    for (const change of [{ status: "suspended", role: "admin" }, { status: "active", role: "user" }]) {
      const self = await call("PUT", "/api/admin/users/{id}", { path: `/api/admin/users/${admin.id}`, token: adminToken, json: userForm(admin, change) });
      expect(self).toMatchObject({ status: 409, body: { message: "You cannot remove your own administrator role or suspend your own account." } });
    }
    expect(await userRow(admin.id)).toMatchObject({ role: "admin", status: "active" });
  });
});

describe("a user's role through the API", () => {
  it("changes the role, which the Users tab shows, and warns when an administrator has no second factor", async () => {
    const { admin, adminToken, subject } = await cast();
    const path = `/api/admin/users/${subject.id}/role`;
    const reviewer = await call("PUT", "/api/admin/users/{id}/role", { path, token: adminToken, json: { role: "reviewer" } });
    expect(reviewer).toMatchObject({ status: 200, body: { message: "User role updated successfully" } });
    expect(reviewer.body).not.toHaveProperty("warning");
    expect(await pageText(admin, "/admin/users?role=reviewer")).toContain("subject@example.org");
    const promoted = await call("PUT", "/api/admin/users/{id}/role", { path, token: adminToken, json: { role: "admin" } });
    expect(promoted.body).toMatchObject({ message: "User role updated successfully", warning: expect.stringContaining("two-factor") });
    expect(await pageText(admin, "/admin/users?role=admin")).toContain("subject@example.org");
    const audit = await db().select().from(auditLog).all();
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
      ["user.role", admin.id, { from: "user", to: "reviewer" }],
      ["user.role", admin.id, { from: "reviewer", to: "admin" }],
    ]);
    // The new administrator's own token now works for the administrator's calls: the role is read from the account, not the token.
    expect((await call("GET", "/api/admin/users", { token: await apiToken((await userRow(subject.id))!) })).status).toBe(200);
  });

  it("refuses a role the inline editor does not offer, extra fields, your own role, and no such user", async () => {
    const { admin, adminToken, subject } = await cast();
    const path = `/api/admin/users/${subject.id}/role`;
    for (const json of [{ role: "moderator" }, { role: "superuser" }, { role: 1 }, {}, { role: "admin", status: "suspended" }, { role: "admin", userId: admin.id }]) {
      const r = await call("PUT", "/api/admin/users/{id}/role", { path, token: adminToken, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    const self = await call("PUT", "/api/admin/users/{id}/role", { path: `/api/admin/users/${admin.id}/role`, token: adminToken, json: { role: "user" } });
    expect(self).toMatchObject({ status: 409, body: { message: "You cannot remove your own administrator role." } });
    expect((await call("PUT", "/api/admin/users/{id}/role", { path: "/api/admin/users/999999/role", token: adminToken, json: { role: "user" } })).status).toBe(404);
    expect(await userRow(subject.id)).toMatchObject({ role: "user", status: "active" });
    expect(await userRow(admin.id)).toMatchObject({ role: "admin" });
  });
});

describe("deleting a user through the API", () => {
  it("anonymises the user, ends their tokens at once, and the Users tab no longer lists them", async () => {
    const { admin, adminToken, member, memberToken } = await cast();
    const r = await call("DELETE", "/api/admin/users/{id}", { path: `/api/admin/users/${member.id}`, token: adminToken });
    expect(r).toMatchObject({ status: 200, body: { message: "User deleted successfully" } });
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    expect(await userRow(member.id)).toMatchObject({ email: `deleted-user-${member.id}@invalid`, passwordHash: null, deletedAt: expect.any(Date) });
    expect(await pageText(admin, "/admin/users")).not.toContain("member@example.org");
    expect((await call("DELETE", "/api/admin/users/{id}", { path: `/api/admin/users/${member.id}`, token: adminToken })).status).toBe(404);
  });

  it("refuses an administrator deleting themself", async () => {
    const { admin, adminToken } = await cast();
    const r = await call("DELETE", "/api/admin/users/{id}", { path: `/api/admin/users/${admin.id}`, token: adminToken });
    expect(r).toMatchObject({ status: 409, body: { message: "You cannot delete your own account here." } });
    expect(await userRow(admin.id)).toMatchObject({ deletedAt: null, role: "admin" });
    expect((await call("GET", "/api/admin/users", { token: adminToken })).status).toBe(200);
  });
});

describe("resetting a user's password through the API", () => {
  it("sets a random password answered once, ends the user's tokens, and the new password signs in", async () => {
    const { adminToken, member, memberToken } = await cast();
    const r = await call<{ message: string; newPassword: string }>("POST", "/api/admin/users/{id}/reset-password", { path: `/api/admin/users/${member.id}/reset-password`, token: adminToken, json: { generateRandom: true } });
    expect(r.status).toBe(200);
    expect(r.body.newPassword).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){3}$/);
    expect(r.body.message).toBe("Password reset successfully. The new password is in newPassword.");
    expect(r.body.message).not.toContain(r.body.newPassword);
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { json: { email: member.email, password: member.password } })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { json: { email: member.email, password: r.body.newPassword } })).status).toBe(200);
  });

  it("mails a link instead when not random, and answers no password", async () => {
    const { adminToken, member, memberToken } = await cast();
    const r = await call("POST", "/api/admin/users/{id}/reset-password", { path: `/api/admin/users/${member.id}/reset-password`, token: adminToken, json: { generateRandom: false } });
    expect(r).toMatchObject({ status: 200, body: { message: "Password reset successfully. User will receive an email with reset instructions." } });
    expect(r.body).not.toHaveProperty("newPassword");
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, member.email)).all();
    expect(mails.map((m) => m.template)).toContain("admin_password_reset");
    expect((await userRow(member.id))!.passwordHash).toBe(member.passwordHash);
  });

  it("refuses a body without the choice, with the wrong type or extra fields, and no such user", async () => {
    const { adminToken, member, memberToken } = await cast();
    const path = `/api/admin/users/${member.id}/reset-password`;
    for (const json of [{}, { generateRandom: "yes" }, { generateRandom: true, password: "chosen-by-me-1" }]) {
      const r = await call("POST", "/api/admin/users/{id}/reset-password", { path, token: adminToken, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    expect((await call("POST", "/api/admin/users/{id}/reset-password", { path: "/api/admin/users/999999/reset-password", token: adminToken, json: { generateRandom: true } })).status).toBe(404);
    expect((await userRow(member.id))!.passwordHash).toBe(member.passwordHash);
    expect((await call("GET", "/api/auth/profile", { token: memberToken })).status).toBe(200);
  });
});

const YEAR = {
  period: "2025-2026",
  title: "Board 2025",
  sponsoringInstitution: "University of Cyprus",
  boardOfDirectors: [{ position: "President", term: "2030-2032", name: "Ada Lovelace", affiliation: "London" }],
  boardOfTrustees: [{ name: "Charles Babbage", affiliation: "Cambridge" }],
  executiveCommittee: [{ position: "Chair", term: "2030", name: "TBA", affiliation: "" }],
  nominatingCommittee: [],
  administration: [{ position: "Manager", name: "Grace Hopper", affiliation: "Navy" }],
};

describe("board years through the API", () => {
  it("creates a year, which /society/board shows, and replaces it when the same period is sent again", async () => {
    const { adminToken } = await cast();
    const created = await call<{ created: boolean; year: Record<string, unknown> }>("POST", "/api/board/years", { token: adminToken, json: YEAR });
    expect(created).toMatchObject({ status: 200, body: { message: "Board year saved.", created: true, year: { period: "2025-2026", title: "Board 2025", boardOfTrustees: [{ name: "Charles Babbage" }] } } });
    const page = textOf(await (await visit(await sessionJar((await createUser())!), "/society/board?period=2025-2026")).text());
    for (const text of ["University of Cyprus", "Ada Lovelace", "Charles Babbage", "To Be Announced", "Grace Hopper"]) expect(page).toContain(text);

    const replaced = await call("POST", "/api/board/years", { token: adminToken, json: { period: "2025-2026", boardOfDirectors: [{ position: "President", name: "Alan Turing" }] } });
    expect(replaced).toMatchObject({ status: 200, body: { created: false, year: { title: "2025-2026", boardOfDirectors: [{ name: "Alan Turing" }], boardOfTrustees: [] } } });
    expect(await db().select().from(boardYears).all()).toHaveLength(1);
    expect(await db().select().from(boardMembers).all()).toHaveLength(1);
    const read = await call<Record<string, unknown>>("GET", "/api/board/years/{period}", { path: "/api/board/years/2025-2026" });
    expect(read.body).toMatchObject({ boardOfDirectors: [{ name: "Alan Turing" }] });
    // What the read answers can be sent back as it is.
    expect((await call("POST", "/api/board/years", { token: adminToken, json: read.body })).status).toBe(200);
  });

  it("refuses a year without a period, a malformed one, a trustee's position, a row without a name, and unknown fields, and saves nothing", async () => {
    const { adminToken } = await cast();
    const missing = await call("POST", "/api/board/years", { token: adminToken, json: { title: "No period" } });
    expect(missing).toMatchObject({ status: 400, body: { message: "Period is required" } });
    const blank = await call("POST", "/api/board/years", { token: adminToken, json: { ...YEAR, period: " " } });
    expect(blank).toMatchObject({ status: 400, body: { message: "Period is required" } });
    const cases: unknown[] = [
      { ...YEAR, period: "2030-2035" },
      { ...YEAR, period: 2030 },
      { ...YEAR, boardOfTrustees: [{ position: "Chair", name: "Someone" }] },
      { ...YEAR, boardOfDirectors: [{ position: "Treasurer", name: "" }] },
      { ...YEAR, boardOfDirectors: [{ name: "X", salary: 100 }] },
      { ...YEAR, directors: [{ name: "X" }] },
      { ...YEAR, boardOfDirectors: "Ada" },
      { ...YEAR, boardOfDirectors: Array.from({ length: 101 }, (_, i) => ({ name: `N${i}` })) },
    ];
    for (const json of cases) {
      const r = await call("POST", "/api/board/years", { token: adminToken, json });
      expect(r.status, JSON.stringify(json).slice(0, 160)).toBe(400);
    }
    const huge = await call("POST", "/api/board/years", { token: adminToken, json: { ...YEAR, sponsoringInstitution: "x".repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    const noName = await call("POST", "/api/board/years", { token: adminToken, json: { ...YEAR, boardOfDirectors: [{ position: "Treasurer", name: "" }] } });
    expect(noName.body).toMatchObject({ fieldErrors: { "boardOfDirectors.0.name": "Name is required for each row (write TBA if not yet known)." } });
    expect(await db().select().from(boardYears).all()).toHaveLength(0);
  });

  it("deletes a year with its members; a second delete and a malformed period are 404", async () => {
    const { admin, adminToken } = await cast();
    await createBoardYear("2028-2029", [{ section: "directors", name: "Gone Soon", sortOrder: 0 }]);
    const r = await call("DELETE", "/api/board/years/{period}", { path: "/api/board/years/2028-2029", token: adminToken });
    expect(r).toMatchObject({ status: 200, body: { message: "Board year deleted." } });
    expect(await db().select().from(boardMembers).all()).toHaveLength(0);
    expect(await pageText(admin, "/admin/board")).toContain("No board years yet");
    for (const path of ["/api/board/years/2028-2029", "/api/board/years/2028-2030", "/api/board/years/latest"]) {
      expect((await call("DELETE", "/api/board/years/{period}", { path, token: adminToken })).status, path).toBe(404);
    }
  });
});

describe("past presidents through the API", () => {
  it("adds one at the end of the list, which /society/board shows, and deletes it", async () => {
    const { adminToken } = await cast();
    await createPastPresident({ years: "1990-1991", name: "First President", sortOrder: 0 });
    const added = await call<{ _id: number }>("POST", "/api/board/past-presidents", { token: adminToken, json: { years: " 1995 – 1996 ", name: "Second President", note: "Deceased" } });
    expect(added).toMatchObject({ status: 201, body: { years: "1995 – 1996", name: "Second President", note: "Deceased" } });
    const list = await call<Array<{ name: string }>>("GET", "/api/board/past-presidents");
    expect(list.body.map((p) => p.name)).toEqual(["First President", "Second President"]);
    expect(textOf(await (await visit(await sessionJar(await createUser()), "/society/board")).text())).toContain("Second President");

    const removed = await call("DELETE", "/api/board/past-presidents/{id}", { path: `/api/board/past-presidents/${added.body._id}`, token: adminToken });
    expect(removed).toMatchObject({ status: 200, body: { message: "Past president deleted." } });
    expect((await call<unknown[]>("GET", "/api/board/past-presidents")).body).toHaveLength(1);
    for (const path of [`/api/board/past-presidents/${added.body._id}`, "/api/board/past-presidents/abc"]) {
      expect((await call("DELETE", "/api/board/past-presidents/{id}", { path, token: adminToken })).status, path).toBe(404);
    }
  });

  it("refuses an entry without years or name, wrong types and unknown fields with 'Years and Name required', and adds nothing", async () => {
    const { adminToken } = await cast();
    for (const json of [{ name: "No Years" }, { years: "1999", name: "  " }, { years: 1999, name: "Typed" }, { years: "1999", name: "Extra", sortOrder: 0 }, { years: "1999", name: "Extra", intent: "add-president" }]) {
      const r = await call("POST", "/api/board/past-presidents", { token: adminToken, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    const r = await call("POST", "/api/board/past-presidents", { token: adminToken, json: { years: "", name: "" } });
    expect(r).toMatchObject({ status: 400, body: { message: "Years and Name required" } });
    expect(await db().select().from(pastPresidents).all()).toHaveLength(0);
  });
});
