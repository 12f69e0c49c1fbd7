import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receivePayPalWebhook } from "~/features/payments/webhook.server";
import { acts } from "~/server/answers.server";
import { readInput } from "~/server/forms.server";

/**
 * POST /api/paypal/webhook: PayPal's events (the webhook class: no cookies, no CSRF; the
 * signature is verified with PayPal before anything is done). 200 once handled or already seen.
 */
export const action = acts("The event could not be handled.", async ({ request, context }: ActionFunctionArgs) => {
  const { data } = await readInput(request);
  const done = await receivePayPalWebhook(context, request.headers, data as Record<string, unknown>);
  return Response.json({ done }, { headers: { "Cache-Control": "no-store" } });
});
