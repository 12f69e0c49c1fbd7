/** Fitted by `npm run calibrate:extraction` (scripts/eval-extraction.mjs says on which halves); do not edit by hand. */
export const CALIBRATION: Record<string, number[]> = {
  abstract: [1.0293, 0.3671, 0.2717, 0.1684, -0.7184, 0.0629, 1.3439, -0.3713],
  authors: [1.3159, 0.2409, -0.1201, -0.3538, 0.2949, 0.3783, 0.4511, 0.4416, -0.6540],
};
