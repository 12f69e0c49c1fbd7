/**
 * Uploads for the console (conference files and photos, news files and images): every file is
 * checked before anything is stored (count, size, extension, and content agreeing with the
 * extension), then written to R2 under a generated key. The caller inserts the rows in its own
 * D1 batch with the change they belong to; if that fails, `discard()` removes what was written,
 * so a failed save leaves neither a stray object in R2 nor a half-written record.
 */
import type { FileKind, files } from "~/db/schema";
import { contentMatches, extensionOf, imageSize } from "~/server/files/sniff.server";
import { generateFilename, r2KeyFor } from "./file.server";
import { AppError } from "~/server/errors.server";
import type { Services } from "~/server/services.server";
import { cleanFileName, exactSizeNote, megabytesUp } from "~/lib/file-names";

export type UploadRule = {
  kind: FileKind;
  /** Allowed extensions and the content type each is served with. */
  types: Readonly<Record<string, string>>;
  maxFiles: number;
  maxBytes: number;
  label: string;
  /** Where in R2 the files wait, when not under their kind's own prefix (a wizard draft's upload). */
  prefix?: string;
};

/** Which rule an upload broke, for a caller that words one of them its own way. */
export type UploadCheck = "count" | "type" | "size" | "content";

/**
 * A refused upload (an AppError 422): its message names the file and the rule it broke, and
 * when the caller knows the form field, the refusal is that field's error too.
 */
export class UploadRejected extends AppError {
  constructor(
    message: string,
    readonly broke?: UploadCheck,
    field?: string,
  ) {
    super("unprocessable", message, field ? { fieldErrors: { [field]: message } } : {});
  }
}

type Stored = Omit<typeof files.$inferInsert, "conferenceId" | "newsId" | "paperId">;

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * "… is larger than 25 MB", with the file's own size rounded up (so it never reads as the limit)
 * and, within a megabyte of the limit, both counts in bytes.
 */
const tooLarge = (name: string, size: number, limit: number) =>
  `"${name}" is larger than ${megabytes(limit)}: it is ${megabytesUp(size)} MB.${exactSizeNote(size, limit)}`;

/** Checks every file, stores them all or none, and returns the rows to insert and the undo. */
export async function storeUploads({ files: bucket }: Pick<Services, "files">, list: File[], rule: UploadRule, uploadedBy: number) {
  if (list.length > rule.maxFiles) throw new UploadRejected(`At most ${rule.maxFiles} ${rule.label} at a time.`, "count");
  const checked: Array<{ name: string; bytes: Uint8Array<ArrayBuffer>; ext: string }> = [];
  for (const file of list) {
    // The name as kept, shortened with its extension kept: the extension checked is the one stored.
    const name = cleanFileName(file.name) || "file";
    const ext = extensionOf(name);
    if (!(ext in rule.types)) throw new UploadRejected(`"${name}" is not one of the allowed types (${Object.keys(rule.types).join(", ")}).`, "type");
    if (file.size > rule.maxBytes) throw new UploadRejected(tooLarge(name, file.size, rule.maxBytes), "size");
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!contentMatches(ext, bytes)) throw new UploadRejected(`"${name}" is not really a .${ext} file: its content does not match its name.`, "content");
    checked.push({ name, bytes, ext });
  }
  const written: string[] = [];
  const discard = async () => {
    if (written.length) await bucket.delete(written).catch((e: unknown) => console.error("uploads: could not discard", written, e));
  };
  const rows: Stored[] = [];
  try {
    for (const [i, { name, bytes, ext }] of checked.entries()) {
      const filename = generateFilename(ext === "jpeg" ? "jpg" : ext);
      const r2Key = rule.prefix ? `${rule.prefix}/${filename}` : r2KeyFor(rule.kind, filename);
      const contentType = rule.types[ext]!;
      const digest = await crypto.subtle.digest("SHA-256", bytes);
      await bucket.put(r2Key, bytes, { httpMetadata: { contentType } });
      written.push(r2Key);
      const size = contentType.startsWith("image/") ? imageSize(bytes) : null;
      rows.push({
        kind: rule.kind,
        filename,
        r2Key,
        originalName: name,
        contentType,
        size: bytes.byteLength,
        sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""),
        width: size?.width ?? null,
        height: size?.height ?? null,
        uploadedBy,
        sortOrder: i,
      });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { rows, discard };
}
