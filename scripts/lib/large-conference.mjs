/**
 * A large conference for the benchmark and the demo content: one open conference with `papers`
 * papers (2,000 by default), `authorsPerPaper` authors each (6), the first corresponding, a
 * confirmed registration for every `registeredEvery`-th paper (its first author), and a full
 * manuscript's `files` row for every paper. Written with a handful of set-based statements
 * (recursive CTEs), so seeding 2,000 papers and 12,000 authors takes seconds, not minutes.
 *
 * With `manuscripts: { count, bytes }` only the first `count` papers get a `files` row (500 of
 * 5 MB by default), each its own R2 key, so a zip of the conference reads exactly them; the keys
 * come back for `storeManuscripts` to put the objects (a valid PDF padded with an unused stream).
 *
 *   const { conferenceId, manuscripts } = await seedLargeConference(env, { papers: 2000, manuscripts: { count: 500 } });
 *   const stored = await storeManuscripts(bucket, manuscripts);
 */
const TOPICS = [
  ["I. Corporate Finance", "Capital Structure"],
  ["II. Financial Accounting", "Auditing"],
  ["III. Investments", "Asset Pricing"],
  ["IV. Banking", "Bank Regulation"],
  ["V. Derivatives", "Swaps"],
];
const STATUSES = ["under_review", "accepted", "rejected", "incomplete"];

/** A small valid PDF of exactly `bytes` (from about 600 up), padded with an unused stream object. */
export function paddedPdf(bytes, label = "Bench manuscript") {
  const head = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj\n`;
  const text = `BT /F1 18 Tf 72 760 Td (${label.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = `4 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\nendstream\nendobj\n5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n`;
  const tailFor = (padding) => `6 0 obj\n<< /Length ${padding} >>\nstream\n`;
  const end = "\nendstream\nendobj\ntrailer\n<< /Size 7 /Root 1 0 R >>\n%%EOF\n";
  // The padding's length is written in the padding's header: take off a byte at a time until the
  // whole is `bytes` (a size the zip's stated length relies on).
  const fixed = head.length + objects.length + end.length;
  let padding = Math.max(0, bytes - fixed - tailFor(0).length);
  while (padding > 0 && fixed + tailFor(padding).length + padding > bytes) padding--;
  const out = new Uint8Array(head.length + objects.length + tailFor(padding).length + padding + end.length);
  const enc = new TextEncoder();
  let at = 0;
  for (const part of [head, objects, tailFor(padding)]) at += enc.encodeInto(part, out.subarray(at)).written;
  // Incompressible-looking filler, so a zip of it measures real bytes.
  let x = 2463534242;
  for (let i = 0; i < padding; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[at + i] = x & 0xff;
  }
  at += padding;
  enc.encodeInto(end, out.subarray(at));
  return out;
}

/**
 * `env`: a `{ DB }` binding (wrangler's getPlatformProxy, or a Worker's env). Returns the
 * conference's id, the papers' ids in paper-number order, and with `manuscripts` the R2 keys its
 * `files` rows name and the size they state.
 */
export async function seedLargeConference(env, { papers = 2000, authorsPerPaper = 6, registeredEvery = 4, title = "Large Conference on Finance", startDate = "2027-06-14", manuscripts = null, now = Date.now() } = {}) {
  const db = env.DB;
  const stored = manuscripts ? { count: Math.min(manuscripts.count ?? 500, papers), bytes: manuscripts.bytes ?? 5 * 1024 * 1024 } : null;
  const conference = await db
    .prepare(
      `insert into conferences (title, location, start_date, end_date, status, description, fee_standard, fee_student, currency, registration_deadline, paper_counter, created_at, updated_at)
       values (?, 'Lisbon, Portugal', ?, date(?, '+3 days'), 'open', '<p>A conference with many papers.</p>', 45000, 20000, 'EUR', date(?, '-30 days'), ?, ?, ?) returning id`,
    )
    .bind(title, startDate, startDate, startDate, papers, now, now)
    .first();
  const conferenceId = conference.id;
  const topicsCase = (column) => `case ${column} % ${TOPICS.length} ${TOPICS.map(([c, t], i) => `when ${i} then json_array(json_object('category', '${c}', 'topic', '${t}'))`).join(" ")} end`;
  const statusCase = `case n % ${STATUSES.length} ${STATUSES.map((s, i) => `when ${i} then '${s}'`).join(" ")} end`;
  const seq = (count) => `with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${count - 1})`;
  await db.batch([
    db
      .prepare(
        `${seq(papers)}
         insert into papers (conference_id, paper_number, manuscript_type, title, abstract, status, research_areas, submission_key, submitted_at, updated_at)
         select ?1, n, case n % 10 when 0 then 'invited' when 1 then 'doctoral' else 'regular' end,
                'Paper ' || n || ': ' || case n % 5 when 0 then 'Liquidity and bank runs' when 1 then 'Momentum in emerging markets' when 2 then 'Audit quality and earnings' when 3 then 'Option pricing with jumps' else 'Capital structure of family firms' end,
                'We study ' || n || ' questions of finance with data from many markets. ' || printf('%.300c', 'x'),
                ${statusCase}, ${topicsCase("n")}, 'large-' || ?1 || '-' || n, ?2 - n * 60000, ?2 - n * 60000
         from seq`,
      )
      .bind(conferenceId, now),
    db
      .prepare(
        `${seq(authorsPerPaper)}
         insert into paper_authors (paper_id, author_order, salutation, first_name, last_name, email, institution, department, rank, country, is_corresponding)
         select p.id, seq.n + 1, 'Dr.', 'Author' || (seq.n + 1), 'Surname' || p.paper_number, 'author' || (seq.n + 1) || '.paper' || p.paper_number || '@example.org',
                'University ' || ((p.paper_number + seq.n) % 300), 'Finance', 'Professor', case seq.n % 3 when 0 then 'GB' when 1 then 'PT' else 'US' end, seq.n = 0
         from papers p, seq where p.conference_id = ?1`,
      )
      .bind(conferenceId),
    db
      .prepare(
        `insert into registrations (conference_id, paper_id, participant_email, fee_type, amount, currency, status, confirmed_at, created_at, updated_at)
         select ?1, p.id, 'author1.paper' || p.paper_number || '@example.org', 'standard', 45000, 'EUR', 'confirmed', ?2, ?2, ?2
         from papers p where p.conference_id = ?1 and p.paper_number % ?3 = 0`,
      )
      .bind(conferenceId, now, registeredEvery),
    db
      .prepare(
        `insert into files (kind, filename, r2_key, original_name, content_type, size, paper_id, created_at)
         select 'manuscript', 'large-' || ?1 || '-' || p.paper_number || '.pdf', 'manuscript/large-' || ?1 || '-' || p.paper_number || '.pdf',
                'Manuscript ' || p.paper_number || '.pdf', 'application/pdf', ?2, p.id, ?3
         from papers p where p.conference_id = ?1 and p.paper_number < ?4`,
      )
      .bind(conferenceId, stored ? stored.bytes : 180_000, now, stored ? stored.count : papers),
  ]);
  const ids = (await db.prepare("select id from papers where conference_id = ? order by paper_number").bind(conferenceId).all()).results.map((r) => r.id);

  // The keys as D1 wrote them: a number bound through the platform proxy arrives as a real, so
  // the id reads "6.0" inside the statement's strings, not "6".
  const keys = stored
    ? (await db.prepare("select f.r2_key from files f join papers p on p.id = f.paper_id where p.conference_id = ? order by p.paper_number").bind(conferenceId).all()).results.map((r) => r.r2_key)
    : null;
  return { conferenceId, paperIds: ids, manuscripts: stored && { keys, bytes: stored.bytes } };
}

/**
 * Puts one padded PDF of `bytes` under each of `keys` (distinct objects: the zip reads each) into
 * `bucket` (an R2 binding, or scripts/lib/local-r2.mjs's writer), `concurrency` at a time: a new
 * put starts as one ends, so at most that many bodies are in flight. Returns how long it took.
 */
export async function storeManuscripts(bucket, { keys, bytes }, { concurrency = 8 } = {}) {
  const started = performance.now();
  const body = paddedPdf(bytes);
  if (body.byteLength !== bytes) throw new Error(`storeManuscripts: a padded PDF of ${bytes} bytes came out ${body.byteLength}`);
  let next = 0;
  const lane = async () => {
    while (next < keys.length) await bucket.put(keys[next++], body, { httpMetadata: { contentType: "application/pdf" } });
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, lane));
  return { count: keys.length, bytes, ms: performance.now() - started };
}
