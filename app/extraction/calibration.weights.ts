/** Fitted by `npm run calibrate:extraction` on the development halves; do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [0.5375, 0.5079, 0.2693, 0.0368, -0.8946, -0.3851, 1.5122, -0.5960],
};
