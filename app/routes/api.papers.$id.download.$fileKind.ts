import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePaperFile } from "~/features/files/access.server";
import { loads } from "~/server/answers.server";

/** A paper's manuscript or blind copy: its authors, administrators, or a download token's holder. */
export const loader = loads("Failed to download file. Please try again.", async ({ request, params, context }: LoaderFunctionArgs) => {
  return servePaperFile(context, request, params);
});
