/**
 * Every e-mail the site sends, rendered as plain text and HTML with the society's name in the
 * subject. The web Worker records a template name and its data in the outbox; the notices
 * Worker renders and sends it, so templates can change without touching queued messages.
 */
import { z } from "zod";
import { PAPER_STATUSES } from "~/db/enums";

const person = { name: z.string().max(300) };
const link = z
  .string()
  .url()
  .max(2000)
  .refine((v) => /^https?:\/\//.test(v), "Links must be http(s).");

/** A submitted paper as its mails name it: the number shown to the office (MSyy~NNN) and its authors in order. */
const paper = {
  title: z.string().max(600),
  conference: z.string().max(300),
  paperNumber: z.string().regex(/^MS\d{2}~\d{3,}$/),
  // A line names an author: first and last name (100 each), institution (200), and its notes.
  authors: z.array(z.string().max(600)).max(40),
};

/**
 * What a submission's mails say of it beyond the paper: its type, its research areas and its
 * file's name, and whether the author written to is the corresponding author. `supportEmail` in
 * these mails is the address the site shows for contact. Optional, so a receipt queued before
 * these were named still renders.
 */
const submitted = {
  manuscriptType: z.string().max(100).optional(),
  researchAreas: z.array(z.string().max(300)).max(5).optional(),
  fileName: z.string().max(300).optional(),
  // A flag passes through the outbox's SQL as 1 or 0.
  corresponding: z.coerce.boolean().optional(),
};

/** "the 33rd Annual Conference …", but "The Annual Meeting …" when the title has its own article. */
const theConference = (title: string) => (/^the\s/i.test(title) ? title : `the ${title}`);

export const MAIL_TEMPLATES = {
  activation: z.object({ ...person, link }),
  password_reset: z.object({ ...person, link }),
  password_changed: z.object({ ...person, supportEmail: z.string().email() }),
  two_factor_changed: z.object({ ...person, change: z.enum(["on", "moved", "codes", "off"]), supportEmail: z.string().email() }),
  admin_password_reset: z.object({ ...person, link }),
  admin_password_set: z.object({ ...person, supportEmail: z.string().email() }),
  sessions_ended: z.object({ ...person, supportEmail: z.string().email() }),
  account_exists: z.object({ ...person, loginLink: link, resetLink: link }),
  submission_receipt: z.object({ ...person, ...paper, ...submitted, link, supportEmail: z.string().email() }),
  // `addedLater`: listed by a change of a paper already submitted, not at its submission.
  submission_listed: z.object({ ...person, ...paper, ...submitted, submitter: z.string().max(300), link, supportEmail: z.string().email().optional(), addedLater: z.boolean().optional() }),
  /** To the office, for each new paper (decision 061): the paper as filed, who submitted it, and the Papers tab. */
  submission_office: z.object({ ...paper, ...submitted, submitter: z.string().max(300), submitterEmail: z.string().email(), link }),
  /** To the office, once a day: the papers submitted from `from` to `to` (ISO instants), `more` when the list was cut. */
  submission_digest: z.object({
    papers: z.array(z.object({ paperNumber: paper.paperNumber, title: paper.title, conference: paper.conference, submitter: z.string().max(300) })).min(1).max(100),
    more: z.coerce.boolean(),
    from: z.string().datetime(),
    to: z.string().datetime(),
    link,
  }),
  /**
   * To the submitter, when the revised manuscript the programme committee asked for arrived
   * (decision 064): the paper, the files received as the submitter's computer named them.
   */
  revision_receipt: z.object({ ...person, title: paper.title, conference: paper.conference, paperNumber: paper.paperNumber, files: z.array(z.string().max(300)).min(1).max(2), link, supportEmail: z.string().email() }),
  /** To the office, for each revision received unless it hears of nothing (decision 064): the files, who sent them and their note. */
  revision_office: z.object({
    title: paper.title,
    conference: paper.conference,
    paperNumber: paper.paperNumber,
    files: z.array(z.string().max(300)).min(1).max(2),
    submitter: z.string().max(300),
    submitterEmail: z.string().email(),
    note: z.string().max(2000),
    link,
  }),
  /** To each other author of a paper its submitter deleted while it was under review: `submitter` names who did. */
  submission_withdrawn: z.object({ ...person, title: paper.title, conference: paper.conference, paperNumber: paper.paperNumber, submitter: z.string().max(300), link, supportEmail: z.string().email() }),
  /**
   * The submitter changed the author list of a paper still under review (decision 063): to an
   * address no longer listed (`unlisted`), and to each author still listed but the submitter,
   * with the list as it is now and who joined or left it (`authors_changed`).
   */
  submission_unlisted: z.object({ ...person, title: paper.title, conference: paper.conference, paperNumber: paper.paperNumber, submitter: z.string().max(300), supportEmail: z.string().email() }),
  submission_authors_changed: z.object({
    ...person,
    ...paper,
    submitter: z.string().max(300),
    added: z.array(z.string().max(300)).max(40),
    removed: z.array(z.string().max(300)).max(40),
    link,
    supportEmail: z.string().email(),
  }),
  /** To the office: the submitter completed an incomplete paper, which is under review again (decision 063). */
  submission_completed: z.object({ ...paper, submitter: z.string().max(300), submitterEmail: z.string().email(), link }),
  /**
   * The office's decision on a paper, to each of its authors: `name` is the author written to,
   * `corresponding` the corresponding author's name; `registration` (fees as printed lines, the
   * deadline as YYYY-MM-DD, the link to register) only for an accepted paper of a conference that
   * takes registrations.
   */
  paper_decision: z.object({
    ...person,
    ...paper,
    status: z.enum(PAPER_STATUSES),
    corresponding: z.string().max(300),
    link,
    supportEmail: z.string().email(),
    registration: z.object({ fees: z.array(z.string().max(200)).max(6), deadline: z.string().max(40).nullable(), link }).nullable(),
  }),
  /**
   * A paid conference registration (decision 053): its receipt number, the amount as printed
   * ("EUR 600.00"), the conference and the fee chosen, the day it was paid, the membership's new
   * end (YYYY-MM-DD) and the printable receipt's address.
   */
  registration_receipt: z.object({
    ...person,
    receiptNumber: z.string().regex(/^R-\d{4}-\d{6,}$/),
    conference: z.string().max(300),
    feeType: z.string().max(40),
    accompaniedPersons: z.number().int().min(0).max(1),
    amount: z.string().max(40),
    paidOn: z.string().max(10),
    memberUntil: z.string().max(10),
    link,
  }),
} as const;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
export type MailPayload<T extends MailTemplate> = z.infer<(typeof MAIL_TEMPLATES)[T]>;
/** `replyTo`: where answers go when not to the sender (the office, for a decision letter). */
export type RenderedMail = { subject: string; text: string; html: string; replyTo?: string };
type Site = { siteName: string; siteUrl: string };

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type Block = { p: string } | { button: { label: string; href: string } } | { small: string } | { list: string[] };

function compose(site: Site, subject: string, greeting: string, blocks: Block[]): RenderedMail {
  const text = [
    greeting,
    "",
    ...blocks.flatMap((b) => ("p" in b ? [b.p, ""] : "button" in b ? [`${b.button.label}: ${b.button.href}`, ""] : "list" in b ? [...b.list.map((i) => `  - ${i}`), ""] : [b.small, ""])),
    `— ${site.siteName}`,
    site.siteUrl,
  ].join("\n");
  const body = blocks
    .map((b) => {
      if ("p" in b) return `<p style="margin:0 0 16px">${escapeHtml(b.p)}</p>`;
      if ("list" in b) return `<ul style="margin:0 0 16px;padding-left:20px">${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
      if ("small" in b) return `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(b.small)}</p>`;
      const href = escapeHtml(b.button.href);
      return `<p style="margin:24px 0"><a href="${href}" style="background:#1b2a4a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(b.button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:#1b2a4a;word-break:break-all">${href}</a></p>`;
    })
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f5f7;font-family:Georgia,serif;color:#1d1d1f"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#fff;border-radius:8px;padding:32px"><p style="margin:0 0 24px;font-weight:bold;color:#1b2a4a">${escapeHtml(site.siteName)}</p><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${body}<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(site.siteName)} · <a href="${escapeHtml(site.siteUrl)}" style="color:#1b2a4a">${escapeHtml(site.siteUrl.replace(/^https?:\/\//, ""))}</a></p></div></div></body></html>`;
  // A subject is one line: a title typed with a line break must not start a header of its own.
  return { subject: `${site.siteName}: ${subject}`.replace(/[\r\n]+/g, " "), text, html };
}

const greet = (name: string) => (name ? `Dear ${name},` : "Hello,");

/**
 * A submission's type and research areas (from the site's own lists) as its mails list them, and
 * with `fileName`, the manuscript's file as the submitter's computer named it: for the submitter's
 * own receipt only (a file name such as "offer.zip" reads as an address, and the listed
 * co-authors get nothing the submitter typed outside quotes).
 */
function submittedBlocks(p: { manuscriptType?: string; researchAreas?: string[] }, fileName?: string): Block[] {
  return [
    ...(p.manuscriptType ? [{ p: `Type: ${p.manuscriptType}` }] : []),
    ...(p.researchAreas?.length ? [{ p: "Research areas:" }, { list: p.researchAreas }] : []),
    ...(fileName ? [{ p: `Manuscript file: ${fileName}` }] : []),
  ];
}

/**
 * Text someone else typed, made safe to quote in a mail to a stranger: no web address or e-mail
 * address survives (mail programs turn them into links), so a title such as "confirm at
 * evil.example/login" cannot send the reader anywhere from the society's own mail.
 */
export function withoutLinks(text: string) {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, "[link removed]")
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, "[address removed]")
    .replace(/\b(?:www\.)?(?:[\p{L}\p{N}-]+\.)+(?:xn--[a-z0-9-]+|\p{L}{2,24})(?![\p{L}\p{N}-])(?:[/:?#]\S*)?/giu, "[link removed]")
    .replace(/\bwww\.\S*/gi, "[link removed]");
}

const TWO_FACTOR_SUBJECTS = {
  on: "Two-factor sign-in is on",
  moved: "Two-factor sign-in moved to a new app",
  codes: "New recovery codes for two-factor sign-in",
  off: "Two-factor sign-in is off",
} as const;
const TWO_FACTOR_TEXTS = {
  on: "Two-factor sign-in was turned on for your account: signing in now asks for a code from your authenticator app after the password.",
  moved: "Two-factor sign-in of your account now uses a new authenticator app. Codes from the app used before no longer work, and new recovery codes replace the old ones.",
  codes: "New recovery codes were made for your account. The earlier recovery codes no longer work.",
  off: "Two-factor sign-in was turned off for your account: signing in now asks for the password only.",
} as const;

type Decision = MailPayload<"paper_decision">;

const DECISION_SUBJECTS: Record<Decision["status"], (paper: string, conference: string) => string> = {
  accepted: (n, c) => `Paper ${n} accepted for ${c}`,
  rejected: (n, c) => `Decision on paper ${n} for ${c}`,
  revision_required: (n, c) => `Revision requested for paper ${n}, ${c}`,
  incomplete: (n, c) => `Paper ${n} for ${c} is incomplete`,
  under_review: (n, c) => `Paper ${n} for ${c} is under review again`,
};

/** An instant as the digest names it: 15 March 2027, 07:00 UTC. */
function digestTime(iso: string) {
  const d = new Date(iso);
  return `${d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}, ${d.toISOString().slice(11, 16)} UTC`;
}

/** A calendar date (YYYY-MM-DD) as a letter writes it: 15 March 2027. */
function letterDate(date: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The body of a decision letter: the decision, what to do next, the paper as filed, and how to answer. */
function decisionBlocks(p: Decision): Block[] {
  const paper = `${p.paperNumber}, “${withoutLinks(p.title)}”`;
  const quote = `Please quote ${p.paperNumber} in any correspondence about this paper.`;
  const record: Block[] = [{ p: "The authors of the paper, as filed:" }, { list: p.authors.map(withoutLinks) }, { p: `Corresponding author: ${withoutLinks(p.corresponding)}.` }];
  const answer: Block = { small: `This letter goes to every author of the paper. ${quote} To write to the conference office, reply to this e-mail or write to ${p.supportEmail}.` };
  const submissions: Block = { button: { label: "My Submissions", href: p.link } };
  switch (p.status) {
    case "accepted": {
      const registration: Block[] = p.registration
        ? [
            {
              p: `To be included in the programme, at least one author of the paper must register for the conference${p.registration.deadline ? ` by ${letterDate(p.registration.deadline)}` : ""}.`,
            },
            ...(p.registration.fees.length ? ([{ p: "Registration fees:" }, { list: p.registration.fees }] as Block[]) : []),
            { button: { label: "Register for the conference", href: p.registration.link } },
          ]
        : [{ p: "The conference office will write to the corresponding author about registration and the programme." }];
      return [
        { p: `On behalf of the programme committee, we are pleased to inform you that your paper ${paper}, has been accepted for presentation at ${p.conference}. Congratulations.` },
        ...registration,
        ...record,
        submissions,
        answer,
      ];
    }
    case "rejected":
      return [
        { p: `Thank you for submitting your paper ${paper}, to ${p.conference}. We regret to inform you that, after careful consideration, the programme committee is unable to accept it for presentation at the conference.` },
        { p: "We are grateful for the work that went into the paper and for your interest in the society's conference, and we hope you will consider submitting to its future meetings." },
        ...record,
        submissions,
        answer,
      ];
    case "revision_required":
      return [
        { p: `The programme committee has reviewed your paper ${paper}, submitted to ${p.conference}, and asks for a revision before it makes its final decision.` },
        { p: `What to do next: please revise the paper and resubmit it by replying to this e-mail with the revised manuscript attached (PDF or Word), quoting ${p.paperNumber}. The office replaces the file and the paper returns to review; you will receive a letter with the decision.` },
        ...record,
        submissions,
        answer,
      ];
    case "incomplete":
      return [
        { p: `Your paper ${paper}, submitted to ${p.conference}, cannot be reviewed yet because the submission is incomplete.` },
        { p: `What to do next: please supply what is missing (for example the full manuscript, or an author's details) by writing to the conference office, quoting ${p.paperNumber}. Once the submission is complete the paper returns to review and you will receive a letter with the decision.` },
        ...record,
        submissions,
        answer,
      ];
    case "under_review":
      return [
        { p: `Your paper ${paper}, submitted to ${p.conference}, is under review again: the programme committee is considering it, and any earlier decision on it no longer stands.` },
        { p: "You need not do anything. You will receive a letter when the committee reaches its decision." },
        ...record,
        submissions,
        answer,
      ];
  }
}

const RENDER: { [T in MailTemplate]: (site: Site, p: MailPayload<T>) => RenderedMail } = {
  registration_receipt: (site, p) =>
    compose(site, `Registration for ${p.conference} confirmed (receipt ${p.receiptNumber})`, greet(p.name), [
      { p: `Thank you: your payment was received and your registration for ${p.conference} is confirmed.` },
      {
        list: [
          `Receipt number: ${p.receiptNumber}`,
          `Conference: ${p.conference}`,
          `Fee: ${p.feeType}${p.accompaniedPersons ? ` with ${p.accompaniedPersons} accompanied person` : ""}`,
          `Amount paid: ${p.amount}`,
          `Paid on: ${p.paidOn}`,
        ],
      },
      { p: `Your registration includes a year of membership of the society: you are a member until ${p.memberUntil}.` },
      { button: { label: "View and print your receipt", href: p.link } },
      { small: "Keep this e-mail as your receipt. The payment was made through PayPal." },
    ]),
  activation: (site, p) =>
    compose(site, "Activate your account", greet(p.name), [
      { p: `Thank you for registering with the ${site.siteName}. Please confirm your e-mail address to activate your account.` },
      { button: { label: "Activate your account", href: p.link } },
      { small: "The link works once and expires in 48 hours. If you did not register, you can ignore this e-mail." },
    ]),
  password_reset: (site, p) =>
    compose(site, "Reset your password", greet(p.name), [
      { p: "We received a request to reset the password of your account." },
      { button: { label: "Choose a new password", href: p.link } },
      { small: "The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays the same." },
    ]),
  password_changed: (site, p) =>
    compose(site, "Your password was changed", greet(p.name), [
      { p: "The password of your account was just changed, and every other signed-in session was ended." },
      { small: `If this was not you, reset your password at once and write to ${p.supportEmail}.` },
    ]),
  two_factor_changed: (site, p) =>
    compose(site, TWO_FACTOR_SUBJECTS[p.change], greet(p.name), [
      { p: TWO_FACTOR_TEXTS[p.change] },
      { small: `If this was not you, change your password at once and write to ${p.supportEmail}.` },
    ]),
  admin_password_reset: (site, p) =>
    compose(site, "Set a new password", greet(p.name), [
      { p: `An administrator of the ${site.siteName} has reset the password of your account. Choose a new one to sign in again.` },
      { button: { label: "Choose a new password", href: p.link } },
      { small: "The link works once and expires in 1 hour." },
    ]),
  admin_password_set: (site, p) =>
    compose(site, "Your password was changed by an administrator", greet(p.name), [
      { p: `An administrator of the ${site.siteName} set a new password for your account, and every signed-in session of it was ended. The administrator will give you the new password; once you sign in with it, choose your own under Profile, Change Password.` },
      { small: `If you did not ask for this, write to ${p.supportEmail}.` },
    ]),
  sessions_ended: (site, p) =>
    compose(site, "You were signed out everywhere", greet(p.name), [
      { p: `An administrator of the ${site.siteName} ended every signed-in session of your account, on every device. Your password has not changed: sign in again to continue.` },
      { small: `If you did not expect this, write to ${p.supportEmail}.` },
    ]),
  account_exists: (site, p) =>
    compose(site, "You already have an account", greet(p.name), [
      { p: `Someone, perhaps you, tried to register with the ${site.siteName} using this e-mail address, which already has an account. No new account was made.` },
      { button: { label: "Sign in", href: p.loginLink } },
      { p: `Forgotten your password? Choose a new one here: ${p.resetLink}` },
      { small: "If this was not you, you can ignore this e-mail." },
    ]),
  submission_receipt: (site, p) =>
    compose(site, `Paper received: ${p.paperNumber}`, greet(p.name), [
      { p: `Thank you for submitting your paper to ${theConference(p.conference)}. It has been received as ${p.paperNumber}; please quote this number when you write to us about it.` },
      ...(p.corresponding ? [{ p: "You are its corresponding author: the society's letters about the paper name you as the author to answer them." }] : []),
      { p: `Title: ${p.title}` },
      ...submittedBlocks(p, p.fileName),
      { p: "Authors:" },
      { list: p.authors },
      { p: "What happens next: the programme committee reviews the paper and you will receive an e-mail when a decision is made. Until then the paper is listed as under review in My Submissions, where you can also download it, or delete it while it is under review." },
      { button: { label: "My Submissions", href: p.link } },
      { small: `Questions about your submission: ${p.supportEmail}.` },
    ]),
  // Sent to any address a submitter lists: everything the submitter typed (names, the title) is
  // quoted as such, with links and addresses taken out, inside the site's own words; none of it
  // is in the subject.
  submission_listed: (site, p) =>
    compose(site, `You are listed as an author of paper ${p.paperNumber}`, greet(withoutLinks(p.name)), [
      {
        p: p.addedLater
          ? `The author who submitted paper ${p.paperNumber} to ${theConference(p.conference)} through the ${site.siteName}'s website has added this e-mail address to its list of authors. The society tells every listed author, so that nobody is named on a paper without knowing.`
          : `A paper has been submitted to ${theConference(p.conference)} through the ${site.siteName}'s website, and this e-mail address is listed as one of its authors. The society tells every listed author, so that nobody is named on a paper without knowing. It has been received as ${p.paperNumber}.`,
      },
      ...(p.corresponding ? [{ p: "You are listed as its corresponding author: the society's letters about the paper name you as the author to answer them." }] : []),
      { p: `The paper's title, as the submitter typed it: “${withoutLinks(p.title)}”` },
      { p: `Submitted from the account of: ${withoutLinks(p.submitter)}` },
      ...submittedBlocks(p),
      { p: "The authors, as the submitter listed them:" },
      { list: p.authors.map(withoutLinks) },
      { p: "If you have an account with this e-mail address, the paper appears in My Submissions, with its status. You need not do anything else." },
      { button: { label: "My Submissions", href: p.link } },
      {
        small: `If you do not know of this paper, you can ignore this e-mail: no account is made for you, and the society asks nothing of you. ${p.supportEmail ? `To tell the society's office, write to ${p.supportEmail}.` : "To tell the society's office, answer through the contact details on its website."}`,
      },
    ]),
  // To the office's own address: the title and names as the submitter typed them, quoted.
  submission_office: (site, p) =>
    compose(site, `New paper ${p.paperNumber} for ${p.conference}`, "Hello,", [
      { p: `A paper has been submitted to ${theConference(p.conference)} and received as ${p.paperNumber}.` },
      { p: `Title: “${withoutLinks(p.title)}”` },
      ...submittedBlocks(p, p.fileName),
      { p: `Submitted by: ${withoutLinks(p.submitter)} <${p.submitterEmail}>` },
      { p: "Authors:" },
      { list: p.authors.map(withoutLinks) },
      { button: { label: "Open the Papers tab", href: p.link } },
      { small: "The console's Settings tab says how the office hears of new papers: an e-mail for each, a daily digest, or none." },
    ]),
  submission_digest: (site, p) =>
    compose(site, `${p.papers.length}${p.more ? "+" : ""} new paper${p.papers.length === 1 && !p.more ? "" : "s"} since ${digestTime(p.from)}`, "Hello,", [
      { p: `Papers submitted from ${digestTime(p.from)} to ${digestTime(p.to)}:` },
      { list: p.papers.map((x) => `${x.paperNumber}, ${x.conference}: “${withoutLinks(x.title)}”${x.submitter ? `, submitted by ${withoutLinks(x.submitter)}` : ""}`) },
      ...(p.more ? [{ p: `More papers came in than one e-mail lists (${p.papers.length} are listed): the Papers tab has them all.` }] : []),
      { button: { label: "Open the Papers tab", href: p.link } },
      { small: "The console's Settings tab says how the office hears of new papers: an e-mail for each, a daily digest, or none." },
    ]),
  revision_receipt: (site, p) =>
    compose(site, `Revised manuscript received: ${p.paperNumber}`, greet(p.name), [
      { p: `Thank you for the revised manuscript of ${p.paperNumber}, “${p.title}”, for ${theConference(p.conference)}. It has been received, and the paper is under review again.` },
      { p: "Received:" },
      { list: p.files },
      { p: "The earlier versions are kept; the submission's page lists every version with when it came. You will receive an e-mail when the programme committee decides." },
      { button: { label: "Open the submission", href: p.link } },
      { small: `Questions about this paper: write to ${p.supportEmail}, quoting ${p.paperNumber}.` },
    ]),
  // To the office's own address: the title and the note as the submitter typed them, quoted.
  revision_office: (site, p) =>
    compose(site, `Revised manuscript for ${p.paperNumber}`, "Hello,", [
      { p: `The revision asked for on ${p.paperNumber} (${p.conference}) has arrived, and the paper is under review again.` },
      { p: `Title: “${withoutLinks(p.title)}”` },
      { p: "Received:" },
      { list: p.files.map(withoutLinks) },
      { p: `Sent by: ${withoutLinks(p.submitter)} <${p.submitterEmail}>` },
      ...(p.note ? [{ p: "Their note to the office:" }, { p: `“${withoutLinks(p.note)}”` }] : []),
      { button: { label: "Open the paper", href: p.link } },
      { small: "Revisions are mailed as they arrive unless the console's Settings tab says the office hears of nothing." },
    ]),
  // Sent to every address the submitter listed, as the notice that they were listed was: what the
  // submitter typed is quoted with links and addresses taken out, and none of it is in the subject.
  submission_withdrawn: (site, p) =>
    compose(site, `Paper ${p.paperNumber} was withdrawn`, greet(withoutLinks(p.name)), [
      {
        p: `We wrote to you when a paper listing this e-mail address as one of its authors was submitted to ${theConference(p.conference)} as ${p.paperNumber}. The author who submitted it has withdrawn it: the paper and its files are deleted, and it is no longer under review.`,
      },
      { p: `The paper's title, as the submitter typed it: “${withoutLinks(p.title)}”` },
      ...(p.submitter ? [{ p: `Withdrawn from the account of: ${withoutLinks(p.submitter)}` }] : []),
      { p: "You need not do anything. If you have an account, the paper no longer appears in My Submissions." },
      { button: { label: "My Submissions", href: p.link } },
      { small: `Questions about this paper: write to ${p.supportEmail}, quoting ${p.paperNumber}.` },
    ]),
  // To an address the submitter took off the author list: what the submitter typed is quoted, as in
  // the notice that the address was listed, and none of it is in the subject.
  submission_unlisted: (site, p) =>
    compose(site, `You are no longer listed as an author of paper ${p.paperNumber}`, greet(withoutLinks(p.name)), [
      {
        p: `We wrote to you when this e-mail address was listed as one of the authors of a paper submitted to ${theConference(p.conference)} as ${p.paperNumber}. The author who submitted it has changed the list of authors, and this address is no longer on it.`,
      },
      { p: `The paper's title, as the submitter typed it: “${withoutLinks(p.title)}”` },
      ...(p.submitter ? [{ p: `Changed from the account of: ${withoutLinks(p.submitter)}` }] : []),
      { p: "You need not do anything. If you have an account, the paper no longer appears in My Submissions." },
      { small: `If you are an author of this paper and this is a mistake, write to ${p.supportEmail}, quoting ${p.paperNumber}.` },
    ]),
  submission_authors_changed: (site, p) =>
    compose(site, `The authors of paper ${p.paperNumber} have changed`, greet(withoutLinks(p.name)), [
      { p: `The author who submitted paper ${p.paperNumber} to ${theConference(p.conference)} has changed its list of authors. You are still listed.` },
      { p: `The paper's title, as the submitter typed it: “${withoutLinks(p.title)}”` },
      ...(p.submitter ? [{ p: `Changed from the account of: ${withoutLinks(p.submitter)}` }] : []),
      ...(p.added.length ? [{ p: "Added:" }, { list: p.added.map(withoutLinks) }] : []),
      ...(p.removed.length ? [{ p: "No longer listed:" }, { list: p.removed.map(withoutLinks) }] : []),
      { p: "The authors now, in their order:" },
      { list: p.authors.map(withoutLinks) },
      { p: "You need not do anything. If you have an account, the paper's page in My Submissions shows its authors." },
      { button: { label: "My Submissions", href: p.link } },
      { small: `If something is wrong, write to ${p.supportEmail}, quoting ${p.paperNumber}.` },
    ]),
  // To the office's own address: the title and names as the submitter typed them, quoted.
  submission_completed: (site, p) =>
    compose(site, `Paper ${p.paperNumber} completed, under review again`, "Hello,", [
      { p: `The submitter completed paper ${p.paperNumber} for ${theConference(p.conference)}, which was marked incomplete: it lacks nothing the site can check, so it is under review again.` },
      { p: `Title: “${withoutLinks(p.title)}”` },
      { p: `Completed by: ${withoutLinks(p.submitter)} <${p.submitterEmail}>` },
      { p: "Authors:" },
      { list: p.authors.map(withoutLinks) },
      { button: { label: "Open the Papers tab", href: p.link } },
      { small: "If the paper still lacks something the site cannot see, mark it incomplete again in the Papers tab and write to its authors." },
    ]),
  // To every author of the paper; answers go to the office (Reply-To). Names and the title are
  // what authors typed: quoted with links and addresses taken out.
  paper_decision: (site, p) => ({ ...compose(site, DECISION_SUBJECTS[p.status](p.paperNumber, p.conference), greet(withoutLinks(p.name)), decisionBlocks(p)), replyTo: p.supportEmail }),
};

/** Renders an outbox row; throws if its template or data are not what the template expects. */
export function renderMail(template: string, payload: unknown, site: Site): RenderedMail {
  if (!(template in MAIL_TEMPLATES)) throw new Error(`Unknown mail template "${template}"`);
  const t = template as MailTemplate;
  const data = MAIL_TEMPLATES[t].parse(payload);
  return (RENDER[t] as (site: Site, p: typeof data) => RenderedMail)(site, data);
}
