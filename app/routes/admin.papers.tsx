import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/admin/coming-soon";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  return null;
});

export default function AdminPapersTab() {
  return (
    <ComingSoon title="Papers">
      Reviewing the papers submitted to each conference comes with manuscript submission.
    </ComingSoon>
  );
}
