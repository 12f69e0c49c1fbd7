/**
 * One call of the JSON API (decision 068): its contract (method, path, who may make it, the zod
 * schemas of its path, query and body, the shape of its answer, the refusals it documents) and
 * its handler, which calls the same domain functions as the pages. The contract is read twice:
 * here, to check every request before the handler runs, and by `openapi.server.ts`, to write the
 * OpenAPI document, so what is documented is what is enforced.
 *
 * Before a handler runs, a call has
 * - found its caller: `public` calls read no token; `user` calls need a live bearer token (401);
 *   `admin` calls an administrator's (403), with two-factor sign-in where the site requires it;
 *   a `browser` call without a bearer token takes the page's cookie session instead;
 * - read its path (a malformed id is the 404 of no such record), its query and its body: JSON,
 *   or multipart for the calls that carry files (anything else is a 415). A field the contract
 *   does not name is refused (400): a client cannot set `role`, `status`, an amount or an owner
 *   by adding a field the pages never post. Every failure is `{ message, fieldErrors? }` with a
 *   4xx status, and nothing has been written to the database yet (a call's first `reads` ride
 *   in its session's round trip, before these checks: reads only, their rows unused on a refusal).
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z, type ZodTypeAny } from "zod";
import { batchPrepared, type PreparedCall, type PreparedResults } from "~/db/prepared.server";
import { requireSession } from "../auth/guards.server";
import type { SessionUser } from "../auth/session.server";
import { acts, loads } from "../answers.server";
import { AppError } from "../errors.server";
import { INVALID_INPUT, postedFiles, readApiBody } from "../forms.server";
import { classify } from "../request-policy.server";
import { apiError, requireApiAdminSession, requireApiSession, requireApiSessionWith } from "./guard.server";

export type Access = "public" | "user" | "admin";
export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** A multipart body: its text fields' schema, and the file parts it takes (field name → what it is). */
export type MultipartBody = { kind: "multipart"; schema: ZodTypeAny; files: Record<string, { description: string; multiple?: boolean; required?: boolean }> };
export type JsonBody = { kind: "json"; schema: ZodTypeAny };

export type CallSpec = {
  method: Method;
  /** The OpenAPI path, parameters in braces: `/api/conferences/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  body?: JsonBody | MultipartBody;
  /** The success answer's shape; a call answering a file or a stream documents its type instead. */
  answer: ZodTypeAny | { contentType: string; description: string };
  status?: 200 | 201;
  /** The refusals the call itself makes beyond the ones every call of its kind may make. */
  refusals?: Partial<Record<RefusalStatus, string>>;
  /** The message of a refused body when more than one field is wrong (the spec's, where it has one). */
  invalidMessage?: string;
  /** What a fault is answered with (503): the spec's failure text for the call. */
  failure: string;
  /** The 404 message of a path whose id is malformed (the same as for a record that does not exist). */
  notFound?: string;
  /**
   * The call's first reads, made from the session's id (they name the user by `sessionUserId`):
   * a `user` call sends them with its token's session, one D1 round trip for both; their rows
   * reach the handler as `rows`, and only for a live session. An `admin` call reads them after
   * the role is checked, so a member's token never runs the office's queries.
   */
  reads?: (sessionId: string) => readonly PreparedCall<unknown>[];
  /**
   * The signed-in browser makes this call too (the payment dialog; decision 053): without a
   * bearer token the request is a page's (request-policy.server.ts), so its cookie session counts
   * and the Worker has checked its CSRF token before the route runs. With one, it is an API call.
   */
  browser?: true;
};

type Infer<T> = T extends ZodTypeAny ? z.output<T> : Record<string, never>;
type UserOf<S extends CallSpec> = S["access"] extends "public" ? null : SessionUser;
type BodyOf<S extends CallSpec> = S["body"] extends { schema: infer B } ? Infer<B> : Record<string, never>;
type RowsOf<S extends CallSpec> = S["reads"] extends (sessionId: string) => infer C ? (C extends readonly PreparedCall<unknown>[] ? PreparedResults<C> : never) : null;

export type CallArgs<S extends CallSpec> = {
  request: Request;
  context: AppLoadContext;
  user: UserOf<S>;
  /** The id of the session the bearer token names (null for a public call): a password change keeps it. */
  sessionId: S["access"] extends "public" ? null : string;
  params: Infer<S["params"]>;
  query: Infer<S["query"]>;
  body: BodyOf<S>;
  /** The multipart form, for its files (`postedFiles`); null for a JSON body or none. */
  form: FormData | null;
  /** The rows of the spec's `reads`, in their order (null for a call without). */
  rows: RowsOf<S>;
};

type Answer<S extends CallSpec> = S["answer"] extends ZodTypeAny ? z.input<S["answer"]> : never;

export type ApiCall<S extends CallSpec = CallSpec> = S & { run(args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }): Promise<Response> };

const NO_SUCH_RECORD = "There is no such record.";

/** The keys an object schema names, looking through effects, intersections and unions; null if it takes any. */
export function namedKeys(schema: ZodTypeAny): Set<string> | null {
  const def = schema._def as { typeName?: string; schema?: ZodTypeAny; innerType?: ZodTypeAny; left?: ZodTypeAny; right?: ZodTypeAny; options?: ZodTypeAny[] | Map<unknown, ZodTypeAny>; unknownKeys?: string; catchall?: ZodTypeAny };
  switch (def.typeName) {
    case "ZodObject": {
      const open = def.unknownKeys === "passthrough" || (def.catchall && (def.catchall._def as { typeName?: string }).typeName !== "ZodNever");
      return open ? null : new Set(Object.keys((schema as z.AnyZodObject).shape));
    }
    case "ZodEffects":
      return namedKeys(def.schema!);
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodBranded":
    case "ZodCatch":
    case "ZodReadonly":
      return namedKeys(def.innerType ?? (def as unknown as { type: ZodTypeAny }).type);
    case "ZodPipeline":
      return namedKeys((def as unknown as { in: ZodTypeAny }).in);
    case "ZodIntersection": {
      const [a, b] = [namedKeys(def.left!), namedKeys(def.right!)];
      return a && b ? new Set([...a, ...b]) : null;
    }
    case "ZodUnion":
    case "ZodDiscriminatedUnion": {
      const all = new Set<string>();
      for (const option of def.options instanceof Map ? def.options.values() : def.options ?? []) {
        const keys = namedKeys(option);
        if (!keys) return null;
        for (const k of keys) all.add(k);
      }
      return all;
    }
    default:
      return null;
  }
}

/** Each field's first message, under its dotted path (`fees.standard`, `authors.0.email`). */
function fieldErrorsOf(error: z.ZodError) {
  const out: Record<string, string> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

function refuse(message: string, fieldErrors: Record<string, string>): never {
  const fields = Object.keys(fieldErrors);
  const only = fields.length === 1 ? fieldErrors[fields[0]!] : undefined;
  throw new AppError("invalid", only && !message ? only : message || INVALID_INPUT, { fieldErrors });
}

/** At most this many unknown fields are named in a refusal: enough to correct a client, never a body's worth. */
const MAX_NAMED_UNKNOWN = 20;

// The refusals' maps have no prototype, so a field named "__proto__" is named like any other.
function unknownFields(given: Iterable<string>, named: Set<string> | null, prefix = "", out: Record<string, string> = Object.create(null)) {
  if (!named) return out;
  for (const key of given) {
    if (Object.keys(out).length >= MAX_NAMED_UNKNOWN) break;
    const name = `${prefix}${key.slice(0, 60)}`;
    if (!named.has(key)) out[name] = `This call takes no field "${name}".`;
  }
  return out;
}

/** The schema inside optional, nullable, default and effect wrappers. */
function unwrapped(schema: ZodTypeAny): ZodTypeAny {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = current._def as { typeName?: string; schema?: ZodTypeAny; innerType?: ZodTypeAny; in?: ZodTypeAny; getter?: () => ZodTypeAny };
    const next = def.typeName === "ZodEffects" ? def.schema : def.typeName === "ZodPipeline" ? def.in : def.typeName === "ZodLazy" ? def.getter?.() : def.innerType;
    if (!next) return current;
    current = next;
  }
  return current;
}

/** The schema of an object schema's property `key` (through intersections), or null. */
function propertyOf(schema: ZodTypeAny, key: string): ZodTypeAny | null {
  const base = unwrapped(schema);
  const def = base._def as { typeName?: string; left?: ZodTypeAny; right?: ZodTypeAny };
  if (def.typeName === "ZodObject") {
    const shape = (base as z.AnyZodObject).shape as Record<string, ZodTypeAny>;
    return Object.hasOwn(shape, key) ? shape[key]! : null;
  }
  if (def.typeName === "ZodIntersection") return propertyOf(def.left!, key) ?? propertyOf(def.right!, key);
  return null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Every field of a JSON body the contract does not name, at any depth (`primaryAffiliation.role`,
 * `authors.0.userId`): nested objects are held to their own schemas, so a client cannot slip a
 * field past a schema that forgot to be strict.
 */
function unknownFieldsDeep(value: Record<string, unknown>, schema: ZodTypeAny, prefix = "", out: Record<string, string> = Object.create(null)) {
  unknownFields(Object.keys(value), namedKeys(schema), prefix, out);
  for (const [key, inner] of Object.entries(value)) {
    if (Object.keys(out).length >= MAX_NAMED_UNKNOWN) break;
    const property = propertyOf(schema, key);
    if (!property) continue;
    const base = unwrapped(property);
    if (isPlainObject(inner)) unknownFieldsDeep(inner, base, `${prefix}${key}.`, out);
    else if (Array.isArray(inner) && (base._def as { typeName?: string }).typeName === "ZodArray") {
      const element = (base._def as unknown as { type: ZodTypeAny }).type;
      inner.slice(0, 200).forEach((item, i) => {
        if (isPlainObject(item)) unknownFieldsDeep(item, element, `${prefix}${key}.${i}.`, out);
      });
    }
  }
  return out;
}

/** Checks `value` against `schema`: its output, or a 400 naming each wrong field (the handlers' second checks use it too). */
export async function check<T extends ZodTypeAny>(schema: T, value: unknown, message: string | undefined): Promise<z.output<T>> {
  const result = await schema.safeParseAsync(value);
  if (!result.success) refuse(message ?? "", fieldErrorsOf(result.error));
  return result.data;
}

/**
 * A field of a form that holds JSON text (the spec's `authors`), read as a JSON body's field is:
 * parsed, every field its schema does not name refused at any depth, then checked. `unreadable`
 * is the field's message when the text is not JSON; `message` the refusal's sentence.
 */
export async function checkJsonText<T extends ZodTypeAny>(field: string, text: string, schema: T, messages: { message: string; unreadable: string }): Promise<z.output<T>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuse(messages.message, { [field]: messages.unreadable });
  }
  const wrapper = z.object({ [field]: schema });
  const unknown = unknownFieldsDeep({ [field]: parsed }, wrapper);
  if (Object.keys(unknown).length) refuse(messages.message, unknown);
  return ((await check(wrapper, { [field]: parsed }, messages.message)) as Record<string, z.output<T>>)[field]!;
}

async function readBody(request: Request, body: JsonBody | MultipartBody, invalidMessage: string | undefined) {
  const files = body.kind === "multipart" ? body.files : {};
  const { fields, form, misplaced } = await readApiBody(request, body.kind, Object.keys(files));
  const unknown = form ? unknownFields(Object.keys(fields), namedKeys(body.schema)) : unknownFieldsDeep(fields, body.schema);
  const problems: Record<string, string> = Object.assign(Object.create(null), misplaced, unknown);
  for (const [name, file] of Object.entries(files)) {
    const parts = postedFiles(form, name);
    if (file.required && parts.length === 0) problems[name] ??= `Attach the file "${name}".`;
    if (!file.multiple && parts.length > 1) problems[name] ??= `Attach one file as "${name}".`;
  }
  if (Object.keys(problems).length) refuse(INVALID_INPUT, problems);
  return { body: await check(body.schema, fields, invalidMessage), form };
}

/** The caller's session and the rows of the call's first reads (see `reads`). */
async function sessionOf(spec: CallSpec, context: AppLoadContext, request: Request): Promise<{ session: Awaited<ReturnType<typeof requireApiSession>> | null; rows: readonly unknown[] | null }> {
  if (spec.access === "public") return { session: null, rows: null };
  if (spec.browser && classify(new URL(request.url).pathname, request) === "page") {
    const session = await requireSession(context, request);
    return { session, rows: spec.reads ? await batchPrepared(context.db, spec.reads(session.id)) : null };
  }
  if (spec.access === "admin") {
    const session = await requireApiAdminSession(context, request);
    return { session, rows: spec.reads ? await batchPrepared(context.db, spec.reads(session.id)) : null };
  }
  if (!spec.reads) return { session: await requireApiSession(context, request), rows: null };
  const { session, rows } = await requireApiSessionWith(context, request, spec.reads);
  return { session, rows };
}

/** The answer of a successful call: its value as JSON, never stored by a cache unless public. */
function answered(spec: CallSpec, value: unknown) {
  const cache = spec.access === "public" && spec.method === "GET" ? "no-cache" : "no-store";
  if (value instanceof Response) {
    if (!value.headers.has("Cache-Control")) value.headers.set("Cache-Control", cache);
    return value;
  }
  return Response.json(value, { status: spec.status ?? 200, headers: { "Cache-Control": cache } });
}

export function defineCall<const S extends CallSpec>(spec: S, handler: (args: CallArgs<S>) => Promise<Answer<S> | Response>): ApiCall<S> {
  return {
    ...spec,
    async run({ request, context, params: rawParams }) {
      const { session, rows } = await sessionOf(spec, context, request);
      const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: {} };
      if (!params.success) throw apiError(404, spec.notFound ?? NO_SUCH_RECORD);
      const url = new URL(request.url);
      const queryValues = Object.fromEntries(url.searchParams);
      const query = spec.query ? await check(spec.query, queryValues, undefined) : {};
      if (spec.query) {
        const unknown = unknownFields(Object.keys(queryValues), namedKeys(spec.query));
        if (Object.keys(unknown).length) refuse(INVALID_INPUT, unknown);
      }
      const { body, form } = spec.body ? await readBody(request, spec.body, spec.invalidMessage) : { body: {}, form: null };
      const value = await handler({ request, context, user: (session?.user ?? null) as UserOf<S>, sessionId: (session?.id ?? null) as never, params: params.data as never, query: query as never, body: body as never, form, rows: rows as never });
      return answered(spec, value);
    },
  };
}

/**
 * The loader and action of a resource route serving `calls` (one per method of its path). A
 * method the path does not take is a 405 naming the ones it does.
 */
export function serve(...calls: ApiCall[]) {
  const allow = [...new Set(calls.flatMap((c) => (c.method === "GET" ? ["GET", "HEAD"] : [c.method])))].join(", ");
  const byMethod = new Map(calls.map((c) => [c.method, c]));
  const pick = (method: string) => {
    const call = byMethod.get((method === "HEAD" ? "GET" : method) as Method);
    if (!call) throw apiError(405, "This address does not take that method.", undefined, { Allow: allow });
    return call;
  };
  const failure = (method: string) => byMethod.get(method as Method)?.failure ?? "The server could not answer. Try again later.";
  return {
    loader: (args: LoaderFunctionArgs) => loads(failure("GET"), (a: LoaderFunctionArgs) => pick(a.request.method).run(a))(args),
    action: (args: ActionFunctionArgs) => acts(failure(args.request.method), (a: ActionFunctionArgs) => pick(a.request.method).run(a))(args),
  };
}
