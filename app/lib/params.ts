/** A record id from the URL: a positive integer of sane size, or null (which pages answer with 404). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** A console record's id from the URL, or null for "new"; anything else is a 404 saying `notFound`. */
export function recordParam(raw: string | undefined, notFound: string): number | null {
  if (raw === "new") return null;
  const id = parseId(raw);
  if (id === null) throw new Response(notFound, { status: 404 });
  return id;
}

/** Several ids from the URL at once (a record and one of its files); any missing one is a 404. */
export function requireIds<K extends string>(params: Partial<Record<K, string>>, keys: readonly K[], notFound: string): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of keys) {
    const id = parseId(params[k]);
    if (id === null) throw new Response(notFound, { status: 404 });
    out[k] = id;
  }
  return out;
}

/** What a posted or stored value says about a checkbox: ticked when true, "on" or "true". */
export const isTicked = (value: unknown) => value === true || value === "on" || value === "true";
