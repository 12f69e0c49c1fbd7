/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.9383, 0.4574, 0.1574, 0.1484, -0.7793, -0.0602, 1.3354, -0.4025],
  authors: [1.0277, 0.3387, -0.0878, -0.4106, 0.2605, 0.5708, 0.5190, 0.4769, -0.3298],
};
