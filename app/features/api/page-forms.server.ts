/**
 * A body checked by a console page's own validator: the API converts its payload (the spec's field
 * names) to the form's fields, and this runs the page's validator on them, naming each refused field
 * again as the payload named it, so a rule and its message live in the page's schema alone.
 */
import type { Validator } from "remix-validated-form";
import { invalid } from "~/server/errors.server";
import { INVALID_INPUT } from "~/server/forms.server";

/** The checked values, or a 400 whose `fieldErrors` use the payload's names (`rename` maps a form field to it). */
export async function checkWithPageForm<T>(validator: Validator<T>, values: Record<string, unknown>, rename: (field: string) => string = (field) => field): Promise<T> {
  const result = await validator.validate(values);
  if (!result.error) return result.data;
  const fieldErrors = Object.fromEntries(Object.entries(result.error.fieldErrors).map(([field, message]) => [rename(field), message]));
  const messages = Object.values(fieldErrors);
  throw invalid(messages.length === 1 ? messages[0]! : INVALID_INPUT, fieldErrors);
}
