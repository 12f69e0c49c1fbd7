import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/api.server";

/** Who the bearer token belongs to: the JSON API's first call, and a token's self-check. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context, request);
  return Response.json(
    { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
    { headers: { "Cache-Control": "no-store" } },
  );
}
