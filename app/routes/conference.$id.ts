import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { loads } from "~/server/answers.server";

/** The old singular form answers 301 to the canonical /conferences/{id}. */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ params, request }: LoaderFunctionArgs) => {
  const { search } = new URL(request.url);
  return redirect(`/conferences/${encodeURIComponent(params.id ?? "")}${search}`, 301);
});
