/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0980, 0.3983, 0.1976, 0.1532, -0.7682, 0.0675, 1.2880, -0.3942],
  authors: [1.1325, 0.2973, -0.1114, -0.3876, 0.2403, 0.5079, 0.6692, 0.6157, -0.3223],
};
