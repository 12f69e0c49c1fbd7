/**
 * `npm test`: every test. Builds the site (the Worker tests run the built bundle), type-checks,
 * runs the integration and unit tests inside workerd, then the end-to-end tests in Chromium.
 * Ends with one line, "N passed, N failed", over all of them.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build, CHROMIUM_PATH, OFFLINE_ENV, refuseWhileServing, ROOT } from "./lib/local-stack.mjs";

const only = process.argv[2]; // "integration" | "e2e" | undefined for both
const reports = path.join(ROOT, ".cache", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function step(title, cmd, args) {
  console.log(`\n› ${title}`);
  const r = spawnSync(path.join(ROOT, "node_modules", ".bin", cmd), args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...OFFLINE_ENV } });
  return r.status ?? 1;
}

/** What failed, said again just before the last line, where a shortened log still shows it. */
const failures = [];

/** A failure's first line, and the open pages a browser test's failure names (tests/e2e/on-failure.ts). */
function firstLines(message) {
  const pages = message.split("\nOpen pages:\n")[1]?.split("\nThe local stack's last lines:")[0] ?? "";
  return [message.split("\n")[0].slice(0, 300), ...pages.split("\n").filter(Boolean).slice(0, 4).map((p) => `    ${p.trim().slice(0, 400)}`)].join("\n");
}

function counts(file, title) {
  if (!existsSync(file)) {
    failures.push(`${title}: no report was written (the run ended before its tests)`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const named = failures.length;
  for (const result of report.testResults ?? []) {
    const where = path.relative(ROOT, result.name);
    const failed = (result.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) failures.push(`${where} › ${a.fullName ?? a.title}: ${firstLines(String(a.failureMessages?.[0] ?? ""))}`);
    // A file that failed outside any test (its import, a hook) has no failed test to name.
    if (result.status === "failed" && failed.length === 0) failures.push(`${where}: ${String(result.message ?? "failed outside its tests").split("\n")[0].slice(0, 300)}`);
  }
  const failedTests = report.numFailedTests + (report.success ? 0 : report.numFailedTests === 0 ? 1 : 0);
  if (failedTests > 0 && failures.length === named) failures.push(`${title}: the run failed without a failing test (see its output above)`);
  return { passed: report.numPassedTests, failed: failedTests };
}

refuseWhileServing("npm test");

// The installed packages carry this project's patches (decision 056): without them the local
// stack parks requests, and the browser tests would fail as hangs, far from the cause.
if (spawnSync(process.execPath, [path.join(ROOT, "scripts", "patch-dependencies.mjs"), "--check"], { cwd: ROOT, stdio: "inherit" }).status !== 0) process.exit(1);

/**
 * The checks that need no build (the type check, the source checks, the extraction gate) run
 * beside the build, one process each, their output printed in order once each ends: two cores
 * do both at once. The chunk checks read the build, so they run after it.
 */
const node = (script, ...args) => [process.execPath, [path.join(ROOT, "scripts", script), ...args]];
const BESIDE_THE_BUILD = [
  // Every route answers through the one path and reads input through the one reader (decision 045).
  ["Routes answer through one path; bodies are read by one reader", ...node("check-answer-path.mjs")],
  ["The answer-path check still catches planted faults", ...node("check-answer-path.mjs", "--self-test")],
  // Imports point down the layers with no cycles (decision 046); the self-test proves the check
  // still catches a planted upward import, a sideways one, a cycle and the engine reaching into the app.
  ["Imports point down the layers", ...node("check-layers.mjs")],
  ["The layer check still catches planted faults", ...node("check-layers.mjs", "--self-test")],
  // The extraction engine on the held-out halves (generated manuscripts, real articles' headers),
  // held to its accuracy targets or, where it does not reach one yet, to what it has reached: see
  // eval-extraction.mjs.
  ["Extraction accuracy on the held-out halves", process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "eval-extraction.mjs"), "--gate"]],
];
// The type check first: it is the longest of them.
const beside = [["Type check", path.join(ROOT, "node_modules", ".bin", "tsc"), ["--noEmit"]], ...BESIDE_THE_BUILD].map(([title, cmd, args]) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ title, ok: code === 0, output }));
  }),
);

console.log("› Building the site");
build({ quiet: true });
const total = { passed: 0, failed: 0 };

// The browser never receives the schema (decision 027); the second run proves the detector still
// recognises a table definition where one must be (the server build).
for (const [title, args] of [
  ["Client chunks carry no table definition", ["build/client"]],
  ["The chunk check still recognises a table definition", ["build/server", "--expect-found"]],
]) {
  console.log(`\n› ${title}`);
  const r = spawnSync(process.execPath, [path.join(ROOT, "scripts", "check-client-chunks.mjs"), ...args], { cwd: ROOT, stdio: "inherit" });
  if (r.status === 0) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(title);
  }
}

for (const { title, ok, output } of await Promise.all(beside)) {
  console.log(`\n› ${title}`);
  process.stdout.write(output);
  if (ok) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(title);
  }
}

// Two test files at a time (each file has storage of its own), except the decompression-bomb
// tests, which measure workerd's memory and so run alone afterwards.
const BOMBS = "tests/integration/extraction-bombs.test.ts";
if (only !== "e2e") {
  for (const [title, name, args] of [
    ["Integration and unit tests (workerd)", "integration", ["--exclude", BOMBS, "--maxWorkers=2"]],
    ["Decompression bombs, alone (they measure workerd's memory)", "bombs", ["--project", "integration", BOMBS]],
  ]) {
    const file = path.join(reports, `${name}.json`);
    step(title, "vitest", ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
    const c = counts(file, title);
    total.passed += c.passed;
    total.failed += c.failed;
  }
}
if (only !== "integration") {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`\nChromium is missing at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`);
    failures.push(`Chromium is missing at ${CHROMIUM_PATH}`);
    total.failed += 1;
  } else {
    const file = path.join(reports, "e2e.json");
    step("End-to-end tests (Chromium)", "vitest", ["run", "--config", "vitest.e2e.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
    const c = counts(file, "End-to-end tests (Chromium)");
    total.passed += c.passed;
    total.failed += c.failed;
  }
}

if (failures.length > 0) console.error(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
// Said again last, where a shortened log still shows it: a local stack that died mid-run.
const stackExits = path.join(reports, "stack-exits.txt");
if (existsSync(stackExits)) console.error(`\n${readFileSync(stackExits, "utf8")}`);
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
