/**
 * The readable reference of the JSON API (/api-reference), read from the OpenAPI document so the
 * page says exactly what the document says: each call's method and path, who may make it, its
 * parameters, its body's fields, its answer's fields and its refusals. JSON Schema is flattened
 * into rows of dotted field names (`primaryAffiliation.address.city`, `authors[].email`).
 */
import type { openApiDocument } from "./openapi.server";

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  additionalProperties?: Schema | boolean;
};

export type FieldRow = { name: string; type: string; required: boolean; description: string };
export type ReferenceCall = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  access: "Anyone" | "Signed in" | "Administrators";
  parameters: FieldRow[];
  body: { contentType: string; fields: FieldRow[] } | null;
  answer: { status: string; contentType: string; description: string; fields: FieldRow[] };
  refusals: Array<{ status: string; description: string }>;
};
export type ReferenceSection = { tag: string; calls: ReferenceCall[] };

type Document = ReturnType<typeof openApiDocument>;

const MAX_DEPTH = 6;

function resolve(schema: Schema, document: Document): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return ((document.components?.schemas as Record<string, Schema> | undefined)?.[name] ?? {}) as Schema;
}

function typeOf(schema: Schema, document: Document): string {
  const s = resolve(schema, document);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return [...new Set(variants.map((v) => typeOf(v, document)))].join(" | ");
  if (s.allOf) return "object";
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return (
    types
      .map((t) => {
        if (t === "array") return `list of ${s.items ? typeOf(s.items, document) : "values"}`;
        if (t === "string" && s.format === "binary") return "file";
        if (t === "integer") return "integer";
        return t;
      })
      .join(" | ") || "any"
  );
}

/** The object a schema describes, looking through nullable unions and intersections. */
function objectOf(schema: Schema, document: Document): Schema | null {
  const s = resolve(schema, document);
  if (s.properties) return s;
  if (s.allOf) {
    const parts = s.allOf.map((p) => objectOf(p, document)).filter((p): p is Schema => p !== null);
    return parts.length ? { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) } : null;
  }
  const variant = (s.anyOf ?? s.oneOf)?.map((v) => objectOf(v, document)).find((v) => v !== null);
  return variant ?? null;
}

export function fieldRows(schema: Schema | undefined, document: Document, prefix = "", depth = 0): FieldRow[] {
  if (!schema || depth > MAX_DEPTH) return [];
  const s = resolve(schema, document);
  const list = (Array.isArray(s.type) ? s.type.includes("array") : s.type === "array") ? s.items : undefined;
  if (list) return fieldRows(list, document, `${prefix}[]`, depth + 1);
  const object = objectOf(s, document);
  if (!object?.properties) return [];
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(object.properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const p = resolve(property, document);
    rows.push({ name: path, type: typeOf(p, document), required: (object.required ?? []).includes(name), description: p.description ?? "" });
    rows.push(...fieldRows(p, document, path, depth + 1));
  }
  return rows;
}

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

export function apiReference(document: Document): ReferenceSection[] {
  const sections = new Map<string, ReferenceCall[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const op = raw as Operation;
      const secured = (op.security ?? []).length > 0;
      const refusals = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      const [status, success] = Object.entries(op.responses).find(([s]) => Number(s) < 400) ?? ["200", { description: "" }];
      const [contentType, media] = Object.entries(success.content ?? {})[0] ?? ["", undefined];
      const [bodyType, bodyMedia] = Object.entries(op.requestBody?.content ?? {})[0] ?? ["", undefined];
      const call: ReferenceCall = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, ""),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? "",
        access: !secured ? "Anyone" : refusals.some(([s]) => s === "403") && /administrator/i.test(JSON.stringify(op.responses["403"] ?? "")) ? "Administrators" : "Signed in",
        parameters: (op.parameters ?? []).map((p) => ({ name: `${p.name} (${p.in})`, type: p.schema ? typeOf(p.schema, document) : "string", required: Boolean(p.required), description: p.description ?? p.schema?.description ?? "" })),
        body: bodyMedia ? { contentType: bodyType, fields: fieldRows(bodyMedia.schema, document) } : null,
        answer: { status, contentType, description: success.description, fields: media ? fieldRows(media.schema, document) : [] },
        refusals: refusals.map(([s, r]) => ({ status: s, description: r.description })),
      };
      const tag = op.tags?.[0] ?? "Other";
      sections.set(tag, [...(sections.get(tag) ?? []), call]);
    }
  }
  return [...sections].map(([tag, calls]) => ({ tag, calls }));
}
