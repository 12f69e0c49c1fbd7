import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { parseId } from "~/lib/params";
import { usersListHref } from "~/lib/users";
import { loadProfile } from "~/models/account.server";
import { deleteUser, UserChangeRefused } from "~/models/user-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const profile = id === null ? null : await loadProfile(context.db, id);
  if (!profile || profile.deleted) throw new Response("User not found.", { status: 404 });
  const name = [profile.values.firstName, profile.values.lastName].filter(Boolean).join(" ");
  return { name: name ? `${name} (${profile.email})` : profile.email, csrf: context.csrf.token() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw new Response("User not found.", { status: 404 });
  try {
    await deleteUser(context.db, admin.id, id);
  } catch (error) {
    if (error instanceof UserChangeRefused) return Response.json({ error: error.message }, { status: 409 });
    console.error("admin: deleting a user failed", error);
    return Response.json({ error: "Failed to delete user" }, { status: 503 });
  }
  return redirect(usersListHref(new URL(request.url).search, "deleted"));
}

/** The irreversible-action confirmation (a dialog with JavaScript, a section without). */
export default function AdminDeleteUser() {
  const { name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDelete title="Delete user" closeTo={usersListHref(search)} button="Delete user">
      <p>
        Delete <strong>{name}</strong>? This action cannot be undone. Their papers and payments stay on record under an anonymous
        name.
      </p>
    </ConfirmDelete>
  );
}
