/**
 * The submitter's edit page (decision 063): the wizard's title, abstract, keywords, research areas
 * and author cards in one form, a real post that the server checks; with JavaScript the fields are
 * checked as they change and the cards change in place.
 */
import { Link } from "@remix-run/react";
import { useRef } from "react";
import { ValidatedForm } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage } from "~/components/form/fields";
import { RefusalOfNoField, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { formatDeadline } from "~/lib/deadline";
import { AuthorCards } from "./author-cards";
import { EDIT_FORM_ID, EDIT_MESSAGES, editPath, submissionEditValidator } from "./submission-edit-form";
import { type AuthorRow, type Person, SUBMISSION_MESSAGES } from "./submission-form";
import { ResearchAreasStep, TitleStep } from "./submission-wizard";

export type SubmissionEditView = {
  paper: { id: number; number: string; title: string; status: string; conference: string; submissionDeadline: number | null };
  values: Record<string, unknown> & { authors: AuthorRow[]; seen: number; editId: string };
  me: Person;
};

export function SubmissionEdit({ view }: { view: SubmissionEditView }) {
  const { paper } = view;
  const refusal = useRefusal();
  const values = refusal?.repopulateFields ? { ...view.values, ...refusal.repopulateFields } : view.values;
  const formRef = useRef<HTMLFormElement>(null);
  const back = `/dashboard/submissions/${paper.id}`;
  return (
    <div className="container submission-page submission-edit">
      <p>
        <Link to={back}>‹ Paper {paper.number}</Link>
      </p>
      <article className="card" aria-labelledby="edit-title">
        <p className="eyebrow">Paper {paper.number}</p>
        <h1 id="edit-title" className="submission-page-title">
          Edit submission
        </h1>
        <p className="form-intro">
          {paper.submissionDeadline
            ? `You can change the paper's details and authors until submissions to ${paper.conference} close on ${formatDeadline(paper.submissionDeadline)}.`
            : `You can change the paper's details and authors while ${paper.conference} takes submissions.`}{" "}
          Authors you add or remove, and those who stay listed, are told by e-mail when you save. The manuscript files are changed on their own page.
        </p>
        <RefusalOfNoField formId={EDIT_FORM_ID} />
        <InvalidFormMessage formId={EDIT_FORM_ID}>{EDIT_MESSAGES.invalid}</InvalidFormMessage>
        <ValidatedForm
          key={view.values.editId}
          id={EDIT_FORM_ID}
          method="post"
          action={editPath(paper.id)}
          validator={submissionEditValidator}
          defaultValues={values}
          formRef={formRef}
          noValidate
          className="stack-form"
        >
          <CsrfField />
          <input type="hidden" name="editId" value={view.values.editId} />
          <input type="hidden" name="seen" value={view.values.seen} />
          <h2 className="form-section-title">Title and abstract</h2>
          <TitleStep provenance={null} />
          <h2 className="form-section-title">Research areas</h2>
          <ResearchAreasStep />
          <h2 className="form-section-title">Authors</h2>
          <AuthorCards initial={values.authors as AuthorRow[]} me={view.me} blocked={refusal?.message.startsWith(SUBMISSION_MESSAGES.blocked) ?? false} formId={EDIT_FORM_ID} />
          <div className="wizard-actions">
            <Button type="submit" name="intent" value="save">
              Save changes
            </Button>
            <Link className="btn btn-outline" to={back}>
              Cancel
            </Link>
          </div>
        </ValidatedForm>
      </article>
    </div>
  );
}
