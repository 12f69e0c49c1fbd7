/**
 * The page for new versions of a submitted paper's files (decision 064): a plain multipart form
 * that works without JavaScript (the server checks, refuses with the wizard's messages, or
 * redirects to the submission page with its notice). With JavaScript, a file over the limit or of
 * another type is named at once, before anything is sent, and the button says it is uploading.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { fileTooLarge, MANUSCRIPT_ACCEPT, MAX_MANUSCRIPT_BYTES, SUBMISSION_MESSAGES } from "./submission-form";
import { type FileVersions, MAX_REVISION_NOTE, VERSION_FIELDS } from "./paper-versions";

export type VersionUploadView = {
  id: number;
  number: string;
  title: string;
  conference: string;
  revision: boolean;
  versions: FileVersions[];
};

/** What the browser can tell of a chosen file before sending it: the wizard's type and size messages. */
function earlyProblem(file: File | undefined): string | null {
  if (!file) return null;
  if (!/\.(pdf|docx|doc)$/i.test(file.name)) return SUBMISSION_MESSAGES.notPdfOrDocx;
  if (file.size > MAX_MANUSCRIPT_BYTES) return fileTooLarge(file.size);
  return null;
}

function FileField({ name, label, hint, serverError }: { name: string; label: string; hint: string; serverError?: string }) {
  const [early, setEarly] = useState<string | null>(null);
  const error = early ?? serverError;
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="file"
        accept={MANUSCRIPT_ACCEPT}
        aria-describedby={`${name}-hint${error ? ` ${name}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const problem = earlyProblem(e.currentTarget.files?.[0]);
          setEarly(problem);
          e.currentTarget.setCustomValidity(problem ?? "");
        }}
      />
      <p className="field-hint" id={`${name}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VersionUploadPage({ view: v }: { view: VersionUploadView }) {
  const refusal = useRefusal();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const fieldErrors = refusal?.fieldErrors ?? {};
  const heading = v.revision ? "Upload the revised manuscript" : "Upload a new version";
  return (
    <div className="container submission-page">
      <p>
        <Link to={`/dashboard/submissions/${v.id}`}>‹ Back to paper {v.number}</Link>
      </p>
      <article className="card" aria-labelledby="versions-title">
        <p className="eyebrow">
          Paper {v.number} · {v.conference}
        </p>
        <h1 id="versions-title" className="submission-page-title">
          {heading}
        </h1>
        <p className="version-paper-title">{v.title}</p>
        {v.revision ? (
          <p>
            The programme committee asks for a revision. Upload the revised manuscript (and, if the call asks for one, a revised blind copy): the paper then returns to review, and the office is
            told. The earlier versions are kept.
          </p>
        ) : (
          <p>A new file becomes the paper&apos;s current version; the earlier versions are kept and stay listed on the paper&apos;s page.</p>
        )}
        {refusal ? (
          <FormMessage tone="error" answered>
            {/* A file's own refusal is said under its field; here, that nothing was kept. */}
            {refusal.fieldErrors ? "Nothing was stored: the field marked below needs attention." : refusal.message}
          </FormMessage>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="version-form" aria-labelledby="versions-title">
          <CsrfField />
          <FileField
            name={VERSION_FIELDS.manuscript}
            label={v.revision ? "Revised manuscript" : "New version of the manuscript"}
            hint={`PDF or Word (DOCX, DOC), at most 25 MB.${v.revision ? "" : " Leave empty to keep the current manuscript."}`}
            serverError={fieldErrors[VERSION_FIELDS.manuscript]}
          />
          <FileField
            name={VERSION_FIELDS.blindCopy}
            label="New version of the blind copy (optional)"
            hint="The manuscript without the authors' names, e-mail addresses and acknowledgements, for the reviewers. PDF or Word, at most 25 MB."
            serverError={fieldErrors[VERSION_FIELDS.blindCopy]}
          />
          {v.revision ? (
            <div className={`field${fieldErrors[VERSION_FIELDS.note] ? " has-error" : ""}`}>
              <label htmlFor={VERSION_FIELDS.note}>A note to the office (optional)</label>
              <textarea
                id={VERSION_FIELDS.note}
                name={VERSION_FIELDS.note}
                rows={4}
                maxLength={MAX_REVISION_NOTE}
                aria-describedby={`${VERSION_FIELDS.note}-hint${fieldErrors[VERSION_FIELDS.note] ? ` ${VERSION_FIELDS.note}-error` : ""}`}
                aria-invalid={fieldErrors[VERSION_FIELDS.note] ? true : undefined}
                defaultValue={typeof refusal?.repopulateFields?.[VERSION_FIELDS.note] === "string" ? String(refusal.repopulateFields[VERSION_FIELDS.note]) : undefined}
              />
              <p className="field-hint" id={`${VERSION_FIELDS.note}-hint`}>
                Plain text, at most {MAX_REVISION_NOTE} characters: what changed, for the office and the programme committee.
              </p>
              {fieldErrors[VERSION_FIELDS.note] ? (
                <p className="field-error" id={`${VERSION_FIELDS.note}-error`}>
                  {fieldErrors[VERSION_FIELDS.note]}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="submission-actions">
            <Button type="submit" aria-busy={sending || undefined} disabled={sending}>
              {sending ? "Uploading…" : v.revision ? "Send the revision" : "Upload"}
            </Button>
            <Link className="btn btn-outline" to={`/dashboard/submissions/${v.id}`}>
              Cancel
            </Link>
          </div>
        </Form>
        {v.versions.length ? (
          <section aria-labelledby="versions-now-title">
            <h2 id="versions-now-title">Current files</h2>
            <ul className="file-list">
              {v.versions.map((k) => {
                const current = k.versions[0]!;
                return (
                  <li key={k.kind}>
                    {k.label}: {current.name}{" "}
                    <span className="field-hint">
                      {current.size}, uploaded {formatDateTime(current.uploadedAt)}
                      {k.versions.length > 1 ? `; ${k.versions.length - 1} earlier version${k.versions.length > 2 ? "s" : ""} kept` : ""}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}
