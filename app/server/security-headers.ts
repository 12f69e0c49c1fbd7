/**
 * Strict headers for every response the Worker produces. Scripts and injected <style> elements
 * need the per-request nonce; style attributes stay allowed because Radix positions with them.
 * `payments` adds the payment provider's origins (`paymentOrigins`) for the pages that show its
 * buttons (`showsPaymentButtons`), and only there.
 */
export function contentSecurityPolicy(nonce: string, { dev = false, payments = [] as readonly string[] } = {}) {
  const extra = payments.length ? ` ${payments.join(" ")}` : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}${dev ? " 'unsafe-inline' 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'${extra}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}${dev ? " ws: wss:" : ""}`,
    payments.length ? `frame-src${extra}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // A form's post that the server answers with a redirect to PayPal's approval page (the
    // dialog without JavaScript) is held to form-action too.
    `form-action 'self'${extra}`,
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
  if (!dev) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * PayPal's origins as its JS SDK documentation lists them for a Content-Security-Policy (the SDK,
 * its button frames, its images and calls), plus the local stand-in's origin when the site loads
 * the SDK from one (a local stack: PAYPAL_SDK_URL).
 */
export const PAYPAL_ORIGINS = ["https://*.paypal.com", "https://*.paypalobjects.com"] as const;

export function paymentOrigins(sdkUrl: string | undefined): readonly string[] {
  return sdkUrl ? [...PAYPAL_ORIGINS, new URL(sdkUrl).origin] : PAYPAL_ORIGINS;
}

/** The pages that show PayPal's buttons: My Submissions (the dashboard) and its payment dialog. */
const PAYMENT_PAGES = [/^\/dashboard\/?$/, /^\/dashboard\/submissions\/\d+\/register\/?$/];

export const showsPaymentButtons = (pathname: string) => PAYMENT_PAGES.some((p) => p.test(pathname));

export function applySecurityHeaders(headers: Headers, { https }: { https: boolean }) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()",
  );
  if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
