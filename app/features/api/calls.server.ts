/**
 * Every call of the JSON API, in the order the reference lists them. The OpenAPI document and
 * the reference page are written from this list; each call's resource route serves it.
 */
import type { ApiCall } from "~/server/api/call.server";
import { AUTH_CALLS } from "./auth-calls.server";
import { PAPER_CALLS } from "./paper-calls.server";
import { PAYMENT_CALLS } from "./payment-calls.server";
import { PUBLIC_CALLS } from "./public-calls.server";

export const API_CALLS: readonly ApiCall[] = [...AUTH_CALLS, ...PUBLIC_CALLS, ...PAPER_CALLS, ...PAYMENT_CALLS] as unknown as readonly ApiCall[];

export const API_DESCRIPTION =
  "The society website's JSON API, for the society's other clients (a mobile app, the office's scripts, the journal's system). " +
  "It exposes what the pages can do, under the same rules: sign in with `POST /api/auth/login` and send the token it answers as " +
  "`Authorization: Bearer …`. Every refusal is JSON `{ message, fieldErrors? }` with a 4xx status. Cross-origin use only from configured origins.";
