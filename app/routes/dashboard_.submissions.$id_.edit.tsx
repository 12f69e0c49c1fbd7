import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { ErrorState } from "~/components/error-state";
import { ButtonLink } from "~/components/ui/button";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { SubmissionEdit } from "~/features/submissions/submission-edit";
import { EDIT_MESSAGES } from "~/features/submissions/submission-edit-form";
import { loadSubmissionEdit, postSubmissionEdit } from "~/features/submissions/submission-edit.server";
import { requireIds } from "~/lib/params";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { acts, loads } from "~/server/answers.server";
import { requireUser } from "~/server/auth/guards.server";
import { invalid } from "~/server/errors.server";
import { ErrorBoundary as SiteErrorBoundary } from "~/root";
import { readInput, validateInput } from "~/server/forms.server";

/** What every post of the page names besides the paper's fields: which button, which opening of the page, and the paper as it was then. */
const controls = withZod(
  z.object({
    intent: z.string().max(40).default("save"),
    editId: z.string().max(40).default(""),
    seen: z.string().max(20).default(""),
  }),
);

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePage(rootData(matches), data ? `Edit paper ${data.paper.number}` : "Edit submission");

/** The submitter's edit while `submissionRights` allows it: 404 for anyone the paper does not list, 403 for a co-author, 409 once closed. */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], EDIT_MESSAGES.notFound);
  const view = await loadSubmissionEdit(context, user, id, new URL(request.url));
  return { ...view, csrf: context.csrf.token() };
});

export const action = acts(EDIT_MESSAGES.failed, async ({ request, params, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], EDIT_MESSAGES.notFound);
  const { data, form } = await validateInput(await readInput(request), controls);
  if (!form) throw invalid("The edit page's changes are sent as a form.");
  return postSubmissionEdit(context, user, id, form, data);
});

export default function EditSubmissionRoute() {
  const view = useLoaderData<typeof loader>();
  return <SubmissionEdit view={view} />;
}

/** A refusal to the paper's co-author (403) or once editing closed (409): why, and the way back to the paper's page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { id } = useParams();
  if (!isRouteErrorResponse(error) || (error.status !== 403 && error.status !== 409)) return <SiteErrorBoundary />;
  return (
    <ErrorState title={error.status === 403 ? "Only the submitter can edit this paper" : "This paper can no longer be edited"} message={typeof error.data === "string" ? error.data : ""}>
      <ButtonLink to={`/dashboard/submissions/${id}`}>Back to the paper</ButtonLink>
    </ErrorState>
  );
}
