/**
 * Hostile input over every call of the JSON API, read from the same list the OpenAPI document is
 * written from, so a call added later is covered without a line here: wrong types, fields the
 * call does not take (a role, a status, an amount, an owner), bodies of the wrong kind, malformed
 * and oversized bodies. Each is answered with a 4xx JSON `{ message }` and leaves every table as
 * it was (the rate-limit counters and sessions' last use aside).
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { API_CALLS } from "~/features/api/calls.server";
import type { ApiCall } from "~/server/api/call.server";
import { MAX_API_FORM_PARTS } from "~/server/forms.server";
import { namedKeys } from "~/server/api/call.server";
import { apiToken, createBoardYear, createConference, createNews, createPaper, createPastPresident, createUser, get, resetDatabase, TABLES_CHILD_FIRST } from "./fixtures";

beforeEach(resetDatabase);

const UNCOUNTED = new Set(["rate_limits", "sessions"]);

async function snapshot() {
  const tables = TABLES_CHILD_FIRST.filter((t) => !UNCOUNTED.has(t));
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`select * from ${t}`)));
  return JSON.stringify(results.map((r) => r.results));
}

async function world() {
  const user = await createUser({ email: "member@example.org" });
  const admin = await createUser({ email: "office@example.org", role: "admin" });
  const conference = await createConference({ status: "open" });
  const news = await createNews({ status: "published" });
  const paper = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }] });
  await createBoardYear("2024-2025");
  const president = await createPastPresident({ years: "1999-2000", name: "A. President" });
  const ids: Record<string, string> = {
    conferences: String(conference.id), news: String(news.id), users: String(user.id), papers: String(paper.id), "past-presidents": String(president.id),
  };
  const path = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string, at: number) => {
      if (name === "period") return "2024-2025";
      if (name === "fileKind") return "fullManuscript";
      if (name === "conferenceId") return ids.conferences!;
      if (name === "paperId") return ids.papers!;
      if (name !== "id") return "1";
      const resource = template.slice(0, at).split("/").filter(Boolean).reverse().find((part) => ids[part] !== undefined);
      return resource ? ids[resource]! : "1";
    });
  const tokens = { public: undefined, user: await apiToken(user), admin: await apiToken(admin) };
  return { path, tokens };
}

function send(call: ApiCall, url: string, token: string | undefined, init: { body?: BodyInit; type?: string }) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.type) headers["Content-Type"] = init.type;
  return get(url, { method: call.method, headers, body: init.body });
}

const HOSTILE_FIELDS = { role: "admin", status: "accepted", amount: 0, owner: 1, userId: 1, submitterId: 1, paymentStatus: "completed" };

async function expectRefused(response: Response, what: string) {
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
  expect(response.headers.get("Content-Type") ?? "", what).toMatch(/^application\/json/);
  const body = (await response.json()) as { message?: unknown };
  expect(typeof body.message, what).toBe("string");
  expect(JSON.stringify(body), what).not.toMatch(/at \w+ \(|SQLITE|D1_ERROR|TypeError/);
}

describe("hostile input to every call", () => {
  const withBody = API_CALLS.filter((c) => c.body);
  const withQuery = API_CALLS.filter((c) => c.query && !c.body);

  it.each(withBody.map((c) => [`${c.method} ${c.path}`, c] as const))("%s: refuses unknown fields, wrong types and bodies of the wrong kind, and changes nothing", async (_, call) => {
    const { path, tokens } = await world();
    const url = path(call.path);
    const token = tokens[call.access];
    const before = await snapshot();
    const named = [...(namedKeys(call.body!.schema) ?? [])];
    const probes: Array<[string, { body?: BodyInit; type?: string }]> = [];
    if (call.body!.kind === "json") {
      probes.push(
        ["unknown fields", { body: JSON.stringify(HOSTILE_FIELDS), type: "application/json" }],
        ["every field an object", { body: JSON.stringify(Object.fromEntries(named.map((k) => [k, { $gt: "" }]))), type: "application/json" }],
        ["every field a huge number", { body: JSON.stringify(Object.fromEntries(named.map((k) => [k, 1e308]))), type: "application/json" }],
        ["a list", { body: "[]", type: "application/json" }],
        ["malformed JSON", { body: '{"a":', type: "application/json" }],
        ["a form instead of JSON", { body: "email=x", type: "application/x-www-form-urlencoded" }],
        ["2 MB of JSON", { body: JSON.stringify({ [named[0] ?? "x"]: "x".repeat(2 * 1024 * 1024) }), type: "application/json" }],
      );
    } else {
      const unknown = new FormData();
      for (const [k, v] of Object.entries(HOSTILE_FIELDS)) unknown.set(k, String(v));
      const strayFile = new FormData();
      strayFile.set("payload", new File(["%PDF-1.4"], "x.pdf", { type: "application/pdf" }));
      const manyParts = new FormData();
      for (let i = 0; i <= MAX_API_FORM_PARTS; i++) manyParts.append(named[0] ?? "x", "x");
      probes.push(
        ["unknown fields", { body: unknown }],
        ["a file under a name the call does not take", { body: strayFile }],
        ["JSON instead of a form", { body: "{}", type: "application/json" }],
        ["more parts than any call takes", { body: manyParts }],
      );
    }
    for (const [what, init] of probes) await expectRefused(await send(call, url, token, init), `${call.method} ${call.path}: ${what}`);
    expect(await snapshot(), `${call.method} ${call.path} changed the database`).toBe(before);
  });

  it.each(withQuery.map((c) => [`${c.method} ${c.path}`, c] as const))("%s: refuses a query parameter it does not take, and values of the wrong type", async (_, call) => {
    const { path, tokens } = await world();
    const url = path(call.path);
    const named = [...(namedKeys(call.query!) ?? [])];
    const unknown = Object.keys(HOSTILE_FIELDS).find((k) => !named.includes(k))!;
    await expectRefused(await send(call, `${url}?${unknown}=1`, tokens[call.access], {}), `an unknown parameter (${unknown})`);
    const wrong = new URLSearchParams(named.map((k) => [k, "{}"]));
    const answer = await send(call, `${url}?${wrong}`, tokens[call.access], {});
    // Text parameters may take "{}" as a search; none may fail on it.
    expect(answer.status).toBeLessThan(500);
  });

  it.each(API_CALLS.filter((c) => c.params).map((c) => [`${c.method} ${c.path}`, c] as const))("%s: answers a malformed or absent id with a 404 in JSON", async (_, call) => {
    const { tokens } = await world();
    for (const bad of ["abc", "-1", "1e3", "99999999999999", "1%00"]) {
      const url = call.path.replace(/\{(\w+)\}/g, bad);
      const r = await send(call, url, tokens[call.access], call.body?.kind === "json" ? { body: "{}", type: "application/json" } : {});
      expect(r.status, `${call.method} ${url}`).toBeLessThan(500);
      expect(r.status, `${call.method} ${url}`).toBeGreaterThanOrEqual(400);
    }
  });

  it.each(API_CALLS.filter((c) => c.access !== "public").map((c) => [`${c.method} ${c.path}`, c] as const))("%s: is refused without a token (401, or the CSRF check's 403 for a browser's post) and, for the office's calls, with a member's (403)", async (_, call) => {
    const { path, tokens } = await world();
    const before = await snapshot();
    const none = await send(call, path(call.path), undefined, {});
    // A call the signed-in browser makes too is a page's post without a bearer token: refused by
    // the CSRF check (403) before it runs.
    expect(none.status).toBe(call.browser && call.method !== "GET" ? 403 : 401);
    if (call.access === "admin") expect((await send(call, path(call.path), tokens.user, {})).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
