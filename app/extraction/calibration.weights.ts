/** Fitted by `npm run calibrate:extraction` on the development halves; do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.4039, 0.4534, 0.2963, 0.0364, -0.8597, -0.1738, 1.6659, -0.6161],
  authors: [2.0788, 0.1053, -0.4394, -0.0951, 0.1137, 0.9465, 0.2312, 0.0331],
};
