import type { ZodError } from "zod";

/** A refused form's errors by field: the first message of each, as the form shows them. */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
