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
const paperId = z.coerce.number().int().positive().max(2_147_483_647);

export const PAPER_INTENTS = ["stage", "save", "discard"] as const;
export const paperIntentSchema = z.object({ intent: z.enum(PAPER_INTENTS) });

/**
 * The list's selects: each row's paper, its status when shown (`seen`), what its select showed
 * (`shown`: the staged status, or the status), and the one chosen (a page holds 25).
 */
export const stageSchema = z.object({
  choices: z.array(z.object({ paperId, seen: status, shown: status, status })).min(1).max(100),
  /** Set by the page's script: answer with data instead of a redirect. */
  js: z.literal("1").optional(),
});

/** A decision as the confirmation lists it and posts it back: `paperId:from:to`. */
export const changeField = (c: StatusChange) => `${c.paperId}:${c.from}:${c.to}`;
const change = z
  .string()
  .regex(/^\d{1,10}:[a-z_]{1,30}:[a-z_]{1,30}$/, "A change must read paperId:from:to.")
  .transform((v, ctx) => {
    const [id, from, to] = v.split(":") as [string, string, string];
    const ok = (s: string): s is PaperStatus => (PAPER_STATUSES as readonly string[]).includes(s);
    if (!ok(from) || !ok(to)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Unknown status in ${v}.` });
      return z.NEVER;
    }
    return { paperId: Number(id), from, to } satisfies StatusChange;
  });

export const saveSchema = z.object({
  change: z
    .union([change.transform((c) => [c]), z.array(change).max(5000)])
    .refine((list) => list.length > 0, "There are no changes to save."),
});
