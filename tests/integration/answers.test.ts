import { withZod } from "@remix-validated-form/with-zod";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { users } from "~/db/schema";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { readInput, validateInput } from "~/server/forms.server";
import { apiToken, BASE, createUser, db, get, postForm, resetDatabase, sessionJar, textOf, withTableMissing } from "./fixtures";

beforeEach(resetDatabase);

/** What must never reach anyone: a stack, the database's words, the runtime's error names. */
const LEAKS = [/no such table/i, /D1_ERROR/i, /SQLITE/i, /\bat [\w.<>]+ \(/, /Error:/, /_unavailable/];

function expectNoLeak(body: string) {
  for (const leak of LEAKS) expect(body).not.toMatch(leak);
}

/** Watches console.error for the one line a fault logs. */
let logged: unknown[][] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe("one answer path: a fault is logged once and answered 503 in the request's class, never shown", () => {
  it("a page: the site's error page with the spec's text, Retry-After, no stack or database message", async () => {
    const r = await withTableMissing("news", () => get("/news"));
    expect(r.status).toBe(503);
    expect(r.headers.get("Retry-After")).toBe("10");
    const html = await r.text();
    expect(textOf(html)).toContain("Failed to load news. Please try again later.");
    expectNoLeak(html);
    const faults = logged.filter((line) => String(line[0]).includes("GET /news failed"));
    expect(faults).toHaveLength(1);
    expect(String(faults[0]![0])).toMatch(/^\[request [\w-]+\] GET \/news failed:$/);
  });

  it("an API call: JSON { message } with 503 and Retry-After, no stack or database message", async () => {
    const user = await createUser();
    const token = await apiToken(user);
    const r = await withTableMissing("sessions", () => get("/api/auth/profile", { headers: { Authorization: `Bearer ${token}` } }));
    expect(r.status).toBe(503);
    expect(r.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(r.headers.get("Retry-After")).toBe("10");
    const body = await r.text();
    expect(JSON.parse(body)).toEqual({ message: "Failed to load profile information" });
    expectNoLeak(body);
    expect(logged.filter((line) => String(line[0]).includes("GET /api/auth/profile failed"))).toHaveLength(1);
  });

  /** A webhook's route answers through the same wrapper; its class is decided by the path alone. */
  const args = (path: string, init: RequestInit = { method: "POST" }) => ({
    request: new Request(`${BASE}${path}`, init),
    context: { requestInfo: { requestId: "test-ray", nonce: "", origin: BASE } } as unknown as AppLoadContext,
  });

  it("a webhook: the bare status, an empty body, and the fault logged once with the request's id", async () => {
    const action = acts("Failed to record the payment.", async () => {
      throw new Error("D1_ERROR: no such table: payments_unavailable");
    });
    const r = (await action(args("/api/webhooks/paypal"))) as Response;
    expect(r.status).toBe(503);
    expect(await r.text()).toBe("");
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![0])).toBe("[request test-ray] POST /api/webhooks/paypal failed:");
  });

  it("a refusal is answered, not logged: bare for a webhook, JSON for the API, the form's body for a page", async () => {
    const refuse = () => Promise.reject(new AppError("conflict", "Already recorded.", { fieldErrors: { id: "Already recorded." } }));
    const webhook = (await acts("x", refuse)(args("/api/webhooks/paypal"))) as Response;
    expect([webhook.status, await webhook.text()]).toEqual([409, ""]);
    const api = (await acts("x", refuse)(args("/api/papers", { method: "POST" }))) as Response;
    expect([api.status, await api.json()]).toEqual([409, { message: "Already recorded.", fieldErrors: { id: "Already recorded." } }]);
    const page = (await acts("x", refuse)(args("/admin/papers"))) as Response;
    expect([page.status, await page.json()]).toEqual([409, { message: "Already recorded.", fieldErrors: { id: "Already recorded." } }]);
    // A page loader's refusal is thrown for the error boundary, with its status.
    await expect(loads("x", refuse)(args("/news", { method: "GET" }))).rejects.toMatchObject({ init: { status: 409 }, data: "Already recorded." });
    expect(logged).toEqual([]);
  });

  it("a redirect or a guard's response passes through untouched", async () => {
    const redirecting = acts("x", () => Promise.reject(new Response(null, { status: 302, headers: { Location: "/login" } })));
    await expect(redirecting(args("/dashboard"))).rejects.toMatchObject({ status: 302 });
    expect(logged).toEqual([]);
  });
});

describe("one input reader: what the schema does not name is ignored, never applied", () => {
  const schema = withZod(z.object({ firstName: z.string().max(50) }));

  it("a form post: extra role, status, amount and userId fields are dropped", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstName: "Ada", role: "admin", status: "active", amount: "0", userId: "1" })) form.set(k, v);
    const { data } = await validateInput(new Request(BASE, { method: "POST", body: form }), schema);
    expect(data).toEqual({ firstName: "Ada" });
  });

  it("a JSON body: the same, with the same refusal shape for a bad field", async () => {
    const post = (body: unknown) => new Request(BASE, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    const { data } = await validateInput(post({ firstName: "Ada", role: "admin", status: "paid", amount: 0, userId: 1 }), schema);
    expect(data).toEqual({ firstName: "Ada" });
    const refused = await validateInput(post({ firstName: "x".repeat(51) }), schema).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, fieldErrors: { firstName: expect.any(String) } });
    const garbled = await readInput(new Request(BASE, { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } })).catch((e: unknown) => e);
    expect(garbled).toMatchObject({ status: 400, message: "The request body is not a JSON object." });
  });

  it("through the Worker: a profile save that adds role, status and userId changes only the profile", async () => {
    const user = await createUser({ email: "reader@example.org" });
    const other = await createUser({ email: "other@example.org" });
    const jar = await sessionJar(user);
    const r = await postForm(jar, "/profile?tab=personal", {
      tab: "personal",
      salutation: "Dr.",
      firstName: "Renamed",
      lastName: "Person",
      role: "admin",
      status: "inactive",
      userId: String(other.id),
      amount: "0",
    });
    expect(r.status, textOf(await r.clone().text())).toBe(302);
    const after = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect([after!.firstName, after!.role, after!.status]).toEqual(["Renamed", "user", "active"]);
    const untouched = await db().select().from(users).where(eq(users.id, other.id)).get();
    expect(untouched!.firstName).toBe("Test");
  });
});
