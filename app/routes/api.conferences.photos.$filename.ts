import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveStoredFile } from "~/server/file-response.server";

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveStoredFile(request, context, "conference_photo", params.filename ?? "");
}
