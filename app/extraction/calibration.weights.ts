/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0202, 0.3487, 0.2925, 0.1725, -0.6772, -0.0564, 1.3688, -0.3513],
  authors: [1.4164, 0.2161, -0.1418, -0.3301, 0.3128, 0.3567, 0.4769, 0.4158, -0.8124],
};
