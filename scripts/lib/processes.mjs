/**
 * The workerd processes a local stack runs and the memory they hold, read from /proc (Linux):
 * for the benchmark's and the tests' measures of a Worker's peak memory.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The workerd processes descending from `root`. */
export function workerdUnder(root) {
  const children = new Map();
  const names = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const found = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (names.get(child) === "workerd") found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The resident memory of the processes, in bytes (a process gone counts nothing). */
export function residentBytes(pids) {
  return pids.reduce((total, pid) => {
    try {
      return total + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return total;
    }
  }, 0);
}
