import { lazy, Suspense, useRef } from "react";
import { FieldShell, useFieldControl } from "~/components/form/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";

const Editor = lazy(() => import("./tiptap-editor"));

/**
 * A rich-text field of a `ValidatedForm`: a plain text area of HTML without JavaScript; with it,
 * the Tiptap editor (headings 1–3, lists, bold, italic, links; undo history of 100 steps grouped
 * after 1 s), loaded only on the console's pages. Either way the form posts HTML under `name`,
 * the form's schema checks it as the admin types (on blur, then on every change once tried), and
 * the server sanitises it before storing.
 */
export function RichTextField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const hydrated = useHydrated();
  // A refused save focuses the first refused field: here, the editor the hidden input stands for.
  const focus = useRef<(() => void) | null>(null);
  const { error, control } = useFieldControl(name, { hint: true, required, focus: () => focus.current?.() });
  // The text area's props serve the editor too: its value, its aria links, and the handlers that
  // tell the form of a change or a blur (so it checks the field at the same moments).
  // Its text is HTML source: set in a monospace font (`.html-source`), unlike the site's prose fields.
  const props = control({ rows: 8, className: "html-source" });
  const initial = typeof props.defaultValue === "string" ? props.defaultValue : "";
  const textarea = <textarea {...props} defaultValue={initial} />;
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
          <Editor
            name={name}
            labelId={`${name}-label`}
            describedBy={props["aria-describedby"] ?? ""}
            defaultValue={initial}
            invalid={Boolean(error)}
            required={required}
            focusRef={focus}
            onChange={() => props.onChange?.({} as never)}
            onBlur={() => props.onBlur?.({} as never)}
          />
        </Suspense>
      ) : (
        textarea
      )}
    </FieldShell>
  );
}
