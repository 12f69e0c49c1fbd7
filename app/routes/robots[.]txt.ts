import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loads } from "~/server/answers.server";

export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  const base = context.env.SITE_URL.replace(/\/$/, "");
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /dashboard", "Disallow: /profile", "Disallow: /api/", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
});
