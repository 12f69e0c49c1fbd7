/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0272, 0.4094, 0.1640, 0.1478, -0.7658, -0.0615, 1.3393, -0.3951],
  authors: [1.1595, 0.3228, -0.1414, -0.4008, 0.2623, 0.6146, 0.6298, 0.5153, -0.3275],
};
