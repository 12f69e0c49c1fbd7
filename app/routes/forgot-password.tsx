import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, TextField } from "~/components/form/fields";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { emailOnlySchema } from "~/features/accounts/schemas";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requestPasswordReset } from "~/features/accounts/account.server";
import { RateLimitedError, tooManyRequests } from "~/server/auth/rate-limit.server";
import { validateForm } from "~/server/forms.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Forgot password");

export const FORGOT_TEXT = {
  done: "If that email exists, a reset link has been sent.",
  error: "An error occurred. Please try again later.",
};

export function loader({ context }: LoaderFunctionArgs) {
  return { csrf: context.csrf.token() };
}

type ActionData = { ok: boolean; message: string; email: string };

const validator = withZod(emailOnlySchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const checked = await validateForm(request, validator, { repopulate: true });
  if (!checked.ok) return checked.response;
  const raw = checked.data.email;
  try {
    await requestPasswordReset(context, request, raw);
    return Response.json({ ok: true, message: FORGOT_TEXT.done, email: raw } satisfies ActionData);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return tooManyRequests(error, { ok: false, message: error.message, email: raw } satisfies ActionData);
    }
    console.error("forgot-password failed", error);
    return Response.json({ ok: false, message: FORGOT_TEXT.error, email: raw } satisfies ActionData, { status: 503 });
  }
}

export default function ForgotPasswordRoute() {
  const answer = useActionData<typeof action>() as ActionData | { fieldErrors: unknown } | undefined;
  const data = answer && "ok" in answer ? answer : undefined;
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <PageHead title="Forgot password" />
      <div className="container container-narrow">
        <div className="card form-card">
          {data ? <FormMessage tone={data.ok ? "success" : "error"}>{data.message}</FormMessage> : null}
          {data?.ok ? (
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
              defaultValues={data ? { email: data.email } : undefined}
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
