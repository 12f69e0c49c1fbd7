import type { MetaFunction } from "@remix-run/cloudflare";
import { PaymentReturnPage } from "~/features/payments/payment-return";
import { RETURN_TEXTS } from "~/features/payments/payment-return-texts";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Payment cancelled");

/** Where PayPal returns a payer who cancelled (`?registrationId=…&token=…`): nothing was charged; the order simply lapses. */
export default function PaymentCancelRoute() {
  return <PaymentReturnPage tone="cancelled" text={RETURN_TEXTS.cancelled} />;
}
