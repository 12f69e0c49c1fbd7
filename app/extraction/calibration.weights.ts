/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9199, 0.3773, 0.3253, 0.0914, -0.7529, -0.0499, 1.4244, -0.3143],
  authors: [1.3786, 0.3924, -0.2184, -0.3760, 0.3059, 0.2432, 0.5619, 0.3763, -1.0244],
};
