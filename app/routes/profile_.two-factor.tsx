import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { renderSVG } from "uqr";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, TextField } from "~/components/form/fields";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { TWO_FACTOR_FORMS, twoFactorFormSchema } from "~/features/accounts/schemas";
import { formatDate } from "~/lib/dates";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { isCurrentPassword } from "~/features/accounts/account.server";
import { beginSetup, checkSecondFactor, confirmSetup, disableTwoFactor, pendingSecret, twoFactorStatus } from "~/features/accounts/two-factor.server";
import { requireSession } from "~/server/auth/guards.server";
import { issueRecoveryCodes, otpauthUri } from "~/server/auth/totp.server";
import { validateForm } from "~/server/forms.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Two-factor sign-in");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireSession(context, request);
  const status = await twoFactorStatus(context.db, user.id);
  let setup: { secret: string; qr: string } | null = null;
  if (status.pendingSetup) {
    const secret = await pendingSecret(context.db, user.id, context.env.SESSION_SECRET);
    if (secret) {
      const uri = otpauthUri(secret, user.email, context.env.SITE_NAME);
      setup = { secret: secret.replace(/(.{4})/g, "$1 ").trim(), qr: renderSVG(uri, { border: 2 }) };
    }
  }
  return {
    enabled: status.enabledAt ? formatDate(status.enabledAt) : null,
    codesLeft: status.codesLeft,
    setup,
    csrf: context.csrf.token(),
  };
}

type ActionData = { error?: string; codes?: string[]; message?: string };

/** One validator per form for the browser; the server reads the four as one union on `intent`. */
const validators = {
  start: withZod(TWO_FACTOR_FORMS.start),
  confirm: withZod(TWO_FACTOR_FORMS.confirm),
  codes: withZod(TWO_FACTOR_FORMS.codes),
  disable: withZod(TWO_FACTOR_FORMS.disable),
};
const actionValidator = withZod(twoFactorFormSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireSession(context, request);
  const checked = await validateForm(request, actionValidator);
  if (!checked.ok) return checked.response;
  const post = checked.data;
  const secret = context.env.SESSION_SECRET;
  const fail = (error: string) => Response.json({ error } satisfies ActionData, { status: 400 });

  switch (post.intent) {
    case "start":
      await beginSetup(context.db, user.id, secret);
      return redirect("/profile/two-factor");
    case "confirm": {
      const codes = await confirmSetup(context.db, user.id, post.code, secret);
      if (!codes) return fail("That code is not valid. Enter the 6-digit code your app shows now.");
      return Response.json({ codes, message: "Two-factor sign-in is on." } satisfies ActionData);
    }
    case "codes":
      if (!(await checkSecondFactor(context.db, user.id, post.code, secret))) return fail("That code is not valid.");
      return Response.json({ codes: await issueRecoveryCodes(context.db, user.id), message: "New recovery codes made; the old ones no longer work." } satisfies ActionData);
    case "disable":
      if (!(await isCurrentPassword(context.db, user.id, post.password))) return fail("The password is not correct.");
      await disableTwoFactor(context.db, user.id);
      return redirect("/profile/two-factor");
  }
}

export default function TwoFactorRoute() {
  const { enabled, codesLeft, setup } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHead eyebrow="Your account" title="Two-factor sign-in">
        Protect your account with a code from an authenticator app, asked for after your password.
      </PageHead>
      <div className="container container-narrow">
        <p>
          <ButtonLink to="/profile?tab=password" variant="outline" size="small">
            Back to Profile
          </ButtonLink>
        </p>
        <div className="card form-card">
          {data?.error ? <FormMessage tone="error">{data.error}</FormMessage> : null}
          {data?.codes ? (
            <>
              <FormMessage tone="success">{data.message}</FormMessage>
              <h2>Your recovery codes</h2>
              <p>Keep these somewhere safe. Each works once, if you lose your phone. They are shown only now.</p>
              <ul className="recovery-codes">
                {data.codes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
              <ButtonLink to="/profile/two-factor">Done</ButtonLink>
            </>
          ) : enabled ? (
            <>
              <p>
                <Badge tone="success">On</Badge> {`since ${enabled}. ${codesLeft} recovery ${codesLeft === 1 ? "code" : "codes"} left.`}
              </p>
              <ValidatedForm validator={validators.codes} id="two-factor-codes" method="post" noValidate className="stack-form" aria-label="New recovery codes">
                <CsrfField />
                <input type="hidden" name="intent" value="codes" />
                <h2 className="form-subtitle">New recovery codes</h2>
                <TextField name="code" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" required maxLength={40} />
                <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
                  Make new recovery codes
                </Button>
              </ValidatedForm>
              <ValidatedForm validator={validators.disable} id="two-factor-disable" method="post" noValidate className="stack-form" aria-label="Turn off two-factor sign-in">
                <CsrfField />
                <input type="hidden" name="intent" value="disable" />
                <h2 className="form-subtitle">Turn off</h2>
                <input type="text" name="username" autoComplete="username" hidden readOnly />
                <TextField name="password" label="Your password" type="password" autoComplete="current-password" required maxLength={1024} />
                <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
                  Turn off two-factor sign-in
                </Button>
              </ValidatedForm>
            </>
          ) : setup ? (
            <ValidatedForm validator={validators.confirm} id="two-factor-confirm" method="post" noValidate className="stack-form" aria-label="Confirm two-factor sign-in">
              <CsrfField />
              <input type="hidden" name="intent" value="confirm" />
              <ol className="setup-steps">
                <li>Open your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).</li>
                <li>
                  Scan this code, or enter the key by hand.
                  <div className="qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: setup.qr }} />
                  <p>
                    Key: <code className="totp-key">{setup.secret}</code>
                  </p>
                </li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <TextField name="code" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" required maxLength={10} />
              <Button type="submit" aria-disabled={busy || undefined}>
                Turn on
              </Button>
            </ValidatedForm>
          ) : (
            <ValidatedForm validator={validators.start} id="two-factor-start" method="post" noValidate className="stack-form" aria-label="Set up two-factor sign-in">
              <CsrfField />
              <input type="hidden" name="intent" value="start" />
              <p>
                <Badge tone="secondary">Off</Badge> Signing in needs only your password.
              </p>
              <Button type="submit">Set up two-factor sign-in</Button>
            </ValidatedForm>
          )}
        </div>
      </div>
    </>
  );
}
