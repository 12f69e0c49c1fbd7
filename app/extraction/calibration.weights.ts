/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9361, 0.3365, 0.2881, 0.0928, -0.7838, -0.0510, 1.4750, -0.3312],
  authors: [1.3508, 0.2960, -0.1375, -0.3154, 0.3194, 0.3106, 0.5151, 0.4103, -0.9110],
};
