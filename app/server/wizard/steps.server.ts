/**
 * Step navigation for every wizard (decision 028), as real form posts: each step's post keeps
 * what was typed (valid or not, so going back and forth loses nothing), Previous never
 * validates, Next validates the step on the server with the same schema the browser used, and
 * the last step runs only once every earlier step holds. Works the same without JavaScript.
 */
import { redirect } from "@remix-run/cloudflare";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import type { Wizard, WizardStep } from "~/lib/wizard";
import type { Services } from "~/server/services.server";
import { clientAddress } from "../auth/session.server";
import { hitRateLimits, LIMITS } from "../auth/rate-limit.server";
import { formRefusal } from "../answers.server";
import { AppError } from "../errors.server";
import { fieldValues, INVALID_INPUT, type Posted, validateInput } from "../forms.server";
import type { PreparedCall } from "~/db/prepared.server";
import { clearDraftCookie, type DraftOwner, discardDraft, loadDraft, loadDraftWith, saveDraft, type WizardDraft } from "./drafts.server";

type Ctx = Pick<Services, "db" | "files">;

/** Adds the draft owner's new cookie, if any, to an answer. */
function withOwnerCookie(response: Response, owner: DraftOwner) {
  if (owner.setCookie) response.headers.append("Set-Cookie", owner.setCookie);
  return response;
}

/**
 * The step a GET may show: the one asked for, unless an earlier step is incomplete (then a
 * redirect there). Returns the kept values to fill the form with, and the results of the page's
 * own reads passed as `alongside`, made in the draft's round trip.
 */
export async function wizardStepLoad<const Calls extends readonly PreparedCall<unknown>[] = []>(
  services: Ctx,
  wizard: Wizard,
  owner: DraftOwner,
  request: Request,
  path: (step: number) => string,
  alongside: Calls = [] as unknown as Calls,
) {
  const [draft, read] = await loadDraftWith(services, owner, alongside);
  return { ...wizardStepOf(wizard, draft, request, path), alongside: read };
}

/** The step a GET may show of a draft already read (`wizardStepLoad` reads it): the one asked for, or a redirect to an earlier incomplete one. */
export function wizardStepOf(wizard: Wizard, draft: WizardDraft, request: Request, path: (step: number) => string) {
  const asked = new URL(request.url).searchParams.get("step");
  // An address without a step (the dashboard, a bookmark, the next day) resumes where the draft was left.
  if (asked === null && draft.step > 1) throw redirect(path(wizard.firstIncompleteStep(draft.data, wizard.parseStep(String(draft.step)))));
  const requested = wizard.parseStep(asked);
  const step = wizard.firstIncompleteStep(draft.data, requested);
  if (step !== requested) throw redirect(path(step));
  return { step, values: draft.data, fileKey: draft.fileKey, secondFileKey: draft.secondFileKey ?? null };
}

const MAX_FIELD_LENGTH = 5000;
/**
 * The most a draft keeps, as JSON characters: a submission's twenty authors and a long abstract
 * take about 20,000; more comes only from a client that ignores the fields' limits.
 */
export const MAX_DRAFT_LENGTH = 64_000;
export const DRAFT_TOO_LARGE = "This form holds more text than can be kept (64,000 characters in all). Shorten the longest answers and try again.";

/** What a step's post holds for the draft: its own reading of rows, or its flat fields (cut to a sane length). */
export function keptValues(def: WizardStep, form: FormData): Record<string, unknown> {
  if (def.read) return def.read(form);
  return fieldValues(form, def.fields, MAX_FIELD_LENGTH);
}

/** The wizard's own fields in every post: the step it came from and the button pressed. */
const controls = withZod(z.object({ step: z.string().max(2).default("1"), intent: z.string().max(40).default("next") }));

/** A step's post refused: its message and field errors, with the draft owner's cookie. */
const refused = (owner: DraftOwner, error: AppError) => withOwnerCookie(formRefusal(error), owner);

export async function wizardStepPost(
  services: Ctx,
  {
    wizard,
    owner,
    request,
    posted,
    path,
    complete,
  }: {
    wizard: Wizard;
    owner: DraftOwner;
    request: Request;
    /** The post as `readInput` read it (a form: the wizard's steps are form posts). */
    posted: Posted;
    path: (step: number) => string;
    /**
     * Runs once every step holds, with every kept value and the last step's checked data. An
     * answer below 400 ends the wizard (the draft and its cookie go); any other keeps the draft.
     */
    complete: (values: Record<string, unknown>, last: Record<string, unknown>) => Promise<Response>;
  },
): Promise<Response> {
  const form = posted.form;
  if (!form) throw new AppError("invalid", "The wizard's steps are sent as forms.");
  const control = (await validateInput(posted, controls)).data;
  const step = wizard.parseStep(control.step);
  const intent = control.intent;
  const def = wizard.steps[step - 1]!;
  const draft = await loadDraft(services, owner);
  // A new anonymous draft is a row a stranger can make (a made-up cookie makes one as well as none
  // does): limited per client address.
  if (owner.userId === null && !draft.stored) {
    await hitRateLimits(services.db, [[`draft:ip:${clientAddress(request)}`, LIMITS.anonymousDraftsPerAddress]]);
  }
  const data = { ...draft.data };
  if (def.keep !== false) Object.assign(data, keptValues(def, form));
  if (JSON.stringify(data).length > MAX_DRAFT_LENGTH) {
    return refused(owner, new AppError("too-large", DRAFT_TOO_LARGE));
  }
  const keep = (at: number, values = data) => saveDraft(services, owner, wizard.name, { step: at, data: values });

  // The page's autosave (with JavaScript): what the step holds now, kept unchecked, nothing else.
  // It never moves the draft back: a save that lands after the step's Next keeps the step Next reached.
  if (intent === "save") {
    if (def.keep !== false) await keep(Math.max(step, draft.step));
    return withOwnerCookie(Response.json({ saved: true }), owner);
  }
  if (intent === "previous") {
    const back = Math.max(1, step - 1);
    await keep(back);
    return withOwnerCookie(redirect(path(back)), owner);
  }
  if (step < wizard.count) {
    const result = await wizard.validators[step - 1]!.validate(def.fromDraft ? data : form);
    if (result.error) {
      await keep(step);
      return refused(owner, new AppError("invalid", INVALID_INPUT, { fieldErrors: result.error.fieldErrors, values: result.submittedData, checks: true }));
    }
    await keep(step + 1, { ...data, ...result.data });
    return withOwnerCookie(redirect(path(step + 1)), owner);
  }

  const incomplete = wizard.firstIncompleteStep(data, wizard.count);
  if (incomplete !== wizard.count) return withOwnerCookie(redirect(path(incomplete)), owner);
  const last = await wizard.validators[step - 1]!.validate(form);
  // What the last step holds is kept whatever happens next (unless it must never be stored).
  if (def.keep !== false) await keep(step);
  if (last.error) return refused(owner, new AppError("invalid", INVALID_INPUT, { fieldErrors: last.error.fieldErrors, values: def.keep === false ? {} : last.submittedData, checks: true }));

  const values = Object.assign({}, ...wizard.steps.slice(0, wizard.count - 1).map((s) => s.schema.parse(data)));
  // A refusal of the last step keeps the draft, and the owner's cookie that finds it again.
  const answer = await complete(values, last.data).catch((error: unknown) => {
    if (error instanceof AppError) return refused(owner, error);
    throw error;
  });
  if (answer.status >= 400) return withOwnerCookie(answer, owner);
  await discardDraft(services, owner);
  if (owner.userId === null) answer.headers.append("Set-Cookie", clearDraftCookie(request));
  return answer;
}
