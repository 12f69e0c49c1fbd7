/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0190, 0.3702, 0.2344, 0.1859, -0.8235, -0.6454, 1.2759, -0.5017],
  authors: [1.4641, 0.2370, -0.2244, -0.3964, 0.2989, 0.9103, 0.2052, 0.4424, -0.9233],
};
