/**
 * A submitted paper's files in versions (decision 064): what the upload page posts and says,
 * safe for the browser. The server side is `paper-versions.server.ts`.
 */

/** The form's fields: a new manuscript, a new blind copy, and with a revision a note to the office. */
export const VERSION_FIELDS = { manuscript: "manuscript", blindCopy: "blindCopy", note: "note" } as const;

/** A note to the office with a revision: plain text, a short paragraph. */
export const MAX_REVISION_NOTE = 1000;

export const VERSION_MESSAGES = {
  notSubmitter: "Only the author who submitted the paper can upload new versions of its files. Ask them, or write to the society's office.",
  status: "New versions of the files can be uploaded while the paper is under review or incomplete, or when the programme committee asks for a revision.",
  conferenceEnded: "The conference has ended: the paper's files can no longer be changed. To correct something, write to the society's office.",
  noFile: "Please select a file to upload first.",
  noRevision: "Please select the revised manuscript to upload.",
  noteTooLong: `The note to the office can be at most ${MAX_REVISION_NOTE} characters.`,
  changed: "The paper changed while the files were uploading, so nothing was stored. Open the submission again to see where it stands.",
} as const;

/** The submission page's notice after an upload (`?done=`). */
export const VERSION_DONE = {
  revision: "The revised manuscript was received: the paper is under review again, and a receipt is on its way to you by e-mail.",
  version: "The new version was stored. It is now the current one; the earlier versions are kept below.",
} as const;
export type VersionDone = keyof typeof VERSION_DONE;

/** One stored version of a paper's file, as the submission page and the console list it. */
export type FileVersion = { id: number; name: string; size: string; uploadedAt: number; href: string; current: boolean; uploader: string | null };
/** The versions of one kind of file, newest first. */
export type FileVersions = { kind: "manuscript" | "blind_copy"; label: string; versions: FileVersion[] };
