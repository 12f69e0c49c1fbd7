import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type FileKind, files } from "~/db/schema";

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

export async function findFileByName(db: Database, kind: FileKind, filename: string) {
  if (!GENERATED_FILENAME.test(filename)) return null;
  return (
    (await db
      .select({ r2Key: files.r2Key, originalName: files.originalName, contentType: files.contentType, size: files.size })
      .from(files)
      .where(and(eq(files.kind, kind), eq(files.filename, filename)))
      .get()) ?? null
  );
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
