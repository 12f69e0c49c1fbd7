import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loads } from "~/server/answers.server";
import { requireApiUser } from "~/server/api.server";

/** Who the bearer token belongs to: the JSON API's first call, and a token's self-check. */
export const loader = loads("The account could not be read. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(context, request);
  return Response.json(
    { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
    { headers: { "Cache-Control": "no-store" } },
  );
});
