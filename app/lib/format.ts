import type { FeeType } from "~/db/enums";

/** File size in KB to one decimal, as the spec shows it. */
export function formatKb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Plain text from HTML, for descriptions and meta tags. */
export function htmlToText(html: string, maxLength = 0) {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (!maxLength || text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  // Cut at a word's end, and without the punctuation the cut left there: "markets…", never "markets….…".
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), maxLength * 0.6)).replace(/[\s.,;:!?…\-–—]+$/u, "")}…`;
}

/** A research area as the console and the mails name it: "I. Corporate Finance: Capital Structure". */
export const researchAreaLabel = (a: { category: string; topic: string }) => `${a.category}: ${a.topic}`;

/** An amount in minor units as receipts, letters and the console show it: "EUR 550.00". */
export const formatMoney = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** A registration fee type as the dialog, the receipt and the office name it. */
export const FEE_TYPE_LABELS: Record<FeeType, string> = { standard: "Standard", student: "Student" };
