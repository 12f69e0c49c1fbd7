/**
 * The pages PayPal sends the payer back to in the redirect flow (public-site-and-accounts.md
 * sections 2 and 8). The success page captures the approved order (`?token=` is PayPal's order
 * id) for its signed-in author; a refusal or a failed capture reads 'Payment processing error: …';
 * with only some of the parameters it shows the generic success text.
 */
import type { SessionUser } from "~/server/auth/session.server";
import { AppError } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { RETURN_TEXTS } from "./payment-return-texts";
import { captureRegistrationOrder, PAYMENT_MESSAGES } from "./registration.server";


export type PaymentReturn = { tone: "success" | "pending" | "error"; text: string; registrationId: number | null };

const ORDER_ID = /^[A-Z0-9]{1,36}$/;

/** What the success page says after capturing the order its address names. */
export async function paymentReturn(ctx: Pick<Services, "db" | "queues" | "waitUntil" | "env">, user: Pick<SessionUser, "id">, params: URLSearchParams): Promise<PaymentReturn> {
  const registrationId = Number(params.get("registrationId"));
  const orderId = params.get("token") ?? "";
  const known = Number.isInteger(registrationId) && registrationId > 0 ? registrationId : null;
  if (!known || !ORDER_ID.test(orderId) || !params.get("PayerID")) return { tone: "success", text: RETURN_TEXTS.success, registrationId: known };
  try {
    const result = await captureRegistrationOrder(ctx, user, { orderId, registrationId: known, payerId: params.get("PayerID") ?? undefined });
    if (result.outcome === "confirmed") return { tone: "success", text: RETURN_TEXTS.success, registrationId: known };
    if (result.outcome === "pending") return { tone: "pending", text: result.message ?? PAYMENT_MESSAGES.pending, registrationId: known };
    return { tone: "error", text: `${RETURN_TEXTS.errorPrefix}${result.message ?? PAYMENT_MESSAGES.unreachable}`, registrationId: known };
  } catch (error) {
    // A refusal (not this author's order, payments unavailable) is said on the page; a fault is not caught.
    if (error instanceof AppError) return { tone: "error", text: `${RETURN_TEXTS.errorPrefix}${error.message}`, registrationId: known };
    throw error;
  }
}
