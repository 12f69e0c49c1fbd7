import { afterEach, beforeEach } from "vitest";

/**
 * An unexpected `console.error` fails the test that caused it: the Worker logs an error only when
 * something went wrong that nobody answered for, and a test that passes while the Worker logs one
 * hides a fault. The Worker runs in the same isolate as the tests (SELF), so its logs come here
 * too. A test that provokes an error on purpose says which with `expectConsoleError(pattern)`;
 * the pattern must then match a logged error, and every logged error must match a pattern.
 */
const original = console.error.bind(console);
let logged: string[] = [];
let expected: RegExp[] = [];

function describeArgs(args: unknown[]) {
  return args
    .map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === "string" ? a : (() => {
      try {
        return JSON.stringify(a);
      } catch {
        return String(a);
      }
    })()))
    .join(" ");
}

beforeEach(() => {
  logged = [];
  expected = [];
  console.error = (...args: unknown[]) => {
    logged.push(describeArgs(args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const unexpected = logged.filter((line) => !expected.some((p) => p.test(line)));
  const unseen = expected.filter((p) => !logged.some((line) => p.test(line)));
  logged = [];
  expected = [];
  if (unexpected.length) throw new Error(`console.error was called and the test did not expect it (expectConsoleError):\n${unexpected.join("\n")}`);
  if (unseen.length) throw new Error(`the test expected a console.error matching ${unseen.join(", ")}, and none was logged`);
});

/** This test provokes an error the Worker logs, matching `pattern`: it must be logged, and it does not fail the test. */
export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}
