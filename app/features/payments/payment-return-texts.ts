/** The spec's words for the payment return pages (public-site-and-accounts.md section 8). */
export const RETURN_TEXTS = {
  success: "Payment completed successfully!",
  errorPrefix: "Payment processing error: ",
  cancelled: "Payment was cancelled.",
} as const;
