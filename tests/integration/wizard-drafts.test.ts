import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { files, users, wizardDrafts } from "~/db/schema";
import { sha256Hex } from "~/server/auth/crypto.server";
import { runHousekeeping } from "~/features/housekeeping.server";
import { ANONYMOUS_DRAFT_MS, draftHousekeeping, loadDraft, saveDraft, secondFileStatement, unheldUploadsHousekeeping, USER_DRAFT_MS, userDraftOwner } from "~/server/wizard/drafts.server";
import { createUser, db, Jar, postForm, resetDatabase, services, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const step1 = {
  salutation: "Dr.", firstName: "Grace", lastName: "Hopper", primaryEmail: "grace@example.org", primaryEmailConfirm: "grace@example.org",
  workPhoneCountry: "+1", cellPhoneCountry: "+1",
};

async function draftRows() {
  return db().select().from(wizardDrafts).all();
}

describe("a wizard's draft lives in D1, the browser holds only an opaque key", () => {
  it("keeps each step's values server-side under the SHA-256 of a random cookie", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    const r = await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 });
    expect(r.status).toBe(302);
    const cookie = jar.get("__Host-draft");
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = r.headers.getSetCookie().find((c) => c.startsWith("__Host-draft="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const [row] = await draftRows();
    expect(row).toMatchObject({ wizard: "register", step: 2, userId: null });
    expect(row!.id).toBe(`anon:${await sha256Hex(cookie!)}:register`);
    expect(row!.id).not.toContain(cookie);
    expect(row!.data).toMatchObject({ lastName: "Hopper", primaryEmail: "grace@example.org" });
    // Nothing typed travels in the cookie.
    expect(decodeURIComponent(jar.header())).not.toContain("Hopper");
  });

  it("resumes where the visitor left off, and another browser sees nothing of it", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 });
    const back = await visit(jar, "/register?step=1");
    expect(await back.text()).toContain('value="Hopper"');
    // The stored step is reachable; a later one still is not.
    expect((await visit(jar, "/register?step=2")).status).toBe(200);
    expect((await visit(jar, "/register?step=3")).headers.get("Location")).toBe("/register?step=2");

    const stranger = new Jar();
    const theirs = await visit(stranger, "/register?step=2");
    expect(theirs.headers.get("Location")).toBe("/register?step=1");
    const page = await visit(stranger, "/register?step=1");
    expect(await page.text()).not.toContain("Hopper");
  });

  it("keeps a cookie it did not issue from reading anyone's draft", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 });
    const [row] = await draftRows();
    // Presenting the stored id (or anything that is not a key) starts a fresh draft.
    const forger = new Jar();
    forger.set("__Host-draft", row!.id);
    const r = await visit(forger, "/register?step=2");
    expect(r.headers.get("Location")).toBe("/register?step=1");
  });

  it("never stores the password step, and forgets the draft and its cookie once the account is made", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 });
    await postForm(jar, "/register?step=2", {
      step: "2", intent: "next", primaryInstitution: "Yale", primaryRank: "Professor", primaryAddress1: "1 Hillhouse Ave",
      primaryCity: "New Haven", primaryPostalCode: "06511", primaryCountry: "US", primaryState: "CT",
    });
    await postForm(jar, "/register?step=3", {
      step: "3", intent: "next", primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives",
      primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing",
    });
    const refused = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-2" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain("long-enough-1");
    const [kept] = await draftRows();
    expect(JSON.stringify(kept!.data)).not.toContain("long-enough");

    const done = await postForm(jar, "/register?step=4", { step: "4", intent: "submit", password: "long-enough-1", passwordRetype: "long-enough-1" });
    expect(done.headers.get("Location")).toBe("/registration-confirmation");
    expect(done.headers.getSetCookie().some((c) => /^__Host-draft=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await draftRows()).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, "grace@example.org")).get()).toBeTruthy();
  });

  it("goes back without validating and keeps what was typed, valid or not", async () => {
    const jar = new Jar();
    await visit(jar, "/register");
    await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 });
    const back = await postForm(jar, "/register?step=2", { step: "2", intent: "previous", primaryInstitution: "Half typed" });
    expect(back.headers.get("Location")).toBe("/register?step=1");
    const [row] = await draftRows();
    expect(row).toMatchObject({ step: 1, data: expect.objectContaining({ primaryInstitution: "Half typed", lastName: "Hopper" }) });
    // An invalid Next keeps the typed value too, and says why.
    const invalid = await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1, lastName: "Hopper-Murray", primaryEmailConfirm: "x@example.org" });
    expect(invalid.status).toBe(400);
    expect(textOf(await invalid.text())).toContain("The two e-mail addresses do not match.");
    expect((await draftRows())[0]!.data).toMatchObject({ lastName: "Hopper-Murray" });
  });
});

describe("abandoned drafts", () => {
  it("go after their time, with any file they held, and a recent one stays", async () => {
    const s = services();
    const now = Date.now();
    const member = await createUser({ email: "author@example.org" });
    const memberOwner = userDraftOwner(member.id, "submission");
    await saveDraft(s, memberOwner, "submission", { step: 2, data: { title: "Kept" }, fileKey: "drafts/kept.pdf" });
    await env.FILES.put("drafts/kept.pdf", "%PDF-1.4 kept");
    const old = { id: "anon:old:register", userId: null, setCookie: null };
    await saveDraft(s, old, "register", { step: 2, data: { lastName: "Old" }, fileKey: "drafts/old.pdf" });
    await env.FILES.put("drafts/old.pdf", "%PDF-1.4 old");
    await db().update(wizardDrafts).set({ updatedAt: new Date(now - ANONYMOUS_DRAFT_MS - 60_000) }).where(eq(wizardDrafts.id, old.id));

    // An expired draft reads as empty even before housekeeping runs.
    expect(await loadDraft(s, old, now)).toEqual({ step: 1, data: {}, fileKey: null, stored: false });

    const result = await runHousekeeping(s, now, [draftHousekeeping]);
    expect(result.failed).toEqual([]);
    expect((await draftRows()).map((d) => d.id)).toEqual([memberOwner.id]);
    expect(await env.FILES.get("drafts/old.pdf")).toBeNull();
    expect(await env.FILES.get("drafts/kept.pdf")).not.toBeNull();
    expect(await loadDraft(s, memberOwner, now)).toMatchObject({ step: 2, data: { title: "Kept" }, fileKey: "drafts/kept.pdf" });
  });

  it("keep a draft's second file (a blind copy) while the draft lives, and drop it with the draft", async () => {
    const s = services();
    const member = await createUser({ email: "author@example.org" });
    const owner = userDraftOwner(member.id, "submission");
    const stored = (key: string) => ({ kind: "blind_copy" as const, filename: `${key.split("/").pop()}`, r2Key: key, originalName: "x.pdf", contentType: "application/pdf", size: 10, uploadedBy: member.id });
    for (const key of ["draft/manuscript/m.pdf", "draft/blind-copy/b.pdf", "draft/blind-copy/stray.pdf"]) {
      await env.FILES.put(key, "%PDF-1.4");
      await db().insert(files).values(stored(key));
    }
    await saveDraft(s, owner, "submission", { step: 2, data: {}, fileKey: "draft/manuscript/m.pdf" });
    await db().batch([secondFileStatement(s, owner, "draft/blind-copy/b.pdf")]);

    // Two days on: the file no draft holds goes, the draft's two stay.
    const later = Date.now() + 2 * 24 * 3600_000;
    expect((await runHousekeeping(s, later, [unheldUploadsHousekeeping])).failed).toEqual([]);
    expect(await env.FILES.head("draft/blind-copy/stray.pdf")).toBeNull();
    expect(await env.FILES.head("draft/blind-copy/b.pdf")).not.toBeNull();
    expect(await env.FILES.head("draft/manuscript/m.pdf")).not.toBeNull();
    expect((await loadDraft(s, owner)).secondFileKey).toBe("draft/blind-copy/b.pdf");

    // Abandoned: the draft goes with both its files.
    expect((await runHousekeeping(s, Date.now() + USER_DRAFT_MS + 60_000, [draftHousekeeping])).failed).toEqual([]);
    expect(await draftRows()).toEqual([]);
    expect(await env.FILES.head("draft/blind-copy/b.pdf")).toBeNull();
    expect(await env.FILES.head("draft/manuscript/m.pdf")).toBeNull();
  });
});
