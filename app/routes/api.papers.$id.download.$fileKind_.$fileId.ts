import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePaperFile } from "~/features/files/access.server";
import { loads } from "~/server/answers.server";

/** One version of a paper's manuscript or blind copy: its authors, administrators, or a download token's holder for it. */
export const loader = loads("Failed to download file. Please try again.", async ({ request, params, context }: LoaderFunctionArgs) => {
  return servePaperFile(context, request, params);
});
