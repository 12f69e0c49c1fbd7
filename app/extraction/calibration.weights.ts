/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9501, 0.3561, 0.3705, 0.0848, -0.7311, -0.0495, 1.4008, -0.3013],
  authors: [1.7312, 0.3498, -0.1840, -0.4115, 0.2376, -0.0339, 0.5928, 0.3497, -1.0420, -1.0900],
};
