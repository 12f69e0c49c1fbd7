import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { icsCalendar } from "~/features/conferences/calendar";
import { htmlToText } from "~/lib/format";
import { parseId } from "~/lib/params";
import { getConferenceForCalendar } from "~/features/conferences/conference.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ params, context }: LoaderFunctionArgs) => {
  const id = parseId(params.id);
  const conference = id === null ? null : await getConferenceForCalendar(context, id);
  if (!conference) return new Response("Conference not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const site = new URL(context.env.SITE_URL);
  const body = icsCalendar({
    ...conference,
    details: htmlToText(conference.description, 1000),
    url: `${site.origin}/conferences/${conference.id}`,
    host: site.hostname,
    updatedAt: conference.updatedAt,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="conference-${conference.id}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
});
