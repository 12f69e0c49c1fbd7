import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormMessage } from "~/components/form/fields";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { paperStatusBadge } from "~/lib/status";
import type { MySubmission, PaperRole } from "~/features/papers/papers.server";
import { MANUSCRIPT_TYPE_LABELS, type ManuscriptType, SUBMISSION_MESSAGES } from "./submission-form";

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

export function MySubmissionsList({ papers }: { papers: MySubmission[] | null }) {
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

function SubmissionCard({ paper: p }: { paper: MySubmission }) {
  const badge = paperStatusBadge(p.status);
  return (
    <li className="card submission-card" aria-labelledby={`paper-${p.id}-title`}>
      <div className="submission-head">
        <h3 id={`paper-${p.id}-title`}>{p.title}</h3>
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
        {p.hasManuscript ? (
          <a className="btn btn-outline btn-small" href={`/api/papers/${p.id}/download/fullManuscript`}>
            Download manuscript<span className="visually-hidden">: {p.title}</span>
          </a>
        ) : null}
        {p.canDelete ? (
          <Link className="btn btn-outline btn-small" to={`/dashboard/submissions/${p.id}/delete`} preventScrollReset>
            Delete<span className="visually-hidden">: {p.title}</span>
          </Link>
        ) : null}
        {/* Where Register will sit once conference registration opens (the payments issue). */}
        {p.status === "accepted" ? <span className="registration-slot" data-paper={p.id} /> : null}
      </div>
    </li>
  );
}
