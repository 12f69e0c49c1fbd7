/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0459, 0.3771, 0.2480, 0.1591, -0.7490, 0.0661, 1.3342, -0.3790],
  authors: [1.2394, 0.2530, -0.1074, -0.3713, 0.2603, 0.3831, 0.6150, 0.5475, -0.7426],
};
