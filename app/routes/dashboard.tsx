import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { formatDate, todayIso } from "~/lib/dates";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { displayName, requireUser } from "~/server/auth/guards.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const member = user.memberUntil !== null && user.memberUntil >= todayIso();
  return {
    name: displayName(user),
    email: user.email,
    isAdmin: user.role === "admin",
    membership: user.memberUntil ? { active: member, until: formatDate(user.memberUntil) } : null,
    totpEnabled: user.totpEnabled,
  };
}

export default function DashboardRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead eyebrow="Your account" title="Dashboard">
        Welcome, {d.name}.
      </PageHead>
      <div className="container">
        <div className="grid-2">
          <section className="card" aria-labelledby="account-title">
            <h2 id="account-title">Account</h2>
            <dl className="details-list">
              <dt>Name</dt>
              <dd>{d.name}</dd>
              <dt>E-mail</dt>
              <dd>{d.email}</dd>
              <dt>Two-factor sign-in</dt>
              <dd>{d.totpEnabled ? <Badge tone="success">On</Badge> : <Badge tone="secondary">Off</Badge>}</dd>
            </dl>
            <div className="form-actions">
              <ButtonLink to="/profile">Edit Profile</ButtonLink>
              {d.isAdmin ? (
                <ButtonLink to="/admin/dashboard" variant="outline">
                  Admin Dashboard
                </ButtonLink>
              ) : null}
            </div>
          </section>
          <section className="card" aria-labelledby="membership-title">
            <h2 id="membership-title">Membership</h2>
            {d.membership?.active ? (
              <p>
                <Badge tone="success">Member</Badge> Your membership runs until <strong>{d.membership.until}</strong>.
              </p>
            ) : d.membership ? (
              <p>
                <Badge tone="warning">Expired</Badge> Your membership ended on <strong>{d.membership.until}</strong>.
              </p>
            ) : (
              <p>You are not a member yet.</p>
            )}
            <p>
              Registering for the annual conference includes one year of membership. <Link to="/membership">About membership</Link>
            </p>
          </section>
        </div>
        <section className="card" aria-labelledby="author-title">
          <h2 id="author-title">Author area</h2>
          <p>
            Manuscript submission for the conference and the list of your submissions will appear here. Until then, see the{" "}
            <Link to="/conferences">conferences</Link> and the <Link to="/journal?tab=submission">journal's submission guidelines</Link>.
          </p>
        </section>
      </div>
    </>
  );
}
