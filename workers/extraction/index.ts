/**
 * The extraction Worker: consumes the `extraction` queue, reads each manuscript from R2, runs the
 * engine (app/extraction) and records the job's result or failure in D1. It only wires bindings.
 */
import type { AiBinding } from "../../app/extraction/refine";
import { failExtractionJob, runExtractionJob, STALLED_EXTRACTION_MESSAGE } from "../../app/models/extraction-jobs.server";
import { ExtractionMessageSchema, readMessage } from "../../app/server/queues/messages";
import { createConsumerServices } from "../../app/server/services.server";

type ExtractionEnv = { DB: D1Database; FILES: R2Bucket; AI?: AiBinding };

export default {
  async queue(batch: MessageBatch<unknown>, env: ExtractionEnv, ctx?: ExecutionContext) {
    const { db } = createConsumerServices(env, ctx ?? { waitUntil: () => {} });
    // A message that used up its tries (each stopped at the CPU limit, say) ends its job as failed.
    const dead = batch.queue.endsWith("-dlq");
    for (const message of batch.messages) {
      const body = readMessage(ExtractionMessageSchema, message.body, "extract");
      if (!body) {
        console.error("extraction: a message that is not a job was acknowledged", JSON.stringify(message.body)?.slice(0, 200));
        message.ack();
        continue;
      }
      try {
        if (dead) await failExtractionJob(db, body.jobId, STALLED_EXTRACTION_MESSAGE);
        else await runExtractionJob({ db, files: env.FILES, ai: env.AI }, body.jobId);
        message.ack();
      } catch (error) {
        // D1 or R2 trouble: the queue tries again later (the job stays "extracting").
        console.error("extraction: job could not be recorded", body.jobId, error);
        message.retry({ delaySeconds: 30 * 2 ** Math.min(message.attempts - 1, 4) });
      }
    }
  },
};
