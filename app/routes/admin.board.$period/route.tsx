import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { BoardYearEditor } from "./board-year-editor";
import { RouteDialog } from "~/components/ui/route-dialog";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { BOARD_SECTION_KEYS, type BoardYearForm, isBoardPeriod } from "~/features/board/board";
import { BOARD_MESSAGES, boardYearDraft, boardYearSchema } from "~/features/board/board-forms";
import { loadBoardYear, saveBoardYear } from "~/features/board/board-admin.server";
import { AppError, notFound } from "~/server/errors.server";
import { acts, loads, reworded } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readInput, validateInput } from "~/server/forms.server";

const validator = withZod(boardYearSchema);

const emptyYear = (): BoardYearForm => ({
  period: "",
  title: "",
  sponsoringInstitution: "",
  members: Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, []])) as unknown as BoardYearForm["members"],
});

/** `/admin/board/new` creates a year; `/admin/board/2024-2025` edits one. */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const period = params.period ?? "";
  if (period === "new") return { existing: null, year: emptyYear(), csrf: context.csrf.token() };
  if (!isBoardPeriod(period)) throw new Response("Board year not found.", { status: 404 });
  const year = await loadBoardYear(context, period);
  if (!year) throw new Response("Board year not found.", { status: 404 });
  return { existing: period, year, csrf: context.csrf.token() };
});

/** The form changed by Add, Remove or Move without JavaScript: shown again, nothing saved. */
type ActionData = { year: BoardYearForm; version: number };

/** The post as rows, checked or not (Add and Remove need only what was typed), and the button. */
const draftValidator = withZod(z.object({ intent: z.string().max(40).default("save") }).passthrough());

export const action = acts(BOARD_MESSAGES.saveFailed, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const existing = params.period === "new" ? null : (params.period ?? "");
  if (existing !== null && !isBoardPeriod(existing)) throw notFound("Board year not found.");
  const posted = await readInput(request);
  const { intent, ...rows } = (await validateInput(posted, draftValidator)).data;
  const year = boardYearDraft(rows);
  if (existing) year.period = existing;
  const refuse = (message: string) => new AppError("invalid", message, { values: year });

  // Without JavaScript, Add, Remove and Move come here: the form comes back changed, nothing saved.
  const rowChange = /^(add):(\w+)$|^(remove|up|down):(\w+):(\d{1,3})$/.exec(intent);
  if (rowChange) {
    const verb = rowChange[1] ?? rowChange[3]!;
    const section = (rowChange[2] ?? rowChange[4]) as (typeof BOARD_SECTION_KEYS)[number];
    if (!BOARD_SECTION_KEYS.includes(section)) throw refuse("Unknown request.");
    const list = year.members[section];
    const at = Number(rowChange[5]);
    const to = verb === "up" ? at - 1 : at + 1;
    if (verb === "add") list.push({});
    else if (at >= list.length || ((verb === "up" || verb === "down") && (to < 0 || to >= list.length))) throw refuse("That row is not there to change.");
    else if (verb === "remove") list.splice(at, 1);
    else [list[at], list[to]] = [list[to]!, list[at]!];
    return { year, version: Date.now() } satisfies ActionData;
  }
  if (intent !== "save") throw refuse("Unknown request.");

  const { data } = await validateInput(posted, validator, { repopulate: () => year });
  const saving = existing ? { ...data, period: existing } : data;
  // A new year whose period is taken: the period field says so.
  await reworded(saveBoardYear(context, admin.id, existing, saving), existing ? { values: year } : { field: "period", values: year });
  return redirect("/admin/board?done=saved");
});

export default function AdminBoardYear() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as Partial<ActionData> | undefined;
  const refusal = useRefusal();
  const year = (refusal?.repopulateFields as BoardYearForm | undefined) ?? posted?.year ?? loaded.year;
  return (
    <RouteDialog title={loaded.existing ? `Edit Board Year ${loaded.existing}` : "Create Board Year"} closeTo="/admin/board" wide>
      {refusal && !refusal.fieldErrors ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      {/* A new answer from the server (a row added without JavaScript) remounts the form with it. */}
      <BoardYearEditor key={refusal ? `refused:${refusal.message}` : (posted?.version ?? "loaded")} year={year} locked={Boolean(loaded.existing)} validator={validator} />
    </RouteDialog>
  );
}
