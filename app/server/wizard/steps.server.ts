/**
 * Step navigation for every wizard (decision 028), as real form posts: each step's post keeps
 * what was typed (valid or not, so going back and forth loses nothing), Previous never
 * validates, Next validates the step on the server with the same schema the browser used, and
 * the last step runs only once every earlier step holds. Works the same without JavaScript.
 */
import { redirect } from "@remix-run/cloudflare";
import { validationError } from "remix-validated-form";
import type { Wizard, WizardStep } from "~/lib/wizard";
import type { Services } from "~/server/services.server";
import { clientAddress } from "../auth/session.server";
import { hitRateLimits, LIMITS, RateLimitedError, tooManyRequests } from "../auth/rate-limit.server";
import { clearDraftCookie, type DraftOwner, discardDraft, loadDraft, saveDraft } from "./drafts.server";

type Ctx = Pick<Services, "db" | "files">;

/** Adds the draft owner's new cookie, if any, to an answer. */
function withOwnerCookie(response: Response, owner: DraftOwner) {
  if (owner.setCookie) response.headers.append("Set-Cookie", owner.setCookie);
  return response;
}

/**
 * The step a GET may show: the one asked for, unless an earlier step is incomplete (then a
 * redirect there). Returns the kept values to fill the form with.
 */
export async function wizardStepLoad(services: Ctx, wizard: Wizard, owner: DraftOwner, request: Request, path: (step: number) => string) {
  const asked = new URL(request.url).searchParams.get("step");
  const draft = await loadDraft(services, owner);
  // An address without a step (the dashboard, a bookmark, the next day) resumes where the draft was left.
  if (asked === null && draft.step > 1) throw redirect(path(wizard.firstIncompleteStep(draft.data, wizard.parseStep(String(draft.step)))));
  const requested = wizard.parseStep(asked);
  const step = wizard.firstIncompleteStep(draft.data, requested);
  if (step !== requested) throw redirect(path(step));
  return { step, values: draft.data, fileKey: draft.fileKey };
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
  const kept: Record<string, unknown> = {};
  for (const name of def.fields) {
    const value = form.get(name);
    kept[name] = typeof value === "string" ? value.slice(0, MAX_FIELD_LENGTH) : "";
  }
  return kept;
}

export async function wizardStepPost(
  services: Ctx,
  {
    wizard,
    owner,
    request,
    form,
    path,
    complete,
  }: {
    wizard: Wizard;
    owner: DraftOwner;
    request: Request;
    form: FormData;
    path: (step: number) => string;
    /**
     * Runs once every step holds, with every kept value and the last step's checked data. An
     * answer below 400 ends the wizard (the draft and its cookie go); any other keeps the draft.
     */
    complete: (values: Record<string, unknown>, last: Record<string, unknown>) => Promise<Response>;
  },
): Promise<Response> {
  const step = wizard.parseStep(String(form.get("step") ?? ""));
  const intent = String(form.get("intent") ?? "next");
  const def = wizard.steps[step - 1]!;
  const draft = await loadDraft(services, owner);
  // A new anonymous draft is a row a stranger can make (a made-up cookie makes one as well as none
  // does): limited per client address.
  if (owner.userId === null && !draft.stored) {
    const refused = await hitRateLimits(services.db, [[`draft:ip:${clientAddress(request)}`, LIMITS.anonymousDraftsPerAddress]]).then(
      () => null,
      (error: unknown) => {
        if (error instanceof RateLimitedError) return tooManyRequests(error, { formError: error.message });
        throw error;
      },
    );
    if (refused) return refused;
  }
  const data = { ...draft.data };
  if (def.keep !== false) Object.assign(data, keptValues(def, form));
  if (JSON.stringify(data).length > MAX_DRAFT_LENGTH) {
    return withOwnerCookie(Response.json({ formError: DRAFT_TOO_LARGE }, { status: 413 }), owner);
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
      return withOwnerCookie(validationError(result.error, result.submittedData, { status: 400 }), owner);
    }
    await keep(step + 1, { ...data, ...result.data });
    return withOwnerCookie(redirect(path(step + 1)), owner);
  }

  const incomplete = wizard.firstIncompleteStep(data, wizard.count);
  if (incomplete !== wizard.count) return withOwnerCookie(redirect(path(incomplete)), owner);
  const last = await wizard.validators[step - 1]!.validate(form);
  // What the last step holds is kept whatever happens next (unless it must never be stored).
  if (def.keep !== false) await keep(step);
  if (last.error) return withOwnerCookie(validationError(last.error, def.keep === false ? {} : last.submittedData, { status: 400 }), owner);

  const values = Object.assign({}, ...wizard.steps.slice(0, wizard.count - 1).map((s) => s.schema.parse(data)));
  const answer = await complete(values, last.data);
  if (answer.status >= 400) return withOwnerCookie(answer, owner);
  await discardDraft(services, owner);
  if (owner.userId === null) answer.headers.append("Set-Cookie", clearDraftCookie(request));
  return answer;
}
