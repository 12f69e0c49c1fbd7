/**
 * Form fields wired to remix-validated-form: the label, the control, a hint and the error,
 * tied together with ids and aria attributes. Server-rendered with their values and errors,
 * so they work the same without JavaScript; with it, they validate as the user types.
 */
import { useActionData } from "@remix-run/react";
import { FormMessage, useRefusalOf } from "./messages";
import { useField, useFormContext } from "remix-validated-form";
import { isTicked } from "~/lib/params";
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { isOwnMessage } from "~/lib/refusal";

/** `id` names the control (and its label, hint and error) when one page has two fields of the same name. */
type Common = { name: string; id?: string; label: ReactNode; hint?: ReactNode; required?: boolean; className?: string };

function describedBy(name: string, hint: boolean, error: boolean) {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** A field's error under it, with the id its control's `aria-describedby` names (`<name>-error`). */
export function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`${name}-error`}>
      {error}
    </p>
  ) : null;
}

/** Label, control, hint and error, tied together: every field of the site's forms. */
export function FieldShell({ name: fieldName, id, label, hint, required, className, error, children }: Common & { error?: string; children: ReactNode }) {
  const name = id ?? fieldName;
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
      <FieldError name={name} error={error} />
    </div>
  );
}

/**
 * A control's side of a field: its value and change handlers from the form, and the aria
 * attributes that tie it to its label, hint and error. Every field below is built on it.
 */
export function useFieldControl(name: string, { id = name, hint, required, focus }: { id?: string; hint?: boolean; required?: boolean; focus?: () => void } = {}) {
  const field = useField(name, focus ? { handleReceiveFocus: focus } : undefined);
  const { error, getInputProps } = field;
  const control = <T extends object>(props: T) => ({
    ...getInputProps({ id, ...props }),
    // A default given here wins over the form's (remix-validated-form would put its own back).
    ...("defaultValue" in props && props.defaultValue !== undefined ? { defaultValue: props.defaultValue } : {}),
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
    "aria-describedby": describedBy(id, Boolean(hint), Boolean(error)),
  });
  return { error, control, field };
}

type Control = ReturnType<typeof useFieldControl>["control"];

/** The common props of a field and the rest, which go to its control. */
function splitCommon<T extends Common>({ name, id, label, hint, required, className, ...rest }: T) {
  return [{ name, id, label, hint, required, className }, rest] as const;
}

/** A field whose control takes its props from `useFieldControl`, inside the usual shell. */
function ShelledField({ common, children }: { common: Common; children: (control: Control) => ReactNode }) {
  const { error, control } = useFieldControl(common.name, { id: common.id, hint: Boolean(common.hint), required: common.required });
  return (
    <FieldShell {...common} error={error}>
      {children(control)}
    </FieldShell>
  );
}

export function TextField(props: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const [common, input] = splitCommon(props);
  return <ShelledField common={common}>{(control) => <input {...control(input)} />}</ShelledField>;
}

export function TextAreaField(props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const [common, textarea] = splitCommon(props);
  return <ShelledField common={common}>{(control) => <textarea {...control(textarea)} />}</ShelledField>;
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
      <FieldError name={name} error={error} />
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

export function SelectField(
  props: Common & { options?: readonly Option[]; groups?: readonly OptionGroup[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name">,
) {
  const [common, { options, groups, placeholder = "Select…", ...select }] = splitCommon(props);
  return (
    <ShelledField common={common}>
      {(control) => (
        <select {...control(select)}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options ? <Options options={options} /> : null}
          {groups?.map((g) => (
            <optgroup key={g.label} label={g.label}>
              <Options options={g.options} />
            </optgroup>
          ))}
        </select>
      )}
    </ShelledField>
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
 * Inside a `ValidatedForm`, the one place a form says why it was not accepted:
 * - a refusal of the domain that names fields (a wrong current password, a common password; any
 *   refusal not made by the form's checks) says its own message, while those fields still show it
 *   (each field shows it too, `aria-describedby` tied); a refusal that names no field is the page's
 *   to show, beside this, in its own words (`RefusalMessage`, or a console's "Failed to save …");
 * - wrong fields (checked in the browser once the user tried to submit, or refused by the server's
 *   same checks) get the page's sentence, `children` (a spec text such as "Years and Name
 *   required"), unless every wrong field says something that sentence does not cover (an address
 *   given twice, `ownMessage`): then their messages.
 * After a post the page opens at it (`FormMessage`'s `answered`).
 */
export function InvalidFormMessage({ children, formId }: { children: ReactNode; formId?: string }) {
  // The form's live errors (not the last answer's): the message goes once the fields are put right.
  const { fieldErrors, hasBeenSubmitted } = useFormContext(formId);
  const refusal = useRefusalOf(formId);
  if (refusal?.fieldErrors && !refusal.checks) {
    if (Object.entries(refusal.fieldErrors).some(([field, error]) => fieldErrors[field] === error)) {
      return (
        <FormMessage tone="error" answered>
          {refusal.message}
        </FormMessage>
      );
    }
  }
  const wrong = Object.values(fieldErrors).filter((e): e is string => Boolean(e));
  if (wrong.length === 0 || !(hasBeenSubmitted || refusal?.fieldErrors)) return null;
  const own = wrong.every(isOwnMessage) ? [...new Set(wrong)].join(" ") : null;
  return (
    <FormMessage tone="error" answered={Boolean(refusal)}>
      {own ?? children}
    </FormMessage>
  );
}
