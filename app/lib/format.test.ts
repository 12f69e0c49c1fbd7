import { describe, expect, it } from "vitest";
import { htmlToText } from "./format";

describe("an excerpt of rich text", () => {
  it("ends with one ellipsis at a word's end, without the punctuation the cut left there", () => {
    const html = "<p>Markets moved… Then they moved again. And once more, as before, at length and in detail.</p>";
    const excerpt = htmlToText(html, 40);
    expect(excerpt).toBe("Markets moved… Then they moved again…");
    expect(htmlToText("<p>Liquidity dried up.... Prices fell sharply afterwards.</p>", 24)).toBe("Liquidity dried up…");
  });

  it("leaves a text that fits as it is", () => {
    expect(htmlToText("<p>Short &amp; sweet.</p>", 40)).toBe("Short & sweet.");
  });
});
