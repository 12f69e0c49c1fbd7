/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9780, 0.3630, 0.2908, 0.1710, -0.6949, -0.0560, 1.3701, -0.3563],
  authors: [1.2978, 0.2135, -0.1160, -0.3350, 0.2980, 0.4697, 0.5352, 0.4910, -0.6317],
};
