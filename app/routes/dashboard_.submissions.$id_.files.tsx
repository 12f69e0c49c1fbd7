import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { VERSION_FIELDS } from "~/features/submissions/paper-versions";
import { fileVersions, paperForVersions, SUBMISSION_NOT_FOUND, uploadPaperVersions } from "~/features/submissions/paper-versions.server";
import { VersionUploadPage, type VersionUploadView } from "~/features/submissions/version-upload-page";
import { requireIds } from "~/lib/params";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import { acts, loads, reworded } from "~/server/answers.server";
import { postedFiles, readInput } from "~/server/forms.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  privatePage(rootData(matches), data ? `${data.view.revision ? "Revised manuscript" : "New version"}: paper ${data.view.number}` : "New version");

/**
 * The upload page of a submitted paper's new versions: its submitter's while the submission rule
 * allows it; a listed co-author or a paper whose status or conference no longer allows it gets
 * the reason (403, 409); anyone else the 404 of a paper that does not exist.
 */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], SUBMISSION_NOT_FOUND);
  const { paper, revision, refusal } = await paperForVersions(context, user, id);
  if (refusal) throw refusal;
  const view: VersionUploadView = { id: paper.id, number: paper.number, title: paper.title, conference: paper.conference.title, revision, versions: fileVersions(paper) };
  return { view, csrf: context.csrf.token() };
});

/** The post: the files checked and stored as new versions (a revision returns the paper to review), then the paper's page says so. */
export const action = acts("The files could not be stored. Please try again.", async ({ request, params, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], SUBMISSION_NOT_FOUND);
  const { form } = await readInput(request);
  const note = String(form?.get(VERSION_FIELDS.note) ?? "");
  const [manuscript] = postedFiles(form, VERSION_FIELDS.manuscript);
  const [blindCopy] = postedFiles(form, VERSION_FIELDS.blindCopy);
  const { revision, completes } = await reworded(uploadPaperVersions(context, user, id, { manuscript: manuscript ?? null, blindCopy: blindCopy ?? null, note }), { values: { [VERSION_FIELDS.note]: note.slice(0, 4000) } });
  return redirect(`/dashboard/submissions/${id}?done=${revision ? "revision" : completes ? "completed" : "version"}`);
});

export default function VersionUploadRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <VersionUploadPage view={view} />;
}
