import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { FormMessage } from "~/components/form/fields";
import { listPath } from "~/lib/list-href";
import { parseId } from "~/lib/params";
import { ConferenceChangeRefused, deleteConference, dependantsMessage, loadConferenceForEdit } from "~/models/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const c = id === null ? null : await loadConferenceForEdit(context, id);
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return {
    title: c.values.title,
    attachments: c.files.length + c.photos.length,
    refusal: dependantsMessage(c.papers, c.registrations) || null,
    csrf: context.csrf.token(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("Conference not found.", { status: 404 });
  try {
    await deleteConference(context, admin.id, id);
  } catch (error) {
    if (error instanceof ConferenceChangeRefused) return Response.json({ error: `Failed to delete conference: ${error.message}` }, { status: 409 });
    console.error("admin conferences: deleting failed", error);
    return Response.json({ error: "Failed to delete conference" }, { status: 503 });
  }
  return redirect(listPath("/admin/conferences", new URL(request.url).search, "deleted"));
}

export default function AdminDeleteConference() {
  const { title, attachments, refusal } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = listPath("/admin/conferences", search);
  return (
    <ConfirmDelete title="Delete conference" closeTo={closeTo} button="Delete conference" disabled={Boolean(refusal)}>
      {refusal ? (
        <FormMessage tone="error">{refusal}</FormMessage>
      ) : (
        <p>
          Delete <strong>{title}</strong>
          {`${attachments ? ` with its ${attachments === 1 ? "file" : `${attachments} files and photos`}` : ""}? This cannot be undone.`}
        </p>
      )}
    </ConfirmDelete>
  );
}
