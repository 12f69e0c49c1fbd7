/**
 * The extraction consumer: runs the jobs named by the `extraction` queue's messages, and ends as
 * failed each job whose message used up its tries (the dead-letter queue). D1 or R2 trouble
 * leaves the job "extracting" and the message retried with a growing delay.
 */
import type { AiBinding } from "~/extraction/refine";
import { ExtractionMessageSchema, readMessage } from "~/server/queues/messages";
import type { Services } from "~/server/services.server";
import { failExtractionJob, runExtractionJob, STALLED_EXTRACTION_MESSAGE } from "./extraction-jobs.server";

export async function consumeExtractionJobs(batch: MessageBatch<unknown>, services: Pick<Services, "db" | "files">, ai?: AiBinding) {
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
      if (dead) await failExtractionJob(services, body.jobId, STALLED_EXTRACTION_MESSAGE);
      else await runExtractionJob({ ...services, ai }, body.jobId);
      message.ack();
    } catch (error) {
      console.error("extraction: job could not be recorded", body.jobId, error);
      message.retry({ delaySeconds: 30 * 2 ** Math.min(message.attempts - 1, 4) });
    }
  }
}
