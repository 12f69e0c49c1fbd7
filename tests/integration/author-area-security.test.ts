import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import worker from "../../workers/web/index";
import { authTokens, extractionJobs, files, outbox, paperAuthors, papers, rateLimits, recoveryCodes, sessions, users, wizardDrafts } from "~/db/schema";
import { DRAFT_MANUSCRIPT_PREFIX, submissionOwner } from "~/features/submissions/submission.server";
import { SUBMISSION_MESSAGES } from "~/features/submissions/submission-form";
import { renderMail, withoutLinks } from "~/mail/templates";
import { LIMITS } from "~/server/auth/rate-limit.server";
import { DRAFT_TOO_LARGE } from "~/server/wizard/steps.server";
import { saveDraft } from "~/server/wizard/drafts.server";
import { authorFields, bytesOf, clearBucket, createConference, createPaper, createUser, db, Jar, postForm, postMultipart, resetDatabase, services, sessionJar, textOf, visit } from "./fixtures";

/**
 * The author area attacked as a stranger would: registering someone's address first, mailing
 * strangers through a submission, claiming another account's paper by name, flooding uploads
 * and drafts; and what must still work (a paper with twenty authors), and what must not be kept.
 */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const docs = () => inject("manuscripts");
const stepPath = (n: number) => `/dashboard?tab=submit&step=${n}`;
const areas = {
  researchArea1: "III. Financial Markets and Institutions :: Market Microstructure",
  researchArea2: "IV. Investments & Portfolio Management :: Asset Pricing",
  researchArea3: "I. Corporate Finance :: Capital Structure",
};

/** Registers through the four steps of the real form, from its own client address: the last step's answer. */
async function registerAttempt(email: string, password: string, firstName: string, address: string) {
  const jar = new Jar();
  await visit(jar, "/register");
  const steps: Array<Record<string, string>> = [
    { salutation: "Dr.", firstName, lastName: "Owner", primaryEmail: email, primaryEmailConfirm: email, workPhoneCountry: "+44", cellPhoneCountry: "+44" },
    { primaryInstitution: `${firstName} University`, primaryRank: "Professor", primaryAddress1: "1 Road", primaryCity: "Leeds", primaryPostalCode: "LS1", primaryCountry: "GB" },
    { primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing" },
  ];
  for (const [i, fields] of steps.entries()) {
    const r = await postForm(jar, `/register?step=${i + 1}`, { step: String(i + 1), intent: "next", ...fields }, { address });
    expect(r.status, `step ${i + 1}`).toBe(302);
  }
  return postForm(jar, "/register?step=4", { step: "4", intent: "submit", password, passwordRetype: password }, { address });
}

async function register(email: string, password: string, firstName: string, address: string) {
  const done = await registerAttempt(email, password, firstName, address);
  expect(done.headers.get("Location")).toBe("/registration-confirmation");
}

/** The activation links mailed to `email`, oldest first, as the inbox would show them. */
async function activationLinks(email: string) {
  const rows = await db().select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.id).all();
  return rows.filter((r) => r.template === "activation").map((r) => new URL((r.payload as { link: string }).link).searchParams.get("token")!);
}

const activate = (token: string) => postForm(new Jar(), "/activate-account", { intent: "activate", token });
const canSignIn = async (email: string, password: string) => (await postForm(new Jar(), "/login", { email, password }, { address: `198.51.100.${Math.floor(Math.random() * 200)}` })).status === 302;

describe("an address registered by a stranger before its owner", () => {
  it("gives the account to the owner who activates it: the owner's password works, the stranger's does not, and the co-authored paper follows the owner", async () => {
    const owner = "victim@example.org";
    const conference = await createConference({ status: "open" });
    const submitter = await createUser({ email: "submitter@example.org" });
    await register(owner, "stranger-chose-this-1", "Mallory", "203.0.113.1");
    // A paper listing the address while only the stranger's registration exists: not linked to it.
    const paper = await createPaper({
      conferenceId: conference.id,
      submitterId: submitter.id,
      authors: [{ userId: submitter.id, email: submitter.email }, { userId: null, email: owner, firstName: "Vic", lastName: "Owner" }],
      paper: { title: "A Co-authored Paper" },
    });
    await register(owner, "owner-chose-this-1", "Victoria", "192.0.2.1");

    const [strangers, owners] = await activationLinks(owner);
    expect(owners).toBeTruthy();
    const activated = await activate(owners!);
    expect(activated.status).toBe(200);
    expect(await activated.text()).toContain("Your account has been successfully activated!");

    expect(await canSignIn(owner, "owner-chose-this-1")).toBe(true);
    expect(await canSignIn(owner, "stranger-chose-this-1")).toBe(false);
    const account = (await db().select().from(users).where(eq(users.email, owner)).get())!;
    expect(account).toMatchObject({ status: "active", firstName: "Victoria", institution: "Victoria University" });
    // The stranger's link died with the activation.
    expect((await activate(strangers!)).status).toBe(400);
    expect(await canSignIn(owner, "stranger-chose-this-1")).toBe(false);
    const author = await db().select().from(paperAuthors).where(eq(paperAuthors.email, owner)).get();
    expect(author!.paperId).toBe(paper.id);
    expect(author!.userId).toBe(account.id);
  });

  it("activates what each link was mailed for: a stranger registering again after the owner does not change the owner's link", async () => {
    const owner = "victim@example.org";
    await register(owner, "owner-chose-this-1", "Victoria", "192.0.2.1");
    await register(owner, "stranger-chose-this-1", "Mallory", "203.0.113.1");
    const [owners] = await activationLinks(owner);
    expect((await activate(owners!)).status).toBe(200);
    expect(await canSignIn(owner, "owner-chose-this-1")).toBe(true);
    expect(await canSignIn(owner, "stranger-chose-this-1")).toBe(false);
    expect((await db().select().from(users).where(eq(users.email, owner)).get())!.firstName).toBe("Victoria");
  });

  it("ends at activation every session, second factor, recovery code and link that an unproven account held", async () => {
    await register("victim@example.org", "owner-chose-this-1", "Victoria", "192.0.2.1");
    const account = (await db().select().from(users).where(eq(users.email, "victim@example.org")).get())!;
    // Whatever way they got there, none of these may outlive the proof of the address.
    await db().update(users).set({ totpSecret: "sealed", totpEnabledAt: new Date() }).where(eq(users.id, account.id)).run();
    await db().insert(recoveryCodes).values({ userId: account.id, codeHash: "x" }).run();
    await sessionJar(account);
    const [link] = await activationLinks("victim@example.org");
    expect((await activate(link!)).status).toBe(200);
    const after = (await db().select().from(users).where(eq(users.id, account.id)).get())!;
    expect(after).toMatchObject({ status: "active", totpSecret: null, totpEnabledAt: null });
    expect(after.emailConfirmedAt).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id)).all()).toEqual([]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.id)).all()).toEqual([]);
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, account.id)).all()).toSatisfy((rows: Array<{ usedAt: Date | null }>) => rows.every((r) => r.usedAt !== null));
  });

  it("makes whoever opens a resent link choose the password, since the last registration may be a stranger's", async () => {
    const owner = "victim@example.org";
    await register(owner, "owner-chose-this-1", "Victoria", "192.0.2.1");
    await register(owner, "stranger-chose-this-1", "Mallory", "203.0.113.1");
    expect((await postForm(new Jar(), "/activate-account", { intent: "resend", email: owner }, { address: "198.51.100.9" })).status).toBe(200);
    const resent = (await activationLinks(owner)).at(-1)!;
    const opened = await activate(resent);
    expect(opened.status).toBe(302);
    const next = new URL(opened.headers.get("Location")!, "https://society.test");
    expect(next.pathname).toBe("/reset-password");
    expect(next.searchParams.get("activated")).toBe("1");
    expect(await canSignIn(owner, "stranger-chose-this-1")).toBe(false);
    expect(await canSignIn(owner, "owner-chose-this-1")).toBe(false);
    expect((await db().select().from(users).where(eq(users.email, owner)).get())).toMatchObject({ status: "active", passwordHash: null });
    // The person holding the mailbox chooses the password on the page the link led to.
    const page = await visit(new Jar(), `${next.pathname}${next.search}`);
    expect(textOf(await page.text())).toContain("Your e-mail address is confirmed and your account is active.");
    const chosen = await postForm(new Jar(), "/reset-password", { token: next.searchParams.get("token")!, newPassword: "owner-chose-again-2", newPasswordRetype: "owner-chose-again-2" });
    expect(chosen.status).toBe(200);
    expect(await canSignIn(owner, "owner-chose-again-2")).toBe(true);
  });

  it("lets the office activate an unproven account only with a password its holder chooses through the mailbox", async () => {
    const admin = await createUser({ email: "office@example.org", role: "admin" });
    await register("stuck@example.org", "stranger-chose-this-1", "Mallory", "203.0.113.1");
    const account = (await db().select().from(users).where(eq(users.email, "stuck@example.org")).get())!;
    const jar = await sessionJar(admin);
    const saved = await postForm(jar, `/admin/users/${account.id}`, {
      intent: "save",
      salutation: "Dr.",
      firstName: "Stuck",
      lastName: "Owner",
      email: "stuck@example.org",
      workPhoneCountry: "+44",
      cellPhoneCountry: "+44",
      primaryInstitution: "Pennine University",
      primaryRank: "Professor",
      primaryAddress1: "1 Road",
      primaryCity: "Leeds",
      primaryPostalCode: "LS1",
      primaryCountry: "GB",
      primary1Category: "I. Corporate Finance",
      primary1: "Capital Structure",
      primary2Category: "V. Derivatives",
      primary2: "Swaps",
      primary3Category: "II. Financial Accounting",
      primary3: "Auditing",
      role: "user",
      status: "active",
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const after = (await db().select().from(users).where(eq(users.id, account.id)).get())!;
    expect(after).toMatchObject({ status: "active", passwordHash: null });
    expect(after.emailConfirmedAt).not.toBeNull();
    expect(await canSignIn("stuck@example.org", "stranger-chose-this-1")).toBe(false);
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, "stuck@example.org")).all();
    expect(mails.map((m) => m.template)).toContain("admin_password_reset");
    // Proven now: a later registration of the address changes nothing.
    await register("stuck@example.org", "stranger-again-3", "Mallory", "203.0.113.2");
    expect((await db().select().from(users).where(eq(users.id, account.id)).get())!.passwordHash).toBeNull();
  });

  it("does not let a new registration touch an account whose address was proven, even one the office deactivated", async () => {
    const proven = await createUser({ email: "left@example.org", status: "inactive", emailConfirmedAt: new Date(), password: "original-password-1" });
    await register("left@example.org", "stranger-chose-this-1", "Mallory", "203.0.113.1");
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, "left@example.org")).all();
    expect(mails.map((m) => m.template)).toEqual(["account_exists"]);
    const after = (await db().select().from(users).where(eq(users.id, proven.id)).get())!;
    expect(after).toMatchObject({ firstName: proven.firstName, passwordHash: proven.passwordHash, status: "inactive" });
  });

  it("limits registrations of one address from anywhere, so its inbox cannot be flooded", async () => {
    for (let i = 0; i < LIMITS.registerPerAccount.max; i++) await register("flooded@example.org", "stranger-chose-this-1", "Mallory", `203.0.113.${i + 10}`);
    const email = "flooded@example.org";
    const refused = await registerAttempt(email, "stranger-chose-this-1", "Mallory", "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await activationLinks(email)).toHaveLength(LIMITS.registerPerAccount.max);
  });
});

/** A signed-in author's draft at step 5: steps 1 and 2 kept (the manuscript stored), steps 3 and 4 posted as the page posts them. */
async function readyToSubmit(user: { id: number }, jar: Jar) {
  const conference = await createConference({ status: "open" });
  const key = `${DRAFT_MANUSCRIPT_PREFIX}/ready-${user.id}.pdf`;
  await env.FILES.put(key, bytesOf(docs().pdf));
  await db().insert(files).values({ kind: "manuscript", filename: `ready-${user.id}.pdf`, r2Key: key, originalName: "paper.pdf", contentType: "application/pdf", size: 10, uploadedBy: user.id }).run();
  await saveDraft(services(), submissionOwner(user.id), "submission", {
    step: 3,
    data: { conferenceId: String(conference.id), manuscriptType: "regular", uploadedFileName: "paper.pdf", extractionApplied: true, submissionKey: `key-${user.id}-${crypto.randomUUID().slice(0, 8)}` },
    fileKey: key,
  });
  const title = "URGENT: your society account will be closed, confirm at https://evil.example/login";
  expect((await postForm(jar, stepPath(3), { step: "3", intent: "next", manuscriptTitle: title, manuscriptAbstract: "An abstract." })).headers.get("Location")).toBe(stepPath(4));
  expect((await postForm(jar, stepPath(4), { step: "4", intent: "next", ...areas })).headers.get("Location")).toBe(stepPath(5));
  return conference;
}

const card = (firstName: string, lastName: string, email: string, extra: Record<string, string> = {}) => ({ firstName, lastName, email, institution: "Some University", country: "GB", rankTitle: "Professor", ...extra });

describe("a submission's authors", () => {
  it.each([9, 20])("submits a paper with %i authors (more than D1's 100 parameters in one insert), each in order, in one go", async (n) => {
    const user = await createUser({ email: "many@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    const rows = [card("Nadia", "Okafor", user.email, { isCorresponding: "on" }), ...Array.from({ length: n - 1 }, (_, i) => card(`Co${i}`, `Author${i}`, `co${i}@example.org`))];
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields(rows) });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/dashboard?tab=submissions&submitted=true");
    const authors = await db().select().from(paperAuthors).orderBy(paperAuthors.authorOrder).all();
    expect(authors.map((a) => a.lastName)).toEqual(rows.map((a) => a.lastName));
    expect(await db().select().from(outbox).where(eq(outbox.template, "submission_listed")).all()).toHaveLength(n - 1);
  });

  it("keeps the signed-in author's own address on the card recognised by name, so no other account gets the paper", async () => {
    const admin = await createUser({ email: "office@example.org", role: "admin", firstName: "Office", lastName: "Admin" });
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    // The submitter's own name, with the administrator's address typed in.
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([card("Nadia", "Okafor", admin.email, { isCorresponding: "on" })]) });
    expect(r.status).toBe(302);
    const [row] = await db().select().from(paperAuthors).all();
    expect(row).toMatchObject({ email: user.email, userId: user.id });
    expect(await db().select().from(outbox).where(eq(outbox.toAddress, admin.email)).all()).toEqual([]);
    const adminList = textOf(await (await visit(await sessionJar(admin), "/dashboard?tab=submissions")).text());
    expect(adminList).not.toContain("your society account will be closed");
  });

  it("does not guess which of two cards with the submitter's name is theirs: the submission is blocked until one carries their address", async () => {
    const user = await createUser({ email: "wei@example.org", firstName: "Wei", lastName: "Zhang" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([card("Wei", "Zhang", "other.wei@example.org", { isCorresponding: "on" }), card("Wei", "Zhang", "third.wei@example.org")]) });
    expect(r.status).toBe(422);
    expect(textOf(await r.text())).toContain(SUBMISSION_MESSAGES.blocked);
    expect(await db().select().from(papers).all()).toEqual([]);
  });

  it("shows the signed-in author's card with their own address, read-only", async () => {
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    await postForm(jar, stepPath(5), { step: "5", intent: "save", ...authorFields([card("Nadia", "Okafor", "someone.else@example.org", { isCorresponding: "on" })]) });
    const html = await (await visit(jar, stepPath(5))).text();
    const input = /<input[^>]*name="authors\[0\]\[email\]"[^>]*>/.exec(html)![0];
    expect(input).toContain('value="nadia@example.org"');
    expect(input).toContain("readonly");
    expect(textOf(html)).toContain(SUBMISSION_MESSAGES.ownAddress);
  });

  it("leaves a listed address with an account nobody has proven unlinked until it is activated", async () => {
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const squatted = await createUser({ email: "squatted@example.org", status: "inactive" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([card("Nadia", "Okafor", user.email, { isCorresponding: "on" }), card("Sam", "Squat", squatted.email)]) });
    const row = await db().select().from(paperAuthors).where(eq(paperAuthors.email, squatted.email)).get();
    expect(row!.userId).toBeNull();
  });
});

describe("mail to the addresses a submitter lists", () => {
  it("quotes what the submitter typed inside the site's own words, without links or addresses, and keeps it out of the subject", async () => {
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    await readyToSubmit(user, jar);
    await postForm(jar, stepPath(5), {
      step: "5",
      intent: "submit",
      ...authorFields([card("Nadia", "Okafor", user.email, { isCorresponding: "on" }), card("Visit www.evil.example", "Now", "stranger@example.org")]),
    });
    const row = (await db().select().from(outbox).where(eq(outbox.template, "submission_listed")).get())!;
    const mail = renderMail(row.template, row.payload, { siteName: "Multinational Finance Society", siteUrl: "https://society.test" });
    expect(mail.subject).toMatch(/^Multinational Finance Society: You are listed as an author of paper MS\d\d~101$/);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).toContain("[link removed]");
    }
    expect(mail.text).toContain("The paper's title, as the submitter typed it: “URGENT: your society account will be closed, confirm at [link removed]”");
    expect(mail.text).toContain("If you do not know of this paper, you can ignore this e-mail");
    for (const trick of ["Confirm at evil.com.", "<evil.com>", "see [evil.com]!", "münchen.example/x", "mail help@evil.com"]) expect(withoutLinks(trick), trick).not.toMatch(/evil\.com|münchen|@/);
    expect(withoutLinks("Returns in the U.S. and e.g. Europe, 3.5% p.a.")).toBe("Returns in the U.S. and e.g. Europe, 3.5% p.a.");
    // The only links are the site's own.
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!).host)).toSatisfy((hosts: string[]) => hosts.every((h) => h === "society.test"));
  });

  it("name the paper's type, research areas and file, the site's contact address, and tell the corresponding author so", async () => {
    const user = await createUser({ email: "ines@example.org", firstName: "Ines", lastName: "Duarte" });
    const jar = await sessionJar(user);
    const conference = await readyToSubmit(user, jar);
    await postForm(jar, stepPath(5), {
      step: "5",
      intent: "submit",
      ...authorFields([card("Ines", "Duarte", user.email), card("Tomas", "Berg", "tomas@example.org", { isCorresponding: "on" }), card("Lea", "Vogel", "lea@example.org")]),
    });
    const site = { siteName: "Multinational Finance Society", siteUrl: "https://society.test" };
    const mailTo = async (to: string) => {
      const row = (await db().select().from(outbox).where(eq(outbox.toAddress, to)).get())!;
      return renderMail(row.template, row.payload, site).text;
    };
    const receipt = await mailTo(user.email);
    expect(receipt).toContain(`Thank you for submitting your paper to the ${conference.title}.`);
    for (const line of ["Type: Regular Paper", "Market Microstructure", "Asset Pricing", "Manuscript file: paper.pdf", "info@example.org"]) expect(receipt).toContain(line);
    expect(receipt).not.toContain("support@example.org");
    expect(receipt).not.toContain("You are its corresponding author");
    const corresponding = await mailTo("tomas@example.org");
    expect(corresponding).toContain("You are listed as its corresponding author");
    expect(corresponding).toContain("To tell the society's office, write to info@example.org.");
    expect(await mailTo("lea@example.org")).not.toContain("You are listed as its corresponding author");
  });

  it("limits the co-authors one account has mailed in a day, refusing the submission over it with 429 and nothing made", async () => {
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    // The day's notices nearly used up.
    await db().insert(rateLimits).values({ key: `coauthor-mail:acct:${user.id}`, windowStart: Math.floor(Date.now() / 1000) - (Math.floor(Date.now() / 1000) % 86400), count: LIMITS.coauthorMailsPerAccount.max - 1 }).run();
    await readyToSubmit(user, jar);
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([card("Nadia", "Okafor", user.email, { isCorresponding: "on" }), card("A", "One", "one@example.org"), card("B", "Two", "two@example.org")]) });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(textOf(await r.text())).toContain("as one account may in a day");
    expect(await db().select().from(papers).all()).toEqual([]);
    expect(await db().select().from(outbox).all()).toEqual([]);
  });

  it("limits the papers one account submits in a day", async () => {
    const user = await createUser({ email: "nadia@example.org", firstName: "Nadia", lastName: "Okafor" });
    const jar = await sessionJar(user);
    await db().insert(rateLimits).values({ key: `submit:acct:${user.id}`, windowStart: Math.floor(Date.now() / 1000) - (Math.floor(Date.now() / 1000) % 86400), count: LIMITS.submissionsPerAccount.max }).run();
    await readyToSubmit(user, jar);
    const r = await postForm(jar, stepPath(5), { step: "5", intent: "submit", ...authorFields([card("Nadia", "Okafor", user.email, { isCorresponding: "on" })]) });
    expect(r.status).toBe(429);
    expect(await db().select().from(papers).all()).toEqual([]);
  });
});

function uploadJson(jar: Jar, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("manuscript", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return postMultipart(jar, "/dashboard/manuscript", form);
}

describe("limits on the author area", () => {
  it("answers a burst of uploads with 429 and Retry-After, storing nothing and queuing no job for the refused ones", async () => {
    const user = await createUser({ email: "nadia@example.org" });
    const jar = await sessionJar(user);
    await createConference({ status: "open" });
    const statuses: number[] = [];
    // Two fixed windows hold at most twice the burst: the refusal comes within that many.
    for (let i = 0; i < 2 * LIMITS.uploadsPerAccountBurst.max + 1 && !statuses.includes(429); i++) statuses.push((await uploadJson(jar, bytesOf(docs().pdf), `paper${i}.pdf`)).status);
    expect(statuses.at(-1)).toBe(429);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(LIMITS.uploadsPerAccountBurst.max);
    const last = await uploadJson(jar, bytesOf(docs().pdf), "again.pdf");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await last.json()) as { message: string }).message).toContain("wait a moment before uploading another");
    // Each accepted upload replaced the last: one file and one job, whatever the refusals.
    expect(await db().select().from(files).all()).toHaveLength(1);
    expect(await db().select().from(extractionJobs).all()).toHaveLength(1);
  });

  it("limits the anonymous drafts one client address starts", async () => {
    const address = "203.0.113.7";
    const post = () => postForm(new Jar(), "/register?step=1", { step: "1", intent: "save", firstName: "X" }, { address });
    for (let i = 0; i < LIMITS.anonymousDraftsPerAddress.max; i++) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await db().select().from(wizardDrafts).all()).toHaveLength(LIMITS.anonymousDraftsPerAddress.max);
    // Another address is not affected.
    expect((await postForm(new Jar(), "/register?step=1", { step: "1", intent: "save", firstName: "X" }, { address: "192.0.2.200" })).status).toBe(200);
  });

  it("counts a draft started with a made-up cookie as a new draft", async () => {
    const address = "203.0.113.8";
    const post = () => {
      const jar = new Jar();
      jar.set("__Host-draft", crypto.randomUUID().replace(/-/g, "").padEnd(43, "x").slice(0, 43));
      return postForm(jar, "/register?step=1", { step: "1", intent: "save", firstName: "X" }, { address });
    };
    for (let i = 0; i < LIMITS.anonymousDraftsPerAddress.max; i++) expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(429);
  });

  it("refuses a draft larger than any form makes with 413, keeping what it held", async () => {
    const jar = new Jar();
    const email = "ada@example.org";
    const step1 = { salutation: "Dr.", firstName: "Ada", lastName: "Lovelace", primaryEmail: email, primaryEmailConfirm: email, workPhoneCountry: "+44", cellPhoneCountry: "+44" };
    expect((await postForm(jar, "/register?step=1", { step: "1", intent: "next", ...step1 })).headers.get("Location")).toBe("/register?step=2");
    // Thirteen fields of the second step, each at the most a field keeps: more than any form makes.
    const names = ["Institution", "RankOther", "Department", "Address1", "Address2", "City", "PostalCode", "State"];
    const huge = Object.fromEntries([...names.map((k) => `primary${k}`), ...names.slice(0, 5).map((k) => `secondary${k}`)].map((k) => [k, "y".repeat(5000)]));
    const refused = await postForm(jar, "/register?step=2", { step: "2", intent: "save", ...huge });
    expect(refused.status).toBe(413);
    expect(textOf(await refused.text())).toContain(DRAFT_TOO_LARGE);
    const [draft] = await db().select().from(wizardDrafts).all();
    expect(draft!.data).toMatchObject({ firstName: "Ada", primaryEmail: email });
    expect(draft!.data.primaryInstitution).toBeUndefined();
  });
});

describe("what the housekeeping removes", () => {
  const day = 24 * 3600_000;
  async function runHousekeeping(now: number) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("removes uploads no draft holds a day after they were stored, with their rows and what was read from them, and keeps the rest", async () => {
    const user = await createUser({ email: "nadia@example.org" });
    const now = Date.now();
    const put = async (name: string, { row = true, createdAt = new Date(now - 2 * day) } = {}) => {
      const key = `${DRAFT_MANUSCRIPT_PREFIX}/${name}`;
      await env.FILES.put(key, "x");
      if (row) await db().insert(files).values({ kind: "manuscript", filename: name, r2Key: key, originalName: name, contentType: "application/pdf", size: 1, uploadedBy: user.id, createdAt }).run();
      return key;
    };
    const held = await put("held.pdf");
    const lost = await put("lost.pdf");
    const recent = await put("recent.pdf", { createdAt: new Date(now + day) });
    const rowless = await put("rowless.pdf", { row: false });
    await saveDraft(services(), submissionOwner(user.id), "submission", { step: 2, data: {}, fileKey: held });
    const fileId = async (key: string) => (await db().select().from(files).where(eq(files.r2Key, key)).get())!.id;
    await db()
      .insert(extractionJobs)
      .values([
        { id: "held-job", userId: user.id, fileId: await fileId(held), status: "complete", result: { title: "Kept" }, updatedAt: new Date(now - 2 * day) },
        { id: "lost-job", userId: user.id, fileId: await fileId(lost), status: "complete", result: { title: "Orphan" }, updatedAt: new Date(now - 2 * day) },
        { id: "gone-job", userId: user.id, fileId: null, status: "complete", result: { title: "Replaced", authors: [{ email: "someone@example.org" }] } },
      ])
      .run();

    // R2 reports its own upload times: run the housekeeping as of a day and a minute from now.
    await runHousekeeping(now + day + 60_000);
    const keys = (await env.FILES.list()).objects.map((o) => o.key).sort();
    expect(keys).toEqual([held, recent].sort());
    expect((await db().select({ key: files.r2Key }).from(files).all()).map((r) => r.key).sort()).toEqual([held, recent].sort());
    expect((await db().select().from(extractionJobs).all()).map((j) => j.id)).toEqual(["held-job"]);
    expect(keys).not.toContain(rowless);
    expect(keys).not.toContain(lost);
  });

  it("deletes what was read from a manuscript when the author replaces or removes it", async () => {
    const user = await createUser({ email: "nadia@example.org" });
    const jar = await sessionJar(user);
    await createConference({ status: "open" });
    expect((await uploadJson(jar, bytesOf(docs().pdf), "first.pdf")).status).toBe(200);
    const [first] = await db().select().from(extractionJobs).all();
    expect((await uploadJson(jar, bytesOf(docs().pdf), "second.pdf")).status).toBe(200);
    const jobs = await db().select().from(extractionJobs).all();
    expect(jobs.map((j) => j.id)).not.toContain(first!.id);
    expect(jobs).toHaveLength(1);
    const removed = await postForm(jar, stepPath(2), { step: "2", intent: "remove-file" });
    expect(removed.status).toBe(302);
    expect(await db().select().from(extractionJobs).all()).toEqual([]);
  });
});
