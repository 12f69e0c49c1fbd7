/**
 * The registration wizard's four steps: their titles, the fields each owns and the schema that
 * validates them (decision 028). The server and the browser use the same definition.
 */
import { defineWizard } from "~/lib/wizard";
import { AFFILIATION_KEYS, affiliationsSchema, expertiseSchema, registerAccountSchema, registerPersonalSchema } from "./schemas";

export const REGISTER_WIZARD = defineWizard("register", [
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
  // The password is checked and used at the last post, never kept in the draft.
  { title: "Account", fields: ["password", "passwordRetype"], schema: registerAccountSchema, keep: false },
]);
