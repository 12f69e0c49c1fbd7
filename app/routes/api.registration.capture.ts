import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registrationCaptureValidator } from "~/features/payments/fees";
import { captureRegistrationOrder } from "~/features/payments/registration.server";
import { requireUser } from "~/server/auth/guards.server";
import { acts } from "~/server/answers.server";
import { unprocessable } from "~/server/errors.server";
import { validateInput } from "~/server/forms.server";

/**
 * POST /api/registration/capture (spec section 7) after PayPal's approval in the dialog. Answers
 * `{ outcome: "confirmed" | "pending", registration }`, or `{ outcome: "declined", reason }` when
 * the payer must choose another way to pay (the dialog restarts PayPal's buttons); any other
 * failure is a refusal whose `message` the dialog shows.
 */
export const action = acts("Failed to capture the payment", async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { data } = await validateInput(request, registrationCaptureValidator);
  const result = await captureRegistrationOrder(context, user, data);
  if (result.outcome === "failed") throw unprocessable(result.message ?? "Failed to capture the payment");
  const body = result.outcome === "declined" ? { outcome: result.outcome, reason: result.message } : { outcome: result.outcome, registration: result.registration, ...(result.message ? { reason: result.message } : {}) };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
});
