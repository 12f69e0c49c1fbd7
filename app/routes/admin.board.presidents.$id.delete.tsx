import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { parseId } from "~/lib/params";
import { BoardChangeRefused, deletePastPresident, getPastPresident } from "~/models/board-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const entry = id === null ? null : await getPastPresident(context, id);
  if (!entry) throw new Response("Entry not found.", { status: 404 });
  return { entry: { years: entry.years, name: entry.name }, csrf: context.csrf.token() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("Entry not found.", { status: 404 });
  try {
    await deletePastPresident(context, admin.id, id);
  } catch (error) {
    if (error instanceof BoardChangeRefused) return Response.json({ error: error.message }, { status: 404 });
    console.error("admin board: deleting a past president failed", error);
    return Response.json({ error: "Failed to delete past president" }, { status: 503 });
  }
  return redirect("/admin/board?view=presidents&done=removed");
}

export default function AdminDeletePastPresident() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete past president" closeTo="/admin/board?view=presidents" button="Delete">
      <p>
        Delete this past president entry? ({entry.name}, {entry.years})
      </p>
    </ConfirmDelete>
  );
}
