import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHead } from "~/components/page-head";
import { ButtonLink } from "~/components/ui/button";
import { rootData, seo } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo(rootData(matches), {
    title: "About the Society",
    description: "A non-profit academic society founded on 15 June 1995: its mission, the Multinational Finance Journal, its conferences and membership.",
    path: "/society",
  });

export default function SocietyRoute() {
  return (
    <>
      <PageHead eyebrow="Founded 15 June 1995" title="About the Society">
        A non-profit academic association for research in multinational finance and accounting.
      </PageHead>
      <div className="container">
        <div className="grid-2">
          <section className="card" aria-labelledby="mission">
            <h2 id="mission">Our Mission</h2>
            <p>
              The society advances research and teaching in finance and accounting across national borders. It gives
              scholars, doctoral students and practitioners a place to publish rigorous work, to discuss it with
              colleagues from other countries, and to build the networks on which good research depends.
            </p>
          </section>
          <section className="card" aria-labelledby="journal">
            <h2 id="journal">The Journal</h2>
            <p>
              The <Link to="/journal">Multinational Finance Journal</Link> has been published quarterly since 1997. It is
              peer reviewed and open access, and covers corporate finance, financial accounting, markets and
              institutions, investments, derivatives and quantitative finance.
            </p>
          </section>
          <section className="card" aria-labelledby="conferences">
            <h2 id="conferences">Conferences</h2>
            <p>
              Each year the society holds an international research <Link to="/conferences">conference</Link>, with
              keynote lectures, paper sessions, doctoral tutorials and paper awards, hosted by a university in a
              different country.
            </p>
          </section>
          <section className="card" aria-labelledby="highlights">
            <h2 id="highlights">Key Highlights</h2>
            <ul className="facts">
              <li>
                <strong>1995</strong> Founded on 15 June
              </li>
              <li>
                <strong>1997</strong> First issue of the journal
              </li>
              <li>
                <strong>500+</strong> Articles published
              </li>
              <li>
                <strong>Annual</strong> International conference
              </li>
            </ul>
          </section>
        </div>
        <section className="card card-accent section space-above" aria-labelledby="membership">
          <h2 id="membership">Membership</h2>
          <p>
            Members receive reduced conference fees and take part in the society's governance. Registering for a
            conference gives one year of membership. Create an account to submit papers and register.
          </p>
          <div className="actions">
            <ButtonLink to="/register">Create an account</ButtonLink>
            <ButtonLink to="/login" variant="outline">
              Log in
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
