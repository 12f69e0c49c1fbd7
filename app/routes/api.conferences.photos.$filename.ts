import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePublicFile } from "~/features/files/access.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  return servePublicFile(context, request, "conference_photo", params.filename ?? "");
});
