import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireAdmin } from "~/server/auth/guards.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Admin Dashboard");

/** The console's entrance; its tabs arrive with the admin console issue. Admins only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return { totpEnabled: admin.totpEnabled };
}

export default function AdminDashboardRoute() {
  const { totpEnabled } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title="Admin Dashboard">
        <Badge tone="danger">Administrator</Badge>
      </PageHead>
      <div className="container">
        {!totpEnabled ? (
          <div className="alert alert-warning" role="status">
            Your administrator account is protected by a password only. <Link to="/profile/two-factor">Turn on two-factor sign-in</Link> to
            protect the society's data.
          </div>
        ) : null}
        <div className="card">
          <p>The console's tabs (Conferences, News, Papers, Users, Board) are being built.</p>
        </div>
      </div>
    </>
  );
}
