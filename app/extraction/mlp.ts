/**
 * The small network the line labeller and the name model run: its weights' shape, one
 * prediction, and the ensemble of models trained alike. `scripts/corpus/mlp.mjs` trains them.
 */
export type LabellerWeights = { mean: number[]; scale: number[]; hidden: number[][]; hiddenBias: number[]; out: number[][]; outBias: number[] };

/** The model: standardised features, one hidden layer (tanh; none when `hidden` is empty), softmax. */
export function predict(weights: LabellerWeights, x: number[]): number[] {
  const z = x.map((v, j) => (v - weights.mean[j]!) / weights.scale[j]!);
  const h = weights.hidden.length ? weights.hidden.map((row, k) => Math.tanh(row.reduce((s, w, j) => s + w * z[j]!, weights.hiddenBias[k]!))) : z;
  const logits = weights.out.map((row, c) => row.reduce((s, w, j) => s + w * h[j]!, weights.outBias[c]!));
  const max = Math.max(...logits);
  const e = logits.map((v) => Math.exp(v - max));
  const sum = e.reduce((s, v) => s + v, 0);
  return e.map((v) => v / sum);
}

/** Models trained alike (the line labeller's, the name model's): their geometric mean, renormalised, so a label one model rules out stays unlikely. */
export function ensemble(models: LabellerWeights[], x: number[]): number[] {
  const each = models.map((m) => predict(m, x));
  const g = each[0]!.map((_, c) => Math.exp(each.reduce((sum, p) => sum + Math.log(Math.max(p[c]!, 1e-9)), 0) / each.length));
  const total = g.reduce((sum, v) => sum + v, 0);
  return g.map((v) => v / total);
}
