/**
 * The extraction Worker: consumes the `extraction` queue, reads each manuscript from R2, runs the
 * engine (app/extraction) and records the job's result or failure in D1. It only wires bindings.
 */
import { createDb } from "../../app/db/client.server";
import type { AiBinding } from "../../app/extraction/refine";
import { failExtractionJob, runExtractionJob, STALLED_EXTRACTION_MESSAGE, type ExtractionMessage } from "../../app/models/extraction-jobs.server";

type ExtractionEnv = { DB: D1Database; FILES: R2Bucket; AI?: AiBinding };

export default {
  async queue(batch: MessageBatch<ExtractionMessage>, env: ExtractionEnv) {
    const db = createDb(env.DB);
    // A message that used up its tries (each stopped at the CPU limit, say) ends its job as failed.
    const dead = batch.queue.endsWith("-dlq");
    for (const message of batch.messages) {
      const jobId = typeof message.body?.jobId === "string" ? message.body.jobId : null;
      if (!jobId) {
        message.ack();
        continue;
      }
      try {
        if (dead) await failExtractionJob(db, jobId, STALLED_EXTRACTION_MESSAGE);
        else await runExtractionJob({ db, bucket: env.FILES, ai: env.AI }, jobId);
        message.ack();
      } catch (error) {
        // D1 or R2 trouble: the queue tries again later (the job stays "extracting").
        console.error("extraction: job could not be recorded", jobId, error);
        message.retry({ delaySeconds: 30 * 2 ** Math.min(message.attempts - 1, 4) });
      }
    }
  },
};
