/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0031, 0.4187, 0.1553, 0.1468, -0.7723, -0.0609, 1.3392, -0.4000],
  authors: [1.0871, 0.3475, -0.1075, -0.4090, 0.2951, 0.5621, 0.5115, 0.4957, -0.3180],
};
