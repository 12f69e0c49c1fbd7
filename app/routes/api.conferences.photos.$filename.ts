import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePublicFile } from "~/features/files/access.server";

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return servePublicFile(context, request, "conference_photo", params.filename ?? "");
}
