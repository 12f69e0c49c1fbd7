/**
 * Where rich text may link and show images from (decision 030's sanitiser and the console's rich-text editor):
 * http(s), mailto and tel addresses, fragments, and paths on this site: one `/` then anything
 * but another `/` or a `\` (browsers read `//host` and `/\host` as another site). Tabs and line
 * breaks, which browsers drop from a URL (so `/<tab>/host` would be `//host`), never reach the
 * server's check: its parser turns them into spaces and removes other control characters. The
 * editor refuses them outright.
 */
export const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?![\/\\])|#)/i;

export const LINK_RULE = "A link must start with https://, http://, mailto:, tel:, / (a page of this site) or #.";

/** The editor's check of a link typed by an admin: the sanitiser's rule, and nothing it would have to clean. */
export function isSafeLink(url: string) {
  // eslint-disable-next-line no-control-regex
  return url.length > 0 && url.length <= 2000 && !/[\u0000-\u0020\u007f]/.test(url) && SAFE_URL.test(url);
}
