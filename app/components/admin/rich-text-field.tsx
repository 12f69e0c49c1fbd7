import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const Editor = lazy(() => import("./tiptap-editor"));

/**
 * A rich-text field: a plain text area of HTML without JavaScript; with it, the Tiptap editor
 * (headings 1–3, lists, bold, italic, links; undo history of 100 steps grouped after 1 s),
 * loaded only on the console's pages. Either way the form posts HTML under `name`, and the
 * server sanitises it before storing.
 */
export function RichTextField({ name, label, defaultValue, required, error }: { name: string; label: string; defaultValue: string; required?: boolean; error?: string }) {
  const hydrated = useHydrated();
  const describedBy = error ? `${name}-error` : `${name}-hint`;
  const textarea = (
    <textarea id={name} name={name} defaultValue={defaultValue} rows={8} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
  );
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={name} id={`${name}-label`}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hydrated ? (
        <Suspense fallback={textarea}>
          <Editor name={name} labelId={`${name}-label`} describedBy={describedBy} defaultValue={defaultValue} invalid={Boolean(error)} />
        </Suspense>
      ) : (
        textarea
      )}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : (
        <p className="field-hint" id={`${name}-hint`}>
          {hydrated ? "Headings, lists, bold, italic and links." : "HTML: headings, paragraphs, lists, bold, italic and links are kept."}
        </p>
      )}
    </div>
  );
}
