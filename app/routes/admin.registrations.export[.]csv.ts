import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRegistrationStatus, OFFICE_MESSAGES } from "~/features/payments/registrations";
import { registrationsCsv } from "~/features/payments/registrations-admin.server";
import { todayIso } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { contentDisposition } from "~/server/file-response.server";

/** `{conference title}_Registrations_{date}.csv`: the conference's registrations (of one status when `?status=` names one) for the accountant. */
export const loader = loads(OFFICE_MESSAGES.exportFailed, async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const url = new URL(request.url);
  const conferenceId = parseId(url.searchParams.get("conference") ?? undefined);
  const status = url.searchParams.get("status") ?? "";
  const csv = conferenceId === null ? null : await registrationsCsv(context, admin, conferenceId, isRegistrationStatus(status) ? status : "", todayIso());
  if (!csv) throw new Response(OFFICE_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(csv.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", csv.name),
      "Cache-Control": "private, no-store",
    },
  });
});
