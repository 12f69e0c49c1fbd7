import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/admin/coming-soon";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminBoardTab() {
  return (
    <ComingSoon title="Board Management">
      Editing board years and past presidents is being built.
    </ComingSoon>
  );
}
