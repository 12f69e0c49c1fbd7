import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfField, useCsrfToken } from "~/components/csrf-field";
import { FormMessage } from "~/components/form/messages";
import { ACTIVATION_TEXT } from "~/features/accounts/messages";
import { PageHead } from "~/components/page-head";
import { Button, ButtonLink } from "~/components/ui/button";
import { activationFormSchema } from "~/features/accounts/schemas";
import { withZod } from "@remix-validated-form/with-zod";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { activateAccount, resendActivation } from "~/features/accounts/account.server";
import { isRefusal } from "~/lib/refusal";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { isWellFormedToken } from "~/server/auth/tokens.server";
import { validateInput } from "~/server/forms.server";

const validator = withZod(activationFormSchema);

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Account activation");

const TEXT = ACTIVATION_TEXT;

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const email = url.searchParams.get("email")?.slice(0, 254) ?? "";
  return { token: isWellFormedToken(token) ? token : null, hasToken: token !== null, email, csrf: context.csrf.token() };
});

type ActionData = { intent: "activate" | "resend"; ok: boolean; message: string };

/** An answer of the action, done or refused, as the page shows it. */
function outcomeOf(answer: unknown): ActionData | undefined {
  if (isRefusal(answer)) return { intent: answer.repopulateFields?.intent === "resend" ? "resend" : "activate", ok: false, message: answer.message };
  const done = answer as { intent?: ActionData["intent"]; done?: string } | undefined;
  return done?.intent && done.done ? { intent: done.intent, ok: true, message: done.done } : undefined;
}

type Posted = ActionFunctionArgs & { posted: { token: string; email: string } };

const activate = acts(TEXT.error, async ({ context, posted }: Posted) => {
  if (!isWellFormedToken(posted.token)) throw new AppError("invalid", TEXT.missing);
  const result = await activateAccount(context, posted.token);
  if (!result.ok) throw new AppError("invalid", result.message);
  // A resent link proved the address but set no password: the person who opened it chooses one.
  if (result.choosePassword) return redirect(`/reset-password?${new URLSearchParams({ token: result.choosePassword, activated: "1" })}`);
  return { intent: "activate" as const, done: TEXT.success };
});

const resend = acts(TEXT.resendFailed, async ({ request, context, posted }: Posted) => {
  await resendActivation(context, request, posted.email);
  return { intent: "resend" as const, done: TEXT.resent };
});

/**
 * Activation is a POST, never a side effect of opening the link: mail scanners that follow
 * links must not use up the token (decision 016). With JavaScript the page posts by itself.
 */
export const action = acts(TEXT.error, async (args: ActionFunctionArgs) => {
  const { data } = await validateInput(args.request, validator, { repopulate: ["intent"] });
  if (data.intent === "resend") return resend({ ...args, posted: { token: "", email: data.email } });
  return activate({ ...args, posted: { token: data.token, email: "" } });
});

/**
 * Asking for a new activation link: its own page when opened without a token (the login page's
 * "Send the activation e-mail again"), and a section under a link that failed.
 */
function ResendActivation({ email, standalone }: { email: string; standalone: boolean }) {
  const fetcher = useFetcher();
  // With JavaScript the answer comes to the fetcher; without it, to the page as action data.
  const posted = outcomeOf(useActionData());
  const data = outcomeOf(fetcher.data) ?? (posted?.intent === "resend" ? posted : undefined);
  const state = fetcher.state !== "idle" ? "sending" : data ? (data.ok ? "sent" : "error") : "idle";
  const Heading = standalone ? "p" : "h2";
  return (
    <section className={standalone ? undefined : "resend"} aria-labelledby={standalone ? undefined : "resend-title"}>
      <Heading id="resend-title">
        {standalone
          ? "Registered but not activated yet? Enter the e-mail address you registered with and we will send you a new activation link. It works for 48 hours."
          : "Need a new link?"}
      </Heading>
      {data?.intent === "resend" ? (
        <FormMessage tone={data.ok ? "success" : "error"}>
          {data.ok ? `${data.message} ${TEXT.resentHint}` : data.message}
        </FormMessage>
      ) : null}
      <fetcher.Form method="post" className="stack-form">
        <CsrfField />
        <input type="hidden" name="intent" value="resend" />
        <div className="field">
          <label htmlFor="resend-email">E-mail</label>
          <input id="resend-email" name="email" type="email" autoComplete="email" defaultValue={email} required maxLength={254} />
        </div>
        <div className="form-actions">
          <Button type="submit" variant={standalone ? "primary" : "outline"} aria-disabled={state === "sending" || undefined}>
            {state === "sending" ? "Sending…" : state === "sent" ? "Send again" : "Send activation e-mail"}
          </Button>
          {standalone ? (
            <ButtonLink to="/login" variant="outline">
              Back to Login
            </ButtonLink>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}

export default function ActivateAccountRoute() {
  const { token, hasToken, email } = useLoaderData<typeof loader>();
  const activation = useFetcher();
  const posted = outcomeOf(useActionData());
  const csrf = useCsrfToken();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current || posted) return;
    started.current = true;
    activation.submit({ intent: "activate", token, _csrf: csrf }, { method: "post" });
  }, [token, activation, csrf]);

  const answer = outcomeOf(activation.data) ?? posted;
  const result = answer?.intent === "activate" ? answer : null;
  const loading = activation.state !== "idle";

  // Opened without a token: the page is for asking for a new link, nothing failed.
  if (!hasToken && !result) {
    return (
      <>
        <PageHead title="Send the activation e-mail again" />
        <div className="container container-narrow">
          <div className="card form-card" aria-live="polite">
            <ResendActivation email={email} standalone />
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHead title="Account activation" />
      <div className="container container-narrow">
        <div className="card form-card" aria-live="polite">
          {!token ? (
            <FormMessage tone="error">{TEXT.missing}</FormMessage>
          ) : loading ? (
            <p className="loading" role="status">
              Activating your account…
            </p>
          ) : result?.ok ? (
            <>
              <FormMessage tone="success">{result.message}</FormMessage>
              <ButtonLink to="/login">Go to Login</ButtonLink>
            </>
          ) : result ? (
            <FormMessage tone="error">{result.message}</FormMessage>
          ) : (
            <activation.Form method="post" className="stack-form">
              <CsrfField />
              <input type="hidden" name="intent" value="activate" />
              <input type="hidden" name="token" value={token} />
              <p>Confirm your e-mail address to activate your account.</p>
              <Button type="submit">Activate my account</Button>
            </activation.Form>
          )}
          {!result?.ok ? <ResendActivation email={email} standalone={false} /> : null}
        </div>
      </div>
    </>
  );
}
