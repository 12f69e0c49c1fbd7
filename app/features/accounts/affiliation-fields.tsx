import { COUNTRIES } from "virtual:world-countries";
import { useField } from "remix-validated-form";
import { SelectField, TextField } from "~/components/form/fields";
import { ACADEMIC_RANKS, UNITED_STATES, US_STATES } from "./options";

/** Clears a field of the same form by name (the rules' "changing X clears Y"). */
function clearField(event: { target: EventTarget }, name: string) {
  const form = (event.target as HTMLInputElement).form;
  const field = form?.elements.namedItem(name) as HTMLInputElement | null;
  if (field && "value" in field) field.value = "";
}

/**
 * One affiliation (institution, rank, department, address). The Other-rank text shows only for
 * rank Other and the state only for the United States: CSS `:has()` shows them with or without
 * JavaScript; with it, changing the rank or the country also empties them, and the server drops
 * them in any case.
 */
export function AffiliationFields({ prefix, required }: { prefix: "primary" | "secondary"; required: boolean }) {
  const n = (key: string) => `${prefix}${key}`;
  return (
    <div className="affiliation" data-prefix={prefix}>
      <TextField name={n("Institution")} label="Institution" required autoComplete="organization" />
      <div className="field-row">
        <SelectField
          name={n("Rank")}
          label="Academic rank"
          required
          options={ACADEMIC_RANKS}
          className="rank-field"
          onChange={(e) => e.target.value !== "Other" && clearField(e, n("RankOther"))}
        />
        <TextField name={n("RankOther")} label="Your rank" required className="when-rank-other" />
      </div>
      <TextField name={n("Department")} label="Department" />
      <TextField name={n("Address1")} label="Address line 1" required={required} autoComplete="off" />
      <TextField name={n("Address2")} label="Address line 2" autoComplete="off" />
      <div className="field-row">
        <TextField name={n("City")} label="City" required={required} autoComplete="off" />
        <TextField name={n("PostalCode")} label="Postal code" required={required} autoComplete="off" className="field-narrow" />
      </div>
      <div className="field-row">
        <SelectField
          name={n("Country")}
          label="Country"
          required={required}
          options={COUNTRIES}
          className="country-field"
          onChange={(e) => e.target.value !== UNITED_STATES && clearField(e, n("State"))}
        />
        <SelectField name={n("State")} label="State" required options={US_STATES} className="when-us" />
      </div>
    </div>
  );
}

/** The secondary affiliation: shown while its box is ticked; unticking empties it. */
export function SecondaryAffiliation() {
  const { defaultValue } = useField("hasSecondary");
  const checked = defaultValue === true || defaultValue === "on" || defaultValue === "true";
  return (
    <fieldset className="secondary-affiliation">
      <legend className="visually-hidden">Secondary affiliation</legend>
      <div className="field field-check">
        <input
          type="checkbox"
          id="hasSecondary"
          name="hasSecondary"
          defaultChecked={checked}
          onChange={(e) => {
            if (e.target.checked) return;
            const fieldset = e.target.closest("fieldset");
            fieldset?.querySelectorAll(".secondary-fields input, .secondary-fields select").forEach((el) => {
              (el as HTMLInputElement).value = "";
            });
          }}
        />
        <label htmlFor="hasSecondary">I have a secondary affiliation</label>
      </div>
      <div className="secondary-fields">
        <AffiliationFields prefix="secondary" required={false} />
      </div>
    </fieldset>
  );
}
