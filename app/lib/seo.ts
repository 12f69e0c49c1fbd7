import type { MetaDescriptor } from "@remix-run/cloudflare";

type RootLike = { config: { siteName: string; siteUrl: string } } | undefined;

/**
 * Title, description, Open Graph and Twitter tags and the canonical link for one page.
 * `path` is the canonical path; absolute URLs come from the configured site URL.
 */
export function seo(
  root: RootLike,
  { title, description, path, image, type = "website" }: { title: string; description: string; path: string; image?: string | null; type?: "website" | "article" },
): MetaDescriptor[] {
  const siteName = root?.config.siteName ?? "";
  const base = (root?.config.siteUrl ?? "").replace(/\/$/, "");
  const url = `${base}${path}`;
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (image) {
    tags.push({ property: "og:image", content: `${base}${image}` }, { name: "twitter:image", content: `${base}${image}` });
  }
  return tags;
}

export function rootData(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): RootLike {
  return matches.find((m) => m?.id === "root")?.data as RootLike;
}

