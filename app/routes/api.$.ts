import { apiError } from "~/server/api/guard.server";

/** Any address under /api that names no call: a JSON 404, never the site's HTML page. */
export function loader() {
  return apiError(404, "There is no such API call.");
}

export function action() {
  return apiError(404, "There is no such API call.");
}
