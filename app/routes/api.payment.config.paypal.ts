import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { paypalClientConfig } from "~/features/payments/paypal-config.server";
import { loads } from "~/server/answers.server";

/**
 * GET /api/payment/config/paypal (spec section 7): what the dialog loads PayPal's JS SDK with —
 * the client id (public by PayPal's design), and on a local stack the stand-in's address as
 * `sdkBaseUrl`. Without PayPal configured the answer has no client id and the dialog says 'PayPal
 * client ID not returned from server'. A page-class resource route (decision 053): no bearer token.
 */
export const loader = loads("PayPal client ID not returned from server", async ({ context }: LoaderFunctionArgs) => {
  return Response.json(paypalClientConfig(context.env), { headers: { "Cache-Control": "no-store" } });
});
