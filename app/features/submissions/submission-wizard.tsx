import { Form, Link, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useField, ValidatedForm } from "remix-validated-form";
import { CsrfField, useCsrfToken } from "~/components/csrf-field";
import { InvalidFormMessage, SelectField, TextAreaField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { useAutosave } from "~/components/hooks/use-autosave";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Button } from "~/components/ui/button";
import { WizardProgress } from "~/components/wizard";
import { ResearchAreaField } from "~/features/accounts/expertise-fields";
import { formatDate } from "~/lib/dates";
import { formatDeadline } from "~/lib/deadline";
import { formatKb } from "~/lib/format";
import { AuthorCards } from "./author-cards";
import { KeywordFields } from "./keyword-fields";
import { BLIND_COPY_FIELD, type BlindCopyView } from "./blind-copy";
import { BlindCopyField } from "./blind-copy-field";
import type { SubmissionSummary } from "./submission-summary";
import { SummaryStep } from "./submission-summary-step";
import { ProvenanceHint, stillAsRead } from "./provenance-hint";
import {
  ABSTRACT_MAX_WORDS,
  countWords,
  type ExtractionView,
  fileTooLarge,
  MANUSCRIPT_TYPE_LABELS,
  MAX_MANUSCRIPT_BYTES,
  type AuthorsRead,
  type ExtractedAuthor,
  type Person,
  type Provenance,
  type ProvenanceField,
  RESEARCH_AREA_SLOTS,
  researchAreaLegend,
  SUBMISSION_MESSAGES,
  SUBMISSION_WIZARD,
  MANUSCRIPT_ACCEPT,
} from "./submission-form";

const ConfirmDialog = lazy(() => import("~/components/ui/confirm-dialog"));

const wizard = SUBMISSION_WIZARD;
/** The id of the shown step's heading, which takes focus when the step changes. */
const STEP_TITLE_ID = "wizard-step-title";
const stepPath = (step: number) => `/dashboard?tab=submit&step=${step}`;

export type WizardView = {
  step: number;
  values: Record<string, unknown>;
  conferences: Array<{ id: number; title: string; startDate: string; location: string; submissionDeadline: number | null }> | null;
  conferencesFailed: boolean;
  extraction: ExtractionView | null;
  /** Next was pressed while the manuscript was still being read: the step goes on when it ends. */
  waiting: boolean;
  provenance: Partial<Record<ProvenanceField, Provenance>> | null;
  duplicate: { number: string; submittedAt: number } | null;
  me: Person | null;
  blocked: boolean;
  submissionKey: string;
  /** Step 2's blind copy and what its check found. */
  blindCopy: BlindCopyView | null;
  /** The last look before Submit, at the end of step 5. */
  summary: SubmissionSummary | null;
  /** A replaced manuscript was read while the draft held the author's corrections of these fields: keep them, or take the new file's? */
  replaceAsk: Array<"manuscriptTitle" | "manuscriptAbstract" | "authors"> | null;
  authorsRead: AuthorsRead | null;
  extractedAuthors: ExtractedAuthor[] | null;
};


/**
 * The Submit Manuscript tab: the five steps (decision 032), each a real form post that the server
 * checks and keeps in the draft, validated as the author types once the page is interactive.
 */
export function SubmissionWizard({ view }: { view: WizardView }) {
  const { step } = view;
  const refusal = useRefusal();
  // A refusal of the whole post; one that names its fields is shown by the fields. Step 2 shows
  // every refusal at its one field, the upload.
  const formError = refusal && !refusal.fieldErrors && step !== 2 ? refusal.message : null;
  const uploadError = refusal && !refusal.fieldErrors?.[BLIND_COPY_FIELD] ? (refusal.fieldErrors?.manuscript ?? refusal.fieldErrors?.uploadedFileName ?? refusal.message) : null;
  const blocked = !!formError?.startsWith(SUBMISSION_MESSAGES.blocked);
  const root = useRouteLoaderData("root") as { config?: { supportEmail?: string } } | undefined;
  const formId = `submission-step-${step}`;
  const last = step === wizard.count;
  const [params] = useSearchParams();
  const exiting = params.get("exit") === "1" && step === 1;

  // After Next or Previous (with JavaScript) the new step's heading takes focus, with the wizard
  // brought into view rather than the page's top (the forms keep the scroll: preventScrollReset).
  const wizardRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const wizardBox = wizardRef.current;
    wizardBox?.querySelector<HTMLElement>(`#${STEP_TITLE_ID}`)?.focus({ preventScroll: true });
    wizardBox?.scrollIntoView({ block: "start" });
  }, [step]);

  return (
    <div className="wizard submission-wizard" ref={wizardRef}>
      <WizardProgress step={step} titles={wizard.titles} />
      {formError ? (
        <FormMessage tone="error" answered>
          {blocked ? <strong className="blocked-title">{SUBMISSION_MESSAGES.blocked}</strong> : null}
          <span>{blocked ? SUBMISSION_MESSAGES.currentUserMissing : formError}</span>
          {/* A fault, not a refusal (a closed call says what to do itself): the draft is kept, and whom to tell. */}
          {refusal?.fault ? (
            <span className="support-line">
              {" "}
              Your draft is kept. If this happens again, write to <a href={`mailto:${root?.config?.supportEmail ?? ""}`}>{root?.config?.supportEmail}</a>.
            </span>
          ) : null}
        </FormMessage>
      ) : step !== 2 ? (
        <InvalidFormMessage formId={formId}>{last ? SUBMISSION_MESSAGES.submitInvalid : SUBMISSION_MESSAGES.stepInvalid}</InvalidFormMessage>
      ) : null}
      {exiting ? <ExitPanel /> : null}
      {step === 2 ? (
        // Next without a file: the step's check on the draft answers for the upload field.
        <UploadStep view={view} uploadError={uploadError} />
      ) : view.summary ? (
        <SummaryStep summary={view.summary} submissionKey={view.submissionKey} />
      ) : (
        <StepForm view={view} formId={formId} />
      )}
    </div>
  );
}

/** Without JavaScript, Exit asks on a page of its own (with it, in a dialog). */
function ExitPanel() {
  return (
    <section className="card exit-panel" aria-labelledby="exit-title" id="exit">
      <h2 id="exit-title">Exit the submission?</h2>
      <p>{SUBMISSION_MESSAGES.exitConfirm}: the draft and its uploaded file are deleted.</p>
      <Form method="post" action={stepPath(1)} className="form-actions">
        <CsrfField />
        <input type="hidden" name="step" value="1" />
        <Button type="submit" name="intent" value="exit" variant="danger">
          Exit and delete the draft
        </Button>
        <Link to={stepPath(1)} className="btn btn-outline">
          Stay
        </Link>
      </Form>
    </section>
  );
}

function StepForm({ view, formId }: { view: WizardView; formId: string }) {
  const { step } = view;
  const formRef = useRef<HTMLFormElement>(null);
  const { savedAt, saveSoon } = useAutosave(formRef, stepPath(step));
  return (
    <ValidatedForm
      key={step}
      id={formId}
      method="post"
      action={stepPath(step)}
      validator={wizard.validators[step - 1]!}
      defaultValues={view.values}
      formRef={formRef}
      noValidate
      preventScrollReset
      className="stack-form"
    >
      <CsrfField />
      <input type="hidden" name="step" value={step} />
      <h2 className="form-section-title" id={STEP_TITLE_ID} tabIndex={-1}>
        {wizard.titles[step - 1]}
      </h2>
      {step === 1 ? <ConferenceStep view={view} /> : null}
      {step === 3 ? <TitleStep provenance={view.provenance} /> : null}
      {step === 4 ? <ResearchAreasStep /> : null}
      {step === 5 ? (
        <>
          {view.duplicate ? <DuplicateNotice duplicate={view.duplicate} /> : null}
          <input type="hidden" name="submissionKey" value={view.submissionKey} />
          <AuthorCards
            initial={(view.values.authors as never) ?? []}
            me={view.me}
            blocked={view.blocked}
            formId={formId}
            extracted={view.extractedAuthors}
            authorsRead={view.authorsRead}
            bulkRemove
            onRowsChange={() => saveSoon(0)}
          />
        </>
      ) : null}
      <WizardActions step={step} formRef={formRef} />
      <p className="autosave-state" role="status">
        {savedAt ? `Draft saved at ${savedAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}.` : ""}
      </p>
    </ValidatedForm>
  );
}

/** Next (Submit on the last step) first, so Enter means it; Previous; Exit on step 1. */
function WizardActions({ step, formRef, disabledNext = false }: { step: number; formRef: React.RefObject<HTMLFormElement>; disabledNext?: boolean }) {
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const [confirmExit, setConfirmExit] = useState(false);
  const last = step === wizard.count;
  return (
    <div className="wizard-actions">
      <Button type="submit" name="intent" value={last ? "review" : "next"} aria-disabled={busy || disabledNext || undefined}>
        {busy ? "Please wait…" : last ? "Review and submit" : "Next"}
      </Button>
      {step > 1 ? (
        <Button
          type="submit"
          name="intent"
          value="previous"
          variant="outline"
          formNoValidate
          onClick={(event) => {
            // Going back never validates: post what is typed so far.
            if (!hydrated || !formRef.current) return;
            event.preventDefault();
            const data = new FormData(formRef.current);
            data.set("intent", "previous");
            submit(data, { method: "post", action: stepPath(step), encType: formRef.current.enctype as "multipart/form-data", preventScrollReset: true });
          }}
        >
          Previous
        </Button>
      ) : (
        <Link
          to={`${stepPath(1)}&exit=1#exit`}
          className="btn btn-outline"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setConfirmExit(true);
          }}
        >
          Exit
        </Link>
      )}
      {confirmExit ? (
        <Suspense fallback={null}>
          <ConfirmDialog title="Exit the submission?" description={`${SUBMISSION_MESSAGES.exitConfirm}: the draft and its uploaded file are deleted.`} onClose={() => setConfirmExit(false)}>
            <Form method="post" action={stepPath(1)}>
              <CsrfField />
              <input type="hidden" name="step" value="1" />
              <Button type="submit" name="intent" value="exit" variant="danger">
                Exit
              </Button>
            </Form>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </div>
  );
}

function ConferenceStep({ view }: { view: WizardView }) {
  if (view.conferencesFailed) return <FormMessage tone="error">{SUBMISSION_MESSAGES.conferencesFailed}</FormMessage>;
  const list = view.conferences ?? [];
  return (
    <>
      {list.length === 0 ? (
        <FormMessage tone="info">
          No conference is open for submissions at the moment. See the <Link to="/conferences">conferences</Link> for the dates of the next call for papers.
        </FormMessage>
      ) : null}
      <SelectField
        name="conferenceId"
        label="Conference"
        required
        options={list.map((c) => [String(c.id), `${c.title} (${formatDate(c.startDate)}, ${c.location})${c.submissionDeadline ? `: submissions close ${formatDeadline(c.submissionDeadline)}` : ""}`] as const)}
        hint="Only conferences open for submissions are listed."
      />
      <SelectField name="manuscriptType" label="Manuscript type" required options={Object.entries(MANUSCRIPT_TYPE_LABELS) as Array<[string, string]>} />
    </>
  );
}

function DuplicateNotice({ duplicate }: { duplicate: { number: string; submittedAt: number } }) {
  return (
    <FormMessage tone="warning">
      You already submitted this very file to this conference as <strong>{duplicate.number}</strong> on {formatDate(duplicate.submittedAt)}. Submitting it again makes a second paper; see{" "}
      <Link to="/dashboard?tab=submissions">My Submissions</Link>.
    </FormMessage>
  );
}


/** The browser's own check before sending (the server checks again, by content). */
function refusalOf(file: File): string | null {
  if (!/\.(pdf|docx|doc)$/i.test(file.name)) return SUBMISSION_MESSAGES.notPdfOrDocx;
  if (file.size > MAX_MANUSCRIPT_BYTES) return fileTooLarge(file.size);
  return null;
}

type Upload = { phase: "idle" } | { phase: "sending"; sent: number; total: number } | { phase: "refused"; message: string };

/**
 * Step 2: the manuscript. Without JavaScript a multipart post (Upload, or Next with a file
 * chosen), and a page that refreshes itself while the extraction runs. With it, the file goes as
 * soon as it is chosen, with a bar of the bytes sent, and the step follows the job until it ends.
 */
function UploadStep({ view, uploadError }: { view: WizardView; uploadError: string | null }) {
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ phase: "idle" });
  const state = view.extraction ?? { status: "none" };
  const running = state.status === "extracting" || state.status === "uploading";
  const fileName = typeof view.values.uploadedFileName === "string" ? view.values.uploadedFileName : "";
  const fileSize = typeof view.values.uploadedFileSize === "number" ? view.values.uploadedFileSize : 0;

  // Follow the job while it runs (the loader goes on to step 3 by itself once Next was pressed):
  // soon at first (most manuscripts are read in well under a second: `npm run bench`), then less
  // often, at most every two seconds.
  const polls = useRef(0);
  useEffect(() => {
    if (!running) {
      polls.current = 0;
      return;
    }
    const delay = Math.min(2000, 250 * 1.5 ** polls.current);
    const timer = setTimeout(() => {
      polls.current += 1;
      if (revalidator.state === "idle") revalidator.revalidate();
    }, delay);
    return () => clearTimeout(timer);
  }, [running, revalidator, view]);

  const send = (file: File) => {
    const refusal = refusalOf(file);
    if (refusal) {
      setUpload({ phase: "refused", message: refusal });
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    const data = new FormData();
    data.set("_csrf", csrf);
    data.set("manuscript", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/dashboard/manuscript");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => setUpload({ phase: "sending", sent: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      if (inputRef.current) inputRef.current.value = "";
      let body: { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: a proxy's page */
      }
      if (xhr.status >= 200 && xhr.status < 300) setUpload({ phase: "idle" });
      else if (xhr.status === 401 || xhr.status === 403) window.location.assign(`/login?redirectTo=${encodeURIComponent(stepPath(2))}`);
      else setUpload({ phase: "refused", message: body.message ?? "The file could not be sent. Please try again." });
      revalidator.revalidate();
    };
    xhr.onerror = () => setUpload({ phase: "refused", message: "The file could not be sent: check your connection and try again." });
    setUpload({ phase: "sending", sent: 0, total: file.size });
    xhr.send(data);
  };

  const refused = upload.phase === "refused" ? upload.message : uploadError;
  return (
    <Form method="post" action={stepPath(2)} encType="multipart/form-data" className="stack-form" ref={formRef} preventScrollReset>
      <CsrfField />
      <input type="hidden" name="step" value="2" />
      <h2 className="form-section-title" id={STEP_TITLE_ID} tabIndex={-1}>
        {wizard.titles[1]}
      </h2>
      {refused ? (
        <FormMessage tone="error" answered={refused === uploadError}>
          {refused}
        </FormMessage>
      ) : null}
      {view.duplicate ? <DuplicateNotice duplicate={view.duplicate} /> : null}
      <div className={`field${refused ? " has-error" : ""}`}>
        <label htmlFor="manuscript">
          {fileName ? "Replace the manuscript" : "Manuscript file"}
          {fileName ? null : (
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          )}
        </label>
        <input
          ref={inputRef}
          id="manuscript"
          name="manuscript"
          type="file"
          accept={MANUSCRIPT_ACCEPT}
          aria-describedby="manuscript-hint"
          aria-required={fileName ? undefined : true}
          disabled={upload.phase === "sending"}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (hydrated && file) send(file);
          }}
        />
        <p className="field-hint" id="manuscript-hint">
          PDF is preferred. Title, abstract and authors are read from PDF and DOCX files and filled in for you; an old Word file (.doc) is accepted but not read. At most 25 MB.
        </p>
      </div>
      {hydrated ? null : (
        <div>
          <Button type="submit" name="intent" value="upload" variant="outline" size="small">
            Upload
          </Button>
        </div>
      )}
      <div className="upload-state" role="status" aria-live="polite">
        {upload.phase === "sending" ? (
          <>
            <p>
              Uploading… {Math.round((100 * upload.sent) / Math.max(upload.total, 1))}% ({formatKb(upload.sent)} of {formatKb(upload.total)})
            </p>
            <progress max={upload.total} value={upload.sent} aria-label="Upload progress" />
          </>
        ) : (
          <ExtractionState state={state} waiting={view.waiting} />
        )}
      </div>
      {view.replaceAsk && upload.phase !== "sending" ? <ReplaceQuestion corrected={view.replaceAsk} /> : null}
      {fileName && upload.phase !== "sending" ? (
        <div className="uploaded-file">
          <p>
            <span className="visually-hidden">Uploaded file: </span>
            <strong>{fileName}</strong> {fileSize ? `(${formatKb(fileSize)})` : null}
          </p>
          <Button type="submit" name="intent" value="remove-file" variant="outline" size="small" formNoValidate>
            Remove file
          </Button>
        </div>
      ) : null}
      <BlindCopyField view={view.blindCopy ?? { status: "none" }} path={stepPath(2)} manuscriptRunning={running} />
      {running && !hydrated ? (
        // Without JavaScript the page looks again every few seconds while the manuscript is read.
        <noscript>
          <meta httpEquiv="refresh" content={`3;url=${stepPath(2)}${view.waiting ? "&continue=1" : ""}`} />
        </noscript>
      ) : null}
      <WizardActions step={2} formRef={formRef} disabledNext={upload.phase === "sending"} />
    </Form>
  );
}

const CORRECTED_NAMES = { manuscriptTitle: "the title", manuscriptAbstract: "the abstract", authors: "the authors" } as const;

/**
 * A replaced manuscript has been read while the draft holds the author's own corrections: nothing
 * is overwritten until the author says which to keep. Two buttons of step 2's form (a real post
 * without JavaScript); with it, the question takes focus when it appears.
 */
function ReplaceQuestion({ corrected }: { corrected: NonNullable<WizardView["replaceAsk"]> }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const names = corrected.map((f) => CORRECTED_NAMES[f]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return (
    <section className="replace-question alert alert-warning" aria-labelledby="replace-question-title">
      <h3 id="replace-question-title" ref={ref} tabIndex={-1}>
        Keep your corrections?
      </h3>
      <p>{`The new file has been read. You had changed ${list}. Keep what you wrote, or take the new file's values instead? What you did not change takes the new file's values either way.`}</p>
      <div className="form-actions">
        <Button type="submit" name="intent" value="replace:keep" formNoValidate>
          Keep my corrections
        </Button>
        <Button type="submit" name="intent" value="replace:take" variant="outline" formNoValidate>
          Use the new file&apos;s values
        </Button>
      </div>
    </section>
  );
}

function ExtractionState({ state, waiting }: { state: ExtractionView; waiting: boolean }) {
  switch (state.status) {
    case "none":
      return <p className="muted">No file uploaded yet.</p>;
    case "unread":
      return <p>Old Word documents (.doc) are kept with the submission but not read: enter the title, abstract and authors yourself in the next steps, or upload the PDF or DOCX to have them filled in.</p>;
    case "uploading":
    case "extracting":
      return (
        <p className="extracting">
          <span className="spinner" aria-hidden="true" /> Reading your manuscript (AI extraction)…{" "}
          {waiting ? "The next step opens as soon as it is done." : "Title, abstract and authors will be filled in for you."}
        </p>
      );
    case "complete": {
      const found = [state.found.title ? "the title" : "", state.found.abstract ? "the abstract" : "", state.found.authors ? `${state.found.authors} author${state.found.authors === 1 ? "" : "s"}` : ""].filter(Boolean);
      return <p className="extraction-done">Extraction complete: {found.length ? `found ${found.join(", ")}` : "nothing could be read"}. Check every field in the next steps.</p>;
    }
    case "failed":
      return <FormMessage tone="warning">{state.message}</FormMessage>;
  }
}

/** Step 3's fields: title, abstract (with its word count), keywords and JEL codes; the edit page has them too, without provenance. */
export function TitleStep({ provenance }: { provenance: WizardView["provenance"] }) {
  const title = useField("manuscriptTitle");
  const abstract = useField("manuscriptAbstract");
  // What the fields hold now: a hint goes once its value is no longer the one read.
  const keywords = useField("keywords");
  const jelCodes = useField("jelCodes");
  const [typed, setTyped] = useState(() => ({
    title: String(title.defaultValue ?? ""),
    abstract: String(abstract.defaultValue ?? ""),
    keywords: String(keywords.defaultValue ?? ""),
    jelCodes: String(jelCodes.defaultValue ?? ""),
  }));
  const words = countWords(typed.abstract);
  const over = words > ABSTRACT_MAX_WORDS;
  const titleHint = provenance?.manuscriptTitle && stillAsRead(provenance.manuscriptTitle, typed.title) ? <ProvenanceHint provenance={provenance.manuscriptTitle} current={typed.title} /> : undefined;
  return (
    <>
      <TextAreaField name="manuscriptTitle" label="Title" required rows={2} maxLength={500} onInput={(e) => {
          const value = e.currentTarget.value;
          setTyped((t) => ({ ...t, title: value }));
        }} hint={titleHint} />
      <TextAreaField
        name="manuscriptAbstract"
        label="Abstract"
        required
        rows={12}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setTyped((t) => ({ ...t, abstract: value }));
        }}
        hint={
          <>
            <ProvenanceHint provenance={provenance?.manuscriptAbstract} current={typed.abstract} />{" "}
            <span className={over ? "word-count over" : "word-count"}>
              {words} of at most {ABSTRACT_MAX_WORDS} words
            </span>
          </>
        }
      />
      {/* Typing in either field is heard here (input events bubble), so its hint goes as the title's does. */}
      <div
        onInput={(e) => {
          const { name, value } = e.target as HTMLTextAreaElement;
          if (name === "keywords" || name === "jelCodes") setTyped((t) => ({ ...t, [name]: value }));
        }}
      >
        <KeywordFields
          hint={(field, own) => (
            <>
              <ProvenanceHint provenance={provenance?.[field]} current={typed[field]} /> {own}
            </>
          )}
        />
      </div>
    </>
  );
}

/** Step 4's fields, on the edit page too. */
export function ResearchAreasStep() {
  return (
    <>
      <p className="form-intro">Choose the research areas of the paper: the first three are required, two more are optional. Each is a category and one of its topics.</p>
      {RESEARCH_AREA_SLOTS.map((n) => (
        <ResearchAreaField key={n} category={`researchArea${n}Category`} topic={`researchArea${n}`} legend={researchAreaLegend(n)} required={n <= 3} />
      ))}
    </>
  );
}
