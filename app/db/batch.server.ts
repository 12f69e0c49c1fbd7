/**
 * D1's limits on what one batch may carry, and the one way to fit a write that grows with a list
 * (a paper's authors, a bulk status update, claims, seeding) within them: the rows become
 * statements that each bind at most 100 parameters and stay under 100 KB of SQL
 * (`statementsFor`); the statements run as one batch, one transaction, all or nothing, or, where
 * a caller allows it, as consecutive batches of at most `D1_MAX_BATCH_STATEMENTS` (`runBatches`).
 */

/** D1 refuses a statement that binds more parameters than this. */
export const D1_MAX_BOUND_PARAMETERS = 100;
/** D1 refuses a statement whose SQL text is longer than this (bytes). */
export const D1_MAX_STATEMENT_BYTES = 100_000;
/**
 * The most statements this project puts in one batch. D1 allows 1,000 queries per Worker
 * invocation (Workers Paid) and does not document how a batch's statements count toward it; a
 * batch of this size leaves the invocation room for its other queries either way.
 */
export const D1_MAX_BATCH_STATEMENTS = 500;

type Statement = { toSQL(): { sql: string; params: unknown[] } };
type Limits = { maxParams?: number; maxBytes?: number };

const bytesOf = (sql: string) => new TextEncoder().encode(sql).byteLength;

/**
 * The rows as as few statements as D1 accepts: `build` makes one statement of some rows (an
 * insert of them, an update of their ids) and each statement binds at most 100 parameters and
 * is at most 100 KB long. What a row adds is measured by building it once and twice, so the
 * statement's own parameters (a status, a stamp), subqueries and defaults count as they are; a
 * statement too long is cut in two.
 */
export function statementsFor<R, S extends Statement>(rows: readonly R[], build: (chunk: R[]) => S, limits: Limits = {}): S[] {
  const maxParams = limits.maxParams ?? D1_MAX_BOUND_PARAMETERS;
  const maxBytes = limits.maxBytes ?? D1_MAX_STATEMENT_BYTES;
  const out: S[] = [];
  const emit = (chunk: R[]) => {
    const statement = build(chunk);
    if (bytesOf(statement.toSQL().sql) <= maxBytes) return void out.push(statement);
    if (chunk.length === 1) throw new RangeError(`One row makes a statement longer than D1's ${maxBytes} bytes.`);
    const half = Math.ceil(chunk.length / 2);
    emit(chunk.slice(0, half));
    emit(chunk.slice(half));
  };
  let chunk: R[] = [];
  let shared = 0;
  let params = 0;
  for (const row of rows) {
    const alone = build([row]).toSQL().params.length;
    if (alone > maxParams) throw new RangeError(`One row binds ${alone} parameters, more than D1's ${maxParams}.`);
    const own = build([row, row]).toSQL().params.length - alone;
    const base = alone - own;
    if (chunk.length && Math.max(shared, base) + params + own > maxParams) {
      emit(chunk);
      chunk = [];
      params = 0;
      shared = 0;
    }
    chunk.push(row);
    params += own;
    shared = Math.max(shared, base);
  }
  if (chunk.length) emit(chunk);
  return out;
}

/**
 * Runs statements in order. Those that fit in one batch run as one transaction (all or nothing);
 * more than `maxStatements` are refused unless `atomic` is false, when they run as consecutive
 * batches, each all or nothing on its own (seeding, where a rerun completes what is missing).
 * Returns every statement's result in order.
 */
export async function runBatches<S, R>(
  db: { batch(statements: [S, ...S[]]): Promise<R[]> },
  statements: readonly S[],
  { atomic = true, maxStatements = D1_MAX_BATCH_STATEMENTS }: { atomic?: boolean; maxStatements?: number } = {},
): Promise<R[]> {
  if (statements.length === 0) return [];
  if (atomic && statements.length > maxStatements) throw new RangeError(`${statements.length} statements are more than one D1 batch of ${maxStatements} may carry.`);
  const results: R[] = [];
  for (const batch of chunksOf(statements, maxStatements)) results.push(...(await db.batch(batch as [S, ...S[]])));
  return results;
}

/** A list cut into pieces of at most `size` (the ids of an `in (…)`, keys for R2's delete). */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
