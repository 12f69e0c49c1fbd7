import { data } from "@remix-run/cloudflare";

/** Every unknown path: a real 404 rendered by the root error boundary. */
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
