import { validationError, type Validator } from "remix-validated-form";

/**
 * Reading a posted form. A body that is not a well-formed form (a multipart body cut short or
 * garbled, a wrong Content-Type) is the sender's fault: a 400 with a plain explanation, never
 * a 500. A body cut off at the size limit is answered 413 by the Worker, whatever this says.
 */
export const UNREADABLE_FORM = "The form could not be read: it arrived incomplete or malformed. Nothing was saved. Reload the page and try again.";

export async function readForm(request: Pick<Request, "formData">): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/**
 * Reads a form post (or a form already read, when the page looked at its intent first) and checks
 * it with the form's validator, the same one its `ValidatedForm` runs in the browser (decision
 * 028): the checked data, or the 400 answer to return, carrying the field errors and, with
 * `repopulate`, what was typed (never a file or the CSRF token; never use it for a password), or
 * the values given instead (a form whose fields the page rebuilds, as the board year's rows).
 */
export async function validateForm<T>(
  posted: Pick<Request, "formData"> | FormData,
  validator: Validator<T>,
  { repopulate = false }: { repopulate?: boolean | Record<string, unknown> } = {},
): Promise<{ ok: true; data: T; form: FormData } | { ok: false; response: Response; form: FormData }> {
  const form = posted instanceof FormData ? posted : await readForm(posted);
  const result = await validator.validate(form);
  if (!result.error) return { ok: true, data: result.data, form };
  const typed = repopulate === true ? typedValues(form) : repopulate || {};
  return { ok: false, response: validationError(result.error, typed, { status: 400 }), form };
}

/** What was typed into a form, to give it back: text values only, without the CSRF token. */
function typedValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "_csrf") values[key] = value;
  return values;
}
