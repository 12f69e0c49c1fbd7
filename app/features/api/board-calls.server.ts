/**
 * `/api/board/…` for administrators: saving and deleting board years, adding and deleting past
 * presidents (spec: author-area-and-admin-console.md section 7). The reads are public
 * (`public-calls.server.ts`). Each call runs the console's own functions and forms' schemas
 * (`~/features/board/…`), so /society/board shows a change at once.
 */
import { z } from "zod";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_KEYS, type BoardSectionKey, isBoardPeriod, type MemberColumn } from "~/features/board/board";
import { addPastPresident, deleteBoardYear, deletePastPresident, saveBoardYearByPeriod } from "~/features/board/board-admin.server";
import { BOARD_MESSAGES, boardYearSchema, pastPresidentSchema } from "~/features/board/board-forms";
import { check, defineCall } from "~/server/api/call.server";
import { checkedAll } from "./profile-body.server";
import { BOARD_SECTION_FIELDS, boardYearAnswer, readBoardYear } from "./public-calls.server";
import { id, idParams, messageAnswer } from "./shapes";

const TAG = "Administration: board";
const MEMBER_COLUMNS: readonly MemberColumn[] = ["position", "term", "name", "affiliation"];

/**
 * A member row as a client sends it: the four columns, null or absent where empty (as the reads
 * answer them), so a year read can be sent back edited. A column its section does not have
 * (a trustee's position) must stay empty.
 */
function memberRows(section: BoardSectionKey) {
  const columns: readonly MemberColumn[] = BOARD_SECTION_COLUMNS[section];
  const row = z
    .object(Object.fromEntries(MEMBER_COLUMNS.map((c) => [c, z.string().max(300).nullable().optional()])) as Record<MemberColumn, z.ZodOptional<z.ZodNullable<z.ZodString>>>)
    .strict()
    .superRefine((r, ctx) => {
      for (const c of MEMBER_COLUMNS) if (!columns.includes(c) && r[c]) ctx.addIssue({ code: "custom", path: [c], message: `This list has no ${c}: leave it empty.` });
    });
  return z.array(row).max(100).optional().describe(`Rows of ${columns.join(", ")}; name is required in a row with anything in it (TBA when not yet known)`);
}

const sectionFields = Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [BOARD_SECTION_FIELDS[s], memberRows(s)])) as Record<(typeof BOARD_SECTION_FIELDS)[BoardSectionKey], ReturnType<typeof memberRows>>;

const boardYearBody = z.object({
  period: z.string({ required_error: "Period is required", invalid_type_error: "Period is required" }).max(20).describe("Two consecutive years, as in 2024-2025"),
  title: z.string().max(100).nullable().optional().describe("The navigation menu's text; the period when empty"),
  sponsoringInstitution: z.string().max(300).nullable().optional(),
  ...sectionFields,
  _id: id.optional().describe("Read-only: the year is found by its period"),
});

/** A section's field name in the body from the page's (`directors.0.name` → `boardOfDirectors.0.name`). */
function bodyField(field: string) {
  const [section, ...rest] = field.split(".");
  const name = BOARD_SECTION_FIELDS[section as BoardSectionKey];
  return name ? [name, ...rest].join(".") : field;
}

export const saveBoardYearCall = defineCall(
  {
    method: "POST",
    path: "/api/board/years",
    tag: TAG,
    summary: "Create a board year, or replace the one with the same period",
    description: "The year's member lists replace the stored ones whole: a list left out is saved empty. Rows with nothing in them are dropped.",
    access: "admin",
    body: { kind: "json", schema: boardYearBody },
    answer: z.object({ message: z.string(), created: z.boolean().describe("True when no year had this period"), year: boardYearAnswer }),
    refusals: { 400: "Period is required, or a field is wrong (fieldErrors names it).", 409: "Another administrator created the same period at the same moment: send it again." },
    failure: BOARD_MESSAGES.saveFailed,
  },
  async ({ context, user, body }) => {
    const { _id: _, period, title, sponsoringInstitution, ...lists } = body;
    const form = {
      period,
      title: title ?? "",
      sponsoringInstitution: sponsoringInstitution ?? "",
      ...Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, (lists[BOARD_SECTION_FIELDS[s]] ?? []).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ?? ""])))])),
    };
    const [year] = (await checkedAll([check(boardYearSchema, form, undefined)], bodyField)) as [z.output<typeof boardYearSchema>];
    const created = await saveBoardYearByPeriod(context, user.id, year);
    return { message: BOARD_MESSAGES.saved, created, year: await readBoardYear(context, year.period) };
  },
);

export const deleteBoardYearCall = defineCall(
  {
    method: "DELETE",
    path: "/api/board/years/{period}",
    tag: TAG,
    summary: "Delete a board year with its members",
    access: "admin",
    params: z.object({ period: z.string().refine(isBoardPeriod) }),
    answer: messageAnswer,
    refusals: { 404: BOARD_MESSAGES.yearGone },
    notFound: BOARD_MESSAGES.yearGone,
    failure: BOARD_MESSAGES.deleteFailed,
  },
  async ({ context, user, params }) => {
    await deleteBoardYear(context, user.id, params.period);
    return { message: BOARD_MESSAGES.deleted };
  },
);

export const addPastPresidentCall = defineCall(
  {
    method: "POST",
    path: "/api/board/past-presidents",
    tag: TAG,
    summary: "Add a past president at the end of the list",
    description: 'A note "Deceased" shows the dagger on the public page.',
    access: "admin",
    body: { kind: "json", schema: pastPresidentSchema.omit({ intent: true }) },
    answer: z.object({ _id: id, years: z.string(), name: z.string(), note: z.string().nullable() }),
    status: 201,
    refusals: { 400: BOARD_MESSAGES.presidentInvalid },
    invalidMessage: BOARD_MESSAGES.presidentInvalid,
    failure: BOARD_MESSAGES.addFailed,
  },
  async ({ context, user, body }) => {
    const added = await addPastPresident(context, user.id, body);
    return { _id: added, years: body.years, name: body.name, note: body.note || null };
  },
);

export const deletePastPresidentCall = defineCall(
  {
    method: "DELETE",
    path: "/api/board/past-presidents/{id}",
    tag: TAG,
    summary: "Delete a past president",
    access: "admin",
    params: idParams,
    answer: messageAnswer,
    refusals: { 404: BOARD_MESSAGES.presidentGone },
    notFound: BOARD_MESSAGES.presidentGone,
    failure: BOARD_MESSAGES.removeFailed,
  },
  async ({ context, user, params }) => {
    await deletePastPresident(context, user.id, params.id);
    return { message: BOARD_MESSAGES.removed };
  },
);

export const BOARD_CALLS = [saveBoardYearCall, deleteBoardYearCall, addPastPresidentCall, deletePastPresidentCall];
