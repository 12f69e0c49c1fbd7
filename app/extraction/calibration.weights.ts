/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0019, 0.3772, 0.2859, 0.1645, -0.7319, 0.0642, 1.3628, -0.3782],
  authors: [1.3210, 0.2067, -0.1148, -0.3640, 0.2973, 0.3369, 0.5338, 0.5074, -0.6925],
};
