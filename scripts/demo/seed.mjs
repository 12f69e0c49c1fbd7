/**
 * Loads the demo content into the local D1 and R2 that `wrangler dev` uses, once: marker rows
 * in site_state make a second run a no-op (the papers have their own, so a local state seeded
 * before they existed gains them at its next start). Run through `npm start`, or
 * `node scripts/demo/seed.mjs`.
 */
import { readFileSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { tsImport } from "tsx/esm/api";
import { getPlatformProxy } from "wrangler";
import { DEMO_ACCOUNTS, demoContent, demoMembers, PHOTO_ALT } from "./content.mjs";
import { DEMO_PAPERS, manuscriptSections } from "./papers.mjs";
import { makeManuscriptPdf, makePdf } from "./pdf.mjs";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const filename = (ext) => `${Array.from(randomBytes(26), (b) => ALPHABET[b % 32]).join("")}.${ext}`;
const photoBytes = (n) => readFileSync(new URL(`./photos/photo-${n}.jpg`, import.meta.url));

// Writes of a row per item go through the application's batch helper and schema (app/db), so they
// fit D1's limits as the application's own writes do.
const { statementsFor, runBatches } = await tsImport("../../app/db/batch.server.ts", import.meta.url);
const { createDb } = await tsImport("../../app/db/client.server.ts", import.meta.url);
const { boardMembers, paperAuthors, pastPresidents, users } = await tsImport("../../app/db/schema.ts", import.meta.url);

/** Rows as statements D1 accepts, prepared on the raw binding so they join its other statements in one batch. */
function rowStatements(db, rows, build) {
  return statementsFor(rows, build).map((statement) => {
    const q = statement.toSQL();
    return db.prepare(q.sql).bind(...q.params);
  });
}

export async function seedDemo(env, today = new Date().toISOString().slice(0, 10)) {
  const site = await seedSite(env, today);
  const papers = await seedPapers(env);
  return site || papers;
}

async function seedSite(env, today) {
  const { DB: db, FILES: bucket } = env;
  const orm = createDb(db);
  const seeded = await db.prepare("select value from site_state where key = 'demo_seeded'").first();
  if (seeded) return false;
  const demo = demoContent(today);
  const now = Date.now();

  async function storeFile({ kind, ext, bytes, originalName, contentType, owner, sortOrder = 0, altText = null, size = null }) {
    const name = filename(ext);
    const key = `${kind.replace("_", "/")}/${name}`;
    // A plain ArrayBuffer: the proxy cannot carry a Buffer that is a view on a shared pool.
    await bucket.put(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), { httpMetadata: { contentType } });
    const row = await db
      .prepare(
        `insert into files (kind, filename, r2_key, original_name, content_type, size, conference_id, news_id, sort_order, alt_text, width, height)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      )
      .bind(kind, name, key, originalName, contentType, bytes.byteLength, owner.conferenceId ?? null, owner.newsId ?? null, sortOrder, altText, size?.[0] ?? null, size?.[1] ?? null)
      .first();
    return row.id;
  }

  for (const c of demo.conferences) {
    const fees = c.fees ?? {};
    const row = await db
      .prepare(
        `insert into conferences (title, location, start_date, end_date, status, description, introduction, venue, keynote_speakers,
          program_chairs, sponsoring_institutions, conference_objective, areas_of_interest, doctoral_tutorials, submission_guidelines,
          paper_awards, registration_fee_info, further_information, scientific_committee, local_organizing_committee,
          fee_standard, fee_student, fee_accompanied_person, currency, registration_enabled, payment_required)
         values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) returning id`,
      )
      .bind(
        c.title, c.location, c.startDate, c.endDate, c.status, c.description, c.introduction ?? null, c.venue ?? null, c.keynoteSpeakers ?? null,
        c.programChairs ?? null, c.sponsoringInstitutions ?? null, c.conferenceObjective ?? null, c.areasOfInterest ?? null, c.doctoralTutorials ?? null,
        c.submissionGuidelines ?? null, c.paperAwards ?? null, c.registrationFeeInfo ?? null, c.furtherInformation ?? null, c.scientificCommittee ?? null,
        c.localOrganizingCommittee ?? null, fees.standard ?? null, fees.student ?? null, fees.accompaniedPerson ?? null, fees.currency ?? "EUR", 1, 1,
      )
      .first();
    const owner = { conferenceId: row.id };
    for (const [i, f] of (c.files ?? []).entries()) {
      await storeFile({ kind: "conference_file", ext: "pdf", bytes: makePdf(f.title, f.lines), originalName: f.name, contentType: "application/pdf", owner, sortOrder: i });
    }
    let headerId = null;
    for (const [i, n] of (c.photos ?? []).entries()) {
      const id = await storeFile({
        kind: "conference_photo", ext: "jpg", bytes: photoBytes(n), originalName: `conference-photo-${n}.jpg`, contentType: "image/jpeg",
        owner, sortOrder: i, altText: PHOTO_ALT[n - 1], size: [1200, 800],
      });
      if (n === c.headerPhoto) headerId = id;
    }
    if (headerId) await db.prepare("update conferences set header_photo_id = ? where id = ?").bind(headerId, row.id).run();
  }

  for (const n of demo.news) {
    const created = now - n.ageDays * 86_400_000;
    const row = await db
      .prepare(`insert into news (title, category, status, news_date, content, details, contact_info, created_at) values (?,?,?,?,?,?,?,?) returning id`)
      .bind(n.title, n.category ?? null, n.status, n.newsDate ?? null, n.content, n.details ?? null, n.contactInfo ?? null, created)
      .first();
    const owner = { newsId: row.id };
    for (const [i, f] of (n.files ?? []).entries()) {
      await storeFile({ kind: "news_file", ext: "pdf", bytes: makePdf(f.title, f.lines), originalName: f.name, contentType: "application/pdf", owner, sortOrder: i });
    }
    if (n.featuredPhoto) {
      const id = await storeFile({
        kind: "news_file", ext: "jpg", bytes: photoBytes(n.featuredPhoto), originalName: "featured.jpg", contentType: "image/jpeg",
        owner, sortOrder: 99, altText: PHOTO_ALT[n.featuredPhoto - 1], size: [1200, 800],
      });
      await db.prepare("update news set featured_image_id = ? where id = ?").bind(id, row.id).run();
    }
  }

  for (const y of demo.board) {
    const row = await db
      .prepare("insert into board_years (period, title, sponsoring_institution) values (?,?,?) returning id")
      .bind(y.period, y.title, y.sponsoringInstitution)
      .first();
    const members = [
      ...y.directors.map((m) => ["directors", m]),
      ...y.trustees.map((m) => ["trustees", m]),
      ...y.executive.map((m) => ["executive", m]),
      ...y.nominating.map((m) => ["nominating", m]),
      ...y.administration.map((m) => ["administration", m]),
    ];
    await runBatches(
      db,
      rowStatements(
        db,
        members.map(([section, m], i) => ({ boardYearId: row.id, section, position: m.position ?? null, term: m.term ?? null, name: m.name, affiliation: m.affiliation ?? null, sortOrder: i })),
        (chunk) => orm.insert(boardMembers).values(chunk),
      ),
    );
  }
  await runBatches(
    db,
    rowStatements(db, demo.pastPresidents.map((pp, i) => ({ years: pp.years, name: pp.name, note: pp.note || null, sortOrder: i })), (chunk) => orm.insert(pastPresidents).values(chunk)),
  );
  await runBatches(
    db,
    rowStatements(
      db,
      demoMembers(now).map((m) => ({
        email: m.email,
        username: m.email,
        role: m.role,
        status: m.status,
        emailConfirmedAt: m.emailConfirmedAt === null ? null : new Date(m.emailConfirmedAt),
        salutation: m.salutation,
        firstName: m.firstName,
        lastName: m.lastName,
        workPhoneCountry: m.workPhoneCountry,
        workPhone: m.workPhone,
        cellPhoneCountry: "+1",
        primaryAffiliation: m.primaryAffiliation,
        institution: m.institution,
        expertise: m.expertise,
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(m.createdAt),
        lastLoginAt: m.lastLoginAt === null ? null : new Date(m.lastLoginAt),
      })),
      (chunk) => orm.insert(users).values(chunk),
    ),
  );
  await db.batch([
    db.prepare("insert into site_state (key, value) values ('demo_seeded', ?)").bind(today),
    db.prepare("insert into site_state (key, value) values ('content_version', ?) on conflict(key) do update set value = excluded.value").bind(String(now)),
  ]);
  return true;
}

/**
 * The demo papers (scripts/demo/papers.mjs) in the open conference and the last ended one, each
 * numbered as a submission numbers it (the conference's counter), with its authors linked to
 * their accounts by address and its manuscript in R2. Makes the demo author's account when the
 * start has not made it yet (without a password: the start sets one).
 */
async function seedPapers(env) {
  const { DB: db, FILES: bucket } = env;
  const orm = createDb(db);
  if (await db.prepare("select value from site_state where key = 'demo_papers_seeded'").first()) return false;
  const open = await db.prepare("select id from conferences where status = 'open' order by start_date limit 1").first();
  const ended = await db.prepare("select id from conferences where status = 'ended' order by start_date desc limit 1").first();
  if (!open || !ended) return false;
  const conferenceIds = { open: open.id, ended: ended.id };
  const now = Date.now();
  const me = DEMO_ACCOUNTS.find((a) => a.role === "user");
  await db
    .prepare(
      `insert into users (email, username, role, status, email_confirmed_at, salutation, first_name, last_name, primary_affiliation, institution, expertise, created_at, updated_at)
       values (?1, ?1, 'user', 'active', ?2, 'Dr.', ?3, ?4, ?5, ?6, ?7, ?2, ?2) on conflict (email) do nothing`,
    )
    .bind(me.email, now - 400 * 86_400_000, me.firstName, me.lastName, JSON.stringify(me.profile.primaryAffiliation), me.profile.primaryAffiliation.institution, JSON.stringify(me.profile.expertise))
    .run();
  const members = demoMembers(now);
  // An author row from an account's profile: the demo author, or a demo member by index.
  const fromProfile = (p, a) => ({ firstName: p.firstName, lastName: p.lastName, email: p.email, institution: a.institution, department: a.department, rank: a.rank, city: a.address.city, country: a.address.country });
  const person = (who) => {
    if (who === "me") return fromProfile(me, me.profile.primaryAffiliation);
    if (typeof who === "number") return fromProfile(members[who], members[who].primaryAffiliation);
    return { rank: "Professor", ...who };
  };
  const countryName = new Intl.DisplayNames(["en"], { type: "region" });

  for (const paper of DEMO_PAPERS) {
    const conferenceId = conferenceIds[paper.conference];
    const authors = paper.authors.map(person);
    const submitter = person(paper.submitter);
    const pdf = makeManuscriptPdf({
      ...paper,
      authors: authors.map((a) => ({ ...a, name: `${a.firstName} ${a.lastName}`, country: countryName.of(a.country) })),
      sections: manuscriptSections(paper),
    });
    const name = filename("pdf");
    const key = `manuscript/${name}`;
    await bucket.put(key, pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength), { httpMetadata: { contentType: "application/pdf" } });
    const submittedAt = now - paper.daysAgo * 86_400_000 - (paper.title.length % 9) * 3_600_000;
    const paperId = "(select id from papers where submission_key = ?1)";
    const submissionKey = `demo-${createHash("sha256").update(paper.title).digest("hex").slice(0, 24)}`;
    await runBatches(db, [
      db.prepare("update conferences set paper_counter = paper_counter + 1 where id = ?").bind(conferenceId),
      db
        .prepare(
          `insert into papers (conference_id, paper_number, submitter_id, manuscript_type, title, abstract, status, research_areas, submitted_at, updated_at, submission_key)
           values (?1, (select paper_counter - 1 from conferences where id = ?1), (select id from users where email = ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
        )
        .bind(conferenceId, submitter.email, paper.type, paper.title, paper.abstract, paper.status, JSON.stringify(paper.areas.map(([category, topic]) => ({ category, topic }))), submittedAt, submittedAt + (paper.status === "under_review" ? 0 : 20 * 86_400_000), submissionKey),
      ...rowStatements(
        db,
        authors.map((a, i) => ({
          paperId: sql`(select id from papers where submission_key = ${submissionKey})`,
          userId: sql`(select id from users where email = ${a.email} and deleted_at is null)`,
          authorOrder: i + 1,
          firstName: a.firstName,
          lastName: a.lastName,
          email: a.email,
          institution: a.institution,
          department: a.department ?? null,
          rank: a.rank,
          country: a.country,
          isCorresponding: i === paper.corresponding,
        })),
        (chunk) => orm.insert(paperAuthors).values(chunk),
      ),
      db
        .prepare(
          `insert into files (kind, filename, r2_key, original_name, content_type, size, sha256, paper_id, uploaded_by, created_at)
           values ('manuscript', ?2, ?3, ?4, 'application/pdf', ?5, ?6, ${paperId}, (select id from users where email = ?7), ?8)`,
        )
        .bind(submissionKey, name, key, `${authors[0].lastName} - ${paper.title.split(":")[0].slice(0, 60)}.pdf`, pdf.byteLength, createHash("sha256").update(pdf).digest("hex"), submitter.email, submittedAt),
    ]);
  }
  await db.prepare("insert into site_state (key, value) values ('demo_papers_seeded', ?)").bind(String(now)).run();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: true });
  try {
    const done = await seedDemo(proxy.env);
    console.log(done ? "Demo content loaded." : "Demo content already present.");
  } finally {
    await proxy.dispose();
  }
}
