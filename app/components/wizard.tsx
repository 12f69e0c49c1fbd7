import { useEffect, useState, type RefObject } from "react";
import type { ZodTypeAny } from "zod";

/** "Step N of M" with a bar of N/M (spec-decisions: wizard progress). */
export function WizardProgress({ step, titles }: { step: number; titles: readonly string[] }) {
  return (
    <div className="wizard-progress">
      <p className="wizard-step" id="wizard-step">
        Step {step} of {titles.length}: <strong>{titles[step - 1]}</strong>
      </p>
      <progress max={titles.length} value={step} aria-labelledby="wizard-step" />
      <ol className="wizard-steps">
        {titles.map((t, i) => (
          <li key={t} aria-current={i + 1 === step ? "step" : undefined} className={i + 1 < step ? "is-done" : undefined}>
            {t}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Whether the form's current values pass `schema`, re-checked as the user types. */
export function useFormValidity(form: RefObject<HTMLFormElement | null>, schema: ZodTypeAny) {
  const [valid, setValid] = useState(true);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const check = () => setValid(schema.safeParse(Object.fromEntries(new FormData(el))).success);
    check();
    el.addEventListener("input", check);
    el.addEventListener("change", check);
    return () => {
      el.removeEventListener("input", check);
      el.removeEventListener("change", check);
    };
  }, [form, schema]);
  return valid;
}
