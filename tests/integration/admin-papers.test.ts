import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { auditLog, outbox, papers, paperStatusDrafts } from "~/db/schema";
import noticesWorker from "../../workers/notices/index";
import { createConference, createPaper, createUser, db, postForm, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

/**
 * The console's Papers tab through the Worker, as a browser without JavaScript uses it: staged
 * decisions kept on the server, a save that writes every decision with its letters once, and
 * nothing of it for anyone but an administrator.
 */
beforeEach(resetDatabase);

const smtp = () => inject("smtp");

async function reviewSeason() {
  const conference = await createConference({ title: "Annual Conference 2027", status: "open", startDate: "2027-06-01", endDate: "2027-06-03" });
  const office = await createUser({ role: "admin", email: `office.${crypto.randomUUID().slice(0, 6)}@example.org` });
  const author = await createUser({ email: `ada.${crypto.randomUUID().slice(0, 6)}@example.org`, firstName: "Ada", lastName: "Byron" });
  const tag = crypto.randomUUID().slice(0, 6);
  const first = await createPaper({
    conferenceId: conference.id,
    submitterId: author.id,
    authors: [
      { userId: author.id, email: author.email, firstName: "Ada", lastName: "Byron", isCorresponding: true },
      { email: `grace.${tag}@example.org`, firstName: "Grace", lastName: "Hopper", isCorresponding: false },
    ],
    paper: { title: "Liquidity in Bond Markets" },
  });
  const second = await createPaper({ conferenceId: conference.id, submitterId: author.id, authors: [{ email: `alan.${tag}@example.org`, firstName: "Alan", lastName: "Turing" }], paper: { title: "Options and Volatility" } });
  return { conference, office, author, first, second, tag };
}

const tab = (conferenceId: number) => `/admin/papers?conference=${conferenceId}`;

/** Delivers the outbox rows as the notices Worker does when the queue hands them over. */
async function deliver(ids: number[], attempts = 1) {
  const batch = createMessageBatch(
    "finance-society-notices",
    ids.map((outboxId) => ({ id: `m-${outboxId}-${attempts}`, timestamp: new Date(), attempts, body: { type: "mail", outboxId } })),
  );
  const ctx = createExecutionContext();
  await noticesWorker.queue(batch, { DB: env.DB, SITE_NAME: "Multinational Finance Society", SITE_URL: "https://society.test", MAIL_FROM: "no-reply@example.org", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp().maildevPort), SMTP_TLS: "none" } as never, ctx);
  return getQueueResult(batch, ctx);
}

async function inbox(to: string) {
  const all = (await (await fetch(`${smtp().mailApi}/email`)).json()) as Array<{ subject: string; text: string; to: Array<{ address: string }> }>;
  return all.filter((m) => m.to.some((t) => t.address === to));
}

describe("the Papers tab without JavaScript", () => {
  it("stages a decision on the server, shows it to another administrator, and unstages it when set back", async () => {
    const { conference, office, first } = await reviewSeason();
    const jar = await sessionJar(office);
    const staged = await postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "accepted" });
    expect(staged.status).toBe(302);
    expect(await db().select().from(paperStatusDrafts).all()).toMatchObject([{ paperId: first.id, fromStatus: "under_review", toStatus: "accepted", stagedBy: office.id }]);

    const colleague = await sessionJar(await createUser({ role: "admin" }));
    const page = textOf(await (await visit(colleague, tab(conference.id))).text());
    expect(page).toContain("1 unsaved status change.");
    expect(page).toContain("Email for status change to be sent");
    expect(page).toContain("Email letter(s) the author(s) of 1 paper and Save Changes");
    expect(page).toContain("Showing 2 of 2 papers");
    expect(page).toContain("MS27~101");

    await postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:accepted`, "choices[0].status": "under_review" });
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
    // Nothing changed on the paper, nothing was written to anyone.
    expect((await db().select().from(papers).where(eq(papers.id, first.id)).get())!.status).toBe("under_review");
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("saves the confirmed decisions with one letter per author, sent once even when the save is posted twice and the queue redelivers", async () => {
    const { conference, office, first, second, tag } = await reviewSeason();
    const jar = await sessionJar(office);
    await postForm(jar, tab(conference.id), [
      ["intent", "stage"],
      ["choices[0].row", `${first.id}:under_review:under_review`],
      ["choices[0].status", "accepted"],
      ["choices[1].row", `${second.id}:under_review:under_review`],
      ["choices[1].status", "rejected"],
    ]);
    const confirmation = await visit(jar, `/admin/papers/save?conference=${conference.id}`);
    const shown = textOf(await confirmation.text());
    expect(shown).toContain("Liquidity in Bond Markets");
    expect(shown).toContain(`Grace Hopper <grace.${tag}@example.org>`);
    expect(shown).toContain("Paper MS27~101 accepted for Annual Conference 2027");
    expect(shown).toContain("Email letter(s) the author(s) of 2 paper and Save Changes");

    const save = () =>
      postForm(jar, tab(conference.id), [
        ["intent", "save"],
        ["change", `${first.id}:under_review:accepted`],
        ["change", `${second.id}:under_review:rejected`],
      ]);
    const saved = await save();
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toContain("changed=2");
    const again = await save();
    expect(again.headers.get("Location")).toContain("changed=0");
    expect(again.headers.get("Location")).toContain("already=2");

    expect((await db().select().from(papers).where(eq(papers.id, first.id)).get())!.status).toBe("accepted");
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "paper.status")).all()).toHaveLength(2);
    const letters = await db().select().from(outbox).all();
    expect(letters.map((l) => l.toAddress).sort()).toEqual(expect.arrayContaining([`grace.${tag}@example.org`, `alan.${tag}@example.org`]));
    expect(letters).toHaveLength(3);

    await deliver(letters.map((l) => l.id));
    await deliver(letters.map((l) => l.id), 2);
    const grace = await inbox(`grace.${tag}@example.org`);
    expect(grace).toHaveLength(1);
    expect(grace[0]!.subject).toContain("MS27~101");
    expect(grace[0]!.text).toContain("Dear Grace Hopper");
    expect(grace[0]!.text).toContain("Ada Byron");
    expect(await inbox(`alan.${tag}@example.org`)).toHaveLength(1);
  });

  it("does not overwrite a paper another administrator decided meanwhile: it is reported and its staged change dropped", async () => {
    const { conference, office, first } = await reviewSeason();
    const jar = await sessionJar(office);
    await postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "accepted" });
    await db().update(papers).set({ status: "rejected" }).where(eq(papers.id, first.id)).run();
    const saved = await postForm(jar, tab(conference.id), { intent: "save", change: `${first.id}:under_review:accepted` });
    const location = saved.headers.get("Location")!;
    expect(location).toContain("failed=1");
    expect(textOf(await (await visit(jar, location)).text())).toContain("Failed to update 1 paper(s). Please try again.");
    expect((await db().select().from(papers).where(eq(papers.id, first.id)).get())!.status).toBe("rejected");
    expect(await db().select().from(outbox).all()).toEqual([]);
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
  });

  it("applies two administrators' saves of the same decision once", async () => {
    const { conference, office, first } = await reviewSeason();
    const other = await createUser({ role: "admin" });
    const [a, b] = [await sessionJar(office), await sessionJar(other)];
    await postForm(a, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "accepted" });
    const [one, two] = await Promise.all([
      postForm(a, tab(conference.id), { intent: "save", change: `${first.id}:under_review:accepted` }),
      postForm(b, tab(conference.id), { intent: "save", change: `${first.id}:under_review:accepted` }),
    ]);
    const locations = [one.headers.get("Location")!, two.headers.get("Location")!];
    expect(locations.filter((l) => l.includes("changed=1"))).toHaveLength(1);
    expect(locations.filter((l) => l.includes("already=1"))).toHaveLength(1);
    expect(await db().select().from(outbox).all()).toHaveLength(2);
  });

  it("leaves a colleague's staged decision alone: a page posted without touching that row, and a save whose own decision was staged over", async () => {
    const { conference, office, first, second, tag } = await reviewSeason();
    const colleague = await createUser({ role: "admin" });
    const [mine, theirs] = [await sessionJar(office), await sessionJar(colleague)];
    const stage = (jar: Awaited<ReturnType<typeof sessionJar>>, paperId: number, shown: string, status: string) =>
      postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${paperId}:under_review:${shown}`, "choices[0].status": status });
    // The colleague stages the first paper after my page was drawn; my page posts that row as it showed it.
    await stage(theirs, first.id, "under_review", "rejected");
    await postForm(mine, tab(conference.id), [
      ["intent", "stage"],
      ["choices[0].row", `${first.id}:under_review:under_review`],
      ["choices[0].status", "under_review"],
      ["choices[1].row", `${second.id}:under_review:under_review`],
      ["choices[1].status", "accepted"],
    ]);
    expect((await db().select().from(paperStatusDrafts).where(eq(paperStatusDrafts.paperId, first.id)).get())!.toStatus).toBe("rejected");
    // I confirm accepting the second paper; the colleague stages it otherwise before I save.
    await stage(theirs, second.id, "accepted", "incomplete");
    const saved = await postForm(mine, tab(conference.id), [
      ["intent", "save"],
      ["change", `${second.id}:under_review:accepted`],
      ["change", `${second.id}:under_review:accepted`],
    ]);
    expect(saved.headers.get("Location")).toContain("failed=1");
    expect((await db().select().from(paperStatusDrafts).where(eq(paperStatusDrafts.paperId, second.id)).get())!.toStatus).toBe("incomplete");
    expect(await db().select().from(outbox).all()).toEqual([]);
    // Saved as the colleague confirms it, a change posted twice is one change: one letter.
    await postForm(theirs, tab(conference.id), [
      ["intent", "save"],
      ["change", `${second.id}:under_review:incomplete`],
      ["change", `${second.id}:under_review:incomplete`],
    ]);
    expect((await db().select().from(outbox).all()).map((l) => l.toAddress)).toEqual([`alan.${tag}@example.org`]);
  });

  it("answers a search with control characters as any other", async () => {
    const { conference, office } = await reviewSeason();
    const jar = await sessionJar(office);
    for (const q of ["ab\u0000c", "\u0000", '"unbalanced', "a*b OR NOT"]) {
      const response = await visit(jar, `${tab(conference.id)}&q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
  });

  it("discards every staged decision of the conference after asking", async () => {
    const { conference, office, first } = await reviewSeason();
    const jar = await sessionJar(office);
    await postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "incomplete" });
    expect(textOf(await (await visit(jar, `/admin/papers/discard?conference=${conference.id}`)).text())).toContain("Are you sure you want to discard all pending changes?");
    await postForm(jar, tab(conference.id), { intent: "discard" });
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
  });

  it("refuses a stage post whose row is not paperId:status:status or names no status, and stages none of its rows", async () => {
    const { conference, office, first, second } = await reviewSeason();
    const jar = await sessionJar(office);
    for (const row of [`${first.id}`, `${first.id}:under_review:approved`, `0:under_review:under_review`, `${first.id}:under_review:under_review:x`]) {
      const refused = await postForm(jar, tab(conference.id), [
        ["intent", "stage"],
        ["choices[0].row", `${second.id}:under_review:under_review`],
        ["choices[0].status", "accepted"],
        ["choices[1].row", row],
        ["choices[1].status", "rejected"],
      ]);
      expect(refused.status, row).toBe(400);
    }
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
  });

  it("keeps the status read-only while the conference is not active", async () => {
    const { conference, office, first } = await reviewSeason();
    await db().update((await import("~/db/schema")).conferences).set({ status: "ended" }).run();
    const jar = await sessionJar(office);
    const page = await (await visit(jar, tab(conference.id))).text();
    expect(textOf(page)).toContain("Conference is inactive - paper status is read-only");
    expect(page).not.toContain(`id="status-${first.id}"`);
    const refused = await postForm(jar, tab(conference.id), { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "accepted" });
    expect(refused.status).toBe(409);
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
  });

  it("searches by an author's e-mail and says when nothing matches", async () => {
    const { conference, office, tag } = await reviewSeason();
    const jar = await sessionJar(office);
    const found = textOf(await (await visit(jar, `${tab(conference.id)}&q=${encodeURIComponent(`alan.${tag}`)}`)).text());
    expect(found).toContain("Showing 1 of 2 papers");
    expect(found).toContain("Options and Volatility");
    expect(found).not.toContain("Liquidity in Bond Markets");
    expect(textOf(await (await visit(jar, `${tab(conference.id)}&q=zzzz`)).text())).toContain("No Papers Match Your Search");
  });

  it("reads the session and the list, first page or search, with its counts and pickers in one D1 round trip", async () => {
    const { conference, office } = await reviewSeason();
    const jar = await sessionJar(office);
    for (const path of [tab(conference.id), `${tab(conference.id)}&q=liquidity`]) {
      const page = await visit(jar, path);
      expect(page.status, path).toBe(200);
      expect(textOf(await page.text()), path).toContain("Liquidity in Bond Markets");
      expect(Number(/d1-render;desc=(\d+)/.exec(page.headers.get("Server-Timing") ?? "")?.[1]), path).toBe(1);
    }
  });

  it("reads no paper for a member who asks, whatever they search for: the list's reads hold themselves to an administrator's session", async () => {
    const { conference, office, author } = await reviewSeason();
    for (let i = 0; i < 30; i++) await createPaper({ conferenceId: conference.id, submitterId: office.id, authors: [{ email: `liquidity.${i}@example.org`, firstName: "Lena", lastName: "Liquidity" }], paper: { title: `Liquidity study ${i}` } });
    const empty = await createConference({ title: "A Conference Without Papers", status: "open", startDate: "2028-06-01", endDate: "2028-06-03" });
    const rowsRead = (r: Response) => Number(/d1-rows-read;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1]);
    const asks = [tab(conference.id), `${tab(conference.id)}&q=liquidity`, `${tab(conference.id)}&q=li`, `${tab(conference.id)}&q=qqqqqq`, tab(empty.id)];
    // A search within a status is read by one more statement: compared with its own kind.
    const withStatus = [`${tab(conference.id)}&q=liquidity&status=under_review`, `${tab(conference.id)}&q=qqqqqq&status=under_review`, `${tab(empty.id)}&q=liquidity&status=under_review`];
    // The office's own search reads the papers it finds: the member's must not.
    const officeSearch = await visit(await sessionJar(office), `${tab(conference.id)}&q=liquidity`);
    expect(rowsRead(officeSearch)).toBeGreaterThan(25);
    const member = await sessionJar(author);
    const refusal = rowsRead(await visit(member, "/admin/users"));
    const readFor = async (paths: string[]) => {
      const read: number[] = [];
      for (const path of paths) {
        const page = await visit(member, path);
        expect(page.status, path).toBe(403);
        expect(Number(/d1-render;desc=(\d+)/.exec(page.headers.get("Server-Timing") ?? "")?.[1]), path).toBe(1);
        read.push(rowsRead(page));
      }
      return read;
    };
    // The same rows for every ask, a match or none, a big conference or an empty one: the session's,
    // the conference picker's and each read's look at the session (a few rows), never a paper.
    for (const read of [await readFor(asks), await readFor(withStatus)]) {
      expect(read, `${refusal} for another console page`).toEqual(read.map(() => read[0]));
      expect(read[0]! - refusal).toBeLessThan(15);
    }
  });
});

describe("who may use the Papers tab", () => {
  it("refuses every papers page and post to an author, and changes nothing", async () => {
    const { conference, author, first } = await reviewSeason();
    const jar = await sessionJar(author);
    for (const path of [tab(conference.id), `/admin/papers/${first.id}`, `/admin/papers/${first.id}/delete`, `/admin/papers/save?conference=${conference.id}`, `/admin/papers/discard?conference=${conference.id}`]) {
      const response = await visit(jar, path);
      expect([403, 404], path).toContain(response.status);
    }
    const posts: Array<Record<string, string>> = [
      { intent: "stage", "choices[0].row": `${first.id}:under_review:under_review`, "choices[0].status": "accepted" },
      { intent: "save", change: `${first.id}:under_review:accepted` },
      { intent: "discard" },
    ];
    for (const fields of posts) {
      expect((await postForm(jar, tab(conference.id), fields)).status).toBe(403);
    }
    expect((await postForm(jar, `/admin/papers/${first.id}/delete`, {})).status).toBe(403);
    expect((await db().select().from(papers).where(eq(papers.id, first.id)).get())!.status).toBe("under_review");
    expect(await db().select().from(paperStatusDrafts).all()).toEqual([]);
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("shows an administrator a paper's details and deletes it", async () => {
    const { conference, office, first } = await reviewSeason();
    const jar = await sessionJar(office);
    const details = textOf(await (await visit(jar, `/admin/papers/${first.id}?conference=${conference.id}`)).text());
    expect(details).toContain("Contact Primary Author");
    expect(details).toContain("Grace Hopper");
    const deleted = await postForm(jar, `/admin/papers/${first.id}/delete?conference=${conference.id}`, {});
    expect(deleted.headers.get("Location")).toContain("done=deleted");
    expect(textOf(await (await visit(jar, deleted.headers.get("Location")!)).text())).toContain("Paper deleted successfully!");
    expect(await db().select().from(papers).where(eq(papers.id, first.id)).get()).toBeUndefined();
    expect((await visit(jar, `/admin/papers/${first.id}`)).status).toBe(404);
  });
});
