import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, type Validator } from "remix-validated-form";
import { z } from "zod";
import { AffiliationFields, SecondaryAffiliation } from "~/features/accounts/affiliation-fields";
import { ExpertiseFields } from "~/features/accounts/expertise-fields";
import { PersonalFields } from "~/features/accounts/personal-fields";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, TextField } from "~/components/form/fields";
import { FormMessage, RefusalOfNoField, useRefusal } from "~/components/form/messages";
import { BackLink } from "~/components/back-link";
import { PageHead } from "~/components/page-head";
import { Button } from "~/components/ui/button";
import { LinkTabs } from "~/components/ui/link-tabs";
import { affiliationsSchema, changePasswordSchema, expertiseSchema, personalShape } from "~/features/accounts/schemas";
import { MESSAGES } from "~/features/accounts/messages";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { changePassword, loadProfile, saveAffiliations, saveExpertise, savePersonal } from "~/features/accounts/account.server";
import { requireSession } from "~/server/auth/guards.server";
import { limitedCheck, LIMITS } from "~/server/auth/rate-limit.server";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { readInput, validateInput } from "~/server/forms.server";

export const headers = passActionHeaders("Retry-After");

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Profile");

const TABS = [
  { id: "personal", title: "Personal Info" },
  { id: "affiliations", title: "Affiliations" },
  { id: "expertise", title: "Areas of Expertise" },
  { id: "password", title: "Password" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const validators = {
  personal: withZod(z.object(personalShape)),
  affiliations: withZod(affiliationsSchema),
  expertise: withZod(expertiseSchema),
  password: withZod(changePasswordSchema),
} satisfies Record<TabId, unknown>;

function parseTab(value: string | null): TabId {
  return TABS.some((t) => t.id === value) ? (value as TabId) : "personal";
}

export const loader = loads(MESSAGES.profileLoadFailed, async ({ request, context }: LoaderFunctionArgs) => {
  const session = await requireSession(context, request);
  const profile = await loadProfile(context, session.user.id);
  if (!profile) throw new AppError("not-found", MESSAGES.profileLoadFailed);
  return { profile, supportEmail: context.env.SUPPORT_EMAIL, csrf: context.csrf.token() };
});

/** Which section a post saves; each section's fields are then read by that section's validator. */
const sectionValidator = withZod(z.object({ tab: z.string().max(20).default("personal") }));

export const action = acts(MESSAGES.profileSaveFailed, async ({ request, context }: ActionFunctionArgs) => {
  const session = await requireSession(context, request);
  const posted = await readInput(request);
  const tab = parseTab((await validateInput(posted, sectionValidator)).data.tab);
  // What was typed comes back if the save is refused, except a password.
  const { data } = await validateInput(posted, validators[tab] as Validator<Record<string, unknown>>, { repopulate: tab !== "password" });
  const userId = session.user.id;
  if (tab === "personal") await savePersonal(context, userId, data as never);
  if (tab === "affiliations") await saveAffiliations(context, userId, data as never);
  if (tab === "expertise") await saveExpertise(context, userId, data as never);
  if (tab === "password") {
    const { currentPassword, newPassword } = data as z.infer<typeof changePasswordSchema>;
    // A wrong current password counts against the account, as at sign-in.
    const outcome: { changed?: Awaited<ReturnType<typeof changePassword>> } = {};
    await limitedCheck(context.db, `reauth:${userId}`, LIMITS.reauthPerAccount, async () => {
      const changed = (outcome.changed = await changePassword(context, userId, session.id, currentPassword, newPassword));
      return changed.ok || changed.field !== "currentPassword";
    });
    const changed = outcome.changed!;
    if (!changed.ok) throw new AppError("invalid", changed.message, { fieldErrors: { [changed.field]: changed.message }, formId: "profile-password" });
  }
  return redirect(`/profile?tab=${tab}&saved=1`);
});

export default function ProfileRoute() {
  const { profile, supportEmail } = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const [params] = useSearchParams();
  const tab = parseTab(params.get("tab"));
  const saving = useNavigation().state === "submitting";
  const saved = params.get("saved") === "1" && !refusal;
  // Every navigation (a save's redirect included) starts the form again from what is stored: empty,
  // for a password. A refused post keeps the form as typed: only a wrong current password is cleared.
  const location = useLocation();
  const formKey = useRef(location.key);
  if (!refusal) formKey.current = location.key;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const current = formRef.current?.elements.namedItem("currentPassword");
    if (refusal?.fieldErrors?.currentPassword && current instanceof HTMLInputElement) current.value = "";
  }, [refusal]);

  return (
    <>
      <PageHead eyebrow="Your account" title="Profile" />
      <div className="container container-form">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
          <LinkTabs label="Profile sections" tabs={TABS} current={tab} hrefFor={(id) => `/profile?tab=${id}`}>
            <div className="card form-card">
              {saved ? <FormMessage tone="success">{tab === "password" ? MESSAGES.passwordChanged : MESSAGES.profileSaved}</FormMessage> : null}
              <RefusalOfNoField />
              <InvalidFormMessage formId={`profile-${tab}`}>{MESSAGES.stepInvalid}</InvalidFormMessage>
              <ValidatedForm
                key={`${tab}:${formKey.current}`}
                formRef={formRef}
                id={`profile-${tab}`}
                method="post"
                action={`/profile?tab=${tab}`}
                validator={validators[tab] as Validator<Record<string, unknown>>}
                defaultValues={tab === "password" ? {} : profile.values}
                noValidate
                className="stack-form"
              >
                <CsrfField />
                <input type="hidden" name="tab" value={tab} />
                {tab === "personal" ? (
                  <PersonalFields
                    emailFields={
                      <div className="field">
                        <label htmlFor="email">E-mail</label>
                        <input id="email" value={profile.email} readOnly aria-describedby="email-hint" />
                        <p className="field-hint" id="email-hint">
                          Your e-mail is your username and cannot be changed here. To change it, contact{" "}
                          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
                        </p>
                      </div>
                    }
                  />
                ) : null}
                {tab === "affiliations" ? (
                  <>
                    <h2 className="form-subtitle">Primary affiliation</h2>
                    <AffiliationFields prefix="primary" required />
                    <SecondaryAffiliation />
                  </>
                ) : null}
                {tab === "expertise" ? <ExpertiseFields /> : null}
                {tab === "password" ? (
                  <>
                    <input type="text" name="username" autoComplete="username" value={profile.email} readOnly hidden />
                    <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" required />
                    <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" required hint="At least 8 characters. Signing in elsewhere ends when you change it." />
                    <TextField name="newPasswordRetype" label="Retype new password" type="password" autoComplete="new-password" required />
                    <p className="form-aside">
                      Two-factor sign-in is {profile.totpEnabled ? "on" : "off"}. <Link to="/profile/two-factor">Manage two-factor sign-in</Link> ·{" "}
                      <Link to="/profile/sessions">See where you are signed in</Link>
                    </p>
                  </>
                ) : null}
                <div className="form-actions">
                  <Button type="submit" aria-disabled={saving || undefined}>
                    {saving ? "Saving…" : tab === "password" ? "Change Password" : "Save Changes"}
                  </Button>
                </div>
              </ValidatedForm>
            </div>
          </LinkTabs>
      </div>
    </>
  );
}
