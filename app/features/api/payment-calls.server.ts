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
import { id } from "./shapes";

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

export const PAYMENT_CALLS = [paypalSettings, registrationOrder, registrationCapture] as const;
