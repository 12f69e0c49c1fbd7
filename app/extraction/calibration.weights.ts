/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9501, 0.3561, 0.3705, 0.0848, -0.7311, -0.0495, 1.4008, -0.3013],
  authors: [1.3391, 0.3537, -0.2235, -0.4173, 0.2776, -0.0092, 0.7129, 0.4729, -0.9825],
};
