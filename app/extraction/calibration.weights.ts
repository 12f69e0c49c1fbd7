/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0056, 0.3771, 0.2822, 0.1641, -0.7321, 0.0641, 1.3638, -0.3668],
  authors: [1.3238, 0.2072, -0.1162, -0.3647, 0.2960, 0.3264, 0.5346, 0.5114, -0.6939],
};
