import { describe, expect, it } from "vitest";
import { abstractEvidence, authorsEvidence, calibrated, titleEvidence } from "./calibration";

describe("calibrated confidences", () => {
  it("gives a probability between 0 and 1, and the reader's own score where no weights fit the evidence", () => {
    const abstract = calibrated("abstract", abstractEvidence(0.95, "We show that dealers with more capital quote tighter spreads. ".repeat(8).trim(), { labelled: true, column: false }));
    expect(abstract).toBeGreaterThan(0);
    expect(abstract).toBeLessThanOrEqual(1);
    // Evidence of another shape than the weights were fitted on (or a field without weights): the score as read.
    expect(calibrated("abstract", [0.93])).toBe(0.93);
    expect(titleEvidence(0.93, "Dealer Capital and Corporate Bond Spreads", { fromCover: false, lines: 1, repeated: true })[0]).toBe(0.93);
  });

  it("is less sure of an abstract that looks cut or run on than of one that reads whole", () => {
    const whole = "We show that dealers with more capital quote tighter spreads on the bonds they hold. ".repeat(6).trim();
    const sure = calibrated("abstract", abstractEvidence(0.95, whole, { labelled: true, column: false }));
    // Begun mid-sentence, ended mid-word, far too long: the marks of an abstract read into the introduction.
    const runOn = `of ${whole.repeat(6)} and the`;
    expect(calibrated("abstract", abstractEvidence(0.95, runOn, { labelled: false, column: false }))).toBeLessThan(sure);
  });

  it("is less sure of a long author list read without e-mails than of a short one whose authors have theirs", () => {
    const short = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 2 }));
    const long = calibrated("authors", authorsEvidence(new Array(12).fill(0.97), { fromCover: false, withEmail: 0, namedTwice: 0 }));
    expect(long).toBeLessThan(short);
  });
});
