/**
 * One error for every refusal the domain code makes (decision 045): a kind, a message a person can
 * act on, the fields it concerns, and for a limit the seconds to wait. Domain functions throw it;
 * the route wrappers in `answers.server.ts` turn it into the answer the request's class expects.
 * Anything else that is thrown is a fault: logged once, answered 503, never shown.
 */
export type ErrorKind =
  | "invalid"
  | "unauthorised"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "unsupported"
  | "unprocessable"
  | "rate-limited"
  | "unavailable";

const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorised: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  unprocessable: 422,
  "rate-limited": 429,
  unavailable: 503,
};

export type AppErrorOptions = {
  fieldErrors?: Record<string, string>;
  /** Seconds until a refused request may be made again (429), sent as Retry-After. */
  retryAfter?: number;
  /** What was typed, given back to the form that sent it (never a password, code or token). */
  values?: Record<string, unknown>;
  /** The `ValidatedForm` the refusal belongs to, on a page with several. */
  formId?: string;
  /** Refused by the form's own checks (`validateInput`), not by a rule of the domain. */
  checks?: boolean;
  cause?: unknown;
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly retryAfter?: number;
  readonly values?: Record<string, unknown>;
  readonly formId?: string;
  readonly checks: boolean;

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.kind = kind;
    this.status = STATUS_OF[kind];
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
    this.values = options.values;
    this.formId = options.formId;
    this.checks = options.checks ?? false;
  }

  /** The headers the answer carries: Retry-After for a limit or an unavailable service. */
  get headers(): Record<string, string> {
    return this.retryAfter === undefined ? {} : { "Retry-After": String(this.retryAfter) };
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string>) => new AppError("invalid", message, { fieldErrors });
export const notFound = (message: string) => new AppError("not-found", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const unprocessable = (message: string, fieldErrors?: Record<string, string>) => new AppError("unprocessable", message, { fieldErrors });

/** The words of a limit: how long to wait, in whole minutes. */
export function waitMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export const rateLimited = (retryAfterSeconds: number, message = waitMessage(retryAfterSeconds)) =>
  new AppError("rate-limited", message, { retryAfter: retryAfterSeconds });
