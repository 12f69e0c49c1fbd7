import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { parseId, requireIds } from "~/lib/params";
import { USER_MESSAGES, usersListHref } from "~/features/users/users";
import { loadProfile } from "~/features/accounts/account.server";
import { deleteUser } from "~/features/users/user-admin.server";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const profile = id === null ? null : await loadProfile(context, id);
  if (!profile || profile.deleted) throw new Response("User not found.", { status: 404 });
  const name = [profile.values.firstName, profile.values.lastName].filter(Boolean).join(" ");
  return { name: name ? `${name} (${profile.email})` : profile.email, csrf: context.csrf.token() };
});

export const action = confirmedDeletion({
  id: (params) => requireIds(params, ["id"], "User not found.").id,
  remove: (admin, id, context) => deleteUser(context, admin.id, id),
  done: (request) => usersListHref(new URL(request.url).search, "deleted"),
  failure: USER_MESSAGES.deleteFailed,
});

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
