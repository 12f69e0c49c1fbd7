import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { API_CALLS, API_DESCRIPTION } from "~/features/api/calls.server";
import { loads } from "~/server/answers.server";
import { openApiDocument } from "~/server/api/openapi.server";

let document: ReturnType<typeof openApiDocument> | null = null;

/** GET /api/openapi.json: the OpenAPI 3.1 document, written once per isolate from the calls' contracts. */
export const loader = loads("The API's description could not be made. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  document ??= openApiDocument(API_CALLS, { title: `${context.env.SITE_NAME} API`, version: "1.0.0", description: API_DESCRIPTION, serverUrl: new URL(context.env.SITE_URL).origin });
  return Response.json(document, { headers: { "Cache-Control": "no-cache" } });
});
