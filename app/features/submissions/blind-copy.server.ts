/**
 * The blind copy: an optional second file of step 2, the manuscript without its authors' names,
 * for the reviewers. It is checked like the manuscript (type, size, content), waits in R2 as the
 * draft's second file, is read by the extraction Worker like the manuscript, and the wizard looks
 * in the text of its first pages for the authors' names and e-mail addresses: found, it warns
 * (the author may know better, say a cited paper of a namesake), it never refuses. The
 * submission moves it under the paper with the manuscript.
 */
import { and, eq } from "drizzle-orm";
import { extractionJobs, files } from "~/db/schema";
import { extractionJobStatement, failExtractionJob, getExtractionJob, jobsOfFile, queueExtraction } from "~/models/extraction-jobs.server";
import { generateFilename, r2KeyFor } from "~/models/file.server";
import { randomToken } from "~/server/auth/crypto.server";
import { extensionOf } from "~/server/files/sniff.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { Services } from "~/server/services.server";
import { DRAFT_FILE_PREFIX, type DraftOwner, loadDraft, saveDraftStatement, secondFileStatement, type WizardDraft } from "~/server/wizard/drafts.server";
import { manuscriptRule, storeManuscriptFile } from "./manuscript-file.server";
import { BLIND_COPY_FIELD, type BlindCopyView } from "./blind-copy";
import { SUBMISSION_WIZARD, type Person } from "./submission-form";

type Ctx = Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">;

const RULE = manuscriptRule("blind_copy", `${DRAFT_FILE_PREFIX}blind-copy`);
const READ = new Set(["pdf", "docx"]);

/** What the draft keeps of the blind copy (its file is the draft's second file). */
export type BlindCopyExtras = { blindCopyName?: string; blindCopySize?: number; blindCopyJobId?: string | null };


/** Step 2's blind copy upload: checked as the manuscript is, kept in one batch with its job and the draft, then read. */
export async function uploadBlindCopy(ctx: Ctx, user: Pick<SessionUser, "id">, owner: DraftOwner, file: File) {
  const { row, ext, discard } = await storeManuscriptFile(ctx, user, file, RULE, { field: BLIND_COPY_FIELD, label: "Blind copy: " });
  const draft = await loadDraft(ctx, owner);
  const jobId = READ.has(ext) ? randomToken(18) : null;
  const data: BlindCopyExtras & Record<string, unknown> = { ...draft.data, blindCopyName: row.originalName, blindCopySize: row.size, blindCopyJobId: jobId };
  const earlier = draft.secondFileKey ?? null;
  try {
    await ctx.db.batch([
      ctx.db.insert(files).values(row),
      ...(jobId ? [extractionJobStatement(ctx, jobId, user.id, row.r2Key)] : []),
      saveDraftStatement(ctx, owner, SUBMISSION_WIZARD.name, { step: Math.max(draft.step, 2), data, fileKey: draft.fileKey }),
      secondFileStatement(ctx, owner, row.r2Key),
      ...(earlier ? [jobsOfFile(ctx, earlier), ctx.db.delete(files).where(eq(files.r2Key, earlier))] : []),
    ]);
  } catch (error) {
    await discard();
    throw error;
  }
  if (earlier) await ctx.files.delete(earlier).catch((e: unknown) => console.error("submission: earlier blind copy not deleted", e));
  if (jobId) {
    await queueExtraction(ctx, jobId).catch(async (e: unknown) => {
      console.error("submission: blind copy not queued", e);
      await failExtractionJob(ctx, jobId, "The blind copy could not be handed to the extraction service.");
    });
  }
}

/** Step 2's Remove of the blind copy: its file, its row and its job go. */
export async function removeBlindCopy(ctx: Ctx, owner: DraftOwner) {
  const draft = await loadDraft(ctx, owner);
  const key = draft.secondFileKey ?? null;
  const data = { ...draft.data, blindCopyName: "", blindCopySize: 0, blindCopyJobId: null };
  await ctx.db.batch([
    saveDraftStatement(ctx, owner, SUBMISSION_WIZARD.name, { step: draft.step, data, fileKey: draft.fileKey }),
    secondFileStatement(ctx, owner, null),
    ...(key ? [jobsOfFile(ctx, key), ctx.db.delete(files).where(eq(files.r2Key, key))] : []),
  ]);
  if (key) await ctx.files.delete(key);
}

/** Letters and digits only, lower case, accents dropped: "Müller-Lüdenscheid" and "muller ludenscheid" read alike. */
const plain = (text: string) =>
  ` ${text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/**
 * The names and e-mail addresses of `people` that `text` carries: a person's first and last name
 * together (either order), or their address. A surname alone is not looked for: a blind copy
 * cites papers, and their authors may share it.
 */
export function identitiesIn(text: string, people: readonly Person[]): string[] {
  const words = plain(text);
  const lower = text.toLocaleLowerCase();
  const found: string[] = [];
  for (const p of people) {
    const first = plain(p.firstName).trim();
    const last = plain(p.lastName).trim();
    const name = `${p.firstName} ${p.lastName}`.trim();
    if (first && last && (words.includes(` ${first} ${last} `) || words.includes(` ${last} ${first} `)) && !found.includes(name)) found.push(name);
    const email = p.email.trim().toLocaleLowerCase();
    if (email && lower.includes(email) && !found.includes(email)) found.push(email);
  }
  return found;
}

/** The blind copy as the wizard shows it, its text checked for the names and addresses of `people`. */
export async function blindCopyView({ db }: Pick<Services, "db">, userId: number, draft: WizardDraft, people: readonly Person[]): Promise<BlindCopyView> {
  const extras = draft.data as BlindCopyExtras;
  if (!extras.blindCopyName || !draft.secondFileKey) return { status: "none" };
  const shown = { name: extras.blindCopyName, size: extras.blindCopySize ?? 0 };
  if (!extras.blindCopyJobId) return { status: "unread", ...shown };
  const job = await getExtractionJob({ db }, userId, extras.blindCopyJobId);
  if (job?.status === "uploading" || job?.status === "extracting") return { status: "reading", ...shown };
  const text = job?.status === "complete" && typeof job.result?.text === "string" ? job.result.text : null;
  if (text === null) return { status: "unread", ...shown };
  return { status: "checked", ...shown, found: identitiesIn(text, people) };
}

/**
 * The submission's part for the blind copy, if the draft holds one: its copy under the paper's key
 * (made before the batch), the batch's statements that give the file to the paper and drop its
 * job, and what to delete afterwards.
 */
export async function blindCopyForPaper(ctx: Pick<Services, "db" | "files">, userId: number, draft: WizardDraft, paperId: unknown) {
  const key = draft.secondFileKey;
  if (!key || !(draft.data as BlindCopyExtras).blindCopyName) return null;
  const stored = await ctx.db.select().from(files).where(eq(files.r2Key, key)).get();
  const object = stored ? await ctx.files.get(key) : null;
  if (!stored || !object) return null;
  const filename = generateFilename(extensionOf(stored.filename) || "pdf");
  const paperKey = r2KeyFor("blind_copy", filename);
  await ctx.files.put(paperKey, await object.arrayBuffer(), { httpMetadata: { contentType: stored.contentType } });
  return {
    paperKey,
    draftKey: key,
    statements: [
      ctx.db
        .update(files)
        .set({ paperId: paperId as number, r2Key: paperKey, filename })
        .where(eq(files.id, stored.id)),
      ctx.db.delete(extractionJobs).where(and(eq(extractionJobs.userId, userId), eq(extractionJobs.fileId, stored.id))),
    ],
  };
}
