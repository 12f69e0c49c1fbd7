/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.1153, 0.3890, 0.2014, 0.1633, -0.7647, 0.0661, 1.2874, -0.3917],
  authors: [1.1995, 0.2756, -0.1201, -0.3802, 0.2522, 0.4704, 0.5542, 0.5898, -0.5515],
};
