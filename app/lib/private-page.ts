import type { MetaDescriptor } from "@remix-run/cloudflare";

type RootLike = { config: { siteName: string } } | undefined;

/** Account and console pages: a title, and kept out of search engines. */
export function privatePage(root: RootLike, title: string): MetaDescriptor[] {
  const siteName = root?.config.siteName ?? "";
  return [{ title: siteName ? `${title} | ${siteName}` : title }, { name: "robots", content: "noindex" }];
}
