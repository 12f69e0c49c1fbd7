/**
 * Papers, their authors and their files, as whoever asks may see them. Every function takes a
 * `PaperAsker` and filters by it in the query itself: an author sees the papers they submitted
 * or are listed on (by the account their address belonged to when the paper was submitted, or
 * claimed since: see authorship.server.ts); the office sees every paper. A paper the asker may not
 * see does not exist for them. My Submissions, the console's Papers tab and the JSON API read and
 * write papers here only.
 */
import { and, count, desc, eq, exists, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { chunksOf } from "~/db/batch.server";
import { batchPrepared, placeholders, preparedQuery, type PreparedCall, type PreparedResults } from "~/db/prepared.server";
import { auditLog, conferences, files, PAPER_STATUSES, paperAuthors, paperCounts, papers, type PaperStatus } from "~/db/schema";
import { auditEntryIfChanged } from "~/models/audit.server";
import { attachmentFields } from "~/models/file.server";
import { queueOutboxRows, selectedMail } from "~/mail/outbox.server";
import { paperDisplayNumber } from "~/lib/status";
import type { ConferenceFees } from "~/features/payments/fees";
import { registrationStatsColumn, toRegistrationStats, type RegistrationStats } from "~/features/payments/registration.server";
import { PAPERS_PAGE_SIZE } from "./papers-forms";
import { sessionIsAdmin, sessionUserId, type SessionUser } from "~/server/auth/session.server";
import type { Database } from "~/db/client.server";
import { conflict, forbidden, notFound } from "~/server/errors.server";
import { defineKeyset, seekOf, type Page, type Seek } from "~/server/keyset.server";
import type { Services } from "~/server/services.server";

/* ---------------------------------------------------------------- who asks */

/** Whether a paper's conference takes registrations, and its fees (columns to select): My Submissions and the decision letters both say them. */
export const CONFERENCE_REGISTRATION_TERMS = {
  registrationEnabled: conferences.registrationEnabled,
  feeStandard: conferences.feeStandard,
  feeStudent: conferences.feeStudent,
  feeAccompaniedPerson: conferences.feeAccompaniedPerson,
  currency: conferences.currency,
};

/** An author (their own papers) or an administrator acting as the office (every paper). */
export type PaperAsker = { userId: number; as: "author" | "admin" };

/** The signed-in user as an author: their own papers, whatever their role. */
export const asAuthor = (user: Pick<SessionUser, "id">): PaperAsker => ({ userId: user.id, as: "author" });

/** The signed-in user as the office: every paper, for an administrator only (403 for anyone else). */
export function asAdmin(user: Pick<SessionUser, "id" | "role">): PaperAsker {
  if (user.role !== "admin") throw forbidden("Only administrators may do this.");
  return { userId: user.id, as: "admin" };
}

/** The papers the asker may see, as a condition on `papers` (none for the office). */
function visibleTo(asker: PaperAsker): SQL | undefined {
  if (asker.as === "admin") return undefined;
  return authorsPapers(asker.userId);
}

/**
 * The papers an author may see, as a condition on `papers`: those they submitted and those that
 * list their account. `userId` is the id, or SQL that names it (a placeholder, `sessionUserId`).
 */
function authorsPapers(userId: number | SQL | Placeholder): SQL {
  return or(eq(papers.submitterId, sql`${userId}`), inArray(papers.id, sql`(select pa.paper_id from paper_authors pa where pa.user_id = ${userId})`))!;
}


/** Each shape's query, declared on first use. */
function shaped<Q>(make: (shape: string) => Q): (shape: string) => Q {
  const made = new Map<string, Q>();
  return (shape) => {
    let query = made.get(shape);
    if (!query) made.set(shape, (query = make(shape)));
    return query;
  };
}

/* ---------------------------------------------------------------- My Submissions */

export const PAPER_ROLES = ["submitter", "corresponding_author", "co_author"] as const;
export type PaperRole = (typeof PAPER_ROLES)[number];

type ListedAuthor = { firstName: string; lastName: string; isCorresponding: boolean };

export type MySubmission = {
  id: number;
  number: string;
  title: string;
  manuscriptType: string;
  status: string;
  submittedAt: number;
  conference: { id: number; title: string; registrationEnabled: boolean; fees: ConferenceFees & { currency: string; description: string | null } };
  authors: ListedAuthor[];
  roles: PaperRole[];
  hasManuscript: boolean;
  hasBlindCopy: boolean;
  keywords: string[];
  jelCodes: string[];
  canDelete: boolean;
  /** The paper's confirmed registrations as the spec's registrationStats. */
  registrationStats: RegistrationStats;
};

/** Who reads My Submissions: an author by their id, or the author a session names (`sessionUserId`), in the session's own round trip (decision 066). */
export type SubmissionsReader = { as: "author" | "admin"; userId: number } | { as: "session"; sessionId: string };

/** My Submissions' one query for each kind of reader, built once (decision 024); columns named apart (a D1 batch keys rows by name). */
const mySubmissionsQuery = shaped((as) => {
  const me = as === "session" ? sessionUserId : sql.placeholder("userId");
  return preparedQuery(
    (db) =>
      db
        .select({
          id: papers.id,
          paperNumber: papers.paperNumber,
          title: papers.title,
          manuscriptType: papers.manuscriptType,
          status: papers.status,
          submittedAt: papers.submittedAt,
          submitterId: papers.submitterId,
          conferenceId: sql<number>`${conferences.id}`.as("conference_id"),
          conferenceTitle: sql<string>`${conferences.title}`.as("conference_title"),
          startDate: conferences.startDate,
          ...CONFERENCE_REGISTRATION_TERMS,
          feeDescription: conferences.feeDescription,
          // Subqueries name their tables by hand (see file.server.ts: drizzle may leave columns unqualified).
          authors: sql<string>`(select json_group_array(json_object('firstName', a.first_name, 'lastName', a.last_name, 'isCorresponding', a.is_corresponding))
        from (select pa.first_name, pa.last_name, pa.is_corresponding from paper_authors pa where pa.paper_id = "papers"."id" order by pa.author_order) a)`.as("authors_json"),
          mine: sql<number | null>`(select max(pa.is_corresponding) from paper_authors pa where pa.paper_id = "papers"."id" and pa.user_id = ${me})`.as("mine"),
          hasManuscript: sql<number>`exists (select 1 from files f where f.paper_id = "papers"."id" and f.kind = 'manuscript')`.as("has_manuscript"),
          hasBlindCopy: sql<number>`exists (select 1 from files f where f.paper_id = "papers"."id" and f.kind = 'blind_copy')`.as("has_blind_copy"),
          registrationStats: registrationStatsColumn(sql`"papers"."id"`, me).as("registration_stats"),
          keywords: papers.keywords,
          jelCodes: papers.jelCodes,
        })
        .from(papers)
        .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
        .where(as === "admin" ? undefined : authorsPapers(me))
        .orderBy(desc(papers.submittedAt), desc(papers.id)),
    placeholders<{ userId?: number; sessionId?: string }>(),
  );
});

/**
 * My Submissions' read, for a batch of the caller's (the session's, `requireUserWith` or an API
 * call's `reads`), and the list its rows make for the user `userId` (the session's, once known).
 */
export function mySubmissionsReads(reader: SubmissionsReader) {
  const call = mySubmissionsQuery(reader.as)(reader.as === "session" ? { sessionId: reader.sessionId } : { userId: reader.userId });
  return { calls: [call] as const, list: mySubmissionsOf };
}

type MySubmissionRows = PreparedResults<[ReturnType<ReturnType<typeof mySubmissionsQuery>>]>[0];

/** The list `mySubmissionsReads`' rows make for the user `userId` (the session's, once known). */
export function mySubmissionsOf(rows: MySubmissionRows, userId: number): MySubmission[] {
  return rows.map((r) => {
    const roles: PaperRole[] = [];
    if (r.submitterId === userId) roles.push("submitter");
    if (r.mine === 1) roles.push("corresponding_author");
    else if (r.mine === 0) roles.push("co_author");
    const authors = (JSON.parse(r.authors) as Array<ListedAuthor & { isCorresponding: number | boolean }>).map((a) => ({ ...a, isCorresponding: Boolean(a.isCorresponding) }));
    return {
      id: r.id,
      number: paperDisplayNumber(r.startDate, r.paperNumber),
      title: r.title,
      manuscriptType: r.manuscriptType,
      status: r.status,
      submittedAt: r.submittedAt.getTime(),
      conference: {
        id: r.conferenceId,
        title: r.conferenceTitle,
        registrationEnabled: Boolean(r.registrationEnabled),
        fees: { standard: r.feeStandard, student: r.feeStudent, accompaniedPerson: r.feeAccompaniedPerson, currency: r.currency, description: r.feeDescription },
      },
      authors,
      roles,
      hasManuscript: Boolean(r.hasManuscript),
      hasBlindCopy: Boolean(r.hasBlindCopy),
      keywords: r.keywords,
      jelCodes: r.jelCodes,
      canDelete: r.submitterId === userId && r.status === "under_review",
      registrationStats: toRegistrationStats(JSON.parse(r.registrationStats) as { total: number; mine: number; others: number }),
    };
  });
}

/** The asker's papers, newest first, with their role on each: one query (authors, roles and registration counts gathered in SQL). */
export async function mySubmissions({ db }: Pick<Services, "db">, asker: PaperAsker): Promise<MySubmission[]> {
  const reads = mySubmissionsReads(asker);
  const [rows] = await batchPrepared(db, reads.calls);
  return reads.list(rows, asker.userId);
}

/* ---------------------------------------------------------------- the console's list */


const paperPages = defineKeyset({
  sort: papers.paperNumber,
  id: papers.id,
  pattern: /\d{1,9}/,
  decode: Number,
  encode: (row: { paperNumber: number }) => String(row.paperNumber),
});

export type PaperQuery = Page<number> & { conferenceId: number; q: string; status: PaperStatus | "" };

/** `?q=` search, `?status=` filter and keyset paging (decision 028) for one conference's papers. */
export function parsePaperQuery(url: URL, conferenceId: number): PaperQuery {
  // Control characters (a NUL ends an FTS5 phrase early) are no part of a search.
  const q = (url.searchParams.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 100);
  const status = url.searchParams.get("status") ?? "";
  return { conferenceId, q, status: (PAPER_STATUSES as readonly string[]).includes(status) ? (status as PaperStatus) : "", ...paperPages.parse(url) };
}

/** `papers_search`'s rowid: the conference's id × 2^20 plus the paper's number (migration 0012). */
const SEARCH_KEY = 1_048_576;

/**
 * A search counts its matches up to this many and shows more as "30+": counting every match of a
 * common word reads every match. With the page's 25 and what the tab reads beside them, a search
 * stays within 100 rows read (the issue's budget; decision 052).
 */
export const SEARCH_COUNT_CAP = 30;

const listColumns = {
  id: papers.id,
  paperNumber: papers.paperNumber,
  title: papers.title,
  abstractStart: sql<string>`substr(${papers.abstract}, 1, 100)`,
  manuscriptType: papers.manuscriptType,
  status: papers.status,
  submittedAt: papers.submittedAt,
  updatedAt: papers.updatedAt,
  firstAuthor: papers.firstAuthor,
  fileKinds: papers.fileKinds,
  registrations: papers.confirmedRegistrations,
  staged: papers.stagedStatus,
};

/**
 * The shapes of the office's list queries. Each shape's SQL is built once per isolate and its
 * values filled per request (decision 024): building them was a fifth of the tab's CPU.
 * - `seek`: the page's cursor: none (the first page), after a paper, or before one;
 * - `find`: no search, the search index's trigram match (three characters or more), or a shorter
 *   text looked for in the conference's index rows;
 * - `status`: whether a status filter applies.
 */
type Find = "none" | "match" | "like";
type ListValues = { conferenceId: number; status?: string; key?: number; id?: number; text?: string; low?: number; high?: number; from?: number; sessionId?: string };

/**
 * Who the office's list is read for: an administrator the caller has already checked, or whoever
 * a session names, for reads that ride in the session's own batch (decision 066) before anyone
 * knows who asks. Those reads hold themselves to an administrator's session in their LIMIT
 * (`heldLimit`): for anyone else they read nothing at all (no paper, no search index), and a
 * member's answer takes the same time whatever they search for.
 */
export type ListReader = { as: "admin" } | { as: "session"; sessionId: string };

const ph = (name: keyof ListValues) => sql.placeholder(name);
// A bound number reaches D1 as a real: cast, the index seeks to it; uncast, it reads about five times the rows.
const int = (name: keyof ListValues) => sql`cast(${sql.placeholder(name)} as integer)`;

/**
 * A read's LIMIT (`n`, or -1 for none) as `reader` may have it: for a session, `n` while it is a
 * live administrator's (`sessionIsAdmin`) and 0 for anyone else. SQLite works a LIMIT out once,
 * before the read's first row, and a LIMIT of 0 ends the read there. (A condition with a subquery
 * in WHERE is tested row by row, after the rows are read; a gate joined as the outer table makes an
 * ordered list sort in a temporary table.)
 */
// (drizzle's builder types a LIMIT as a number or a placeholder; it renders any SQL given, as
// `.limit(heldLimit(…) as never)` gives it.)
function heldLimit(reader: string, n: number): SQL {
  return reader === "session" ? sql`(case when ${sessionIsAdmin} then ${sql.raw(String(n))} else 0 end)` : sql.raw(String(n));
}

/** The search index's hits of the conference, in the list's order from the cursor (`low` + the cursor's number in `from`), as `n`. */
function searchHits(find: Exclude<Find, "none">, seek: Seek, limit: number, reader: string): SQL {
  const found = find === "match" ? sql`papers_search match ${ph("text")}` : sql`body like ${ph("text")} escape '\\'`;
  const from = seek === "after" ? sql`rowid < ${int("from")}` : seek === "before" ? sql`rowid > ${int("from")}` : sql`rowid >= ${int("low")}`;
  return sql`select rowid - ${int("low")} as n from papers_search where ${found} and ${from} and rowid < ${int("high")} order by rowid ${seek === "before" ? sql`asc` : sql`desc`} limit ${heldLimit(reader, limit)}`;
}

const ofConference = (status: boolean) => and(eq(papers.conferenceId, ph("conferenceId")), status ? eq(papers.status, ph("status")) : undefined);


/** The conference's paper count, or its count of one status, from the counts the triggers keep. */
const conferenceCount = shaped((shape) => {
  const [status, reader] = shape.split(":") as [string, ListReader["as"]];
  return preparedQuery((db) => {
    const counted = db
      .select({ n: paperCounts.n })
      .from(paperCounts)
      .where(and(eq(paperCounts.conferenceId, ph("conferenceId")), status === "status" ? eq(paperCounts.status, ph("status")) : undefined))
      .limit(heldLimit(reader, -1) as never)
      .as("counted");
    return db.select({ n: sql<number>`coalesce(sum(${counted.n}), 0)` }).from(counted);
  }, placeholders<ListValues>());
});

/** A page of the conference's papers, 25 and one more, from the cursor; narrowed to a search's hits when one is asked with a status. */
const listPage = shaped((shape) => {
  const [seek, status, narrowed, reader] = shape.split(":") as [Seek, string, Find, ListReader["as"]];
  return preparedQuery((db) => {
    const hits = narrowed !== "none" ? sql`${papers.paperNumber} in (select n from (${searchHits(narrowed, "first", 10_000_000, reader)}))` : undefined;
    return db
      .select(listColumns)
      .from(papers)
      .where(and(ofConference(status === "status"), hits, paperPages.preparedWhere(seek)))
      .orderBy(...paperPages.orderBy(seek))
      .limit(heldLimit(reader, PAPERS_PAGE_SIZE + 1) as never);
  }, placeholders<ListValues>());
});

/** The papers matching a search and a status, counted exactly. */
const narrowedCount = shaped((shape) => {
  const [find, reader] = shape.split(":") as [Exclude<Find, "none">, ListReader["as"]];
  return preparedQuery((db) => {
    const matched = db
      .select({ one: sql<number>`1`.as("one") })
      .from(papers)
      .where(and(ofConference(true), sql`${papers.paperNumber} in (select n from (${searchHits(find, "first", 10_000_000, reader)}))`))
      .limit(heldLimit(reader, -1) as never)
      .as("matched");
    return db.select({ n: count() }).from(matched);
  }, placeholders<ListValues>());
});

/**
 * The office's search: the index's hits from the cursor, up to the count's cap and one more, each
 * joined to its paper by number (one seek each). The page is the first 26 of them and the count is
 * how many there are: the index is searched once for both.
 */
const searchPage = shaped((shape) => {
  const [find, seek, reader] = shape.split(":") as [Exclude<Find, "none">, Seek, ListReader["as"]];
  return preparedQuery((db) => {
    const hits = db.select({ n: sql<number>`n`.as("n") }).from(sql`(${searchHits(find, seek, SEARCH_COUNT_CAP + 1, reader)})`).as("hits");
    // CROSS JOIN keeps the hits the outer loop in SQLite. The rows are put in order by the
    // caller: an ORDER BY would sort them through a temporary table D1 counts as rows read again.
    return db.select(listColumns).from(hits).crossJoin(papers).where(and(eq(papers.conferenceId, ph("conferenceId")), eq(papers.paperNumber, hits.n)));
  }, placeholders<ListValues>());
});

type ListRow = PreparedResults<[ReturnType<ReturnType<typeof listPage>>]>[0][number];

/**
 * A conference's papers as the office lists them, highest number first, 25 to a page, with
 * `alongside` (more prepared queries of the caller's) in the same D1 batch. Each row carries what
 * the list shows of the paper's other records, kept on the paper itself (its first author, its
 * files' kinds, its confirmed registrations, the decision staged on it), so a page reads its own
 * 25 papers.
 *
 * - No search: the page, and the counts from `paper_counts` (kept by triggers): one batch.
 * - A search: the search index's hits from the cursor, up to `SEARCH_COUNT_CAP` + 1, joined to
 *   their papers: the page is the first of them, the count is how many. `total` is the count, `totalCapped` says there are
 *   more. The search index (migration 0012) holds each paper's title, status, manuscript type,
 *   research areas and every author's name and e-mail; the trigram index answers from three
 *   characters on, a shorter text is looked for in the conference's rows alone.
 * - A search with a status filter: the matching papers counted exactly.
 */
export async function listPapers<const Alongside extends readonly PreparedCall<unknown>[]>({ db }: Pick<Services, "db">, asker: PaperAsker, query: PaperQuery, alongside: Alongside = [] as unknown as Alongside) {
  if (asker.as !== "admin") throw forbidden("Only administrators may do this.");
  const reads = paperListReads(query, alongside);
  return reads.page(await batchPrepared(db, reads.calls({ as: "admin" })));
}

/**
 * `listPapers`'s reads (`calls`, for a checked administrator or, in the session's own batch, for
 * whoever the session names: `ListReader`), and the page their rows make.
 */
export function paperListReads<const Alongside extends readonly PreparedCall<unknown>[]>(query: PaperQuery, alongside: Alongside = [] as unknown as Alongside) {
  const { q, after, before } = query;
  const seek = seekOf(query);
  const status = query.status ? "status" : "all";
  const find: Find = !q ? "none" : [...q].length >= 3 ? "match" : "like";
  const low = query.conferenceId * SEARCH_KEY;
  const cursor = after ?? before;
  const values: ListValues = {
    conferenceId: query.conferenceId,
    ...(query.status ? { status: query.status } : {}),
    ...(cursor ? { key: cursor.key, id: cursor.id, from: low + cursor.key } : {}),
    ...(find !== "none" ? { text: find === "match" ? `"${q.replace(/"/g, '""')}"` : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, low, high: low + SEARCH_KEY } : {}),
  };
  const searched = find !== "none" && !query.status;
  const calls = (reader: ListReader) => {
    const as = reader.as;
    const filled: ListValues = reader.as === "session" ? { ...values, sessionId: reader.sessionId } : values;
    const counts = conferenceCount(`${status}:${as}`)(filled);
    const exact = find !== "none" && !searched ? [narrowedCount(`${find}:${as}`)(filled)] : [];
    return [searched ? searchPage(`${find}:${seek}:${as}`)(filled) : listPage(`${seek}:${status}:${find}:${as}`)(filled), counts, ...exact, ...alongside] as const;
  };
  const page = (results: readonly unknown[]) => {
    const [hits, all, ...rest] = results as [ListRow[], Array<{ n: number }>, ...unknown[]];
    const conferenceTotal = Number(all[0]?.n ?? 0);
    let found: ListRow[];
    let total: number;
    let totalCapped = false;
    if (searched) {
      const matches = hits.length;
      found = hits.sort((a, b) => (before ? a.paperNumber - b.paperNumber : b.paperNumber - a.paperNumber)).slice(0, PAPERS_PAGE_SIZE + 1);
      // The count from where the page starts (the rows before it are `start` - 1): exact up to the
      // cap. Read backwards from a later page, the count is what that page and the ones before hold,
      // and more follow.
      if (before) (total = query.start - 1 + Math.min(matches, PAPERS_PAGE_SIZE)), (totalCapped = true);
      else (total = query.start - 1 + Math.min(matches, SEARCH_COUNT_CAP)), (totalCapped = matches > SEARCH_COUNT_CAP);
    } else {
      found = hits;
      total = find !== "none" ? Number((rest.shift() as Array<{ n: number }>)[0]?.n ?? 0) : conferenceTotal;
    }
    const rows = found.map(({ staged, ...r }) => ({ ...r, staged: (staged as PaperStatus | null) ?? null }));
    return { ...paperPages.slice(rows, query, PAPERS_PAGE_SIZE), total, totalCapped, conferenceTotal, alongside: rest as unknown as PreparedResults<Alongside> };
  };
  return { calls, page };
}

/**
 * What the office's full view adds to a page of `listPapers` (the JSON API's list): each paper's
 * abstract, research areas, authors in order and files (newest first within a kind), read in one
 * round trip for the page's ids (25 at most), by paper id.
 */
export async function papersInFull({ db }: Pick<Services, "db">, asker: PaperAsker, paperIds: readonly number[]) {
  if (asker.as !== "admin") throw forbidden("Only administrators may do this.");
  type Full = { abstract: string; researchAreas: Array<{ category: string; topic: string }>; authors: Array<typeof paperAuthors.$inferSelect>; files: Array<{ id: number; kind: string; filename: string; originalName: string; contentType: string; size: number }> };
  const out = new Map<number, Full>();
  if (!paperIds.length) return out;
  const list = JSON.stringify(paperIds);
  const listed = (column: typeof papers.id | typeof paperAuthors.paperId | typeof files.paperId) => sql`${column} in (select value from json_each(${list}))`;
  const [found, authors, stored] = await db.batch([
    db.select({ id: papers.id, abstract: papers.abstract, researchAreas: papers.researchAreas }).from(papers).where(listed(papers.id)),
    db.select().from(paperAuthors).where(listed(paperAuthors.paperId)).orderBy(paperAuthors.paperId, paperAuthors.authorOrder),
    db
      .select({ paperId: files.paperId, id: files.id, kind: files.kind, filename: files.filename, originalName: files.originalName, contentType: files.contentType, size: files.size })
      .from(files)
      .where(listed(files.paperId))
      .orderBy(files.kind, desc(files.id)),
  ]);
  for (const p of found) out.set(p.id, { abstract: p.abstract, researchAreas: p.researchAreas, authors: [], files: [] });
  for (const a of authors) out.get(a.paperId)?.authors.push(a);
  for (const { paperId, ...f } of stored) if (paperId !== null) out.get(paperId)?.files.push(f);
  return out;
}

/* ---------------------------------------------------------------- one paper */

/**
 * One paper with its conference, its authors in order and its files, in one round trip; null when
 * the asker may not see it. With `history`, the paper's status history (`StatusChange`) is read in
 * the same round trip (null when not asked for).
 */
export async function getPaper({ db }: Pick<Services, "db">, asker: PaperAsker, paperId: number, options: { history?: boolean } = {}) {
  const reads = paperReads(asker.as === "admin" ? { as: "admin" } : { as: "author", userId: asker.userId }, paperId, options);
  return reads.paper(await batchPrepared(db, reads.calls));
}

/**
 * Who reads a paper in `paperReads`: the office, an author by their id, or the author a session
 * names (`sessionUserId`), for a read in the session's own round trip (decision 066).
 */
type PaperReader = { as: "admin" } | { as: "author"; userId: number } | { as: "session"; sessionId: string };
type PaperValues = { paperId: number; entityId: string; userId?: number; sessionId?: string };

/** The papers a reader may see, by the shape's placeholders: none for the office. */
function visibleBy(as: PaperReader["as"]): SQL | undefined {
  if (as === "admin") return undefined;
  return authorsPapers(as === "author" ? sql.placeholder("userId") : sessionUserId);
}

/** `getPaper`'s queries for each kind of reader, built once (decision 024). */
const paperQueries = shaped((as) => {
  const visible = and(eq(papers.id, sql.placeholder("paperId")), visibleBy(as as PaperReader["as"]));
  const seen = (db: Database) => exists(db.select({ one: sql`1` }).from(papers).where(visible));
  const values = placeholders<PaperValues>();
  return {
    paper: preparedQuery(
      (db) =>
        db
          .select({
            paper: papers,
            // Named apart from the paper's own columns: a D1 batch returns each row keyed by column name.
            conferenceTitle: sql<string>`${conferences.title}`.as("conference_title"),
            conferenceStart: sql<string>`${conferences.startDate}`.as("conference_start"),
            conferenceStatus: sql<string>`${conferences.status}`.as("conference_status"),
            conferenceDeadline: sql<number | null>`${conferences.submissionDeadline}`.as("conference_deadline"),
          })
          .from(papers)
          .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
          .where(visible),
      values,
    ),
    authors: preparedQuery((db) => db.select().from(paperAuthors).where(and(eq(paperAuthors.paperId, sql.placeholder("paperId")), seen(db))).orderBy(paperAuthors.authorOrder), values),
    files: preparedQuery(
      (db) =>
        db
          .select({
            ...attachmentFields,
            createdAt: files.createdAt,
            // Who uploaded each version, as the console names them (the account may be gone).
            uploader: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${files.uploadedBy})`.as("uploader"),
          })
          .from(files)
          .where(and(eq(files.paperId, sql.placeholder("paperId")), seen(db)))
          .orderBy(files.kind, desc(files.id)),
      values,
    ),
    history: preparedQuery(
      (db) =>
        db
          .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entityType, "paper"),
              eq(auditLog.entityId, sql.placeholder("entityId")),
              inArray(auditLog.action, ["paper.status", "paper.edit", "paper.file", "paper.revision"]),
              seen(db),
            ),
          )
          .orderBy(auditLog.createdAt, auditLog.id),
      values,
    ),
  };
});

/** `getPaper`'s reads, for a batch of the caller's, and the paper their rows make (null when the reader may not see it). */
export function paperReads(reader: PaperReader, paperId: number, options: { history?: boolean } = {}) {
  const q = paperQueries(reader.as);
  const values: PaperValues = { paperId, entityId: String(paperId), ...(reader.as === "author" ? { userId: reader.userId } : {}), ...(reader.as === "session" ? { sessionId: reader.sessionId } : {}) };
  const calls = [q.paper(values), q.authors(values), q.files(values), ...(options.history ? [q.history(values)] : [])] as const;
  const paper = (rows: readonly unknown[]) => {
    const [found, authors, stored, changes] = rows as [PreparedRows<typeof q.paper>, PreparedRows<typeof q.authors>, PreparedRows<typeof q.files>, PreparedRows<typeof q.history>?];
    const row = found[0];
    if (!row) return null;
    const conference = { id: row.paper.conferenceId, title: row.conferenceTitle, startDate: row.conferenceStart, status: row.conferenceStatus, submissionDeadline: row.conferenceDeadline };
    return { ...row.paper, number: paperDisplayNumber(conference.startDate, row.paper.paperNumber), conference, authors, files: stored, history: changes ? statusChanges(changes) : null };
  };
  return { calls, paper };
}

type PreparedRows<Q extends (values: never) => PreparedCall<unknown>> = PreparedResults<[ReturnType<Q>]>[0];

/**
 * A status a paper was given, and when: from the audit log, which records every decision
 * (decisions, the editor, the bulk update) and every revision its submitter sent (`revision`).
 */
export type StatusChange = { at: number; status: PaperStatus; revision?: true };

/**
 * The paper's status history, oldest first, from its audit entries: every decision recorded for
 * it. Its submission (under review) is the paper's own `submittedAt`.
 */
function statusChanges(rows: ReadonlyArray<{ action: string; details: unknown; createdAt: Date }>): StatusChange[] {
  return rows.flatMap((r) => {
    // 'paper.status' and 'paper.revision' record { from, to }; the editors' 'paper.edit' and a new file's 'paper.file' { status: { from, to } } when they changed the status.
    const details = r.details as { to?: unknown; status?: { to?: unknown } } | null;
    const change = r.action === "paper.edit" || r.action === "paper.file" ? details?.status : details;
    const to = change?.to;
    if (typeof to !== "string" || !(PAPER_STATUSES as readonly string[]).includes(to)) return [];
    return [{ at: r.createdAt.getTime(), status: to as PaperStatus, ...(r.action === "paper.revision" ? { revision: true as const } : {}) }];
  });
}

/* ---------------------------------------------------------------- deletion */

/** A paper as its delete confirmation names it, for someone who may see it; null for anyone else. */
export async function paperForDeletion({ db }: Pick<Services, "db">, asker: PaperAsker, paperId: number) {
  const row = await db
    .select({ id: papers.id, title: papers.title, status: papers.status, submitterId: papers.submitterId, paperNumber: papers.paperNumber, conference: conferences.title, startDate: conferences.startDate })
    .from(papers)
    .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
    .where(and(eq(papers.id, paperId), visibleTo(asker)))
    .get();
  if (!row) return null;
  return { id: row.id, title: row.title, status: row.status, isSubmitter: row.submitterId === asker.userId, number: paperDisplayNumber(row.startDate, row.paperNumber), conference: row.conference };
}

export const NOT_YOURS = "Only the author who submitted a paper can delete it.";
export const DECIDED = "This paper can no longer be deleted: a decision has been made on it.";

/**
 * Deletes a paper and then its files in R2. An author: only their own submission (a listed
 * co-author gets 403, anyone else the 404 of a paper that does not exist), only while it is under
 * review (409). The office: any paper. The audit entry is in the same batch, written only if the
 * paper was still deletable then. A submitter's deletion tells the paper's other authors, each
 * of whom was told they were listed (decision 061): their mails are written in the same batch,
 * under the same conditions as the deletion, so there is no mail without the deletion.
 */
export async function deletePaper(ctx: Pick<Services, "db" | "d1" | "files" | "queues" | "waitUntil" | "env">, asker: PaperAsker, paperId: number) {
  const paper = await paperForDeletion(ctx, asker, paperId);
  if (!paper) throw notFound("Submission not found.");
  const admin = asker.as === "admin";
  if (!admin && !paper.isSubmitter) throw forbidden(NOT_YOURS);
  if (!admin && paper.status !== "under_review") throw conflict(DECIDED);
  const keys = (await ctx.db.select({ r2Key: files.r2Key }).from(files).where(eq(files.paperId, paperId)).all()).map((f) => f.r2Key);
  const still = admin ? eq(papers.id, paperId) : and(eq(papers.id, paperId), eq(papers.submitterId, asker.userId), eq(papers.status, "under_review"));
  const remove = ctx.db.delete(papers).where(still).toSQL();
  const mails = admin ? null : withdrawnMails(ctx, paper, asker.userId).toSQL();
  const results = await ctx.d1.batch([
    ...(mails ? [ctx.d1.prepare(mails.sql).bind(...mails.params)] : []),
    ctx.d1.prepare(remove.sql).bind(...remove.params),
    auditEntryIfChanged(ctx, { actorId: asker.userId, action: "paper.delete", entityType: "paper", entityId: paperId, details: { title: paper.title.slice(0, 200), by: admin ? "admin" : "submitter" } }),
  ]);
  const result = results[mails ? 1 : 0];
  if (!result?.meta.changes) throw admin ? notFound("Submission not found.") : conflict(DECIDED);
  if (mails) queueOutboxRows(ctx, ((results[0]?.results ?? []) as Array<{ id: number }>).map((r) => r.id));
  for (const chunk of chunksOf(keys, 1000)) await ctx.files.delete(chunk).catch((e: unknown) => console.error("papers: files not deleted from R2", chunk, e));
}

/**
 * The mails telling a paper's other authors that its submitter withdrew it: one to each listed
 * address but the submitter's own (the addresses the submission told they were listed), written
 * only while the paper is still the submitter's and under review, as the deletion beside it.
 */
function withdrawnMails(ctx: Pick<Services, "db" | "env">, paper: NonNullable<Awaited<ReturnType<typeof paperForDeletion>>>, submitterId: number) {
  const submitter = sql`(select u.email from users u where u.id = ${submitterId})`;
  return selectedMail(ctx, "submission_withdrawn", {
    from: paperAuthors,
    where: and(
      eq(paperAuthors.paperId, paper.id),
      sql`${paperAuthors.email} <> coalesce(${submitter}, '')`,
      exists(ctx.db.select({ one: sql`1` }).from(papers).where(and(eq(papers.id, paper.id), eq(papers.submitterId, submitterId), eq(papers.status, "under_review")))),
    ),
    to: sql`${paperAuthors.email}`,
    payload: {
      name: "",
      title: paper.title,
      conference: paper.conference,
      paperNumber: paper.number,
      submitter: "",
      link: new URL("/dashboard?tab=submissions", ctx.env.SITE_URL).toString(),
      supportEmail: ctx.env.CONTACT_EMAIL,
    },
    computed: {
      name: sql`trim(${paperAuthors.firstName} || ' ' || ${paperAuthors.lastName})`,
      submitter: sql`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${submitterId})`,
    },
  });
}
