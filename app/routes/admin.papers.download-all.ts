import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conferenceZip } from "~/features/papers/paper-files.server";
import { filesRefusedUrl } from "~/features/papers/paper-file-links";
import { todayIso } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { loads, settled } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { zipResponse } from "~/server/files/zip.server";

const FAILED = "Failed to download all manuscripts. Please try again.";

/**
 * `Conference_Papers_{date}.zip`: every full manuscript of the conference, streamed from R2. A
 * refusal or a fault goes back to the Papers tab, which says why over the list.
 */
export const loader = loads(FAILED, async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  await requireAdmin(context, request);
  const raw = new URL(request.url).searchParams.get("conference") ?? undefined;
  const conferenceId = parseId(raw);
  const zip = await settled(args, FAILED, () => conferenceZip(context, conferenceId, todayIso()));
  if (!zip.ok) throw redirect(filesRefusedUrl(conferenceId, "download-failed"));
  if ("refused" in zip.value) throw redirect(filesRefusedUrl(conferenceId, zip.value.refused));
  return zipResponse(context.files, zip.value.entries, zip.value.name);
});
