import { useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect } from "react";
import { useCsrfToken } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Button } from "~/components/ui/button";
import { formatKb } from "~/lib/format";
import { BLIND_COPY_FIELD, type BlindCopyView } from "./blind-copy";
import { MANUSCRIPT_ACCEPT } from "./submission-form";


/**
 * Step 2's optional blind copy, inside the step's multipart form: without JavaScript it goes with
 * Upload (or Next); with it, as soon as it is chosen. While the extraction Worker reads it the
 * step looks again now and then; then it says whether its text names an author.
 */
export function BlindCopyField({ view, path, manuscriptRunning }: { view: BlindCopyView; path: string; manuscriptRunning: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const revalidator = useRevalidator();
  const refusal = useRefusal();
  const error = refusal?.fieldErrors?.[BLIND_COPY_FIELD] ?? null;
  const reading = view.status === "reading";

  useEffect(() => {
    // The manuscript's own following of its job revalidates the step too; one timer is enough.
    if (!reading || manuscriptRunning) return;
    const timer = setTimeout(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [reading, manuscriptRunning, revalidator, view]);

  return (
    <div className="blind-copy">
      <div className={`field${error ? " has-error" : ""}`}>
        <label htmlFor={BLIND_COPY_FIELD}>{view.status === "none" ? "Blind copy (optional)" : "Replace the blind copy"}</label>
        <input
          id={BLIND_COPY_FIELD}
          name={BLIND_COPY_FIELD}
          type="file"
          accept={MANUSCRIPT_ACCEPT}
          aria-describedby={`${BLIND_COPY_FIELD}-hint${error ? ` ${BLIND_COPY_FIELD}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!hydrated || !file) return;
            const data = new FormData();
            data.set("_csrf", csrf);
            data.set("step", "2");
            data.set("intent", "upload");
            data.set(BLIND_COPY_FIELD, file);
            submit(data, { method: "post", action: path, encType: "multipart/form-data", preventScrollReset: true });
            // Sent: the field is free for a replacement (the step lists the file kept).
            e.target.value = "";
          }}
        />
        <p className="field-hint" id={`${BLIND_COPY_FIELD}-hint`}>
          The manuscript without the authors&apos; names, e-mail addresses and acknowledgements: the copy the reviewers read. PDF or DOCX, at most 25 MB.
        </p>
        {error ? (
          <p className="field-error" id={`${BLIND_COPY_FIELD}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {view.status !== "none" ? (
        <div className="uploaded-file">
          <p>
            <span className="visually-hidden">Uploaded blind copy: </span>
            <strong>{view.name}</strong> {view.size ? `(${formatKb(view.size)})` : null}
          </p>
          <Button type="submit" name="intent" value="remove-blind-copy" variant="outline" size="small" formNoValidate>
            Remove blind copy
          </Button>
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        <BlindCopyCheck view={view} />
      </div>
      {reading && !manuscriptRunning && !hydrated ? (
        <noscript>
          <meta httpEquiv="refresh" content={`3;url=${path}`} />
        </noscript>
      ) : null}
    </div>
  );
}

/** What the check of the blind copy found: the step's and the summary's words. */
export function BlindCopyCheck({ view }: { view: BlindCopyView }) {
  switch (view.status) {
    case "none":
      return null;
    case "reading":
      return (
        <p className="extracting">
          <span className="spinner" aria-hidden="true" /> Checking the blind copy for the authors&apos; names…
        </p>
      );
    case "unread":
      return <p>The blind copy could not be read, so it was not checked for the authors&apos; names: make sure it shows none.</p>;
    case "checked":
      return view.found.length ? (
        <FormMessage tone="warning">
          <strong>The blind copy may reveal who wrote the paper.</strong> Its first pages name {view.found.join(", ")}. Reviewers should not learn the authors: remove the names and
          addresses and upload the blind copy again, or keep it if they are there for another reason (a paper you cite).
        </FormMessage>
      ) : (
        <p className="blind-copy-clear">Checked: the blind copy&apos;s first pages name none of the authors.</p>
      );
  }
}
