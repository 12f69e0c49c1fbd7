/**
 * A wizard: numbered steps, each owning some fields and the zod schema that checks them
 * (decision 028). The same definition runs in the browser (instant validation through
 * remix-validated-form) and on the server (the truth, at every step's post).
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import type { ZodTypeAny } from "zod";

export type WizardStep = {
  title: string;
  /** The form fields this step owns: what is kept from its post, valid or not. */
  fields: readonly string[];
  schema: ZodTypeAny;
  /** False for a step whose values must never be stored (a password): it is checked and used, not kept. */
  keep?: boolean;
  /** How the step's post is read into kept values, when its fields are not flat (rows of a list). */
  read?: (form: FormData) => Record<string, unknown>;
  /** True for a step whose values the server sets, not the post (an upload): Next checks what is kept. */
  fromDraft?: boolean;
};

export type Wizard = ReturnType<typeof defineWizard>;

export function defineWizard<const S extends readonly WizardStep[]>(name: string, steps: S) {
  const count = steps.length;
  return {
    name,
    steps,
    count,
    titles: steps.map((s) => s.title),
    validators: steps.map((s) => withZod(s.schema as never) as Validator<Record<string, unknown>>),
    /** "?step=N" as 1..count (anything else is step 1). */
    parseStep(value: string | null | undefined) {
      const n = Number(value);
      return Number.isInteger(n) && n >= 1 && n <= count ? n : 1;
    },
    /** The first step before `step` whose kept values do not pass its schema, or `step` itself. */
    firstIncompleteStep(values: Record<string, unknown>, step: number) {
      for (let i = 1; i < step; i++) if (!steps[i - 1]!.schema.safeParse(values).success) return i;
      return step;
    },
  };
}
