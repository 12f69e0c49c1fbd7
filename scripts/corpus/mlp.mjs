/**
 * The small models the engine ships (the line labeller, the name model): standardised features,
 * one hidden layer (tanh; none with `hidden: 0`), softmax over `classes`, trained with Adam on
 * mini-batches of 32, rare classes weighed up so the commonest does not swamp them, a little L2.
 * Seeded, so training twice gives the same weights. `predict` in app/extraction/mlp.ts runs them.
 */
import { createHash } from "node:crypto";

const L2 = 1e-4;

/**
 * What a model was trained on, in 16 hex digits: its rows' features (to six places) and labels.
 * The trainers write it beside the weights, and the gate (`eval-extraction.mjs --gate`) computes it
 * again from today's code: weights trained on features the code no longer computes fail there,
 * instead of drifting unseen (decision 040).
 */
export function fingerprint(rows) {
  const hash = createHash("sha256");
  for (const r of rows) hash.update(`${r.x.map((v) => Math.round(v * 1e6) / 1e6).join(",")}:${r.y}\n`);
  return hash.digest("hex").slice(0, 16);
}

/** A seeded generator, so training twice gives the same weights (and the printed name lines the same lines). */
export function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function train(rows, { hidden, epochs, classes, seed = 7, digits = 4 }) {
  const dims = rows[0].x.length;
  const mean = Array(dims).fill(0);
  const scale = Array(dims).fill(0);
  for (const r of rows) r.x.forEach((v, j) => (mean[j] += v / rows.length));
  for (const r of rows) r.x.forEach((v, j) => (scale[j] += (v - mean[j]) ** 2 / rows.length));
  for (let j = 0; j < dims; j++) scale[j] = Math.sqrt(scale[j]) || 1;
  const data = rows.map((r) => ({ z: r.x.map((v, j) => (v - mean[j]) / scale[j]), y: r.y }));
  const random = rng(seed);
  const init = (n, m, s) => Array.from({ length: n }, () => Array.from({ length: m }, () => (random() * 2 - 1) * s));
  const H = hidden;
  const inner = H || dims;
  const W1 = H ? init(H, dims, 1 / Math.sqrt(dims)) : [];
  const b1 = Array(H).fill(0);
  const W2 = init(classes, inner, 1 / Math.sqrt(inner));
  const b2 = Array(classes).fill(0);
  // Adam.
  const params = [...W1, b1, ...W2, b2];
  const m = params.map((p) => p.map(() => 0));
  const v = params.map((p) => p.map(() => 0));
  let t = 0;
  const lr = 0.01;
  // Rare labels weigh more, so "other" does not swamp them.
  const counts = Array.from({ length: classes }, (_, c) => data.filter((d) => d.y === c).length || 1);
  const weightOf = counts.map((n) => Math.sqrt(Math.max(...counts) / n));
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += 32) {
      const grads = params.map((p) => p.map(() => 0));
      const batch = order.slice(start, start + 32);
      for (const i of batch) {
        const { z, y } = data[i];
        const h = H ? W1.map((row, k) => Math.tanh(row.reduce((s, w, j) => s + w * z[j], b1[k]))) : z;
        const logits = W2.map((row, c) => row.reduce((s, w, j) => s + w * h[j], b2[c]));
        const max = Math.max(...logits);
        const e = logits.map((l) => Math.exp(l - max));
        const sum = e.reduce((s, x) => s + x, 0);
        const w = weightOf[y] / batch.length;
        const dl = e.map((x, c) => (x / sum - (c === y ? 1 : 0)) * w);
        const gW2 = grads.slice(H + 1, H + 1 + classes);
        const gb2 = grads[H + 1 + classes];
        const dh = Array(inner).fill(0);
        for (let c = 0; c < classes; c++) {
          gb2[c] += dl[c];
          for (let j = 0; j < inner; j++) {
            gW2[c][j] += dl[c] * h[j];
            dh[j] += dl[c] * W2[c][j];
          }
        }
        if (H) {
          for (let k = 0; k < H; k++) {
            const g = dh[k] * (1 - h[k] * h[k]);
            grads[H][k] += g;
            for (let j = 0; j < dims; j++) grads[k][j] += g * z[j];
          }
        }
      }
      t++;
      params.forEach((p, a) => {
        const isBias = a === H || a === params.length - 1;
        for (let j = 0; j < p.length; j++) {
          const g = grads[a][j] + (isBias ? 0 : L2 * p[j]);
          m[a][j] = 0.9 * m[a][j] + 0.1 * g;
          v[a][j] = 0.999 * v[a][j] + 0.001 * g * g;
          p[j] -= (lr * (m[a][j] / (1 - 0.9 ** t))) / (Math.sqrt(v[a][j] / (1 - 0.999 ** t)) + 1e-8);
        }
      });
    }
  }
  const round = (x) => Math.round(x * 10 ** digits) / 10 ** digits;
  return { mean: mean.map(round), scale: scale.map(round), hidden: W1.map((r) => r.map(round)), hiddenBias: b1.map(round), out: W2.map((r) => r.map(round)), outBias: b2.map(round) };
}

