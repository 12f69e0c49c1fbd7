/**
 * Every call of the JSON API, in the order the reference lists them. The OpenAPI document and
 * the reference page are written from this list; each call's resource route serves it.
 */
import type { ApiCall } from "~/server/api/call.server";
import { openApiDocument } from "~/server/api/openapi.server";
import { ADMIN_CONFERENCE_CALLS } from "./admin-conference-calls.server";
import { ADMIN_NEWS_CALLS } from "./admin-news-calls.server";
import { ADMIN_PAPER_CALLS } from "./admin-paper-calls.server";
import { ADMIN_USER_CALLS } from "./admin-user-calls.server";
import { AUTH_CALLS } from "./auth-calls.server";
import { BOARD_CALLS } from "./board-calls.server";
import { API_DESCRIPTION } from "./description";
import { PAPER_CALLS } from "./paper-calls.server";
import { PAYMENT_CALLS } from "./payment-calls.server";
import { PUBLIC_CALLS } from "./public-calls.server";

export const API_CALLS: readonly ApiCall[] = [
  ...AUTH_CALLS,
  ...PUBLIC_CALLS,
  ...PAPER_CALLS,
  ...PAYMENT_CALLS,
  ...ADMIN_USER_CALLS,
  ...ADMIN_CONFERENCE_CALLS,
  ...ADMIN_NEWS_CALLS,
  ...ADMIN_PAPER_CALLS,
  ...BOARD_CALLS,
] as unknown as readonly ApiCall[];

let document: ReturnType<typeof openApiDocument> | null = null;

/** The OpenAPI document of every call, written once per isolate (`/api/openapi.json`, `/api-reference`). */
export function apiDocument(env: { SITE_NAME: string; SITE_URL: string }) {
  document ??= openApiDocument(API_CALLS, { title: `${env.SITE_NAME} API`, version: "1.0.0", description: API_DESCRIPTION, serverUrl: new URL(env.SITE_URL).origin });
  return document;
}
