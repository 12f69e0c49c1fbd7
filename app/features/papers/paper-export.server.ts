/**
 * Export to Excel (spec section 7, decision 049): one sheet 'Papers', a row per paper of the
 * conference in the spec's column layout. Read in one D1 batch (the conference, its papers, their
 * authors, manuscripts and confirmed registrations), whatever the number of papers.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { COUNTRIES } from "virtual:world-countries";
import { conferences, files, PAPER_STATUSES, paperAuthors, papers, registrations } from "~/db/schema";
import { paperDisplayNumber } from "~/lib/status";
import type { Services } from "~/server/services.server";
import { signedDownloadUrl } from "./paper-files.server";
import { writeSheet, type SheetCell } from "./xlsx-writer.server";

const NA = "N/A";
const AUTHOR_BLOCKS = 6;
const AUTHOR_FIELDS = ["FName", "LName", "Request", "RegFee", "Currency", "Rank", "Affiliation", "Country", "Email"] as const;

/**
 * The header row. The author blocks are prefixed P1..P6 (as REGxyz names them), the two blocks
 * after them C and D, each with the same nine fields, so every header is unique and a reader can
 * find a column by its name.
 */
export const EXPORT_HEADER: readonly string[] = [
  "MS#", "MSTitle", "Abstract", "Decision", "CAuthor", "MSType", "SDate", "REGxyz",
  "Session Code", "MRS", "Session Title", "Place", "Notes",
  "PRA1", "PRA2", "PRA3", "SRA1", "SRA2", "SRA3", "Paper Awards",
  ...Array.from({ length: AUTHOR_BLOCKS }, (_, i) => AUTHOR_FIELDS.map((f) => `P${i + 1}${f}`)).flat(),
  ...["C", "D"].flatMap((block) => AUTHOR_FIELDS.map((f) => `${block}${f}`)),
  "Paper ID", "URL", "#END#",
];

const WIDE: Record<string, number> = { MSTitle: 50, Abstract: 60, URL: 16, SDate: 12, REGxyz: 14, "Session Title": 20, "Paper Awards": 14 };
const widthOf = (name: string) => WIDE[name] ?? (/(Email|Affiliation)$/.test(name) ? 28 : /(FName|LName|Country|Rank)$/.test(name) ? 16 : Math.max(8, name.length + 2));
const WIDTHS = EXPORT_HEADER.map(widthOf);

const countryNames = new Map<string, string>(COUNTRIES.map(([code, name]) => [code, name]));

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : NA);

/** The name a file may carry: the conference's title without characters file systems refuse. */
export function exportFileName(conferenceTitle: string, today: string) {
  const title = conferenceTitle.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 120) || "Conference";
  return `${title}_Papers_${today}.xlsx`;
}

export type PaperExport = { refused: "export-empty" } | { name: string; bytes: Uint8Array<ArrayBuffer> };

/** The conference's papers as the spec's spreadsheet, or why there is none. */
export async function exportPapers(ctx: Pick<Services, "db" | "env">, conferenceId: number | null, origin: string, today: string, now = Date.now()): Promise<PaperExport> {
  if (conferenceId === null) return { refused: "export-empty" };
  const { db } = ctx;
  const inConference = eq(papers.conferenceId, conferenceId);
  const [conference, paperRows, authorRows, manuscriptRows, registrationRows] = await db.batch([
    db.select({ title: conferences.title, startDate: conferences.startDate, currency: conferences.currency }).from(conferences).where(eq(conferences.id, conferenceId)),
    db.select().from(papers).where(inConference).orderBy(asc(papers.paperNumber)),
    db
      .select({ a: paperAuthors })
      .from(paperAuthors)
      .innerJoin(papers, eq(papers.id, paperAuthors.paperId))
      .where(inConference)
      .orderBy(asc(paperAuthors.paperId), asc(paperAuthors.authorOrder)),
    db
      .select({ id: files.id, paperId: files.paperId })
      .from(files)
      .innerJoin(papers, eq(papers.id, files.paperId))
      .where(and(inConference, eq(files.kind, "manuscript")))
      .orderBy(asc(files.id)),
    db
      .select({ paperId: registrations.paperId, userId: registrations.userId, email: registrations.participantEmail, amount: registrations.amount, currency: registrations.currency })
      .from(registrations)
      .where(and(eq(registrations.conferenceId, conferenceId), eq(registrations.status, "confirmed"), isNotNull(registrations.paperId))),
  ]);
  const conf = conference[0];
  if (!conf || paperRows.length === 0) return { refused: "export-empty" };

  const authorsOf = new Map<number, Array<(typeof authorRows)[number]["a"]>>();
  for (const { a } of authorRows) (authorsOf.get(a.paperId) ?? authorsOf.set(a.paperId, []).get(a.paperId)!).push(a);
  const manuscriptOf = new Map<number, number>();
  for (const m of manuscriptRows) if (m.paperId !== null) manuscriptOf.set(m.paperId, m.id); // the newest wins (ordered by id)
  // A confirmed registration belongs to an author of its paper by the account that paid (an
  // author listed under another address they have claimed) or by the participant's e-mail.
  const registrationOf = new Map<string, (typeof registrationRows)[number]>();
  for (const r of registrationRows) {
    registrationOf.set(`${r.paperId}:${r.email.trim().toLowerCase()}`, r);
    if (r.userId !== null) registrationOf.set(`${r.paperId}#${r.userId}`, r);
  }
  const registrationFor = (paperId: number, a: { userId: number | null; email: string }) =>
    (a.userId !== null ? registrationOf.get(`${paperId}#${a.userId}`) : undefined) ?? registrationOf.get(`${paperId}:${a.email.trim().toLowerCase()}`);

  const rows: SheetCell[][] = [];
  for (const paper of paperRows) {
    const authors = authorsOf.get(paper.id) ?? [];
    const registered = authors.map((a) => registrationFor(paper.id, a));
    const corresponding = authors.findIndex((a) => a.isCorresponding);
    const areas = paper.researchAreas.slice(0, 3);
    const fileId = manuscriptOf.get(paper.id);
    const url: SheetCell = fileId
      ? { text: "Download File", link: await signedDownloadUrl(ctx.env, origin, { id: fileId, paperId: paper.id, kind: "fullManuscript" }, now) }
      : "No file";
    const authorBlocks = Array.from({ length: AUTHOR_BLOCKS }, (_, i): SheetCell[] => {
      const a = authors[i];
      if (!a) return AUTHOR_FIELDS.map(() => NA);
      const registration = registered[i];
      return [
        orNA(a.firstName),
        orNA(a.lastName),
        NA, // what an author asked of the office: not collected by this site
        registration ? registration.amount / 100 : NA,
        registration?.currency ?? conf.currency ?? "EUR",
        orNA(a.rank === "Other" ? a.rankOther : a.rank),
        orNA(a.institution),
        orNA(a.country ? (countryNames.get(a.country) ?? a.country) : null),
        orNA(a.email),
      ];
    }).flat();
    const reg = registered.flatMap((r, i) => (r ? [`P${i + 1}`] : [])).join(",");
    rows.push([
      paperDisplayNumber(conf.startDate, paper.paperNumber),
      orNA(paper.title),
      orNA(paper.abstract),
      PAPER_STATUSES.indexOf(paper.status) + 1,
      corresponding >= 0 ? corresponding + 1 : NA,
      paper.manuscriptType.charAt(0).toUpperCase(),
      new Date(paper.submittedAt).toISOString().slice(0, 10),
      orNA(reg),
      NA, NA, NA, NA, NA, // Session Code, MRS, Session Title, Place, Notes: planned later, not kept here
      ...[0, 1, 2].map((i) => orNA(areas[i]?.category)),
      ...[0, 1, 2].map((i) => orNA(areas[i]?.topic)),
      NA, // Paper Awards
      ...authorBlocks,
      ...AUTHOR_FIELDS.map(() => NA), // C block
      ...AUTHOR_FIELDS.map(() => NA), // D block
      paper.id,
      url,
      "#END#",
    ]);
  }
  return { name: exportFileName(conf.title, today), bytes: writeSheet("Papers", EXPORT_HEADER, rows, WIDTHS) };
}
