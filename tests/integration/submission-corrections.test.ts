import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { extractionJobs, papers } from "~/db/schema";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { MAX_AUTHORS, SUBMISSION_MESSAGES, toAuthorRow, type AuthorRow } from "~/features/submissions/submission-form";
import { noteResult } from "../fixtures/note-people";
import { authorFields, bytesOf, createConference, db, Jar, postForm, postMultipart, textOf, visit } from "./fixtures";
import { freshSubmissionState, manuscripts, stepPath, areas, author, draftOf } from "./wizard-fixtures";

/**
 * Correcting what the extraction read, through the Worker as a browser without JavaScript posts
 * it: a note that names 25 people (the cap said out loud, several removed at once, kept), where
 * each value came from and the hint gone once it was changed, the question a replaced manuscript
 * asks before it overwrites corrections, and the authors step's refused submit. Each action is
 * refused to anyone but the draft's author and leaves nothing half-saved.
 */
freshSubmissionState();
const docs = manuscripts;


const rowsOf = async (userId: number) => ((await draftOf(userId))!.data.authors as Array<Partial<AuthorRow>>).map((a) => toAuthorRow(a));
const html = async (jar: Jar, path: string) => (await visit(jar, path)).text();

function upload(jar: Jar, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("step", "2");
  form.set("intent", "upload");
  form.set("manuscript", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return postMultipart(jar, stepPath(2), form);
}

/** Steps 1 and 2 with a manuscript whose reading is `result` (the job's end written as the extraction Worker writes it), on to step 3. */
async function throughUpload(jar: Jar, userId: number, conferenceId: number, result: Record<string, unknown> | null = noteResult()) {
  if (conferenceId) expect((await postForm(jar, stepPath(1), { step: "1", intent: "next", conferenceId: String(conferenceId), manuscriptType: "regular" })).headers.get("Location")).toBe(stepPath(2));
  expect((await upload(jar, bytesOf(docs().pdf), "paper.pdf")).status).toBe(302);
  const jobId = (await draftOf(userId))!.data.extractionJobId as string;
  if (result) await db().update(extractionJobs).set({ status: "complete", result }).where(eq(extractionJobs.id, jobId));
  else await runExtractionJob({ db: db(), files: env.FILES }, jobId);
}
async function toStep5(jar: Jar, userId: number, conferenceId: number) {
  await throughUpload(jar, userId, conferenceId);
  expect((await postForm(jar, stepPath(2), { step: "2", intent: "next" })).headers.get("Location")).toBe(stepPath(3));
  const data = (await draftOf(userId))!.data;
  expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: String(data.manuscriptTitle), manuscriptAbstract: String(data.manuscriptAbstract) })).headers.get("Location")).toBe(stepPath(4));
  expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).headers.get("Location")).toBe(stepPath(5));
}
/** The rows as the step's form posts them. */
const posted = (rows: AuthorRow[]) => authorFields(rows.map((r) => ({ ...r, isCorresponding: r.isCorresponding ? "on" : "" }) as unknown as Record<string, string>));

describe("a manuscript whose note names 25 people", () => {
  it("says how many were read and where, names who did not fit, and removes several at once, kept", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await toStep5(jar, user.id, conference.id);
    const rows = await rowsOf(user.id);
    // Nineteen of the note's people and the signed-in author's card: twenty, the cap.
    expect(rows).toHaveLength(MAX_AUTHORS);
    expect(rows.at(-1)).toMatchObject({ lastName: "Okafor", source: "profile" });
    const page = textOf(await html(jar, stepPath(5)));
    expect(page).toContain("25 people read from your manuscript on page 1; 19 shown.");
    expect(page).toContain("so 6 were left out: Tara Nolan, Uma Rao, Viktor Berg, Wen Li, Yara Saleh, Zeno Fabbri.");

    // Remove selected: three of them, and the signed-in author's card, which stays.
    const selected = [["selected", "4"], ["selected", "5"], ["selected", "6"], ["selected", String(MAX_AUTHORS - 1)]] as Array<[string, string]>;
    const some = await postForm(jar, stepPath(5), [["step", "5"], ["intent", "author:remove-selected"], ...Object.entries(posted(rows)), ...selected]);
    expect(some.status).toBe(302);
    expect(some.headers.get("Location")).toBe(`${stepPath(5)}&removed=3&kept=1#author-5`);
    const fewer = await rowsOf(user.id);
    expect(fewer.map((r) => r.lastName)).not.toContain("Elif Tan".split(" ")[1]);
    expect(fewer).toHaveLength(MAX_AUTHORS - 3);
    expect(textOf(await html(jar, `${stepPath(5)}&removed=3&kept=1`))).toContain("3 authors removed; 17 left. Your own card stays");

    // Remove all below the second: everyone thanked goes, the signed-in author stays.
    const below = await postForm(jar, stepPath(5), { step: "5", intent: "author:remove-below:1", ...posted(fewer) });
    expect(below.headers.get("Location")).toBe(`${stepPath(5)}&removed=14&kept=1#author-3`);
    expect((await rowsOf(user.id)).map((r) => r.lastName)).toEqual(["Quist", "Feld", "Okafor"]);
    // Kept: a new visit (a reload) shows the three.
    const reloaded = await html(jar, stepPath(5));
    expect(reloaded.match(/class="author-card[ "]/g)).toHaveLength(3);
  });

  it("refuses a bad index or an empty selection with nothing changed, and never touches another author's draft", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await toStep5(jar, user.id, conference.id);
    const rows = await rowsOf(user.id);
    const bad = await postForm(jar, stepPath(5), { step: "5", intent: "author:remove-below:40", ...posted(rows) });
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("That author is not there to change.");
    const badSelected = await postForm(jar, stepPath(5), [["step", "5"], ["intent", "author:remove-selected"], ...Object.entries(posted(rows)), ["selected", "2"], ["selected", "33"]]);
    expect(badSelected.status).toBe(400);
    const none = await postForm(jar, stepPath(5), { step: "5", intent: "author:remove-selected", ...posted(rows) });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("Tick the authors to remove first.");
    expect(await rowsOf(user.id)).toEqual(rows);

    // Another author's post changes their own draft (none here), never this one; a visitor is sent to sign in.
    const other = await author();
    const theirs = await postForm(other.jar, stepPath(5), [["step", "5"], ["intent", "author:remove-selected"], ...Object.entries(posted(rows)), ["selected", "1"]]);
    expect(theirs.status).toBeLessThan(500);
    expect(await rowsOf(user.id)).toEqual(rows);
    expect((await draftOf(other.user.id))?.data.conferenceId).toBeUndefined();
    const anonymous = await postForm(new Jar(), stepPath(5), { step: "5", intent: "author:remove-below:0", ...posted(rows) });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    expect(await rowsOf(user.id)).toEqual(rows);
  });

  it("keeps what the page saved after a card was removed (a reload does not bring it back)", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await toStep5(jar, user.id, conference.id);
    const rows = await rowsOf(user.id);
    const saved = await postForm(jar, stepPath(5), { step: "5", intent: "save", ...posted([rows[0]!, rows.at(-1)!]) });
    expect(saved.status).toBe(200);
    const reloaded = await html(jar, stepPath(5));
    expect(reloaded.match(/class="author-card[ "]/g)).toHaveLength(2);
    // The manuscript is not poured in again.
    expect(await rowsOf(user.id)).toHaveLength(2);
  });
});

describe("where each value came from", () => {
  it("names the source and the confidence level of the title, the abstract and each card, and drops a hint once the value was changed", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await throughUpload(jar, user.id, conference.id);
    await postForm(jar, stepPath(2), { step: "2", intent: "next" });
    const step3 = await html(jar, stepPath(3));
    expect(step3).toContain('data-level="high"');
    expect(textOf(step3)).toContain("Filled in from your manuscript (page 1), ✔ high confidence.");
    expect(textOf(step3)).toContain("Filled in from your manuscript (page 1), ⚠ low confidence: likely wrong, please check it.");
    // The title rewritten: its hint goes; the abstract, unchanged, keeps its own.
    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "My Own Title", manuscriptAbstract: "We study trade credit and thank a great many people." });
    const again = textOf(await html(jar, stepPath(3)));
    expect(again).not.toContain("high confidence");
    expect(again).toContain("low confidence: likely wrong");

    await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: "My Own Title", manuscriptAbstract: "Rewritten." });
    await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas });
    const step5 = textOf(await html(jar, stepPath(5)));
    expect(step5).toContain("Read from page 1, ✔ high confidence");
    expect(step5).toContain("Read from page 1, ⚠ low confidence: likely wrong, please check it");
    expect(step5).toContain("From your profile.");
    // The first author's e-mail changed (a post without JavaScript): that field's hint goes, the name's stays.
    const rows = await rowsOf(user.id);
    const changed = rows.map((r, i) => (i === 0 ? { ...r, email: "amara.quist@elsewhere.example" } : r));
    await postForm(jar, stepPath(5), { step: "5", intent: "author:down:3", ...posted(changed) });
    const page = await html(jar, stepPath(5));
    const first = page.slice(page.indexOf('id="author-1"'), page.indexOf('id="author-2"'));
    expect(first).toContain('-firstName-read"');
    expect(first).not.toContain('-email-read"');
  });
});

describe("replacing the manuscript", () => {
  async function corrected() {
    const conference = await createConference({ status: "open" });
    const a = await author();
    await toStep5(a.jar, a.user.id, conference.id);
    // The author's corrections: the title rewritten, the thanked people removed.
    const rows = await rowsOf(a.user.id);
    await postForm(a.jar, stepPath(5), { step: "5", intent: "author:remove-below:1", ...posted(rows) });
    await postForm(a.jar, stepPath(3), { step: "3", intent: "save", manuscriptTitle: "The Corrected Title", manuscriptAbstract: "We study trade credit and thank a great many people." });
    await throughUpload(a.jar, a.user.id, 0, noteResult("A New File's Title", "A new file's abstract."));
    return a;
  }

  it("asks before it overwrites, and keeps the corrections when told (the rest from the new file)", async () => {
    const { user, jar } = await corrected();
    const step2 = textOf(await html(jar, stepPath(2)));
    expect(step2).toContain("Keep your corrections?");
    expect(step2).toContain("You had changed the title and the authors.");
    // Nothing overwritten yet, and the next steps wait for the answer.
    expect((await draftOf(user.id))!.data.manuscriptTitle).toBe("The Corrected Title");
    expect((await visit(jar, stepPath(3))).headers.get("Location")).toBe(`${stepPath(2)}&continue=1`);
    expect((await postForm(jar, stepPath(2), { step: "2", intent: "next" })).headers.get("Location")).toBe(`${stepPath(2)}&continue=1`);

    const keep = await postForm(jar, stepPath(2), { step: "2", intent: "replace:keep" });
    expect(keep.headers.get("Location")).toBe(stepPath(3));
    const data = (await draftOf(user.id))!.data;
    expect(data).toMatchObject({ manuscriptTitle: "The Corrected Title", manuscriptAbstract: "A new file's abstract.", extractionApplied: true });
    expect((await rowsOf(user.id)).map((r) => r.lastName)).toEqual(["Quist", "Feld", "Okafor"]);
    // Asked once: a second answer changes nothing.
    await postForm(jar, stepPath(2), { step: "2", intent: "replace:take" });
    expect((await draftOf(user.id))!.data.manuscriptTitle).toBe("The Corrected Title");
  });

  it("takes the new file's values when told, and the question is this author's alone", async () => {
    const { user, jar } = await corrected();
    const other = await author();
    await postForm(other.jar, stepPath(2), { step: "2", intent: "replace:take" });
    expect((await draftOf(user.id))!.data).toMatchObject({ manuscriptTitle: "The Corrected Title", extractionApplied: false });
    const take = await postForm(jar, stepPath(2), { step: "2", intent: "replace:take" });
    expect(take.headers.get("Location")).toBe(stepPath(3));
    expect((await draftOf(user.id))!.data).toMatchObject({ manuscriptTitle: "A New File's Title", manuscriptAbstract: "A new file's abstract." });
    expect(await rowsOf(user.id)).toHaveLength(MAX_AUTHORS);
  });

  it("asks nothing when nothing was corrected", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await toStep5(jar, user.id, conference.id);
    await throughUpload(jar, user.id, 0, noteResult("A New File's Title"));
    expect(textOf(await html(jar, stepPath(2)))).not.toContain("Keep your corrections?");
    expect((await draftOf(user.id))!.data.manuscriptTitle).toBe("A New File's Title");
  });
});

describe("the authors step's refused submit", () => {
  it("opens and marks the card at fault, links the message to its field, and says 'missing from AI extraction' once, without '… is required.'", async () => {
    const conference = await createConference({ status: "open" });
    const { user, jar } = await author();
    await toStep5(jar, user.id, conference.id);
    const rows = (await rowsOf(user.id)).filter((_, i) => i < 2 || i === MAX_AUTHORS - 1);
    // The first author complete but for a wrong address; the second without the rank papers never print.
    const sent = rows.map((r, i) => (i === 0 ? { ...r, email: "not-an-address", rankTitle: "Professor" } : r));
    const refused = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...posted(sent) });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    const first = page.slice(page.indexOf('id="author-1"'), page.indexOf('id="author-2"'));
    expect(first).toMatch(/<details open=""/);
    expect(first).toContain("Check this card");
    expect(page).toContain('href="#author-1-email"');
    expect(textOf(page)).toContain("Author 1 (Amara Quist), E-mail: Enter a valid e-mail address.");
    const second = page.slice(page.indexOf('id="author-2"'), page.indexOf('id="author-3"'));
    expect(second).toMatch(/<details open=""/);
    expect(textOf(second)).toContain(SUBMISSION_MESSAGES.missingFromExtraction);
    expect(textOf(second)).not.toContain("Academic rank is required.");
    expect(second).toMatch(/class="field-error" id="author-2-rankTitle-note"/);
    expect(await db().select().from(papers).all()).toEqual([]);
  });
});
