/**
 * Counts D1 round trips (each `first`/`all`/`run`/`raw`, each `batch`, each `exec`) so every
 * response can say how many it took (`Server-Timing`), and the benchmark can hold pages to one.
 * Also sums the rows D1 reports reading, where its answer carries them (`all`, `run`, `batch`).
 */
export function countingD1(d1: D1Database) {
  // The request's other counted work (argon2 runs) rides along, for the same Server-Timing header.
  const counter = { roundTrips: 0, rowsRead: 0, passwordHashes: 0 };
  const addRows = <T>(result: T): T => {
    for (const r of Array.isArray(result) ? result : [result]) {
      const read = (r as { meta?: { rows_read?: number } } | null)?.meta?.rows_read;
      if (typeof read === "number") counter.rowsRead += read;
    }
    return result;
  };
  const originals = new WeakMap<object, D1PreparedStatement>();
  const passThrough = (target: object, prop: PropertyKey) => {
    const value = Reflect.get(target, prop, target);
    return typeof value === "function" ? value.bind(target) : value;
  };

  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          const method = Reflect.get(target, prop, target) as (...a: unknown[]) => unknown;
          return (...args: unknown[]) => {
            counter.roundTrips++;
            const out = method.apply(target, args);
            return prop === "all" || prop === "run" ? (out as Promise<unknown>).then(addRows) : out;
          };
        }
        return passThrough(target, prop);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };

  const db = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.roundTrips++;
          // workerd only accepts its own statement objects in a batch.
          return target.batch(statements.map((s) => originals.get(s) ?? s)).then(addRows);
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          counter.roundTrips++;
          return target.exec(query);
        };
      }
      return passThrough(target, prop);
    },
  });
  return { db, counter };
}
