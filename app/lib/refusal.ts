/**
 * What a page's form receives when its post is refused (decision 045): the sentence to show, the
 * fields' own errors, what was typed (for a page that reloads without JavaScript), and which
 * `ValidatedForm` it belongs to on a page with several. `acts` makes it; `useRefusal` reads it.
 */
export type Refusal = {
  message: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  formId?: string;
  /**
   * True when the form's own checks refused it (the validator the browser runs too): the page's
   * sentence for wrong fields says it. Absent for a refusal of the domain (a wrong current
   * password, a common password), whose message is its own.
   */
  checks?: true;
  /** True when the site failed (a 5xx), not the post: the page may say the draft is kept and whom to tell. */
  fault?: true;
};

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

/**
 * The messages of a form's checks that say more than the form's sentence for wrong fields ("fill in
 * all required fields correctly"): a rule such as an address given twice. A form whose only wrong
 * fields carry such messages shows them instead of its sentence (`InvalidFormMessage`).
 */
const OWN_MESSAGES = new Set<string>();

/** Marks a check's message as one the form's sentence does not cover; returns it. */
export function ownMessage<T extends string>(message: T): T {
  OWN_MESSAGES.add(message);
  return message;
}

export const isOwnMessage = (message: string) => OWN_MESSAGES.has(message);
