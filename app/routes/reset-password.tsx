import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ValidatedForm } from "remix-validated-form";
import { withZod } from "@remix-validated-form/with-zod";
import { CsrfField } from "~/components/csrf-field";
import { TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { ACTIVATION_TEXT, RESET_TEXT } from "~/features/accounts/messages";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema } from "~/features/accounts/schemas";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { resetPassword } from "~/features/accounts/account.server";
import { isWellFormedToken } from "~/server/auth/tokens.server";
import { validateInput } from "~/server/forms.server";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Reset password");

const validator = withZod(resetPasswordSchema);
export const REDIRECT_AFTER_MS = 3000;
const TEXT = RESET_TEXT;

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  // Sent here by a resent activation link: the address is proven, the password is still to choose.
  const activated = url.searchParams.get("activated") === "1";
  return { token: isWellFormedToken(token) ? token : null, activated, csrf: context.csrf.token() };
});


/** Without JavaScript the success page leaves for login by the Refresh header. */
export const headers = passActionHeaders("Refresh");

export const action = acts(TEXT.failed, async ({ request, context }: ActionFunctionArgs) => {
  const { token, newPassword } = (await validateInput(request, validator)).data;
  if (!isWellFormedToken(token)) throw new AppError("invalid", TEXT.missing);
  const reset = await resetPassword(context, token, newPassword);
  if (!reset.ok) throw new AppError("invalid", reset.message, reset.field ? { fieldErrors: { [reset.field]: reset.message } } : {});
  return data({ done: TEXT.success }, { headers: { Refresh: `${REDIRECT_AFTER_MS / 1000}; url=/login?reset=1` } });
});

export default function ResetPasswordRoute() {
  const { token, activated } = useLoaderData<typeof loader>();
  const done = (useActionData<typeof action>() as { done?: string } | undefined)?.done;
  const refusal = useRefusal();
  // A refusal of the link itself (spent, expired); a refused field is shown at the field.
  const linkRefused = refusal && !refusal.fieldErrors ? refusal.message : null;
  const navigate = useNavigate();
  const submitting = useNavigation().state === "submitting";

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login?reset=1"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <>
      <PageHead title={activated ? "Choose your password" : "Reset password"} />
      <div className="container container-narrow">
        <div className="card form-card">
          {!token ? (
            <>
              <FormMessage tone="error">{TEXT.missing}</FormMessage>
              <p>
                <Link to="/forgot-password">Request a new reset link</Link>
              </p>
            </>
          ) : done ? (
            <>
              <FormMessage tone="success">{done}</FormMessage>
              <p>
                You will be taken to the login page in 3 seconds. <Link to="/login?reset=1">Go to Login now</Link>
              </p>
            </>
          ) : (
            <>
              {activated && !refusal ? <FormMessage tone="success">{ACTIVATION_TEXT.choosePassword}</FormMessage> : null}
              {linkRefused ? (
                <FormMessage tone="error" answered>
                  {linkRefused} <Link to="/forgot-password">Request a new link</Link>
                </FormMessage>
              ) : null}
              <ValidatedForm validator={validator} method="post" id="reset-password" noValidate className="stack-form">
                <CsrfField />
                <input type="hidden" name="token" value={token} />
                <TextField name="newPassword" label="New password" type="password" required autoComplete="new-password" hint="At least 8 characters." />
                <TextField name="newPasswordRetype" label="Retype new password" type="password" required autoComplete="new-password" />
                <Button type="submit" aria-disabled={submitting || undefined}>
                  {submitting ? "Saving…" : activated ? "Save password" : "Reset password"}
                </Button>
              </ValidatedForm>
            </>
          )}
        </div>
      </div>
    </>
  );
}
