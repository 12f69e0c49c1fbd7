import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { filesRefusedUrl } from "~/features/papers/paper-file-links";
import { exportPapers } from "~/features/papers/paper-export.server";
import { todayIso } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { loads, settled } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { contentDisposition } from "~/server/file-response.server";

const FAILED = "Failed to generate Excel file. Please try again.";

/**
 * `{conference title}_Papers_{date}.xlsx`, the spec's export. A refusal or a fault goes back to
 * the Papers tab, which says why over the list.
 */
export const loader = loads(FAILED, async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const conferenceId = parseId(url.searchParams.get("conference") ?? undefined);
  const made = await settled(args, FAILED, () => exportPapers(context, conferenceId, new URL(context.env.SITE_URL).origin, todayIso()));
  if (!made.ok) throw redirect(filesRefusedUrl(conferenceId, "export-failed"));
  if ("refused" in made.value) throw redirect(filesRefusedUrl(conferenceId, made.value.refused));
  return new Response(made.value.bytes, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": contentDisposition("attachment", made.value.name),
      "Cache-Control": "private, no-store",
    },
  });
});
