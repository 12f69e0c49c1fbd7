import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/messages";
import { RouteDialog } from "~/components/ui/route-dialog";
import { FILE_REFUSALS, isFileRefusal } from "~/features/papers/paper-file-links";
import { parseId } from "~/lib/params";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";

/**
 * Why the zip or the export was not made, over the Papers list: the download links are plain
 * GETs, so their refusals come here as a redirect. The reason is a code, never text from the
 * address, so nobody can make the console say something of their choosing.
 */
export const loader = loads("Failed to load papers for this conference", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const search = new URL(request.url).searchParams;
  const reason = search.get("reason");
  const conferenceId = parseId(search.get("conference") ?? undefined);
  return { text: isFileRefusal(reason) ? FILE_REFUSALS[reason] : FILE_REFUSALS["download-failed"], conferenceId };
});

export default function FileRefused() {
  const { text, conferenceId } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Papers" closeTo={conferenceId === null ? "/admin/papers" : `/admin/papers?conference=${conferenceId}`}>
      <FormMessage tone="error">{text}</FormMessage>
    </RouteDialog>
  );
}
