/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.8865, 0.3894, 0.3323, 0.0892, -0.7675, -0.0510, 1.4434, -0.3213],
  authors: [1.2892, 0.4218, -0.2008, -0.3794, 0.3062, 0.2784, 0.5405, 0.4012, -1.0558],
};
