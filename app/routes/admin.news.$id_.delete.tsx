import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { parseId } from "~/lib/params";
import { deleteNews, loadNewsForEdit, NewsChangeRefused } from "~/models/news-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const item = id === null ? null : await loadNewsForEdit(context, id);
  if (!item) throw new Response("News item not found.", { status: 404 });
  return { title: item.values.title, files: item.files.length + (item.featuredImage ? 1 : 0), csrf: context.csrf.token() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("News item not found.", { status: 404 });
  try {
    await deleteNews(context, admin.id, id);
  } catch (error) {
    if (error instanceof NewsChangeRefused) return Response.json({ error: error.message }, { status: 404 });
    console.error("admin news: deleting failed", error);
    return Response.json({ error: "Failed to delete news" }, { status: 503 });
  }
  return redirect("/admin/news?done=deleted");
}

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
