import { DIAL_CODES } from "virtual:world-countries";
import type { ReactNode } from "react";
import { SelectField, TextField } from "~/components/form/fields";
import { SALUTATIONS } from "./options";

/** Personal details, shared by the registration wizard (step 1) and the profile (Personal Info). */
export function PersonalFields({ emailFields }: { emailFields: ReactNode }) {
  return (
    <>
      <div className="field-row">
        <SelectField name="salutation" label="Salutation" required options={SALUTATIONS} className="field-narrow" />
        <TextField name="firstName" label="First name" required autoComplete="given-name" />
        <TextField name="middleName" label="Middle name" autoComplete="additional-name" />
        <TextField name="lastName" label="Last name" required autoComplete="family-name" />
      </div>
      {emailFields}
      <TextField name="secondaryEmail" label="Secondary e-mail" type="email" autoComplete="off" />
      <div className="field-row">
        <SelectField name="workPhoneCountry" label="Work phone country code" options={DIAL_CODES} placeholder="" className="field-narrow" />
        <TextField name="workPhone" label="Work phone" type="tel" autoComplete="tel-national" />
      </div>
      <div className="field-row">
        <SelectField name="cellPhoneCountry" label="Mobile phone country code" options={DIAL_CODES} placeholder="" className="field-narrow" />
        <TextField name="cellPhone" label="Mobile phone" type="tel" autoComplete="off" />
      </div>
      <TextField name="personalWebPage" label="Personal web page" type="url" placeholder="https://" autoComplete="url" />
    </>
  );
}
