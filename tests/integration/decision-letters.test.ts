import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { PAPER_STATUSES } from "~/db/enums";
import { outbox } from "~/db/schema";
import { renderMail, type MailPayload } from "~/mail/templates";
import noticesWorker from "../../workers/notices/index";
import { db, resetDatabase } from "./fixtures";

/** The letters that tell a paper's authors the office's decision: one per status, each sent with Reply-To the office. */
beforeEach(resetDatabase);

const site = { siteName: "Multinational Finance Society", siteUrl: "https://society.test" };
const letter = (over: Partial<MailPayload<"paper_decision">> = {}): MailPayload<"paper_decision"> => ({
  name: "Prof. Grace Hopper",
  title: "Liquidity <b>shocks</b> and bank runs",
  conference: "MFS 2027 Annual Conference",
  paperNumber: "MS27~104",
  authors: ["Grace Hopper, Yale University", "Alan Turing, University of Manchester"],
  status: "accepted",
  corresponding: "Alan Turing",
  link: "https://society.test/dashboard/submissions",
  supportEmail: "office@example.org",
  registration: { fees: ["Member: EUR 350", "Non-member: EUR 450", "Student: EUR 200"], deadline: "2027-03-15", link: "https://society.test/conferences/7/register" },
  ...over,
});
const render = (over: Partial<MailPayload<"paper_decision">> = {}) => renderMail("paper_decision", letter(over), site);

describe("the decision letters", () => {
  it("accepted: congratulates, names the corresponding author and gives the registration step with fees, deadline and link", () => {
    const mail = render();
    expect(mail.subject).toBe("Multinational Finance Society: Paper MS27~104 accepted for MFS 2027 Annual Conference");
    expect(mail.replyTo).toBe("office@example.org");
    expect(mail.text).toContain("Dear Prof. Grace Hopper,");
    expect(mail.text).toContain("we are pleased to inform you that your paper MS27~104, “Liquidity <b>shocks</b> and bank runs”, has been accepted for presentation at MFS 2027 Annual Conference");
    expect(mail.text).toContain("at least one author of the paper must register for the conference by 15 March 2027");
    expect(mail.text).toContain("  - Member: EUR 350\n  - Non-member: EUR 450\n  - Student: EUR 200");
    expect(mail.text).toContain("Register for the conference: https://society.test/conferences/7/register");
    expect(mail.text).toContain("Corresponding author: Alan Turing.");
    expect(mail.text).toContain("  - Alan Turing, University of Manchester");
    expect(mail.text).toContain("reply to this e-mail or write to office@example.org");
    expect(mail.html).toContain("Liquidity &lt;b&gt;shocks&lt;/b&gt; and bank runs");
    expect(mail.html).not.toContain("<b>shocks</b>");
    expect(mail.html).toContain('<a href="https://society.test/conferences/7/register"');
    expect(mail.html).toContain("<li>Student: EUR 200</li>");
  });

  it("accepted without registrations: says the office will write, and offers no registration link", () => {
    const mail = render({ registration: null });
    expect(mail.text).toContain("The conference office will write to the corresponding author about registration and the programme.");
    expect(mail.text).not.toContain("Register for the conference");
    expect(mail.html).not.toContain("/register");
  });

  it("rejected: courteous, without a registration step even when the data has one", () => {
    const mail = render({ status: "rejected" });
    expect(mail.subject).toBe("Multinational Finance Society: Decision on paper MS27~104 for MFS 2027 Annual Conference");
    expect(mail.text).toContain("We regret to inform you that, after careful consideration, the programme committee is unable to accept it");
    expect(mail.text).toContain("we hope you will consider submitting to its future meetings");
    expect(mail.text).not.toContain("Register");
    expect(mail.html).toContain("We regret to inform you");
  });

  it("revision required and incomplete: say what to do next", () => {
    const revise = render({ status: "revision_required" });
    expect(revise.subject).toBe("Multinational Finance Society: Revision requested for paper MS27~104, MFS 2027 Annual Conference");
    expect(revise.text).toContain("What to do next: please revise the paper and resubmit it by replying to this e-mail with the revised manuscript attached");
    expect(revise.html).toContain("What to do next: please revise the paper");
    const missing = render({ status: "incomplete" });
    expect(missing.subject).toBe("Multinational Finance Society: Paper MS27~104 for MFS 2027 Annual Conference is incomplete");
    expect(missing.text).toContain("What to do next: please supply what is missing");
    expect(missing.text).toContain("by writing to the conference office, quoting MS27~104");
  });

  it("under review: the paper is back under review and nothing is asked", () => {
    const mail = render({ status: "under_review" });
    expect(mail.subject).toBe("Multinational Finance Society: Paper MS27~104 for MFS 2027 Annual Conference is under review again");
    expect(mail.text).toContain("is under review again");
    expect(mail.text).toContain("You need not do anything.");
  });

  it("every status: to the author named, Reply-To the office, My Submissions linked, what authors typed without links", () => {
    for (const status of PAPER_STATUSES) {
      const mail = render({ status, name: "Dr. Eve see evil.example/login", title: "Read https://evil.example/x now", authors: ["Mallory, write to mallory@evil.example"], corresponding: "Mallory www.evil.example" });
      expect(mail.replyTo).toBe("office@example.org");
      expect(mail.subject).toContain("MFS 2027 Annual Conference");
      expect(mail.text).toContain("Dear Dr. Eve see [link removed],");
      expect(mail.text).toContain("My Submissions: https://society.test/dashboard/submissions");
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain("evil.example");
        expect(body).toContain("[address removed]");
      }
    }
  });

  it("refuses data that is not a decision letter's", () => {
    expect(() => renderMail("paper_decision", { ...letter(), status: "maybe" }, site)).toThrow();
    expect(() => renderMail("paper_decision", { ...letter(), registration: { fees: [], deadline: null, link: "javascript:alert(1)" } }, site)).toThrow();
  });
});

describe("sending a decision letter", () => {
  it("goes out with Reply-To the office's address", async () => {
    const to = `author.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const row = await db().insert(outbox).values({ template: "paper_decision", toAddress: to, payload: letter() }).returning().get();
    const batch = createMessageBatch("finance-society-notices", [{ id: "d1", timestamp: new Date(), attempts: 1, body: { type: "mail", outboxId: row.id } }]);
    const ctx = createExecutionContext();
    const e = { DB: env.DB, SITE_NAME: site.siteName, SITE_URL: site.siteUrl, MAIL_FROM: "no-reply@example.org", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(inject("smtp").maildevPort), SMTP_TLS: "none" };
    await noticesWorker.queue(batch, e as never, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["d1"]);
    const all = (await (await fetch(`${inject("smtp").mailApi}/email`)).json()) as Array<{ subject: string; to: Array<{ address: string }>; headers: Record<string, string> }>;
    const mails = all.filter((m) => m.to.some((t) => t.address === to));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Multinational Finance Society: Paper MS27~104 accepted for MFS 2027 Annual Conference");
    expect(mails[0]!.headers["reply-to"]).toBe("office@example.org");
  });
});
