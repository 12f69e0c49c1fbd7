import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registrationOrderValidator } from "~/features/payments/fees";
import { createRegistrationOrder } from "~/features/payments/registration.server";
import { requireUser } from "~/server/auth/guards.server";
import { acts } from "~/server/answers.server";
import { validateInput } from "~/server/forms.server";

/**
 * POST /api/registration/order (spec section 7) from the payment dialog: a signed-in browser's
 * JSON post (a page-class resource route, CSRF token in the X-CSRF-Token header; decision 053).
 * Answers `{ registrationId, intentToken, orderId }`; a refusal is `{ message }` with its status.
 */
export const action = acts("Failed to create order", async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  const { data } = await validateInput(request, registrationOrderValidator);
  const order = await createRegistrationOrder(context, user, data);
  return Response.json({ registrationId: order.registrationId, intentToken: order.intentToken, orderId: order.orderId }, { headers: { "Cache-Control": "no-store" } });
});
