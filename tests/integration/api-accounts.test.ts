import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, sessions, users } from "~/db/schema";
import { beginSetup, confirmSetup } from "~/features/accounts/two-factor.server";
import { base32Decode, hotp, newSecret, sealSecret, timeStep } from "~/server/auth/totp.server";
import { call, openApi } from "./api-contract";
import { apiToken, clearOfRateWindowEdge, createConference, createUser, db, get, resetDatabase, services, sessionJar } from "./fixtures";

beforeEach(resetDatabase);

const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const REGISTRATION = {
  salutation: "Dr.", firstName: "Ada", lastName: "Lovelace", primaryEmail: "ada@example.org", primaryEmailConfirm: "ada@example.org",
  primaryInstitution: "University of London", primaryRank: "Professor", primaryAddress1: "Gower Street", primaryCity: "London", primaryPostalCode: "WC1E 6BT", primaryCountry: "GB",
  primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing",
  username: "ada@example.org", password: "a-long-passphrase-9", passwordRetype: "a-long-passphrase-9",
};

async function linkToken(template: string, to: string) {
  const row = await db().select().from(outbox).where(eq(outbox.template, template)).all();
  const mail = row.filter((m) => m.toAddress === to).at(-1);
  expect(mail, `no ${template} mail to ${to}`).toBeTruthy();
  return new URL((mail!.payload as { link: string }).link).searchParams.get("token")!;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, lists every accounts and public call, and says how to authenticate", async () => {
    const doc = (await openApi()) as unknown as { openapi: string; paths: Record<string, unknown>; components: { securitySchemes: Record<string, { scheme: string }> } };
    expect(doc.openapi).toBe("3.1.0");
    for (const path of ["/api/auth/login", "/api/auth/profile", "/api/auth/register", "/api/conferences", "/api/conferences/{id}", "/api/news/latest", "/api/board/past-presidents"]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.components.securitySchemes.bearerToken!.scheme).toBe("bearer");
  });
});

describe("signing in with the API", () => {
  it("answers a signed token whose payload holds username, email, role and exp, and which works as a bearer token", async () => {
    const user = await createUser({ email: "reader@example.org" });
    const r = await call<{ token: string; expiresAt: string }>("POST", "/api/auth/login", { json: { email: "Reader@Example.org", password: user.password } });
    expect(r.status).toBe(200);
    const [, payload] = r.body.token.split(".");
    const claims = JSON.parse(atob(payload!.replaceAll("-", "+").replaceAll("_", "/")));
    expect(claims).toMatchObject({ username: "reader@example.org", email: "reader@example.org", role: "user" });
    expect(claims.exp * 1000).toBe(new Date(r.body.expiresAt).getTime());
    const me = await call("GET", "/api/auth/profile", { token: r.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: user.id, email: "reader@example.org" });
  });

  it("answers one message for a wrong password, an unknown address and a malformed body, and limits wrong passwords with 429 and Retry-After", async () => {
    await clearOfRateWindowEdge();
    const user = await createUser({ email: "guess@example.org" });
    for (const json of [{ email: "guess@example.org", password: "wrong-password" }, { email: "nobody@example.org", password: "x" }, { email: 5, password: [] }]) {
      const r = await call("POST", "/api/auth/login", { json });
      expect([400, 401]).toContain(r.status);
      expect(r.body).toMatchObject({ message: "Invalid email or password" });
    }
    let last = await call("POST", "/api/auth/login", { json: { email: "guess@example.org", password: "wrong" } });
    for (let i = 0; i < 12 && last.status !== 429; i++) last = await call("POST", "/api/auth/login", { json: { email: "guess@example.org", password: "wrong" } });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(user.id).toBeGreaterThan(0);
  });

  it("refuses a token that was altered, one signed with another key, and one whose session ended (logout)", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const [h, p, s] = token.split(".");
    const claims = JSON.parse(atob(p!.replaceAll("-", "+").replaceAll("_", "/")));
    const forged = btoa(JSON.stringify({ ...claims, role: "admin" })).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    expect((await call("GET", "/api/auth/profile", { token: `${h}.${forged}.${s}` })).status).toBe(401);
    expect((await call("GET", "/api/auth/profile", { token: `${h}.${p}.${"A".repeat(43)}` })).status).toBe(401);
    expect((await call("POST", "/api/auth/logout", { token })).status).toBe(200);
    const after = await call("GET", "/api/auth/profile", { token });
    expect(after.status).toBe(401);
    expect(after.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("asks an account with two-factor sign-in for its code before it answers a token, and takes the app's current code", async () => {
    const secret = newSecret();
    const user = await createUser({ totpEnabledAt: new Date(), totpSecret: await sealSecret(secret, SESSION_SECRET) });
    const r = await call("POST", "/api/auth/login", { json: { email: user.email, password: user.password } });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ fieldErrors: { code: expect.stringContaining("authenticator") } });
    const current = await hotp(base32Decode(secret), timeStep());
    const wrong = await call("POST", "/api/auth/login", { json: { email: user.email, password: user.password, code: current === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(401);
    expect(await db().select().from(sessions).all()).toHaveLength(0);
    const right = await call("POST", "/api/auth/login", { json: { email: user.email, password: user.password, code: current } });
    expect(right.status).toBe(200);
  });

  it("ends the account's tokens when the office suspends it", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    expect((await call("GET", "/api/auth/profile", { token })).status).toBe(401);
  });
});

describe("the token's edges", () => {
  it("takes the Bearer scheme's name in any case, and answers /API in upper case as the API (no cookie read, JSON)", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    expect((await get("/api/auth/profile", { headers: { Authorization: `bearer ${token}` } })).status).toBe(200);
    const jar = await sessionJar(user);
    const shouted = await get("/API/auth/profile", { headers: { Cookie: jar.header() } });
    expect(shouted.status).toBe(401);
    expect(shouted.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("ends every other token when two-factor sign-in is turned on, so one got with the password alone cannot act as if it had passed the factor", async () => {
    const user = await createUser();
    const before = await apiToken(user, "before the factor");
    const secret = await beginSetup({ db: db() }, user.id, SESSION_SECRET);
    expect(await confirmSetup(services(), user.id, await hotp(base32Decode(secret), timeStep()), "the enrolling browser")).toBeTruthy();
    expect((await call("GET", "/api/auth/profile", { token: before })).status).toBe(401);
  });

  it("answers an id written any other way than plain digits as no such record", async () => {
    const conference = await createConference();
    expect((await call("GET", "/api/conferences/{id}", { path: `/api/conferences/${conference.id}` })).status).toBe(200);
    for (const id of [`0x${conference.id.toString(16)}`, `${conference.id}.0`, `+${conference.id}`, `0${conference.id}`]) {
      expect((await call("GET", "/api/conferences/{id}", { path: `/api/conferences/${id}` })).status, id).toBe(404);
    }
  });

  it("refuses a body that hides a field under __proto__", async () => {
    const r = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/auth/register", { json: JSON.parse(`{"__proto__": {"role": "admin"}, ${JSON.stringify(REGISTRATION).slice(1)}`) });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors)).toContain("__proto__");
    expect(await db().select().from(users).all()).toHaveLength(0);
  });
});

describe("registering, activating and recovering through the API", () => {
  it("registers, activates from the mailed link, signs in, and reads the profile it registered", async () => {
    const r = await call("POST", "/api/auth/register", { json: REGISTRATION });
    expect(r.status).toBe(201);
    expect((await db().select().from(users).where(eq(users.email, "ada@example.org")).get())?.status).toBe("inactive");
    const refused = await call("POST", "/api/auth/login", { json: { email: "ada@example.org", password: REGISTRATION.password } });
    expect(refused.status).toBe(401);
    const activated = await call("POST", "/api/auth/activate", { json: { token: await linkToken("activation", "ada@example.org") } });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ success: true, message: "Your account has been successfully activated! You can now log in." });
    const login = await call<{ token: string }>("POST", "/api/auth/login", { json: { email: "ada@example.org", password: REGISTRATION.password } });
    expect(login.status).toBe(200);
    const profile = await call("GET", "/api/auth/profile", { token: login.body.token });
    expect(profile.body).toMatchObject({
      firstName: "Ada",
      primaryAffiliation: { institution: "University of London", rank: "Professor", address: { city: "London", country: "GB" } },
      areasOfExpertise: { primary: [{ category: "I. Corporate Finance", topic: "Capital Structure" }, expect.anything(), expect.anything()] },
    });
  });

  it("answers the page's messages for a missing field and mismatched passwords, and creates nothing", async () => {
    const missing = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/auth/register", { json: { ...REGISTRATION, primaryCity: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.primaryCity).toBe("City is required.");
    const mismatch = await call("POST", "/api/auth/register", { json: { ...REGISTRATION, passwordRetype: "something-else-9" } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ fieldErrors: { passwordRetype: "Passwords do not match" } });
    expect(await db().select().from(users).all()).toHaveLength(0);
  });

  it("refuses fields the registration does not take (a role, a status) and creates nothing", async () => {
    const r = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/auth/register", { json: { ...REGISTRATION, role: "admin", status: "active" } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors).sort()).toEqual(["role", "status"]);
    expect(await db().select().from(users).all()).toHaveLength(0);
  });

  it("mails a reset link for a known address and answers an unknown one the same; the reset ends every token", async () => {
    const user = await createUser({ email: "forgetful@example.org" });
    const token = await apiToken(user);
    const known = await call("POST", "/api/auth/forgot-password", { json: { email: "forgetful@example.org" } });
    const unknown = await call("POST", "/api/auth/forgot-password", { json: { email: "stranger@example.org" } });
    expect(known).toMatchObject({ status: 200, body: { message: "If that email exists, a reset link has been sent." } });
    expect(unknown.body).toEqual(known.body);
    const mismatch = await call("POST", "/api/auth/reset-password", { json: { token: await linkToken("password_reset", "forgetful@example.org"), newPassword: "another-passphrase-7", newPasswordRetype: "nope" } });
    expect(mismatch.status).toBe(400);
    const reset = await call("POST", "/api/auth/reset-password", { json: { token: await linkToken("password_reset", "forgetful@example.org"), newPassword: "another-passphrase-7", newPasswordRetype: "another-passphrase-7" } });
    expect(reset).toMatchObject({ status: 200, body: { message: "Password reset successful." } });
    expect((await call("GET", "/api/auth/profile", { token })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { json: { email: "forgetful@example.org", password: "another-passphrase-7" } })).status).toBe(200);
  });

  it("limits recovery mails to one address as the pages do: 429 with Retry-After, and no further mail", async () => {
    await clearOfRateWindowEdge();
    await createUser({ email: "flooded@example.org" });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await call("POST", "/api/auth/forgot-password", { json: { email: "flooded@example.org" } }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(Number(answers[5]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await db().select().from(outbox).all()).filter((m) => m.toAddress === "flooded@example.org")).toHaveLength(5);
  });

  it("limits registrations from one client as the registration page does: the eleventh in an hour is 429 with Retry-After, and creates nothing", async () => {
    await clearOfRateWindowEdge();
    const statuses = [];
    let last;
    for (let i = 0; i < 11; i++) {
      const email = `reg${i}@example.org`;
      last = await call("POST", "/api/auth/register", { json: { ...REGISTRATION, primaryEmail: email, primaryEmailConfirm: email, username: email } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await db().select().from(users).all()).toHaveLength(10);
  });

  it("answers a bad activation token with the page's message", async () => {
    const r = await call("POST", "/api/auth/activate", { json: { token: "x" } });
    expect(r).toMatchObject({ status: 400, body: { message: "Invalid activation link. Token parameter is missing or malformed." } });
  });
});

describe("the profile through the API", () => {
  it("saves the whole profile as GET answers it, and the page's rules refuse a missing institution", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const profile = (await call<Record<string, unknown>>("GET", "/api/auth/profile", { token })).body;
    const body = {
      ...Object.fromEntries(Object.entries(profile).filter(([k]) => !["_id", "role", "memberUntil", "twoFactorEnabled"].includes(k))),
      firstName: "Grace",
      primaryAffiliation: { institution: "Yale", rank: "Professor", address: { address1: "1 Hillhouse", city: "New Haven", postalCode: "06511", country: "US", state: "CT" } },
      areasOfExpertise: { primary: [{ category: "I. Corporate Finance", topic: "Capital Structure" }, { category: "V. Derivatives", topic: "Swaps" }, { category: "II. Financial Accounting", topic: "Auditing" }] },
    };
    const saved = await call("PUT", "/api/auth/profile", { token, json: body });
    expect(saved).toMatchObject({ status: 200, body: { message: "Profile updated successfully!" } });
    expect((await call("GET", "/api/auth/profile", { token })).body).toMatchObject({ firstName: "Grace", primaryAffiliation: { institution: "Yale", address: { state: "CT" } } });
    const refused = await call("PUT", "/api/auth/profile", { token, json: { ...body, firstName: "Nobody", primaryAffiliation: { ...body.primaryAffiliation, institution: "" } } });
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { "primaryAffiliation.institution": "Institution is required." } } });
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.firstName).toBe("Grace");
  });

  it("changes the password only with the current one, and the change ends the account's other tokens but not this one", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const other = await apiToken(user, "other");
    const profile = (await call<Record<string, unknown>>("GET", "/api/auth/profile", { token })).body;
    const body = {
      ...Object.fromEntries(Object.entries(profile).filter(([k]) => !["_id", "role", "memberUntil", "twoFactorEnabled"].includes(k))),
      primaryAffiliation: { institution: "Yale", rank: "Professor", address: { address1: "1 Hillhouse", city: "New Haven", postalCode: "06511", country: "US", state: "CT" } },
      areasOfExpertise: { primary: [{ category: "I. Corporate Finance", topic: "Capital Structure" }, { category: "V. Derivatives", topic: "Swaps" }, { category: "II. Financial Accounting", topic: "Auditing" }] },
    };
    const noCurrent = await call("PUT", "/api/auth/profile", { token, json: { ...body, newPassword: "brand-new-passphrase-3", newPasswordRetype: "brand-new-passphrase-3" } });
    expect(noCurrent).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: "Current password is required to change password" } } });
    const changed = await call("PUT", "/api/auth/profile", { token, json: { ...body, currentPassword: user.password, newPassword: "brand-new-passphrase-3", newPasswordRetype: "brand-new-passphrase-3" } });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/api/auth/profile", { token })).status).toBe(200);
    expect((await call("GET", "/api/auth/profile", { token: other })).status).toBe(401);
  });

  it("refuses a profile sent as a form, and one that tries to set the role", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const form = new FormData();
    form.set("firstName", "X");
    expect((await call("PUT", "/api/auth/profile", { token, form })).status).toBe(415);
    const r = await call<{ fieldErrors: Record<string, string> }>("PUT", "/api/auth/profile", { token, json: { role: "admin" } });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.role).toBeTruthy();
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.role).toBe("user");
  });
});
