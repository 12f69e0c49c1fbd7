/**
 * Patches installed packages where a defect of theirs reaches this project and no fixed release
 * fits the toolchain (decision 056). Runs after every `npm install` / `npm ci` (postinstall), and
 * `npm test` runs it with `--check` first, so a run on an install without the patches stops at
 * once with the reason instead of failing later as a hang.
 *
 * Each patch names the exact text it replaces. If a package's file has neither that text nor the
 * patched one (an upgrade changed it), the install fails and says which decision to re-read:
 * a patch is never applied to text it was not written for.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const PATCHES = [
  {
    /**
     * wrangler ≤ 4.113's dev proxy Worker decides whether a failed hop to the user Worker came from
     * a reload by comparing the request's whole URL with the user Worker's bare origin, so for any
     * path but `/` it believes a reload is under way: a GET is parked until some later request
     * arrives (a lone navigation hangs), and a POST gets "Your worker restarted mid-request".
     * Fixed upstream in 4.114 (compare origins), which needs Node 22.
     *
     * The hop fails ("Network connection lost") when the proxy reuses a pooled connection that
     * the user Worker's side has just closed as idle, about 5 s after its last answer: the request
     * never reached the Worker. So a request whose hop fails is sent once more at once, as a
     * browser resends on a reused connection that closed; a body is kept for that by a clone
     * (a tee) made before the first send, and let go once the hop answers. A second failure is
     * answered 502: upstream reports it to wrangler as an error, which ends `wrangler dev`.
     *
     * A request the proxy has not answered after 20 s says in wrangler's output where it waits
     * (the user Worker paused, the request queued, or sent and unanswered), so that a browser test
     * that fails on a navigation left pending names the place (the stack's log is in its note).
     */
    name: "wrangler dev proxy: a failed hop is not a reload",
    decision: "056",
    package: "wrangler",
    file: "node_modules/wrangler/wrangler-dist/ProxyWorker.js",
    replacements: [
      {
        find: "    const deferred = createDeferred();\n    this.requestQueue.set(request, deferred);\n",
        replace:
          "    const deferred = createDeferred();\n" +
          "    // patched (decision 056): a request left unanswered says where it waits\n" +
          "    const unanswered = setTimeout(() => {\n" +
          "      const where = this.proxyData === void 0 ? \"the user Worker is paused (a reload under way?)\" : this.requestQueue.has(request) ? \"still queued in the proxy\" : \"sent to the user Worker, no answer yet\";\n" +
          "      console.warn(`[dev proxy] ${request.method} ${new URL(request.url).pathname} unanswered after 20 s: ${where}`);\n" +
          "    }, 20000);\n" +
          "    deferred.promise.then(() => clearTimeout(unanswered), () => clearTimeout(unanswered));\n" +
          "    this.requestQueue.set(request, deferred);\n",
      },
      {
        find: 'var LIVE_RELOAD_PATHNAME = "/cdn-cgi/live-reload";\n',
        replace:
          'var LIVE_RELOAD_PATHNAME = "/cdn-cgi/live-reload";\n' +
          "// patched (decision 056): requests already sent once more after a failed hop\n" +
          "var sentAgainAfterFailedHop = new WeakSet();\n",
      },
      {
        find: "      void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {\n",
        replace:
          "      // patched (decision 056): what to send once more if this hop fails; a body needs its own copy\n" +
          "      const spareForFailedHop = sentAgainAfterFailedHop.has(request) ? void 0 : request.body === null ? request : request.clone();\n" +
          "      void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {\n" +
          "        // patched (decision 056): the hop succeeded, so the spare copy of a body is let go at once\n" +
          "        // (an unread tee branch is held in memory for good: 12 MB per refused upload, until the\n" +
          "        // proxy's workerd ran out of memory mid-run)\n" +
          "        spareForFailedHop?.body?.cancel().catch(() => {});\n",
      },
      {
        find:
          "        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);\n" +
          "        if (userWorkerUrl.href === newUserWorkerUrl?.href) {\n" +
          "          void sendMessageToProxyController(this.env, {\n" +
          '            type: "error",\n' +
          "            error: {\n" +
          "              name: error.name,\n" +
          "              message: error.message,\n" +
          "              stack: error.stack,\n" +
          "              cause: error.cause\n" +
          "            }\n" +
          "          });\n" +
          "          deferredResponse.reject(error);\n",
        replace:
          "        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);\n" +
          "        // patched (decision 056): the same user Worker is the same origin, whatever the path\n" +
          "        const sameUserWorker = userWorkerUrl.origin === newUserWorkerUrl?.origin;\n" +
          "        // a client that went away is not sent for again (where the runtime tells: request.signal)\n" +
          "        if (sameUserWorker && spareForFailedHop !== void 0 && !request.signal?.aborted) {\n" +
          "          sentAgainAfterFailedHop.add(spareForFailedHop);\n" +
          "          this.requestRetryQueue.set(spareForFailedHop, deferredResponse);\n" +
          "          this.processQueue();\n" +
          "        } else if (sameUserWorker) {\n" +
          "          // patched (decision 056): a hop that failed again (its client gone, say) is answered\n" +
          "          // 502 here; reported to wrangler as an error, it ended `wrangler dev` altogether\n" +
          '          deferredResponse.resolve(new Response(`The local Worker did not answer: ${error.message}`, { status: 502, headers: { "Content-Type": "text/plain; charset=utf-8" } }));\n',
      },
    ],
  },
];

const check = process.argv.includes("--check");
const problems = [];
for (const patch of PATCHES) {
  const file = path.join(ROOT, patch.file);
  // The package's own text, kept beside it the first time it is patched: a changed patch is then
  // applied to that text, not on top of its earlier version (reinstalling the package removes both).
  const pristine = `${file}.orig`;
  if (!existsSync(file)) {
    problems.push(`${patch.name}: ${patch.file} is missing`);
    continue;
  }
  const current = readFileSync(file, "utf8");
  if (!existsSync(pristine) && current.includes("patched (decision")) {
    problems.push(`${patch.name}: ${patch.file} carries an earlier version of the patch and not its original text; reinstall it (rm -rf node_modules/${patch.package} && npm install)`);
    continue;
  }
  const original = existsSync(pristine) ? readFileSync(pristine, "utf8") : current;
  let patched = original;
  for (const { find } of patch.replacements) {
    if (!original.includes(find) || original.indexOf(find) !== original.lastIndexOf(find)) {
      problems.push(`${patch.name}: ${patch.file} no longer has the text this patch replaces (an upgrade?): re-read decision ${patch.decision}`);
      break;
    }
  }
  if (problems.length) continue;
  for (const { find, replace } of patch.replacements) patched = patched.replace(find, () => replace);
  if (patched === current) continue;
  if (check) {
    problems.push(`${patch.name}: not applied to ${patch.file}; run \`npm install\` (its postinstall applies it)`);
    continue;
  }
  if (!existsSync(pristine)) writeFileSync(pristine, original);
  writeFileSync(file, patched);
  console.log(`patched: ${patch.name} (decision ${patch.decision})`);
}
if (problems.length) {
  console.error(problems.map((p) => `✗ ${p}`).join("\n"));
  process.exit(1);
}
if (check) console.log(`${PATCHES.length} dependency patch(es) applied`);
