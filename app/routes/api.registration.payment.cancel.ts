import { paymentCancelCall } from "~/features/api/payment-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(paymentCancelCall);
export const loader = route.loader;
export const action = route.action;
