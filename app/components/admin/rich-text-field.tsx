import { lazy, Suspense } from "react";
import { FieldShell } from "~/components/form/fields";
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
  const describedBy = [`${name}-hint`, error ? `${name}-error` : ""].filter(Boolean).join(" ");
  const textarea = (
    <textarea id={name} name={name} defaultValue={defaultValue} rows={8} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
  );
  return (
    <FieldShell
      name={name}
      label={label}
      required={required}
      error={error}
      hint={hydrated ? "Headings, lists, bold, italic and links." : "HTML: headings, paragraphs, lists, bold, italic and links are kept."}
    >
      {hydrated ? (
        <Suspense fallback={textarea}>
          <Editor name={name} labelId={`${name}-label`} describedBy={describedBy} defaultValue={defaultValue} invalid={Boolean(error)} />
        </Suspense>
      ) : (
        textarea
      )}
    </FieldShell>
  );
}
