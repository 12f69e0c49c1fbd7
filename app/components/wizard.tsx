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
