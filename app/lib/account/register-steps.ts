/**
 * The registration wizard's four steps: their titles, the fields each owns and the schema that
 * validates them. The server and the browser use the same list.
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { AFFILIATION_KEYS, affiliationsSchema, expertiseSchema, registerAccountSchema, registerPersonalSchema } from "./schemas";

export const REGISTER_STEPS = [
  {
    title: "Personal information",
    fields: [
      "salutation", "firstName", "middleName", "lastName", "primaryEmail", "primaryEmailConfirm", "secondaryEmail",
      "workPhoneCountry", "workPhone", "cellPhoneCountry", "cellPhone", "personalWebPage",
    ],
    schema: registerPersonalSchema,
  },
  {
    title: "Affiliations",
    fields: [...AFFILIATION_KEYS.map((k) => `primary${k}`), ...AFFILIATION_KEYS.map((k) => `secondary${k}`), "hasSecondary"],
    schema: affiliationsSchema,
  },
  {
    title: "Areas of expertise",
    fields: ["primary1Category", "primary1", "primary2Category", "primary2", "primary3Category", "primary3"],
    schema: expertiseSchema,
  },
  { title: "Account", fields: ["password", "passwordRetype"], schema: registerAccountSchema },
] as const;

export const STEP_COUNT = REGISTER_STEPS.length;
export const stepValidators: Validator<Record<string, unknown>>[] = REGISTER_STEPS.map(
  (s) => withZod(s.schema as never) as Validator<Record<string, unknown>>,
);

/** Parses "?step=N" to 1..4. */
export function parseStep(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= STEP_COUNT ? n : 1;
}
