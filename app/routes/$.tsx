import { data, type MetaFunction } from "@remix-run/cloudflare";
import { rootData } from "~/lib/seo";

/** Every unknown path: a real 404 rendered by the root error boundary. */
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Page Not Found | ${rootData(matches)?.config.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
