/**
 * The one path from an error to an answer (decision 045). Every loader is `loads(failure, fn)`,
 * every action `acts(failure, fn)`: the route's code runs straight through and throws; these turn
 * what it threw into the answer the request's class expects (request-policy.server.ts):
 *
 * - a Response (a redirect, a guard's refusal) or `data(…)` thrown on purpose passes untouched;
 * - an AppError is answered with its status and message: for a page loader the site's error page
 *   (the route's or the root's ErrorBoundary), for a page action `{ message, fieldErrors?,
 *   repopulateFields? }` for the form to show, for /api `{ message, fieldErrors? }` as JSON, for a
 *   webhook the bare status;
 * - anything else is a fault: logged once with the request's id, and answered as an AppError 503
 *   carrying the route's `failure` text (the spec's words), never a stack or a database message.
 *
 * `settled` is the same rule for one part of a page that may fail alone (the dashboard's lists).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Refusal } from "~/lib/refusal";
import { apiError } from "./api/guard.server";
import { AppError } from "./errors.server";
import { typedValuesFor } from "./forms.server";
import { classify } from "./request-policy.server";

type RouteArgs = { request: Request; context: AppLoadContext };


/** How long a client is asked to wait after a 503. */
const RETRY_AFTER_UNAVAILABLE = 10;

/** What a thrown value means: a refusal to answer, or an answer already made (passed through). */
function refusalOf(error: unknown, args: RouteArgs, failure: string): AppError | null {
  if (error instanceof Response) return null;
  if (error instanceof AppError) return error;
  if (error && typeof error === "object" && (error as { type?: unknown }).type === "DataWithResponseInit") return null;
  logFault(error, args);
  return new AppError("unavailable", failure, { retryAfter: RETRY_AFTER_UNAVAILABLE, cause: error });
}

/** The single log line of a fault: the request's id, method and path, and the error itself. */
export function logFault(error: unknown, { request, context }: RouteArgs) {
  const url = new URL(request.url);
  console.error(`[request ${context.requestInfo.requestId}] ${request.method} ${url.pathname} failed:`, error);
}

function apiAnswer(error: AppError) {
  return apiError(error.status, error.message, error.fieldErrors, error.headers);
}

const webhookAnswer = (error: AppError) => new Response(null, { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } });

/** A refusal answered to a program (a webhook: the bare status; the API and files: JSON), or null for a page. */
function programAnswer(refusal: AppError, request: Request): Response | null {
  const cls = classify(new URL(request.url).pathname, request);
  if (cls === "page") return null;
  return cls === "webhook" ? webhookAnswer(refusal) : apiAnswer(refusal);
}

/** A loader: its value, or the refusal thrown as the answer for the request's class. */
export function loads<A extends RouteArgs, T>(failure: string, load: (args: A) => Promise<T>): (args: A) => Promise<T> {
  return async (args) => {
    try {
      return await load(args);
    } catch (error) {
      const refusal = refusalOf(error, args, failure);
      if (!refusal) throw error;
      throw programAnswer(refusal, args.request) ?? data(refusal.message, { status: refusal.status, headers: refusal.headers });
    }
  };
}

/**
 * An action: its answer, or the refusal returned as the answer for the request's class. On a page
 * with several forms, `formId` names the form whose post this action answers, so the refusal is
 * shown there (a refusal that names its own form keeps it).
 */
export function acts<A extends RouteArgs, T>(failure: string, act: (args: A) => Promise<T>, options: { formId?: string } = {}) {
  return async (args: A) => {
    try {
      return await act(args);
    } catch (error) {
      const refusal = refusalOf(error, args, failure);
      if (!refusal) throw error;
      return (programAnswer(refusal, args.request) ?? formRefusal(refusal, typedValuesFor(args.request), options.formId)) as never;
    }
  };
}

/** A refused page post: the form's message, its fields' errors and what to show again. */
export function formRefusal(refusal: AppError, typed?: Record<string, unknown>, formId?: string) {
  const body: Refusal = { message: refusal.message };
  if (refusal.fieldErrors) body.fieldErrors = refusal.fieldErrors;
  const values = refusal.values ?? typed;
  if (values) body.repopulateFields = values;
  if (refusal.formId ?? formId) body.formId = refusal.formId ?? formId;
  if (refusal.checks) body.checks = true;
  if (refusal.status >= 500) body.fault = true;
  return Response.json(body, { status: refusal.status, headers: { "Cache-Control": "no-store", ...refusal.headers } });
}

/**
 * One part of a page that may fail while the rest is shown: its value, or `{ failed: failure }`
 * after the fault is logged once. Refusals (AppError, Response) are not faults and pass through.
 */
export async function settled<T>(args: RouteArgs, failure: string, load: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; failed: string }> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (error instanceof AppError || error instanceof Response) throw error;
    logFault(error, args);
    return { ok: false, failed: failure };
  }
}

/**
 * A refusal of `work` in the words of the form that asked: `prefix` before its message (the
 * spec's "Failed to delete file: …"), or its message as `field`'s error, with `values` to show
 * again. Faults pass unchanged, to be answered by `acts`.
 */
export function reworded<T>(work: Promise<T>, how: { prefix?: string; field?: string; values?: Record<string, unknown> }): Promise<T> {
  return work.catch((error: unknown) => {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const message = `${how.prefix ?? ""}${error.message}`;
    throw new AppError(error.kind, message, {
      fieldErrors: how.field ? { [how.field]: message } : error.fieldErrors,
      values: how.values ?? error.values,
      retryAfter: error.retryAfter,
      formId: error.formId,
      checks: error.checks,
    });
  });
}
