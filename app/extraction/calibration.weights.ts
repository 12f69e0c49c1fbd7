/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9208, 0.3644, 0.3672, 0.0907, -0.7379, -0.0493, 1.4044, -0.3049],
  authors: [1.3106, 0.3325, -0.2200, -0.4154, 0.2877, 0.0950, 0.6455, 0.5380, -1.0445],
};
