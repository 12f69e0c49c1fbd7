/**
 * A console list's address with some parameters changed and the one-off `done` message dropped:
 * for paging, Refresh and Close, so the admin returns to the same search, filter and page.
 * `listHref` is a relative query for links on the list itself ("?" clears it); `listPath` is the
 * list's full path, for links and redirects from the records opened over it.
 */
export function listHref(search: string, changes: Record<string, string | null> = {}, done?: string) {
  const params = new URLSearchParams(search);
  params.delete("done");
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  if (done) params.set("done", done);
  const s = params.toString();
  return s ? `?${s}` : "?";
}

export function listPath(path: string, search: string, done?: string, changes: Record<string, string | null> = {}) {
  const query = listHref(search, changes, done);
  return query === "?" ? path : `${path}${query}`;
}
