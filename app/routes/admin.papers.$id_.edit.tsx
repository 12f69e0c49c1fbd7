import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { useRefusal } from "~/components/form/messages";
import { RouteDialog } from "~/components/ui/route-dialog";
import { PaperEditor } from "~/features/papers/paper-editor";
import { EDITOR_MESSAGES, papersListPath, stepOfFormId } from "~/features/papers/paper-editor-form";
import { loadEditor, postEditor } from "~/features/papers/paper-editor.server";
import { asAdmin } from "~/features/papers/papers.server";
import { parseId } from "~/lib/params";
import { acts, loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { invalid, notFound } from "~/server/errors.server";
import { readInput, validateInput } from "~/server/forms.server";

/** What every post of the editor names besides its step's own fields. */
const controls = withZod(
  z.object({
    step: z.string().max(2).default("1"),
    intent: z.string().max(40).default("next"),
    editId: z.string().max(40).default(""),
    seen: z.string().max(20).default(""),
  }),
);

export const loader = loads("This paper could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw notFound(EDITOR_MESSAGES.notFound);
  const view = await loadEditor(context, asAdmin(admin), id, new URL(request.url));
  return { ...view, csrf: context.csrf.token() };
});

export const action = acts(EDITOR_MESSAGES.saveFailed, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const asker = asAdmin(admin);
  const id = parseId(params.id);
  if (id === null) throw notFound(EDITOR_MESSAGES.notFound);
  const posted = await readInput(request);
  const { data, form } = await validateInput(posted, controls);
  if (!form) throw invalid("The editor's steps are sent as forms.");
  return postEditor(context, asker, id, form, data, new URL(request.url).search);
});

export default function AdminPaperEditRoute() {
  const view = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  // A refused Save opens the step it names (the first incomplete one).
  const step = stepOfFormId(refusal?.formId) ?? view.step;
  const { search } = useLocation();
  return (
    <RouteDialog title={`Edit Paper ${view.paper.number}`} description={view.paper.title} closeTo={papersListPath(view.paper.conferenceId, search)} wide>
      <PaperEditor view={view} refusal={refusal} step={step} search={search} />
    </RouteDialog>
  );
}
