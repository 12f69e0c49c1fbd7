import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

/** The old singular form answers 301 to the canonical /conferences/{id}. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/conferences/${encodeURIComponent(params.id ?? "")}${search}`, 301);
}
