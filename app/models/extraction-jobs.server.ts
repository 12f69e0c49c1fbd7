/**
 * Manuscript extraction jobs: the wizard's upload stores the manuscript and a job
 * (`extractionJobStatement`, in the upload's batch) and queues it (`queueExtraction`), the
 * `extraction` queue's consumer Worker runs the engine on it (`runExtractionJob`) and writes the
 * result, and the wizard reads the job (`getExtractionJob`). A blind copy is read the same way, and
 * its job keeps the text of its first pages too: the wizard looks there for the authors' names. Statuses: uploading → extracting →
 * complete, or failed with a message an author can act on. Whatever the file, a job ends: a
 * damaged, encrypted, scanned or mislabelled file, or one the engine cannot finish in time,
 * ends as failed; only trouble with D1 or R2 themselves is retried by the queue.
 */
import { and, eq, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { extractionJobs, files, wizardDrafts } from "~/db/schema";
import { extractManuscript, ExtractionFailed, MAX_MANUSCRIPT_BYTES, type ExtractionResult } from "~/extraction";
import { countryCode } from "~/extraction/countries";
import { refineWithAi, type AiBinding } from "~/extraction/refine";
import type { ExtractionMessage } from "~/server/queues/messages";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import type { Services } from "~/server/services.server";
import type { UploadRule } from "./uploads.server";

export const MANUSCRIPT_RULE: UploadRule = {
  kind: "manuscript",
  types: { pdf: "application/pdf", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  maxFiles: 1,
  maxBytes: MAX_MANUSCRIPT_BYTES,
  label: "manuscript",
};

/** For a job whose Worker never finished it (stopped at its CPU limit, retries used up). */
export const STALLED_EXTRACTION_MESSAGE = "The manuscript could not be read in time.";

/** Ends a job as failed unless it already ended (the dead-letter queue's consumer uses it). */
export async function failExtractionJob({ db }: Pick<Services, "db">, jobId: string, message: string) {
  await db
    .update(extractionJobs)
    .set({ status: "failed", message, updatedAt: new Date() })
    .where(and(eq(extractionJobs.id, jobId), inArray(extractionJobs.status, ["uploading", "extracting"])));
}

/** Ends as failed any job still running after 15 minutes (its Worker was stopped, or its messages ran out). */
export const extractionHousekeeping: HousekeepingTask = {
  name: "extraction: end stalled jobs",
  run: ({ db }, now) =>
    db
      .update(extractionJobs)
      .set({ status: "failed", message: STALLED_EXTRACTION_MESSAGE, updatedAt: new Date(now) })
      .where(and(eq(extractionJobs.status, "extracting"), lt(extractionJobs.updatedAt, new Date(now - 15 * 60_000)))),
};

/**
 * What the engine read from a manuscript (title, abstract, people's names and addresses) is kept
 * only while the manuscript waits in a draft: the submission deletes its job, and a replaced or
 * removed manuscript's job goes with it (`jobsOfFile`). This sweeps up the rest: jobs whose file
 * is gone, and jobs a day old whose file no draft holds any more (an abandoned or lost upload).
 */
export const extractionRetentionHousekeeping: HousekeepingTask = {
  name: "extraction: drop results no draft holds",
  run: ({ db }, now) =>
    db
      .delete(extractionJobs)
      .where(
        or(
          isNull(extractionJobs.fileId),
          and(
            lt(extractionJobs.updatedAt, new Date(now - 24 * 3600_000)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(files)
                .innerJoin(wizardDrafts, or(eq(wizardDrafts.fileKey, files.r2Key), eq(wizardDrafts.secondFileKey, files.r2Key)))
                .where(eq(files.id, extractionJobs.fileId)),
            ),
          ),
        ),
      ),
};

/** The statement that deletes the jobs (and what they read) of the manuscript stored under `r2Key`. */
export function jobsOfFile({ db }: Pick<Services, "db">, r2Key: string) {
  return db.delete(extractionJobs).where(eq(extractionJobs.fileId, sql`(select id from files where r2_key = ${r2Key})`));
}

/** What the engine may take before the job is ended as failed (the consumer's own limit is higher). */
export const EXTRACTION_TIME_LIMIT_MS = 20_000;

/** The job's row for a manuscript stored under `r2Key` (its file row inserted earlier in the same batch). */
export function extractionJobStatement({ db }: Pick<Services, "db">, id: string, userId: number, r2Key: string) {
  return db.insert(extractionJobs).values({ id, userId, status: "extracting", fileId: sql`(select id from files where r2_key = ${r2Key})` as unknown as number });
}

/** Hands a recorded job to the extraction Worker. */
export function queueExtraction({ queues }: Pick<Services, "queues">, jobId: string) {
  return queues.extraction.send({ type: "extract", jobId } satisfies ExtractionMessage);
}

/** A job as its owner may see it (another user's job is "not found"). */
export async function getExtractionJob({ db }: Pick<Services, "db">, userId: number, id: string) {
  return (await db.select().from(extractionJobs).where(and(eq(extractionJobs.id, id), eq(extractionJobs.userId, userId))).get()) ?? null;
}

/** Runs the engine, and the model when one is bound, within a time limit. */
async function extractWithin(bytes: Uint8Array, ms: number, ai: AiBinding | undefined): Promise<ExtractionResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractionFailed("Reading the manuscript took too long.")), ms);
  });
  try {
    const result = await Promise.race([extractManuscript(bytes), timeout]);
    return ai ? await Promise.race([refineWithAi(ai, result), timeout]) : result;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one job and records its end. A job already complete or failed is left as it is (a queue
 * may deliver a message twice). Throws only for D1 or R2 trouble, so the queue retries.
 */
export async function runExtractionJob(env: Pick<Services, "db" | "files"> & { ai?: AiBinding; timeLimitMs?: number }, jobId: string) {
  const { db } = env;
  const job = await db.select().from(extractionJobs).where(eq(extractionJobs.id, jobId)).get();
  if (!job || job.status === "complete" || job.status === "failed") return job?.status ?? "missing";
  const fail = async (message: string) => {
    await db.update(extractionJobs).set({ status: "failed", message, updatedAt: new Date() }).where(eq(extractionJobs.id, jobId));
    return "failed" as const;
  };
  const file = job.fileId ? await db.select().from(files).where(eq(files.id, job.fileId)).get() : null;
  if (!file) return fail("The manuscript is no longer stored: please upload it again.");
  const object = await env.files.get(file.r2Key);
  if (!object) return fail("The manuscript is no longer stored: please upload it again.");
  if (object.size > MAX_MANUSCRIPT_BYTES) return fail("The manuscript is larger than 25 MB.");
  const bytes = new Uint8Array(await object.arrayBuffer());
  let result: ExtractionResult;
  try {
    result = await extractWithin(bytes, env.timeLimitMs ?? EXTRACTION_TIME_LIMIT_MS, env.ai);
  } catch (error) {
    if (error instanceof ExtractionFailed) return fail(error.message);
    console.error("extraction: the engine failed", jobId, error);
    return fail("The manuscript could not be read.");
  }
  await db
    .update(extractionJobs)
    .set({ status: "complete", message: null, result: { ...toExtractedInfo(result), ...(file.kind === "blind_copy" ? { text: result.text } : {}) }, updatedAt: new Date() })
    .where(eq(extractionJobs.id, jobId));
  return "complete" as const;
}

/**
 * The result in the spec's shape (extractedInfo: title, abstract, authors with Name, Surname,
 * Affiliation, Department, Title, Country, email; keywords; references), with JEL codes, each
 * field's confidence and where it was found.
 */
export type ExtractedInfo = ReturnType<typeof toExtractedInfo>;

export function toExtractedInfo(r: ExtractionResult) {
  return {
    title: r.title.value,
    abstract: r.abstract.value,
    authors: r.authors.map((a) => ({
      Name: a.firstName,
      Surname: a.lastName,
      Affiliation: a.institution ?? a.affiliation,
      Department: a.department,
      Title: null,
      Country: a.country,
      CountryCode: countryCode(a.country),
      email: a.email,
      isCorresponding: a.isCorresponding,
      confidence: a.confidence,
      source: a.source,
    })),
    keywords: r.keywords.value,
    jel: r.jel.value,
    references: r.references,
    confidence: { title: r.title.confidence, abstract: r.abstract.confidence, keywords: r.keywords.confidence, jel: r.jel.confidence },
    sources: { title: r.title.source, abstract: r.abstract.source, keywords: r.keywords.source, jel: r.jel.source },
    kind: r.kind,
    pages: r.pages,
    stats: r.stats,
  };
}
