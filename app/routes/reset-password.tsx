import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ValidatedForm, validationError } from "remix-validated-form";
import { withZod } from "@remix-validated-form/with-zod";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, TextField } from "~/components/form/fields";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema } from "~/features/accounts/schemas";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { resetPassword } from "~/features/accounts/account.server";
import { isWellFormedToken } from "~/server/auth/tokens.server";
import { readForm } from "~/server/forms.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Reset password");

const validator = withZod(resetPasswordSchema);
export const REDIRECT_AFTER_MS = 3000;
const TEXT = { missing: "Missing or invalid reset token.", failed: "Failed to reset password.", success: "Password reset successful." };

export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  // Sent here by a resent activation link: the address is proven, the password is still to choose.
  const activated = url.searchParams.get("activated") === "1";
  return { token: isWellFormedToken(token) ? token : null, activated, csrf: context.csrf.token() };
}

type ActionData = { ok: boolean; message: string };

export const ACTIVATED = "Your e-mail address is confirmed and your account is active. Choose the password you will sign in with.";

/** Without JavaScript the success page leaves for login by the Refresh header. */
export const headers = passActionHeaders("Refresh");

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await validator.validate(await readForm(request));
  if (result.error) return validationError(result.error, {}, { status: 400 });
  const { token, newPassword } = result.data;
  if (!isWellFormedToken(token)) return Response.json({ ok: false, message: TEXT.missing } satisfies ActionData, { status: 400 });
  try {
    const reset = await resetPassword(context, token, newPassword);
    if (!reset.ok && reset.field) return validationError({ fieldErrors: { [reset.field]: reset.message } }, {}, { status: 400 });
    if (!reset.ok) return Response.json({ ok: false, message: reset.message } satisfies ActionData, { status: 400 });
  } catch (error) {
    console.error("reset failed", error);
    return Response.json({ ok: false, message: TEXT.failed } satisfies ActionData, { status: 503 });
  }
  return Response.json({ ok: true, message: TEXT.success } satisfies ActionData, {
    headers: { Refresh: `${REDIRECT_AFTER_MS / 1000}; url=/login?reset=1` },
  });
}

export default function ResetPasswordRoute() {
  const { token, activated } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | { fieldErrors: unknown } | undefined;
  const navigate = useNavigate();
  const submitting = useNavigation().state === "submitting";
  const outcome = data && "ok" in data ? data : null;

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = setTimeout(() => navigate("/login?reset=1"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

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
          ) : outcome?.ok ? (
            <>
              <FormMessage tone="success">{outcome.message}</FormMessage>
              <p>
                You will be taken to the login page in 3 seconds. <Link to="/login?reset=1">Go to Login now</Link>
              </p>
            </>
          ) : (
            <>
              {activated && !outcome ? <FormMessage tone="success">{ACTIVATED}</FormMessage> : null}
              {outcome ? (
                <FormMessage tone="error">
                  {outcome.message} <Link to="/forgot-password">Request a new link</Link>
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
