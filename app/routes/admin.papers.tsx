import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { ComingSoon } from "~/components/admin/coming-soon";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("Failed to load papers for this conference", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  return null;
});

export default function AdminPapersTab() {
  return (
    <>
      <Outlet />
      <ComingSoon title="Papers">The list of papers is being built.</ComingSoon>
    </>
  );
}
