import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { FORGOT_TEXT } from "~/features/accounts/messages";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { emailOnlySchema } from "~/features/accounts/schemas";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requestPasswordReset } from "~/features/accounts/account.server";
import { acts, loads } from "~/server/answers.server";
import { validateInput } from "~/server/forms.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Forgot password");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  return { csrf: context.csrf.token() };
});

const validator = withZod(emailOnlySchema);

export const action = acts(FORGOT_TEXT.error, async ({ request, context }: ActionFunctionArgs) => {
  const { data } = await validateInput(request, validator, { repopulate: true });
  await requestPasswordReset(context, request, data.email);
  return { done: FORGOT_TEXT.done };
});

export default function ForgotPasswordRoute() {
  const done = (useActionData<typeof action>() as { done?: string } | undefined)?.done;
  const refusal = useRefusal();
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <PageHead title="Forgot password" />
      <div className="container container-narrow">
        <div className="card form-card">
          {done ? <FormMessage tone="success">{done}</FormMessage> : refusal && !refusal.fieldErrors ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
          {done ? (
            <p>
              The link works for one hour. <Link to="/login">Back to Login</Link>
            </p>
          ) : (
            <ValidatedForm
              validator={validator}
              method="post"
              id="forgot-password"
              noValidate
              className="stack-form"
              aria-label="Forgot password"
            >
              <CsrfField />
              <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
              <TextField name="email" label="E-mail" type="email" autoComplete="email" required maxLength={254} />
              <Button type="submit" aria-disabled={submitting || undefined}>
                {submitting ? "Sending…" : "Send reset link"}
              </Button>
              <p className="form-aside">
                <Link to="/login">Back to Login</Link>
              </p>
            </ValidatedForm>
          )}
        </div>
      </div>
    </>
  );
}
