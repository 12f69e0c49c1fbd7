/**
 * What a page's form receives when its post is refused (decision 045): the sentence to show, the
 * fields' own errors, what was typed (for a page that reloads without JavaScript), and which
 * `ValidatedForm` it belongs to on a page with several. `acts` makes it; `useRefusal` reads it.
 */
export type Refusal = { message: string; fieldErrors?: Record<string, string>; repopulateFields?: Record<string, unknown>; formId?: string };

export const isRefusal = (answer: unknown): answer is Refusal => !!answer && typeof answer === "object" && typeof (answer as Refusal).message === "string";

/**
 * A console editor's line above its form (the spec's "Failed to save conference: …"): the
 * failure text alone for a fault, with the refusal's reason after it otherwise; nothing when the
 * refusal only names fields, which the fields show.
 */
export function consoleRefusalText(refusal: Refusal | undefined, failure: string): string | null {
  if (!refusal) return null;
  if (refusal.message === failure) return failure;
  if (refusal.fieldErrors) return null;
  return `${failure}: ${refusal.message}`;
}
