/**
 * The JSON API's contract tests' tools: calls made as a client makes them, and every answer
 * checked against the OpenAPI document the site serves (`/api/openapi.json`), status and body.
 * An answer whose status the document does not list, or whose body its schema does not allow,
 * fails the test.
 */
import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import { get } from "./fixtures";

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>; components?: object };

let document: Document | null = null;

export async function openApi(): Promise<Document> {
  if (!document) {
    const r = await get("/api/openapi.json");
    expect(r.status).toBe(200);
    document = (await r.json()) as Document;
  }
  return document;
}

export type ApiAnswer<T = unknown> = { status: number; body: T; headers: Headers };

/**
 * Makes a call and checks its answer against the document: `template` is the documented path
 * (`/api/conferences/{id}`), `path` the one called. JSON bodies are sent as JSON, FormData as multipart.
 */
export async function call<T = Record<string, unknown>>(
  method: string,
  template: string,
  options: { path?: string; token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await get(options.path ?? template, { method, headers, body });
  const text = await response.text();
  const parsed = text && (response.headers.get("Content-Type") ?? "").includes("json") ? JSON.parse(text) : text;
  await expectDocumented(method, template, response.status, parsed);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Fails unless the document lists `status` for the call and its schema allows `body`. */
export async function expectDocumented(method: string, template: string, status: number, body: unknown) {
  const doc = await openApi();
  const operation = doc.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is not in the OpenAPI document`).toBeTruthy();
  const response = operation!.responses[String(status)];
  expect(response, `${method} ${template} answered ${status}, which the document does not list: ${JSON.stringify(body).slice(0, 300)}`).toBeTruthy();
  const schema = response!.content?.["application/json"]?.schema;
  if (!schema) return;
  const validator = new Validator({ ...schema, components: doc.components } as never, "2020-12", false);
  const result = validator.validate(body);
  expect(result.valid, `${method} ${template} ${status}: ${JSON.stringify(result.errors.slice(0, 3))} in ${JSON.stringify(body).slice(0, 400)}`).toBe(true);
}
