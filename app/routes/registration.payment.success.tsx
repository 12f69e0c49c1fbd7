import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentReturnPage } from "~/features/payments/payment-return";
import { paymentReturn } from "~/features/payments/payment-return.server";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Payment");

/**
 * Where PayPal returns the payer after approving (`?registrationId=…&paymentId=…&token=ORDER&PayerID=…`):
 * the order is captured here, for the signed-in author (anyone else signs in first and comes back).
 */
export const loader = loads("Payment processing error: the payment could not be checked. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  return paymentReturn(context, user, new URL(request.url).searchParams);
});

export default function PaymentSuccessRoute() {
  const result = useLoaderData<typeof loader>();
  return <PaymentReturnPage tone={result.tone} text={result.text} />;
}
