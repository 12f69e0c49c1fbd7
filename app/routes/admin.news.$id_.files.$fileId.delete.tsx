import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { requireIds } from "~/lib/params";
import { deleteNewsFile, getNewsFile, NewsChangeRefused } from "~/models/news-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

function ids(params: { id?: string; fileId?: string }) {
  const { id: newsId, fileId } = requireIds(params, ["id", "fileId"], "File not found.");
  return { newsId, fileId };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const { newsId, fileId } = ids(params);
  const file = await getNewsFile(context, newsId, fileId);
  if (!file) throw new Response("File not found.", { status: 404 });
  return { newsId, name: file.originalName, csrf: context.csrf.token() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const { newsId, fileId } = ids(params);
  try {
    await deleteNewsFile(context, admin.id, newsId, fileId);
  } catch (error) {
    if (error instanceof NewsChangeRefused) return Response.json({ error: error.message }, { status: 404 });
    console.error("admin news: deleting a file failed", error);
    return Response.json({ error: "Failed to delete the file" }, { status: 503 });
  }
  return redirect(`/admin/news/${newsId}`);
}

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
