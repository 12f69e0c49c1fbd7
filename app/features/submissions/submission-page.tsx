/**
 * A submission's own page (decision 061): everything submitted, its files, its authors and their
 * roles, its status with what it means and what to do, and the status's history. For the paper's
 * submitter and its listed authors; actions (delete) for the submitter alone.
 */
import { Link } from "@remix-run/react";
import { FormMessage } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import { formatDeadline } from "~/lib/deadline";
import { paperStatusBadge } from "~/lib/status";
import { EDIT_MESSAGES, editPath, filesPath } from "./submission-edit-form";
import { MANUSCRIPT_TYPE_LABELS, type ManuscriptType } from "./submission-form";
import { PaperKeywords } from "./paper-keywords";
import type { SubmissionRights } from "./submission-rights";
import { VERSION_DONE, type FileVersions } from "./paper-versions";

export type SubmissionPageView = {
  id: number;
  number: string;
  title: string;
  abstract: string;
  keywords: string[];
  jelCodes: string[];
  manuscriptType: string;
  status: string;
  submittedAt: number;
  conference: { id: number; title: string; submissionDeadline: number | null };
  researchAreas: string[];
  roles: string[];
  /** Addresses are shown to the submitter, who typed them; a co-author sees names and affiliations. */
  authors: Array<{ name: string; email: string | null; affiliation: string; country: string | null; corresponding: boolean; isYou: boolean }>;
  /** Every version of each file, newest first (decision 064). */
  files: FileVersions[];
  history: Array<{ at: number; status: string; revision?: true }>;
  /** What an incomplete paper lacks, as far as the site can tell from what it holds. */
  missing: string[];
  /** What the asking author may still do (decision 063). */
  rights: SubmissionRights;
  contactEmail: string;
};

/** What the page says after the edit page or the files page saved. */
const DONE_MESSAGES = { edited: EDIT_MESSAGES.saved, completed: EDIT_MESSAGES.savedComplete, ...VERSION_DONE } as const;
export type SubmissionPageDone = keyof typeof DONE_MESSAGES;
export const isSubmissionPageDone = (value: string | null): value is SubmissionPageDone => value !== null && Object.hasOwn(DONE_MESSAGES, value);

export function SubmissionPage({ paper: p, done = null }: { paper: SubmissionPageView; done?: SubmissionPageDone | null }) {
  const badge = paperStatusBadge(p.status);
  return (
    <div className="container submission-page">
      <p>
        <Link to="/dashboard?tab=submissions">‹ My Submissions</Link>
      </p>
      {done ? (
        <FormMessage tone="success" answered>
          {DONE_MESSAGES[done]}
        </FormMessage>
      ) : null}
      <article className="card" aria-labelledby="submission-title">
        <header className="submission-head">
          <div>
            <p className="eyebrow">Paper {p.number}</p>
            <h1 id="submission-title" className="submission-page-title">
              {p.title}
            </h1>
          </div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </header>
        <dl className="details-list">
          <dt>Conference</dt>
          <dd>
            <Link to={`/conferences/${p.conference.id}`}>{p.conference.title}</Link>
          </dd>
          <dt>Type</dt>
          <dd>{MANUSCRIPT_TYPE_LABELS[p.manuscriptType as ManuscriptType] ?? p.manuscriptType}</dd>
          <dt>Submitted</dt>
          <dd>{formatDateTime(p.submittedAt)}</dd>
          {p.conference.submissionDeadline ? (
            <>
              <dt>Submission deadline</dt>
              <dd>{formatDeadline(p.conference.submissionDeadline)}</dd>
            </>
          ) : null}
          <dt>Your role</dt>
          <dd>{p.roles.join(", ") || "Author"}</dd>
        </dl>

        <section aria-labelledby="status-title">
          <h2 id="status-title">Status</h2>
          <StatusNote paper={p} />
          <h3 id="history-title">History</h3>
          <ol className="status-history" aria-labelledby="history-title">
            <li>
              <time dateTime={new Date(p.submittedAt).toISOString()}>{formatDateTime(p.submittedAt)}</time>: submitted, {paperStatusBadge("under_review").label.toLowerCase()}
            </li>
            {p.history.map((h, i) => (
              <li key={i}>
                <time dateTime={new Date(h.at).toISOString()}>{formatDateTime(h.at)}</time>: {h.revision ? "revision received, " : ""}
                {paperStatusBadge(h.status).label.toLowerCase()}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="abstract-title">
          <h2 id="abstract-title">Abstract</h2>
          <p className="abstract">{p.abstract}</p>
          <PaperKeywords keywords={p.keywords} jelCodes={p.jelCodes} />
          <h3>Research areas</h3>
          {p.researchAreas.length ? (
            <ol>
              {p.researchAreas.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ol>
          ) : (
            <p>None given.</p>
          )}
        </section>

        <section aria-labelledby="authors-title">
          <h2 id="authors-title">Authors</h2>
          <ol className="submission-page-authors">
            {p.authors.map((a, i) => (
              <li key={i}>
                <strong>{a.name}</strong>
                {a.isYou ? " (you)" : null} {a.corresponding ? <Badge tone="primary">Corresponding author</Badge> : null}
                <br />
                {[a.affiliation, a.country].filter(Boolean).join(", ")}
                {a.email ? (
                  <>
                    <br />
                    <span className="field-hint">{a.email}</span>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="files-title">
          <h2 id="files-title">Files</h2>
          {p.files.length ? (
            p.files.map((k) => (
              <div key={k.kind} className="file-versions">
                <h3 id={`files-${k.kind}`}>{k.label}</h3>
                <ol className="file-list" aria-labelledby={`files-${k.kind}`} reversed>
                  {k.versions.map((v) => (
                    <li key={v.id}>
                      <a href={v.href}>{v.name}</a> {v.current ? <Badge tone="primary">Current</Badge> : null}{" "}
                      <span className="field-hint">
                        {v.size}, uploaded {formatDateTime(v.uploadedAt)}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            ))
          ) : (
            <p>No file is stored with this paper.</p>
          )}
          {p.rights.uploadVersion && p.status !== "revision_required" ? (
            <p>
              <Link className="btn btn-outline" to={filesPath(p.id)}>
                Upload a new version
              </Link>
            </p>
          ) : null}
        </section>

        {p.rights.closedBecause ? (
          <p className="alert alert-info" id="edit-closed">
            {p.rights.closedBecause}
          </p>
        ) : null}
        {p.rights.edit || p.rights.delete ? (
          <div className="submission-actions">
            {p.rights.edit ? (
              <Link className="btn btn-primary" to={editPath(p.id)}>
                Edit submission
              </Link>
            ) : null}
            {p.rights.delete ? (
              <Link className="btn btn-outline" to={`/dashboard/submissions/${p.id}/delete`}>
                Delete submission
              </Link>
            ) : null}
          </div>
        ) : null}
      </article>
    </div>
  );
}

/** What the status means for the author, and what they can do. */
function StatusNote({ paper: p }: { paper: SubmissionPageView }) {
  const write = (
    <>
      write to <a href={`mailto:${p.contactEmail}?subject=${encodeURIComponent(`Paper ${p.number}`)}`}>{p.contactEmail}</a>, quoting {p.number}
    </>
  );
  switch (p.status) {
    case "under_review":
      return <p>The programme committee is reviewing the paper. Every author receives an e-mail when it decides.</p>;
    case "accepted":
      return (
        <p>
          The paper is accepted. To present it, at least one author registers for the conference from <Link to="/dashboard?tab=submissions">My Submissions</Link>.
        </p>
      );
    case "rejected":
      return <p>The programme committee could not accept the paper for this conference.</p>;
    case "revision_required":
      return p.rights.uploadVersion ? (
        <>
          <p>The programme committee asks for a revision before it decides. Upload the revised manuscript (PDF or Word): the paper then returns to review, and the earlier version is kept.</p>
          <p>
            <Link className="btn btn-primary" to={filesPath(p.id)}>
              Upload the revised manuscript
            </Link>
          </p>
        </>
      ) : (
        <p>
          The programme committee asks for a revision before it decides. The author who submitted the paper uploads the revised manuscript from this page; for anything else, {write}.
        </p>
      );
    case "incomplete":
      return (
        <>
          <p>The paper cannot be reviewed yet because the submission is incomplete.</p>
          {p.missing.length ? (
            <>
              <p>What is missing:</p>
              <ul>
                {p.missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>The office's e-mail about the paper says what is missing.</p>
          )}
          <IncompleteNextStep paper={p} write={write} />
        </>
      );
    default:
      return null;
  }
}

/**
 * How to complete an incomplete paper: while the submitter may edit it, the edit page (and the
 * files page for a missing manuscript), after which a paper that lacks nothing the site can check
 * is under review again (decision 063); otherwise, or for what the site cannot see, the office.
 */
function IncompleteNextStep({ paper: p, write }: { paper: SubmissionPageView; write: React.ReactNode }) {
  if (!p.rights.edit) return <p>To complete it, {write}, with what is missing; the office then returns it to review.</p>;
  const noManuscript = p.missing.some((m) => m.startsWith("The manuscript"));
  const details = p.missing.some((m) => !m.startsWith("The manuscript"));
  if (!p.missing.length) {
    return (
      <p>
        To complete it, <Link to={editPath(p.id)}>edit the submission</Link> as the office's e-mail asks, then {write}; the office returns it to review.
      </p>
    );
  }
  return (
    <>
      <p>To complete it:</p>
      <ul>
        {details ? (
          <li>
            <Link to={editPath(p.id)}>Edit the submission</Link> and fill in what is missing.
          </li>
        ) : null}
        {noManuscript ? (
          <li>
            {p.rights.uploadVersion ? <Link to={filesPath(p.id)}>Upload the manuscript</Link> : <>Send the manuscript: {write}</>}.
          </li>
        ) : null}
      </ul>
      <p>When a saved edit leaves nothing missing, the paper is under review again and the office is told.</p>
    </>
  );
}
