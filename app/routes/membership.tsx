import type { MetaFunction } from "@remix-run/cloudflare";
import { PageHead } from "~/components/page-head";
import { ButtonLink } from "~/components/ui/button";
import { rootData, seo } from "~/lib/seo";

export const MEMBERSHIP_FEE_EUR = 80;

export const meta: MetaFunction = ({ matches }) =>
  seo(rootData(matches), {
    title: "Membership",
    description: `Membership of the society costs ${MEMBERSHIP_FEE_EUR} euros a year; registering for the annual conference includes one year of membership.`,
    path: "/membership",
  });

export default function MembershipRoute() {
  return (
    <>
      <PageHead eyebrow="Join the society" title="Membership">
        Become part of an international community of researchers in finance and accounting.
      </PageHead>
      <div className="container">
        <div className="grid-2">
          <section className="card card-accent" aria-labelledby="fee">
            <h2 id="fee">Membership Fee</h2>
            <p className="fee-figure">
              <strong>{MEMBERSHIP_FEE_EUR} euros</strong> per year
            </p>
            <p>
              Registering for the society's annual conference includes one year of membership, counted from the day of
              registration.
            </p>
          </section>
          <section className="card" aria-labelledby="benefits">
            <h2 id="benefits">Benefits</h2>
            <ul>
              <li>Reduced registration fees at the annual international conference</li>
              <li>News of calls for papers, awards and society events</li>
              <li>A vote in the society's elections and the right to stand for its board</li>
              <li>Eligibility for the society's paper awards and doctoral tutorials</li>
              <li>A network of colleagues in finance and accounting in more than forty countries</li>
            </ul>
          </section>
        </div>
        <section className="card section space-above" aria-labelledby="join">
          <h2 id="join">How to Join</h2>
          <p>Create an account, then register for a conference from your dashboard. Already a member? Log in.</p>
          <div className="actions">
            <ButtonLink to="/register">Register</ButtonLink>
            <ButtonLink to="/login" variant="outline">
              Login
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
