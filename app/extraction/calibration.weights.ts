/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0283, 0.3682, 0.2278, 0.1850, -0.8233, -0.6446, 1.2765, -0.5019],
  authors: [1.4875, 0.2252, -0.2304, -0.3967, 0.2953, 0.9111, 0.1993, 0.4387, -0.9137],
};
