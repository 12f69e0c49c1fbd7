import { paypalSettings } from "~/features/api/payment-calls.server";
import { serve } from "~/server/api/call.server";

/** The payment dialog's and an API client's (decision 053; payment-calls.server.ts). */
const route = serve(paypalSettings);
export const loader = route.loader;
export const action = route.action;
