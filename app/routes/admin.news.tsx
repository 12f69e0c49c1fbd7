import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/admin/coming-soon";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminNewsTab() {
  return (
    <ComingSoon title="News Management">
      Searching, writing and publishing news items, with their files, is being built.
    </ComingSoon>
  );
}
