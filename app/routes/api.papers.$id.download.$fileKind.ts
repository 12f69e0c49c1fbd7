import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePaperFile } from "~/features/files/access.server";

/** A paper's manuscript or blind copy: its authors, administrators, or a download token's holder. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return servePaperFile(context, request, params);
}
