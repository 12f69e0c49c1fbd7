import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { isBoardPeriod } from "~/lib/board";
import { BoardChangeRefused, deleteBoardYear } from "~/models/board-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  if (!isBoardPeriod(params.period ?? "")) throw new Response("Board year not found.", { status: 404 });
  return { period: params.period!, csrf: context.csrf.token() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const period = params.period ?? "";
  if (!isBoardPeriod(period)) throw new Response("Board year not found.", { status: 404 });
  try {
    await deleteBoardYear(context, admin.id, period);
  } catch (error) {
    if (error instanceof BoardChangeRefused) return Response.json({ error: error.message }, { status: 404 });
    console.error("admin board: deleting a year failed", error);
    return Response.json({ error: "Failed to delete" }, { status: 503 });
  }
  return redirect("/admin/board?done=deleted");
}

export default function AdminDeleteBoardYear() {
  const { period } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete title="Delete board year" closeTo="/admin/board" button="Delete">
      <p>{`Delete board year ${period}?`} Its members go with it.</p>
    </ConfirmDelete>
  );
}
