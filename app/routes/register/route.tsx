import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { ValidatedForm } from "remix-validated-form";
import { AffiliationFields, SecondaryAffiliation } from "~/features/accounts/affiliation-fields";
import { ExpertiseFields } from "~/features/accounts/expertise-fields";
import { PersonalFields } from "~/features/accounts/personal-fields";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, TextField } from "~/components/form/fields";
import { RefusalOfNoField } from "~/components/form/messages";
import { PageHead } from "~/components/page-head";
import { WizardProgress } from "~/components/wizard";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/features/accounts/messages";
import { REGISTER_WIZARD } from "~/features/accounts/register-wizard";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { registerAccount } from "~/features/accounts/account.server";
import { homeFor, optionalUser } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";
import { readInput } from "~/server/forms.server";
import { anonymousDraftOwner } from "~/server/wizard/drafts.server";
import { wizardStepLoad, wizardStepPost } from "~/server/wizard/steps.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Register");

const wizard = REGISTER_WIZARD;
const stepPath = (step: number) => `/register?step=${step}`;

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const user = await optionalUser(context);
  if (user) throw redirect(homeFor(user));
  const owner = await anonymousDraftOwner(request, wizard.name);
  const { step, values } = await wizardStepLoad(context, wizard, owner, request, stepPath);
  return { step, values, csrf: context.csrf.token() };
});

export const action = acts(MESSAGES.registrationFailed, async ({ request, context }: ActionFunctionArgs) => {
  const posted = await readInput(request);
  const owner = await anonymousDraftOwner(request, wizard.name);
  return wizardStepPost(context, {
    wizard,
    owner,
    request,
    posted,
    path: stepPath,
    async complete(values, account) {
      await registerAccount(context, request, { ...values, primaryEmail: String(values.primaryEmail), password: String(account.password) });
      return redirect("/registration-confirmation");
    },
  });
});

export default function RegisterRoute() {
  const { step, values } = useLoaderData<typeof loader>();
  const formRef = useRef<HTMLFormElement>(null);
  const stepDef = wizard.steps[step - 1]!;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  const last = step === wizard.count;
  const formId = `register-step-${step}`;

  return (
    <>
      <PageHead eyebrow="Join the society" title="Create your account">
        Registration takes four short steps. You will receive an e-mail to activate your account.
      </PageHead>
      <div className="container container-form">
        <div className="card form-card">
          <WizardProgress step={step} titles={wizard.titles} />
          {/* Each step is its own form: its message shows once Next was tried there, while fields are wrong. */}
          <RefusalOfNoField />
          <InvalidFormMessage formId={formId}>{last ? MESSAGES.finalInvalid : MESSAGES.stepInvalid}</InvalidFormMessage>
          <ValidatedForm
            key={step}
            id={formId}
            method="post"
            // The step stays in the address, so a refused post shows the same step again.
            action={`/register?step=${step}`}
            validator={wizard.validators[step - 1]!}
            defaultValues={values}
            formRef={formRef}
            noValidate
            className="stack-form"
          >
            <CsrfField />
            <input type="hidden" name="step" value={step} />
            <h2 className="form-section-title">{stepDef.title}</h2>
            {step === 1 ? (
              <PersonalFields
                emailFields={
                  <div className="field-row">
                    <TextField name="primaryEmail" label="E-mail" type="email" required autoComplete="email" hint="This will be your username." />
                    <TextField name="primaryEmailConfirm" label="Confirm e-mail" type="email" required autoComplete="email" />
                  </div>
                }
              />
            ) : null}
            {step === 2 ? (
              <>
                <h3 className="form-subtitle">Primary affiliation</h3>
                <AffiliationFields prefix="primary" required />
                <SecondaryAffiliation />
              </>
            ) : null}
            {step === 3 ? <ExpertiseFields /> : null}
            {step === 4 ? (
              <>
                <div className="field">
                  <label htmlFor="username">Username</label>
                  <input id="username" value={String(values.primaryEmail ?? "")} readOnly aria-describedby="username-hint" />
                  <p className="field-hint" id="username-hint">
                    Your username is your e-mail address.
                  </p>
                </div>
                <TextField name="password" label="Password" type="password" required autoComplete="new-password" hint="At least 8 characters." />
                <TextField name="passwordRetype" label="Retype password" type="password" required autoComplete="new-password" />
              </>
            ) : null}
            <div className="wizard-actions">
              {/* First in the form so Enter means Next; shown on the right. */}
              <Button
                type="submit"
                name="intent"
                value={last ? "submit" : "next"}
                aria-disabled={busy || undefined}
              >
                {last ? "Complete Registration" : "Next"}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="previous"
                variant="outline"
                disabled={step === 1}
                formNoValidate
                onClick={(event) => {
                  // Going back never validates: post what is typed so far.
                  event.preventDefault();
                  const data = new FormData(formRef.current!);
                  data.set("intent", "previous");
                  submit(data, { method: "post", action: `/register?step=${step}` });
                }}
              >
                Previous
              </Button>
            </div>
          </ValidatedForm>
        </div>
        <p className="form-footnote">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </div>
    </>
  );
}
