import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { RouteDialog } from "~/components/ui/route-dialog";
import { asAdmin, getPaper } from "~/features/papers/papers.server";
import { fileVersions } from "~/features/submissions/paper-versions.server";
import { MANUSCRIPT_TYPE_LABELS, type ManuscriptType } from "~/features/submissions/submission-form";
import { formatDate, formatDateTime } from "~/lib/dates";
import { researchAreaLabel } from "~/lib/format";
import { listPath } from "~/lib/list-href";
import { parseId } from "~/lib/params";
import { paperStatusBadge } from "~/lib/status";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors.server";

/** View details: the paper, its authors and its files, read only, with a mail link to its primary author. */
export const loader = loads("Failed to load papers for this conference", async ({ request, params, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  const paper = id === null ? null : await getPaper(context, asAdmin(admin), id);
  if (!paper) throw notFound("Paper not found.");
  const primary = paper.authors.find((a) => a.isCorresponding) ?? paper.authors[0] ?? null;
  return {
    id: paper.id,
    number: paper.number,
    title: paper.title,
    abstract: paper.abstract,
    manuscriptType: paper.manuscriptType,
    status: paper.status,
    submitted: formatDate(paper.submittedAt),
    conference: paper.conference.title,
    researchAreas: paper.researchAreas,
    keywords: paper.keywords,
    jelCodes: paper.jelCodes,
    authors: paper.authors.map((a) => ({
      id: a.id,
      name: [a.salutation, a.firstName, a.middleName, a.lastName].filter(Boolean).join(" "),
      email: a.email,
      affiliation: [a.department, a.institution].filter(Boolean).join(", "),
      rank: a.rank === "Other" ? a.rankOther : a.rank,
      country: a.country,
      corresponding: a.isCorresponding,
    })),
    // Every version of each kind, newest first, with who uploaded it and when (decision 064).
    files: fileVersions(paper),
    primary: primary ? { name: `${primary.firstName} ${primary.lastName}`, email: primary.email } : null,
  };
});

export default function PaperDetails() {
  const p = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const badge = paperStatusBadge(p.status);
  return (
    <RouteDialog title={`${p.number}: ${p.title}`} closeTo={listPath("/admin/papers", search)} wide>
      <dl className="details-list">
        <dt>Conference</dt>
        <dd>{p.conference}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </dd>
        <dt>Manuscript type</dt>
        <dd>{MANUSCRIPT_TYPE_LABELS[p.manuscriptType as ManuscriptType] ?? p.manuscriptType}</dd>
        <dt>Submitted</dt>
        <dd>{p.submitted}</dd>
        <dt>Research areas</dt>
        <dd>{p.researchAreas.length ? p.researchAreas.map(researchAreaLabel).join("; ") : "—"}</dd>
        <dt>Keywords</dt>
        <dd>{p.keywords.length ? p.keywords.join(", ") : "—"}</dd>
        <dt>JEL codes</dt>
        <dd>{p.jelCodes.length ? p.jelCodes.join(", ") : "—"}</dd>
      </dl>
      <h3>Abstract</h3>
      <p className="abstract">{p.abstract}</p>
      <h3>Authors</h3>
      <ol className="author-list">
        {p.authors.map((a) => (
          <li key={a.id}>
            <strong>{a.name}</strong> {a.corresponding ? <Badge tone="primary">Corresponding</Badge> : null}
            <br />
            <a href={`mailto:${a.email}`}>{a.email}</a>
            {a.affiliation ? <> · {a.affiliation}</> : null}
            {a.rank ? <> · {a.rank}</> : null}
            {a.country ? <> · {a.country}</> : null}
          </li>
        ))}
      </ol>
      <h3>Files</h3>
      {p.files.length ? (
        p.files.map((k) => (
          <div key={k.kind} className="file-versions">
            <h4 id={`paper-files-${k.kind}`}>{k.kind === "manuscript" ? "Full Manuscript" : "Blind Copy"}</h4>
            <ol className="file-list" aria-labelledby={`paper-files-${k.kind}`} reversed>
              {k.versions.map((v) => (
                <li key={v.id}>
                  <a href={v.href}>{v.name}</a> {v.current ? <Badge tone="primary">Current</Badge> : null} ({v.size})
                  <br />
                  <span className="field-hint">
                    Uploaded {formatDateTime(v.uploadedAt)}
                    {v.uploader ? ` by ${v.uploader}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ))
      ) : (
        <p className="empty-note">No files uploaded.</p>
      )}
      {p.primary ? (
        <p>
          <a className="btn btn-outline" href={`mailto:${p.primary.email}?subject=${encodeURIComponent(`Regarding your paper: ${p.title}`)}`}>
            Contact Primary Author
          </a>
        </p>
      ) : null}
    </RouteDialog>
  );
}
