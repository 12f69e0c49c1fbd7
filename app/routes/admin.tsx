import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { LinkTabs } from "~/components/ui/link-tabs";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Admin Dashboard");

/** The console's tabs: each its own URL, so each works without JavaScript and can be bookmarked. */
export const ADMIN_TABS = [
  { id: "conferences", title: "Conferences" },
  { id: "news", title: "News" },
  { id: "papers", title: "Papers" },
  { id: "registrations", title: "Registrations" },
  { id: "users", title: "Users" },
  { id: "board", title: "Board" },
  { id: "outbox", title: "Outbox" },
  { id: "settings", title: "Settings" },
] as const;

/**
 * The console's frame. Only administrators enter; every tab's own loader and action checks the
 * role again, because Remix runs a page's loaders in parallel.
 */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  return { totpEnabled: admin.totpEnabled, csrf: context.csrf.token() };
});

export default function AdminLayout() {
  const { totpEnabled } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const segment = pathname.split("/")[2] ?? "";
  const current = ADMIN_TABS.find((t) => t.id === segment)?.id ?? (segment === "activity" ? "" : "conferences");
  return (
    <>
      <PageHead title="Admin Dashboard">
        <Badge tone="danger">Administrator</Badge> <Link to="/admin/activity">Activity log</Link>
      </PageHead>
      <div className="container admin">
        {!totpEnabled ? (
          <div className="alert alert-warning" role="status">
            Your administrator account is protected by a password only. <Link to="/profile/two-factor">Turn on two-factor sign-in</Link> to
            protect the society's data.
          </div>
        ) : null}
        <LinkTabs label="Console sections" tabs={ADMIN_TABS} current={current} hrefFor={(id) => `/admin/${id}`} wide>
          <Outlet />
        </LinkTabs>
      </div>
    </>
  );
}
