import { unzipSync } from "fflate";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, conferences, files, outbox, paperAuthors, papers, registrations } from "~/db/schema";
import { call, openApi } from "./api-contract";
import { apiToken, clearBucket, createConference, createPaper, createUser, db, get, postForm, resetDatabase, sessionJar, storeFile, textOf, visit } from "./fixtures";

/** The administrator's papers calls: the Papers tab's list, editor, decisions, deletion and files, through the API. */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const AREAS = [
  { category: "I. Corporate Finance", topic: "Capital Structure" },
  { category: "I. Corporate Finance", topic: "Agency Theory" },
  { category: "II. Financial Accounting", topic: "Accounting Conservatism" },
];

async function setting(conferenceStatus: "active" | "open" | "close" | "ended" = "active") {
  const conference = await createConference({ title: "Lisbon 2027", status: conferenceStatus, startDate: "2027-06-01", endDate: "2027-06-03" });
  const admin = await createUser({ email: "office@example.org", role: "admin" });
  const author = await createUser({ email: "ada@example.org", firstName: "Ada", lastName: "Byron" });
  const stranger = await createUser({ email: "stranger@example.org" });
  const paper = await createPaper({
    conferenceId: conference.id,
    submitterId: author.id,
    authors: [
      { userId: author.id, email: author.email, firstName: "Ada", lastName: "Byron", rank: "Professor", country: "GB", isCorresponding: true },
      { email: "bo@example.org", firstName: "Bo", lastName: "Chen", rank: "Other", rankOther: "Fellow", country: "CN", isCorresponding: false },
    ],
    paper: { title: "Liquidity in Bond Markets", abstract: "We study liquidity.", researchAreas: AREAS },
  });
  const manuscript = await storeFile({ kind: "manuscript", bytes: PDF, originalName: "bond liquidity.pdf", contentType: "application/pdf", paperId: paper.id });
  return {
    conference,
    admin,
    author,
    stranger,
    paper,
    manuscript,
    tokens: { admin: await apiToken(admin), author: await apiToken(author), stranger: await apiToken(stranger) },
  };
}

const paperRow = (id: number) => db().select().from(papers).where(eq(papers.id, id)).get();

/** Each of a call's callers: nobody (401), a member who is no author (403), the paper's own author (403), the office. */
async function refusedToAllButTheOffice(method: string, template: string, path: string, tokens: { author: string; stranger: string }, body: { json?: unknown; form?: FormData } = {}) {
  expect((await call(method, template, { path, ...body })).status).toBe(401);
  expect((await call(method, template, { path, token: tokens.stranger, ...body })).status).toBe(403);
  expect((await call(method, template, { path, token: tokens.author, ...body })).status).toBe(403);
}

describe("the OpenAPI document", () => {
  it("lists every papers call of the administrator, the download link and the download itself", async () => {
    const doc = (await openApi()) as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    for (const [path, method] of [
      ["/api/admin/papers/conference/{conferenceId}", "get"],
      ["/api/admin/papers/conference/{conferenceId}/download-all", "get"],
      ["/api/admin/papers/{id}", "get"],
      ["/api/admin/papers/{id}", "put"],
      ["/api/admin/papers/{id}", "delete"],
      ["/api/admin/papers/{id}/status", "put"],
      ["/api/registration/conference/{conferenceId}", "get"],
      ["/api/papers/{id}/generate-download-token/{fileKind}", "get"],
      ["/api/papers/{id}/download/{fileKind}", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths["/api/admin/papers/conference/{conferenceId}/download-all"]!.get!.responses["200"]!.content).toHaveProperty(["application/zip"]);
  });
});

describe("GET /api/admin/papers/conference/{conferenceId}", () => {
  const template = "/api/admin/papers/conference/{conferenceId}";

  it("is the office's: 401 without a token, 403 for a member and for the paper's own author", async () => {
    const { conference, tokens } = await setting();
    await refusedToAllButTheOffice("GET", template, `/api/admin/papers/conference/${conference.id}`, tokens);
  });

  it("answers the papers in the administrator view: display number, authors, files, registrations", async () => {
    const { conference, paper, manuscript, tokens } = await setting();
    const r = await call<{ papers: Array<Record<string, unknown>>; total: number; next: string | null; decisionsOpen: boolean }>("GET", template, { path: `/api/admin/papers/conference/${conference.id}`, token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.decisionsOpen).toBe(true);
    expect(r.body.next).toBeNull();
    const [p] = r.body.papers;
    expect(p).toMatchObject({
      _id: paper.id,
      paperNumber: 0,
      number: "MS27~101",
      manuscriptTitle: "Liquidity in Bond Markets",
      manuscriptAbstract: "We study liquidity.",
      manuscriptType: "regular",
      conferenceId: conference.id,
      status: "under_review",
      researchAreas: AREAS,
      registrationCount: 0,
      files: { fullManuscript: { _id: manuscript.id, originalName: "bond liquidity.pdf", size: PDF.length }, blindCopyManuscript: null },
    });
    const authors = p!.authors as Array<Record<string, unknown>>;
    expect(authors.map((a) => [a.firstName, a.email, a.rank, a.isCorresponding])).toEqual([
      ["Ada", "ada@example.org", "Professor", true],
      ["Bo", "bo@example.org", "Fellow", false],
    ]);
  });

  it("searches, filters by status and pages with a keyset cursor, as the Papers tab does", async () => {
    const { conference, admin, tokens } = await setting();
    for (let i = 1; i <= 26; i++) {
      await createPaper({ conferenceId: conference.id, submitterId: admin.id, authors: [{ email: `writer${i}@example.org` }], paper: { title: `Paper about options ${i}`, status: i % 2 ? "accepted" : "under_review" } });
    }
    const path = (q: string) => `/api/admin/papers/conference/${conference.id}?${q}`;
    const first = await call<{ papers: Array<{ _id: number; paperNumber: number }>; next: string; total: number }>("GET", template, { path: path(""), token: tokens.admin });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(27);
    expect(first.body.papers).toHaveLength(25);
    expect(first.body.papers[0]!.paperNumber).toBe(26);
    const second = await call<{ papers: Array<{ paperNumber: number }>; next: string | null; previous: string }>("GET", template, { path: path(`after=${first.body.next}&start=26`), token: tokens.admin });
    expect(second.body.papers.map((p) => p.paperNumber)).toEqual([1, 0]);
    expect(second.body.next).toBeNull();
    const back = await call<{ papers: unknown[] }>("GET", template, { path: path(`before=${second.body.previous}`), token: tokens.admin });
    expect(back.body.papers).toHaveLength(25);
    const accepted = await call<{ papers: Array<{ status: string }>; total: number }>("GET", template, { path: path("status=accepted"), token: tokens.admin });
    expect(accepted.body.total).toBe(13);
    expect(new Set(accepted.body.papers.map((p) => p.status))).toEqual(new Set(["accepted"]));
    const found = await call<{ papers: Array<{ manuscriptTitle: string }> }>("GET", template, { path: path("q=Liquidity"), token: tokens.admin });
    expect(found.body.papers.map((p) => p.manuscriptTitle)).toEqual(["Liquidity in Bond Markets"]);
    const byEmail = await call<{ papers: Array<{ manuscriptTitle: string }> }>("GET", template, { path: path("q=writer7%40example.org"), token: tokens.admin });
    expect(byEmail.body.papers.map((p) => p.manuscriptTitle)).toEqual(["Paper about options 7"]);
  });

  it("refuses a status outside the list, a malformed cursor and an unknown parameter (400), and an unknown conference (404)", async () => {
    const { conference, tokens } = await setting();
    for (const q of ["status=published", "after=x", "userId=1", "q=" + "x".repeat(101)]) {
      const r = await call("GET", template, { path: `/api/admin/papers/conference/${conference.id}?${q}`, token: tokens.admin });
      expect(r.status, q).toBe(400);
    }
    const none = await call("GET", template, { path: `/api/admin/papers/conference/${conference.id + 99}`, token: tokens.admin });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: "Conference not found." });
    expect((await call("GET", template, { path: "/api/admin/papers/conference/abc", token: tokens.admin })).status).toBe(404);
  });
});

describe("GET /api/admin/papers/{id}", () => {
  const template = "/api/admin/papers/{id}";

  it("answers one paper to the office, 401/403 to anyone else, 404 for none", async () => {
    const { paper, tokens } = await setting();
    await refusedToAllButTheOffice("GET", template, `/api/admin/papers/${paper.id}`, tokens);
    const r = await call("GET", template, { path: `/api/admin/papers/${paper.id}`, token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ _id: paper.id, manuscriptTitle: "Liquidity in Bond Markets", number: "MS27~101" });
    expect((await call("GET", template, { path: `/api/admin/papers/${paper.id + 99}`, token: tokens.admin })).status).toBe(404);
  });
});

function editForm(fields: Record<string, string> = {}, authors: unknown = undefined) {
  const form = new FormData();
  const values: Record<string, string> = {
    manuscriptType: "invited",
    conferenceId: "",
    manuscriptTitle: "Liquidity in Sovereign Bond Markets",
    manuscriptAbstract: "We study liquidity again.",
    status: "under_review",
    ...Object.fromEntries(AREAS.flatMap((a, i) => [[`researchArea${i + 1}Category`, a.category], [`researchArea${i + 1}`, a.topic]])),
    authors: JSON.stringify(
      authors ?? [
        { id: 1, firstName: "Ada", lastName: "Byron", email: "ada@example.org", institution: "Uni A", rank: "Professor", country: "GB", isCorrespondingAuthor: false },
        { firstName: "Bo", lastName: "Chen", email: "bo@example.org", institution: "Uni B", rank: "Visiting Scholar", country: "US", state: "CA", city: "Berkeley", address1: "1 Main St", postalCode: "94720", isCorresponding: true },
      ],
    ),
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

describe("PUT /api/admin/papers/{id}", () => {
  const template = "/api/admin/papers/{id}";

  it("is the office's: 401 without a token, 403 for a member and for the paper's own author, nothing changed", async () => {
    const { paper, conference, tokens } = await setting();
    await refusedToAllButTheOffice("PUT", template, `/api/admin/papers/${paper.id}`, tokens, { form: editForm({ conferenceId: String(conference.id) }) });
    expect((await paperRow(paper.id))!.title).toBe("Liquidity in Bond Markets");
  });

  it("saves as the editor does: fields, authors (a free-text rank is Other), a replaced manuscript, and a new status with its letters", async () => {
    const { paper, conference, manuscript, tokens, author } = await setting();
    const form = editForm({ conferenceId: String(conference.id), status: "accepted" });
    form.set("fullManuscript", new File([`${PDF}new`], "Revised.pdf", { type: "application/pdf" }));
    const r = await call<{ manuscriptTitle: string; status: string; authors: Array<{ rank: string; isCorresponding: boolean }>; files: { fullManuscript: { originalName: string } } }>("PUT", template, {
      path: `/api/admin/papers/${paper.id}`,
      token: tokens.admin,
      form,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ manuscriptTitle: "Liquidity in Sovereign Bond Markets", manuscriptType: "invited", status: "accepted", files: { fullManuscript: { originalName: "Revised.pdf" } } });
    expect(r.body.authors.map((a) => [a.rank, a.isCorresponding])).toEqual([
      ["Professor", false],
      ["Visiting Scholar", true],
    ]);
    const stored = await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, paper.id)).all();
    expect(stored.find((a) => a.email === "bo@example.org")).toMatchObject({ rank: "Other", rankOther: "Visiting Scholar", address: { city: "Berkeley", state: "CA" } });
    expect(await db().select().from(files).where(eq(files.id, manuscript.id)).get()).toBeUndefined();
    const letters = await db().select().from(outbox).where(eq(outbox.template, "paper_decision")).all();
    expect(letters.map((l) => l.toAddress).sort()).toEqual(["ada@example.org", "bo@example.org"]);
    const page = textOf(await (await visit(await sessionJar(author), "/dashboard?tab=submissions")).text());
    expect(page).toContain("Liquidity in Sovereign Bond Markets");
    expect(page).toContain("Accepted");
    const office = await createUser({ email: "office2@example.org", role: "admin" });
    expect(textOf(await (await visit(await sessionJar(office), `/admin/papers?conference=${conference.id}`)).text())).toContain("Liquidity in Sovereign Bond Markets");
  });

  it("refuses unknown fields (paperNumber, submittedBy, userId), an author's unknown field, bad JSON, missing fields and wrong types with 400, and a file that is not a PDF with 422: nothing changed", async () => {
    const { paper, conference, tokens } = await setting();
    const cid = String(conference.id);
    const before = await paperRow(paper.id);
    const cases: Array<[string, FormData, number]> = [
      ["paperNumber", editForm({ conferenceId: cid, paperNumber: "7" }), 400],
      ["submittedBy", editForm({ conferenceId: cid, submittedBy: "1" }), 400],
      ["userId", editForm({ conferenceId: cid, userId: "1" }), 400],
      ["author's userId", editForm({ conferenceId: cid }, [{ firstName: "Ada", lastName: "Byron", email: "ada@example.org", institution: "Uni A", rank: "Professor", country: "GB", isCorresponding: true, userId: 3 }]), 400],
      ["authors not JSON", editForm({ conferenceId: cid, authors: "[{" }), 400],
      ["authors not a list", editForm({ conferenceId: cid, authors: '{"a":1}' }), 400],
      ["no corresponding author", editForm({ conferenceId: cid }, [{ firstName: "Ada", lastName: "Byron", email: "ada@example.org", institution: "Uni A", rank: "Professor", country: "GB" }]), 400],
      ["an author without e-mail", editForm({ conferenceId: cid }, [{ firstName: "Ada", lastName: "Byron", institution: "Uni A", rank: "Professor", country: "GB", isCorresponding: true }]), 400],
      ["isCorresponding as text", editForm({ conferenceId: cid }, [{ firstName: "Ada", lastName: "Byron", email: "ada@example.org", institution: "Uni A", rank: "Professor", country: "GB", isCorresponding: "yes" }]), 400],
      ["no title", editForm({ conferenceId: cid, manuscriptTitle: " " }), 400],
      ["unknown status", editForm({ conferenceId: cid, status: "published" }), 400],
      ["unknown type", editForm({ conferenceId: cid, manuscriptType: "poster" }), 400],
      ["no research area 3", editForm({ conferenceId: cid, researchArea3Category: "", researchArea3: "" }), 400],
      ["no such conference", editForm({ conferenceId: String(conference.id + 99) }), 400],
    ];
    const missing = editForm({ conferenceId: cid });
    missing.delete("authors");
    cases.push(["no authors", missing, 400]);
    const fake = editForm({ conferenceId: cid });
    fake.set("fullManuscript", new File(["not a pdf at all"], "paper.pdf", { type: "application/pdf" }));
    cases.push(["a .pdf that is not a PDF", fake, 422]);
    const textFile = editForm({ conferenceId: cid });
    textFile.set("fullManuscript", "text where a file belongs");
    cases.push(["text for a file", textFile, 400]);
    for (const [name, form, status] of cases) {
      const r = await call<{ message: string }>("PUT", template, { path: `/api/admin/papers/${paper.id}`, token: tokens.admin, form });
      expect(r.status, name).toBe(status);
      expect(r.body.message, name).toBeTruthy();
    }
    const json = await call("PUT", template, { path: `/api/admin/papers/${paper.id}`, token: tokens.admin, json: { manuscriptTitle: "x" } });
    expect(json.status).toBe(415);
    expect(await paperRow(paper.id)).toEqual(before);
    expect(await db().select().from(outbox).where(eq(outbox.template, "paper_decision")).all()).toEqual([]);
    expect((await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, paper.id)).all()).map((a) => a.email)).toEqual(["ada@example.org", "bo@example.org"]);
  });
});

describe("PUT /api/admin/papers/{id}/status", () => {
  const template = "/api/admin/papers/{id}/status";

  it("is the office's: 401 without a token, 403 for a member and for the paper's own author, nothing changed and nobody written to", async () => {
    const { paper, tokens } = await setting();
    await refusedToAllButTheOffice("PUT", template, `/api/admin/papers/${paper.id}/status`, tokens, { json: { status: "accepted" } });
    expect((await paperRow(paper.id))!.status).toBe("under_review");
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("decides as Save Changes does: the paper takes the status, each author gets one letter, and My Submissions shows it", async () => {
    const { paper, author, tokens, admin } = await setting();
    const jar = await sessionJar(author);
    expect(textOf(await (await visit(jar, "/dashboard?tab=submissions")).text())).not.toContain("Accepted");
    const r = await call<{ manuscriptTitle: string; status: string }>("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: "accepted" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ _id: paper.id, manuscriptTitle: "Liquidity in Bond Markets", status: "accepted" });
    const letters = await db().select().from(outbox).where(eq(outbox.template, "paper_decision")).all();
    expect(letters.map((l) => l.toAddress).sort()).toEqual(["ada@example.org", "bo@example.org"]);
    expect(letters.map((l) => (l.payload as { status: string; paperNumber: string }).status)).toEqual(["accepted", "accepted"]);
    expect((letters[0]!.payload as { paperNumber: string }).paperNumber).toBe("MS27~101");
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "paper.status")).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    expect(textOf(await (await visit(jar, "/dashboard?tab=submissions")).text())).toContain("Accepted");
    // The same status again changes nothing and writes to nobody.
    const again = await call("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: "Accepted" } });
    expect(again.status).toBe(200);
    expect(await db().select().from(outbox).where(eq(outbox.template, "paper_decision")).all()).toHaveLength(2);
  });

  it("writes the same letters as the console's Save Changes, and the Papers tab shows the new status", async () => {
    const { paper, conference, admin, tokens } = await setting();
    const twin = await createPaper({
      conferenceId: conference.id,
      submitterId: admin.id,
      authors: [
        { email: "ada@example.org", firstName: "Ada", lastName: "Byron", rank: "Professor", country: "GB", isCorresponding: true },
        { email: "bo@example.org", firstName: "Bo", lastName: "Chen", rank: "Other", rankOther: "Fellow", country: "CN", isCorresponding: false },
      ],
      paper: { title: "Liquidity in Bond Markets", abstract: "We study liquidity.", researchAreas: AREAS },
    });
    const jar = await sessionJar(admin);
    const tab = `/admin/papers?conference=${conference.id}`;
    await postForm(jar, tab, { intent: "stage", "choices[0].row": `${twin.id}:under_review:under_review`, "choices[0].status": "accepted" });
    expect((await postForm(jar, tab, { intent: "save", change: `${twin.id}:under_review:accepted` })).status).toBe(302);
    expect((await call("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: "accepted" } })).status).toBe(200);
    const letters = await db().select().from(outbox).where(eq(outbox.template, "paper_decision")).all();
    const of = (number: string) =>
      letters
        .filter((l) => (l.payload as { paperNumber: string }).paperNumber === number)
        .map((l) => ({ to: l.toAddress, payload: { ...(l.payload as Record<string, unknown>), paperNumber: "" } }))
        .sort((a, b) => a.to.localeCompare(b.to));
    expect(of("MS27~101")).toHaveLength(2);
    expect(of("MS27~101")).toEqual(of("MS27~102"));
    const list = textOf(await (await visit(jar, tab)).text());
    expect(list.match(/Accepted/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("refuses a status the bulk update may not set with the spec's sentence, wrong types and unknown fields (400): nothing changed", async () => {
    const { paper, tokens } = await setting();
    for (const value of ["revision_required", "published"]) {
      const r = await call<{ message: string }>("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: value } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`Invalid status: ${value}. Valid options: under_review, accepted, rejected, incomplete`);
    }
    for (const json of [{ status: 5 }, {}, { status: ["accepted"] }, { status: "accepted", paperNumber: 3 }, { status: "accepted", submittedBy: 1 }, { status: "accepted", userId: 1 }]) {
      const r = await call("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    expect((await call("PUT", template, { path: `/api/admin/papers/${paper.id + 99}/status`, token: tokens.admin, json: { status: "accepted" } })).status).toBe(404);
    expect((await paperRow(paper.id))!.status).toBe("under_review");
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("is refused (409) while the paper's conference is not active, as the Papers tab's statuses are read-only then", async () => {
    const { paper, tokens, conference } = await setting("close");
    const r = await call<{ message: string }>("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: "accepted" } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("Conference is inactive - paper status is read-only");
    expect((await paperRow(paper.id))!.status).toBe("under_review");
    await db().update(conferences).set({ status: "open" }).where(eq(conferences.id, conference.id));
    expect((await call("PUT", template, { path: `/api/admin/papers/${paper.id}/status`, token: tokens.admin, json: { status: "rejected" } })).status).toBe(200);
  });
});

describe("DELETE /api/admin/papers/{id}", () => {
  const template = "/api/admin/papers/{id}";

  it("deletes the paper for the office only; then it is gone from the list and from My Submissions", async () => {
    const { paper, conference, author, tokens } = await setting();
    await refusedToAllButTheOffice("DELETE", template, `/api/admin/papers/${paper.id}`, tokens);
    expect(await paperRow(paper.id)).toBeTruthy();
    const r = await call("DELETE", template, { path: `/api/admin/papers/${paper.id}`, token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: "Paper deleted successfully!" });
    expect(await paperRow(paper.id)).toBeUndefined();
    expect((await call("DELETE", template, { path: `/api/admin/papers/${paper.id}`, token: tokens.admin })).status).toBe(404);
    const list = await call<{ papers: unknown[] }>("GET", "/api/admin/papers/conference/{conferenceId}", { path: `/api/admin/papers/conference/${conference.id}`, token: tokens.admin });
    expect(list.body.papers).toEqual([]);
    expect(textOf(await (await visit(await sessionJar(author), "/dashboard?tab=submissions")).text())).not.toContain("Liquidity in Bond Markets");
  });
});

describe("GET /api/admin/papers/conference/{conferenceId}/download-all", () => {
  const template = "/api/admin/papers/conference/{conferenceId}/download-all";

  it("streams the conference's manuscripts as a zip for the office, and says why there is none", async () => {
    const { conference, tokens } = await setting();
    await refusedToAllButTheOffice("GET", template, `/api/admin/papers/conference/${conference.id}/download-all`, tokens);
    const r = await call("GET", template, { path: `/api/admin/papers/conference/${conference.id}/download-all`, token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("application/zip");
    expect(r.headers.get("Content-Disposition")).toContain(`Conference_Papers_${new Date().toISOString().slice(0, 10)}.zip`);
    const zipped = await (await fetchZip(conference.id, tokens.admin)).arrayBuffer();
    expect(Object.keys(unzipSync(new Uint8Array(zipped)))).toEqual(["MS27~101 - bond liquidity.pdf"]);
    const empty = await createConference({ title: "Empty" });
    const none = await call("GET", template, { path: `/api/admin/papers/conference/${empty.id}/download-all`, token: tokens.admin });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: "No papers available for download" });
    const missing = await call("GET", template, { path: `/api/admin/papers/conference/${empty.id + 99}/download-all`, token: tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Please select a conference first" });
  });
});

function fetchZip(conferenceId: number, token: string) {
  return get(`/api/admin/papers/conference/${conferenceId}/download-all`, { headers: { Authorization: `Bearer ${token}` } });
}

describe("GET /api/registration/conference/{conferenceId}", () => {
  const template = "/api/registration/conference/{conferenceId}";

  it("answers the conference's registrations as the export reads them, to the office only", async () => {
    const { conference, paper, author, tokens } = await setting();
    await db().insert(registrations).values([
      { conferenceId: conference.id, paperId: paper.id, userId: author.id, participantEmail: "ada@example.org", feeType: "standard", amount: 18050, currency: "EUR", status: "confirmed", confirmedAt: new Date() },
      { conferenceId: conference.id, participantEmail: "walk-in@example.org", feeType: "student", amount: 9000, currency: "USD" },
    ]);
    await refusedToAllButTheOffice("GET", template, `/api/registration/conference/${conference.id}`, tokens);
    const r = await call<Array<Record<string, unknown>>>("GET", template, { path: `/api/registration/conference/${conference.id}`, token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({ registrationStatus: "confirmed", paymentStatus: null, conferenceParticipant: { email: "ada@example.org" }, paperId: { _id: paper.id }, paymentAmount: 180.5, paymentCurrency: "EUR" });
    expect(r.body[1]).toMatchObject({ registrationStatus: "pending", paperId: null, paymentAmount: 90, paymentCurrency: "USD" });
    const none = await call("GET", template, { path: `/api/registration/conference/${conference.id + 99}`, token: tokens.admin });
    expect(none.status).toBe(404);
  });
});

describe("the download link and the download", () => {
  it("are documented calls: a link for the office and the paper's authors, 404 for anyone else, and the file it opens", async () => {
    const { paper, tokens } = await setting();
    const template = "/api/papers/{id}/generate-download-token/{fileKind}";
    const path = `/api/papers/${paper.id}/generate-download-token/fullManuscript`;
    expect((await call("GET", template, { path })).status).toBe(401);
    expect((await call("GET", template, { path, token: tokens.stranger })).status).toBe(404);
    for (const token of [tokens.admin, tokens.author]) {
      const r = await call<{ downloadUrl: string }>("GET", template, { path, token });
      expect(r.status).toBe(200);
      const url = new URL(r.body.downloadUrl);
      const file = await call("GET", "/api/papers/{id}/download/{fileKind}", { path: `${url.pathname}${url.search}` });
      expect(file.status).toBe(200);
    }
    expect((await call("GET", template, { path: `/api/papers/${paper.id}/generate-download-token/blindCopyManuscript`, token: tokens.admin })).status).toBe(404);
    expect((await call("GET", "/api/papers/{id}/download/{fileKind}", { path: `/api/papers/${paper.id}/download/fullManuscript` })).status).toBe(401);
    // A stored file's 404 is the file class's plain text, whoever asks.
    expect((await get(`/api/papers/${paper.id}/download/fullManuscript`, { headers: { Authorization: `Bearer ${tokens.stranger}` } })).status).toBe(404);
  });
});
