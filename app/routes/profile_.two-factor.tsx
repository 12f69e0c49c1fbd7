import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { renderSVG } from "uqr";
import { CsrfField } from "~/components/csrf-field";
import { TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { BackLink } from "~/components/back-link";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { TWO_FACTOR_FORMS, twoFactorFormSchema } from "~/features/accounts/schemas";
import { formatDate } from "~/lib/dates";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { isCurrentPassword } from "~/features/accounts/account.server";
import { beginSetup, confirmSetup, disableTwoFactor, pendingSecret, replaceRecoveryCodes, twoFactorStatus } from "~/features/accounts/two-factor.server";
import { limitedCheck, LIMITS } from "~/server/auth/rate-limit.server";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { requireSession, secondFactorRequired } from "~/server/auth/guards.server";
import { otpauthUri } from "~/server/auth/totp.server";
import { validateInput } from "~/server/forms.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Two-factor sign-in");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const { user } = await requireSession(context, request);
  const status = await twoFactorStatus(context, user.id);
  let setup: { secret: string; qr: string } | null = null;
  if (status.pendingSetup) {
    const secret = await pendingSecret(context, user.id, context.env.SESSION_SECRET);
    if (secret) {
      const uri = otpauthUri(secret, user.email, context.env.SITE_NAME);
      setup = { secret: secret.replace(/(.{4})/g, "$1 ").trim(), qr: renderSVG(uri, { border: 2 }) };
    }
  }
  return {
    enabled: status.enabledAt ? formatDate(status.enabledAt) : null,
    codesLeft: status.codesLeft,
    setup,
    admin: user.role === "admin",
    /** An administrator on a site that requires it: must set it up before the console, cannot turn it off. */
    required: secondFactorRequired(user, context.env),
    csrf: context.csrf.token(),
  };
});

type ActionData = { codes?: string[]; done?: string };

/** One validator per form for the browser; the server reads the four as one union on `intent`. */
const validators = {
  start: withZod(TWO_FACTOR_FORMS.start),
  confirm: withZod(TWO_FACTOR_FORMS.confirm),
  codes: withZod(TWO_FACTOR_FORMS.codes),
  disable: withZod(TWO_FACTOR_FORMS.disable),
};
const actionValidator = withZod(twoFactorFormSchema);

export const action = acts("Two-factor sign-in could not be changed. Please try again.", async ({ request, context }: ActionFunctionArgs) => {
  const session = await requireSession(context, request);
  const { user } = session;
  const post = (await validateInput(request, actionValidator)).data;
  const secret = context.env.SESSION_SECRET;
  const fail = (message: string) => {
    throw new AppError("invalid", message, { formId: `two-factor-${post.intent}` });
  };
  // Wrong passwords and codes count against the account, as at sign-in.
  const limited = (check: () => Promise<boolean>) => limitedCheck(context.db, `reauth:${user.id}`, LIMITS.reauthPerAccount, check);

  switch (post.intent) {
    case "start":
      if (!(await limited(() => isCurrentPassword(context, user.id, post.password)))) return fail(WRONG_PASSWORD);
      await beginSetup(context, user.id, secret);
      return redirect("/profile/two-factor");
    case "confirm": {
      const outcome: { done?: Awaited<ReturnType<typeof confirmSetup>> } = {};
      await limited(async () => (outcome.done = await confirmSetup(context, user.id, post.code, session.id)) !== null);
      if (!outcome.done) return fail("That code is not valid. Enter the 6-digit code your app shows now.");
      const { codes, replaced } = outcome.done;
      const elsewhere = "You have been signed out everywhere else, and your API tokens no longer work.";
      return { codes, done: `${replaced ? "Two-factor sign-in now uses your new app." : "Two-factor sign-in is on."} ${elsewhere}` } satisfies ActionData;
    }
    case "codes": {
      if (!(await limited(() => isCurrentPassword(context, user.id, post.password)))) return fail(WRONG_PASSWORD);
      const codes = await replaceRecoveryCodes(context, user.id);
      return { codes, done: "New recovery codes made; the old ones no longer work." } satisfies ActionData;
    }
    case "disable":
      if (secondFactorRequired(user, context.env)) return fail(ADMIN_KEEPS_IT);
      if (!(await limited(() => isCurrentPassword(context, user.id, post.password)))) return fail(WRONG_PASSWORD);
      await disableTwoFactor(context, user.id, session.id);
      return redirect("/profile/two-factor");
  }
});

const WRONG_PASSWORD = "The password is not correct.";
const ADMIN_KEEPS_IT = "Administrators must keep two-factor sign-in on. To use another phone, set up a new app instead.";
const ADMIN_MUST_ENROL = "Administrators must use two-factor sign-in on this site. Set it up below; the administration console opens once it is on.";

export default function TwoFactorRoute() {
  const { enabled, codesLeft, setup, admin, required } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const refusal = useRefusal();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHead eyebrow="Your account" title="Two-factor sign-in">
        Protect your account with a code from an authenticator app, asked for after your password.
      </PageHead>
      <div className="container container-narrow">
        <BackLink to="/profile?tab=password">Back to Profile</BackLink>
        <div className="card form-card">
          {required && !enabled && !data?.codes ? <FormMessage tone="warning">{ADMIN_MUST_ENROL}</FormMessage> : null}
          {refusal && !refusal.fieldErrors ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
          {data?.codes ? (
            <>
              <FormMessage tone="success">{data.done}</FormMessage>
              <h2>Your recovery codes</h2>
              <p>Keep these somewhere safe. Each works once, if you lose your phone. They are shown only now.</p>
              <ul className="recovery-codes">
                {data.codes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
              <ButtonLink to={admin ? "/admin/dashboard" : "/profile/two-factor"}>{admin ? "Done: open the console" : "Done"}</ButtonLink>
            </>
          ) : (
            <>
              {enabled ? (
                <p>
                  <Badge tone="success">On</Badge> {`since ${enabled}. ${codesLeft} recovery ${codesLeft === 1 ? "code" : "codes"} left.`}
                </p>
              ) : null}
              {setup ? <ConfirmNewApp setup={setup} replacing={Boolean(enabled)} busy={busy} /> : null}
              {enabled ? (
                <>
                  <PasswordForm intent="codes" title="New recovery codes" button="Make new recovery codes" busy={busy} />
                  {setup ? null : <PasswordForm intent="start" title="Move to a new app" button="Set up a new app" busy={busy} />}
                  {required ? (
                    <p className="form-section">Administrators must keep two-factor sign-in on.</p>
                  ) : (
                    <PasswordForm intent="disable" title="Turn off" button="Turn off two-factor sign-in" busy={busy} />
                  )}
                </>
              ) : setup ? null : (
                <>
                  <p>
                    <Badge tone="secondary">Off</Badge> Signing in needs only your password.
                  </p>
                  <PasswordForm intent="start" title="Set up two-factor sign-in" button="Set up two-factor sign-in" busy={busy} main />
                </>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}

/**
 * A change of the second factor, confirmed with the account's password. `main` is the page's one
 * action (setting up, when it is off): no heading of its own, the primary button.
 */
function PasswordForm({ intent, title, button, busy, main = false }: { intent: "start" | "codes" | "disable"; title: string; button: string; busy: boolean; main?: boolean }) {
  const id = `two-factor-${intent}`;
  return (
    <ValidatedForm validator={validators[intent] as never} id={id} method="post" noValidate className={main ? "stack-form" : "stack-form form-section"} aria-label={title}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {main ? null : <h2 className="form-subtitle">{title}</h2>}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <TextField name="password" id={`${id}-password`} label="Your password" type="password" autoComplete="current-password" required maxLength={1024} />
      <Button type="submit" variant={main ? "primary" : "outline"} aria-disabled={busy || undefined}>
        {button}
      </Button>
    </ValidatedForm>
  );
}

/** The app being enrolled: its QR code and key, and the code that confirms it. */
function ConfirmNewApp({ setup, replacing, busy }: { setup: { secret: string; qr: string }; replacing: boolean; busy: boolean }) {
  return (
    <ValidatedForm
      validator={validators.confirm}
      id="two-factor-confirm"
      method="post"
      noValidate
      className={`stack-form${replacing ? " form-section" : ""}`}
      aria-label="Confirm two-factor sign-in"
    >
      <CsrfField />
      <input type="hidden" name="intent" value="confirm" />
      {replacing ? (
        <>
          <h2 className="form-subtitle">Your new app</h2>
          <p>Your current app keeps working until the new one is confirmed here.</p>
        </>
      ) : null}
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
        {replacing ? "Use the new app" : "Turn on"}
      </Button>
    </ValidatedForm>
  );
}
