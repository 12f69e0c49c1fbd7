import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FeeFields, type FieldErrors } from "~/components/admin/conference-fields";
import { RouteDialog } from "~/components/admin/route-dialog";
import { CsrfField } from "~/components/csrf-field";
import { SaveErrors } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { feesSchema, postedValues, readConferenceForm, type ConferenceFormValues } from "~/lib/conference-form";
import { fieldErrorsOf } from "~/lib/field-errors";
import { listPath } from "~/lib/list-href";
import { parseId } from "~/lib/params";
import { loadConferenceForEdit, saveConferenceFees } from "~/models/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { attempt } from "~/server/errors.server";
import { readForm } from "~/server/forms.server";

function routeId(param: string | undefined) {
  const id = parseId(param);
  if (id === null) throw new Response("Conference not found.", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const c = await loadConferenceForEdit(context, routeId(params.id));
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return { id: c.id, title: c.values.title, values: c.values, csrf: context.csrf.token() };
}

type ActionData = { values: ConferenceFormValues; errors?: FieldErrors; formError?: string };

/** The fees and registration settings alone, as the office changes them most often. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = routeId(params.id);
  const raw = readConferenceForm(await readForm(request));
  const values = postedValues(raw);
  const parsed = feesSchema.safeParse(raw);
  if (!parsed.success) {
    return Response.json({ values, errors: fieldErrorsOf(parsed.error), formError: "Failed to update fees" } satisfies ActionData, { status: 400 });
  }
  const refused = await attempt("admin conferences: saving fees", "Failed to update fees", () => saveConferenceFees(context, admin.id, id, parsed.data));
  if (refused) {
    const formError = refused.expected ? `Failed to update fees: ${refused.message}` : refused.message;
    return Response.json({ values, formError } satisfies ActionData, { status: refused.status });
  }
  return redirect(listPath("/admin/conferences", new URL(request.url).search, "fees"));
}

export default function AdminConferenceFees() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | undefined;
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={`Registration fees: ${loaded.title}`} closeTo={listPath("/admin/conferences", search)}>
      <SaveErrors formError={posted?.formError} />
      <Form method="post" className="stack-form" noValidate key={JSON.stringify(posted?.values ?? null)}>
        <CsrfField />
        <FeeFields values={posted?.values ?? loaded.values} errors={posted?.errors ?? {}} />
        <div className="form-actions">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? "Saving..." : "Save Fees"}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
