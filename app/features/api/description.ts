/** What the JSON API is for and how to use it: the OpenAPI document's description and the reference page's introduction. */
export const API_DESCRIPTION =
  "The society website's JSON API, for the society's other clients (a mobile app, the office's scripts, the journal's system). " +
  "It exposes what the pages can do, under the same rules: sign in with `POST /api/auth/login` and send the token it answers in the " +
  "`Authorization` header, as `Bearer <token>`. Every refusal is JSON `{ message, fieldErrors? }` with a 4xx status. Cross-origin use only from configured origins.";
