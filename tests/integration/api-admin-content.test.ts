import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, conferences, files, news } from "~/db/schema";
import { call } from "./api-contract";
import { apiToken, clearBucket, createConference, createNews, createPaper, createUser, db, Jar, resetDatabase, sessionJar, storeFile, textOf, visit } from "./fixtures";

beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const pdf = (name: string) => new File(["%PDF-1.7\n%test\n"], name);
const png = (name: string) => new File([PNG], name);

const r2Keys = async () => (await env.FILES.list()).objects.map((o) => o.key).sort();
const page = async (path: string, jar = new Jar()) => {
  const r = await visit(jar, path);
  return { status: r.status, text: textOf(await r.text()) };
};

async function people() {
  const admin = await createUser({ email: "chief@example.org", role: "admin" });
  const member = await createUser({ email: "member@example.org" });
  return { admin, adminToken: await apiToken(admin), member, userToken: await apiToken(member) };
}

/** The conference form as the spec's client posts it: spec names, fees.*, switches as 'true'/'false'. */
function conferenceForm(fields: Record<string, string | undefined> = {}, uploads: { files?: File[]; photos?: File[]; other?: Record<string, File> } = {}) {
  const form = new FormData();
  const all: Record<string, string | undefined> = {
    title: "35th Annual Conference",
    location: "Lisbon, Portugal",
    startDate: "2029-06-27",
    endDate: "2029-06-30",
    status: "active",
    description: "<p>The society's conference.</p>",
    registrationEnabled: "true",
    paymentRequired: "false",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) form.set(k, v);
  for (const f of uploads.files ?? []) form.append("files", f);
  for (const f of uploads.photos ?? []) form.append("photos", f);
  for (const [k, f] of Object.entries(uploads.other ?? {})) form.append(k, f);
  return form;
}

function newsForm(fields: Record<string, string | undefined> = {}, uploads: { files?: File[]; featuredImage?: File } = {}) {
  const form = new FormData();
  const all: Record<string, string | undefined> = { title: "Awards announced", status: "published", content: "<p>The winners are in.</p>", ...fields };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) form.set(k, v);
  for (const f of uploads.files ?? []) form.append("files", f);
  if (uploads.featuredImage) form.append("featuredImage", uploads.featuredImage);
  return form;
}

type Conference = { _id: number; message: string; title: string; files: Array<{ _id: number; filename: string; originalName: string; url: string }>; photos: Array<{ _id: number; filename: string }>; headerPhoto: { filename: string } | null; fees: Record<string, unknown> } & Record<string, unknown>;

describe("who may make the administrator's content calls", () => {
  it("answers 401 without a token and 403 to a member, for every call, and changes nothing", async () => {
    const { member, userToken } = await people();
    const c = await createConference({ title: "Untouched" });
    const item = await createNews({ title: "Untouched news" });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "hall.png", contentType: "image/png", conferenceId: c.id });
    const newsFile = await storeFile({ kind: "news_file", bytes: "%PDF-1.7\n", originalName: "a.pdf", contentType: "application/pdf", newsId: item.id });
    const calls: Array<[string, string, string, { json?: unknown; form?: () => FormData }]> = [
      ["GET", "/api/admin/conferences", "/api/admin/conferences", {}],
      ["POST", "/api/admin/conferences", "/api/admin/conferences", { form: () => conferenceForm() }],
      ["GET", "/api/admin/conferences/{id}", `/api/admin/conferences/${c.id}`, {}],
      ["PUT", "/api/admin/conferences/{id}", `/api/admin/conferences/${c.id}`, { form: () => conferenceForm({ title: "Taken over" }) }],
      ["DELETE", "/api/admin/conferences/{id}", `/api/admin/conferences/${c.id}`, {}],
      ["DELETE", "/api/admin/conferences/{id}/files/{file}", `/api/admin/conferences/${c.id}/files/${photo.id}`, {}],
      ["DELETE", "/api/admin/conferences/{id}/photos/{file}", `/api/admin/conferences/${c.id}/photos/${photo.filename}`, {}],
      ["PUT", "/api/admin/conferences/{id}/header-photo", `/api/admin/conferences/${c.id}/header-photo`, { json: { filename: photo.filename } }],
      ["PUT", "/api/admin/conferences/{id}/fees", `/api/admin/conferences/${c.id}/fees`, { json: { standard: 1 } }],
      ["GET", "/api/admin/news", "/api/admin/news", {}],
      ["POST", "/api/admin/news", "/api/admin/news", { form: () => newsForm() }],
      ["GET", "/api/admin/news/{id}", `/api/admin/news/${item.id}`, {}],
      ["PUT", "/api/admin/news/{id}", `/api/admin/news/${item.id}`, { form: () => newsForm({ title: "Taken over" }) }],
      ["DELETE", "/api/admin/news/{id}", `/api/admin/news/${item.id}`, {}],
      ["DELETE", "/api/admin/news/{id}/files/{file}", `/api/admin/news/${item.id}/files/${newsFile.filename}`, {}],
    ];
    for (const [method, template, path, body] of calls) {
      const visitor = await call(method, template, { path, json: body.json, form: body.form?.() });
      expect(visitor.status, `${method} ${path} without a token`).toBe(401);
      const user = await call(method, template, { path, token: userToken, json: body.json, form: body.form?.() });
      expect(user.status, `${method} ${path} as a member`).toBe(403);
    }
    expect((await db().select().from(conferences).all()).map((x) => [x.title, x.headerPhotoId, x.feeStandard])).toEqual([["Untouched", null, null]]);
    expect((await db().select().from(news).all()).map((x) => x.title)).toEqual(["Untouched news"]);
    expect(await db().select().from(files).all()).toHaveLength(2);
    expect(await r2Keys()).toHaveLength(2);
    expect(member.id).toBeGreaterThan(0);
  });
});

describe("conferences through the API", () => {
  it("creates a conference with files, photos and fees under the spec's names: 201, sanitised, audited, public at once", async () => {
    const { admin, adminToken } = await people();
    const r = await call<Conference>("POST", "/api/admin/conferences", {
      token: adminToken,
      form: conferenceForm(
        {
          description: '<h2>Welcome</h2><p onclick="x()">Papers in all areas.</p><script>alert(1)</script>',
          doctoralStudentTutorialsAndPresentations: "<p>Tutorials for doctoral students.</p>",
          registrationFee: "<p>Fees include the dinner.</p>",
          "fees.standard": "480",
          "fees.student": "0",
          "fees.currency": "USD",
          paymentRequired: "true",
          registrationDeadline: "2029-05-31",
          submissionDeadline: "2029-03-15T23:59",
        },
        { files: [pdf("Call for Papers.pdf")], photos: [png("venue.png"), png("hall.png")] },
      ),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: "Conference created successfully!",
      title: "35th Annual Conference",
      status: "active",
      submissionDeadline: "2029-03-15T23:59",
      doctoralStudentTutorialsAndPresentations: "<p>Tutorials for doctoral students.</p>",
      registrationFee: "<p>Fees include the dinner.</p>",
      introduction: null,
      fees: { standard: 480, student: 0, accompaniedPerson: null, currency: "USD", description: null },
      registrationEnabled: true,
      paymentRequired: true,
      registrationDeadline: "2029-05-31",
      papers: 0,
    });
    expect(r.body.description).not.toMatch(/script|onclick/);
    expect(r.body.files.map((f) => f.originalName)).toEqual(["Call for Papers.pdf"]);
    expect(r.body.photos).toHaveLength(2);
    const row = (await db().select().from(conferences).where(eq(conferences.id, r.body._id)).get())!;
    expect(row).toMatchObject({ doctoralTutorials: "<p>Tutorials for doctoral students.</p>", registrationFeeInfo: "<p>Fees include the dinner.</p>", feeStandard: 48000, feeStudent: 0, currency: "USD" });
    expect(await r2Keys()).toHaveLength(3);
    expect((await db().select().from(auditLog).all()).map((a) => [a.actorId, a.action])).toEqual([[admin.id, "conference.create"]]);

    expect((await page("/conferences")).text).toContain("35th Annual Conference");
    const detail = await page(`/conferences/${r.body._id}`);
    expect(detail.text).toContain("Tutorials for doctoral students.");
    expect(detail.text).toContain("Call for Papers.pdf");
    const served = await visit(new Jar(), new URL(r.body.files[0]!.url, "https://society.test").pathname);
    expect(served.status).toBe(200);
  });

  it("lists every conference with its status for the console, filtered by q and status, and refuses filters it does not know", async () => {
    const { adminToken } = await people();
    await createConference({ title: "Lisbon meeting", location: "Lisbon", status: "ended", startDate: "2020-06-01", endDate: "2020-06-03" });
    const current = await createConference({ title: "Porto meeting", location: "Porto", status: "open" });
    await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "a.png", contentType: "image/png", conferenceId: current.id });
    const all = await call<{ conferences: Array<{ title: string; status: string; photos: number }>; next: string | null }>("GET", "/api/admin/conferences", { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.conferences.map((c) => [c.title, c.status, c.photos])).toEqual([
      ["Porto meeting", "open", 1],
      ["Lisbon meeting", "ended", 0],
    ]);
    expect(all.body.next).toBeNull();
    const ended = await call<{ conferences: Array<{ title: string }> }>("GET", "/api/admin/conferences", { path: "/api/admin/conferences?status=ended", token: adminToken });
    expect(ended.body.conferences.map((c) => c.title)).toEqual(["Lisbon meeting"]);
    const searched = await call<{ conferences: Array<{ title: string }> }>("GET", "/api/admin/conferences", { path: "/api/admin/conferences?q=porto", token: adminToken });
    expect(searched.body.conferences.map((c) => c.title)).toEqual(["Porto meeting"]);
    for (let i = 0; i < 25; i++) await createConference({ title: `Filler ${i}`, startDate: `2021-01-${String(i + 1).padStart(2, "0")}`, endDate: "2021-02-01" });
    type Listed = { conferences: Array<{ title: string }>; start: number; previous: string | null; next: string | null };
    const first = await call<Listed>("GET", "/api/admin/conferences", { token: adminToken });
    expect(first.body.conferences).toHaveLength(25);
    expect(first.body.next).not.toBeNull();
    const second = await call<Listed>("GET", "/api/admin/conferences", { path: `/api/admin/conferences?after=${first.body.next}&start=26`, token: adminToken });
    expect(second.body).toMatchObject({ conferences: [{ title: "Filler 0" }, { title: "Lisbon meeting" }], start: 26, next: null });
    expect(second.body.previous).not.toBeNull();
    for (const query of ["status=deleted", "role=admin", "start=abc"]) {
      expect((await call("GET", "/api/admin/conferences", { path: `/api/admin/conferences?${query}`, token: adminToken })).status, query).toBe(400);
    }
  });

  it("reads a conference as the editor loads it, and a PUT of what it read with one change replaces the fields and adds files", async () => {
    const { adminToken } = await people();
    const created = await call<Conference>("POST", "/api/admin/conferences", { token: adminToken, form: conferenceForm({ venue: "<p>Old venue</p>", "fees.standard": "300" }, { files: [pdf("a.pdf")] }) });
    const id = created.body._id;
    const read = await call<Conference>("GET", "/api/admin/conferences/{id}", { path: `/api/admin/conferences/${id}`, token: adminToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: id, venue: "<p>Old venue</p>", fees: { standard: 300 } });
    const r = await call<Conference>("PUT", "/api/admin/conferences/{id}", {
      path: `/api/admin/conferences/${id}`,
      token: adminToken,
      form: conferenceForm({ title: "Renamed Conference", "fees.standard": "300", status: "close" }, { files: [pdf("b.pdf")] }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: "Conference updated successfully!", title: "Renamed Conference", status: "close", venue: null, fees: { standard: 300 } });
    expect(r.body.files.map((f) => f.originalName)).toEqual(["a.pdf", "b.pdf"]);
    expect((await page(`/conferences/${id}`)).text).toContain("Renamed Conference");
    expect((await call("GET", "/api/admin/conferences/{id}", { path: "/api/admin/conferences/999999", token: adminToken })).status).toBe(404);
    expect((await call("GET", "/api/admin/conferences/{id}", { path: "/api/admin/conferences/abc", token: adminToken })).status).toBe(404);
  });

  it("refuses hostile and wrong input with 4xx in the spec's names, storing nothing in D1 or R2", async () => {
    const { adminToken } = await people();
    const post = (form: FormData) => call<{ message: string; fieldErrors?: Record<string, string> }>("POST", "/api/admin/conferences", { token: adminToken, form });
    const unknown = await post(conferenceForm({ id: "7", createdBy: "1", _id: "3" }));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fieldErrors ?? {}).sort()).toEqual(["_id", "createdBy", "id"]);
    const missing = await post(conferenceForm({ title: "   ", location: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toMatchObject({ title: "Title is required", location: "Location is required" });
    const wrong = await post(conferenceForm({ "fees.standard": "lots", "fees.currency": "JPY", endDate: "2029-06-01", registrationEnabled: "yes" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toHaveProperty(["registrationEnabled"]);
    const wrongFees = await post(conferenceForm({ "fees.standard": "12.50", "fees.currency": "JPY", endDate: "2029-06-01" }));
    expect(wrongFees.status).toBe(400);
    expect(wrongFees.body.fieldErrors).toMatchObject({ "fees.standard": expect.stringContaining("whole amount"), "fees.currency": "Choose EUR, USD or GBP.", endDate: "End date cannot be before the start date" });
    const repeated = conferenceForm();
    repeated.append("title", "Second title");
    expect((await post(repeated)).status).toBe(400);
    expect((await post(conferenceForm({}, { other: { attachment: pdf("x.pdf") } }))).status).toBe(400);
    expect((await post(conferenceForm({ files: "not a file" }))).status).toBe(400);
    const disguised = await post(conferenceForm({}, { files: [pdf("ok.pdf")], photos: [png("ok.png"), new File(["just some text\n"], "photo.jpg")] }));
    expect(disguised.status).toBe(422);
    expect(disguised.body.fieldErrors).toMatchObject({ photos: expect.stringContaining("photo.jpg") });
    const json = await call("POST", "/api/admin/conferences", { token: adminToken, json: { title: "x" } });
    expect(json.status).toBe(415);
    expect(await db().select().from(conferences).all()).toHaveLength(0);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect(await r2Keys()).toEqual([]);
  });

  it("refuses an update that tries to change what the form does not take, or carries a disguised file, leaving the conference as it was", async () => {
    const { adminToken } = await people();
    const c = await createConference({ title: "Kept", status: "open" });
    const path = `/api/admin/conferences/${c.id}`;
    for (const form of [conferenceForm({ title: "Changed", createdAt: "2000-01-01" }), conferenceForm({ title: "Changed" }, { files: [new File(["MZ\x90\x00"], "programme.pdf")] })]) {
      const r = await call("PUT", "/api/admin/conferences/{id}", { path, token: adminToken, form });
      expect([400, 422]).toContain(r.status);
    }
    expect((await db().select().from(conferences).get())!.title).toBe("Kept");
    expect(await r2Keys()).toEqual([]);
    const gone = await call("PUT", "/api/admin/conferences/{id}", { path: "/api/admin/conferences/999999", token: adminToken, form: conferenceForm() });
    expect(gone.status).toBe(409);
  });

  it("replaces the fees object, keeping the registration settings unless sent, and refuses wrong types and fields it does not take", async () => {
    const { adminToken } = await people();
    const c = await createConference({ feeStandard: 50000, registrationEnabled: false, paymentRequired: true, registrationDeadline: "2029-05-01" });
    const path = `/api/admin/conferences/${c.id}/fees`;
    const r = await call<Conference>("PUT", "/api/admin/conferences/{id}/fees", { path, token: adminToken, json: { standard: 300, student: 150, currency: "GBP", description: "Dinner included" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: "Conference fees updated successfully",
      fees: { standard: 300, student: 150, accompaniedPerson: null, currency: "GBP", description: "Dinner included" },
      registrationEnabled: false,
      paymentRequired: true,
      registrationDeadline: "2029-05-01",
    });
    const switched = await call<Conference>("PUT", "/api/admin/conferences/{id}/fees", { path, token: adminToken, json: { standard: 300, registrationEnabled: true, registrationDeadline: null } });
    expect(switched.body).toMatchObject({ fees: { currency: "EUR" }, registrationEnabled: true, paymentRequired: true, registrationDeadline: null });
    for (const json of [{ standard: "300" }, { standard: 12.5 }, { standard: -1 }, { currency: "JPY" }, { status: "ended" }, { amount: 1 }, { registrationEnabled: "yes" }, { registrationDeadline: "tomorrow" }]) {
      const refused = await call("PUT", "/api/admin/conferences/{id}/fees", { path, token: adminToken, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
    }
    expect((await db().select().from(conferences).get())!).toMatchObject({ feeStandard: 30000, status: "open", currency: "EUR", registrationEnabled: true });
    expect((await call("PUT", "/api/admin/conferences/{id}/fees", { path: "/api/admin/conferences/999999/fees", token: adminToken, json: {} })).status).toBe(404);
  });

  it("sets the header photo by filename or id, refuses another conference's photo, and clears it", async () => {
    const { adminToken } = await people();
    const c = await createConference();
    const other = await createConference({ title: "Other" });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "hall.png", contentType: "image/png", conferenceId: c.id });
    const second = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "stage.png", contentType: "image/png", conferenceId: c.id });
    const foreign = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "x.png", contentType: "image/png", conferenceId: other.id });
    const document = await storeFile({ kind: "conference_file", bytes: "%PDF-1.7\n", originalName: "p.pdf", contentType: "application/pdf", conferenceId: c.id });
    const path = `/api/admin/conferences/${c.id}/header-photo`;
    const put = (json: unknown) => call<Conference>("PUT", "/api/admin/conferences/{id}/header-photo", { path, token: adminToken, json });
    const byName = await put({ filename: photo.filename });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ message: "Header photo set successfully", headerPhoto: { filename: photo.filename } });
    expect((await put({ fileId: second.id })).body.headerPhoto).toMatchObject({ filename: second.filename });
    for (const json of [{ fileId: foreign.id }, { filename: foreign.filename }, { fileId: document.id }, { filename: "nothere.png" }]) {
      expect((await put(json)).status, JSON.stringify(json)).toBe(409);
    }
    for (const json of [{}, { filename: photo.filename, fileId: photo.id }, { fileId: "one" }, { filename: photo.filename, conferenceId: other.id }]) {
      expect((await put(json)).status, JSON.stringify(json)).toBe(400);
    }
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.headerPhotoId).toBe(second.id);
    const cleared = await put({ filename: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.headerPhoto).toBeNull();
  });

  it("deletes a file or a photo named by its stored filename or its id, only under its own kind and conference, with its R2 object", async () => {
    const { adminToken } = await people();
    const c = await createConference();
    const other = await createConference({ title: "Other" });
    const document = await storeFile({ kind: "conference_file", bytes: "%PDF-1.7\n", originalName: "Programme.pdf", contentType: "application/pdf", conferenceId: c.id });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "hall.png", contentType: "image/png", conferenceId: c.id });
    await db().update(conferences).set({ headerPhotoId: photo.id }).where(eq(conferences.id, c.id));
    const del = (kind: "files" | "photos", conferenceId: number, file: string | number) =>
      call("DELETE", `/api/admin/conferences/{id}/${kind}/{file}`, { path: `/api/admin/conferences/${conferenceId}/${kind}/${file}`, token: adminToken });
    expect((await del("files", c.id, photo.filename)).status).toBe(404);
    expect((await del("photos", c.id, document.id)).status).toBe(404);
    expect((await del("files", other.id, document.id)).status).toBe(404);
    expect((await del("files", c.id, "../secret")).status).toBe(404);
    expect(await r2Keys()).toHaveLength(2);
    const deletedPhoto = await del("photos", c.id, photo.filename);
    expect(deletedPhoto).toMatchObject({ status: 200, body: { message: "Photo deleted successfully" } });
    const deletedFile = await del("files", c.id, document.id);
    expect(deletedFile).toMatchObject({ status: 200, body: { message: "File deleted successfully" } });
    expect(await r2Keys()).toEqual([]);
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.headerPhotoId).toBeNull();
    expect((await page(`/conferences/${c.id}`)).text).not.toContain("Programme.pdf");
    expect((await del("files", c.id, document.id)).status).toBe(404);
  });

  it("deletes a conference with its files, but refuses one that papers depend on", async () => {
    const { adminToken, member } = await people();
    const c = await createConference({ title: "Short-lived" });
    await storeFile({ kind: "conference_file", bytes: "%PDF-1.7\n", originalName: "a.pdf", contentType: "application/pdf", conferenceId: c.id });
    const busy = await createConference({ title: "Busy" });
    await createPaper({ conferenceId: busy.id, submitterId: member.id, authors: [{}] });
    const refused = await call<{ message: string }>("DELETE", "/api/admin/conferences/{id}", { path: `/api/admin/conferences/${busy.id}`, token: adminToken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This conference cannot be deleted: it has 1 paper. Set its status to Ended instead.");
    const r = await call("DELETE", "/api/admin/conferences/{id}", { path: `/api/admin/conferences/${c.id}`, token: adminToken });
    expect(r).toMatchObject({ status: 200, body: { message: "Conference deleted successfully" } });
    expect(await r2Keys()).toEqual([]);
    const list = (await page("/conferences")).text;
    expect(list).not.toContain("Short-lived");
    expect(list).toContain("Busy");
    expect((await call("DELETE", "/api/admin/conferences/{id}", { path: `/api/admin/conferences/${c.id}`, token: adminToken })).status).toBe(404);
  });
});

type NewsItem = { _id: number; message: string; title: string; status: string; content: string; files: Array<{ _id: number; filename: string; originalName: string }>; featuredImage: { filename: string } | null };

describe("news through the API", () => {
  it("creates a published item (public at once) and a draft (only in the console), sanitised, with files and a featured image", async () => {
    const { admin, adminToken } = await people();
    const published = await call<NewsItem>("POST", "/api/admin/news", {
      token: adminToken,
      form: newsForm({ content: '<p>Winners</p><script>alert(1)</script><a href="javascript:alert(3)">link</a>', category: "Award", newsDate: "2029-01-15" }, { files: [pdf("Results.pdf")], featuredImage: png("podium.png") }),
    });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ message: "News created successfully!", title: "Awards announced", status: "published", category: "Award", newsDate: "2029-01-15" });
    expect(published.body.content).toContain("<p>Winners</p>");
    expect(published.body.content).not.toMatch(/script|javascript:/);
    expect(published.body.files.map((f) => f.originalName)).toEqual(["Results.pdf"]);
    expect(published.body.featuredImage).not.toBeNull();
    const draft = await call<NewsItem>("POST", "/api/admin/news", { token: adminToken, form: newsForm({ title: "Secret plans", status: "draft" }) });
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe("draft");

    const list = (await page("/news")).text;
    expect(list).toContain("Awards announced");
    expect(list).not.toContain("Secret plans");
    expect((await page(`/news/${published.body._id}`)).text).toContain("Results.pdf");
    expect((await page(`/news/${draft.body._id}`)).status).toBe(404);
    expect((await call("GET", "/api/news/{id}", { path: `/api/news/${draft.body._id}` })).status).toBe(404);
    const console = (await page("/admin/news", await sessionJar(admin))).text;
    expect(console).toContain("Secret plans");

    const all = await call<{ news: Array<{ title: string; status: string; files: number }>; shown: number; total: number }>("GET", "/api/admin/news", { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.news.map((n) => [n.title, n.status]).sort()).toEqual([
      ["Awards announced", "published"],
      ["Secret plans", "draft"],
    ]);
    const drafts = await call<{ news: Array<{ title: string }>; shown: number; total: number }>("GET", "/api/admin/news", { path: "/api/admin/news?status=draft", token: adminToken });
    expect(drafts.body).toMatchObject({ news: [{ title: "Secret plans" }], shown: 1, total: 2 });
    const searched = await call<{ news: Array<{ title: string }> }>("GET", "/api/admin/news", { path: "/api/admin/news?q=secret", token: adminToken });
    expect(searched.body.news.map((n) => n.title)).toEqual(["Secret plans"]);
    expect((await call("GET", "/api/admin/news", { path: "/api/admin/news?status=deleted", token: adminToken })).status).toBe(400);
    const one = await call<NewsItem>("GET", "/api/admin/news/{id}", { path: `/api/admin/news/${draft.body._id}`, token: adminToken });
    expect(one).toMatchObject({ status: 200, body: { _id: draft.body._id, title: "Secret plans", status: "draft" } });
    expect((await db().select().from(auditLog).all()).filter((a) => a.action === "news.create")).toHaveLength(2);
  });

  it("updates an item (publishing a draft shows it), adds files, and removes the featured image when asked", async () => {
    const { adminToken } = await people();
    const item = await createNews({ title: "Draft call", status: "draft" });
    const image = await storeFile({ kind: "news_file", bytes: PNG, originalName: "cover.png", contentType: "image/png", newsId: item.id });
    await db().update(news).set({ featuredImageId: image.id }).where(eq(news.id, item.id));
    const path = `/api/admin/news/${item.id}`;
    const r = await call<NewsItem>("PUT", "/api/admin/news/{id}", { path, token: adminToken, form: newsForm({ title: "Call for papers", removeFeatured: "true" }, { files: [pdf("Call.pdf")] }) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: "News updated successfully!", title: "Call for papers", status: "published", featuredImage: null });
    expect(r.body.files.map((f) => f.originalName).sort()).toEqual(["Call.pdf", "cover.png"]);
    expect((await page("/news")).text).toContain("Call for papers");
    expect((await call("PUT", "/api/admin/news/{id}", { path: "/api/admin/news/999999", token: adminToken, form: newsForm() })).status).toBe(409);
    expect((await call("GET", "/api/admin/news/{id}", { path: "/api/admin/news/999999", token: adminToken })).status).toBe(404);
  });

  it("refuses blank, wrong and unknown fields and disguised files, changing nothing in D1 or R2", async () => {
    const { adminToken } = await people();
    const post = (form: FormData) => call<{ message: string; fieldErrors?: Record<string, string> }>("POST", "/api/admin/news", { token: adminToken, form });
    const blank = await post(newsForm({ title: "   ", content: "<p> &nbsp; </p>" }));
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toMatchObject({ title: "Title is required", content: "Content is required" });
    const missing = await post(newsForm({ title: undefined, content: undefined }));
    expect(missing.body.fieldErrors).toMatchObject({ title: "Title is required", content: "Content is required" });
    expect((await post(newsForm({ status: "deleted" }))).status).toBe(400);
    expect((await post(newsForm({ removeFeatured: "maybe" }))).status).toBe(400);
    const unknown = await post(newsForm({ id: "9", createdBy: "1", createdAt: "2000-01-01" }));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fieldErrors ?? {}).sort()).toEqual(["createdAt", "createdBy", "id"]);
    const disguised = await post(newsForm({}, { files: [pdf("ok.pdf")], featuredImage: new File(["just some text\n"], "photo.jpg") }));
    expect(disguised.status).toBe(422);
    expect(disguised.body.message).toContain("photo.jpg");
    const disguisedFile = await post(newsForm({}, { files: [pdf("ok.pdf"), new File(["<html>"], "report.docx")] }));
    expect(disguisedFile.status).toBe(422);
    const two = newsForm();
    two.append("featuredImage", png("a.png"));
    two.append("featuredImage", png("b.png"));
    expect((await post(two)).status).toBe(400);
    expect(await db().select().from(news).all()).toHaveLength(0);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect(await r2Keys()).toEqual([]);

    const kept = await createNews({ title: "Kept", status: "draft" });
    const put = await call("PUT", "/api/admin/news/{id}", { path: `/api/admin/news/${kept.id}`, token: adminToken, form: newsForm({ title: "Changed", createdBy: "5" }) });
    expect(put.status).toBe(400);
    expect((await db().select().from(news).get())!).toMatchObject({ title: "Kept", status: "draft" });
  });

  it("deletes a file by stored filename or id (only the item's own), then the item with its files", async () => {
    const { adminToken } = await people();
    const item = await createNews({ title: "With files" });
    const other = await createNews({ title: "Other" });
    const a = await storeFile({ kind: "news_file", bytes: "%PDF-1.7\n", originalName: "a.pdf", contentType: "application/pdf", newsId: item.id });
    const b = await storeFile({ kind: "news_file", bytes: "%PDF-1.7\n", originalName: "b.pdf", contentType: "application/pdf", newsId: item.id });
    const foreign = await storeFile({ kind: "news_file", bytes: "%PDF-1.7\n", originalName: "c.pdf", contentType: "application/pdf", newsId: other.id });
    const del = (newsId: number, file: string | number) => call("DELETE", "/api/admin/news/{id}/files/{file}", { path: `/api/admin/news/${newsId}/files/${file}`, token: adminToken });
    expect((await del(item.id, foreign.filename)).status).toBe(404);
    expect((await del(item.id, foreign.id)).status).toBe(404);
    expect(await del(item.id, a.filename)).toMatchObject({ status: 200, body: { message: "File deleted successfully" } });
    expect((await del(item.id, a.id)).status).toBe(404);
    expect((await page(`/news/${item.id}`)).text).not.toContain("a.pdf");
    expect(await r2Keys()).toHaveLength(2);
    const r = await call("DELETE", "/api/admin/news/{id}", { path: `/api/admin/news/${item.id}`, token: adminToken });
    expect(r).toMatchObject({ status: 200, body: { message: "News deleted successfully" } });
    expect(await r2Keys()).toEqual([(await db().select().from(files).get())!.r2Key]);
    expect((await page("/news")).text).not.toContain("With files");
    expect((await call("DELETE", "/api/admin/news/{id}", { path: `/api/admin/news/${item.id}`, token: adminToken })).status).toBe(404);
    expect(b.id).toBeGreaterThan(0);
  });
});
