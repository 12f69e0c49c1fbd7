import { registrationCapture } from "~/features/api/payment-calls.server";
import { serve } from "~/server/api/call.server";

/** The payment dialog's (cookie session, CSRF header) and an API client's (bearer token): payment-calls.server.ts. */
const route = serve(registrationCapture);
export const loader = route.loader;
export const action = route.action;
