import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/admin/coming-soon";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminConferencesTab() {
  return (
    <ComingSoon title="Conference Management">
      Searching, adding and editing conferences, with their files, photos and fees, is being built.
    </ComingSoon>
  );
}
