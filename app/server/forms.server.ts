import type { Validator } from "remix-validated-form";
import { AppError } from "./errors.server";

/**
 * The one input reader (decision 045): a form post or a JSON body, checked by the same validator
 * the page's `ValidatedForm` runs in the browser (decision 028). It returns the checked data, or
 * throws an AppError "invalid" (400) carrying `{ message, fieldErrors }` and, for a form, what was
 * typed (`repopulate`), which `acts`/`loads` answer in the request's class. The schemas are zod
 * objects that strip what they do not name, so a body that adds `role`, `status`, `amount` or
 * `userId` changes nothing. Nothing else in the app reads a posted form's fields.
 *
 * A body that is not a well-formed form or JSON document (cut short, garbled, a wrong Content-Type)
 * is the sender's fault: a 400 with a plain explanation. A body cut off at the size limit is
 * answered 413 by the Worker, whatever this says.
 */
export const UNREADABLE_FORM = "The form could not be read: it arrived incomplete or malformed. Nothing was saved. Reload the page and try again.";
export const UNREADABLE_JSON = "The request body is not a JSON object.";
export const INVALID_INPUT = "Some fields need attention: nothing was saved.";

export type Posted = { data: unknown; form: FormData | null; request: object };

/**
 * What each request's form asked to have given back if refused, kept beside the request so that
 * `acts` can give it back whatever refuses the post afterwards (a rule of the domain, a fault).
 */
const typedOf = new WeakMap<object, Record<string, unknown>>();

/** The values a refused post of `request` shows again, if its reader kept any. */
export const typedValuesFor = (request: object) => typedOf.get(request);

/** The body as the validator reads it: a JSON object, or the form (files stay in `form`). */
export async function readInput(request: Pick<Request, "formData" | "json" | "headers">): Promise<Posted> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const body = await request.json().catch(() => undefined);
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError("invalid", UNREADABLE_JSON);
    return { data: body, form: null, request };
  }
  try {
    const form = await request.formData();
    return { data: form, form, request };
  } catch {
    throw new AppError("invalid", UNREADABLE_FORM);
  }
}

/**
 * The JSON API's body (call.server.ts): a JSON object, or a multipart form with its text fields
 * as an object (a repeated field as a list) and its file parts left in the form. Another type of
 * body is a 415; a malformed one a 400.
 */
/** The most parts a JSON API form may have: a conference's 30 photos, 10 files and its fields fit well within it. */
export const MAX_API_FORM_PARTS = 300;

export async function readApiBody(request: Request, kind: "json" | "multipart", fileFields: readonly string[] = []) {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (kind === "json") {
    if (!type.startsWith("application/json")) throw new AppError("unsupported", "Send the body as JSON, with Content-Type: application/json.");
    const value: unknown = await request.json().catch(() => undefined);
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new AppError("invalid", UNREADABLE_JSON);
    return { fields: value as Record<string, unknown>, form: null, misplaced: {} };
  }
  if (!type.startsWith("multipart/form-data")) throw new AppError("unsupported", "Send the body as multipart/form-data: this call takes files.");
  const form = await request.formData().catch(() => {
    throw new AppError("invalid", UNREADABLE_FORM);
  });
  // A null prototype: a part named "__proto__" is a field like any other (and refused as unknown).
  const fields: Record<string, string | string[]> = Object.create(null);
  /** A file where text belongs or text where a file belongs, by field. */
  const misplaced: Record<string, string> = Object.create(null);
  let parts = 0;
  for (const [key, value] of form.entries()) {
    if (++parts > MAX_API_FORM_PARTS) throw new AppError("invalid", `The form has more than ${MAX_API_FORM_PARTS} parts: no call takes that many.`);
    const isFile = typeof value !== "string";
    if (fileFields.includes(key)) {
      if (!isFile) misplaced[key] = `"${key.slice(0, 60)}" must be a file part.`;
      continue;
    }
    if (isFile) {
      misplaced[key] = `This call takes no file "${key.slice(0, 60)}".`;
      continue;
    }
    const before = fields[key];
    if (before === undefined) fields[key] = value;
    else if (Array.isArray(before)) before.push(value);
    else fields[key] = [before, value];
  }
  return { fields, form, misplaced };
}

export type InputOptions = {
  /**
   * What a refused form gets back to show again: `true` for what was typed (text values only,
   * never the CSRF token; do not use it on a form with a password or a code), or the values the
   * page rebuilds its fields from (the board year's rows, a conference's fee table), or the
   * names of the fields to give back (a sign-in form gives back its e-mail, never its password).
   */
  repopulate?: boolean | readonly string[] | ((posted: FormData) => Record<string, unknown>);
  /** The refusal's sentence above the field errors. */
  message?: string;
};

/**
 * Reads and checks a post. `posted` is the request, or its body already read when the page
 * needed a second validator for another intent (`readInput` once, then this per validator).
 */
export async function validateInput<T>(
  posted: Pick<Request, "formData" | "json" | "headers"> | Posted,
  validator: Validator<T>,
  options: InputOptions = {},
): Promise<{ data: T; form: FormData | null }> {
  const input = "data" in posted ? posted : await readInput(posted);
  const result = await validator.validate(input.data as FormData);
  const values = input.form && options.repopulate ? repopulated(input.form, result.submittedData, options.repopulate) : undefined;
  if (values) typedOf.set(input.request, values);
  if (!result.error) return { data: result.data, form: input.form };
  const fieldErrors = result.error.fieldErrors;
  const first = Object.values(fieldErrors)[0];
  const message = options.message ?? (Object.keys(fieldErrors).length === 1 && first ? first : INVALID_INPUT);
  throw new AppError("invalid", message, { fieldErrors, values, formId: result.error.formId, checks: true });
}

/**
 * One text field of a url-encoded form, read from a copy so the body stays for the route: the
 * request policy's CSRF token, checked before any route runs.
 */
export async function urlEncodedField(request: Request, name: string): Promise<string | null> {
  const value = (await request.clone().formData()).get(name);
  return typeof value === "string" ? value : null;
}

/** The non-empty files posted under `field` (a file input left empty posts an empty part). */
export function postedFiles(form: FormData | null, field: string): File[] {
  if (!form) return [];
  return form.getAll(field).filter((f): f is File => typeof f === "object" && f !== null && "arrayBuffer" in f && (f as File).size > 0);
}

/** The text values of the named fields, each cut to `maxLength` (a missing or file field is ""). */
export function fieldValues(form: FormData, names: readonly string[], maxLength: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, maxLength) : "";
  }
  return values;
}

function repopulated(form: FormData, submitted: Record<string, unknown>, how: true | readonly string[] | ((posted: FormData) => Record<string, unknown>)) {
  if (how === true) return typedValues(submitted);
  if (typeof how === "function") return how(form);
  return fieldValues(form, how, 1000);
}

/** What was typed into a form, to give it back: as the validator shaped it (rows as lists), without the CSRF token or files. */
function typedValues(submitted: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(submitted)) if (key !== "_csrf" && !(typeof value === "object" && value !== null && "arrayBuffer" in value)) values[key] = value;
  return values;
}
