/**
 * Paying a conference registration (spec: author-area-and-admin-console.md section 7; decision
 * 053): PayPal's client configuration, the order and its capture. The signed-in browser's payment
 * dialog makes these calls with its cookie session and CSRF header; an API client makes the same
 * calls with its bearer token (`browser` in the call's spec: request-policy.server.ts classes a
 * bearer request to these paths as an API call). One contract and one handler serve both, with
 * the dialog's own functions: the amount and currency come from the conference, never the post.
 */
import { z } from "zod";
import { CURRENCIES, FEE_TYPES, REGISTRATION_STATUSES } from "~/db/enums";
import { RegistrationCaptureSchema, RegistrationOrderSchema } from "~/features/payments/fees";
import { paypalClientConfig } from "~/features/payments/paypal-config.server";
import { captureRegistrationOrder, createRegistrationOrder, REGISTRATION_MESSAGES } from "~/features/payments/registration.server";
import { defineCall } from "~/server/api/call.server";
import { unprocessable } from "~/server/errors.server";
import { paymentReturn } from "~/features/payments/payment-return.server";
import { RETURN_TEXTS } from "~/features/payments/payment-return-texts";
import { id, messageAnswer } from "./shapes";

const TAG = "Payments";
const CAPTURE_FAILED = "Failed to capture the payment";

export const paypalSettings = defineCall(
  {
    method: "GET",
    path: "/api/payment/config/paypal",
    tag: TAG,
    summary: "PayPal's client id, to load its checkout script with",
    description: "Without PayPal configured the answer has no clientId: payments are not available. On a local stack `sdkBaseUrl` names the checkout stand-in.",
    access: "public",
    answer: z.object({ clientId: z.string().optional(), sdkBaseUrl: z.string().optional() }),
    failure: "PayPal client ID not returned from server",
  },
  async ({ context }) => paypalClientConfig(context.env),
);

export const registrationOrder = defineCall(
  {
    method: "POST",
    path: "/api/registration/order",
    tag: TAG,
    summary: "Create the PayPal order for registering with an accepted paper",
    description:
      "For an author of the paper (submitter, corresponding author or co-author) once it is accepted and the conference takes registrations. " +
      "The amount is the conference's fee for `feeType` plus an accompanied person's, in its currency. The payer approves the order at PayPal " +
      "(the browser's checkout, or the order's approval link), then `POST /api/registration/capture` completes it. " +
      "The payment dialog of the pages makes this call too, with its session cookie and X-CSRF-Token header.",
    access: "user",
    browser: true,
    body: { kind: "json", schema: RegistrationOrderSchema },
    answer: z.object({
      registrationId: id,
      intentToken: z.string().describe("Lets the capture be completed by whoever holds it (the approval's return)"),
      orderId: z.string().describe("PayPal's order id"),
      approveUrl: z.string().describe("Where the payer approves the order at PayPal"),
    }),
    refusals: { 403: REGISTRATION_MESSAGES.notAccepted, 404: REGISTRATION_MESSAGES.notYours, 409: "Already registered, or registration is closed.", 422: "The chosen fee comes to nothing." },
    failure: REGISTRATION_MESSAGES.orderFailed,
  },
  async ({ context, user, body }) => {
    const order = await createRegistrationOrder(context, user, body);
    return { registrationId: order.registrationId, intentToken: order.intentToken, orderId: order.orderId, approveUrl: order.approveUrl };
  },
);

const registrationShape = z.object({
  id,
  status: z.enum(REGISTRATION_STATUSES),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  feeType: z.enum(FEE_TYPES),
  accompaniedPersons: z.number().int(),
  receiptNumber: z.string().nullable(),
  confirmedAt: z.number().nullable().describe("Milliseconds since 1970"),
  cancelReason: z.string().nullable(),
});

export const registrationCapture = defineCall(
  {
    method: "POST",
    path: "/api/registration/capture",
    tag: TAG,
    summary: "Complete a PayPal order the payer approved",
    description:
      "Answers `outcome: confirmed` (paid: the registration and its receipt), `pending` (PayPal is still completing it; the registration is confirmed when it does), " +
      "or `declined` with a reason (the payer must choose another way to pay). Only the registration's author, or the holder of its intentToken, may capture it.",
    access: "user",
    browser: true,
    body: { kind: "json", schema: RegistrationCaptureSchema },
    answer: z.union([
      z.object({ outcome: z.enum(["confirmed", "pending"]), registration: registrationShape, reason: z.string().optional() }),
      z.object({ outcome: z.literal("declined"), reason: z.string().optional() }),
    ]),
    refusals: { 404: REGISTRATION_MESSAGES.noSuchPayment, 422: "PayPal refused the capture." },
    failure: CAPTURE_FAILED,
  },
  async ({ context, user, body }) => {
    const result = await captureRegistrationOrder(context, user, body);
    if (result.outcome === "failed") throw unprocessable(result.message ?? CAPTURE_FAILED);
    if (result.outcome === "declined") return { outcome: "declined" as const, ...(result.message ? { reason: result.message } : {}) };
    return { outcome: result.outcome, registration: result.registration, ...(result.message ? { reason: result.message } : {}) };
  },
);

const returnQuery = z.object({
  registrationId: z.string().max(12).optional(),
  paymentId: z.string().max(64).optional().describe("The PayPal order's id (the spec's name)"),
  token: z.string().max(64).optional().describe("The PayPal order's id, as PayPal names it in its return address"),
  PayerID: z.string().max(64).optional(),
});

export const paymentReturnCall = defineCall(
  {
    method: "GET",
    path: "/api/registration/payment/success",
    tag: TAG,
    summary: "Capture an order the payer approved at PayPal (the redirect flow's return)",
    description:
      "With registrationId, the order's id (paymentId or token) and PayerID, the order is captured for the signed-in author, as the payment-success page does; " +
      "with only some of them the answer is the generic success text. A capture still pending at PayPal answers status `pending`.",
    access: "user",
    query: returnQuery,
    answer: z.object({ status: z.enum(["success", "pending"]), message: z.string(), registrationId: id.nullable() }),
    refusals: { 422: `${RETURN_TEXTS.errorPrefix}the reason` },
    failure: `${RETURN_TEXTS.errorPrefix}the payment could not be checked. Please try again later.`,
  },
  async ({ context, user, query }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ registrationId: query.registrationId, token: query.token ?? query.paymentId, PayerID: query.PayerID })) if (value) params.set(key, value);
    const result = await paymentReturn(context, user, params);
    if (result.tone === "error") throw unprocessable(result.text);
    return { status: result.tone, message: result.text, registrationId: result.registrationId };
  },
);

export const paymentCancelCall = defineCall(
  {
    method: "GET",
    path: "/api/registration/payment/cancel",
    tag: TAG,
    summary: "The payer cancelled at PayPal: nothing was charged",
    description: "The order simply lapses; the registration can be paid again later.",
    access: "public",
    query: z.object({ registrationId: z.string().max(12).optional(), token: z.string().max(64).optional() }),
    answer: messageAnswer,
    failure: RETURN_TEXTS.cancelled,
  },
  async () => ({ message: RETURN_TEXTS.cancelled }),
);

export const PAYMENT_CALLS = [paypalSettings, registrationOrder, registrationCapture, paymentReturnCall, paymentCancelCall] as const;
