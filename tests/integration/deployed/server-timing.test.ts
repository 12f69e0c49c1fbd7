import { beforeEach, describe, expect, it } from "vitest";
import { createConference, createUser, Jar, postForm, resetDatabase, sessionJar, visit } from "../fixtures";

beforeEach(resetDatabase);

/**
 * `Server-Timing` counts the D1 round trips and rows of each request, and
 * those differ between an address with an account and one without, so a visitor could tell them
 * apart from one answer. As deployed, only administrators get it.
 */
describe("Server-Timing as deployed", () => {
  it("is not sent to a visitor, whether the address has an account or not", async () => {
    await createUser({ email: "known@example.org" });
    for (const email of ["known@example.org", "unknown@example.org"]) {
      const r = await postForm(new Jar(), "/forgot-password", { email });
      expect(r.status, email).toBe(200);
      expect(r.headers.get("Server-Timing"), email).toBeNull();
      await r.text();
    }
    const activation = await postForm(new Jar(), "/activate-account", { intent: "resend", email: "known@example.org" });
    expect(activation.headers.get("Server-Timing")).toBeNull();
    await activation.text();
  });

  it("is not sent with a public page, rendered or from the cache", async () => {
    const c = await createConference();
    for (let i = 0; i < 3; i++) {
      const r = await visit(new Jar(), `/conferences/${c.id}`);
      expect(r.headers.get("Server-Timing")).toBeNull();
      await r.text();
    }
  });

  it("is not sent to a signed-in member, and is sent to an administrator", async () => {
    const member = await sessionJar(await createUser({ email: "member@example.org" }));
    const profile = await visit(member, "/profile");
    expect(profile.headers.get("Server-Timing")).toBeNull();
    await profile.text();
    // As deployed an administrator has a second factor (the console requires it).
    const admin = await sessionJar(await createUser({ role: "admin", email: "admin@example.org", totpEnabledAt: new Date() }));
    const console_ = await visit(admin, "/admin/users");
    expect(console_.headers.get("Server-Timing")).toMatch(/d1-render;desc=\d+, d1-cache-check;desc=\d+, d1-rows-read;desc=\d+/);
    await console_.text();
  });
});
