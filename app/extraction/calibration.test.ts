import { describe, expect, it } from "vitest";
import { abstractEvidence, authorsEvidence, calibrated, splitInDoubt, titleEvidence } from "./calibration";
import { CALIBRATION } from "./calibration.weights";
import { readHeader } from "./header";
import { documentOf } from "./test-document";

describe("calibrated confidences", () => {
  // Weights of the shape the fitting writes, chosen here so the tests do not hang on a fit.
  const weights = { abstract: [0.4, 0.45, 0.3, 0, -0.9, -0.2, 1.7, -0.6], authors: [2, 0.1, -0.4, -0.1, 0.1, 0.9, 0.2, 0, -0.9, -0.8] };
  const whole = "We show that dealers with more capital quote tighter spreads on the bonds they hold. ".repeat(6).trim();

  it("gives a probability between 0 and 1, and the reader's own score where no weights fit the evidence", () => {
    const p = calibrated("abstract", abstractEvidence(0.95, whole, { labelled: true, column: false }), weights);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThanOrEqual(1);
    // A field without weights, or evidence of another shape than its weights: the score as read.
    expect(calibrated("title", titleEvidence(0.93, "Dealer Capital and Corporate Bond Spreads", { fromCover: false, lines: 1, repeated: true }), weights)).toBe(0.93);
    expect(calibrated("abstract", [0.93], weights)).toBe(0.93);
  });

  it("is less sure of an abstract that looks cut or run on than of one that reads whole", () => {
    const sure = calibrated("abstract", abstractEvidence(0.95, whole, { labelled: true, column: false }), weights);
    // Begun mid-sentence, ended mid-word, far too long: the marks of an abstract read into the introduction.
    const runOn = `of ${whole.repeat(6)} and the`;
    expect(calibrated("abstract", abstractEvidence(0.95, runOn, { labelled: false, column: false }), weights)).toBeLessThan(sure);
  });

  it("is less sure of a long author list read without e-mails than of a short one whose authors have theirs", () => {
    const short = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 2, unexplained: 0, splitDoubted: 0 }), weights);
    const long = calibrated("authors", authorsEvidence(new Array(12).fill(0.97), { fromCover: false, withEmail: 0, namedTwice: 0, unexplained: 0, splitDoubted: 0 }), weights);
    expect(long).toBeLessThan(short);
  });

  it("is less sure of a list whose names' lines print words no name took (a name the list may have dropped)", () => {
    const whole = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 0, unexplained: 0, splitDoubted: 0 }), weights);
    const left = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 0, unexplained: 2, splitDoubted: 0 }), weights);
    expect(left).toBeLessThan(whole);
  });

  it("doubts where a name of three words parts its given name from its family name, not where an initial or a particle says", () => {
    expect(splitInDoubt("Ryan", "Meek McGregor")).toBe(true);
    expect(splitInDoubt("Jing Cynthia", "Wu")).toBe(true);
    expect(splitInDoubt("Edward S.", "Knotek II")).toBe(false);
    expect(splitInDoubt("J.-P.", "Dufresne")).toBe(false);
    expect(splitInDoubt("Hugo", "van Putten")).toBe(false);
    expect(splitInDoubt("Ada", "Moss")).toBe(false);
    const plain = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 0, unexplained: 0, splitDoubted: 0 }), weights);
    const doubted = calibrated("authors", authorsEvidence([0.97, 0.97], { fromCover: false, withEmail: 2, namedTwice: 0, unexplained: 0, splitDoubted: 1 }), weights);
    expect(doubted).toBeLessThan(plain);
  });

  it("counts no word of a hyphenated name or a generation as a word no name took", () => {
    const read = (names: string) =>
      readHeader(
        documentOf([
          ["Dealer Capital and Corporate Bond Spreads", 18],
          [names, 12],
          ["Abstract", 11],
          ["We show that dealers with more capital quote tighter spreads on the bonds they hold, in every market we study.", 10],
        ]),
        undefined,
        { evidence: true },
      ).evidence!.authors!;
    // (The evidence's eighth: the words no name took.)
    expect(read("Jean-Pierre Dufresne and Edward S. Knotek II")[7]).toBe(0);
    expect(read("Jean-Pierre Dufresne and Maria Lopez-Garcia")[7]).toBe(0);
  });

  it("ships weights, where it ships any, of the shape each field's evidence has", () => {
    const shapes = {
      title: titleEvidence(0.9, "A title", { fromCover: false, lines: 1, repeated: false }).length,
      abstract: abstractEvidence(0.9, whole, { labelled: true, column: false }).length,
      authors: authorsEvidence([0.9], { fromCover: false, withEmail: 1, namedTwice: 1, unexplained: 0, splitDoubted: 0 }).length,
    };
    for (const [field, w] of Object.entries(CALIBRATION)) expect([field, w.length]).toEqual([field, shapes[field as keyof typeof shapes] + 1]);
  });
});
