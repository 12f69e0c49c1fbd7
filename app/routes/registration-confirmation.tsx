import type { MetaFunction } from "@remix-run/cloudflare";
import { PageHead } from "~/components/page-head";
import { ButtonLink } from "~/components/ui/button";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Registration received");

export default function RegistrationConfirmationRoute() {
  return (
    <>
      <PageHead title="Check your e-mail" />
      <div className="container container-narrow">
        <div className="card form-card">
          <h2>Registration received</h2>
          <p>
            We have sent an e-mail to the address you registered with. Please click the link in it to activate your account; the
            link works for 48 hours.
          </p>
          <p>
            If that address already has an account, no new account was made: the e-mail we sent instead has a link to sign in and
            one to choose a new password.
          </p>
          <p className="form-aside">No e-mail after a few minutes? Look in your spam folder, or try to log in: you will be offered a new link.</p>
          <div className="form-actions">
            <ButtonLink to="/login">Go to Login</ButtonLink>
            <ButtonLink to="/" variant="outline">
              Return to Home
            </ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}
