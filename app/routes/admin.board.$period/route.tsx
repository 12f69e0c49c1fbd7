import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import { BoardYearEditor } from "./board-year-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { FormMessage } from "~/components/form/fields";
import { BOARD_SECTION_KEYS, type BoardYearForm, isBoardPeriod } from "~/features/board/board";
import { boardYearDraft, boardYearSchema } from "~/features/board/board-forms";
import { loadBoardYear, saveBoardYear } from "~/features/board/board-admin.server";
import { attempt } from "~/server/errors.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/forms.server";

const validator = withZod(boardYearSchema);

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

/** Answers that are not a refused field: the form changed by Add or Remove, or a refused save. */
type ActionData = { year: BoardYearForm; formError?: string; version: number };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const existing = params.period === "new" ? null : (params.period ?? "");
  if (existing !== null && !isBoardPeriod(existing)) throw new Response("Board year not found.", { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  // Checked once: Add and Remove only need the rows as posted, Save needs the verdict too.
  const checked = await validator.validate(form);
  const year = boardYearDraft(checked.submittedData);
  if (existing) year.period = existing;
  const reply = (data: Omit<ActionData, "version">, status = 200) => Response.json({ ...data, version: Date.now() } satisfies ActionData, { status });

  // Without JavaScript, Add, Remove and Move come here: the form comes back changed, nothing saved.
  const rowChange = /^(add):(\w+)$|^(remove|up|down):(\w+):(\d{1,3})$/.exec(intent);
  if (rowChange) {
    const verb = rowChange[1] ?? rowChange[3]!;
    const section = (rowChange[2] ?? rowChange[4]) as (typeof BOARD_SECTION_KEYS)[number];
    if (!BOARD_SECTION_KEYS.includes(section)) return reply({ year, formError: "Unknown request." }, 400);
    const list = year.members[section];
    const at = Number(rowChange[5]);
    const to = verb === "up" ? at - 1 : at + 1;
    if (verb === "add") list.push({});
    else if (at >= list.length || ((verb === "up" || verb === "down") && (to < 0 || to >= list.length))) return reply({ year, formError: "That row is not there to change." }, 400);
    else if (verb === "remove") list.splice(at, 1);
    else [list[at], list[to]] = [list[to]!, list[at]!];
    return reply({ year });
  }
  if (intent !== "save") return reply({ year, formError: "Unknown request." }, 400);

  if (checked.error) return validationError(checked.error, year, { status: 400 });
  const saving = existing ? { ...checked.data, period: existing } : checked.data;
  const refused = await attempt("admin board: saving a year", "Failed to save year", () => saveBoardYear(context, admin.id, existing, saving));
  // A new year whose period is taken: the period field says so.
  if (refused?.expected && !existing) return validationError({ fieldErrors: { period: refused.message } }, year, { status: refused.status });
  if (refused) return reply({ year, formError: refused.message }, refused.status);
  return redirect("/admin/board?done=saved");
}

export default function AdminBoardYear() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as Partial<ActionData> & { repopulateFields?: BoardYearForm };
  const year = posted?.repopulateFields ?? posted?.year ?? loaded.year;
  return (
    <RouteDialog title={loaded.existing ? `Edit Board Year ${loaded.existing}` : "Create Board Year"} closeTo="/admin/board" wide>
      {posted?.formError ? <FormMessage tone="error">{posted.formError}</FormMessage> : null}
      {/* A new answer from the server (a row added without JavaScript) remounts the form with it. */}
      <BoardYearEditor key={posted?.version ?? "loaded"} year={year} locked={Boolean(loaded.existing)} validator={validator} />
    </RouteDialog>
  );
}
