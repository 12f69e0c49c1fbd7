/**
 * The fields of the console's conference form, for a `ValidatedForm` over the conference (or
 * the fees) schema: each reads its value and error from the form, so the same markup is
 * server-rendered with what the last post produced and checks itself as the admin types. The
 * rich sections use RichTextField (Tiptap with JavaScript, a text area without).
 */
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { CURRENCIES } from "~/db/enums";
import { CONFERENCE_STATUS_OPTIONS, FEE_DEFAULTS, FEE_FIELDS, FEE_LABELS, sectionTitle, type ConferenceSectionKey } from "./conference-form";
import { RichTextField } from "~/components/admin/rich-text-field";

export function RichSection({ name, required }: { name: ConferenceSectionKey; required?: boolean }) {
  return <RichTextField name={name} label={sectionTitle(name)} required={required} />;
}

/** Basic Info: title, location, dates, status and the description. */
export function BasicFields() {
  return (
    <>
      <TextField name="title" label="Title" required maxLength={200} />
      <TextField name="location" label="Location" required maxLength={200} hint="City and country, e.g. Lisbon, Portugal" />
      <div className="field-row">
        <TextField name="startDate" label="Start date" type="date" required />
        <TextField name="endDate" label="End date" type="date" required />
        <SelectField name="status" label="Status" required options={CONFERENCE_STATUS_OPTIONS} placeholder="" hint="Open lets authors submit manuscripts." />
      </div>
      <TextField
        name="submissionDeadline"
        label="Submission deadline (UTC)"
        type="datetime-local"
        hint="Date and time in UTC, as authors see it. After it the wizard refuses new papers to this conference. Empty: no deadline."
      />
      <RichSection name="description" required />
    </>
  );
}

/** Registration Fee Settings: amounts in whole units, empty meaning "not offered". */
export function FeeFields() {
  return (
    <>
      <fieldset className="form-group" aria-describedby="fees-hint">
        <legend>Fees</legend>
        <p className="field-hint" id="fees-hint">
          Whole amounts. Leave a fee empty if it is not offered: the grey number is only the usual amount.
        </p>
        <div className="field-row">
          {FEE_FIELDS.map((f) => (
            <TextField key={f} name={f} label={FEE_LABELS[f]} type="number" min={0} step={1} inputMode="numeric" placeholder={String(FEE_DEFAULTS[f])} />
          ))}
          <SelectField name="currency" label="Currency" options={CURRENCIES} placeholder="" />
        </div>
      </fieldset>
      <TextAreaField name="feeDescription" label="Fee notes" rows={3} maxLength={2000} hint="Shown with the fees when authors register, e.g. what the fee includes." />
      <div className="field-row">
        <CheckboxField name="registrationEnabled" label="Registration enabled" />
        <CheckboxField name="paymentRequired" label="Payment required" />
        <TextField name="registrationDeadline" label="Registration deadline" type="date" />
      </div>
    </>
  );
}
