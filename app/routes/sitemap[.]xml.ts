import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conferencesForSitemapQuery } from "~/features/conferences/conference.server";
import { publishedNewsForSitemapQuery } from "~/features/news/news.server";
import { loads } from "~/server/answers.server";

const STATIC_PATHS = ["/", "/society", "/society/board", "/membership", "/journal", "/conferences", "/news", "/login", "/register", "/api-reference"];
const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  const { db } = context;
  const base = context.env.SITE_URL.replace(/\/$/, "");
  const [confs, newsItems] = await db.batch([
    conferencesForSitemapQuery({ db }),
    publishedNewsForSitemapQuery({ db }),
  ]);
  const urls = [
    ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}`, lastmod: null as string | null })),
    ...confs.map((c) => ({ loc: `${base}/conferences/${c.id}`, lastmod: c.updatedAt.toISOString().slice(0, 10) })),
    ...newsItems.map((n) => ({ loc: `${base}/news/${n.id}`, lastmod: new Date(n.shownAt).toISOString().slice(0, 10) })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
});
