import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, paperAuthors, papers, registrations } from "~/db/schema";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { classify } from "~/server/request-policy.server";
import { call, openApi } from "./api-contract";
import { apiToken, BASE, bytesOf, createConference, createPaper, createUser, db, isoDaysFromToday, sessionJar, textOf, visit } from "./fixtures";
import { affiliation, draftOf, freshSubmissionState, manuscripts } from "./wizard-fixtures";

/**
 * The author's calls through the JSON API: reading a manuscript, submitting, listing and deleting
 * papers, and paying a registration with a bearer token. Each call's status for a visitor, the
 * author, another user and an administrator; hostile bodies refused with nothing changed; and
 * what a call did, seen through the pages. Paying through the API against the local PayPal is
 * in payments.test.ts: the PayPal stand-in's faults are shared, so its tests run in one file.
 */
freshSubmissionState();

const pdf = () => new File([bytesOf(manuscripts().pdf) as Uint8Array<ArrayBuffer>], "paper.pdf", { type: "application/pdf" });

/** An author with a complete profile, and their bearer token. */
async function author(email = `nadia.${crypto.randomUUID().slice(0, 6)}@example.org`) {
  const user = await createUser({ email, firstName: "Nadia", lastName: "Okafor", primaryAffiliation: affiliation });
  return { user, token: await apiToken(user) };
}

const admin = async () => {
  const user = await createUser({ role: "admin", email: `office.${crypto.randomUUID().slice(0, 6)}@example.org` });
  return { user, token: await apiToken(user) };
};

const AREAS = {
  researchArea1Category: "III. Financial Markets and Institutions",
  researchArea1: "Market Microstructure",
  researchArea2Category: "IV. Investments & Portfolio Management",
  researchArea2: "Asset Pricing",
  researchArea3Category: "I. Corporate Finance",
  researchArea3: "Capital Structure",
};

const meAsAuthor = (email: string) => ({ firstName: "Nadia", lastName: "Okafor", email, institution: "Pennine University", rankTitle: "Professor", country: "GB", isCorresponding: true, authorOrder: 1 });
const coAuthor = { firstName: "Tomás", lastName: "O’Connell", email: "tomas@ucd.example", institution: "University College Dublin", rankTitle: "Lecturer", country: "IE", isCorresponding: false, authorOrder: 2 };

/** The submit call's multipart body: the spec's fields, `extra` added or replacing them. */
function submission(conferenceId: number, email: string, extra: Record<string, string | File | null> = {}) {
  const fields: Record<string, string | File | null> = {
    manuscriptType: "regular",
    conferenceId: String(conferenceId),
    manuscriptTitle: "Liquidity Spirals in Thin Markets",
    manuscriptAbstract: "We study how liquidity dries up when dealers are constrained.",
    ...AREAS,
    authors: JSON.stringify([meAsAuthor(email), coAuthor]),
    fullManuscript: pdf(),
    ...extra,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, v);
  return form;
}

const paperCount = async () => (await db().select().from(papers).all()).length;
const roundTrips = (headers: Headers) => Number(/d1-render;desc=(\d+)/.exec(headers.get("Server-Timing") ?? "")?.[1]);

describe("the OpenAPI document", () => {
  it("lists the author's and the payment calls", async () => {
    const doc = await openApi();
    for (const path of ["/api/papers/process-document", "/api/papers/process-document/{tempFileId}", "/api/papers/submit", "/api/papers/user", "/api/papers/{id}", "/api/payment/config/paypal", "/api/registration/order", "/api/registration/capture"]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});

describe("POST /api/papers/process-document", () => {
  it("refuses a visitor and a revoked token", async () => {
    const form = new FormData();
    form.set("manuscript", pdf());
    expect((await call("POST", "/api/papers/process-document", { form })).status).toBe(401);
    const a = await author();
    await call("POST", "/api/auth/logout", { token: a.token });
    const again = new FormData();
    again.set("manuscript", pdf());
    expect((await call("POST", "/api/papers/process-document", { form: again, token: a.token })).status).toBe(401);
  });

  it("stores the manuscript, reads it in the background and answers what it found when asked again; another user cannot ask", async () => {
    const a = await author();
    const form = new FormData();
    form.set("manuscript", pdf());
    const r = await call<{ tempFileId: string; conversionStatus: string; fileInfo: { originalName: string; size: number }; extractedInfo: unknown }>("POST", "/api/papers/process-document", { form, token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ conversionStatus: "processing", extractedInfo: null, fileInfo: { originalName: "paper.pdf" } });
    const path = `/api/papers/process-document/${r.body.tempFileId}`;
    const waiting = await call("GET", "/api/papers/process-document/{tempFileId}", { path, token: a.token });
    expect(waiting.body).toMatchObject({ conversionStatus: "processing" });

    await runExtractionJob({ db: db(), files: env.FILES }, (await draftOf(a.user.id))!.data.extractionJobId as string);
    const done = await call<{ conversionStatus: string; extractedInfo: { title: string; abstract: string; authors: Array<{ Name: string; Surname: string }> } }>("GET", "/api/papers/process-document/{tempFileId}", { path, token: a.token });
    expect(done.status).toBe(200);
    expect(done.body.conversionStatus).toBe("complete");
    expect(done.body.extractedInfo.title).toBeTruthy();
    expect(done.body.extractedInfo.authors.length).toBeGreaterThan(0);

    const other = await author();
    expect((await call("GET", "/api/papers/process-document/{tempFileId}", { path, token: other.token })).status).toBe(404);
    expect((await call("GET", "/api/papers/process-document/{tempFileId}", { path: "/api/papers/process-document/..%2F..%2Fsecret", token: a.token })).status).toBe(404);
    const office = await admin();
    expect((await call("GET", "/api/papers/process-document/{tempFileId}", { path, token: office.token })).status).toBe(404);
  });

  it("checks the upload by its content, and refuses no file, another field, a JSON body and an unknown field", async () => {
    const a = await author();
    const fakePdf = new FormData();
    fakePdf.set("manuscript", new File(["just some text, not a PDF"], "paper.pdf", { type: "application/pdf" }));
    const wrong = await call<{ message: string }>("POST", "/api/papers/process-document", { form: fakePdf, token: a.token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain("Please select a PDF or DOCX file.");

    const text = new FormData();
    text.set("manuscript", new File(["hello"], "notes.txt"));
    expect((await call("POST", "/api/papers/process-document", { form: text, token: a.token })).status).toBe(422);

    expect((await call("POST", "/api/papers/process-document", { form: new FormData(), token: a.token })).status).toBe(400);
    const extra = new FormData();
    extra.set("manuscript", pdf());
    extra.set("userId", "1");
    expect((await call("POST", "/api/papers/process-document", { form: extra, token: a.token })).status).toBe(400);
    expect((await call("POST", "/api/papers/process-document", { json: { manuscript: "x" }, token: a.token })).status).toBe(415);
    expect(await draftOf(a.user.id)).toBeNull();
    expect((await env.FILES.list()).objects).toHaveLength(0);
  });
});

describe("POST /api/papers/submit", () => {
  it("refuses a visitor", async () => {
    const conference = await createConference({ status: "open" });
    expect((await call("POST", "/api/papers/submit", { form: submission(conference.id, "x@example.org") })).status).toBe(401);
    expect(await paperCount()).toBe(0);
  });

  it("submits with the file: the paper, its authors, the mails, and the paper in My Submissions and the office's Papers tab", async () => {
    const conference = await createConference({ status: "open", title: `Open call ${crypto.randomUUID().slice(0, 6)}` });
    const a = await author();
    const r = await call<{ _id: number; number: string; status: string }>("POST", "/api/papers/submit", { form: submission(conference.id, a.user.email), token: a.token });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "under_review", number: expect.stringMatching(/^MS\d\d~101$/), manuscriptTitle: "Liquidity Spirals in Thin Markets", conferenceId: conference.id });

    const paper = await db().select().from(papers).where(eq(papers.id, r.body._id)).get();
    expect(paper).toMatchObject({ submitterId: a.user.id, conferenceId: conference.id, title: "Liquidity Spirals in Thin Markets" });
    expect(paper!.researchAreas).toHaveLength(3);
    const authors = await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, r.body._id)).orderBy(paperAuthors.authorOrder).all();
    expect(authors.map((x) => [x.email, x.isCorresponding, x.userId])).toEqual([
      [a.user.email, true, a.user.id],
      ["tomas@ucd.example", false, null],
    ]);
    const mails = await db().select().from(outbox).all();
    expect(mails.map((m) => [m.template, m.toAddress]).sort()).toEqual(
      expect.arrayContaining([
        ["submission_listed", "tomas@ucd.example"],
        ["submission_receipt", a.user.email],
      ]),
    );

    const mine = textOf(await (await visit(await sessionJar(a.user), "/dashboard?tab=submissions")).text());
    expect(mine).toContain("Liquidity Spirals in Thin Markets");
    const office = await admin();
    const tab = textOf(await (await visit(await sessionJar(office.user), `/admin/papers?conference=${conference.id}`)).text());
    expect(tab).toContain("Liquidity Spirals in Thin Markets");
  });

  it("submits the manuscript process-document stored, by its tempFileId, once", async () => {
    const conference = await createConference({ status: "open" });
    const a = await author();
    const form = new FormData();
    form.set("manuscript", pdf());
    const read = await call<{ tempFileId: string }>("POST", "/api/papers/process-document", { form, token: a.token });
    const body = () => submission(conference.id, a.user.email, { fullManuscript: null, tempFileId: read.body.tempFileId });
    const first = await call("POST", "/api/papers/submit", { form: body(), token: a.token });
    expect(first.status).toBe(201);
    const again = await call<{ message: string }>("POST", "/api/papers/submit", { form: body(), token: a.token });
    expect(again.status).toBe(409);
    expect(await paperCount()).toBe(1);
    // Another author cannot submit someone else's upload.
    const other = await author();
    const form2 = new FormData();
    form2.set("manuscript", pdf());
    const theirs = await call<{ tempFileId: string }>("POST", "/api/papers/process-document", { form: form2, token: a.token });
    const stolen = await call("POST", "/api/papers/submit", { form: submission(conference.id, other.user.email, { fullManuscript: null, tempFileId: theirs.body.tempFileId }), token: other.token });
    expect(stolen.status).toBe(409);
    expect(await paperCount()).toBe(1);
  });

  it("refuses hostile and incomplete bodies with 4xx and stores no paper", async () => {
    const conference = await createConference({ status: "open" });
    const closed = await createConference({ status: "close" });
    const a = await author();
    const cases: Array<[string, Record<string, string | File | null>, number]> = [
      ["no title", { manuscriptTitle: "" }, 400],
      ["a type that does not exist", { manuscriptType: "keynote" }, 400],
      ["a conference id that is not one", { conferenceId: "abc" }, 400],
      ["authors that are not JSON", { authors: "Nadia Okafor" }, 400],
      ["authors as an object", { authors: JSON.stringify({ firstName: "Nadia" }) }, 400],
      ["an author with a field the spec has not", { authors: JSON.stringify([{ ...meAsAuthor(a.user.email), userId: 1 }]) }, 400],
      ["two corresponding authors", { authors: JSON.stringify([meAsAuthor(a.user.email), { ...coAuthor, isCorresponding: true }]) }, 400],
      ["no research areas", { researchArea1: "", researchArea1Category: "" }, 400],
      ["a status", { status: "accepted" }, 400],
      ["an owner", { submitterId: "1" }, 400],
      ["no file", { fullManuscript: null }, 400],
      ["a file and a tempFileId", { tempFileId: "ABCDEFGHIJKLMNOPQRSTUVWXYZ.pdf" }, 400],
      ["an abstract of 300 words", { manuscriptAbstract: "word ".repeat(300) }, 400],
      ["the submitter not among the authors", { authors: JSON.stringify([{ ...coAuthor, isCorresponding: true }]) }, 422],
      ["a closed conference", { conferenceId: String(closed.id) }, 409],
      ["a text file", { fullManuscript: new File(["hello"], "paper.pdf") }, 422],
      ["a huge author list", { authors: JSON.stringify(Array.from({ length: 5000 }, () => coAuthor)) }, 400],
      ["a huge title", { manuscriptTitle: "T".repeat(100_000) }, 400],
    ];
    for (const [what, extra, status] of cases) {
      const r = await call<{ message: string }>("POST", "/api/papers/submit", { form: submission(conference.id, a.user.email, extra), token: a.token });
      expect(r.status, what).toBe(status);
      expect(r.body.message, what).toBeTruthy();
    }
    const named = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/papers/submit", {
      form: submission(conference.id, a.user.email, { authors: JSON.stringify([meAsAuthor(a.user.email), { ...coAuthor, email: "not an address" }]) }),
      token: a.token,
    });
    expect(named.status).toBe(400);
    expect(named.body.fieldErrors).toEqual({ "authors.1.email": "Enter a valid e-mail address." });
    // The JSON text is read as a JSON body's field: what is wrong is named where it stands.
    const unreadable = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/papers/submit", { form: submission(conference.id, a.user.email, { authors: "Nadia Okafor" }), token: a.token });
    expect(Object.keys(unreadable.body.fieldErrors)).toEqual(["authors"]);
    const hidden = await call<{ fieldErrors: Record<string, string> }>("POST", "/api/papers/submit", {
      form: submission(conference.id, a.user.email, { authors: JSON.stringify([{ ...meAsAuthor(a.user.email), userId: 1 }]) }),
      token: a.token,
    });
    expect(Object.keys(hidden.body.fieldErrors)).toEqual(["authors.0.userId"]);
    expect(await paperCount()).toBe(0);
    expect((await db().select().from(outbox).all()).filter((m) => m.template.startsWith("submission"))).toHaveLength(0);
    const json = await call("POST", "/api/papers/submit", { json: { manuscriptTitle: "x" }, token: a.token });
    expect(json.status).toBe(415);
  });
});

describe("GET /api/papers/user", () => {
  it("lists the papers the author submitted or is listed on, with roles, fees and registrations, in one D1 round trip", async () => {
    const conference = await createConference({ status: "open", feeStandard: 50000, feeStudent: 25000, feeAccompaniedPerson: 10000, currency: "EUR", registrationEnabled: true });
    const a = await author();
    const colleague = await author();
    const submitted = await createPaper({ conferenceId: conference.id, submitterId: a.user.id, authors: [{ userId: a.user.id, email: a.user.email, isCorresponding: true }], paper: { title: "Mine" } });
    const listed = await createPaper({
      conferenceId: conference.id,
      submitterId: colleague.user.id,
      authors: [
        { userId: colleague.user.id, email: colleague.user.email, isCorresponding: true },
        { userId: a.user.id, email: a.user.email, isCorresponding: false },
      ],
      paper: { title: "Theirs, with me", status: "accepted" },
    });
    await db().insert(registrations).values({ userId: colleague.user.id, paperId: listed.id, conferenceId: conference.id, status: "confirmed", feeType: "standard", amount: 50000, currency: "EUR", participantEmail: colleague.user.email });
    await createPaper({ conferenceId: conference.id, submitterId: colleague.user.id, authors: [{ userId: colleague.user.id, email: colleague.user.email }], paper: { title: "Not mine" } });

    const r = await call<Array<Record<string, unknown>>>("GET", "/api/papers/user", { token: a.token });
    expect(r.status).toBe(200);
    expect(roundTrips(r.headers)).toBe(1);
    expect(r.body.map((p) => p.manuscriptTitle).sort()).toEqual(["Mine", "Theirs, with me"]);
    const mine = r.body.find((p) => p._id === submitted.id)!;
    expect(mine).toMatchObject({ userRoles: ["submitter", "corresponding_author"], canDelete: true, status: "under_review" });
    expect(mine.conferenceId).toMatchObject({ _id: conference.id, title: conference.title, registrationEnabled: true, fees: { standard: 50000, student: 25000, accompaniedPerson: 10000, currency: "EUR" } });
    const theirs = r.body.find((p) => p._id === listed.id)!;
    expect(theirs).toMatchObject({ userRoles: ["co_author"], canDelete: false });
    expect(theirs.registrationStats).toEqual({ totalPaid: 1, userHasRegistration: false, userRegistrationCount: 0, anyAuthorHasRegistration: true, otherAuthorsHaveRegistration: true });

    const office = await admin();
    const seen = await call<unknown[]>("GET", "/api/papers/user", { token: office.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([]);
    const stranger = await author();
    expect((await call<unknown[]>("GET", "/api/papers/user", { token: stranger.token })).body).toEqual([]);
  });

  it("is the list My Submissions shows, which the page too reads in the session's round trip", async () => {
    const conference = await createConference({ status: "open" });
    const a = await author();
    await createPaper({ conferenceId: conference.id, submitterId: a.user.id, authors: [{ userId: a.user.id, email: a.user.email, isCorresponding: true }], paper: { title: "Seen in both" } });
    const listed = await call<Array<{ manuscriptTitle: string }>>("GET", "/api/papers/user", { token: a.token });
    expect(listed.body.map((p) => p.manuscriptTitle)).toEqual(["Seen in both"]);
    const page = await visit(await sessionJar(a.user), "/dashboard?tab=submissions");
    expect(textOf(await page.text())).toContain("Seen in both");
    expect(roundTrips(page.headers)).toBe(1);
  });

  it("refuses a visitor, a made-up token and a revoked one, and takes no query", async () => {
    expect((await call("GET", "/api/papers/user")).status).toBe(401);
    expect((await call("GET", "/api/papers/user", { token: "not.a.token" })).status).toBe(401);
    const a = await author();
    expect((await call("GET", "/api/papers/user", { path: "/api/papers/user?userId=1", token: a.token })).status).toBe(400);
    await call("POST", "/api/auth/logout", { token: a.token });
    expect((await call("GET", "/api/papers/user", { token: a.token })).status).toBe(401);
  });
});

describe("DELETE /api/papers/{id}", () => {
  it("deletes the submitter's paper under review, and tells a co-author, another user and an administrator no", async () => {
    const conference = await createConference({ status: "open" });
    const a = await author();
    const co = await author();
    const paper = await createPaper({
      conferenceId: conference.id,
      submitterId: a.user.id,
      authors: [
        { userId: a.user.id, email: a.user.email, isCorresponding: true },
        { userId: co.user.id, email: co.user.email },
      ],
      paper: { title: "To be withdrawn" },
    });
    const path = `/api/papers/${paper.id}`;
    expect((await call("DELETE", "/api/papers/{id}", { path })).status).toBe(401);
    expect((await call("DELETE", "/api/papers/{id}", { path, token: (await author()).token })).status).toBe(404);
    expect((await call("DELETE", "/api/papers/{id}", { path, token: (await admin()).token })).status).toBe(404);
    expect((await call("DELETE", "/api/papers/{id}", { path, token: co.token })).status).toBe(403);
    expect((await call("DELETE", "/api/papers/{id}", { path: "/api/papers/abc", token: a.token })).status).toBe(404);
    expect(await paperCount()).toBe(1);

    const jar = await sessionJar(a.user);
    expect(textOf(await (await visit(jar, "/dashboard?tab=submissions")).text())).toContain("To be withdrawn");
    const r = await call("DELETE", "/api/papers/{id}", { path, token: a.token });
    expect(r.status).toBe(200);
    expect(await paperCount()).toBe(0);
    expect(textOf(await (await visit(jar, "/dashboard?tab=submissions")).text())).not.toContain("To be withdrawn");
    expect((await call("DELETE", "/api/papers/{id}", { path, token: a.token })).status).toBe(404);
  });

  it("keeps a paper a decision has been made on", async () => {
    const conference = await createConference({ status: "open" });
    const a = await author();
    const paper = await createPaper({ conferenceId: conference.id, submitterId: a.user.id, authors: [{ userId: a.user.id, email: a.user.email }], paper: { status: "accepted" } });
    const r = await call<{ message: string }>("DELETE", "/api/papers/{id}", { path: `/api/papers/${paper.id}`, token: a.token });
    expect(r.status).toBe(409);
    expect(await paperCount()).toBe(1);
  });
});

describe("paying a registration with a bearer token", () => {
  const FEES = { feeStandard: 50000, feeStudent: 25000, feeAccompaniedPerson: 10000, currency: "EUR" as const, registrationEnabled: true, registrationDeadline: isoDaysFromToday(30) };

  async function accepted() {
    const conference = await createConference({ ...FEES, status: "open" });
    const a = await author();
    const paper = await createPaper({ conferenceId: conference.id, submitterId: a.user.id, authors: [{ userId: a.user.id, email: a.user.email }], paper: { status: "accepted" } });
    return { conference, paper, ...a };
  }

  it("answers PayPal's client id to a client with or without a token", async () => {
    const a = await author();
    const withToken = await call<{ clientId: string }>("GET", "/api/payment/config/paypal", { token: a.token });
    expect(withToken.status).toBe(200);
    expect(withToken.body.clientId).toBe("local-fake-client-id");
    expect((await call("GET", "/api/payment/config/paypal")).status).toBe(200);
  });

  it("refuses a bad token (never falling back to a cookie), another user's paper, an administrator who is no author, and an amount in the body", async () => {
    const a = await accepted();
    const body = { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard" };
    expect((await call("POST", "/api/registration/order", { token: "not.a.token", json: body })).status).toBe(401);
    // A bearer request carries no cookie to the route: the signed-in browser's session does not count.
    const jar = await sessionJar(a.user);
    const withCookie = await SELF.fetch(`${BASE}/api/registration/order`, { method: "POST", headers: { Authorization: "Bearer not.a.token", Cookie: jar.header(), "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(withCookie.status).toBe(401);
    expect((await call("POST", "/api/registration/order", { token: (await author()).token, json: body })).status).toBe(404);
    expect((await call("POST", "/api/registration/order", { token: (await admin()).token, json: body })).status).toBe(404);
    for (const extra of [{ amount: 1 }, { currency: "USD" }, { userId: 1 }, { status: "confirmed" }]) {
      expect((await call("POST", "/api/registration/order", { token: a.token, json: { ...body, ...extra } })).status, JSON.stringify(extra)).toBe(400);
    }
    expect((await call("POST", "/api/registration/order", { token: a.token, json: { ...body, feeType: "free" } })).status).toBe(400);
    expect((await call("POST", "/api/registration/order", { token: a.token, json: { ...body, paperId: "x" } })).status).toBe(400);
    expect(await db().select().from(registrations).all()).toEqual([]);
    expect((await call("POST", "/api/registration/capture", { token: a.token, json: { orderId: "NOSUCHORDER1" } })).status).toBe(404);
  });

  it("classes the payment paths as API calls only for a request with a bearer token", () => {
    const withToken = new Request(`${BASE}/api/registration/order`, { headers: { Authorization: "Bearer abc" } });
    for (const path of ["/api/payment/config/paypal", "/api/registration/order", "/api/registration/capture"]) {
      expect(classify(path, withToken), path).toBe("api");
      expect(classify(path, new Request(`${BASE}${path}`)), path).toBe("page");
      expect(classify(path), path).toBe("page");
    }
    expect(classify("/dashboard", withToken)).toBe("page");
  });

  it("still refuses the browser's cookie post without its CSRF token", async () => {
    const a = await accepted();
    const jar = await sessionJar(a.user);
    await visit(jar, "/dashboard");
    const r = await SELF.fetch(`${BASE}/api/registration/order`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: jar.header(), "Content-Type": "application/json", Origin: BASE, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard" }),
    });
    expect(r.status).toBe(403);
    expect(await db().select().from(registrations).all()).toEqual([]);
  });
});
