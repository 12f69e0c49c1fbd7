/**
 * Form fields wired to remix-validated-form: the label, the control, a hint and the error,
 * tied together with ids and aria attributes. Server-rendered with their values and errors,
 * so they work the same without JavaScript; with it, they validate as the user types.
 */
import { useActionData } from "@remix-run/react";
import { useField, useFormContext } from "remix-validated-form";
import { isTicked } from "~/lib/params";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

type Common = { name: string; label: ReactNode; hint?: ReactNode; required?: boolean; className?: string };

function describedBy(name: string, hint: boolean, error: boolean) {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** Label, control, hint and error, tied together: every field of the site's forms. */
export function FieldShell({ name, label, hint, required, className, error, children }: Common & { error?: string; children: ReactNode }) {
  return (
    <div className={`field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={name} id={`${name}-label`}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  name,
  label,
  hint,
  required,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const { error, getInputProps } = useField(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className} error={error}>
      <input
        {...getInputProps({ id: name, ...input })}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  required,
  className,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const { error, getInputProps } = useField(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className} error={error}>
      <textarea
        {...getInputProps({ id: name, ...textarea })}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
      />
    </FieldShell>
  );
}

/** A checkbox with its label beside it; posts "on" when ticked and nothing when not. */
export function CheckboxField({ name, label, className }: { name: string; label: ReactNode; className?: string }) {
  const { error, getInputProps, defaultValue } = useField(name);
  return (
    <div className={`field-check${className ? ` ${className}` : ""}`}>
      <label className="inline-check">
        <input
          {...getInputProps({ id: name, type: "checkbox" })}
          defaultChecked={isTicked(defaultValue)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
        />{" "}
        {label}
      </label>
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select's option: a `[value, label]` pair, or a plain string that is its own label. */
export type Option = readonly [value: string, label: string] | string;
export type OptionGroup = { label: string; options: readonly Option[] };

export function Options({ options }: { options: readonly Option[] }) {
  return (
    <>
      {options.map((o) => {
        const [value, label] = typeof o === "string" ? [o, o] : o;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

export function SelectField({
  name,
  label,
  hint,
  required,
  className,
  options,
  groups,
  placeholder = "Select…",
  ...select
}: Common & { options?: readonly Option[]; groups?: readonly OptionGroup[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const { error, getInputProps } = useField(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className} error={error}>
      <select
        {...getInputProps({ id: name, ...select })}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options ? <Options options={options} /> : null}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            <Options options={g.options} />
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

/** A message for the whole form (the spec's step and submission messages), announced politely. */
export function FormMessage({ tone, children, id }: { tone: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/**
 * What a refused save says above its form: the server's message for the whole form, and, when
 * fields were refused, a pointer to them (each field shows its own message).
 */
export function SaveErrors({
  formError,
  fieldErrors,
  fieldsMessage = "Please correct the fields marked below.",
}: {
  formError?: string | null;
  fieldErrors?: Record<string, unknown> | null;
  fieldsMessage?: string;
}) {
  return (
    <>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      {fieldErrors && Object.keys(fieldErrors).length > 0 ? <FormMessage tone="error">{fieldsMessage}</FormMessage> : null}
    </>
  );
}

/**
 * The values a `ValidatedForm` starts from: what the server gave back after a refused post (the
 * fields as typed, or the values of a preview or of a save refused for another reason), else
 * the stored record. Given to the form as its defaults, so hydration keeps what the server rendered.
 */
export function usePostedDefaults<T extends object>(stored: T): T {
  const answer = useActionData() as { repopulateFields?: T; values?: T } | undefined;
  return answer?.repopulateFields ?? answer?.values ?? stored;
}

/**
 * Inside a `ValidatedForm`: the form's own message (a spec text such as "Years and Name
 * required") while any field is refused, once the user has tried to submit, or when the
 * server's answer refused fields (so the page without JavaScript says the same).
 */
export function InvalidFormMessage({ children }: { children: ReactNode }) {
  const { fieldErrors, hasBeenSubmitted } = useFormContext();
  const answer = useActionData() as { fieldErrors?: unknown } | undefined;
  const refused = Object.keys(fieldErrors).length > 0 && (hasBeenSubmitted || Boolean(answer?.fieldErrors));
  return refused ? <FormMessage tone="error">{children}</FormMessage> : null;
}
