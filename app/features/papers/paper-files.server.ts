/**
 * The office's files out (decision 049): signed download links for a manuscript, and the zip of a
 * conference's manuscripts. Who may see a file is `findPaperFile`'s rule; this only signs links
 * for what the asker already may read, and gathers a conference's files for the zip.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { conferences, files, papers } from "~/db/schema";
import { paperDisplayNumber } from "~/lib/status";
import { findPaperFile, PAPER_FILE_KINDS, type FileReader, type PaperFileParam } from "~/models/file.server";
import { signDownloadToken } from "~/server/files/download-token.server";
import type { ZipEntry } from "~/server/files/zip.server";
import type { Services } from "~/server/services.server";

/**
 * How long a signed download link works. The export's links are opened from the spreadsheet by
 * the office and the session chairs it is passed to during a review round, which lasts days; a
 * week covers it, and a spreadsheet that leaks stops opening manuscripts a week later at most.
 */
export const DOWNLOAD_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const isPaperFileParam = (value: string): value is PaperFileParam => Object.hasOwn(PAPER_FILE_KINDS, value);

/** The absolute, signed address of one stored paper file, readable without a session until it expires. */
export async function signedDownloadUrl(env: Pick<Services["env"], "SESSION_SECRET">, origin: string, file: { id: number; paperId: number; kind: PaperFileParam }, now = Date.now()) {
  const token = await signDownloadToken(env.SESSION_SECRET, { fileId: file.id, purpose: "download", expiresAt: now + DOWNLOAD_LINK_LIFETIME_MS });
  return `${origin}/api/papers/${file.paperId}/download/${file.kind}?token=${encodeURIComponent(token)}`;
}

/**
 * A signed link to a paper's manuscript or blind copy for someone who may read it now (its
 * authors, administrators), or null: the same answer for a paper or file that does not exist.
 */
export async function downloadLinkFor(ctx: Pick<Services, "db" | "env">, reader: FileReader, origin: string, paperId: number, kind: PaperFileParam) {
  const readable = await findPaperFile(ctx, paperId, PAPER_FILE_KINDS[kind], reader);
  if (!readable) return null;
  return signedDownloadUrl(ctx.env, origin, { id: readable.file.id, paperId, kind });
}

/** What the zip of a conference holds, or why there is none (FILE_REFUSALS says it in the spec's words). */
export type ConferenceZip = { refused: "no-conference" | "no-papers" } | { name: string; entries: ZipEntry[] };

/**
 * The newest full manuscript of every paper of a conference, in paper order, each named by its
 * paper number and original name ("MS27~101 - my paper.pdf"). Blind copies stay out: they are
 * the same papers without the names, made for the reviewers, and doubling a 2.5 GB download for
 * them helps nobody in the office; each stays downloadable on its own.
 */
export async function conferenceZip({ db }: Pick<Services, "db">, conferenceId: number | null, today: string): Promise<ConferenceZip> {
  if (conferenceId === null) return { refused: "no-conference" };
  const conference = await db.select({ startDate: conferences.startDate }).from(conferences).where(eq(conferences.id, conferenceId)).get();
  if (!conference) return { refused: "no-conference" };
  const rows = await db
    .select({ fileId: files.id, paperId: papers.id, paperNumber: papers.paperNumber, r2Key: files.r2Key, originalName: files.originalName, size: files.size, createdAt: files.createdAt })
    .from(papers)
    .innerJoin(files, and(eq(files.paperId, papers.id), inArray(files.kind, ["manuscript"])))
    .where(eq(papers.conferenceId, conferenceId))
    .orderBy(asc(papers.paperNumber), asc(files.id))
    .all();
  // The newest file of each paper (a replaced manuscript leaves no older row, but be sure).
  const newest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) newest.set(row.paperId, row);
  if (newest.size === 0) return { refused: "no-papers" };
  const entries = [...newest.values()].map((r) => ({
    r2Key: r.r2Key,
    name: `${paperDisplayNumber(conference.startDate, r.paperNumber)} - ${r.originalName}`,
    size: r.size,
    lastModified: r.createdAt,
  }));
  return { name: `Conference_Papers_${today}.zip`, entries };
}
