/**
 * The console's conference forms as remix-validated-form validators (the browser and the server
 * check with the same one). Kept apart from the schemas, so the models that read the schemas do
 * not load the form library.
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { conferenceFormSchema, dateOrderError, feesSchema, type ConferenceInput } from "./conference-form";

const zodConference = withZod(conferenceFormSchema);

/**
 * The editor's validator. The date order is also checked when another field is refused in a way
 * that stops zod before its whole-object check (a status not in the list), so every mistake
 * shows at once.
 */
export const conferenceValidator: Validator<ConferenceInput> = {
  ...zodConference,
  validate: async (data) => {
    const result = await zodConference.validate(data);
    if (result.error) {
      const posted = result.submittedData as Record<string, unknown>;
      const order = dateOrderError(String(posted.startDate ?? ""), String(posted.endDate ?? ""));
      if (order) result.error.fieldErrors.endDate ??= order;
    }
    return result;
  },
};

export const feesValidator = withZod(feesSchema);
