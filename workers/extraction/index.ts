/**
 * The extraction Worker: consumes the `extraction` queue, reads each manuscript from R2, runs the
 * engine (app/extraction) and records the job's result or failure in D1. It only wires bindings.
 */
import type { AiBinding } from "../../app/extraction/refine";
import { consumeExtractionJobs } from "../../app/models/extraction-queue.server";
import { createConsumerServices } from "../../app/server/services.server";

type ExtractionEnv = { DB: D1Database; FILES: R2Bucket; AI?: AiBinding };

export default {
  async queue(batch: MessageBatch<unknown>, env: ExtractionEnv, ctx: Pick<ExecutionContext, "waitUntil">) {
    await consumeExtractionJobs(batch, createConsumerServices(env, ctx), env.AI);
  },
};
