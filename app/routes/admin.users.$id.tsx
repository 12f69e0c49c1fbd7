import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useFormContext, ValidatedForm } from "remix-validated-form";
import { AffiliationFields, SecondaryAffiliation } from "~/features/accounts/affiliation-fields";
import { ExpertiseFields } from "~/features/accounts/expertise-fields";
import { PersonalFields } from "~/features/accounts/personal-fields";
import { FormTabs } from "~/components/admin/form-tabs";
import { RouteDialog } from "~/components/ui/route-dialog";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, SelectField, TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { adminUserSchema } from "~/features/accounts/schemas";
import { parseId } from "~/lib/params";
import { USER_ROLES, USER_STATUSES } from "~/db/enums";
import { ADMIN_WITHOUT_SECOND_FACTOR, resetUserPasswordSchema, USER_MESSAGES, usersListHref } from "~/features/users/users";
import { loadProfile } from "~/features/accounts/account.server";
import { endUserSessions, resetUserPassword, type RoleOutcome, saveUser } from "~/features/users/user-admin.server";
import { notFound } from "~/server/errors.server";
import { acts, loads } from "~/server/answers.server";
import type { SessionUser } from "~/server/auth/session.server";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/guards.server";
import { countUserSessions } from "~/server/auth/session.server";
import { type Posted, readInput, validateInput } from "~/server/forms.server";

const validator = withZod(adminUserSchema);
const resetValidator = withZod(resetUserPasswordSchema);
const MESSAGES = {
  ...USER_MESSAGES,
  sessionsEnded: (n: number) => `Signed out everywhere: ${n} ${n === 1 ? "session" : "sessions"} ended. The user was told by e-mail.`,
  sessionsFailed: "Error signing the user out",
};

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("User not found.", { status: 404 });
  const [profile, openSessions] = await Promise.all([loadProfile(context, id), countUserSessions(context.db, id)]);
  if (!profile || profile.deleted) throw new Response("User not found.", { status: 404 });
  return {
    id,
    email: profile.email,
    values: { ...profile.values, email: profile.email, role: profile.role, status: profile.status },
    openSessions,
    self: id === admin.id,
    /** A warning beside the role for an account without a second factor. */
    roleHint: profile.totpEnabled ? undefined : ADMIN_WITHOUT_SECOND_FACTOR.hint[context.env.ADMIN_TWO_FACTOR],
    csrf: context.csrf.token(),
  };
});

/** The dialog's three forms: Save (the whole profile), Reset Password and Sign Out Everywhere. */
const FORMS = { save: "edit-user", reset: "user-reset-password", sessions: "user-end-sessions" } as const;
type ActionData = { resetDone?: string; sessionsDone?: string };
type UserAct = ActionFunctionArgs & { admin: SessionUser; id: number; posted: Posted };

const intentValidator = withZod(z.object({ intent: z.enum(["save", "reset-password", "end-sessions"]).catch("save") }));

const endSessions = acts(
  MESSAGES.sessionsFailed,
  async ({ context, admin, id }: UserAct) => ({ sessionsDone: MESSAGES.sessionsEnded(await endUserSessions(context, admin.id, id)) }) satisfies ActionData,
  { formId: FORMS.sessions },
);

const resetPassword = acts(
  MESSAGES.resetFailed,
  async ({ context, admin, id, posted }: UserAct) => {
    const { mode } = (await validateInput(posted, resetValidator, { message: "Choose how to reset the password." })).data;
    const password = await resetUserPassword(context, admin.id, id, mode);
    return { resetDone: password ? `${MESSAGES.resetRandom}${password}` : MESSAGES.resetEmail } satisfies ActionData;
  },
  { formId: FORMS.reset },
);

const save = acts(
  MESSAGES.saveFailed,
  async ({ request, context, admin, id, posted }: UserAct) => {
    const { data } = await validateInput(posted, validator, { repopulate: true });
    const outcome: RoleOutcome = await saveUser(context, admin.id, id, data as never);
    return redirect(usersListHref(new URL(request.url).search, outcome.adminWithoutSecondFactor ? "saved-needs-2fa" : "saved"));
  },
  { formId: FORMS.save },
);

export const action = acts(MESSAGES.saveFailed, async (args: ActionFunctionArgs) => {
  const admin = await requireAdmin(args.context, args.request);
  const id = parseId(args.params.id);
  if (id === null) throw notFound("User not found.");
  const posted = await readInput(args.request);
  const { intent } = (await validateInput(posted, intentValidator)).data;
  const act = { ...args, admin, id, posted };
  if (intent === "end-sessions") return endSessions(act);
  if (intent === "reset-password") return resetPassword(act);
  return save(act);
});

/** Which tab a refused field belongs to (the expertise slots are `primaryNCategory` / `primaryN`). */
function tabOf(field: string) {
  if (/^primary\d/.test(field)) return "expertise";
  if (/^(primary|secondary|hasSecondary)/.test(field)) return "affiliations";
  if (field === "role" || field === "status") return "account";
  return "personal";
}

export default function AdminEditUser() {
  const { id, email, values, roleHint, openSessions, self } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const refusal = useRefusal();
  const refusedIn = (form: string) => (refusal?.formId === form && !(form === FORMS.save && refusal.fieldErrors) ? refusal.message : null);
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const { fieldErrors } = useFormContext(FORMS.save);
  const invalidTabs = new Set<string>(Object.keys(fieldErrors).map(tabOf));

  return (
    <RouteDialog title={`Edit User: ${email}`} closeTo={usersListHref(search)} wide>
      {refusedIn(FORMS.save) ? <FormMessage tone="error" answered>{refusedIn(FORMS.save)}</FormMessage> : null}
      <InvalidFormMessage formId={`edit-user-${id}`}>Please fill in all required fields correctly.</InvalidFormMessage>
      <ValidatedForm id={FORMS.save} method="post" validator={validator} defaultValues={values} noValidate className="stack-form">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <FormTabs
          label="Sections of the user"
          tabs={[
            { id: "personal", title: "Personal Info", content: <PersonalFields emailFields={<TextField name="email" label="E-mail (login)" type="email" required autoComplete="off" />} /> },
            {
              id: "affiliations",
              title: "Affiliations",
              content: (
                <>
                  <AffiliationFields prefix="primary" required />
                  <SecondaryAffiliation />
                </>
              ),
            },
            { id: "expertise", title: "Expertise", content: <ExpertiseFields /> },
            {
              id: "account",
              title: "Account",
              content: (
                <div className="field-row">
                  <SelectField name="role" label="Role" required options={USER_ROLES} placeholder="" hint={roleHint} />
                  <SelectField name="status" label="Status" required options={USER_STATUSES} placeholder="" hint="A suspended or inactive account is signed out at once." />
                </div>
              ),
            },
          ].map((t) => ({ ...t, invalid: invalidTabs.has(t.id) }))}
        />
        <div className="form-actions">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? "Saving…" : "Save Changes"}
          </Button>
        </div>
      </ValidatedForm>

      <ValidatedForm validator={resetValidator} id={FORMS.reset} method="post" className="form-section" aria-labelledby="reset-title">
        <h3 id="reset-title">Reset Password</h3>
        {data?.resetDone ? <FormMessage tone="success">{data.resetDone}</FormMessage> : null}
        {refusedIn(FORMS.reset) ? <FormMessage tone="error" answered>{refusedIn(FORMS.reset)}</FormMessage> : null}
        <CsrfField />
        <input type="hidden" name="intent" value="reset-password" />
        <fieldset className="radio-list">
          <legend className="visually-hidden">How to reset the password</legend>
          <label>
            <input type="radio" name="mode" value="email" defaultChecked /> E-mail the user a link to choose a new password
          </label>
          <label>
            <input type="radio" name="mode" value="random" /> Generate a random password and show it to me once
          </label>
        </fieldset>
        <p className="field-hint">Either way, the user is signed out everywhere and told by e-mail.</p>
        <div>
          <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
            Reset Password
          </Button>
        </div>
      </ValidatedForm>

      {self ? null : (
        <Form method="post" className="form-section" aria-labelledby="sessions-title">
          <h3 id="sessions-title">Signed-in Devices</h3>
          {data?.sessionsDone ? <FormMessage tone="success">{data.sessionsDone}</FormMessage> : null}
          {refusedIn(FORMS.sessions) ? <FormMessage tone="error" answered>{refusedIn(FORMS.sessions)}</FormMessage> : null}
          <CsrfField />
          <input type="hidden" name="intent" value="end-sessions" />
          <p className="field-hint">
            {openSessions === 0
              ? "The user is not signed in anywhere."
              : `${openSessions} open ${openSessions === 1 ? "session" : "sessions"} (browsers and API tokens). Signing out everywhere leaves the password as it is; the user is told by e-mail.`}
          </p>
          {openSessions === 0 ? null : (
            <div>
              <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
                Sign Out Everywhere
              </Button>
            </div>
          )}
        </Form>
      )}
    </RouteDialog>
  );
}
