import { paymentReturnCall } from "~/features/api/payment-calls.server";
import { serve } from "~/server/api/call.server";

const route = serve(paymentReturnCall);
export const loader = route.loader;
export const action = route.action;
