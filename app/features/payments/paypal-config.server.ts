import type { AppEnv } from "~/server/env.server";
import { paypalConfig } from "~/server/paypal.server";

/** What the browser gets to load PayPal's JS SDK: the client id and, on a local stack, the SDK stand-in's address. */
export function paypalClientConfig(env: AppEnv): { clientId?: string; sdkBaseUrl?: string } {
  const config = paypalConfig(env);
  if (!config) return {};
  return { clientId: config.clientId, ...(env.PAYPAL_SDK_URL ? { sdkBaseUrl: env.PAYPAL_SDK_URL } : {}) };
}
