/**
 * PayPal's webhook (decision 053): each delivery is verified with PayPal's verify-webhook-signature
 * call for this site's webhook id before anything is read from it, then applied once by event id.
 * A delivery that does not verify is refused 403 and changes nothing; PayPal unreachable is a
 * fault (503), and PayPal delivers the event again later.
 */
import { applyPayPalEvent, type PayPalEvent } from "~/models/registrations.server";
import { AppError, forbidden, invalid } from "~/server/errors.server";
import { paypalConfig, verifyWebhook } from "~/server/paypal.server";
import type { Services } from "~/server/services.server";

export const WEBHOOK_MESSAGES = {
  notConfigured: "PayPal is not configured.",
  notVerified: "The event's signature did not verify.",
  notAnEvent: "Not a PayPal event.",
} as const;

export async function receivePayPalWebhook(ctx: Pick<Services, "db" | "queues" | "waitUntil" | "env">, headers: Headers, event: Record<string, unknown>) {
  const config = paypalConfig(ctx.env);
  if (!config) throw new AppError("unavailable", WEBHOOK_MESSAGES.notConfigured, { retryAfter: 600 });
  if (typeof event.id !== "string" || typeof event.event_type !== "string") throw invalid(WEBHOOK_MESSAGES.notAnEvent);
  if (!(await verifyWebhook(config, headers, event))) throw forbidden(WEBHOOK_MESSAGES.notVerified);
  return applyPayPalEvent(ctx, config, event as unknown as PayPalEvent);
}
