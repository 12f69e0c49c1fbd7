import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { parseId, requireIds } from "~/lib/params";
import { BOARD_MESSAGES } from "~/features/board/board-forms";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { deletePastPresident, getPastPresident } from "~/features/board/board-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const entry = id === null ? null : await getPastPresident(context, id);
  if (!entry) throw new Response("Entry not found.", { status: 404 });
  return { entry: { years: entry.years, name: entry.name }, csrf: context.csrf.token() };
});

export const action = confirmedDeletion({
  id: (params) => requireIds(params, ["id"], "Entry not found.").id,
  remove: (admin, id, context) => deletePastPresident(context, admin.id, id),
  done: () => "/admin/board?view=presidents&done=removed",
  failure: BOARD_MESSAGES.removeFailed,
});

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
