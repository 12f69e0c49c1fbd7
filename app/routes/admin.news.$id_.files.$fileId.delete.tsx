import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { requireIds } from "~/lib/params";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { deleteNewsFile, getNewsFile } from "~/features/news/news-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

function ids(params: { id?: string; fileId?: string }) {
  const { id: newsId, fileId } = requireIds(params, ["id", "fileId"], "File not found.");
  return { newsId, fileId };
}

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const { newsId, fileId } = ids(params);
  const file = await getNewsFile(context, newsId, fileId);
  if (!file) throw new Response("File not found.", { status: 404 });
  return { newsId, name: file.originalName, csrf: context.csrf.token() };
});

export const action = confirmedDeletion({
  id: ids,
  remove: (admin, { newsId, fileId }, context) => deleteNewsFile(context, admin.id, newsId, fileId),
  done: (_request, { newsId }) => `/admin/news/${newsId}`,
  failure: "Failed to delete the file",
});

export default function AdminDeleteNewsFile() {
  const { newsId, name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete file" closeTo={`/admin/news/${newsId}`} button="Delete file">
      <p>
        Delete the file <strong>{name}</strong>? It is removed from the news page at once.
      </p>
    </ConfirmDelete>
  );
}
