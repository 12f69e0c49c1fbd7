/**
 * `npm run bench`: the figures the issues ask for, each beside its target. Throughput is a ratio to
 * a bare Worker in the same local runtime (this machine is shared and noisy; ratios travel better
 * than absolute numbers). Budgets live here, not in timed tests.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { createSessionRow, upsertAccount } from "./lib/accounts.mjs";
import { build, CHROMIUM_ARGS, CHROMIUM_PATH, freePort, migrate, OFFLINE_ENV, refuseWhileServing, ROOT, seed, startWorker } from "./lib/local-stack.mjs";
import { seedLargeConference, storeManuscripts } from "./lib/large-conference.mjs";
import { openLocalBucket } from "./lib/local-r2.mjs";
import { startMailServer } from "./lib/mail-server.mjs";
import { paypalVars, startPayPalFake } from "./lib/paypal-fake.mjs";
import { inspectWorker, isolateBytes } from "./lib/inspector.mjs";
import { residentBytes, workerdUnder } from "./lib/processes.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const PAGES = ["/", "/conferences", "/conferences/1", "/society/board"];
const rows = [];
const row = (figure, value, target, ok) => rows.push({ figure, value, target, verdict: ok === undefined ? "" : ok ? "ok" : "MISSED" });

const ROUNDS = 5;
/** `BENCH_ONLY=site`, `api`, `extraction`, `submission`, `papers`, `registrations` or `payments` (e.g. `BENCH_ONLY=papers npm run bench`) measures that part alone. */
const ONLY = process.env.BENCH_ONLY ?? "";
const runs = (part) => !ONLY || ONLY === part;

async function load(url, duration = DURATION, headers = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (r.non2xx || r.errors) {
    const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => `${count} × ${code}`).join(", ");
    throw new Error(`${url}: ${r.non2xx} non-2xx answers (${statuses}), ${r.errors} errors`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** What the benchmark had to re-measure, printed under the table. */
const notes = [];

/**
 * wrangler's local proxy in front of a Worker now and then drops a request under concurrent load
 * and answers it with a 500 "Network connection lost" itself (workers-sdk#14641, #15317), without
 * the Worker ever seeing a fault. A round that met it is measured again, once, and said so; any
 * other refused answer fails the benchmark.
 */
const PROXY_DROP = /Network connection lost/;

/**
 * The page against the bare Workers, back to back, five times; the median ratio stands. `ratio`
 * is to the bare Worker behind the same static-assets layer as the site (the limit for a Worker of
 * this shape, decision 023), `plainRatio` to the bare Worker with nothing in front. A failure
 * keeps the site's whole log in .cache/bench-site.log.
 */
async function ratioToBare(site, page, headers = {}) {
  const url = `${site.url}${page}`;
  await autocannon({ url, connections: CONNECTIONS, amount: 300, headers }); // warm up
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const logged = [bareSite, bare, site].map((w) => w.output().length);
    const round = async () => {
      const limit = await load(bareSite.url, DURATION / 3);
      const plain = await load(bare.url, DURATION / 3);
      const measured = await load(url, DURATION / 3, headers);
      return { ratio: measured.rps / limit.rps, plainRatio: measured.rps / plain.rps, page: measured };
    };
    rounds.push(
      await round().catch(async (error) => {
        const since = [bareSite, bare, site].map((w, k) => w.output().slice(logged[k])).join("");
        if (!PROXY_DROP.test(since)) keepSiteLog(site, error);
        notes.push(`${page}: a round was measured again after the local proxy dropped requests (${error.message.replace(/^\S+: /, "")})`);
        return round().catch((again) => keepSiteLog(site, again));
      }),
    );
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  return rounds[Math.floor(ROUNDS / 2)];
}

/** Fails the benchmark with the site's whole log kept for reading. */
function keepSiteLog(site, error) {
  const logFile = path.join(ROOT, ".cache", "bench-site.log");
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, site.output());
  throw new Error(`${error.message}\nThe site's log is in ${path.relative(ROOT, logFile)}`);
}

/** A throughput row: the ratio to the limit with its verdict, the plain ratio beside it. */
function throughputRow(figure, { ratio, plainRatio, page: r }, target) {
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  row(figure, `${pct(ratio)} (${pct(plainRatio)} of the plain bare Worker; ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms)`, `≥ ${pct(target)}`, ratio >= target);
}

refuseWhileServing("npm run bench");
console.log("› Building and starting the site with the demo content …");
build({ quiet: true });
const dir = path.join(ROOT, ".wrangler", "bench-state");
rmSync(dir, { recursive: true, force: true });
migrate(dir, { quiet: true });
await seed(dir);
const BENCH_PASSWORD = "bench-password-1";
const SIGN_INS = 20;
const USERS_IN_LIST = 10_000;
const CONFERENCES_IN_LIST = 200;
const MY_PAPERS = 50;
const WIZARD_RUNS = Number(process.env.BENCH_WIZARD_RUNS ?? 20);
const benchSessions = {};
/** The paper of the author with one, whose own page (/dashboard/submissions/{id}) is measured. */
let benchPaperId = null;
{
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  try {
    // One account per sign-in: the per-account rate limit (10 in 15 minutes) stays out of the figure.
    for (let i = 0; i < SIGN_INS; i++) {
      await upsertAccount(proxy.env.DB, { email: `bench${i}@example.org`, password: BENCH_PASSWORD, role: "user", firstName: "Bench", lastName: `User ${i}` });
    }
    await upsertAccount(proxy.env.DB, { email: "bench-admin@example.org", password: BENCH_PASSWORD, role: "admin", firstName: "Bench", lastName: "Admin" });
    // The console's user list at the size the issue names: 10,000 accounts.
    await proxy.env.DB.prepare(
      `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${USERS_IN_LIST})
       insert into users (email, username, first_name, last_name, role, status, institution, created_at, updated_at)
       select 'member' || n || '@example.org', 'member' || n || '@example.org', 'Member', 'Number ' || n,
              case when n % 50 = 0 then 'reviewer' else 'user' end, 'active', 'University ' || (n % 300), 1700000000000 + n * 60000, 1700000000000 + n * 60000
       from seq`,
    ).run();
    // The submission wizard's authors: one who submits, and two whose My Submissions
    // is measured, with 50 papers and with 1 (the same round trips for both: the list is one query).
    const affiliation = { institution: "Pennine University", rank: "Professor", department: "Finance", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } };
    const areas = [{ category: "I. Corporate Finance", topic: "Capital Structure" }];
    for (const [who, papers] of [["bench-author", 0], ["bench-fifty", MY_PAPERS], ["bench-one", 1]]) {
      const email = `${who}@example.org`;
      const id = await upsertAccount(proxy.env.DB, { email, password: BENCH_PASSWORD, role: "user", firstName: "Bench", lastName: who, profile: { primaryAffiliation: affiliation, expertise: areas } });
      benchSessions[who] = await createSessionRow(proxy.env.DB, id);
      for (let i = 0; i < papers; i++) {
        const key = `bench-${who}-${i}`;
        await proxy.env.DB.batch([
          proxy.env.DB.prepare("update conferences set paper_counter = paper_counter + 1 where status = 'open'"),
          proxy.env.DB.prepare(
            `insert into papers (conference_id, paper_number, submitter_id, manuscript_type, title, abstract, research_areas, submission_key)
             select id, paper_counter - 1, ?1, 'regular', 'Bench paper ' || ?2, 'An abstract.', ?3, ?4 from conferences where status = 'open' order by start_date limit 1`,
          ).bind(id, i, JSON.stringify(areas), key),
          ...[0, 1, 2].map((k) =>
            proxy.env.DB.prepare(
              `insert into paper_authors (paper_id, user_id, author_order, first_name, last_name, email, institution, country, is_corresponding)
               values ((select id from papers where submission_key = ?1), ?2, ?3, 'Author', ?4, ?5, 'Pennine University', 'GB', ?6)`,
            ).bind(key, k === 0 ? id : null, k + 1, `Number ${k + 1}`, k === 0 ? email : `coauthor${k}.${i}@example.org`, k === 0 ? 1 : 0),
          ),
        ]);
      }
    }
    benchPaperId = (await proxy.env.DB.prepare("select id from papers where submission_key = 'bench-bench-one-0'").first()).id;
  } finally {
    await proxy.dispose();
  }
}

/** A same-origin form post with the CSRF cookie and token the site hands out. */
async function formSession(siteUrl) {
  const first = await fetch(`${siteUrl}/login`);
  const cookie = first.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const token = cookie.match(/csrf=([^;]+)/)[1];
  await first.text();
  return {
    cookie,
    post: async (pathname, fields, extraCookie = "") => {
      const started = performance.now();
      const r = await fetch(`${siteUrl}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl, Cookie: [cookie, extraCookie].filter(Boolean).join("; ") },
        body: new URLSearchParams({ _csrf: token, ...fields }),
      });
      await r.arrayBuffer();
      return { response: r, ms: performance.now() - started };
    },
  };
}

/** A console page fetched 15 times: median server-side time and the D1 rows the last answer read. */
async function timedAdminGet(siteUrl, cookie, pathname) {
  const times = [];
  let rowsRead = 0;
  let html = "";
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const r = await fetch(`${siteUrl}${pathname}`, { headers: { Cookie: cookie } });
    html = await r.text();
    if (r.status !== 200) throw new Error(`${pathname} answered ${r.status}`);
    times.push(performance.now() - started);
    rowsRead = Number(/d1-rows-read;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
  }
  return { ms: median(times), rowsRead, html };
}

/** The PDF with an incremental update appended: one unused stream of `padding` bytes. */
function appendIncrementalUpdate(pdf, padding) {
  const text = pdf.toString("latin1");
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)[1]);
  const size = Math.max(...[...text.matchAll(/\/Size (\d+)/g)].map((m) => Number(m[1])));
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf("trailer")))[1];
  const noise = Buffer.alloc(padding);
  for (let i = 0; i + 4 <= padding; i += 4) noise.writeUInt32LE((Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0, i);
  const objectStart = pdf.length + 1;
  const head = Buffer.from(`\n${size} 0 obj\n<< /Length ${padding} >>\nstream\n`, "latin1");
  const tail = Buffer.from("\nendstream\nendobj\n", "latin1");
  const xrefAt = pdf.length + head.length + noise.length + tail.length;
  const xref = Buffer.from(`xref\n${size} 1\n${String(objectStart).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`, "latin1");
  return Buffer.concat([pdf, head, noise, tail, xref]);
}

/**
 * A console list as the benchmark's administrator: its first page, the page `hops` Next links
 * on (keyset paging), and a search; server time and D1 rows read per request.
 */
async function benchConsoleList(siteUrl, { list, path: listPath, size, hops, search, searchAs, budget }) {
  const form = await formSession(siteUrl);
  const login = await form.post("/login", { email: "bench-admin@example.org", password: BENCH_PASSWORD });
  const cookie = [form.cookie, ...login.response.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const first = await timedAdminGet(siteUrl, cookie, listPath);
  row(`${list} list, first page of ${size}`, `${first.ms.toFixed(0)} ms, ${first.rowsRead} D1 rows read`, `reads about a page (≤ ${budget} rows)`, first.rowsRead <= budget);
  let deepPath = listPath;
  let html = first.html;
  const nextLink = new RegExp(`href="(${listPath.replace(/\//g, "\\/")}\\?[^"]*after=[^"]+)"`);
  for (let i = 0; i < hops; i++) {
    const next = nextLink.exec(html)?.[1]?.replaceAll("&amp;", "&");
    if (!next) break;
    deepPath = next;
    html = await (await fetch(`${siteUrl}${next}`, { headers: { Cookie: cookie } })).text();
  }
  const deep = await timedAdminGet(siteUrl, cookie, deepPath);
  row(`${list} list, page ${hops + 1} (keyset paging)`, `${deep.ms.toFixed(0)} ms, ${deep.rowsRead} D1 rows read`, `reads about a page (≤ ${budget} rows)`, deep.rowsRead <= budget);
  const found = await timedAdminGet(siteUrl, cookie, `${listPath}?q=${search}`);
  row(`${list} list, a search (LIKE over ${searchAs})`, `${found.ms.toFixed(0)} ms, ${found.rowsRead} D1 rows read`, "a search reads the table (reported)");
}

/**
 * The wizard as its author's browser drives it: step 1 posted, the manuscript uploaded as the
 * page's script sends it (/dashboard/manuscript), then step 2 asked every 20 ms until it leads to
 * step 3 (the page asks after 250 ms, then less often: this measures the stack, not the page's
 * pace), and step 3 fetched with the title filled in. Then, for the 1-page runs, steps 3 to 5
 * and the submit, whose post is timed on its own.
 */
async function benchSubmission(siteUrl) {
  const form = await formSession(siteUrl);
  const cookie = `${form.cookie}; session=${benchSessions["bench-author"]}`;
  const token = form.cookie.match(/csrf=([^;]+)/)[1];
  const get = (pathname) => fetch(`${siteUrl}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const post = async (pathname, fields) => {
    const r = await form.post(pathname, fields, `session=${benchSessions["bench-author"]}`);
    if (r.response.status >= 400) throw new Error(`bench: ${pathname} answered ${r.response.status}`);
    return r;
  };
  const step = (n) => `/dashboard?tab=submit&step=${n}`;
  const conferenceId = /<option value="(\d+)"/.exec(await (await get(step(1))).text())?.[1];
  if (!conferenceId) throw new Error("bench: step 1 lists no open conference");
  const fixtures = path.join(ROOT, "tests", "fixtures", "manuscripts");
  const upload = async (bytes, name) => {
    const body = new FormData();
    body.set("_csrf", token);
    body.set("manuscript", new File([bytes], name, { type: "application/pdf" }));
    const r = await fetch(`${siteUrl}/dashboard/manuscript`, { method: "POST", headers: { Cookie: cookie, Origin: siteUrl }, body });
    const answer = await r.json();
    if (!answer.ok) throw new Error(`bench: upload answered ${r.status} ${JSON.stringify(answer)}`);
  };
  const submits = [];
  for (const [label, file] of [["1-page", "b2.pdf"], ["30-page", "b5.pdf"]]) {
    const bytes = readFileSync(path.join(fixtures, file));
    const times = [];
    for (let run = 0; run < WIZARD_RUNS; run++) {
      await post(step(1), { step: "1", intent: "next", conferenceId, manuscriptType: "regular" });
      await upload(bytes, file);
      const uploaded = performance.now();
      for (;;) {
        const r = await get(`${step(2)}&continue=1`);
        await r.arrayBuffer();
        if (r.status === 302 && r.headers.get("Location") === step(3)) break;
        if (r.status !== 200) throw new Error(`bench: step 2 answered ${r.status}`);
        if (performance.now() - uploaded > 60_000) throw new Error("bench: the extraction did not end within 60 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const page = await (await get(step(3))).text();
      if (!/Filled in from your manuscript/.test(page)) throw new Error(`bench: step 3 of ${file} is not pre-filled`);
      times.push(performance.now() - uploaded);
      if (label === "1-page") {
        await post(step(3), { step: "3", intent: "next", manuscriptTitle: "A bench paper", manuscriptAbstract: "A short abstract for the benchmark." });
        await post(step(4), { step: "4", intent: "next", researchArea1: "I. Corporate Finance :: Capital Structure", researchArea2: "V. Derivatives :: Swaps", researchArea3: "II. Financial Accounting :: Auditing" });
        const me = { firstName: "Bench", lastName: "bench-author", email: "bench-author@example.org", institution: "Pennine University", country: "GB", rankTitle: "Professor", isCorresponding: "on" };
        const co = { firstName: "Tomás", lastName: "Ó Briain", email: `co${run}@example.net`, institution: "University College Dublin", country: "IE", rankTitle: "Lecturer" };
        const fields = { step: "5", intent: "submit" };
        [me, co].forEach((a, i) => Object.entries(a).forEach(([k, v]) => (fields[`authors[${i}][${k}]`] = v)));
        const { response, ms } = await post(step(5), fields);
        if (response.headers.get("Location") !== "/dashboard?tab=submissions&submitted=true") throw new Error(`bench: the submit led to ${response.headers.get("Location")}`);
        submits.push(ms);
      } else {
        await post(step(1), { step: "1", intent: "exit" });
      }
    }
    row(
      `Submission wizard, ${label} manuscript: end of upload to a pre-filled step 3`,
      `median ${median(times).toFixed(0)} ms, p95 ${p95(times).toFixed(0)} ms over ${times.length} (queue, extraction Worker, engine, D1, step 2 then step 3 fetched)`,
      "reported (the page asks after 250 ms, then less often)",
    );
  }
  row("Submission wizard, the final submit post", `median ${median(submits).toFixed(0)} ms, p95 ${p95(submits).toFixed(0)} ms over ${submits.length} (R2 copy, one D1 batch, receipt and notice)`, "reported");

  // My Submissions: 50 papers against 1, the same D1 round trips (the list is one query).
  const listed = {};
  for (const who of ["bench-fifty", "bench-one"]) {
    const times = [];
    let trips = NaN;
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const r = await fetch(`${siteUrl}/dashboard?tab=submissions`, { headers: { Cookie: `session=${benchSessions[who]}` } });
      const html = await r.text();
      if (r.status !== 200 || !html.includes("Bench paper 0")) throw new Error(`bench: My Submissions of ${who} answered ${r.status}`);
      times.push(performance.now() - started);
      trips = Number(/d1-render;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
    }
    listed[who] = { ms: median(times), trips };
  }
  const { ms, trips } = listed["bench-fifty"];
  row(
    `My Submissions, an author with ${MY_PAPERS} papers`,
    `${ms.toFixed(0)} ms per request (median of 15), ${trips} D1 round trips for the page; with 1 paper ${listed["bench-one"].ms.toFixed(0)} ms, ${listed["bench-one"].trips} round trips`,
    "the list in one round trip (same count for 50 and 1)",
    trips === listed["bench-one"].trips,
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

// 1. The runtime's limit, kept running: every page is measured back to back against it. Every
// Worker here is served as `wrangler dev` serves it but without the devtools inspector, which
// charges each D1 query about a millisecond of Node's time (docs/performance.md, decision 023).
const benchWorker = (config) => startWorker({ dir, config: path.join(ROOT, "scripts", "bench", config), devtools: false });
const bare = runs("site") || runs("api") ? await benchWorker("wrangler.bare.toml") : null;
const bareSite = runs("site") || runs("api") ? await benchWorker("wrangler.bare-assets.toml") : null;
if (bare) {
  for (const [label, worker, target] of [
    ["Bare Worker behind the site's static assets (fixed string)", bareSite, "the 100% mark"],
    ["Bare Worker alone (fixed string)", bare, "reported"],
  ]) {
    await autocannon({ url: worker.url, connections: CONNECTIONS, amount: 500 });
    const baseline = await load(worker.url);
    row(label, `${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`, target);
  }
}

// 2. Pages rendered fresh, then served from the page cache.
for (const [mode, vars, target] of runs("site") ? [
  ["fresh", { PAGE_CACHE: "off" }, 0.2],
  ["cached", { PAGE_CACHE: "on" }, 0.6],
] : []) {
  const site = await startWorker({ dir, vars, devtools: false });
  for (const page of PAGES) throughputRow(`${page} ${mode}`, await ratioToBare(site, page), target);
  if (mode === "fresh") {
    for (const page of PAGES) {
      const response = await fetch(`${site.url}${page}`);
      const trips = /d1-render;desc=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
      await response.text();
      row(`D1 round trips to render ${page}`, trips ?? "?", "1", trips === "1");
    }
    // 3. What each public page sends: JavaScript and CSS, gzip. React and Remix alone are 81 KB of
    // it (decision 062), so a page over the budget is reported, not hidden by a looser one.
    for (const page of [...PAGES, "/journal", "/news", "/news/1", "/membership", "/login", "/register", "/forgot-password"]) {
      const html = await (await fetch(`${site.url}${page}`)).text();
      const js = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g), ...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)].map((m) => m[1]));
      const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
      const size = async (set) => {
        let total = 0;
        for (const asset of set) total += gzipSync(Buffer.from(await (await fetch(`${site.url}${asset}`)).arrayBuffer())).length;
        return total / 1024;
      };
      const [jsKb, cssKb] = [await size(js), await size(css)];
      row(`JavaScript files sent to ${page} (gzip)`, `${jsKb.toFixed(1)} KB in ${js.size} files`, "≤ 80 KB", jsKb <= 80);
      row(`CSS sent to ${page} (gzip)`, `${cssKb.toFixed(1)} KB`, "≤ 15 KB", cssKb <= 15);
    }
  }
  if (mode === "fresh") {
    // 4. Accounts: a sign-in (argon2id included), a registration, and the signed-in dashboard.
    const form = await formSession(site.url);
    const signIns = [];
    let sessionCookie = "";
    for (let i = 0; i < SIGN_INS; i++) {
      const { response, ms } = await form.post("/login", { email: `bench${i}@example.org`, password: BENCH_PASSWORD });
      if (response.status !== 302) throw new Error(`bench sign-in answered ${response.status}`);
      signIns.push(ms);
      sessionCookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    }
    row("Sign-in request (argon2id, 19 MiB, t=2)", `median ${median(signIns).toFixed(0)} ms, p95 ${p95(signIns).toFixed(0)} ms over ${SIGN_INS}`, "median ≤ 150 ms", median(signIns) <= 150);
    // Five registrations of new addresses, then five of addresses with an account (the rate limit
    // allows ten an hour from one address): their last posts must do the same work, so a visitor cannot tell them apart.
    const registrations = [];
    const knownRegistrations = [];
    for (let i = 0; i < 10; i++) {
      const wizard = await formSession(site.url);
      let draft = "";
      const email = i < 5 ? `new${i}.${Date.now()}@example.org` : `bench${i}@example.org`;
      const steps = [
        { salutation: "Dr.", firstName: "New", lastName: "Author", primaryEmail: email, primaryEmailConfirm: email, workPhoneCountry: "+1", cellPhoneCountry: "+1" },
        { primaryInstitution: "University", primaryRank: "Professor", primaryAddress1: "1 Road", primaryCity: "City", primaryPostalCode: "1000", primaryCountry: "BE" },
        { primary1Category: "I. Corporate Finance", primary1: "Capital Structure", primary2Category: "V. Derivatives", primary2: "Swaps", primary3Category: "II. Financial Accounting", primary3: "Auditing" },
        { password: "long-enough-1", passwordRetype: "long-enough-1" },
      ];
      let total = 0;
      let last = 0;
      for (const [n, fields] of steps.entries()) {
        const { response, ms } = await wizard.post(`/register?step=${n + 1}`, { step: String(n + 1), intent: n === 3 ? "submit" : "next", ...fields }, draft);
        // Each step must go on to the next (a lost draft sends it back to step 1, which would time nothing).
        const expected = n === 3 ? "/registration-confirmation" : `/register?step=${n + 2}`;
        if (response.status !== 302 || response.headers.get("Location") !== expected) {
          throw new Error(`bench registration step ${n + 1} answered ${response.status} to ${response.headers.get("Location")}, not ${expected}`);
        }
        const set = response.headers.getSetCookie().find((c) => /^(__Host-)?draft=/.test(c));
        if (set) draft = set.split(";")[0];
        total += ms;
        last = ms;
      }
      (i < 5 ? registrations : knownRegistrations).push({ total, last });
    }
    row(
      "Registration (4 form posts; the last hashes and writes)",
      `median ${median(registrations.map((r) => r.total)).toFixed(0)} ms in all, last post ${median(registrations.map((r) => r.last)).toFixed(0)} ms`,
      "last post ≤ 200 ms",
      median(registrations.map((r) => r.last)) <= 200,
    );
    const sideBySide = (a, b) => {
      const [x, y] = [median(a), median(b)];
      return { text: `${x.toFixed(0)} ms with an account, ${y.toFixed(0)} ms without (ratio ${(x / y).toFixed(2)})`, ratio: x / y };
    };
    const lastPosts = sideBySide(knownRegistrations.map((r) => r.last), registrations.map((r) => r.last));
    row("Registration's last post, address with an account vs new (median of 5)", lastPosts.text, "ratio 0.67–1.5", lastPosts.ratio >= 0.67 && lastPosts.ratio <= 1.5);
    // Forgot-password, alternating an address with an account and one without: nine each (the
    // per-address limit allows twenty an hour).
    const recovery = await formSession(site.url);
    const forgot = { known: [], unknown: [] };
    for (let i = 0; i < 18; i++) {
      const known = i % 2 === 0;
      const { response, ms } = await recovery.post("/forgot-password", { email: known ? `bench${i}@example.org` : `nobody${i}@example.org` });
      if (response.status !== 200) throw new Error(`bench forgot-password answered ${response.status}`);
      forgot[known ? "known" : "unknown"].push(ms);
    }
    const forgotFigures = sideBySide(forgot.known, forgot.unknown);
    row("Forgot-password, address with an account vs none (median of 9)", forgotFigures.text, "ratio 0.67–1.5", forgotFigures.ratio >= 0.67 && forgotFigures.ratio <= 1.5);
    // 5. The console's user list at 10,000 accounts: server time and D1 rows read per request.
    await benchConsoleList(site.url, { list: "Users", path: "/admin/users", size: USERS_IN_LIST.toLocaleString("en"), hops: 20, search: "number%20777", searchAs: "names and e-mail", budget: 50 });

    throughputRow("/dashboard signed in", await ratioToBare(site, "/dashboard", { Cookie: sessionCookie }), 0.2);
    // A submission's own page, as its author reads it.
    const paperPage = `/dashboard/submissions/${benchPaperId}`;
    const probe = await fetch(`${site.url}${paperPage}`, { headers: { Cookie: `session=${benchSessions["bench-one"]}` } });
    if (probe.status !== 200 || !(await probe.text()).includes("Bench paper 0")) throw new Error(`bench: ${paperPage} answered ${probe.status}`);
    throughputRow("A submission's page (/dashboard/submissions/{id}) signed in", await ratioToBare(site, paperPage, { Cookie: `session=${benchSessions["bench-one"]}` }), 0.2);
  }
  if (mode === "cached" && process.env.BENCH_LIGHTHOUSE !== "off") {
    // 5. Lighthouse, mobile, on the pages the issue names.
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      for (const page of ["/", "/conferences/1", "/society/board"]) {
        const result = await lighthouse(`${site.url}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
        const c = result.lhr.categories;
        const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
        const ok = score("performance") >= 95 && score("accessibility") === 100 && score("best-practices") === 100 && score("seo") === 100;
        row(`Lighthouse mobile ${page}`, `perf ${score("performance")}, a11y ${score("accessibility")}, best ${score("best-practices")}, SEO ${score("seo")}`, "≥ 95, 100, 100, 100", ok);
        const failed = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
        if (!ok && failed.length) console.log(`  ${page}: audits below par: ${failed.join(", ")}`);
      }
    } finally {
      await chrome.kill();
    }
  }
  await site.stop();
}

// 6b. The JSON API (decision 068): a public list and a signed-in author's list of fifty papers,
// against the bare Worker, and the D1 round trips each takes (the token's session included).
if (runs("api")) {
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, devtools: false });
  try {
    const login = await fetch(`${site.url}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "bench-fifty@example.org", password: BENCH_PASSWORD, label: "bench" }) });
    if (login.status !== 200) throw new Error(`bench: POST /api/auth/login answered ${login.status}`);
    const { token } = await login.json();
    for (const [call, headers] of [["/api/conferences", {}], ["/api/papers/user", { Authorization: `Bearer ${token}` }]]) {
      const probe = await fetch(`${site.url}${call}`, { headers });
      if (probe.status !== 200) throw new Error(`bench: GET ${call} answered ${probe.status}`);
      const trips = /d1-render;desc=(\d+)/.exec(probe.headers.get("Server-Timing") ?? "")?.[1];
      const listed = (await probe.json()).length;
      throughputRow(`GET ${call} (${listed} listed)`, await ratioToBare(site, call, headers), 0.2);
      row(`D1 round trips for GET ${call}`, trips ?? "?", "1", trips === "1");
    }
  } finally {
    await site.stop();
  }
}

// 7. The console's conference list at 200 conferences. Seeded only now, so the public pages above
// were measured on the demo content; the site starts again on the grown database.
if (runs("site")) {
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  try {
    const { n: demoConferences } = await proxy.env.DB.prepare("select count(*) as n from conferences").first();
    await proxy.env.DB.prepare(
      `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${CONFERENCES_IN_LIST - demoConferences})
       insert into conferences (title, location, start_date, end_date, status, description, created_at, updated_at)
       select 'Bench Conference ' || n, 'City ' || (n % 40), printf('%04d-06-01', 1800 + n), printf('%04d-06-04', 1800 + n), 'ended', '<p>Past conference.</p>', 1700000000000, 1700000000000
       from seq`,
    ).run();
  } finally {
    await proxy.dispose();
  }
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, devtools: false });
  try {
    await benchConsoleList(site.url, { list: "Conferences", path: "/admin/conferences", size: String(CONFERENCES_IN_LIST), hops: 5, search: "city%2017", searchAs: "title and location", budget: 100 });
  } finally {
    await site.stop();
  }
}

// 8. Manuscript extraction inside the Workers runtime: a 1-page, a 30-page and a 25 MB manuscript,
// front matter alone (what the wizard waits for) and with the reference list (read back from the end).
// The 25 MB one is the 30-page manuscript with a 24 MB incremental update appended (an unused
// stream object, a new cross-reference section and trailer), as a scanned appendix would be.
if (runs("extraction")) {
  const fixtures = path.join(ROOT, "tests", "fixtures", "manuscripts");
  const onePage = readFileSync(path.join(fixtures, "b2.pdf"));
  const thirty = readFileSync(path.join(fixtures, "b5.pdf"));
  const large = appendIncrementalUpdate(thirty, 25 * 1024 * 1024 - thirty.length - 4096);
  const worker = await benchWorker("wrangler.extraction.toml");
  try {
    const measure = async (bytes, references) => {
      const times = [];
      let last;
      for (let i = 0; i < 9; i++) {
        last = await (await fetch(`${worker.url}/?references=${references ? "on" : "off"}`, { method: "POST", body: bytes })).json();
        if (!last.ok) throw new Error(`extraction failed: ${last.error}`);
        if (i >= 2) times.push(last.ms);
      }
      return { ms: median(times), last };
    };
    for (const [label, bytes, target] of [
      ["1-page manuscript", onePage, null],
      ["30-page manuscript", thirty, 150],
      [`${(large.length / 1024 / 1024).toFixed(0)} MB manuscript (30 pages and a 24 MB appendix object)`, large, null],
    ]) {
      const header = await measure(bytes, false);
      row(`Extraction, ${label}: front matter`, `${header.ms.toFixed(0)} ms (median of 7 warm runs), ${header.last.pagesRead} of ${header.last.pages} pages read`, target ? `< ${target} ms, only the pages needed` : "reported", target ? header.ms < target && header.last.pagesRead <= 3 : undefined);
      const full = await measure(bytes, true);
      row(`Extraction, ${label}: with references`, `${full.ms.toFixed(0)} ms, ${full.last.pagesRead} of ${full.last.pages} pages read`, "reported");
    }
  } finally {
    await worker.stop();
  }
  // What the engine adds to its Worker: the engine alone, bundled and minified as wrangler would.
  const { build: esbuild } = await import("esbuild");
  const bundled = await esbuild({ entryPoints: [path.join(ROOT, "app", "extraction", "index.ts")], bundle: true, minify: true, format: "esm", platform: "neutral", conditions: ["workerd", "worker", "browser"], mainFields: ["module", "main"], write: false, logLevel: "silent" });
  const engine = bundled.outputFiles[0].contents;
  row("Extraction engine in its Worker", `${(engine.length / 1024).toFixed(0)} KB, ${(gzipSync(engine).length / 1024).toFixed(0)} KB gzip`, "reported (pdf.js is most of it)");
  // Issue 16: the line labeller's and the name model's weights and the name lexicon ship inside the engine.
  const model = ["labeller.weights.ts", "names.weights.ts", "lexicon.data.ts"].reduce((n, f) => n + readFileSync(path.join(ROOT, "app", "extraction", f)).length, 0);
  row("Extraction models (line labeller, name model, name lexicon)", `${(model / 1024).toFixed(0)} KB source`, "< 300 KB", model < 300 * 1024);
}

// 9. The submission wizard on the whole local stack (web, extraction and notices
// Workers under wrangler dev, a real SMTP server): from the end of the upload to a pre-filled
// step 3, the final submit, and My Submissions with 50 papers.
if (runs("submission")) {
  const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, smtpPort: mail.smtpPort });
  try {
    await benchSubmission(site.url);
  } finally {
    await site.stop();
    await mail.stop();
  }
}

// 10. The console's Papers tab at the size the issue names: a conference of 2,000 papers with 6
// authors each (scripts/lib/large-conference.mjs), 500 of their manuscripts of 5 MB stored in the
// local R2 (`BENCH_ZIP=off` skips storing them, and the zip), and a second conference of 1,000
// papers for the export. A route that does not answer as expected fails the benchmark.
if (runs("papers")) await benchPapers();

/**
 * Streams the conference's zip from a stack with the inspector on and measures it (see the
 * figure's comment in benchPapers).
 */
async function benchZip(conferenceId, adminCookie, missing) {
  const figure = "Download All Manuscripts, 500 × 5 MB";
  const budget = "flat, < 64 MB";
  const inspectorPort = await freePort();
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, inspectorPort });
  const inspector = await inspectWorker(inspectorPort);
  try {
    // wrangler's devtools ask the runtime for every subrequest's Network events; a deployed
    // Worker has no such listener (and a zip makes 500 subrequests).
    await inspector.send("Network.disable");
    // The level before: the site warmed up by a page, the least of five samples (the inspector
    // offers no collection to wait for here: HeapProfiler.collectGarbage gets no answer).
    await (await fetch(`${site.url}/admin/papers?conference=${conferenceId}`, { headers: { Cookie: adminCookie } })).arrayBuffer();
    let baseline = Infinity;
    for (let i = 0; i < 5; i++) {
      baseline = Math.min(baseline, await isolateBytes(inspector));
      await new Promise((r) => setTimeout(r, 50));
    }
    const pids = workerdUnder(site.child.pid);
    const rssBaseline = residentBytes(pids);
    let rssPeak = rssBaseline;
    // The isolate answers the inspector only between its tasks, and a zip in full flow leaves it
    // none: the reader pauses after every 250 MB (the stream's backpressure then idles the
    // Worker) and samples it there, ten times over the zip.
    const samples = [];
    const sample = async (at) => {
      await new Promise((r) => setTimeout(r, 300));
      samples.push({ at, bytes: await isolateBytes(inspector) });
      rssPeak = Math.max(rssPeak, residentBytes(pids));
    };
    const started = performance.now();
    let paused = 0;
    const r = await fetch(`${site.url}/admin/papers/download-all?conference=${conferenceId}`, { headers: { Cookie: adminCookie } });
    let firstByte = null;
    let total = 0;
    if (r.status === 200 && r.body) {
      let next = 250 * 1024 * 1024;
      try {
        for await (const chunk of r.body) {
          firstByte ??= performance.now() - started;
          total += chunk.byteLength;
          if (total >= next) {
            next += 250 * 1024 * 1024;
            const pause = performance.now();
            await sample(total);
            paused += performance.now() - pause;
          }
        }
      } catch (error) {
        // The stream ended early: the figure says so, with what the server printed last.
        console.error(`\nThe zip ended after ${(total / 1024 / 1024).toFixed(0)} MB (${error.cause?.message ?? error.message}); the server's last output:\n${site.output().slice(-3000)}\n`);
        row(figure, `ended early after ${(total / 1024 / 1024).toFixed(0)} MB: ${error.cause?.message ?? error.message}`, budget, false);
        return;
      }
    } else await r.arrayBuffer();
    const seconds = (performance.now() - started - paused) / 1000;
    if (r.status !== 200) return missing(figure, budget);
    const mb = (x) => x / 1024 / 1024;
    const peakOf = (list) => Math.max(...list.map((x) => x.bytes));
    // A sample holds what is kept and whatever garbage awaits collection, so single samples jump
    // about. Kept memory shows as the floor: the least of the first half of the samples against
    // the least of the second. Flat means that floor does not rise, and no sample, garbage and
    // all, exceeds the budget.
    const floorOf = (list) => Math.min(...list.map((x) => x.bytes));
    const half = Math.ceil(samples.length / 2);
    const growth = mb(peakOf(samples) - baseline);
    const drift = mb(floorOf(samples.slice(half)) - floorOf(samples.slice(0, half)));
    row(
      figure,
      `Worker isolate +${growth.toFixed(0)} MB at its peak over ${mb(baseline).toFixed(0)} MB, its floor ${drift >= 0 ? "+" : ""}${drift.toFixed(0)} MB from the first half of the zip to the second (${samples.length} samples, MB over the level before: ${samples.map((x) => mb(x.bytes - baseline).toFixed(0)).join(" ")}); workerd RSS +${mb(rssPeak - rssBaseline).toFixed(0)} MB (local R2 and the inspector included); first byte ${firstByte?.toFixed(0)} ms; ${mb(total).toFixed(0)} MB in ${seconds.toFixed(1)} s (${(mb(total) / seconds).toFixed(0)} MB/s, pauses left out)`,
      budget,
      growth < 64 && drift < 8,
    );
  } finally {
    inspector.close();
    await site.stop();
  }
}

async function benchPapers() {
  const zip = process.env.BENCH_ZIP !== "off";
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  let large, forExport, adminCookie, drafts, adminId;
  try {
    const seeded = performance.now();
    large = await seedLargeConference(proxy.env, { papers: 2000, title: "Bench Conference of 2,000 Papers", startDate: "2099-06-14", manuscripts: zip ? { count: 500, bytes: 5 * 1024 * 1024 } : null });
    forExport = await seedLargeConference(proxy.env, { papers: 1000, title: "Bench Conference of 1,000 Papers", startDate: "2098-06-14" });
    row("Papers bench: seeding 3,000 papers, 18,000 authors (D1)", `${((performance.now() - seeded) / 1000).toFixed(1)} s`, "reported");
    adminId = (await proxy.env.DB.prepare("select id from users where email = 'bench-admin@example.org'").first()).id;
    adminCookie = `session=${await createSessionRow(proxy.env.DB, adminId)}`;
    drafts = Boolean(await proxy.env.DB.prepare("select name from sqlite_master where type = 'table' and name = 'paper_status_drafts'").first());
    if (drafts) {
      // 200 staged changes, as the tab stages them: under review to accepted.
      await proxy.env.DB.prepare(
        `insert into paper_status_drafts (paper_id, conference_id, from_status, to_status, staged_by, staged_at)
         select id, conference_id, status, 'accepted', ?2, ?3 from papers where conference_id = ?1 and status = 'under_review' order by paper_number limit 200`,
      )
        .bind(large.conferenceId, adminId, Date.now())
        .run();
    }
  } finally {
    await proxy.dispose();
  }
  // The manuscripts' objects, once the proxy has let go of the folder (scripts/lib/local-r2.mjs
  // says why not through it).
  if (large.manuscripts) {
    const bucket = await openLocalBucket(dir, "FILES");
    try {
      const stored = await storeManuscripts(bucket, large.manuscripts);
      const mb = (stored.count * stored.bytes) / 1024 / 1024;
      row(`Papers bench: storing ${stored.count} manuscripts of ${(stored.bytes / 1024 / 1024).toFixed(0)} MB in local R2`, `${(stored.ms / 1000).toFixed(1)} s (${(mb / (stored.ms / 1000)).toFixed(0)} MB/s)`, "reported");
    } finally {
      await bucket.close();
    }
  }

  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, devtools: false });
  try {
    const missing = (figure) => {
      throw new Error(`${figure}: the route did not answer as expected`);
    };
    // The list's first page and a search, each beside a public page: after 20 warm-up rounds, 200
    // rounds in which each figure's page is fetched right after a public page, and for each figure
    // the median of its 200 ratios to the public page fetched just before it (the machine is
    // shared: a burst of other work then slows both sides of a ratio alike). With 30 rounds (two
    // seconds) the median moved by ±0.1 from run to run; over 200 (about fifteen seconds) three
    // blocks measured back to back agreed within 0.06 (decision 055). Both sides of a ratio
    // follow a public page, never a console page: fetched right after the first page, a search
    // paid for the garbage the first page left (measured: 1.77 × after two console pages against
    // 1.64 × after a public page, same code, same run).
    const timedGet = async (pathname, cookie = "") => {
      const started = performance.now();
      const response = await fetch(`${site.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
      const html = await response.text();
      const rowsRead = Number(/d1-rows-read;desc=(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
      return { ms: performance.now() - started, rowsRead, status: response.status, html };
    };
    const listBudget = "≤ 100 rows, ≤ 1.5 × a public page";
    const figures = [
      { figure: "Papers tab (2,000 papers), first page", pathname: `/admin/papers?conference=${large.conferenceId}`, ratios: [], times: [], page: null },
      { figure: "Papers tab (2,000 papers), a search", pathname: `/admin/papers?conference=${large.conferenceId}&q=liquidity`, ratios: [], times: [], page: null },
    ];
    const publicTimes = [];
    const [warmUp, rounds] = [20, 200];
    for (let round = 0; round < warmUp + rounds; round++) {
      for (const f of figures) {
        // (The public page measured after another public page, as the console page is: neither pays
        // for a console page's garbage.)
        await timedGet("/conferences");
        const publicPage = await timedGet("/conferences");
        f.page = await timedGet(f.pathname, adminCookie);
        if (round < warmUp) continue;
        f.ratios.push(f.page.ms / publicPage.ms);
        f.times.push(f.page.ms);
        publicTimes.push(publicPage.ms);
      }
    }
    for (const { figure, ratios, times, page } of figures) {
      if (page.status !== 200 || !/Showing [\d,]+\+? of [\d,]+ papers/.test(page.html)) {
        missing(figure, listBudget);
        continue;
      }
      const ratio = median(ratios);
      row(figure, `${median(times).toFixed(0)} ms (${ratio.toFixed(2)} × /conferences at ${median(publicTimes).toFixed(0)} ms, median of ${ratios.length} rounds), ${page.rowsRead} D1 rows read`, listBudget, page.rowsRead <= 100 && ratio <= 1.5);
    }

    // Save of 200 staged changes: one post, as the tab's Save Changes sends it.
    const saveBudget = "one batch (split only at D1's limits)";
    if (!drafts) missing("Papers tab, save of 200 staged changes", saveBudget);
    else {
      const form = await formSession(site.url);
      const body = new URLSearchParams({ _csrf: form.cookie.match(/csrf=([^;]+)/)[1], intent: "save" });
      // The papers staged above: the first 200 under review (every fourth paper number).
      for (const id of large.paperIds.filter((_, i) => i % 4 === 0).slice(0, 200)) body.append("change", `${id}:under_review:accepted`);
      const started = performance.now();
      const r = await fetch(`${site.url}/admin/papers?conference=${large.conferenceId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url, Cookie: `${form.cookie}; ${adminCookie}` },
        body,
      });
      await r.arrayBuffer();
      const ms = performance.now() - started;
      const trips = Number(/d1-render;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
      if (r.status === 404 || r.status === 405) missing("Papers tab, save of 200 staged changes", saveBudget);
      else row("Papers tab, save of 200 staged changes", `${ms.toFixed(0)} ms, answered ${r.status}, ${trips} D1 round trips for the request (session and reads included)`, saveBudget);
    }

    // The export of 1,000 papers: wall time on this machine (the local runtime reports no CPU time), and size.
    {
      const times = [];
      let size = 0;
      let status = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const r = await fetch(`${site.url}/admin/papers/export?conference=${forExport.conferenceId}`, { headers: { Cookie: adminCookie } });
        const bytes = await r.arrayBuffer();
        status = r.status;
        if (status !== 200) break;
        times.push(performance.now() - started);
        size = bytes.byteLength;
      }
      if (status !== 200) missing("Export to Excel, 1,000 papers", "< 1 s CPU");
      else row("Export to Excel, 1,000 papers", `${median(times).toFixed(0)} ms wall time (median of 5; CPU time ≤ this), ${(size / 1024).toFixed(0)} KB`, "< 1 s CPU", median(times) < 1000);
    }

    // The zip of 500 × 5 MB: time to first byte, throughput, and the Worker's memory as the
    // Workers limit counts it (its isolate: heap, ArrayBuffer backing stores), sampled through the
    // inspector on a stack of its own, above its level before. Flat means the floor of the
    // samples does not rise from the zip's first half to its second (benchZip). The workerd process's resident memory is reported beside it:
    // it also holds the local R2 simulator, which reads the 2.5 GB, and memory the allocator keeps.
    if (!zip) row("Download All Manuscripts, 500 × 5 MB", "not measured: BENCH_ZIP=off", "flat, < 64 MB");
    else await benchZip(large.conferenceId, adminCookie, missing);

    // The bulk update of 1,000 rows: its dry run (an uploaded .csv) and its apply, as the dialog posts them.
    {
      const form = await formSession(site.url);
      const cookie = `${form.cookie}; ${adminCookie}`;
      const ids = large.paperIds.slice(1000, 2000);
      const csv = ["id,Status", ...ids.map((id, i) => `${id},${i % 2 ? "accepted" : "rejected"}`)].join("\n");
      const started = performance.now();
      const body = new FormData();
      body.set("_csrf", cookie.match(/csrf=([^;]+)/)[1]);
      body.set("intent", "check");
      body.set("file", new Blob([csv], { type: "text/csv" }), "statuses.csv");
      const checked = await fetch(`${site.url}/admin/papers/bulk-update?conference=${large.conferenceId}`, { method: "POST", body, headers: { Cookie: cookie, Origin: site.url }, redirect: "manual" });
      const html = await checked.text();
      const checkMs = performance.now() - started;
      const plan = /name="plan" value="([0-9a-f-]{36})"/.exec(html)?.[1];
      if (!plan) throw new Error(`the bulk update's dry run answered ${checked.status} without a plan`);
      const applied = await form.post(`/admin/papers/bulk-update?conference=${large.conferenceId}`, { intent: "apply", plan }, adminCookie);
      if (applied.response.status !== 200) throw new Error(`the bulk update's apply answered ${applied.response.status}`);
      const totalMs = performance.now() - started;
      row(`Bulk update, ${ids.length} rows (.csv): dry run + apply`, `${checkMs.toFixed(0)} ms + ${applied.ms.toFixed(0)} ms = ${totalMs.toFixed(0)} ms`, "< 2 s", totalMs < 2000);
    }
  } finally {
    await site.stop();
  }
}

// 12. Registration payment against the local PayPal (scripts/lib/paypal-fake.mjs): the dialog's
// order and capture posts, one registration per accepted paper, each timed from the browser's side
// (the local PayPal answers in about a millisecond, so the figures are the site's own work: the
// session, the eligibility, the D1 writes and the PayPal calls).
if (runs("payments")) await benchPayments();

async function benchPayments() {
  const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 60);
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  let authorCookie, paperIds, conferenceId;
  try {
    const db = proxy.env.DB;
    const authorId = await upsertAccount(db, { email: "bench-payer@example.org", password: BENCH_PASSWORD, role: "user", firstName: "Bench", lastName: "Payer" });
    authorCookie = `session=${await createSessionRow(db, authorId)}`;
    const conference = async (title, start) =>
      (
        await db
          .prepare(
            `insert into conferences (title, location, start_date, end_date, status, description, fee_standard, fee_student, fee_accompanied_person, currency, registration_enabled, registration_deadline)
             values (?1, 'Bench City', ?2, ?2, 'close', '<p>Bench.</p>', 50000, 25000, 10000, 'EUR', 1, '2096-01-01') returning id`,
          )
          .bind(title, start)
          .first()
      ).id;
    conferenceId = await conference("Bench Conference of Payments", "2097-06-14");
    // Accepted papers, one per registration measured, the payer their submitter and first author.
    await db
      .prepare(
        `with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${PAYMENTS - 1})
         insert into papers (conference_id, paper_number, submitter_id, manuscript_type, title, abstract, research_areas, status)
         select ?1, n, ?2, 'regular', 'Paid paper ' || n, 'An abstract.', '[]', 'accepted' from seq`,
      )
      .bind(conferenceId, authorId)
      .run();
    paperIds = (await db.prepare("select id from papers where conference_id = ?1 order by id").bind(conferenceId).all()).results.map((r) => r.id);
  } finally {
    await proxy.dispose();
  }

  const paypal = await startPayPalFake();
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off", ...paypalVars(paypal) }, devtools: false });
  try {
    const first = await fetch(`${site.url}/login`);
    const csrfCookie = first.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const token = csrfCookie.match(/csrf=([^;]+)/)[1];
    await first.text();
    const post = async (pathname, body) => {
      const started = performance.now();
      const r = await fetch(`${site.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/json", Origin: site.url, Cookie: `${csrfCookie}; ${authorCookie}`, "X-CSRF-Token": token },
        body: JSON.stringify(body),
      });
      const json = await r.json();
      const ms = performance.now() - started;
      if (r.status !== 200) throw new Error(`${pathname} answered ${r.status}: ${JSON.stringify(json)}`);
      const trips = Number(/d1-render;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
      return { json, ms, trips };
    };
    const orders = [];
    const captures = [];
    for (const paperId of paperIds) {
      const o = await post("/api/registration/order", { paperId, conferenceId, feeType: "standard", accompaniedPersonsCount: 1 });
      orders.push(o);
      const approved = await fetch(`${paypal.url}/__fake/orders/${o.json.orderId}/approve`, { method: "POST", body: "{}" });
      await approved.arrayBuffer();
      const c = await post("/api/registration/capture", { orderId: o.json.orderId, registrationId: o.json.registrationId, intentToken: o.json.intentToken });
      if (c.json.outcome !== "confirmed") throw new Error(`capture ${o.json.orderId}: ${JSON.stringify(c.json)}`);
      captures.push(c);
    }
    const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
    for (const [figure, samples] of [
      ["POST /api/registration/order (local PayPal)", orders],
      ["POST /api/registration/capture (local PayPal)", captures],
    ]) {
      const ms = samples.map((x) => x.ms);
      row(`${figure}, ${samples.length} registrations`, `median ${median(ms).toFixed(0)} ms, p95 ${p95(ms).toFixed(0)} ms, ${median(samples.map((x) => x.trips))} D1 round trips`, "reported");
    }
    const stats = paypal.stats();
    row("Payments bench: calls to PayPal", `${stats.tokens} token, ${stats.creates} create, ${stats.captures} capture, ${stats.gets} get for ${paperIds.length} registrations; ${stats.charges} charges`, "one charge per registration", stats.charges === paperIds.length);

  } finally {
    await site.stop();
    await paypal.stop();
  }
}

// 11. The console's Registrations tab at the size the issue names: a conference of 2,000 papers,
// each with a confirmed registration and its captured PayPal payment (a fifth of them pending),
// its first page, a page ten Next links on, a status filter and the accountant's CSV of all 2,000.
if (runs("registrations")) await benchRegistrations();

async function benchRegistrations() {
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy({ configPath: path.join(ROOT, "wrangler.toml"), persist: { path: path.join(dir, "v3") } });
  let conferenceId, adminCookie;
  try {
    ({ conferenceId } = await seedLargeConference(proxy.env, { papers: 2000, authorsPerPaper: 2, registeredEvery: 1, title: "Bench Conference of 2,000 Registrations", startDate: "2097-06-14" }));
    const now = Date.now();
    await proxy.env.DB.batch([
      // One a minute apart, so the list's order is the order they came in.
      proxy.env.DB.prepare("update registrations set created_at = ?2 - id * 60000, status = case when id % 5 = 0 then 'pending' else 'confirmed' end where conference_id = ?1").bind(conferenceId, now),
      proxy.env.DB.prepare(
        `insert into payments (registration_id, provider, provider_order_id, provider_capture_id, status, amount, currency, created_at, updated_at)
         select id, 'paypal', 'BENCHORDER' || id, case when status = 'confirmed' then 'BENCHCAPTURE' || id end, case when status = 'confirmed' then 'completed' else 'created' end, amount, currency, created_at, created_at
         from registrations where conference_id = ?1`,
      ).bind(conferenceId),
    ]);
    const adminId = (await proxy.env.DB.prepare("select id from users where email = 'bench-admin@example.org'").first()).id;
    adminCookie = `session=${await createSessionRow(proxy.env.DB, adminId)}`;
  } finally {
    await proxy.dispose();
  }
  const site = await startWorker({ dir, vars: { PAGE_CACHE: "off" }, devtools: false });
  try {
    const list = `/admin/registrations?conference=${conferenceId}`;
    // Each listed row reads its registration, conference, paper, author and deciding payment (about
    // 7 rows). The issue sets no budget: what is held is that a page reads a page, never the
    // conference, so a later page or a filter reads no more than the first page (within 10%).
    const budget = "reported; a later page or a filter reads ≤ 1.1 × the first page";
    const first = await timedAdminGet(site.url, adminCookie, list);
    if (!/Showing 1–50/.test(first.html)) throw new Error("the Registrations tab did not list its first page");
    row("Registrations tab (2,000 registrations), first page of 50", `${first.ms.toFixed(0)} ms, ${first.rowsRead} D1 rows read`, "reported");
    let html = first.html;
    let deep = list;
    for (let i = 0; i < 10; i++) {
      const next = /<a (?=[^>]*rel="next")[^>]*href="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
      if (!next) throw new Error("the Registrations tab has no Next link");
      deep = next;
      html = await (await fetch(`${site.url}${next}`, { headers: { Cookie: adminCookie } })).text();
    }
    const paged = await timedAdminGet(site.url, adminCookie, deep);
    if (!/Showing 501–550/.test(paged.html)) throw new Error("the Registrations tab's 11th page is not rows 501 to 550");
    row("Registrations tab, page 11 (keyset paging)", `${paged.ms.toFixed(0)} ms, ${paged.rowsRead} D1 rows read`, budget, paged.rowsRead > 0 && paged.rowsRead <= 1.1 * first.rowsRead);
    const pending = await timedAdminGet(site.url, adminCookie, `${list}&status=pending`);
    row("Registrations tab, pending only (400 of 2,000)", `${pending.ms.toFixed(0)} ms, ${pending.rowsRead} D1 rows read`, budget, pending.rowsRead > 0 && pending.rowsRead <= 1.1 * first.rowsRead);
    const times = [];
    let size = 0;
    let rowsRead = NaN;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const r = await fetch(`${site.url}/admin/registrations/export.csv?conference=${conferenceId}`, { headers: { Cookie: adminCookie } });
      const text = await r.text();
      times.push(performance.now() - started);
      if (r.status !== 200 || text.trim().split("\r\n").length !== 2001) throw new Error(`the registrations CSV answered ${r.status} with ${text.trim().split("\r\n").length - 1} rows`);
      size = text.length;
      rowsRead = Number(/d1-rows-read;desc=(\d+)/.exec(r.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);
    }
    row("Registrations CSV, 2,000 registrations", `${median(times).toFixed(0)} ms (median of 5), ${(size / 1024).toFixed(0)} KB, ${rowsRead} D1 rows read`, "< 1 s", median(times) < 1000);
  } finally {
    await site.stop();
  }
}

await bare?.stop();
await bareSite?.stop();

// 6. The deployable bundle of the web Worker.
const out = path.join(ROOT, ".wrangler", "bench-dry-run");
const dry = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", out], { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV }, encoding: "utf8" });
if (dry.status === 0) {
  const bundle = readFileSync(path.join(out, "index.js"));
  row("Web Worker bundle", `${(bundle.length / 1024).toFixed(0)} KB, ${(gzipSync(bundle).length / 1024).toFixed(0)} KB gzip`, "≤ 3 MB gzip (Workers limit)", gzipSync(bundle).length < 3 * 1024 * 1024);
} else {
  row("Web Worker bundle", "wrangler deploy --dry-run failed", "", false);
}

const width = (k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
const cols = ["figure", "value", "target", "verdict"];
const line = (r) => `| ${cols.map((k) => String(r[k]).padEnd(width(k))).join(" | ")} |`;
console.log(`\n${line(Object.fromEntries(cols.map((k) => [k, k])))}\n| ${cols.map((k) => "-".repeat(width(k))).join(" | ")} |\n${rows.map(line).join("\n")}`);
console.log(
  `\n${CONNECTIONS} connections; each ratio is the median of ${ROUNDS} rounds of ${(DURATION / 3).toFixed(1)} s, page and both bare Workers back to back in the same runtime,` +
    "\nthe verdict against the bare Worker behind the same static-assets layer as the site (decision 023)." +
    "\nJavaScript counts the module files a page loads (not the inline hydration data).",
);
for (const note of notes) console.log(`Note: ${note}`);
