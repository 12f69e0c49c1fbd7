import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { isBoardPeriod } from "~/features/board/board";
import { deleteBoardYear } from "~/features/board/board-admin.server";
import { BOARD_MESSAGES } from "~/features/board/board-forms";
import { confirmedDeletion } from "~/server/admin-delete.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  return { period: period(params), csrf: context.csrf.token() };
});

function period(params: { period?: string }) {
  if (!isBoardPeriod(params.period ?? "")) throw new Response("Board year not found.", { status: 404 });
  return params.period!;
}

export const action = confirmedDeletion({
  id: period,
  remove: (admin, p, context) => deleteBoardYear(context, admin.id, p),
  done: () => "/admin/board?done=deleted",
  failure: BOARD_MESSAGES.deleteFailed,
});

export default function AdminDeleteBoardYear() {
  const { period } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete board year" closeTo="/admin/board" button="Delete">
      <p>{`Delete board year ${period}?`} Its members go with it.</p>
    </ConfirmDelete>
  );
}
