/**
 * The local stack, one way for everyone: `npm start`, the end-to-end tests and the benchmark all
 * build the app, apply migrations to a local D1, load the demo content and run `wrangler dev`.
 * Offline: no telemetry, no update checks, no remote bindings.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "node_modules", ".bin");

export const OFFLINE_ENV = {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
};

function run(cmd, args, { quiet = false } = {}) {
  const result = spawnSync(path.join(BIN, cmd), args, {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV },
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${cmd} ${args.join(" ")} failed with exit code ${result.status}`);
  }
  return result.stdout;
}

export function build({ quiet = false } = {}) {
  run("remix", ["vite:build"], { quiet });
}

/** Local state lives in `dir` (wrangler's persistence folder). */
export function migrate(dir, { quiet = false } = {}) {
  mkdirSync(dir, { recursive: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir], { quiet });
}

export async function seed(dir) {
  const { getPlatformProxy } = await import("wrangler");
  const { seedDemo } = await import("../demo/seed.mjs");
  Object.assign(process.env, OFFLINE_ENV);
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  try {
    return await seedDemo(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Exits with a clear message when `port` is taken (another `npm start` still running?). */
export function requirePortFree(port, name, envVar) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => {
      console.error(`\n✗ Port ${port} (${name}) is already in use. Stop the other process, or choose another port: ${envVar}=… npm start\n`);
      process.exit(1);
    });
    server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
  });
}

const children = new Set();
process.on("exit", () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }
});

/**
 * The notices Worker's config for one local run: its production [vars] replaced by this run's
 * SMTP server (plain SMTP on localhost, no credentials) and site address (`--var` reaches only
 * the first Worker of a multi-Worker `wrangler dev`). The file is the run's own (named by its
 * site's port): wrangler watches a config and reloads its Workers when the file changes, and
 * stacks started together share the process and the SMTP server.
 */
function noticesConfig({ smtpPort, siteUrl, port }) {
  const source = path.join(ROOT, "workers", "notices", "wrangler.toml");
  const text = readFileSync(source, "utf8")
    .replace(/^main = .*$/m, `main = ${JSON.stringify(path.join(ROOT, "workers", "notices", "index.ts"))}`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = ${JSON.stringify(path.join(ROOT, "migrations"))}`)
    .replace(/^SMTP_HOST = .*$/m, `SMTP_HOST = "127.0.0.1"`)
    .replace(/^SMTP_PORT = .*$/m, `SMTP_PORT = "${smtpPort}"`)
    .replace(/^SMTP_USER = .*$/m, `SMTP_USER = ""`)
    .replace(/^SMTP_TLS = .*$/m, `SMTP_TLS = "none"`)
    .replace(/^SITE_URL = .*$/m, `SITE_URL = "${siteUrl}"`);
  const dir = path.join(ROOT, ".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `notices.${port}.${process.pid}.toml`);
  writeFileSync(file, text);
  return file;
}

/** The extraction Worker's config with absolute paths, for running beside the web Worker: the run's own file, as the notices Worker's. */
function extractionConfig({ port }) {
  const source = path.join(ROOT, "workers", "extraction", "wrangler.toml");
  const text = readFileSync(source, "utf8")
    .replace(/^main = .*$/m, `main = ${JSON.stringify(path.join(ROOT, "workers", "extraction", "index.ts"))}`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = ${JSON.stringify(path.join(ROOT, "migrations"))}`);
  const dir = path.join(ROOT, ".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `extraction.${port}.${process.pid}.toml`);
  writeFileSync(file, text);
  return file;
}

/**
 * Starts `wrangler dev` and resolves once it answers. `vars` override [vars] for this run;
 * without a port, a free one is chosen. With `smtpPort`, the notices Worker runs beside the web
 * Worker in the same local runtime and delivers mail to that SMTP server, and the extraction
 * Worker runs there too. Links in mails and
 * pages use this run's own address, and a fresh SESSION_SECRET is made unless one is given.
 * `devtools: false` serves one Worker the same way without wrangler's devtools inspector
 * (scripts/lib/serve-worker.mjs), as the benchmark measures it.
 * `logFile` also keeps what the server prints in a file, for a test that must say why its stack
 * misbehaved; `inspectorPort` names the devtools port, for a profiler to attach to.
 * @param {{ dir: string, port?: number, vars?: Record<string, string>, log?: "pipe" | "inherit", logFile?: string, config?: string, extraArgs?: string[], smtpPort?: number, devtools?: boolean, inspectorPort?: number }} options
 */
export async function startWorker(options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerOnce(options);
    } catch (error) {
      // A port found free can be taken by another process before wrangler binds it (a full run
      // once lost its browser tests so): ports it chose itself are chosen again, twice at most.
      if (options.port !== undefined || options.inspectorPort !== undefined || attempt >= 3 || !/Address already in use/.test(String(error?.message))) throw error;
    }
  }
}

async function startWorkerOnce({ dir, port, vars = {}, log = "pipe", logFile, config, extraArgs = [], smtpPort, devtools = true, inspectorPort }) {
  port ??= await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  // A local stack shows every request's D1 round trips (Server-Timing): the benchmark and the
  // tests read them; a deployed site shows them to administrators only. Its administrators sign
  // in with a password alone (the demo's one-step sign-in); a deployed site requires a second factor.
  const allVars = { SITE_URL: siteUrl, SESSION_SECRET: randomBytes(32).toString("base64url"), SERVER_TIMING: "all", ADMIN_TWO_FACTOR: "optional", ...vars };
  if (!devtools) {
    // One Worker alone: the notices and extraction Workers and wrangler CLI flags need `wrangler dev`.
    if (smtpPort || extraArgs.length) throw new Error("startWorker: smtpPort and extraArgs need devtools (wrangler dev)");
    const options = { config: config ?? path.join(ROOT, "wrangler.toml"), port, persist: dir, vars: allVars };
    return startChild(process.execPath, [path.join(ROOT, "scripts", "lib", "serve-worker.mjs"), JSON.stringify(options)], { url: siteUrl, log, logFile });
  }
  // Each its own inspector port (wrangler's default, 9229, would let only one stack run at a time).
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort ?? (await freePort())), "--persist-to", dir, "--show-interactive-dev-session=false"];
  args.push("--config", config ?? path.join(ROOT, "wrangler.toml"));
  if (smtpPort) args.push("--config", noticesConfig({ smtpPort, siteUrl, port }), "--config", extractionConfig({ port }));
  args.push(...extraArgs);
  for (const [k, v] of Object.entries(allVars)) args.push("--var", `${k}:${v}`);
  return startChild(path.join(BIN, "wrangler"), args, { url: siteUrl, log, logFile });
}

/** Runs a server process and resolves once `url` answers. */
async function startChild(command, args, { url, log, logFile }) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV },
    stdio: log === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  children.add(child);
  let output = "";
  let started = false;
  let stopping = false;
  // A server that dies once it has answered is named with what it printed last: its clients see
  // only refused connections (a full run once showed 94 browser tests failing that way).
  child.once("exit", (code, signal) => {
    children.delete(child);
    if (started && !stopping) console.error(`\n${command} ${args.join(" ")} serving ${url} exited (code ${code}, signal ${signal}); its last output:\n${output.slice(-3000)}\n`);
  });
  const keep = (d) => {
    output += d;
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const r = await fetch(`${url}/robots.txt`);
      if (r.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error(`wrangler dev did not answer within 60 s:\n${output}`);
  started = true;
  const stop = () => {
    stopping = true;
    return stopProcess(child);
  };
  return { url, child, stop, output: () => output };
}

export function stopProcess(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // What the server started stays in its process group, and a workerd that is draining its
    // connections can outlive a SIGTERM: once the server itself has exited, nothing of the group
    // may stay behind (a workerd left without its parent was seen spinning at half a core).
    child.once("exit", () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      resolve();
    }, 5000).unref();
  });
}

export function hasBuild() {
  return existsSync(path.join(ROOT, "build", "server", "index.js"));
}

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

const SERVING_MARK = path.join(ROOT, ".cache", "serving.pid");

/** `npm start` marks that it serves the site from build/ (removed when it stops). */
export function markServing() {
  mkdirSync(path.dirname(SERVING_MARK), { recursive: true });
  writeFileSync(SERVING_MARK, String(process.pid));
  process.on("exit", () => {
    try {
      if (readFileSync(SERVING_MARK, "utf8") === String(process.pid)) rmSync(SERVING_MARK);
    } catch {}
  });
}

/**
 * `npm test` and `npm run bench` rebuild build/; under a running `npm start` that would leave the
 * site answering every page with an error until restarted. So they refuse, and say why.
 */
export function refuseWhileServing(command) {
  if (!existsSync(SERVING_MARK)) return;
  const pid = Number(readFileSync(SERVING_MARK, "utf8"));
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(SERVING_MARK, { force: true }); // left by a start that was killed
    return;
  }
  console.error(
    `\n${command} rebuilds build/, which \`npm start\` (process ${pid}) is serving the site from: the site would answer\n` +
      `every page with an error until restarted. Stop \`npm start\` (Ctrl-C in its terminal), then run ${command} again.\n`,
  );
  process.exit(1);
}
