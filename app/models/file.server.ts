import { and, desc, eq, sql } from "drizzle-orm";
import { type FileKind, files, news } from "~/db/schema";
import type { ReadableFile } from "~/server/file-response.server";
import type { Services } from "~/server/services.server";

/** Generated public names: random base32 and a known extension. Anything else is not a file of ours. */
export const GENERATED_FILENAME = /^[a-z0-9]{16,40}\.[a-z0-9]{1,5}$/;

/** What a public page shows of an attached file or photo (conference and news pages). */
export const attachmentFields = {
  id: files.id,
  kind: files.kind,
  filename: files.filename,
  originalName: files.originalName,
  contentType: files.contentType,
  size: files.size,
  altText: files.altText,
};

/**
 * Who asks for a file: a signed-in user (cookie on pages, bearer on the API) and/or the file a
 * valid download token names. The model, not the route, decides what they may read.
 */
export type FileReader = { userId: number | null; admin: boolean; tokenFileId: number | null };

const storedFileFields = { id: files.id, r2Key: files.r2Key, originalName: files.originalName, contentType: files.contentType, size: files.size };

export type PublicFileKind = "conference_file" | "conference_photo" | "news_file";

/**
 * A file of the public pages by its generated name: a conference's files and photos always; a
 * news item's files while the item is published or archived. A draft's files are for
 * administrators only (the console's preview), and privately cached.
 */
export async function findPublicFile({ db }: Pick<Services, "db">, kind: PublicFileKind, filename: string, reader: FileReader): Promise<ReadableFile | null> {
  if (!GENERATED_FILENAME.test(filename)) return null;
  const row = await db
    .select({ ...storedFileFields, newsStatus: news.status })
    .from(files)
    .leftJoin(news, eq(news.id, files.newsId))
    .where(and(eq(files.kind, kind), eq(files.filename, filename)))
    .get();
  if (!row) return null;
  const { newsStatus, ...file } = row;
  if (kind !== "news_file" || newsStatus === "published" || newsStatus === "archived") return { file, visibility: "public" };
  return reader.admin ? { file, visibility: "private" } : null;
}

export const PAPER_FILE_KINDS = { fullManuscript: "manuscript", blindCopyManuscript: "blind_copy" } as const;
export type PaperFileParam = keyof typeof PAPER_FILE_KINDS;
/** The address segment of each kind of paper file, for links to it. */
export const PAPER_FILE_PARAMS = { manuscript: "fullManuscript", blind_copy: "blindCopyManuscript" } as const satisfies Record<(typeof PAPER_FILE_KINDS)[PaperFileParam], PaperFileParam>;

/** The current (newest) version of a paper's file of this kind. */
export const paperFileHref = (paperId: number, kind: keyof typeof PAPER_FILE_PARAMS) => `/api/papers/${paperId}/download/${PAPER_FILE_PARAMS[kind]}`;
/** One stored version of a paper's file: `/api/papers/{id}/download/{kind}/{fileId}` (the newest is also the kind's own address). */
export const paperFileVersionHref = (paperId: number, kind: keyof typeof PAPER_FILE_PARAMS, fileId: number) => `/api/papers/${paperId}/download/${PAPER_FILE_PARAMS[kind]}/${fileId}`;

/**
 * A paper's manuscript or blind copy, for the paper's authors (the submitter, or a listed author
 * whose account is linked), administrators, and the holder of a download token for this very
 * file. One query: the file with whether the reader is an author of its paper. Without
 * `fileId`, the newest of its kind (the current version); with it, that version of the kind.
 */
export async function findPaperFile({ db }: Pick<Services, "db">, paperId: number, kind: "manuscript" | "blind_copy", reader: FileReader, fileId?: number): Promise<ReadableFile | null> {
  const userId = reader.userId ?? 0;
  const row = await db
    .select({
      ...storedFileFields,
      // Table-qualified by hand: drizzle writes a one-table select's columns unqualified, and inside
      // a subquery an unqualified "paper_id" is the subquery's own (which once matched every paper).
      isAuthor: sql<number>`(exists (select 1 from paper_authors pa where pa.paper_id = "files"."paper_id" and pa.user_id = ${userId})
        or exists (select 1 from papers p where p.id = "files"."paper_id" and p.submitter_id = ${userId}))`,
    })
    .from(files)
    .where(and(eq(files.paperId, paperId), eq(files.kind, kind), fileId === undefined ? undefined : eq(files.id, fileId)))
    .orderBy(desc(files.id))
    .limit(1)
    .get();
  if (!row) return null;
  const { isAuthor, ...file } = row;
  const allowed = reader.admin || (reader.userId !== null && Boolean(isAuthor)) || reader.tokenFileId === file.id;
  return allowed ? { file, visibility: "private" } : null;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** A fresh public file name: 26 random base32 characters (130 bits) and the extension. */
export function generateFilename(extension: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  const stem = Array.from(bytes, (b) => ALPHABET[b % 32]).join("");
  return `${stem}.${extension.toLowerCase()}`;
}

export function r2KeyFor(kind: FileKind, filename: string) {
  return `${kind.replace("_", "/")}/${filename}`;
}
