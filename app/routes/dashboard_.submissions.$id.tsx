import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isSubmissionPageDone, SubmissionPage } from "~/features/submissions/submission-page";
import { submissionPageReads } from "~/features/submissions/submission-page.server";
import { requireIds } from "~/lib/params";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireUserWith } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";
import { notFound } from "~/server/errors.server";

const NOT_FOUND = "Submission not found.";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePage(rootData(matches), data ? `Paper ${data.paper.number}` : "Submission");

/** A submission's own page: its submitter's and its listed authors'; the 404 of a paper that does not exist for anyone else. */
export const loader = loads("This submission could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const { id } = requireIds(params, ["id"], NOT_FOUND);
  const reads = submissionPageReads(context, id);
  const { user, rows } = await requireUserWith(context, request, reads.calls);
  const paper = reads.page(user, rows);
  if (!paper) throw notFound(NOT_FOUND);
  const done = new URL(request.url).searchParams.get("done");
  return { paper, done: isSubmissionPageDone(done) ? done : null };
});

export default function SubmissionRoute() {
  const { paper, done } = useLoaderData<typeof loader>();
  return <SubmissionPage paper={paper} done={done} />;
}
