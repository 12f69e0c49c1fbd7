/** Fitted by `npm run calibrate:extraction` on the development halves; do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.5253, 0.4980, 0.3035, 0.0370, -0.8869, -0.4966, 1.4900, -0.6931],
};
