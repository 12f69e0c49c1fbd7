import { useNavigation, useSubmit } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useRef, useState, type ReactNode } from "react";
import { useField, ValidatedForm, type Validator } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, InvalidFormMessage, Options, SelectField, TextAreaField } from "~/components/form/fields";
import { RefusalOfNoField } from "~/components/form/messages";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Button } from "~/components/ui/button";
import { WizardProgress } from "~/components/wizard";
import { ResearchAreaField } from "~/features/accounts/expertise-fields";
import { SALUTATIONS, UNITED_STATES, US_STATES } from "~/features/accounts/options";
import { AuthorCards, type ExtraAuthorFields } from "~/features/submissions/author-cards";
import { KeywordFields } from "~/features/submissions/keyword-fields";
import { MANUSCRIPT_TYPE_LABELS, MAX_MANUSCRIPT_BYTES, RESEARCH_AREA_SLOTS, researchAreaLegend, fileTooLarge, SUBMISSION_MESSAGES } from "~/features/submissions/submission-form";
import { PAPER_STATUSES } from "~/db/enums";
import { conferenceStatusBadge } from "~/lib/status";
import { formatDate } from "~/lib/dates";
import { formatKb } from "~/lib/format";
import type { Refusal } from "~/lib/refusal";
import {
  ABSTRACT_HINT_WORDS,
  abstractCount,
  EDITOR_FILE_FIELDS,
  EDITOR_MESSAGES,
  EDITOR_STEP_SCHEMAS,
  EDITOR_STEP_TITLES,
  EDITOR_STEPS,
  type EditorAuthorRow,
  type EditorFileField,
  editorFormId,
  editorPath,
  PAPER_STATUS_LABELS,
} from "./paper-editor-form";

const validators = EDITOR_STEP_SCHEMAS.map((s) => withZod(s as never) as Validator<Record<string, unknown>>);

export type EditorView = {
  paper: { id: number; number: string; title: string; conferenceId: number };
  step: number;
  values: Record<string, unknown> & { authors: EditorAuthorRow[]; seen: number; editId: string };
  conferences: Array<{ id: number; title: string; startDate: string; status: string }>;
  files: Record<EditorFileField, { originalName: string; size: number } | null>;
};


/**
 * The Admin Paper Edit dialog's form: one step at a time, each a real post that the server checks
 * and keeps (decision 050). Next is checked in the browser first; Previous and Save always go to
 * the server (Save checks every step and opens the first incomplete one).
 */
export function PaperEditor({ view, refusal, step, search }: { view: EditorView; refusal: Refusal | undefined; step: number; search: string }) {
  const action = editorPath(view.paper.id, step, search);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = editorFormId(step);
  const values = refusal?.repopulateFields ? { ...view.values, ...refusal.repopulateFields } : view.values;
  return (
    <div className="wizard paper-editor">
      <WizardProgress step={step} titles={EDITOR_STEP_TITLES} />
      <RefusalOfNoField />
      <InvalidFormMessage formId={formId}>{EDITOR_MESSAGES.stepInvalid}</InvalidFormMessage>
      <ValidatedForm
        key={`${step}:${view.values.editId}`}
        id={formId}
        method="post"
        action={action}
        encType={step === 3 ? "multipart/form-data" : undefined}
        validator={validators[step - 1]!}
        defaultValues={values}
        formRef={formRef}
        noValidate
        className="stack-form"
      >
        <CsrfField />
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="editId" value={view.values.editId} />
        <input type="hidden" name="seen" value={view.values.seen} />
        <h3 className="form-section-title">{EDITOR_STEP_TITLES[step - 1]}</h3>
        {step === 1 ? <DescriptionStep conferences={view.conferences} /> : null}
        {step === 2 ? <AuthorCards initial={values.authors as EditorAuthorRow[]} me={null} blocked={false} formId={formId} extraFields={extraAuthorFields} /> : null}
        {step === 3 ? <FilesStep files={view.files} refusal={refusal} /> : null}
        <EditorActions action={action} step={step} formRef={formRef} />
      </ValidatedForm>
    </div>
  );
}

/** Next first (Enter means it), then Previous and Save, which post what is typed without the browser's check. */
function EditorActions({ action, step, formRef }: { action: string; step: number; formRef: React.RefObject<HTMLFormElement> }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const post = (intent: string) => (event: React.MouseEvent) => {
    if (!hydrated || !formRef.current) return;
    event.preventDefault();
    const data = new FormData(formRef.current);
    data.set("intent", intent);
    submit(data, { method: "post", action, encType: step === 3 ? "multipart/form-data" : "application/x-www-form-urlencoded" });
  };
  return (
    <div className="wizard-actions">
      {step < EDITOR_STEPS ? (
        <Button type="submit" name="intent" value="next" aria-disabled={busy || undefined}>
          Next
        </Button>
      ) : null}
      {step > 1 ? (
        <Button type="submit" name="intent" value="previous" variant="outline" formNoValidate onClick={post("previous")}>
          Previous
        </Button>
      ) : null}
      <Button type="submit" name="intent" value="save" variant={step === EDITOR_STEPS ? "primary" : "outline"} formNoValidate onClick={post("save")} aria-disabled={busy || undefined}>
        {busy ? "Saving…" : "Save"}
      </Button>
    </div>
  );
}

function DescriptionStep({ conferences }: { conferences: EditorView["conferences"] }) {
  const abstract = useField("manuscriptAbstract");
  const [count, setCount] = useState(() => abstractCount(String(abstract.defaultValue ?? "")));
  return (
    <>
      <div className="field-row">
        <SelectField name="manuscriptType" label="Manuscript type" required options={Object.entries(MANUSCRIPT_TYPE_LABELS) as Array<[string, string]>} />
        <SelectField name="status" label="Status" required placeholder="" options={PAPER_STATUSES.map((s) => [s, PAPER_STATUS_LABELS[s]] as const)} hint="A new status is a decision: the authors are sent its letter when you save." />
      </div>
      <SelectField
        name="conferenceId"
        label="Conference"
        required
        options={conferences.map((c) => [String(c.id), `(${conferenceStatusBadge(c.status).label}) ${c.title}, ${formatDate(c.startDate)}`] as const)}
      />
      <TextAreaField name="manuscriptTitle" label="Title" required rows={2} maxLength={500} />
      <TextAreaField
        name="manuscriptAbstract"
        label="Abstract"
        required
        rows={10}
        onInput={(e) => setCount(abstractCount(e.currentTarget.value))}
        hint={
          <>
            Maximum {ABSTRACT_HINT_WORDS} words.{" "}
            <span className={count.words > ABSTRACT_HINT_WORDS ? "word-count over" : "word-count"} aria-live="polite">
              {count.words} words, {count.characters} characters
            </span>
          </>
        }
      />
      <KeywordFields hint={(_field, own) => own} />
      <p className="form-intro">Research areas: the first three are required, two more are optional.</p>
      {RESEARCH_AREA_SLOTS.map((n) => (
        <ResearchAreaField key={n} category={`researchArea${n}Category`} topic={`researchArea${n}`} legend={researchAreaLegend(n)} required={n <= 3} />
      ))}
    </>
  );
}

type ExtraKey = "salutation" | "middleName" | "state" | "address1" | "address2" | "city" | "postalCode";
const EXTRA_LABELS: Record<ExtraKey, string> = {
  salutation: "Salutation",
  middleName: "Middle name",
  state: "State",
  address1: "Address line 1",
  address2: "Address line 2",
  city: "City",
  postalCode: "Postal code",
};

/** One of the office's extra fields on an author's card, posted as `authors[2][city]`. */
function ExtraField({ i, rowKey, field, value, children }: { i: number; rowKey: number; field: ExtraKey; value: string; children?: (props: Record<string, unknown>) => ReactNode }) {
  const { error } = useField(`authors[${i}].${field}`);
  const id = `author-${rowKey}-${field}`;
  const props = { id, name: `authors[${i}][${field}]`, defaultValue: value, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return (
    <div className={`field author-${field}${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{EXTRA_LABELS[field]}</label>
      {children ? children(props) : <input {...props} type="text" maxLength={field === "postalCode" ? 20 : 200} autoComplete="off" />}
      <FieldError name={id} error={error} />
    </div>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The administrator view's fields beyond the wizard's card: salutation, middle name, state (United States only) and address. */
const extraAuthorFields: ExtraAuthorFields = ({ i, row, key }) => ({
  beforeName: (
    <ExtraField i={i} rowKey={key} field="salutation" value={str(row.salutation)}>
      {(props) => (
        <select {...props}>
          <option value="">None</option>
          <Options options={SALUTATIONS} />
        </select>
      )}
    </ExtraField>
  ),
  afterFirstName: <ExtraField i={i} rowKey={key} field="middleName" value={str(row.middleName)} />,
  afterCountry: <StateField i={i} rowKey={key} country={row.country} value={str(row.state)} />,
  end: (
    <>
      <ExtraField i={i} rowKey={key} field="address1" value={str(row.address1)} />
      <ExtraField i={i} rowKey={key} field="address2" value={str(row.address2)} />
      <ExtraField i={i} rowKey={key} field="city" value={str(row.city)} />
      <ExtraField i={i} rowKey={key} field="postalCode" value={str(row.postalCode)} />
    </>
  ),
});

/** The state select appears only when the country is the United States (without JavaScript it is always there, used only then). */
function StateField({ i, rowKey, country, value }: { i: number; rowKey: number; country: string; value: string }) {
  const hydrated = useHydrated();
  if (hydrated && country !== UNITED_STATES) return null;
  return (
    <ExtraField i={i} rowKey={rowKey} field="state" value={value}>
      {(props) => (
        <select {...props}>
          <option value="">{hydrated ? "Select…" : "Select… (United States only)"}</option>
          <Options options={US_STATES} />
        </select>
      )}
    </ExtraField>
  );
}

const ACCEPT = ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const FILE_LABELS: Record<EditorFileField, string> = { fullManuscript: "Full manuscript", blindCopyManuscript: "Blind copy" };

/** The browser's own check before sending (the server checks again, by content). */
function refusalOf(file: File): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return SUBMISSION_MESSAGES.notPdfOrDocx;
  if (file.size > MAX_MANUSCRIPT_BYTES) return fileTooLarge(file.size);
  return null;
}

function FilesStep({ files, refusal }: { files: EditorView["files"]; refusal: Refusal | undefined }) {
  return (
    <>
      <p className="form-intro">A file chosen here replaces the stored one when you save; leave a field empty to keep the current file. PDF or DOCX, at most 25 MB each.</p>
      {(Object.keys(EDITOR_FILE_FIELDS) as EditorFileField[]).map((field) => (
        <FileField key={field} field={field} current={files[field]} serverError={refusal?.fieldErrors?.[EDITOR_FILE_FIELDS[field]]} />
      ))}
    </>
  );
}

function FileField({ field, current, serverError }: { field: EditorFileField; current: { originalName: string; size: number } | null; serverError?: string }) {
  const name = EDITOR_FILE_FIELDS[field];
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError;
  return (
    <div className={`field${shown ? " has-error" : ""}`}>
      <label htmlFor={name}>{current ? `Replace the ${FILE_LABELS[field].toLowerCase()}` : FILE_LABELS[field]}</label>
      <input
        id={name}
        name={name}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${name}-hint${shown ? ` ${name}-error` : ""}`}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          const refused = file ? refusalOf(file) : null;
          setError(refused);
          if (refused) e.target.value = "";
        }}
      />
      <p className="field-hint" id={`${name}-hint`}>
        {current ? (
          <>
            Current file: <strong>{current.originalName}</strong> ({formatKb(current.size)}).
          </>
        ) : (
          `No ${FILE_LABELS[field].toLowerCase()} stored.`
        )}
      </p>
      <FieldError name={name} error={shown ?? undefined} />
    </div>
  );
}
