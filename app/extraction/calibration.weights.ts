/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0283, 0.3682, 0.2278, 0.1850, -0.8233, -0.6446, 1.2765, -0.5019],
  authors: [1.4099, 0.2427, -0.2647, -0.3989, 0.2806, 0.9034, 0.2124, 0.4648, -0.5745],
};
