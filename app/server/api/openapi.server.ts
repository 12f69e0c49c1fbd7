/**
 * The OpenAPI 3.1 document of the JSON API, written from the calls' own contracts (call.server.ts):
 * the zod schemas that check each request are the schemas the document shows, so the two cannot
 * drift apart. The document is made once per isolate.
 */
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { ApiCall, RefusalStatus } from "./call.server";

// The generator calls `.openapi()` on the schemas it meets: the library's own addition to zod's
// prototype, which changes no schema's checking.
extendZodWithOpenApi(z);

const errorShape = z.object({
  message: z.string().describe("A sentence a person can act on"),
  fieldErrors: z.record(z.string()).optional().describe("Each wrong field's message, under its dotted path"),
});

/** The refusals every call of an access level may make, beside its own. */
const COMMON_REFUSALS: Record<ApiCall["access"], Partial<Record<RefusalStatus, string>>> = {
  public: {},
  user: { 401: "The token is missing, expired or revoked." },
  admin: { 401: "The token is missing, expired or revoked.", 403: "The account is not an administrator's, or has not turned on two-factor sign-in." },
};

const SHARED_REFUSALS = (call: ApiCall): Partial<Record<RefusalStatus, string>> => ({
  ...(call.body || call.query ? { 400: "A field is missing, wrong, or not one this call takes (fieldErrors names it)." } : {}),
  ...(call.body ? { 413: "The body is larger than the API takes.", 415: `The body is not ${call.body.kind === "json" ? "JSON" : "multipart/form-data"}.` } : {}),
});

const STATUS_TEXT: Record<number, string> = { 200: "Done", 201: "Created" };

export type OpenApiInfo = { title: string; version: string; description: string; serverUrl: string };

function register(registry: OpenAPIRegistry, call: ApiCall) {
  const body = call.body;
  const refusals = { ...SHARED_REFUSALS(call), ...COMMON_REFUSALS[call.access], ...call.refusals };
  const success = "contentType" in call.answer ? { [call.answer.contentType]: { schema: { type: "string" as const, format: "binary" } } } : { "application/json": { schema: call.answer } };
  registry.registerPath({
    method: call.method.toLowerCase() as "get",
    path: call.path,
    tags: [call.tag],
    summary: call.summary,
    description: call.description,
    security: call.access === "public" ? [] : [{ bearerToken: [] }],
    request: {
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { query: call.query } : {}),
      ...(body
        ? {
            body: {
              required: true,
              content: body.kind === "json" ? { "application/json": { schema: body.schema } } : { "multipart/form-data": { schema: body.schema } },
            },
          }
        : {}),
    },
    responses: {
      [call.status ?? 200]: { description: "contentType" in call.answer ? call.answer.description : STATUS_TEXT[call.status ?? 200]!, content: success },
      ...Object.fromEntries(Object.entries(refusals).map(([status, description]) => [status, { description, content: { "application/json": { schema: errorShape } } }])),
    },
  });
}

/** Adds each multipart call's file parts to its body schema (zod has no type for a file part). */
function withFileParts(document: ReturnType<OpenApiGeneratorV31["generateDocument"]>, calls: readonly ApiCall[]) {
  for (const call of calls) {
    if (call.body?.kind !== "multipart") continue;
    const operation = (document.paths?.[call.path.replace(/\{(\w+)\}/g, "{$1}")] as Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }> | undefined)?.[call.method.toLowerCase()];
    const schema = operation?.requestBody?.content["multipart/form-data"]?.schema;
    if (!schema) continue;
    const properties = ((schema.properties as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, part] of Object.entries(call.body.files)) {
      const file = { type: "string", format: "binary", description: part.description };
      properties[name] = part.multiple ? { type: "array", items: file, description: part.description } : file;
      if (part.required) required.add(name);
    }
    schema.properties = properties;
    if (required.size) schema.required = [...required];
  }
  return document;
}

export function openApiDocument(calls: readonly ApiCall[], info: OpenApiInfo) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The token `POST /api/auth/login` answers. A request carrying it never has its cookies read; the only calls that take the site's own " +
      "session cookie instead are the payment dialog's (the PayPal configuration, the order, the capture), made by the site's pages with their CSRF header.",
  });
  for (const call of calls) register(registry, call);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
  });
  return withFileParts(document, calls);
}
