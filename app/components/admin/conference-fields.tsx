/**
 * The fields of the console's conference form, server-rendered with the values and errors the
 * last post produced: the same markup works without JavaScript. The rich sections use
 * RichTextField (Tiptap with JavaScript, a text area without).
 */
import type { InputHTMLAttributes } from "react";
import { FieldShell, Options } from "~/components/form/fields";
import { CURRENCIES } from "~/db/enums";
import {
  CONFERENCE_STATUS_OPTIONS,
  FEE_DEFAULTS,
  FEE_FIELDS,
  FEE_LABELS,
  sectionTitle,
  type ConferenceFormValues,
  type ConferenceSectionKey,
} from "~/lib/conference-form";
import { RichTextField } from "./rich-text-field";

export type FieldErrors = Partial<Record<string, string>>;
type Props = { values: ConferenceFormValues; errors: FieldErrors };

function aria(name: string, errors: FieldErrors, hint = false) {
  const ids = [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
}

function Input({
  name,
  label,
  values,
  errors,
  required,
  hint,
  ...input
}: Props & { name: keyof ConferenceFormValues; label: string; required?: boolean; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} error={errors[name]}>
      <input id={name} name={name} defaultValue={String(values[name])} aria-required={required || undefined} {...aria(name, errors, Boolean(hint))} {...input} />
    </FieldShell>
  );
}

export function RichSection({ name, values, errors, required }: Props & { name: ConferenceSectionKey; required?: boolean }) {
  return <RichTextField name={name} label={sectionTitle(name)} required={required} defaultValue={values[name]} error={errors[name]} />;
}

/** Basic Info: title, location, dates, status and the description. */
export function BasicFields({ values, errors }: Props) {
  return (
    <>
      <Input name="title" label="Title" required maxLength={200} values={values} errors={errors} />
      <Input name="location" label="Location" required maxLength={200} values={values} errors={errors} hint="City and country, e.g. Lisbon, Portugal" />
      <div className="field-row">
        <Input name="startDate" label="Start date" type="date" required values={values} errors={errors} />
        <Input name="endDate" label="End date" type="date" required values={values} errors={errors} />
        <FieldShell name="status" label="Status" required error={errors.status} hint="Open lets authors submit manuscripts.">
          <select id="status" name="status" defaultValue={values.status} aria-required {...aria("status", errors, true)}>
            <Options options={CONFERENCE_STATUS_OPTIONS} />
          </select>
        </FieldShell>
      </div>
      <RichSection name="description" required values={values} errors={errors} />
    </>
  );
}

/** Registration Fee Settings: amounts in whole units, empty meaning "not offered". */
export function FeeFields({ values, errors }: Props) {
  return (
    <>
      <fieldset className="form-group">
        <legend>Fees</legend>
        <p className="field-hint" id="fees-hint">
          Whole amounts. Leave a fee empty if it is not offered: the grey number is only the usual amount.
        </p>
        <div className="field-row">
          {FEE_FIELDS.map((f) => (
            <Input
              key={f}
              name={f}
              label={FEE_LABELS[f]}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={String(FEE_DEFAULTS[f])}
              values={values}
              errors={errors}
            />
          ))}
          <FieldShell name="currency" label="Currency" error={errors.currency}>
            <select id="currency" name="currency" defaultValue={values.currency || "EUR"} {...aria("currency", errors)}>
              <Options options={CURRENCIES} />
            </select>
          </FieldShell>
        </div>
      </fieldset>
      <FieldShell name="feeDescription" label="Fee notes" error={errors.feeDescription} hint="Shown with the fees when authors register, e.g. what the fee includes.">
        <textarea id="feeDescription" name="feeDescription" defaultValue={values.feeDescription} rows={3} maxLength={2000} {...aria("feeDescription", errors, true)} />
      </FieldShell>
      <div className="field-row">
        <label className="inline-check">
          <input type="checkbox" name="registrationEnabled" defaultChecked={values.registrationEnabled} /> Registration enabled
        </label>
        <label className="inline-check">
          <input type="checkbox" name="paymentRequired" defaultChecked={values.paymentRequired} /> Payment required
        </label>
        <Input name="registrationDeadline" label="Registration deadline" type="date" values={values} errors={errors} />
      </div>
    </>
  );
}
