import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A route's `headers` export that lets chosen headers of its action's answer through to the
 * document (Remix otherwise keeps only the loader's): Retry-After on a 429, Refresh after a reset.
 */
export function passActionHeaders(...names: string[]): HeadersFunction {
  return ({ actionHeaders }) => {
    const out = new Headers();
    for (const name of names) {
      const value = actionHeaders.get(name);
      if (value) out.set(name, value);
    }
    return out;
  };
}
