/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0655, 0.3935, 0.1082, 0.1353, -0.8014, -0.0624, 1.2899, -0.4219],
  authors: [0.9241, 0.3935, -0.0729, -0.4119, 0.2738, 0.6519, 0.6069, 0.5456, -0.5070],
};
