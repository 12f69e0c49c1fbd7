import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatKb } from "~/lib/format";
import { BlindCopyCheck } from "./blind-copy-field";
import { PaperKeywords } from "./paper-keywords";
import { FROM_SUMMARY_FIELD, SUMMARY_PATH, type SubmissionSummary } from "./submission-summary";
import { SUBMISSION_WIZARD } from "./submission-form";

const stepPath = (step: number) => `/dashboard?tab=submit&step=${step}`;

/** One step of the summary: its title, a link back to it, and what it holds. */
function Section({ step, children }: { step: number; children: ReactNode }) {
  const title = SUBMISSION_WIZARD.titles[step - 1]!;
  return (
    <section className="summary-section" aria-labelledby={`summary-${step}`}>
      <div className="summary-head">
        <h3 id={`summary-${step}`}>
          {step}. {title}
        </h3>
        <Link to={stepPath(step)} className="btn btn-outline btn-small">
          Change<span className="visually-hidden"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

/**
 * The end of step 5: every step as it will be submitted, each with a link back to change it, and
 * Submit. A plain form post: the server submits what the draft kept, which is what this shows.
 */
export function SummaryStep({ summary: s, submissionKey }: { summary: SubmissionSummary; submissionKey: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="stack-form submission-summary">
      <h2 className="form-section-title">Check your submission</h2>
      <p className="form-intro">This is what will be submitted. Change any step with its link; nothing is sent until you press Submit.</p>
      <Section step={1}>
        <dl className="details-list">
          <dt>Conference</dt>
          <dd>{s.conference}</dd>
          <dt>Manuscript type</dt>
          <dd>{s.manuscriptType}</dd>
        </dl>
      </Section>
      <Section step={2}>
        <dl className="details-list">
          <dt>Manuscript</dt>
          <dd>{s.file ? `${s.file.name}${s.file.size ? ` (${formatKb(s.file.size)})` : ""}` : "—"}</dd>
          <dt>Blind copy</dt>
          <dd>{s.blindCopy.status === "none" ? "None" : `${s.blindCopy.name}${s.blindCopy.size ? ` (${formatKb(s.blindCopy.size)})` : ""}`}</dd>
        </dl>
        <BlindCopyCheck view={s.blindCopy} />
      </Section>
      <Section step={3}>
        <p className="summary-title">{s.title}</p>
        <p className="abstract">{s.abstract}</p>
        <PaperKeywords keywords={s.keywords} jelCodes={s.jelCodes} />
      </Section>
      <Section step={4}>
        <ol className="summary-list">
          {s.researchAreas.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ol>
      </Section>
      <Section step={5}>
        <ol className="author-list">
          {s.authors.map((a, i) => (
            <li key={i}>
              <strong>{a.name}</strong> {a.corresponding ? <Badge tone="primary">Corresponding</Badge> : null}
              <br />
              {[a.email, a.affiliation, a.rank, a.country].filter(Boolean).join(" · ")}
            </li>
          ))}
        </ol>
      </Section>
      <Form method="post" action={SUMMARY_PATH} className="wizard-actions">
        <CsrfField />
        <input type="hidden" name="step" value="5" />
        <input type="hidden" name={FROM_SUMMARY_FIELD} value="1" />
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <Button type="submit" name="intent" value="submit" aria-disabled={busy || undefined}>
          {busy ? "Submitting…" : "Submit"}
        </Button>
        <Link to={stepPath(5)} className="btn btn-outline">
          Back to the authors
        </Link>
      </Form>
    </div>
  );
}
