import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BoardYearEditor } from "~/components/admin/board-year-editor";
import { RouteDialog } from "~/components/admin/route-dialog";
import { SaveErrors } from "~/components/form/fields";
import { BOARD_SECTION_KEYS, type BoardYearForm, checkBoardYear, isBoardPeriod, parseBoardYearForm } from "~/lib/board";
import { loadBoardYear, saveBoardYear } from "~/models/board-admin.server";
import { attempt } from "~/server/errors.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/forms.server";

const emptyYear = (): BoardYearForm => ({
  period: "",
  title: "",
  sponsoringInstitution: "",
  members: Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, []])) as unknown as BoardYearForm["members"],
});

/** `/admin/board/new` creates a year; `/admin/board/2024-2025` edits one. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const period = params.period ?? "";
  if (period === "new") return { existing: null, year: emptyYear(), csrf: context.csrf.token() };
  if (!isBoardPeriod(period)) throw new Response("Board year not found.", { status: 404 });
  const year = await loadBoardYear(context, period);
  if (!year) throw new Response("Board year not found.", { status: 404 });
  return { existing: period, year, csrf: context.csrf.token() };
}

type ActionData = { year: BoardYearForm; errors: Record<string, string>; formError?: string; version: number };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const existing = params.period === "new" ? null : (params.period ?? "");
  if (existing !== null && !isBoardPeriod(existing)) throw new Response("Board year not found.", { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  const year = parseBoardYearForm(form, intent !== "save");
  if (existing) year.period = existing;
  const reply = (data: Omit<ActionData, "version">, status = 200) => Response.json({ ...data, version: Date.now() } satisfies ActionData, { status });

  // Without JavaScript, Add and Remove come here: the form comes back changed, nothing saved.
  const add = /^add:(\w+)$/.exec(intent);
  const remove = /^remove:(\w+):(\d+)$/.exec(intent);
  if (add || remove) {
    const section = (add?.[1] ?? remove?.[1]) as (typeof BOARD_SECTION_KEYS)[number];
    if (!BOARD_SECTION_KEYS.includes(section)) return reply({ year, errors: {}, formError: "Unknown request." }, 400);
    if (add) year.members[section].push({});
    else year.members[section].splice(Number(remove![2]), 1);
    return reply({ year, errors: {} });
  }
  if (intent !== "save") return reply({ year, errors: {}, formError: "Unknown request." }, 400);

  const errors = checkBoardYear(year);
  if (Object.keys(errors).length) return reply({ year, errors }, 400);
  const refused = await attempt("admin board: saving a year", "Failed to save year", () => saveBoardYear(context, admin.id, existing, year));
  if (refused?.expected) return reply({ year, errors: existing ? {} : { period: refused.message }, formError: existing ? refused.message : undefined }, refused.status);
  if (refused) return reply({ year, errors: {}, formError: refused.message }, refused.status);
  return redirect("/admin/board?done=saved");
}

export default function AdminBoardYear() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | undefined;
  const year = posted?.year ?? loaded.year;
  return (
    <RouteDialog title={loaded.existing ? `Edit Board Year ${loaded.existing}` : "Create Board Year"} closeTo="/admin/board" wide>
      <SaveErrors formError={posted?.formError} />
      {/* A new answer from the server (a row added without JavaScript) remounts the form with it. */}
      <BoardYearEditor key={posted?.version ?? "loaded"} year={year} locked={Boolean(loaded.existing)} errors={posted?.errors ?? {}} />
    </RouteDialog>
  );
}
