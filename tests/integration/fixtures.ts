/**
 * Test data written straight into the real local D1 and R2 the Worker reads.
 * Each helper returns what it created so a test can assert against it.
 */
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { createApiToken } from "~/server/auth/session.server";
import { createDb } from "~/db/client.server";
import { boardMembers, boardYears, conferences, extractionJobs, files, news, paperAuthors, papers, pastPresidents, type PendingRegistration, users } from "~/db/schema";
import { hashPassword } from "~/server/auth/password.server";
import { createSession } from "~/server/auth/session.server";
import { generateFilename, r2KeyFor } from "~/models/file.server";
import { bumpContentVersion } from "~/server/page-cache.server";
import { createServices } from "~/server/services.server";

export const db = () => createDb(env.DB);

/** The services the Worker's entries build, over the test's real bindings. */
export const services = (ctx: Pick<ExecutionContext, "waitUntil"> = createExecutionContext()) => createServices(env, ctx);

export function isoDaysFromToday(days: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type ConferenceInput = Partial<typeof conferences.$inferInsert>;

export async function createConference(input: ConferenceInput = {}) {
  const [row] = await db()
    .insert(conferences)
    .values({
      title: "Test Conference",
      location: "Testville",
      startDate: isoDaysFromToday(100),
      endDate: isoDaysFromToday(103),
      status: "open",
      description: "<p>About the test conference.</p>",
      ...input,
    })
    .returning();
  await contentChanged();
  return row!;
}

export async function storeFile(input: {
  kind: (typeof files.$inferInsert)["kind"];
  bytes: Uint8Array | string;
  originalName: string;
  contentType: string;
  conferenceId?: number;
  newsId?: number;
  paperId?: number;
  altText?: string;
}) {
  const bytes = typeof input.bytes === "string" ? new TextEncoder().encode(input.bytes) : input.bytes;
  const ext = input.originalName.split(".").pop() ?? "bin";
  const filename = generateFilename(ext);
  const r2Key = r2KeyFor(input.kind, filename);
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: input.contentType } });
  const [row] = await db()
    .insert(files)
    .values({
      kind: input.kind,
      filename,
      r2Key,
      originalName: input.originalName,
      contentType: input.contentType,
      size: bytes.byteLength,
      conferenceId: input.conferenceId,
      newsId: input.newsId,
      paperId: input.paperId,
      altText: input.altText,
    })
    .returning();
  await contentChanged();
  return row!;
}

export async function createNews(input: Partial<typeof news.$inferInsert> = {}) {
  const [row] = await db()
    .insert(news)
    .values({ title: "Test news", content: "<p>Test content.</p>", status: "published", ...input })
    .returning();
  await contentChanged();
  return row!;
}

export async function createBoardYear(
  period: string,
  members: Array<Omit<typeof boardMembers.$inferInsert, "boardYearId">> = [],
  extra: Partial<typeof boardYears.$inferInsert> = {},
) {
  const [year] = await db().insert(boardYears).values({ period, ...extra }).returning();
  if (members.length) await db().insert(boardMembers).values(members.map((m) => ({ ...m, boardYearId: year!.id })));
  await contentChanged();
  return year!;
}

export async function createPastPresident(input: typeof pastPresidents.$inferInsert) {
  const [row] = await db().insert(pastPresidents).values(input).returning();
  await contentChanged();
  return row!;
}


/** As every admin change will: a fresh content version, so cached pages are not reused. */
export async function contentChanged() {
  await bumpContentVersion({ d1: env.DB, db: db() });
}

export const BASE = "https://society.test";

export function get(path: string, init?: RequestInit) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
}

export async function getHtml(path: string, init?: RequestInit) {
  const response = await get(path, init);
  return { response, html: await response.text() };
}

/** Visible text of an HTML page, tags stripped and whitespace folded, for "the page says X" checks. */
export function textOf(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

export const TABLES_CHILD_FIRST = [
  "audit_log", "extraction_jobs", "outbox", "payment_events", "payments", "registrations", "paper_status_drafts", "paper_authors", "files", "papers",
  "board_members", "board_years", "past_presidents", "news", "paper_counts", "staged_counts", "conferences", "recovery_codes", "auth_tokens",
  "sessions", "rate_limits", "wizard_drafts", "users", "site_state",
];

/** Empties every table (the pool keeps one database per test file), so each test starts clean. */
/**
 * The rate limits count in fixed windows of 15 minutes and an hour, starting at whole quarter
 * hours (rate-limit.server.ts): a test that counts attempts must not straddle one, or its count
 * starts again half-way. Waits out the last 20 seconds before a quarter hour (for `beforeEach`,
 * with a timeout above 20 s).
 */
export async function clearOfRateWindowEdge() {
  const quarter = 15 * 60;
  const left = quarter - ((Date.now() / 1000) % quarter);
  if (left < 20) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

export async function resetDatabase() {
  await env.DB.batch([
    env.DB.prepare("update conferences set header_photo_id = null"),
    env.DB.prepare("update news set featured_image_id = null"),
    ...TABLES_CHILD_FIRST.map((t) => env.DB.prepare(`delete from ${t}`)),
  ]);
  await contentChanged();
}

/** Makes one table unreadable for the duration of `run`: a real failing database call. */
export async function withTableMissing<T>(table: string, run: () => Promise<T>) {
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_unavailable`);
  try {
    return await run();
  } finally {
    await env.DB.exec(`ALTER TABLE ${table}_unavailable RENAME TO ${table}`);
  }
}

/* ---------------------------------------------------------------- accounts */

type UserInput = Partial<typeof users.$inferInsert> & { password?: string };

/** An account straight in D1, active unless told otherwise; the password hashed as the site does. */
export async function createUser(input: UserInput = {}) {
  const { password = "correct-horse-1", ...rest } = input;
  const email = (rest.email ?? `user${Math.random().toString(36).slice(2, 8)}@example.org`).toLowerCase();
  const [row] = await db()
    .insert(users)
    .values({
      email,
      username: email,
      passwordHash: await hashPassword(password),
      status: "active",
      role: "user",
      firstName: "Test",
      lastName: "Person",
      salutation: "Dr.",
      ...rest,
    })
    .returning();
  return { ...row!, password };
}

/** A browser's cookie jar, enough for the site's cookies (name=value, replaced by name). */
export class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/Max-Age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A GET with the jar's cookies; remembers what the answer sets. */
export async function visit(jar: Jar, path: string, init: RequestInit = {}) {
  const response = await get(path, { ...init, headers: { Cookie: jar.header(), ...(init.headers ?? {}) } });
  jar.store(response);
  return response;
}

/** Posts a form as a same-origin browser would: with the CSRF token the site gave this jar. */
/** A same-origin form post; `address` is the client address Cloudflare would report (CF-Connecting-IP). */
export async function postForm(jar: Jar, path: string, fields: Record<string, string> | Array<[string, string]>, opts: { csrf?: string | null; origin?: string; address?: string } = {}) {
  if (opts.csrf === undefined && !jar.get("__Host-csrf")) await visit(jar, "/login");
  const body = new URLSearchParams(fields);
  const token = opts.csrf === undefined ? jar.get("__Host-csrf") : opts.csrf;
  if (token) body.set("_csrf", token);
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: jar.header(),
      Host: new URL(BASE).host,
      Origin: opts.origin ?? BASE,
      "Sec-Fetch-Site": opts.origin && opts.origin !== BASE ? "cross-site" : "same-origin",
      ...(opts.address ? { "CF-Connecting-IP": opts.address } : {}),
    },
  });
  jar.store(response);
  return response;
}

/**
 * A jar holding a session made straight in D1, as a sign-in would make it: for tests whose
 * subject is not signing in (a few tests still go through the form, and sign-in has its own).
 */
export async function sessionJar(user: { id: number }, jar = new Jar(), device: { userAgent?: string; address?: string } = {}) {
  const headers: Record<string, string> = {};
  if (device.userAgent) headers["User-Agent"] = device.userAgent;
  if (device.address) headers["CF-Connecting-IP"] = device.address;
  const cookie = await createSession(db(), new Request(BASE, { headers }), user.id);
  jar.store(new Response(null, { headers: { "Set-Cookie": cookie } }));
  return jar;
}

/** A paper straight in D1 with its authors (the first is the submitter unless told otherwise). */
/** A bearer token of the JSON API for `user`, as `POST /api/auth/login` would issue it. */
export async function apiToken(user: typeof users.$inferSelect, label = "test") {
  return (await createApiToken(db(), new Request(BASE), user, label, (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET)).token;
}

/** The Authorization header of `apiToken(user)`. */
export const bearer = async (user: typeof users.$inferSelect) => ({ Authorization: `Bearer ${await apiToken(user)}` });

export async function createPaper(input: {
  conferenceId: number;
  submitterId: number | null;
  authors: Array<Partial<typeof paperAuthors.$inferInsert>>;
  paper?: Partial<typeof papers.$inferInsert>;
}) {
  const number = (await db().select().from(papers).all()).filter((p) => p.conferenceId === input.conferenceId).length;
  const [paper] = await db()
    .insert(papers)
    .values({
      conferenceId: input.conferenceId,
      paperNumber: number,
      submitterId: input.submitterId,
      manuscriptType: "regular",
      title: "A test paper",
      abstract: "An abstract.",
      researchAreas: [{ category: "Corporate Finance", topic: "Capital structure" }],
      ...input.paper,
    })
    .returning();
  await db()
    .insert(paperAuthors)
    .values(
      input.authors.map((a, i) => ({
        paperId: paper!.id,
        authorOrder: i + 1,
        firstName: "Ada",
        lastName: `Author${i + 1}`,
        email: `author${i + 1}@example.org`,
        institution: "Test University",
        isCorresponding: i === 0,
        ...a,
      })),
    );
  return paper!;
}

/** Signs in through the real login form; returns the jar holding the session. */
export async function signIn(email: string, password: string, jar = new Jar()) {
  const response = await postForm(jar, "/login", { email, password });
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  return jar;
}

/** A multipart form post (file uploads) with the jar's cookies and CSRF token. */
/** Posts a multipart form as a browser sends the site's forms: the CSRF token first, then the fields in order. */
export async function postMultipart(jar: Jar, path: string, fields: FormData, opts: { tokenLast?: boolean } = {}) {
  if (!jar.get("__Host-csrf")) await visit(jar, "/login");
  const form = new FormData();
  const token = jar.get("__Host-csrf") ?? "";
  if (!opts.tokenLast) form.set("_csrf", token);
  for (const [k, v] of fields.entries()) if (k !== "_csrf") form.append(k, v);
  if (opts.tokenLast) form.set("_csrf", token);
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Cookie: jar.header(), Host: new URL(BASE).host, Origin: BASE, "Sec-Fetch-Site": "same-origin" },
  });
  jar.store(response);
  return response;
}

/** Empties the R2 bucket the Worker reads (a test file's storage is its own; D1 has `resetDatabase`). */
export async function clearBucket() {
  for (let list = await env.FILES.list(); list.objects.length; list = await env.FILES.list()) await env.FILES.delete(list.objects.map((o) => o.key));
}

/** A fixture file handed over by the global setup as base64, as bytes. */
export const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** The submission wizard's step 5 fields as the page posts them: `authors[i][field]`. */
export function authorFields(rows: Array<Record<string, string>>) {
  const out: Record<string, string> = {};
  rows.forEach((r, i) => {
    for (const [k, v] of Object.entries(r)) out[`authors[${i}][${k}]`] = v;
  });
  return out;
}

/** What a registration of this account would have chosen, as an activation link carries it. */
export function registrationOf(user: typeof users.$inferSelect): PendingRegistration {
  return {
    passwordHash: user.passwordHash!,
    profile: {
      salutation: user.salutation ?? "",
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      secondaryEmail: user.secondaryEmail,
      workPhoneCountry: user.workPhoneCountry,
      workPhone: user.workPhone,
      cellPhoneCountry: user.cellPhoneCountry,
      cellPhone: user.cellPhone,
      personalWebPage: user.personalWebPage,
      primaryAffiliation: user.primaryAffiliation,
      secondaryAffiliation: user.secondaryAffiliation,
      institution: user.institution,
      expertise: user.expertise ?? [],
    },
  };
}

/** A manuscript already in R2 with its extraction job, as the wizard leaves them: stored file, job "extracting". */
export async function extractionJobFor(bytes: Uint8Array, name = "paper.pdf") {
  const user = await createUser({ email: `author.${crypto.randomUUID().slice(0, 8)}@example.org` });
  const key = `manuscript/test-${crypto.randomUUID()}`;
  await env.FILES.put(key, bytes);
  const ext = name.split(".").pop() ?? "bin";
  const file = await db()
    .insert(files)
    .values({ kind: "manuscript", filename: `${crypto.randomUUID().replace(/-/g, "")}.${ext}`, r2Key: key, originalName: name, contentType: "application/octet-stream", size: bytes.byteLength, uploadedBy: user.id })
    .returning()
    .get();
  const id = crypto.randomUUID();
  await db().insert(extractionJobs).values({ id, userId: user.id, fileId: file.id, status: "extracting" });
  return { id, user };
}
