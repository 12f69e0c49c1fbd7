import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authTokens, outbox, sessions, users } from "~/db/schema";
import { verifyPassword } from "~/server/auth/password.server";
import { issueToken } from "~/server/auth/tokens.server";
import { createUser, db, Jar, postForm, registrationOf, resetDatabase, sessionJar, visit, withTableMissing } from "./fixtures";

/**
 * A reset or activation link is spent in the same D1 batch as the change it authorises: when that
 * batch fails, nothing changed and the same link still works. The batch is made to fail for real,
 * by taking away a table one of its statements writes.
 */
beforeEach(resetDatabase);

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

const reset = (token: string, password: string) => postForm(new Jar(), `/reset-password?token=${token}`, { token, newPassword: password, newPasswordRetype: password });
const activate = (token: string) => postForm(new Jar(), "/activate-account", { intent: "activate", token });

describe("a reset link whose change fails", () => {
  it("still works afterwards, and nothing changed meanwhile", async () => {
    const user = await createUser();
    const phone = await sessionJar(user);
    const token = await issueToken(db(), user.id, "password_reset");

    // The notice's outbox row is written in the password's batch: without the table, the batch fails.
    const failed = await withTableMissing("outbox", () => reset(token, "first-try-password-5"));
    expect(failed.status).toBe(503);
    expect(logged).toHaveBeenCalled();
    const row = (await db().select().from(users).where(eq(users.id, user.id)).get())!;
    expect(await verifyPassword(row.passwordHash, user.password)).toBe(true);
    expect((await db().select().from(authTokens).where(eq(authTokens.userId, user.id)).get())!.usedAt).toBeNull();
    expect((await visit(phone, "/dashboard")).status).toBe(200);

    const done = await reset(token, "second-try-password-6");
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Password reset successful.");
    const after = (await db().select().from(users).where(eq(users.id, user.id)).get())!;
    expect(await verifyPassword(after.passwordHash, "second-try-password-6")).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect((await db().select().from(outbox).where(eq(outbox.template, "password_changed")).all()).length).toBe(1);

    // Spent once it acted.
    const again = await reset(token, "third-try-password-7");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Missing or invalid reset token.");
  });

  it("acts once when two posts of the same link arrive together", async () => {
    const user = await createUser();
    const token = await issueToken(db(), user.id, "password_reset");
    const answers = await Promise.all([reset(token, "racing-password-one-1"), reset(token, "racing-password-two-2")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await db().select().from(outbox).where(eq(outbox.template, "password_changed")).all()).length).toBe(1);
  });
});

describe("an activation link whose change fails", () => {
  it("still activates afterwards", async () => {
    const user = await createUser({ email: "new@example.org", status: "inactive" });
    const token = await issueToken(db(), user.id, "activation");
    await db().update(authTokens).set({ registration: registrationOf(user) }).where(eq(authTokens.userId, user.id)).run();

    // Activation ends the account's recovery codes in its batch: without the table, the batch fails.
    const failed = await withTableMissing("recovery_codes", () => activate(token));
    expect(failed.status).toBe(503);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.status).toBe("inactive");

    const done = await activate(token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your account has been successfully activated!");
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.status).toBe("active");
  });
});
