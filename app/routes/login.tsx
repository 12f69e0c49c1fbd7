import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/features/accounts/messages";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { authenticatorFor } from "~/features/accounts/authenticator.server";
import { homeFor, optionalUser, safeRedirectPath } from "~/server/auth/guards.server";
import { createSession } from "~/server/auth/session.server";
import { acts, loads } from "~/server/answers.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Login");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const user = await optionalUser(context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (user) throw redirect(redirectTo || homeFor(user));
  return { csrf: context.csrf.token() };
});

export const action = acts(MESSAGES.login, async ({ request, context }: ActionFunctionArgs) => {
  const who = await authenticatorFor(context, request).authenticate("form", request);
  const cookie = await createSession(context.db, request, who.userId, { secondFactorPending: who.totp });
  const target = safeRedirectPath(who.redirectTo, "") || homeFor({ role: who.role as "user" });
  const next = who.totp ? `/login/two-factor?redirectTo=${encodeURIComponent(target)}` : target;
  return redirect(next, { headers: { "Set-Cookie": cookie } });
});

export default function LoginRoute() {
  useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const email = typeof refusal?.repopulateFields?.email === "string" ? refusal.repopulateFields.email : undefined;
  // Only a refused password (not a limit) may mean an account that was never activated.
  const resend = refusal?.message === MESSAGES.login;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <>
      <PageHead eyebrow="Members and authors" title="Login">
        Sign in to submit manuscripts, follow your submissions and register for the conference.
      </PageHead>
      <div className="container container-narrow">
        <div className="card form-card">
          {params.get("reset") === "1" ? <FormMessage tone="success">Password reset successful. You can now log in.</FormMessage> : null}
          {refusal ? (
            <FormMessage tone="error" answered>
              {refusal.message}
              {resend ? (
                <>
                  <br />
                  <small>
                    Registered but not activated yet?{" "}
                    <Link to={`/activate-account?email=${encodeURIComponent(email ?? "")}`}>Send the activation e-mail again</Link>.
                  </small>
                </>
              ) : null}
            </FormMessage>
          ) : null}
          <Form method="post" className="stack-form" aria-label="Login">
            <CsrfField />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div className="field">
              <label htmlFor="email">
                E-mail<span className="required" aria-hidden="true"> *</span>
              </label>
              <input id="email" name="email" type="email" autoComplete="username" required defaultValue={email} maxLength={254} />
            </div>
            <div className="field">
              <label htmlFor="password">
                Password<span className="required" aria-hidden="true"> *</span>
              </label>
              <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={1024} />
            </div>
            <p className="form-aside">
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? "Signing in…" : "Login"}
            </Button>
          </Form>
        </div>
        <p className="form-footnote">
          New here? <Link to="/register">Create an account</Link>
        </p>
      </div>
    </>
  );
}
