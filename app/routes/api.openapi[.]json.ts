import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiDocument } from "~/features/api/calls.server";
import { loads } from "~/server/answers.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document, written from the calls' own contracts. */
export const loader = loads("The API's description could not be made. Please try again later.", async ({ context }: LoaderFunctionArgs) =>
  Response.json(apiDocument(context.env), { headers: { "Cache-Control": "no-cache" } }),
);
