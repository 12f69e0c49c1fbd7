/**
 * One error for every refusal the domain code makes: an HTTP status and a message a person can
 * act on (decision 025). Models throw it; routes hand it back through `attempt`; the JSON API
 * answers it as `{ message, fieldErrors? }`. Anything else that is thrown is a fault: logged,
 * and answered with the route's own failure text and a 503, never a stack trace.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  /** Seconds until a refused request may be made again (429), sent as Retry-After. */
  readonly retryAfter?: number;

  constructor(status: number, message: string, options: { fieldErrors?: Record<string, string>; retryAfter?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
  }

  /** The headers the answer carries: Retry-After for a limit. */
  get headers(): HeadersInit {
    return this.retryAfter === undefined ? {} : { "Retry-After": String(this.retryAfter) };
  }

  /** True for a refusal the domain made on purpose; false for a fault `attempt` wrapped. */
  get expected() {
    return this.status < 500;
  }

  /** The classic answer of a console action: `{ error }` with the status. */
  json(extra: Record<string, unknown> = {}) {
    return Response.json({ error: this.message, ...extra }, { status: this.status, headers: this.headers });
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const forbidden = (message: string) => new AppError(403, message);
export const unprocessable = (message: string, fieldErrors?: Record<string, string>) => new AppError(422, message, { fieldErrors });

/**
 * Runs one change for a route. Returns null when it went through; the refusal when the domain
 * said no; and for any other error logs it under `where` and returns a 503 carrying `failure`.
 */
export async function attempt(where: string, failure: string, change: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await change();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    if (error instanceof Response) throw error;
    console.error(`${where} failed`, error);
    return new AppError(503, failure, { cause: error });
  }
}

/**
 * The same for a loader that reads: the value, or a thrown 503 page with `failure` (the route's
 * error boundary shows it). Responses thrown by guards pass through untouched.
 */
export async function loadOr503<T>(where: string, failure: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AppError) throw new Response(error.message, { status: error.status });
    console.error(`${where} failed`, error);
    throw new Response(failure, { status: 503 });
  }
}
