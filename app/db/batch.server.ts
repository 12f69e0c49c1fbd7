/**
 * D1's limits on one statement: at most 100 bound parameters. A write that grows with a list (a
 * paper's authors, a bulk update, seeding) is split here into statements D1 accepts, to run in
 * one batch (one transaction: all or nothing).
 */

export const D1_MAX_BOUND_PARAMETERS = 100;

type Statement = { toSQL(): { params: unknown[] } };

/**
 * The rows as as few statements as D1 accepts: `build` makes one statement (an insert of its
 * rows, an update of their ids) and each statement binds at most 100 parameters. A row's share
 * is measured by building it alone, so subqueries and defaults count as they are.
 */
export function statementsFor<R, S extends Statement>(rows: readonly R[], build: (chunk: R[]) => S, maxParams = D1_MAX_BOUND_PARAMETERS): S[] {
  const out: S[] = [];
  let chunk: R[] = [];
  let params = 0;
  for (const row of rows) {
    const own = build([row]).toSQL().params.length;
    if (own > maxParams) throw new RangeError(`One row binds ${own} parameters, more than D1's ${maxParams}.`);
    if (chunk.length && params + own > maxParams) {
      out.push(build(chunk));
      chunk = [];
      params = 0;
    }
    chunk.push(row);
    params += own;
  }
  if (chunk.length) out.push(build(chunk));
  return out;
}

/** A list cut into pieces of at most `size` (the ids of an `in (…)`, keys for R2's delete). */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
