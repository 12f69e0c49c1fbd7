import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, conferences, files, papers, registrations } from "~/db/schema";
import { BASE, createConference, createUser, db, Jar, postMultipart, resetDatabase, signIn, storeFile, textOf, visit } from "./fixtures";

beforeEach(async () => {
  await resetDatabase();
  const left = (await env.FILES.list()).objects.map((o) => o.key);
  if (left.length) await env.FILES.delete(left);
});

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const pdf = (name: string) => new File(["%PDF-1.7\n%test\n"], name);
const png = (name: string) => new File([PNG], name);

async function adminJar() {
  const admin = await createUser({ email: "chief@example.org", role: "admin" });
  return { admin, jar: await signIn(admin.email, admin.password) };
}

function conferenceForm(fields: Record<string, string> = {}, uploads: { files?: File[]; photos?: File[] } = {}) {
  const form = new FormData();
  const all: Record<string, string> = {
    intent: "save",
    title: "35th Annual Conference",
    location: "Lisbon, Portugal",
    startDate: "2029-06-27",
    endDate: "2029-06-30",
    status: "active",
    description: "<p>The society's conference.</p>",
    feeStandard: "",
    feeStudent: "",
    feeAccompaniedPerson: "",
    currency: "EUR",
    feeDescription: "",
    registrationEnabled: "on",
    registrationDeadline: "",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  for (const f of uploads.files ?? []) form.append("files", f);
  for (const f of uploads.photos ?? []) form.append("photos", f);
  return form;
}

const r2Keys = async () => (await env.FILES.list()).objects.map((o) => o.key).sort();
const rowsRead = (r: Response) => Number(/d1-rows-read;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? "NaN");

describe("Conference Management: add and edit", () => {
  it("creates a conference with files, photos and fees, sanitised, audited and public at once", async () => {
    const { admin, jar } = await adminJar();
    const r = await postMultipart(
      jar,
      "/admin/conferences/new",
      conferenceForm(
        {
          description: '<h2>Welcome</h2><p onclick="x()">Papers in all areas.</p><script>alert(1)</script>',
          venue: '<p>Campus <a href="javascript:alert(1)">map</a></p>',
          keynoteSpeakers: "<ul><li>Prof. A</li></ul>",
          feeStandard: "480",
          feeStudent: "0",
          currency: "USD",
          paymentRequired: "on",
          registrationDeadline: "2029-05-31",
        },
        { files: [pdf("Call for Papers.pdf")], photos: [png("venue.png"), png("hall.png")] },
      ),
    );
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/admin/conferences?done=created");
    const c = (await db().select().from(conferences).get())!;
    expect(c.description).toContain("<h2>Welcome</h2>");
    expect(c.description).not.toMatch(/script|onclick/);
    expect(c.venue).not.toContain("javascript:");
    expect(c.introduction).toBeNull();
    expect(c).toMatchObject({ feeStandard: 48000, feeStudent: 0, feeAccompaniedPerson: null, currency: "USD", registrationEnabled: true, paymentRequired: true, registrationDeadline: "2029-05-31", status: "active" });
    const stored = await db().select().from(files).where(eq(files.conferenceId, c.id)).all();
    expect(stored.map((f) => [f.kind, f.originalName])).toEqual([
      ["conference_file", "Call for Papers.pdf"],
      ["conference_photo", "venue.png"],
      ["conference_photo", "hall.png"],
    ]);
    expect(await r2Keys()).toEqual(stored.map((f) => f.r2Key).sort());
    expect((await db().select().from(auditLog).all())[0]).toMatchObject({ actorId: admin.id, action: "conference.create" });

    const list = textOf(await (await visit(jar, "/admin/conferences?done=created")).text());
    expect(list).toContain("Conference created successfully!");
    expect(list).toContain("1 file, 2 photos");
    const page = textOf(await (await visit(new Jar(), `/conferences/${c.id}`)).text());
    expect(page).toContain("35th Annual Conference");
    expect(page).toContain("Keynote Speakers");
    expect(page).toContain("Call for Papers.pdf");
  });

  it("requires title, location, dates, status and description, with the end not before the start; nothing is saved", async () => {
    const { jar } = await adminJar();
    const r = await postMultipart(
      jar,
      "/admin/conferences/new",
      conferenceForm({ title: "  ", location: "", startDate: "2029-07-02", endDate: "2029-07-01", status: "later", description: "<p> </p>", feeStandard: "-5", feeStudent: "12.50" }, { photos: [png("a.png")] }),
    );
    expect(r.status).toBe(400);
    const text = textOf(await r.text());
    for (const message of ["Title is required", "Location is required", "End date cannot be before the start date", "Status is required", "Description is required", "Enter a whole amount of 0 or more"]) {
      expect(text).toContain(message);
    }
    expect(await db().select().from(conferences).all()).toHaveLength(0);
    expect(await r2Keys()).toEqual([]);
  });

  it("keeps the registration switches as sent: unticked boxes are off", async () => {
    const { jar } = await adminJar();
    const c = await createConference({ registrationEnabled: true, paymentRequired: true });
    const form = conferenceForm({ title: "Renamed" });
    form.delete("registrationEnabled");
    const r = await postMultipart(jar, `/admin/conferences/${c.id}`, form);
    expect(r.headers.get("Location")).toBe("/admin/conferences?done=updated");
    expect(await db().select().from(conferences).where(eq(conferences.id, c.id)).get()).toMatchObject({ title: "Renamed", registrationEnabled: false, paymentRequired: false });
  });

  it("refuses a disguised file, 11 files, 31 photos and an oversize photo, leaving R2 and D1 as they were", async () => {
    const { jar } = await adminJar();
    const c = await createConference({ title: "Keep" });
    const tries = [
      { files: [pdf("ok.pdf")], photos: [png("ok.png"), new File(["<svg onload=alert(1)>"], "fake.jpg")] },
      { files: Array.from({ length: 11 }, (_, i) => pdf(`f${i}.pdf`)) },
      { photos: Array.from({ length: 31 }, (_, i) => png(`p${i}.png`)) },
      { photos: [new File([PNG, new Uint8Array(8 * 1024 * 1024)], "huge.png")] },
    ];
    const messages = ['"fake.jpg" is not really a .jpg file', "At most 10 files at a time.", "At most 30 photos at a time.", '"huge.png" is larger than 8 MB: it is 8.01 MB. It is 8,388,678 bytes; at most 8,388,608 bytes are allowed.'];
    for (const [i, uploads] of tries.entries()) {
      const r = await postMultipart(jar, `/admin/conferences/${c.id}`, conferenceForm({ title: "Changed" }, uploads));
      expect(r.status).toBe(422);
      const text = textOf(await r.text());
      expect(text).toContain("Failed to save conference");
      expect(text).toContain(messages[i]);
    }
    // Far over the limit, megabytes say enough: no byte counts.
    const far = await postMultipart(jar, `/admin/conferences/${c.id}`, conferenceForm({ title: "Changed" }, { photos: [new File([PNG, new Uint8Array(9.5 * 1024 * 1024)], "far.png")] }));
    expect(far.status).toBe(422);
    const farText = textOf(await far.text());
    expect(farText).toContain('"far.png" is larger than 8 MB: it is 9.51 MB.');
    expect(farText).not.toContain("bytes are allowed");
    expect(await r2Keys()).toEqual([]);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect((await db().select().from(conferences).get())!.title).toBe("Keep");
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
  });

  it("previews the sections as the public page will show them, saving nothing", async () => {
    const { jar } = await adminJar();
    const r = await postMultipart(jar, "/admin/conferences/new", conferenceForm({ intent: "preview", description: "<h3>Topics</h3><p onmouseover='x()'>Asset pricing</p>", paperAwards: "<p>Best paper</p>" }));
    expect(r.status).toBe(200);
    const html = await r.text();
    const pane = html.slice(html.indexOf('class="preview-pane"'), html.indexOf("Files you chose are not kept by a preview"));
    expect(pane).toContain("<h3>Topics</h3>");
    expect(pane).toContain("Paper Awards");
    expect(pane).not.toContain("onmouseover");
    expect(await db().select().from(conferences).all()).toHaveLength(0);
  });

  it("updates the fees alone from the fees dialog", async () => {
    const { admin, jar } = await adminJar();
    const c = await createConference({ title: "Fees", feeStandard: 50000, currency: "EUR" });
    const bad = await postMultipart(jar, `/admin/conferences/${c.id}/fees`, conferenceForm({ feeStandard: "abc" }));
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Failed to update fees");
    const r = await postMultipart(jar, `/admin/conferences/${c.id}/fees`, conferenceForm({ title: "ignored", feeStandard: "520", feeStudent: "260", feeAccompaniedPerson: "", currency: "GBP" }));
    expect(r.headers.get("Location")).toBe("/admin/conferences?done=fees");
    expect(await db().select().from(conferences).where(eq(conferences.id, c.id)).get()).toMatchObject({ title: "Fees", feeStandard: 52000, feeStudent: 26000, feeAccompaniedPerson: null, currency: "GBP" });
    expect(textOf(await (await visit(jar, "/admin/conferences?done=fees")).text())).toContain("Conference fees updated successfully");
    expect((await db().select().from(auditLog).all()).map((a) => [a.actorId, a.action])).toEqual([[admin.id, "conference.fees"]]);
  });
});

describe("Conference Management: files, photos and the header photo", () => {
  it("sets one of its own photos as the header photo, never another conference's", async () => {
    const { jar } = await adminJar();
    const c = await createConference({ title: "With photos" });
    const other = await createConference({ title: "Other" });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "hall.png", contentType: "image/png", conferenceId: c.id });
    const foreign = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "x.png", contentType: "image/png", conferenceId: other.id });
    const plain = await postMultipart(jar, `/admin/conferences/${c.id}/header-photo`, (() => { const f = new FormData(); f.set("fileId", String(photo.id)); return f; })());
    expect(plain.headers.get("Location")).toBe(`/admin/conferences/${c.id}?done=header`);
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.headerPhotoId).toBe(photo.id);
    expect(textOf(await (await visit(jar, `/admin/conferences/${c.id}?done=header`)).text())).toContain("Header photo set successfully");
    expect(await (await visit(new Jar(), `/conferences/${c.id}`)).text()).toContain(`/api/conferences/photos/${photo.filename}`);

    // Refused: the reason on the page a post without JavaScript lands on (a fetcher gets the same refusal as data).
    const refused = new FormData();
    refused.set("fileId", String(foreign.id));
    const r = await postMultipart(jar, `/admin/conferences/${c.id}/header-photo`, refused);
    expect(r.status).toBe(409);
    expect(textOf(await r.text())).toContain("Failed to set header photo: That photo is not one of this conference's photos.");
    expect((await db().select().from(conferences).where(eq(conferences.id, c.id)).get())!.headerPhotoId).toBe(photo.id);
  });

  it("deletes a file and a photo (the header photo unsets itself), rows and R2 objects both", async () => {
    const { jar } = await adminJar();
    const c = await createConference();
    const file = await storeFile({ kind: "conference_file", bytes: "%PDF-1.7\n", originalName: "Programme.pdf", contentType: "application/pdf", conferenceId: c.id });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "hall.png", contentType: "image/png", conferenceId: c.id });
    await db().update(conferences).set({ headerPhotoId: photo.id }).where(eq(conferences.id, c.id));
    expect(textOf(await (await visit(jar, `/admin/conferences/${c.id}/files/${file.id}/delete`)).text())).toContain("It is removed from the conference page at once.");
    const plain = await postMultipart(jar, `/admin/conferences/${c.id}/files/${file.id}/delete`, new FormData());
    expect(plain.headers.get("Location")).toBe(`/admin/conferences/${c.id}?done=file-deleted`);
    const json = new FormData();
    json.set("reply", "json");
    // The dialog's background post (a fetcher: single fetch's `.data` address).
    const r = await postMultipart(jar, `/admin/conferences/${c.id}/files/${photo.id}/delete.data`, json);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain("Photo deleted successfully");
    expect(await r2Keys()).toEqual([]);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect((await db().select().from(conferences).get())!.headerPhotoId).toBeNull();
    const again = await postMultipart(jar, `/admin/conferences/${c.id}/files/${photo.id}/delete`, json);
    expect(again.status).toBe(404);
  });
});

describe("Conference Management: the list and deletion", () => {
  it("searches title or location, filters by status and says when nothing matches", async () => {
    const { jar } = await adminJar();
    await createConference({ title: "Lisbon meeting", location: "Lisbon, Portugal", status: "open", startDate: "2029-06-01", endDate: "2029-06-03" });
    await createConference({ title: "Annual meeting", location: "Porto, Portugal", status: "ended", startDate: "2025-06-01", endDate: "2025-06-03" });
    const both = textOf(await (await visit(jar, "/admin/conferences?q=portugal")).text());
    expect(both).toContain("Lisbon meeting");
    expect(both).toContain("Annual meeting");
    const open = textOf(await (await visit(jar, "/admin/conferences?status=open")).text());
    expect(open).toContain("Lisbon meeting");
    expect(open).not.toContain("Annual meeting");
    expect(textOf(await (await visit(jar, "/admin/conferences?q=zurich")).text())).toContain("No conferences match your search criteria.");
    await db().delete(conferences);
    expect(textOf(await (await visit(jar, "/admin/conferences")).text())).toContain("No conferences found.");
  });

  it("pages 200 conferences by keyset: a page reads its own rows, not the table", async () => {
    const { jar } = await adminJar();
    const rows = Array.from({ length: 200 }, (_, i) => ({
      title: `Conference ${i + 1}`,
      location: "Somewhere",
      startDate: `${1830 + i}-06-01`,
      endDate: `${1830 + i}-06-03`,
      description: "<p>x</p>",
    }));
    for (let i = 0; i < rows.length; i += 10) await db().insert(conferences).values(rows.slice(i, i + 10));
    const first = await visit(jar, "/admin/conferences");
    const html = await first.text();
    expect(textOf(html)).toContain("Showing 1–25");
    expect(textOf(html)).toContain("Conference 200");
    expect(rowsRead(first)).toBeGreaterThan(25);
    expect(rowsRead(first)).toBeLessThan(120);
    const next = /href="(\/admin\/conferences\?after=[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    const second = await visit(jar, next);
    const text = textOf(await second.text());
    expect(text).toContain("Showing 26–50");
    expect(text).toContain("Conference 175");
    expect(text).not.toContain("Conference 176");
    expect(rowsRead(second)).toBeLessThan(120);
  });

  it("refuses to delete a conference with papers or registrations, and says so", async () => {
    const { jar } = await adminJar();
    const c = await createConference({ title: "Busy" });
    const author = await createUser({ email: "a@example.org" });
    await db().insert(papers).values({ conferenceId: c.id, paperNumber: 0, submitterId: author.id, manuscriptType: "regular", title: "P", abstract: "A", researchAreas: [] });
    await db().insert(registrations).values({ conferenceId: c.id, participantEmail: "a@example.org", feeType: "standard", amount: 50000, currency: "EUR" });
    const confirm = textOf(await (await visit(jar, `/admin/conferences/${c.id}/delete`)).text());
    expect(confirm).toContain("This conference cannot be deleted: it has 1 paper and 1 registration. Set its status to Ended instead.");
    const r = await postMultipart(jar, `/admin/conferences/${c.id}/delete`, new FormData());
    expect(r.status).toBe(409);
    expect(textOf(await r.text())).toContain("Failed to delete conference: This conference cannot be deleted");
    expect(await db().select().from(conferences).all()).toHaveLength(1);
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
  });

  it("deletes a conference with its files and photos, in D1 and R2, and audits it", async () => {
    const { admin, jar } = await adminJar();
    const c = await createConference({ title: "Old" });
    await storeFile({ kind: "conference_file", bytes: "%PDF-1.7\n", originalName: "a.pdf", contentType: "application/pdf", conferenceId: c.id });
    await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "b.png", contentType: "image/png", conferenceId: c.id });
    expect(textOf(await (await visit(jar, `/admin/conferences/${c.id}/delete?q=old`)).text())).toContain("Delete Old with its 2 files and photos? This cannot be undone.");
    const r = await postMultipart(jar, `/admin/conferences/${c.id}/delete?q=old`, new FormData());
    expect(r.headers.get("Location")).toBe("/admin/conferences?q=old&done=deleted");
    expect(await db().select().from(conferences).all()).toHaveLength(0);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect(await r2Keys()).toEqual([]);
    expect((await db().select().from(auditLog).all()).map((a) => [a.actorId, a.action, a.entityId])).toEqual([[admin.id, "conference.delete", String(c.id)]]);
    expect((await visit(new Jar(), `/conferences/${c.id}`)).status).toBe(404);
  });
});

describe("Conference Management: who may", () => {
  it("refuses every conference change from a non-administrator, and sends visitors to sign in", async () => {
    const user = await createUser({ email: "user@example.org" });
    const jar = await signIn(user.email, user.password);
    const c = await createConference({ title: "Keep me" });
    const photo = await storeFile({ kind: "conference_photo", bytes: PNG, originalName: "b.png", contentType: "image/png", conferenceId: c.id });
    const attempts = [
      ["/admin/conferences/new", conferenceForm()],
      [`/admin/conferences/${c.id}`, conferenceForm({ title: "Taken" })],
      [`/admin/conferences/${c.id}/fees`, conferenceForm({ feeStandard: "1" })],
      [`/admin/conferences/${c.id}/header-photo`, (() => { const f = new FormData(); f.set("fileId", String(photo.id)); return f; })()],
      [`/admin/conferences/${c.id}/files/${photo.id}/delete`, new FormData()],
      [`/admin/conferences/${c.id}/delete`, new FormData()],
    ] as const;
    for (const [path, form] of attempts) expect((await postMultipart(jar, path, form)).status).toBe(403);
    for (const path of ["/admin/conferences", `/admin/conferences/${c.id}`, `/admin/conferences/${c.id}/fees`, `/admin/conferences/${c.id}/delete`]) {
      expect((await visit(jar, path)).status).toBe(403);
      const anonymous = await visit(new Jar(), path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    expect(await db().select().from(conferences).get()).toMatchObject({ title: "Keep me", headerPhotoId: null, feeStandard: null });
    expect(await db().select().from(files).all()).toHaveLength(1);
    expect(await db().select().from(auditLog).all()).toHaveLength(0);
  });

  it("answers unknown conferences and files with 404", async () => {
    const { jar } = await adminJar();
    for (const path of ["/admin/conferences/999", "/admin/conferences/abc", "/admin/conferences/999/delete", "/admin/conferences/1/files/999/delete", "/admin/conferences/999/fees"]) {
      expect((await visit(jar, path)).status).toBe(404);
    }
    expect((await postMultipart(jar, "/admin/conferences/999", conferenceForm())).status).toBe(409);
  });
});

describe("Multipart posts before Remix runs", () => {
  it("finds the CSRF token at the start of the body, and refuses one hidden behind 64 KB of file", async () => {
    const { jar } = await adminJar();
    const c = await createConference({ title: "Keep" });
    const big = new File([PNG, new Uint8Array(80 * 1024)], "big.png");
    const late = await postMultipart(jar, `/admin/conferences/${c.id}`, conferenceForm({ title: "Changed" }, { photos: [big] }), { tokenLast: true });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("This form has expired");
    const early = await postMultipart(jar, `/admin/conferences/${c.id}`, conferenceForm({ title: "Changed" }, { photos: [big] }));
    expect(early.status).toBe(302);
  });

  it("refuses a body over 50 MB by its length, before reading it", async () => {
    const { jar } = await adminJar();
    const r = await SELF.fetch(`${BASE}/admin/conferences/new`, {
      method: "POST",
      redirect: "manual",
      body: "x",
      headers: { Cookie: jar.header(), "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(51 * 1024 * 1024), Origin: BASE, "Sec-Fetch-Site": "same-origin" },
    });
    expect(r.status).toBe(413);
    expect(await r.text()).toContain("at most 50 MB");
  });
});
