import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, outbox, sessions, users } from "~/db/schema";
import { API_TOKEN_IDLE_MS, SESSION_IDLE_MS, sessionUserId } from "~/server/auth/session.server";
import { describeDevice } from "~/lib/user-agent";
import { createUser, db, Jar, postForm, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const sessionRefs = async (userId: number) => (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all()).map((r) => r.id);
const refsIn = (html: string) => [...html.matchAll(/name="session" value="([0-9a-f]{64})"/g)].map((m) => m[1]!);

/** ASVS 7.5.2: a person sees where they are signed in and can end it. */
describe("the profile's signed-in devices", () => {
  it("lists each device with its address and marks this one; another account's sessions are not there", async () => {
    const user = await createUser({ email: "member@example.org" });
    const laptop = await sessionJar(user, new Jar(), { userAgent: FIREFOX_WINDOWS, address: "198.51.100.7" });
    await sessionJar(user, new Jar(), { userAgent: SAFARI_IPHONE, address: "203.0.113.20" });
    const stranger = await createUser({ email: "stranger@example.org" });
    await sessionJar(stranger, new Jar(), { userAgent: CHROME_ANDROID, address: "192.0.2.55" });

    const r = await visit(laptop, "/profile/sessions");
    expect(r.status).toBe(200);
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await r.text();
    const text = textOf(html);
    expect(text).toContain("Firefox on Windows This device");
    expect(text).toContain("198.51.100.7");
    expect(text).toContain("Safari on iPhone");
    expect(text).toContain("203.0.113.20");
    expect(text).not.toContain("Chrome on Android");
    expect(text).not.toContain("192.0.2.55");
    expect(refsIn(html)).toHaveLength(1); // only the other device has a sign-out button
  });

  it("signs out one other device, which then opens nothing", async () => {
    const user = await createUser({ email: "member@example.org" });
    const laptop = await sessionJar(user, new Jar(), { userAgent: FIREFOX_WINDOWS });
    const phone = await sessionJar(user, new Jar(), { userAgent: SAFARI_IPHONE });
    const [ref] = refsIn(await (await visit(laptop, "/profile/sessions")).text());
    const r = await postForm(laptop, "/profile/sessions", { intent: "end", session: ref! });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/profile/sessions?done=ended");
    expect(textOf(await (await visit(laptop, "/profile/sessions?done=ended")).text())).toContain("That device was signed out.");
    expect((await visit(phone, "/dashboard")).status).toBe(302);
    expect((await visit(laptop, "/dashboard")).status).toBe(200);
  });

  it("signs out every other device at once, and keeps this one", async () => {
    const user = await createUser({ email: "member@example.org" });
    const laptop = await sessionJar(user);
    const others = [await sessionJar(user), await sessionJar(user)];
    const r = await postForm(laptop, "/profile/sessions", { intent: "others" });
    expect(r.headers.get("Location")).toBe("/profile/sessions?done=others");
    for (const jar of others) expect((await visit(jar, "/dashboard")).status).toBe(302);
    expect(await sessionRefs(user.id)).toHaveLength(1);
    expect(textOf(await (await visit(laptop, "/profile/sessions?done=others")).text())).toContain("No other device is signed in.");
  });

  it("cannot end another account's session, and answers nonsense with 400", async () => {
    const user = await createUser({ email: "member@example.org" });
    const jar = await sessionJar(user);
    const stranger = await createUser({ email: "stranger@example.org" });
    await sessionJar(stranger);
    const [theirs] = await sessionRefs(stranger.id);
    const r = await postForm(jar, "/profile/sessions", { intent: "end", session: theirs! });
    expect(r.status).toBe(404);
    expect(textOf(await r.text())).toContain("That device is no longer signed in.");
    expect(await sessionRefs(stranger.id)).toEqual([theirs]);
    for (const fields of [{ intent: "end", session: "not-a-session" }, { intent: "everything" }, {}]) {
      const bad = await postForm(jar, "/profile/sessions", fields as Record<string, string>);
      expect(bad.status, JSON.stringify(fields)).toBe(400);
      await bad.text();
    }
    const [mine] = await sessionRefs(user.id);
    const self = await postForm(jar, "/profile/sessions", { intent: "end", session: mine! });
    expect(self.status).toBe(400);
    expect(textOf(await self.text())).toContain("use Log out");
    // A visitor is sent to sign in.
    expect((await visit(new Jar(), "/profile/sessions")).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fsessions");
  });

  it("names the common browsers and systems", () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe("Firefox on Windows");
    expect(describeDevice(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(describeDevice(CHROME_ANDROID)).toBe("Chrome on Android");
    expect(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge on macOS");
    expect(describeDevice(null)).toBe("An unknown device");
    expect(describeDevice("curl/8.5.0")).toBe("curl");
  });
});

describe("an administrator ends a user's sessions, and what the console does is mailed", () => {
  it("signs a user out everywhere from Edit User, logs it and tells the user", async () => {
    const admin = await createUser({ role: "admin", email: "chief@example.org" });
    const adminJar = await sessionJar(admin);
    const user = await createUser({ email: "member@example.org" });
    const devices = [await sessionJar(user), await sessionJar(user)];
    expect(textOf(await (await visit(adminJar, `/admin/users/${user.id}`)).text())).toContain("2 open sessions (browsers and API tokens).");
    const r = await postForm(adminJar, `/admin/users/${user.id}`, { intent: "end-sessions" });
    expect(r.status).toBe(200);
    expect(textOf(await r.text())).toContain("Signed out everywhere: 2 sessions ended.");
    for (const jar of devices) expect((await visit(jar, "/dashboard")).status).toBe(302);
    const [entry] = await db().select().from(auditLog).all();
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.sessions_ended", entityId: String(user.id) });
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([["sessions_ended", "member@example.org"]]);
    // Not for oneself (the profile does that), and not for a member.
    expect((await postForm(adminJar, `/admin/users/${admin.id}`, { intent: "end-sessions" })).status).toBe(409);
    const memberJar = await sessionJar(user);
    expect((await postForm(memberJar, `/admin/users/${admin.id}`, { intent: "end-sessions" })).status).toBe(403);
    expect(await sessionRefs(admin.id)).toHaveLength(1);
  });

  it("mails the account when an administrator sets a random password, without the password", async () => {
    const admin = await createUser({ role: "admin", email: "chief@example.org" });
    const user = await createUser({ email: "member@example.org" });
    const r = await postForm(await sessionJar(admin), `/admin/users/${user.id}`, { intent: "reset-password", mode: "random" });
    const password = /New password: ([a-z0-9-]{23})/.exec(textOf(await r.text()))![1]!;
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([["admin_password_set", "member@example.org"]]);
    expect(JSON.stringify(mails[0]!.payload)).not.toContain(password);
  });
});

/** The reads that ride in the session's own batch name their user by the session (decision 066). */
describe("a read that names its user by the session", () => {
  it("finds a user for a live browser session and a live API token, and none for a session or token expired or idle, or a session waiting for its second factor", async () => {
    const user = await createUser();
    const now = Date.now();
    const later = new Date(now + 3_600_000);
    const rows: Array<[string, Partial<typeof sessions.$inferInsert>, number | null]> = [
      ["live", { expiresAt: later, lastSeenAt: new Date(now) }, user.id],
      ["token-long-unused", { kind: "api", expiresAt: later, lastSeenAt: new Date(now - 2 * SESSION_IDLE_MS) }, user.id],
      ["expired", { expiresAt: new Date(now - 1000), lastSeenAt: new Date(now - 2000) }, null],
      ["expired-token", { kind: "api", expiresAt: new Date(now - 1000), lastSeenAt: new Date(now - 2000) }, null],
      ["idle-token", { kind: "api", expiresAt: later, lastSeenAt: new Date(now - API_TOKEN_IDLE_MS - 60_000) }, null],
      ["idle", { expiresAt: later, lastSeenAt: new Date(now - SESSION_IDLE_MS - 60_000) }, null],
      ["second-factor-pending", { expiresAt: later, lastSeenAt: new Date(now), secondFactorPending: true }, null],
    ];
    await db().insert(sessions).values(rows.map(([id, row]) => ({ id, userId: user.id, expiresAt: later, ...row })));
    const read = db().select({ uid: sql<number | null>`${sessionUserId}` }).from(users).where(eq(users.id, user.id)).prepare();
    for (const [id, , expected] of rows) expect((await read.get({ sessionId: id }))?.uid ?? null, id).toBe(expected);
  });
});
