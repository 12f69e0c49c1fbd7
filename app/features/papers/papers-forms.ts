/**
 * The Papers tab's posts, as the browser and the server both read them (decision 028): staging
 * the statuses chosen in the list, saving the confirmed decisions, discarding them.
 */
import { z } from "zod";
import { PAPER_STATUSES, type PaperStatus } from "~/db/enums";

/** Papers a page of the console's list shows. */
export const PAPERS_PAGE_SIZE = 25;

/** A decision: the paper, the status the deciding administrator saw, and the new one. */
export type StatusChange = { paperId: number; from: PaperStatus; to: PaperStatus };

const status = z.enum(PAPER_STATUSES);

export const PAPER_INTENTS = ["stage", "save", "discard"] as const;
export const paperIntentSchema = z.object({ intent: z.enum(PAPER_INTENTS) });

/**
 * A paper and two of its statuses in one field, `paperId:first:second`: a decision as the
 * confirmation posts it back (`paperId:from:to`), and a row of the list as the page showed it
 * (`paperId:seen:shown`), written and read by the two below. One field a row keeps the list's markup to what it needs
 * (25 rows a page).
 */
const paperAndTwoStatusesField = (paperId: number, first: string, second: string) => `${paperId}:${first}:${second}`;
const paperAndTwoStatuses = (what: string) =>
  z
    .string()
    .regex(/^\d{1,10}:[a-z_]{1,30}:[a-z_]{1,30}$/, `${what} must read paperId:status:status.`)
    .transform((v, ctx) => {
      const [id, first, second] = v.split(":") as [string, string, string];
      const ok = (s: string): s is PaperStatus => (PAPER_STATUSES as readonly string[]).includes(s);
      const paperId = Number(id);
      if (paperId < 1 || paperId > 2_147_483_647 || !ok(first) || !ok(second)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `No such paper or status in ${v}.` });
        return z.NEVER;
      }
      return { paperId, first, second };
    });

/** A row of the list as its select was shown: `paperId:seen:shown` (the status when shown, and what the select showed: the staged status, or the status). */
export const shownRowField = (r: { paperId: number; seen: string; shown: string }) => paperAndTwoStatusesField(r.paperId, r.seen, r.shown);

/** The list's selects: each row as shown (`row`, see `shownRowField`) and the status chosen (a page holds 25). */
export const stageSchema = z.object({
  choices: z
    .array(z.object({ row: paperAndTwoStatuses("A row"), status }))
    .min(1)
    .max(100)
    .transform((rows) => rows.map(({ row, status }) => ({ paperId: row.paperId, seen: row.first, shown: row.second, status }))),
  /** Set by the page's script: answer with data instead of a redirect. */
  js: z.literal("1").optional(),
});

/** A decision as the confirmation lists it and posts it back: `paperId:from:to`. */
export const changeField = (c: StatusChange) => paperAndTwoStatusesField(c.paperId, c.from, c.to);
const change = paperAndTwoStatuses("A change").transform(({ paperId, first, second }): StatusChange => ({ paperId, from: first, to: second }));

export const saveSchema = z.object({
  change: z
    .union([change.transform((c) => [c]), z.array(change).max(5000)])
    .refine((list) => list.length > 0, "There are no changes to save."),
});
