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
 * Reads a form post and checks it with the form's validator, the same one its `ValidatedForm`
 * runs in the browser (decision 028): the checked data, or the 400 answer to return, carrying
 * the field errors (and, with `repopulate`, what was typed; never for a password).
 */
export async function validateForm<T>(
  request: Pick<Request, "formData">,
  validator: Validator<T>,
  { repopulate = false }: { repopulate?: boolean } = {},
): Promise<{ ok: true; data: T; form: FormData } | { ok: false; response: Response; form: FormData }> {
  const form = await readForm(request);
  const result = await validator.validate(form);
  if (result.error) return { ok: false, response: validationError(result.error, repopulate ? result.submittedData : {}, { status: 400 }), form };
  return { ok: true, data: result.data, form };
}
