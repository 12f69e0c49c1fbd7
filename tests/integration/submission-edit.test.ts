import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, conferences, files, outbox, paperAuthors, papers } from "~/db/schema";
import { renderMail } from "~/mail/templates";
import { hitRateLimits, LIMITS } from "~/server/auth/rate-limit.server";
import { authorFields, clearBucket, createConference, createPaper, createUser, db, Jar, postForm, resetDatabase, sessionJar, textOf, visit } from "./fixtures";
import { affiliation, areas } from "./wizard-fixtures";

/**
 * The submitter's edit of a submitted paper (decision 063), through the Worker with real D1: who
 * may (the submitter, while the paper is under review or incomplete and the conference takes
 * papers), the wizard's checks with nothing saved on a refusal, one batch with its audit entry,
 * and the notices to the authors a change of the list adds, removes and keeps.
 */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const HOUR = 3_600_000;
const SITE = { siteName: "Society", siteUrl: "https://society.test" };
const editPath = (id: number) => `/dashboard/submissions/${id}/edit`;
const storedAreas = Object.values(areas).map((v) => {
  const [category, topic] = v.split(" :: ");
  return { category: category!, topic: topic! };
});

async function submittedPaper(o: { status?: (typeof papers.$inferInsert)["status"]; deadline?: Date | null; conferenceStatus?: (typeof conferences.$inferInsert)["status"]; paper?: Partial<typeof papers.$inferInsert>; li?: Partial<typeof paperAuthors.$inferInsert> } = {}) {
  const conference = await createConference({ status: o.conferenceStatus ?? "open", title: "33rd Annual Conference", startDate: "2027-06-01", endDate: "2027-06-04", submissionDeadline: o.deadline === undefined ? new Date(Date.now() + 48 * HOUR) : o.deadline });
  const user = await createUser({ email: `nadia.${crypto.randomUUID().slice(0, 6)}@example.org`, firstName: "Nadia", lastName: "Okafor", primaryAffiliation: affiliation });
  const co = await createUser({ email: `tomas.${crypto.randomUUID().slice(0, 6)}@example.org`, firstName: "Tomás", lastName: "Ruiz" });
  const paper = await createPaper({
    conferenceId: conference.id,
    submitterId: user.id,
    authors: [
      { userId: user.id, email: user.email, firstName: "Nadia", lastName: "Okafor", institution: "Pennine University", country: "GB", rank: "Professor", isCorresponding: true, salutation: "Dr.", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } },
      { userId: co.id, email: co.email, firstName: "Tomás", lastName: "Ruiz", institution: "University College Dublin", country: "IE", rank: "Lecturer", isCorresponding: false },
      { email: "li.wei@example.org", firstName: "Li", lastName: "Wei", institution: "National University of Singapore", country: "SG", rank: "Professor", isCorresponding: false, ...o.li },
    ],
    paper: { title: "Liquidity and Bonds", abstract: "We study bonds.", status: o.status ?? "under_review", researchAreas: storedAreas, keywords: ["Bonds"], jelCodes: ["G12"], ...o.paper },
  });
  return { conference, user, co, paper, jar: await sessionJar(user), coJar: await sessionJar(co) };
}

const nadia = (email: string) => ({ firstName: "Nadia", lastName: "Okafor", email, institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" });
const tomas = (email: string) => ({ firstName: "Tomás", lastName: "Ruiz", email, institution: "University College Dublin", country: "IE", rankTitle: "Lecturer" });
const li = { firstName: "Li", lastName: "Wei", email: "li.wei@example.org", institution: "National University of Singapore", country: "SG", rankTitle: "Professor" };
const ana = { firstName: "Ana", lastName: "Silva", email: "Ana.Silva@Example.org", institution: "Nova SBE", country: "PT", rankTitle: "Assistant Professor" };

/** The page's own hidden fields, as a browser posts them back. */
async function opened(jar: Jar, id: number) {
  const html = await (await visit(jar, editPath(id))).text();
  return { editId: /name="editId" value="([^"]*)"/.exec(html)![1]!, seen: /name="seen" value="([^"]*)"/.exec(html)![1]! };
}

async function fields(jar: Jar, id: number, change: Record<string, string> = {}, authors: Array<Record<string, string>> = []) {
  return { ...(await opened(jar, id)), intent: "save", manuscriptTitle: "Liquidity and Bonds", manuscriptAbstract: "We study bonds.", keywords: "Bonds", jelCodes: "G12", ...areas, ...authorFields(authors), ...change };
}

const snapshot = async (id: number) => ({
  paper: await db().select().from(papers).where(eq(papers.id, id)).get(),
  authors: await db().select().from(paperAuthors).where(eq(paperAuthors.paperId, id)).orderBy(paperAuthors.authorOrder).all(),
  outbox: await db().select().from(outbox).all(),
  audit: (await db().select().from(auditLog).all()).filter((a) => a.action === "paper.edit"),
});

describe("who may edit a submitted paper", () => {
  it("answers anyone the paper does not list with the submission page's 404, and a listed co-author with 403; nothing is saved", async () => {
    const { user, co, paper, jar, coJar } = await submittedPaper();
    const stranger = await sessionJar(await createUser({ email: "someone@example.org" }));
    const before = await snapshot(paper.id);
    const post = await fields(jar, paper.id, { manuscriptTitle: "Taken over" }, [nadia(user.email), tomas(co.email), li]);

    // The same page as the submission's own address, and as a paper that does not exist.
    const notFound = textOf(await (await visit(stranger, `/dashboard/submissions/${paper.id}`)).text()).replace(/^.*?\|/, "");
    expect(notFound).toContain("Page Not Found");
    for (const path of [editPath(paper.id), editPath(paper.id + 1000)]) {
      const page = await visit(stranger, path);
      expect(page.status).toBe(404);
      expect(textOf(await page.text()).replace(/^.*?\|/, "")).toBe(notFound);
    }
    expect((await postForm(stranger, editPath(paper.id), post)).status).toBe(404);

    const theirs = await visit(coJar, editPath(paper.id));
    expect(theirs.status).toBe(403);
    expect(textOf(await theirs.text())).toContain("Only the author who submitted a paper can change it.");
    expect((await postForm(coJar, editPath(paper.id), post)).status).toBe(403);
    expect(textOf(await (await visit(coJar, `/dashboard/submissions/${paper.id}`)).text())).not.toContain("Edit submission");
    // Signed out: to the sign-in page.
    expect((await visit(new Jar(), editPath(paper.id))).status).toBe(302);
    expect(await snapshot(paper.id)).toEqual(before);
  });

  it("refuses the submitter once the deadline passed, the conference closed or the paper was decided, says why, and drops the page's link", async () => {
    const open = await submittedPaper();
    expect(textOf(await (await visit(open.jar, `/dashboard/submissions/${open.paper.id}`)).text())).toContain("Edit submission");
    expect(await (await visit(open.jar, `/dashboard/submissions/${open.paper.id}`)).text()).toContain(`href="/dashboard/submissions/${open.paper.id}/edit"`);
    const post = await fields(open.jar, open.paper.id, { manuscriptTitle: "Too late" }, [nadia(open.user.email), tomas(open.co.email), li]);
    // The office sets a deadline already passed, after the page was opened.
    await db().update(conferences).set({ submissionDeadline: new Date(Date.now() - HOUR) }).where(eq(conferences.id, open.conference.id));
    const before = await snapshot(open.paper.id);
    const refused = await postForm(open.jar, editPath(open.paper.id), post);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toMatch(/Submissions to 33rd Annual Conference closed on .*: the paper can no longer be changed\./);
    const page = await visit(open.jar, editPath(open.paper.id));
    expect(page.status).toBe(409);
    const refusal = await page.text();
    expect(textOf(refusal)).toContain("This paper can no longer be edited");
    expect(refusal).toContain(`href="/dashboard/submissions/${open.paper.id}"`);
    expect(await snapshot(open.paper.id)).toEqual(before);
    const own = textOf(await (await visit(open.jar, `/dashboard/submissions/${open.paper.id}`)).text());
    expect(own).not.toContain("Edit submission");
    expect(own).toMatch(/Submissions to 33rd Annual Conference closed on .*: the paper can no longer be changed\. To correct something, write to the society's office\./);

    const closed = await submittedPaper({ conferenceStatus: "close", deadline: null });
    const closedPage = await visit(closed.jar, editPath(closed.paper.id));
    expect(closedPage.status).toBe(409);
    expect(textOf(await closedPage.text())).toContain("33rd Annual Conference no longer takes submissions: the paper can no longer be changed.");

    for (const status of ["accepted", "rejected", "revision_required"] as const) {
      const decided = await submittedPaper({ status });
      const answer = await postForm(decided.jar, editPath(decided.paper.id), { intent: "save", manuscriptTitle: "Decided", ...authorFields([nadia(decided.user.email)]) });
      expect(answer.status).toBe(409);
      expect(textOf(await answer.text())).toContain("This paper can no longer be changed here: the programme committee has decided on it.");
      expect(textOf(await (await visit(decided.jar, `/dashboard/submissions/${decided.paper.id}`)).text())).not.toContain("Edit submission");
    }
    expect((await db().select().from(outbox).all())).toEqual([]);
  });

  it("refuses a post without the form's CSRF token, saving nothing", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    const post = await fields(jar, paper.id, { manuscriptTitle: "Forged" }, [nadia(user.email), tomas(co.email)]);
    const before = await snapshot(paper.id);
    expect((await postForm(jar, editPath(paper.id), post, { csrf: null })).status).toBe(403);
    expect((await postForm(jar, editPath(paper.id), post, { csrf: "not-the-token" })).status).toBe(403);
    expect(await snapshot(paper.id)).toEqual(before);
  });
});

describe("the submitter's edit", () => {
  it("answers bad input with each field's message and the values typed, saving nothing", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    const before = await snapshot(paper.id);
    const refused = await postForm(
      jar,
      editPath(paper.id),
      await fields(jar, paper.id, { manuscriptTitle: "  ", researchArea3: "", jelCodes: "X99", keywords: "Kept as typed" }, [nadia(user.email), { ...tomas(co.email), country: "" }, li]),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="manuscriptTitle-error">Title is required.<');
    expect(html).toMatch(/id="jelCodes-error">&quot;X99&quot; is not a JEL code/);
    expect(textOf(html)).toContain("Choose the category of the tertiary research area.");
    expect(textOf(html)).toContain("Author 2 (Tomás Ruiz), Country: Country is required.");
    expect(html).toContain("Kept as typed");
    expect(await snapshot(paper.id)).toEqual(before);

    // The submitter cannot leave the list: their card is pinned, and a list without them is refused.
    const without = await postForm(jar, editPath(paper.id), await fields(jar, paper.id, {}, [{ ...tomas(co.email), isCorresponding: "on" }, li]));
    expect(without.status).toBe(422);
    expect(textOf(await without.text())).toContain("You are not among the authors.");
    expect(await snapshot(paper.id)).toEqual(before);
  });

  it("saves every field in one batch with its audit entry, keeps the office's details of an author, and tells those added, removed and still listed", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    const page = await visit(jar, editPath(paper.id));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Liquidity and Bonds");
    expect(html).toContain(`value="${li.email}"`);

    // Li Wei removed, Ana Silva added (her address typed in capitals), Tomás first and corresponding, everything else rewritten.
    const saved = await postForm(
      jar,
      editPath(paper.id),
      await fields(
        jar,
        paper.id,
        {
          manuscriptTitle: "Liquidity, Bonds and Deadlines",
          manuscriptAbstract: "We study bonds near deadlines.",
          keywords: "Bonds; deadlines",
          jelCodes: "g12, E44",
          researchArea3: "III. Financial Markets and Institutions :: Bond Markets",
          researchArea4: "I. Corporate Finance :: Capital Structure",
        },
        [{ ...tomas(co.email), department: "Banking", isCorresponding: "on" }, { ...nadia(user.email), isCorresponding: "" }, ana],
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=edited`);

    const after = await snapshot(paper.id);
    expect(after.paper).toMatchObject({ title: "Liquidity, Bonds and Deadlines", abstract: "We study bonds near deadlines.", keywords: ["Bonds", "deadlines"], jelCodes: ["G12", "E44"], status: "under_review", manuscriptType: "regular", conferenceId: paper.conferenceId, paperNumber: paper.paperNumber });
    expect(after.paper!.researchAreas.map((a) => a.topic)).toEqual(["Market Microstructure", "Asset Pricing", "Bond Markets", "Capital Structure"]);
    expect(after.authors.map((a) => [a.authorOrder, a.email, a.isCorresponding, a.department])).toEqual([
      [1, co.email, true, "Banking"],
      [2, user.email, false, null],
      [3, "ana.silva@example.org", false, null],
    ]);
    // Nadia's salutation and address, which only the office edits, stay; the accounts stay linked.
    expect(after.authors[1]).toMatchObject({ salutation: "Dr.", userId: user.id, address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } });
    expect(after.authors[0]!.userId).toBe(co.id);
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({ actorId: user.id, entityId: String(paper.id), details: { title: "Liquidity, Bonds and Deadlines", by: "submitter", added: ["ana.silva@example.org"], removed: ["li.wei@example.org"] } });

    const sent = after.outbox.map((m) => [m.template, m.toAddress]).sort();
    expect(sent).toEqual([
      ["submission_authors_changed", co.email],
      ["submission_listed", "ana.silva@example.org"],
      ["submission_unlisted", "li.wei@example.org"],
    ]);
    const mail = (template: string) => {
      const row = after.outbox.find((m) => m.template === template)!;
      return renderMail(row.template, row.payload, SITE);
    };
    const listed = mail("submission_listed");
    expect(listed.subject).toBe("Society: You are listed as an author of paper MS27~101");
    expect(listed.text).toContain("Dear Ana Silva,");
    // Added to a paper already submitted: said so, not as a new submission.
    expect(listed.text).toContain("has added this e-mail address to its list of authors");
    expect(listed.text).not.toContain("A paper has been submitted");
    expect(listed.text).toContain("“Liquidity, Bonds and Deadlines”");
    expect(listed.text).toContain("Submitted from the account of: Nadia Okafor");
    expect(listed.text).toContain("  - Tomás Ruiz, University College Dublin (corresponding author)\n  - Nadia Okafor, Pennine University\n  - Ana Silva, Nova SBE");
    const unlisted = mail("submission_unlisted");
    expect(unlisted.subject).toBe("Society: You are no longer listed as an author of paper MS27~101");
    expect(unlisted.text).toContain("Dear Li Wei,");
    expect(unlisted.text).toContain("The author who submitted it has changed the list of authors, and this address is no longer on it.");
    expect(unlisted.text).toContain("write to info@example.org, quoting MS27~101");
    const changed = mail("submission_authors_changed");
    expect(changed.subject).toBe("Society: The authors of paper MS27~101 have changed");
    expect(changed.text).toContain("Dear Tomás Ruiz,");
    expect(changed.text).toContain("Added:\n\n  - Ana Silva\n");
    expect(changed.text).toContain("No longer listed:\n\n  - Li Wei\n");

    // The submission's page says so and shows the paper as saved; the history has no status change.
    const own = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}?done=edited`)).text());
    expect(own).toContain("Your changes are saved.");
    expect(own).toContain("Liquidity, Bonds and Deadlines");
    expect(own).toContain("Ana Silva");
    expect(own).not.toContain("Li Wei");
  });

  it("tells nobody when who is listed stays the same (order, details and the corresponding author changed)", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    const saved = await postForm(jar, editPath(paper.id), await fields(jar, paper.id, {}, [{ ...li, email: "LI.WEI@example.org", isCorresponding: "on" }, { ...nadia(user.email), isCorresponding: "" }, { ...tomas(co.email), institution: "Trinity College Dublin" }]));
    expect(saved.status).toBe(302);
    const after = await snapshot(paper.id);
    expect(after.authors.map((a) => a.email)).toEqual(["li.wei@example.org", user.email, co.email]);
    expect(after.authors[2]!.institution).toBe("Trinity College Dublin");
    expect(after.outbox).toEqual([]);
  });

  it("refuses a change of the list beyond the account's daily co-author notices, saving nothing", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    await hitRateLimits(db(), [[`coauthor-mail:acct:${user.id}`, LIMITS.coauthorMailsPerAccount, LIMITS.coauthorMailsPerAccount.max - 1]]);
    const before = await snapshot(paper.id);
    const refused = await postForm(jar, editPath(paper.id), await fields(jar, paper.id, { manuscriptTitle: "Many mails" }, [nadia(user.email), tomas(co.email), li, ana]));
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toContain("Your changes list more co-authors to be told than one account may tell in a day. Nothing was saved.");
    expect(await snapshot(paper.id)).toEqual(before);
  });

  it("changes the cards without JavaScript: each button posts the form, kept, and the submitter's card cannot be removed", async () => {
    const { user, co, paper, jar } = await submittedPaper();
    const base = await fields(jar, paper.id, { manuscriptTitle: "Typed before adding" }, [nadia(user.email), tomas(co.email), li]);
    const added = await postForm(jar, editPath(paper.id), { ...base, intent: "author:add" });
    expect(added.headers.get("Location")).toBe(`${editPath(paper.id)}?kept=1&added=1#author-4`);
    const kept = await (await visit(jar, `${editPath(paper.id)}?kept=1&added=1`)).text();
    expect(kept).toContain("Typed before adding");
    expect(kept).toContain('id="author-4"');
    const mine = await postForm(jar, editPath(paper.id), { ...base, intent: "author:remove:0" });
    expect(mine.status).toBe(409);
    expect(textOf(await mine.text())).toContain("Cannot remove the current user from the authors list.");
    expect((await postForm(jar, editPath(paper.id), { ...base, intent: "author:down:0" })).headers.get("Location")).toBe(`${editPath(paper.id)}?kept=1#author-2`);
    // Nothing of the paper is saved until Save.
    expect((await snapshot(paper.id)).paper!.title).toBe("Liquidity and Bonds");
  });
});

describe("the notices of a changed author list", () => {
  it("quote what the submitter typed with links and addresses taken out, and keep it out of the subject", () => {
    const typed = "Confirm at evil.example/login";
    const base = { name: typed, title: typed, conference: "33rd Annual Conference", paperNumber: "MS27~101", submitter: typed, supportEmail: "info@example.org" };
    const unlisted = renderMail("submission_unlisted", base, SITE);
    const changed = renderMail("submission_authors_changed", { ...base, authors: [typed], added: [typed], removed: ["mail help@evil.example"], link: "https://society.test/dashboard?tab=submissions" }, SITE);
    const completed = renderMail("submission_completed", { ...base, authors: [typed], submitterEmail: "nadia@example.org", link: "https://society.test/admin/papers" }, SITE);
    for (const mail of [unlisted, changed, completed]) {
      expect(mail.text + mail.html).not.toMatch(/evil\.example/);
      expect(mail.subject).not.toContain("Confirm");
    }
  });
});

describe("an incomplete paper", () => {
  it("says what is missing and links to the edit and files pages; a save that leaves nothing missing puts it under review again and tells the office", async () => {
    const { user, co, paper, jar } = await submittedPaper({ status: "incomplete", paper: { researchAreas: storedAreas.slice(0, 1) }, li: { rank: null, country: null } });
    await db().insert(files).values({ kind: "manuscript", filename: "m.pdf", r2Key: "manuscript/m.pdf", originalName: "bonds.pdf", contentType: "application/pdf", size: 2048, paperId: paper.id });
    const html = await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text();
    const note = textOf(html);
    expect(note).toContain("Research areas: three are needed, the paper has 1.");
    expect(note).toContain("Li Wei: country, academic rank.");
    expect(note).toContain("Edit the submission and fill in what is missing.");
    expect(html).toContain(`href="/dashboard/submissions/${paper.id}/edit"`);

    const saved = await postForm(jar, editPath(paper.id), await fields(jar, paper.id, {}, [nadia(user.email), tomas(co.email), li]));
    expect(saved.headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=completed`);
    const after = await snapshot(paper.id);
    expect(after.paper!.status).toBe("under_review");
    expect(after.audit[0]!.details).toMatchObject({ status: { from: "incomplete", to: "under_review" }, by: "submitter" });
    expect(after.outbox.map((m) => [m.template, m.toAddress])).toEqual([["submission_completed", "info@example.org"]]);
    const mail = renderMail("submission_completed", after.outbox[0]!.payload, SITE);
    expect(mail.subject).toBe("Society: Paper MS27~101 completed, under review again");
    expect(mail.text).toContain("Completed by: Nadia Okafor <");
    const own = textOf(await (await visit(jar, `/dashboard/submissions/${paper.id}?done=completed`)).text());
    expect(own).toContain("The paper lacks nothing now, so it is back under review; the society's office has been told.");
    expect(own).toMatch(/: under review/);
  });

  it("stays incomplete while its manuscript is missing, and links to the files page for it", async () => {
    const { user, co, paper, jar } = await submittedPaper({ status: "incomplete", li: { rank: null } });
    const html = await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text();
    expect(textOf(html)).toContain("The manuscript file.");
    expect(html).toContain(`href="/dashboard/submissions/${paper.id}/files"`);
    expect((await postForm(jar, editPath(paper.id), await fields(jar, paper.id, {}, [nadia(user.email), tomas(co.email), li]))).headers.get("Location")).toBe(`/dashboard/submissions/${paper.id}?done=edited`);
    expect((await snapshot(paper.id)).paper!.status).toBe("incomplete");
    expect((await db().select().from(outbox).all())).toEqual([]);
  });

  it("points to the edit page until the deadline, and to the office after it", async () => {
    const { conference, paper, jar } = await submittedPaper({ status: "incomplete", li: { rank: null } });
    const before = await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text();
    expect(before).toContain(`href="/dashboard/submissions/${paper.id}/edit"`);
    expect(textOf(before)).not.toContain("To complete it, write to");
    await db().update(conferences).set({ submissionDeadline: new Date(Date.now() - HOUR) }).where(eq(conferences.id, conference.id));
    const after = await (await visit(jar, `/dashboard/submissions/${paper.id}`)).text();
    expect(after).not.toContain(`href="/dashboard/submissions/${paper.id}/edit"`);
    expect(after).not.toContain(`href="/dashboard/submissions/${paper.id}/files"`);
    expect(textOf(after)).toContain("To complete it, write to info@example.org , quoting MS27~101 , with what is missing; the office then returns it to review.");
  });
});
