import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormMessage } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { paperStatusBadge } from "~/lib/status";
import type { MySubmission, PaperRole } from "~/features/papers/papers.server";
import { formatMoney } from "~/lib/format";
import type { SubmissionRegistration } from "~/features/payments/submission-registrations.server";
import { PaperKeywords } from "./paper-keywords";
import { MANUSCRIPT_TYPE_LABELS, type ManuscriptType, SUBMISSION_MESSAGES } from "./submission-form";

/** A paper of My Submissions with what it shows of registration (null for a paper not accepted). */
export type MySubmissionWithRegistration = MySubmission & { registration: SubmissionRegistration | null };

export const REGISTERED_TEXT = "Payment completed successfully! Your registration is confirmed and its receipt is on its way to your inbox.";
export const PENDING_TEXT = "Your payment is being processed. Your registration will be confirmed as soon as PayPal completes it.";

const ROLE_LABELS: Record<PaperRole, string> = { submitter: "Submitter", corresponding_author: "Corresponding author", co_author: "Co-author" };

/**
 * 'Paper submitted successfully! …' after a submission. With JavaScript it goes after 5 seconds
 * and `submitted=true` leaves the address (a reload does not bring it back); without, it stays.
 */
export function SubmittedBanner() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    // The address changes without a navigation (which would load the page again without the banner).
    const url = new URL(window.location.href);
    url.searchParams.delete("submitted");
    window.history.replaceState(window.history.state, "", url);
    const timer = setTimeout(() => setShown(false), 5000);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <FormMessage tone="success">{SUBMISSION_MESSAGES.submitted}</FormMessage> : null;
}

export function MySubmissionsList({ papers }: { papers: MySubmissionWithRegistration[] | null }) {
  if (papers === null) return <FormMessage tone="error">{SUBMISSION_MESSAGES.listFailed}</FormMessage>;
  if (papers.length === 0) {
    return (
      <div className="empty-state">
        <h2>No submissions yet</h2>
        <p>Papers you submit, and papers that list you as an author, appear here with their status.</p>
        <ButtonLink to="/dashboard?tab=submit">Submit a manuscript</ButtonLink>
      </div>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">My Submissions</h2>
      <ul className="submission-list">
        {papers.map((p) => (
          <SubmissionCard key={p.id} paper={p} />
        ))}
      </ul>
    </>
  );
}

function SubmissionCard({ paper: p }: { paper: MySubmissionWithRegistration }) {
  const badge = paperStatusBadge(p.status);
  return (
    <li className="card submission-card" aria-labelledby={`paper-${p.id}-title`}>
      <div className="submission-head">
        <h3 id={`paper-${p.id}-title`}>
          <Link to={`/dashboard/submissions/${p.id}`}>{p.title}</Link>
        </h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <dl className="submission-meta">
        <div>
          <dt>Paper</dt>
          <dd>{p.number}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{MANUSCRIPT_TYPE_LABELS[p.manuscriptType as ManuscriptType] ?? p.manuscriptType}</dd>
        </div>
        <div>
          <dt>Conference</dt>
          <dd>
            <Link to={`/conferences/${p.conference.id}`}>{p.conference.title}</Link>
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDate(p.submittedAt)}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>{p.roles.map((r) => ROLE_LABELS[r]).join(", ") || "Author"}</dd>
        </div>
      </dl>
      <PaperKeywords keywords={p.keywords} jelCodes={p.jelCodes} />
      <p className="submission-authors">
        <span className="visually-hidden">Authors: </span>
        {p.authors.map((a, i) => (
          <span key={i}>
            {i > 0 ? ", " : null}
            {a.firstName} {a.lastName}
            {a.isCorresponding ? (
              <abbr title="corresponding author" className="corresponding-mark">
                *
              </abbr>
            ) : null}
          </span>
        ))}
      </p>
      <div className="submission-actions">
        <Link className="btn btn-outline btn-small" to={`/dashboard/submissions/${p.id}`}>
          Details and history<span className="visually-hidden">: {p.title}</span>
        </Link>
        {p.hasManuscript ? (
          <a className="btn btn-outline btn-small" href={`/api/papers/${p.id}/download/fullManuscript`}>
            Download manuscript<span className="visually-hidden">: {p.title}</span>
          </a>
        ) : null}
        {p.hasBlindCopy ? (
          <a className="btn btn-outline btn-small" href={`/api/papers/${p.id}/download/blindCopyManuscript`}>
            Download blind copy<span className="visually-hidden">: {p.title}</span>
          </a>
        ) : null}
        {p.canDelete ? (
          <Link className="btn btn-outline btn-small" to={`/dashboard/submissions/${p.id}/delete`} preventScrollReset>
            Delete<span className="visually-hidden">: {p.title}</span>
          </Link>
        ) : null}
        {p.registration ? <RegistrationAction paper={p} registration={p.registration} /> : null}
      </div>
      {p.registration ? <RegistrationNotes registration={p.registration} /> : null}
    </li>
  );
}

/**
 * Register on an accepted paper (spec section 4): the button while the author may register; a
 * locked button and a Closed badge while registration is closed and the author has none; the
 * paid registration with its receipt; otherwise nothing.
 */
function RegistrationAction({ paper: p, registration: r }: { paper: MySubmissionWithRegistration; registration: SubmissionRegistration }) {
  const own = r.registration;
  switch (r.eligibility) {
    case "eligible":
      return (
        <Link className="btn btn-primary btn-small" to={`/dashboard/submissions/${p.id}/register`} preventScrollReset>
          Register<span className="visually-hidden">: {p.title}</span>
        </Link>
      );
    case "closed":
      return own?.status === "pending" ? null : (
        <span className="registration-closed">
          <button type="button" className="btn btn-outline btn-small" disabled>
            <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v6a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 14.5v-6A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
            </svg>{" "}
            Register<span className="visually-hidden">: {p.title} (registration closed)</span>
          </button>{" "}
          <Badge tone="secondary">Closed</Badge>
        </span>
      );
    case "registered":
      return own ? (
        <span className="registration-paid">
          <Badge tone="success">Registered</Badge> <span>Paid {formatMoney(own.amount, own.currency)}</span>{" "}
          {own.receiptNumber ? (
            <Link className="btn btn-outline btn-small" to={`/dashboard/registrations/${own.id}/receipt`}>
              Receipt {own.receiptNumber}
              <span className="visually-hidden">: {p.title}</span>
            </Link>
          ) : null}
        </span>
      ) : null;
    default:
      return null;
  }
}

/** What else the author should know: a payment PayPal still holds, a refund, a co-author who registered. */
function RegistrationNotes({ registration: r }: { registration: SubmissionRegistration }) {
  const own = r.registration;
  const notes: string[] = [];
  if (own?.status === "pending" && r.eligibility !== "registered") notes.push("Registration started: if you paid, it is confirmed as soon as PayPal completes the payment.");
  if (own?.status === "cancelled") notes.push(`Your registration was cancelled${own.cancelReason ? `: ${own.cancelReason}` : "."}`);
  if (r.stats.otherAuthorsHaveRegistration) notes.push(`${r.stats.totalPaid - r.stats.userRegistrationCount === 1 ? "A co-author has" : `${r.stats.totalPaid - r.stats.userRegistrationCount} co-authors have`} registered for this paper.`);
  if (notes.length === 0) return null;
  return (
    <ul className="registration-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
