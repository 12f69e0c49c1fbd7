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
  const { error, control, field } = useFieldControl(name, { hint: true, required, focus: () => focus.current?.() });
  const events = field.getInputProps({});
  const initial = typeof field.defaultValue === "string" ? field.defaultValue : "";
  const describedBy = [`${name}-hint`, error ? `${name}-error` : ""].filter(Boolean).join(" ");
  const textarea = <textarea {...control({ rows: 8 })} defaultValue={initial} />;
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
            describedBy={describedBy}
            defaultValue={initial}
            invalid={Boolean(error)}
            required={required}
            focusRef={focus}
            onChange={() => events.onChange?.({} as never)}
            onBlur={() => events.onBlur?.({} as never)}
          />
        </Suspense>
      ) : (
        textarea
      )}
    </FieldShell>
  );
}
