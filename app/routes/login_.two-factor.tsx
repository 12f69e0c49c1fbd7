import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigation, useSearchParams } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { secondFactorSchema } from "~/features/accounts/schemas";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { secondFactorHolds, WRONG_SECOND_FACTOR } from "~/features/accounts/two-factor.server";
import { homeFor, safeRedirectPath } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { completeSecondFactor } from "~/server/auth/session.server";
import { validateInput } from "~/server/forms.server";

export const headers = passActionHeaders("Retry-After");
export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Two-factor sign-in");

/** Only a sign-in that passed its password and waits for the second factor comes here. */
async function pendingSession(context: LoaderFunctionArgs["context"]) {
  const session = await context.session();
  if (!session) throw redirect("/login");
  if (!session.secondFactorPending) throw redirect(homeFor(session.user));
  return session;
}

export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  await pendingSession(context);
  return { csrf: context.csrf.token() };
});

const validator = withZod(secondFactorSchema);

export const action = acts("The code could not be checked. Please try again.", async ({ request, context }: ActionFunctionArgs) => {
  const session = await pendingSession(context);
  const { code } = (await validateInput(request, validator)).data;
  if (!(await secondFactorHolds(context, session.user.id, code))) throw new AppError("unauthorised", WRONG_SECOND_FACTOR);
  const cookie = await completeSecondFactor(context.db, request, session);
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), homeFor(session.user));
  return redirect(target, { headers: { "Set-Cookie": cookie } });
});

export default function TwoFactorLoginRoute() {
  const refusal = useRefusal();
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  return (
    <>
      <PageHead title="Two-factor sign-in" />
      <div className="container container-narrow">
        <div className="card form-card">
          {refusal && !refusal.fieldErrors ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
          <ValidatedForm
            validator={validator}
            id="two-factor-sign-in"
            method="post"
            action={`/login/two-factor?${params.toString()}`}
            noValidate
            className="stack-form"
            aria-label="Two-factor sign-in"
          >
            <CsrfField />
            <TextField
              name="code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={40}
              autoFocus
              hint="The 6-digit code your authenticator app shows now. Lost your phone? Enter one of your recovery codes instead."
            />
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? "Checking…" : "Verify"}
            </Button>
            <p className="form-aside">
              <Link to="/logout">Cancel and sign out</Link>
            </p>
          </ValidatedForm>
        </div>
      </div>
    </>
  );
}
