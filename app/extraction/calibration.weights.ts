/** Fitted by `npm run calibrate:extraction` on the development halves; do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.5243, 0.4992, 0.3035, 0.0370, -0.8869, -0.4965, 1.4899, -0.6931],
};
