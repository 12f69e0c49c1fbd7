import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { ConsoleError } from "~/components/admin/console-error";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, SelectField, TextField, usePostedDefaults } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { OFFICE_NOTICE_LABELS, OFFICE_NOTICE_MODES, officeNoticesSchema } from "~/models/office-notices";
import { readOfficeNotices, saveOfficeNotices } from "~/models/office-notices.server";
import { consoleRefusalText } from "~/lib/refusal";
import { acts, loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { validateInput } from "~/server/forms.server";

const SAVE_FAILED = "The settings could not be saved. Please try again.";
const validator = withZod(officeNoticesSchema);

export const loader = loads("The settings could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  return { notices: await readOfficeNotices(context) };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;

export const action = acts(SAVE_FAILED, async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const { data } = await validateInput(request, validator, { repopulate: true });
  await saveOfficeNotices(context, admin.id, data);
  return redirect("/admin/settings?done=saved");
});

/** Settings of the site the office changes: how it hears of new papers. */
export default function AdminSettingsTab() {
  const { notices } = useLoaderData<typeof loader>();
  const defaults = usePostedDefaults(notices);
  const done = new URLSearchParams(useLocation().search).get("done");
  const busy = useNavigation().state === "submitting";
  // A fault says so above the form; a refusal of fields is shown at the fields.
  const formError = consoleRefusalText(useRefusal(), SAVE_FAILED);
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <ValidatedForm validator={validator} defaultValues={defaults} method="post" className="stack-form card" noValidate id="office-notices">
        <h3>New papers</h3>
        <p className="field-hint">How the office hears of papers as authors submit them. A revised manuscript the programme committee asked for is mailed as it arrives with either e-mail choice, and not at all with none. Authors get their own receipts whatever is chosen here.</p>
        <CsrfField />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <InvalidFormMessage formId="office-notices">Please correct the settings below.</InvalidFormMessage>
        {done === "saved" ? <FormMessage tone="success">Settings saved.</FormMessage> : null}
        <SelectField name="mode" label="Tell the office" required placeholder="" options={OFFICE_NOTICE_MODES.map((m) => [m, OFFICE_NOTICE_LABELS[m]] as const)} />
        <TextField name="address" label="Office e-mail address" type="email" required maxLength={254} autoComplete="off" hint="Where the e-mails about new papers go." />
        <div className="form-actions">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? "Saving..." : "Save settings"}
          </Button>
        </div>
      </ValidatedForm>
    </section>
  );
}
