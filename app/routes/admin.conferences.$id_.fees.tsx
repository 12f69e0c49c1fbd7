import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FeeFields } from "~/features/conferences/conference-fields";
import { RouteDialog } from "~/components/ui/route-dialog";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, usePostedDefaults } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { feesValidator } from "~/features/conferences/conference-validators";
import { listPath } from "~/lib/list-href";
import { parseId } from "~/lib/params";
import { loadConferenceForEdit, saveConferenceFees } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { validateInput } from "~/server/forms.server";
import { acts, loads } from "~/server/answers.server";
import { consoleRefusalText } from "~/lib/refusal";

function routeId(param: string | undefined) {
  const id = parseId(param);
  if (id === null) throw new Response("Conference not found.", { status: 404 });
  return id;
}

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const c = await loadConferenceForEdit(context, routeId(params.id));
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return { id: c.id, title: c.values.title, values: c.values, csrf: context.csrf.token() };
});

const SAVE_FAILED = "Failed to update fees";

/** The fees and registration settings alone, as the office changes them most often. */
export const action = acts(SAVE_FAILED, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = routeId(params.id);
  const { data } = await validateInput(request, feesValidator, { repopulate: true });
  await saveConferenceFees(context, admin.id, id, data);
  return redirect(listPath("/admin/conferences", new URL(request.url).search, "fees"));
});

export default function AdminConferenceFees() {
  const loaded = useLoaderData<typeof loader>();
  const formError = consoleRefusalText(useRefusal(), SAVE_FAILED);
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const defaults = usePostedDefaults(loaded.values);
  return (
    <RouteDialog title={`Registration fees: ${loaded.title}`} closeTo={listPath("/admin/conferences", search)}>
      {formError ? <FormMessage tone="error" answered>{formError}</FormMessage> : null}
      <ValidatedForm validator={feesValidator} defaultValues={defaults as never /* the fields as text, not the checked output */} method="post" className="stack-form" noValidate id="conference-fees">
        <CsrfField />
        <InvalidFormMessage>Failed to update fees</InvalidFormMessage>
        <FeeFields />
        <div className="form-actions">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? "Saving..." : "Save Fees"}
          </Button>
        </div>
      </ValidatedForm>
    </RouteDialog>
  );
}
