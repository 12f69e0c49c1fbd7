/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.1137, 0.3082, 0.4987, 0.0698, -0.7563, -0.2625, 1.2797, -0.2920],
  authors: [1.6172, 0.4459, -0.1343, -0.3664, 0.2340, 0.0488, 0.4820, 0.2936, -1.0776, -1.1964],
};
