import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { parseId, requireIds } from "~/lib/params";
import { deleteNews, loadNewsForEdit } from "~/features/news/news-admin.server";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const item = id === null ? null : await loadNewsForEdit(context, id);
  if (!item) throw new Response("News item not found.", { status: 404 });
  return { title: item.values.title, files: item.files.length + (item.featuredImage ? 1 : 0), csrf: context.csrf.token() };
});

export const action = confirmedDeletion({
  id: (params) => requireIds(params, ["id"], "News item not found.").id,
  remove: (admin, id, context) => deleteNews(context, admin.id, id),
  done: () => "/admin/news?done=deleted",
  failure: "Failed to delete news",
});

export default function AdminDeleteNews() {
  const { title, files } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete news" closeTo="/admin/news" button="Delete">
      <p>
        Delete <strong>{title}</strong>
        {`${files ? ` and its ${files === 1 ? "file" : `${files} files`}` : ""}? This cannot be undone.`}
      </p>
    </ConfirmDelete>
  );
}
