/**
 * The one check and store of a manuscript-like file (the manuscript or its blind copy): the
 * wizard's step 2 and a submitted paper's new versions go through it. The spec's messages for no
 * file, another type or too large; the author's upload rate; then the content sniffed
 * (`storeUploads`: the bytes must be the PDF or Word document the name says) and the file written
 * to R2. The caller writes the row in its own batch and calls `discard()` if that batch fails.
 */
import { MANUSCRIPT_RULE } from "~/models/extraction-jobs.server";
import { storeUploads, UploadRejected, type UploadRule } from "~/models/uploads.server";
import { cleanFileName } from "~/lib/file-names";
import { hitRateLimits, LIMITS } from "~/server/auth/rate-limit.server";
import type { SessionUser } from "~/server/auth/session.server";
import { waitMessage } from "~/server/errors.server";
import { extensionOf } from "~/server/files/sniff.server";
import type { Services } from "~/server/services.server";
import { fileTooLarge, MAX_MANUSCRIPT_BYTES, SUBMISSION_MESSAGES } from "./submission-form";

/** PDF and DOCX, which the engine reads, and the old Word format, accepted and kept unread. */
export const MANUSCRIPT_TYPES = { ...MANUSCRIPT_RULE.types, doc: "application/msword" } as const;

/** The rule for one kind: under `prefix` in R2 while a wizard's draft holds it, else under its kind's own prefix. */
export const manuscriptRule = (kind: "manuscript" | "blind_copy", prefix?: string): UploadRule => ({
  ...MANUSCRIPT_RULE,
  kind,
  types: MANUSCRIPT_TYPES,
  label: kind === "blind_copy" ? "blind copy" : "manuscript",
  ...(prefix ? { prefix } : {}),
});

export type ManuscriptFileOptions = {
  /** The form field the file came in: its refusal is that field's error. */
  field: string;
  /** Put before each refusal's message ("Blind copy: "), when the form holds two files. */
  label?: string;
};

/** Checks one posted file and writes it to R2; refusals are `UploadRejected` (422) on `field`, nothing stored. */
export async function storeManuscriptFile(ctx: Pick<Services, "db" | "files">, user: Pick<SessionUser, "id">, file: File | null, rule: UploadRule, o: ManuscriptFileOptions) {
  const refuse = (message: string, broke?: "type" | "size" | "content" | "count") => new UploadRejected(`${o.label ?? ""}${message}`, broke, o.field);
  if (!file || file.size === 0) throw refuse(SUBMISSION_MESSAGES.noFile);
  // The extension of the name as it will be kept (storeUploads checks the same one).
  const name = cleanFileName(file.name);
  const ext = extensionOf(name);
  if (!(ext in rule.types)) throw refuse(SUBMISSION_MESSAGES.notPdfOrDocx, "type");
  if (file.size > MAX_MANUSCRIPT_BYTES) throw refuse(fileTooLarge(file.size), "size");
  await hitRateLimits(
    ctx.db,
    [
      [`upload:acct:${user.id}:burst`, LIMITS.uploadsPerAccountBurst],
      [`upload:acct:${user.id}`, LIMITS.uploadsPerAccount],
    ],
    (wait) => `${waitMessage(wait)} Each file you upload is stored and read for you; wait a moment before uploading another.`,
  );
  const stored = await storeUploads(ctx, [file], rule, user.id).catch((error: unknown) => {
    // Content that does not match the name gets the spec's message first; any other refusal says its own reason.
    if (error instanceof UploadRejected && error.broke === "content") {
      throw refuse(`${SUBMISSION_MESSAGES.notPdfOrDocx} "${cleanFileName(name, 100)}" is not really a .${ext} file: its content does not match its name.`, "content");
    }
    if (error instanceof UploadRejected) throw refuse(error.message, error.broke);
    throw error;
  });
  return { row: stored.rows[0]!, ext, discard: stored.discard };
}
